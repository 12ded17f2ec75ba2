"""Values introduced by a cue phrase, whatever their case: what support tickets are made of.

* **Greetings and sign-offs**: ``hello stephen``, ``Best, Stephen``, ``un saludo, aurelio belmonte
  blanco``, ``Gracias de nuevo, Ana Noemí Rangel Alba``: a known first name right after a greeting
  or a sign-off (in lower case, capitals or title case), with the name words that follow it
  (known first names or surnames, or rare words).
* **Names in capitals**: ``BERNARDA ALCARAZ MANCEBO``: two to four words in capitals, the first a
  known first name and the others known names or rare words (acronyms and headings are not).
* **Log-in names**: ``I log in as humphriesd``, ``reset the password for daveyp``, ``find me on
  discord as tuckere``, ``mi usuario es lucia_ferrer``.
* **Ages of people**: ``my dad is 70``, ``I'm 74``, ``mi madre tiene 81``, ``my son turned 14``;
  said in words (``tengo ochenta y dos años``, not ``hace doce años``), in brackets or after a
  comma behind a name (``Mason (13)``, ``Terence Brennan, seventy-three,``).
* **Titles before a lower-case surname**: ``el administrador (sr. bermudez)``.
* **Jobs**: ``I'm a delivery driver``, ``I work as a facilities manager``, ``trabajo de agente de
  seguros``, ``soy estudiante de doctorado``: the phrase after the cue, kept only when one of its
  words is a job word (from Faker's job titles in en/es/fr/de, or a job suffix: -er, -or, -ist,
  -ero/-era, -ista, -ólogo/-óloga ...); without an article (``I am pastry chef``, ``as nanny``,
  ``Karen (shift supervisor)``) only a phrase headed by a job.

Scores are low (recall first) and every span loses an overlap to rules, keyed fields and the NER.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import ClassVar

from local_model.detection.base import Detector
from local_model.text.decoders import CARDINAL_WORDS, cardinal_value
from local_model.text.gazetteers import load_gazetteers, major_city
from local_model.text.lexicon import ES_STREET_PREFIXES, RELATION_WORDS, STREET_SUFFIXES, alternation
from local_model.text.textnorm import fold
from local_model.text.words import (
    EVERYDAY_JOBS,
    JOB_MODIFIERS,
    headed_by_job,
    is_dictionary_word,
    is_job_head,
    job_words,
    zipf,
)
from signatures.entities import Entity, Label

_GREETINGS = ("hello", "hi", "hey", "dear", "hiya", "morning", "good morning", "good afternoon", "good evening",
              "le escribe", "les escribe", "le saluda", "te escribe", "this is", "it's",
              "hola", "buenas", "buenos días", "buenos dias", "buenas tardes", "buenas noches", "querido",
              "querida", "estimado", "estimada", "bonjour", "salut", "hallo", "hoi", "beste", "geachte")  # fmt: skip
_SIGN_OFFS = ("regards", "best regards", "kind regards", "warm regards", "best wishes", "best", "thanks",
              "thank you", "many thanks", "thanks again", "cheers", "sincerely", "yours sincerely", "yours",
              "un saludo", "saludos", "un cordial saludo", "reciba un cordial saludo", "gracias",
              "muchas gracias", "gracias de nuevo", "gracias de antemano", "atentamente", "cordialmente",
              "un abrazo", "cordialement", "merci", "bien à vous", "grüße", "viele grüße", "mit freundlichen grüßen",
              "groeten", "met vriendelijke groet", "thx", "thnx", "thank u", "thanks so much", "thanks a lot",
              "saludos cordiales", "mil gracias", "un beso", "besos", "abrazos", "slds")  # fmt: skip
_NAME_WORD = r"(?:[A-Z]\.|[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]{1,30})"  # a name word, or an initial ("H.")
_GREETING_NAME = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(_GREETINGS)
    + r")[ \t]*[,:]?[ \t]+("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})"
)
_SIGN_OFF_NAME = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(_SIGN_OFFS)
    + r")(?![\w])[ \t]*[,.!:]?[ \t]*(?:\r?\n[ \t]*)?("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})"
)
# the message ends with the writer's name, alone after its last sentence or line, maybe with a
# phone number: "... costing me money. Gavin 0437 228 019", "... 37002 salamanca. Rubén"
_LAST_NAME = re.compile(
    r"(?:(?<=[.!?…)])[ \t]+|\n[ \t]*)[-–—~]*[ \t]*("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,2})[ \t.!]*(?:[ \t,]+\+?\d[\d \t().-]{6,20}\d)?[ \t.!]*\s*\Z"
)
#: the most frequent a lone word at the very end may be and still be read as a first name
_LAST_NAME_ZIPF = 4.6
# "acc holder jess tran", "name is adam król", "titular ivan sastre", "my wife is maureen hughes":
# after a word that introduces a person's name, name words in any case
_NAMED_AS = re.compile(
    r"(?i)(?<![\w])(?:(?:my |the |your )?name(?: is| should read| reads| on the account is)?|(?:account |acc )?holder|"
    r"(?:sur|first |last |family )name(?: is| spelt| spelled)?|apellidos?(?: es| son)?|"
    r"titular|a nombre de|mi nombre es|nombre(?: es)?|(?:my |mi )(?:wife|husband|partner|son|daughter|mother|father|"
    r"mum|mom|dad|mujer|marido|hijo|hija|madre|padre)(?: is| es| se llama)|se llama|customer|cliente)[ \t]*[:=]?[ \t]+("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})"
)
# "can you put paige bentley as a second contact", "añadir a verónica pacheco como persona de contacto"
_ADD_PERSON = re.compile(
    r"(?i)(?<![\w])(?:put|add|include|list|añadir a|añadid a|añadan a|poner a|pongan a|incluir a)[ \t]+("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})[ \t]+(?:as|como|to|en|on)\b"
)
# "in madison", "en villanueva de la serena", "moved to north watford": a known city in any case
_IN_PLACE = re.compile(
    r"(?i)(?<![\w])(?:in|en|from|desde|moved to|me mudé a|me mude a|vivo en|live in|living in|based in|"
    # weaker prepositions ("a lively discussion", "de casa"): before a capitalised name, or a city
    # rare as a word ("de logroño", "a ourense")
    r"(?P<weak>de|a|to|at|near|cerca de|hasta|hacia)|"
    r"(?<![\d])\d{5},?)[ \t]+"  # a postcode: "47001 Valladolid", "75011 Paris"
    r"(?P<place>[a-zà-ÿ][\wà-ÿ'’-]{2,25}"
    r"(?:[ \t](?:de |del |la |el |los |las |upon |on )?[a-zà-ÿ][\wà-ÿ'’-]{2,25}){0,2})"
)
_CAPS_NAME = re.compile(r"(?<![\w])[A-ZÀ-Þ]{2,20}(?:[ \t][A-ZÀ-Þ]{2,20}(?:-[A-ZÀ-Þ]{2,20})?){1,9}(?![\w])")
_LOGIN = re.compile(
    r"(?i)(?<![\w])(?:log(?:ged)? ?in as|sign(?:ed)? ?in as|my (?:user ?name|login|handle|user id) is|"
    r"(?:user ?name|login|user id|usuario|usuaria|nombre de usuario)[ \t]*[:=]|password for|contraseña de|"
    r"(?:user|usr|uid|agent|account|acct|usuario|login|owner)=|"
    r"[(\[]\s*(?:usuario|usuaria|user|login)|(?:el|mi) (?:usuario|login) (?:es|era)|"
    r"(?:on|in|en) (?:discord|reddit|twitter|x|instagram|tiktok|twitch|steam|github|gitlab|slack|teams|skype|"
    r"telegram|the app|the portal|la app|el portal) (?:as|como)|mi (?:usuario|nombre de usuario|login) es|"
    r"con el usuario|como usuario)(?:(?<==)|[ \t]+)@?([A-Za-z0-9][\w.\-]{2,40})"
)
# "el administrador (sr. bermudez)", "de la señora colom": a title in any case and a lower-case surname
_TITLE_NAME = re.compile(
    r"(?i)(?<![\w])(sr|sra|srta|don|doña|dña|señor|señora|señorita|mr|mrs|ms|dr|dra)(\.?)[ \t]+"
    r"(?-i:([a-zà-ÿ][\wà-ÿ'’-]{2,30}))(?![\w])"
)
#: "username a.mensah", "Account amir.h.sadeghi", "user lhoward pw ...": a key word and a value
#: shaped like a handle (a dot or underscore inside, or letters with digits)
_HANDLE_AFTER_KEY = re.compile(
    r"(?i)(?<![\w])(?:user ?name|user|account|acct|usuario|login|cuenta|handle|discord|gamertag|tag)[ \t]+"
    r"(?:is |es |was |era )?@?((?-i:[a-z][a-z0-9]*[._][a-z0-9._]*[a-z0-9]|[a-z]{2,}[0-9]+[a-z0-9]*|[a-z]{5,12}))"
    r"(?![\w@])"
)
_AGE = re.compile(
    r"(?i)(?<![\w])(?:(?:my|mi|his|her|our|su|nuestro|nuestra) (?:"
    + alternation(RELATION_WORDS)
    + r"|madre|padre|hijo|hija|abuelo|abuela|marido|mujer|hermano|hermana|mum|mom|dad|grandad|granny|nan)"
    r"(?: is| tiene| has just turned| turned| cumple| cumplió| acaba de cumplir)|i'm|i am|im|tengo|cumplo|"
    r"acabo de cumplir|i turned|i'll be|cumpliré|(?:he|she)(?:'s| is)|(?P<who>(?-i:[A-ZÀ-Þ][\w'’-]+)),? (?:is|tiene))"
    rf"[ \t]+(?P<age>\d{{1,3}}|{CARDINAL_WORDS})"
    # the number ends the clause, or says years: "I'm 74.", "my dad is 70, he ...", "tengo 81 y ..."
    r"(?=\s*(?:[.,;!?)]|$|and\b|y\b|but\b|pero\b|years?\b|años\b|yo\b|now\b|ahora\b))"
)
#: a number said in words with its unit: "tengo ochenta y dos años", "seventy-four years of age"
_AGE_IN_WORDS = re.compile(
    rf"(?i)(?<![\w-])({CARDINAL_WORDS})[ \t-]+(?:años|añitos|anos|years?(?:[ \t-]old| of age)?|yrs?|ans|jahre|jaar)"
    r"(?![\w])(?![ \t]+(?:ago|atrás|atras|later|después|despues)\b)"
)
_DURATION_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:hace|for|durante|during|over|within|after|tras|last|past|next|every|cada|en|in)[ \t]+$"
)
#: a street before the number: "Calle Alcalá, 28," is a house number
_STREET_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:" + alternation(sorted({*STREET_SUFFIXES, *ES_STREET_PREFIXES})) + r")\.?[ \t][^\n]*$"
)
#: an age written after a name: "Saoirse Kavanagh (11)", "oscar baptiste-nwosu (seven)",
#: "Terence Brennan, seventy-three,", "y ella Amparo Rincón, de 73."
_AGE_AFTER_NAME = re.compile(
    rf"(?i)(?<![\w])([^\W\d_][\w'’-]*)(?:[ \t]\((\d{{1,3}}|{CARDINAL_WORDS})\)"
    rf"|,[ \t]+(?:de[ \t]+|aged[ \t]+)?(\d{{1,3}}|{CARDINAL_WORDS})(?=[ \t]*(?:años[ \t]*)?(?:[.,;)]|and\b|y\b)))"
)
_JOB_CUE = re.compile(
    r"(?i)(?<![\w])(?:i'm an?|i am an?|i work as an?|i work as|i worked as an?|years as an?|as an?|"
    r"(?-i:[A-ZÀ-Þ][a-zà-ÿ'’-]+) (?:is|was) an?|"
    r"(?:he|she)(?:'s| is| was) an?|works? as an?|trabaja (?:de|como)|como|es (?:un|una)|"
    r"retired (?:as an?|from being an?)|my job is|my profession is|trabajo (?:de|como)|trabajé (?:de|como)|"
    r"soy (?:un|una)|de profesión|"
    r"mi (?:trabajo|profesión|puesto) es|soy)[ \t]+((?:[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*[ \t,]{1,2}){0,5}[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*"
    r"(?:[ \t]?\([^()\n]{1,30}\))?)"
)
#: a job with no article after a cue: "I am pastry chef", "as nanny", "es abogada laboralista",
#: "my work is kitchen porter", "el puesto de camarero", "Karen (shift supervisor)"
_JOB_BARE = re.compile(
    r"(?i)(?<![\w])(?:i'm|i am|im|as|es|my work is|my job is|mi trabajo es|puesto de|work as|trabajo como|"
    r"trabaja como|trabajo de|trabaja de)[ \t]+((?:[a-zà-ÿ][\wà-ÿ'’-]*[ \t]){0,3}[a-zà-ÿ][\wà-ÿ'’-]*)"
    r"|(?-i:[A-ZÀ-Þ][a-zà-ÿ'’-]+)[ \t]\(((?:[a-zà-ÿ][\wà-ÿ'’-]*[ \t]){0,3}[a-zà-ÿ][\wà-ÿ'’-]*)\)"
)
#: a job named by the post it is: "the Senior Data Engineer role", "a Care Assistant position",
#: "la plaza de auxiliar de enfermería", "la vacante de diseñadora"
_JOB_ROLE = re.compile(
    r"(?i)(?<![\w])(?:the|a|an|this|that|your|my)[ \t]+((?:[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*[ \t]){0,4}?[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*)"
    r"[ \t]+(?:role|position|post|job|vacancy|opening|placement|contract)(?![\w])"
    r"|(?<![\w])(?:plaza|vacante|oferta|puesto)[ \t]+de[ \t]+((?:[a-zà-ÿ][\wà-ÿ'’-]*[ \t]){0,3}[a-zà-ÿ][\wà-ÿ'’-]*)"
)
#: "of"/"at" before a capitalised word: the employer after a job ("partner of Hale"), not "Head of Sales"
_OF_NAME = re.compile(r"[ \t](?:of|at)[ \t](?=[A-ZÀ-Þ])")
#: a job in brackets after a name, in title case: "Yusuf Demir (HR Business Partner)"
_JOB_BRACKETED = re.compile(r"(?<=[a-zà-ÿ])[ \t]\(((?:[A-Z][\w&'’-]*[ \t]){0,4}[A-Z][\w'’-]*)\)")
#: a field of a signature, a form or a CSV line: between line breaks, pipes, tabs, commas, dashes
_SEGMENT = re.compile(
    r"(?:^|(?<=[\n|;,\t–—·•])|(?<= - ))[ \t]*([^\n|;,\t–—·•]{2,60}?)[ \t]*(?=$|[\n|;,\t–—·•]| - )", re.M
)
_TITLE_WORD = re.compile(r"[A-Za-zÀ-ÿ][a-zà-ÿA-Z'’&-]*|&")
_TITLE_CONNECTORS = frozenset({"of", "de", "del", "la", "el", "los", "las", "y", "and", "&", "en", "for", "du", "des"})
#: words of headings and form sections, never of a job title ("Student Details", "Aid Form")
_HEADING_WORDS = frozenset({
    "form", "forms", "details", "information", "info", "application", "applications", "data", "services",
    "section", "status", "summary", "report", "record", "records", "request", "profile", "account", "support",
    "grievance", "aid", "formulario", "datos", "solicitud", "informe", "registro", "formulaire", "antrag",
    "meeting", "meetings", "proposal", "schedule", "training", "course", "list",
})  # fmt: skip
_EVERYDAY = frozenset(fold(w) for w in EVERYDAY_JOBS)
_HEAD_OF = frozenset({"head", "jefe", "jefa", "director", "directora", "responsable", "chief", "vp", "lead"})
#: words that start a phrase, not a title ("your manager", "the driver", "mi jefe")
_NOT_A_TITLE = frozenset({
    "the", "a", "an", "my", "your", "our", "his", "her", "their", "this", "that", "to", "ask", "call", "and",
    "el", "la", "los", "las", "un", "una", "mi", "su", "tu", "nuestro", "nuestra", "al", "del", "y", "con",
    "le", "les", "mon", "ma", "der", "die", "das", "de", "het", "een", "dear", "hi", "hello", "hola", "thanks",
})  # fmt: skip
_JOB_STOP = re.compile(
    r"(?i)[ \t,]+(?:so|and|but|at|in|for|with|from|who|since|until|during|because|y|pero|en|para|con|desde|hasta|"
    r"durante|porque|que|et|und|en)\b.*$"
)
_JOB_SUFFIX = re.compile(
    r"(?i)(?:er|or|ist|ian|ant|ent|eer|ero|era|ista|ante|ente|ario|aria|ólogo|óloga|ologist|ógrafo|ógrafa|ico|ica|"
    r"ador|adora|edor|edora|idor|idora|ier|ière|eur|euse|ant|iste|ist)$"
)
_MIN_NAME_ZIPF = 5.0
_MAX_NAME_ZIPF = 5.5


class CueDetector(Detector):
    """Names, log-ins, ages and jobs introduced by a cue phrase (see the module docstring)."""

    name = "cues"
    labels = frozenset({Label.PERSON, Label.USERNAME, Label.AGE, Label.JOB, Label.CITY, Label.TITLE})
    sources: ClassVar[Mapping[str, int]] = {
        # a name right after a greeting or a sign-off outranks a town of the same name ("Olivo")
        "cue:greeting": 34,
        "cue:caps-name": 31,
        "cue:login": 30,
        "cue:age": 30,
        "cue:job": 24,
        "cue:place": 28,
    }

    def __init__(self) -> None:
        self._first, self._last, self._cities = load_gazetteers()[:3]

    def _name_words(self, words: list[str]) -> int:
        """How many of ``words`` form a name: a known first name first (a compound "carol-sarah"
        counts), then known names or rare words.  A very common word is a name only when
        capitalised ("Best, Grace"; not "best, grace")."""
        if not words:
            return 0
        head = words[0].split("-")[0]
        surname_follows = len(words) > 1 and all(p in self._last for p in fold(words[1]).split("-") if p)
        limit = _MAX_NAME_ZIPF if (not head.islower() or surname_follows) else _MIN_NAME_ZIPF
        if fold(head) not in self._first or zipf(head) >= limit:
            return 0
        n = 1
        for w in words[1:]:
            f = fold(w)
            parts = f.split("-")
            if all(p in self._first or p in self._last or zipf(p) < 3.0 for p in parts if p):
                n += 1
            else:
                break
        return n

    def _names(self, pattern: re.Pattern[str], text: str, source: str, strong: bool = False) -> Iterator[Entity]:
        """``strong``: the cue says a name follows ("surname spelt ..."), so a capitalised word that
        is no frequent word is one even when no list knows it ("PARTRIDGE")."""
        for m in pattern.finditer(text):
            words = m.group(1).split()
            n = self._name_words(words)
            if not n and strong and words[0][:1].isupper() and zipf(words[0]) < 4.5:
                n = 1
            if n:
                end = m.start(1) + len(" ".join(words[:n])) if "\t" not in m.group(1) else m.start(1) + len(words[0])
                yield Entity.make(text, m.start(1), end, Label.PERSON, 0.5, source)

    def _last_name(self, text: str) -> Iterator[Entity]:
        """The name that ends a message on its own: every word a name (a known first name first),
        a single word no frequent word ("... thanks. Gavin"; not "... see you in April")."""
        m = _LAST_NAME.search(text, max(0, len(text) - 160))
        if m is None:
            return
        words = m.group(1).split()
        if self._name_words(words) != len(words) or (len(words) == 1 and zipf(words[0]) >= _LAST_NAME_ZIPF):
            return
        yield Entity.make(text, m.start(1), m.end(1), Label.PERSON, 0.45, "cue:greeting")

    def _caps_names(self, text: str) -> Iterator[Entity]:
        """Names in capitals, also inside a run of capitals ("TITULAR CARMEN VIDAL PRIETO, TLF"):
        a known first name followed by name words, at least two of them."""
        for m in _CAPS_NAME.finditer(text):
            words = m.group().split()
            if self._name_words([w.capitalize() for w in words]) == len(words):
                yield Entity.make(text, m.start(), m.end(), Label.PERSON, 0.45, "cue:caps-name")
                continue
            offsets = [mm.start() for mm in re.finditer(r"\S+", m.group())]
            i = 0
            while i < len(words) - 1:
                if fold(words[i]) in self._first:
                    n = self._name_words([w.capitalize() for w in words[i:]])
                    if n >= 2:
                        start = m.start() + offsets[i]
                        end = m.start() + offsets[i + n - 1] + len(words[i + n - 1])
                        yield Entity.make(text, start, end, Label.PERSON, 0.45, "cue:caps-name")
                        i += n
                        continue
                i += 1

    def _places(self, text: str) -> Iterator[Entity]:
        for m in _IN_PLACE.finditer(text):
            words = m.group("place").split()
            for n in range(len(words), 0, -1):  # the longest known city name
                name = " ".join(words[:n])
                # a city or a province of the same name (Valladolid, Zaragoza are both)
                if self._cities.get(fold(name)) not in (Label.CITY, Label.STATE):
                    continue
                if m.group("weak") and name[0].islower() and not (zipf(name) < 3.0 or major_city(name)):
                    continue
                if n > 1 or zipf(name) < 4.5 or major_city(name):
                    yield Entity.make(
                        text, m.start("place"), m.start("place") + len(name), Label.CITY, 0.45, "cue:place"
                    )
                    break

    def _jobs(self, text: str) -> Iterator[Entity]:
        jobs = job_words()
        for m in _JOB_CUE.finditer(text):
            phrase = _JOB_STOP.sub("", m.group(1)).rstrip(" ,")
            of = _OF_NAME.search(phrase)
            if of and fold(phrase[: of.start()].split()[-1]) not in _HEAD_OF:
                phrase = phrase[: of.start()]  # "a founding partner of Hale, Moreno and Pratt": the firm is not the job
            words = [fold(w) for w in re.findall(r"[^\W\d_]{3,}", phrase)]
            named = fold(words[0]) in self._first if words else False
            if named and fold(words[0]) in JOB_MODIFIERS and len(words) > 1 and headed_by_job(words):
                named = False  # "as a junior analyst": a rank, not the name Junior
            if not words or (named and not (phrase.islower() and headed_by_job(words))):
                continue  # "soy Lucía": a name, not a job ("as a baker" is one)
            if any(w in jobs or (_JOB_SUFFIX.search(w) and zipf(w) < 4.0) for w in words):
                yield Entity.make(text, m.start(1), m.start(1) + len(phrase), Label.JOB, 0.4, "cue:job")
        for m in _JOB_BARE.finditer(text):
            group = 1 if m.group(1) else 2
            phrase = _JOB_STOP.sub("", m.group(group)).rstrip(" ,.")
            words = [fold(w) for w in phrase.split()]
            # no article: only a phrase headed by a job ("I am pastry chef", not "I am happy")
            if 1 <= len(words) <= 4 and headed_by_job(words) and not _NOT_A_TITLE.intersection(words):
                start = m.start(group)
                yield Entity.make(text, start, start + len(phrase), Label.JOB, 0.35, "cue:job")
        for m in _JOB_ROLE.finditer(text):
            group = 1 if m.group(1) else 2
            phrase = m.group(group)
            words = [fold(w) for w in phrase.split()]
            if headed_by_job(words) and words[0] not in _NOT_A_TITLE:
                start = m.start(group)
                yield Entity.make(text, start, start + len(phrase), Label.JOB, 0.35, "cue:job")
        for m in _JOB_BRACKETED.finditer(text):
            words = [fold(w) for w in m.group(1).split()]
            # one word may be a surname or a place ("(Smith)", "(Leeds)"): two or more, or a listed job
            if headed_by_job(words) and (len(words) > 1 or words[0] in _EVERYDAY or zipf(words[0]) < 4.0):
                yield Entity.make(text, m.start(1), m.end(1), Label.JOB, 0.35, "cue:job")

    def _job_titles(self, text: str) -> Iterator[Entity]:
        """Job titles standing as a field of their own: a signature line ("Practice Manager",
        "Senior Analyst, Finance Ops", "Jefa de Recursos Humanos", "Abogada – Becerra & Asociados"),
        a CSV or form cell ("...,2024-06-03,Backend Engineer").  The title's head word must be a
        job head (Faker's titles in four languages, everyday jobs); English puts it last ("Data
        Analyst"), Spanish and French first ("Técnica de logística"), "Head of ..." both."""
        for m in _SEGMENT.finditer(text):
            if text[m.end(1) : m.end(1) + 2].lstrip(" ").startswith(":"):
                continue  # "Guardian:", "inspector:": a form key, not a value
            raw = _JOB_STOP.sub("", m.group(1))
            phrase = raw.strip(" .:")
            words = phrase.split()
            if not 1 <= len(words) <= 5 or len(phrase) > 50 or not all(_TITLE_WORD.fullmatch(w) for w in words):
                continue
            folded = [fold(w) for w in words]
            ranked = len(folded) > 1 and folded[0] in JOB_MODIFIERS  # "Junior Analyst": no name Junior
            if folded[0] in _NOT_A_TITLE or (folded[0] in self._first and not ranked):
                continue
            if _HEADING_WORDS.intersection(folded) and not is_job_head(folded[-1]):
                continue  # "Student Details" is a heading; "Data Analyst", "Support Engineer" are jobs
            if len(words) == 1 and words[0].islower() and folded[0] not in _EVERYDAY:
                continue  # "students, staff, and visitors": a lower-case word in a list
            content = [w for w in words if fold(w) not in _TITLE_CONNECTORS]
            whole_field = len(words) <= 3 or all(w[0].isupper() for w in content)
            head_of = len(folded) > 2 and folded[1] in ("of", "de", "del") and folded[0] in _HEAD_OF
            acronym = len(words) > 1 and len(words[0]) >= 2 and words[0].isupper()  # "IT Service Desk Analyst"
            if not (headed_by_job(folded) or head_of) or not whole_field or (zipf(words[0]) >= 6.0 and not acronym):
                continue
            start = m.start(1) + raw.index(phrase)
            yield Entity.make(text, start, start + len(phrase), Label.JOB, 0.4, "cue:job")

    def _ages(self, text: str) -> Iterator[Entity]:
        for m in _AGE.finditer(text):
            who = m.group("who")
            if who is not None and not (fold(who) in self._first and zipf(who) < 5.0):
                continue  # "Ruby, is 4" is an age; "Windows is 10." is not
            if 0 < _number(m.group("age")) <= 120:
                yield Entity.make(text, m.start("age"), m.end("age"), Label.AGE, 0.6, "cue:age")
        for m in _AGE_IN_WORDS.finditer(text):
            if _DURATION_BEFORE.search(text, max(0, m.start() - 16), m.start()):
                continue  # "hace doce años", "for twenty years": a duration, not an age
            if 0 < _number(m.group(1)) <= 120:
                yield Entity.make(text, m.start(), m.end(), Label.AGE, 0.55, "cue:age")
        for m in _AGE_AFTER_NAME.finditer(text):
            group = 2 if m.group(2) else 3
            word = m.group(1)
            parts = [p for p in fold(word).split("-") if p]
            # a known name that is no frequent word ("Page (3)", "Street (2)" are not ages)
            named = any(p in self._first or p in self._last for p in parts) and zipf(word) < 4.5
            # in brackets a rare capitalised word is a name too ("Aram (3)"); after a comma only a
            # known name ("Calle Alcalá, 28," is a house number)
            if not (named or (group == 2 and word[0].isupper() and zipf(word) < 4.0)):
                continue
            if group == 3 and _STREET_BEFORE.search(text, max(0, m.start() - 40), m.start(group)):
                continue
            if 0 < _number(m.group(group)) <= 120:
                yield Entity.make(text, m.start(group), m.end(group), Label.AGE, 0.5, "cue:age")

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out = list(self._names(_GREETING_NAME, text, "cue:greeting"))
        out += self._names(_SIGN_OFF_NAME, text, "cue:greeting")
        out += self._last_name(text)
        out += self._names(_ADD_PERSON, text, "cue:greeting")
        out += self._names(_NAMED_AS, text, "cue:greeting", strong=True)
        out += self._caps_names(text)
        out += self._places(text)
        out += self._job_titles(text)
        for m in _LOGIN.finditer(text):
            value = m.group(1).rstrip(".")
            if zipf(value) < 4.0 and not value.isdigit():
                out.append(Entity.make(text, m.start(1), m.start(1) + len(value), Label.USERNAME, 0.55, "cue:login"))
        for m in _HANDLE_AFTER_KEY.finditer(text):
            value = m.group(1).rstrip(".")
            if zipf(value) < 3.0 and not is_dictionary_word(value):
                out.append(Entity.make(text, m.start(1), m.start(1) + len(value), Label.USERNAME, 0.5, "cue:login"))
        out += self._ages(text)
        for m in _TITLE_NAME.finditer(text):
            name = fold(m.group(3))
            if (name in self._last or name in self._first) and zipf(m.group(3)) < 4.5:
                out.append(Entity.make(text, m.start(1), m.end(2), Label.TITLE, 0.5, "cue:greeting"))
                out.append(Entity.make(text, m.start(3), m.end(3), Label.PERSON, 0.5, "cue:greeting"))
        out += self._jobs(text)
        return out


def _number(value: str) -> int:
    """An age as digits or words ("74", "seventy-four"); 0 when it is neither."""
    if value.isdigit():
        return int(value)
    return cardinal_value(value) or 0
