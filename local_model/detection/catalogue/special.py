"""Special-category rules (GDPR art. 9): health, religion, politics, sexual orientation, ethnic origin.

A term from these lists is personal data only when it is said *of a person*: "I have
diabetes", "my son was diagnosed with autism", "la patiente est enceinte" -- not "what is
diabetes?".  So a term is reported only when its sentence also holds a personal anchor:
a first-person pronoun or possessive, a relation word ("my wife"), a third-person
pronoun, "patient", or a capitalised name right before it.  For health the whole text is the
context: once a text is about someone, its conditions, treatments and medicines (the medicine
names of :mod:`local_model.text.medications`) are theirs wherever they stand.  Cue phrases
("diagnosed with ...", "suffers from ...", "member of the ... party") report the phrase
that follows them even when it is not in the lists.  en/es/fr/de/nl.

Whether a text is about someone is computed once per text (:meth:`Scan.memo`, key
``about_someone``) and read by every rule that needs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from local_model.detection.catalogue.base import Example, Family, Finder, Hit, Rule, Scan, pattern_finder
from local_model.detection.catalogue.calibration import ZIPF
from local_model.text import regex_cache
from local_model.text.decoders import CARDINAL_WORDS
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lang import RULE_PACKS, confident_pack, guess_pack, rule_pack
from local_model.text.lexicon import RELATION_WORDS, alternation, lexicon_pattern
from local_model.text.lexicons import LANGUAGES, pairs, words
from local_model.text.medications import find_medications
from local_model.text.special_terms import (
    BODY_PARTS,
    ETHNICITY_COLOURS,
    ETHNICITY_TERMS,
    HEALTH_HEADS,
    HEALTH_MODIFIERS,
    HEALTH_TERMS,
    NEUTRAL_PARTNER_WORDS,
    ORIENTATION_TERMS,
    PARTNER_WORDS,
    POLITICS_TERMS,
    RELIGION_PLACES,
    RELIGION_TERMS,
    SYMPTOM_WORDS,
)
from local_model.text.special_vocab import POLITICAL_PARTIES
from local_model.text.textnorm import fold, strip_marks
from local_model.text.words import is_dictionary_word, zipf, zipf_in
from signatures.entities import Label

_TERMS = [(Label.HEALTH, HEALTH_TERMS), (Label.RELIGION, RELIGION_TERMS),
          (Label.SEXUAL_ORIENTATION, ORIENTATION_TERMS), (Label.POLITICS, POLITICS_TERMS)]  # fmt: skip
_TERMS.append((Label.ETHNICITY, ETHNICITY_TERMS))
#: terms matched on the text with its accents removed (:func:`strip_marks`): "traumatologo",
#: "OXIGENO", "degeneracion macular" are the same words
_TERM_RE = {
    label: regex_cache.compile(rf"(?i)(?<![\w-])(?:{alternation(sorted({strip_marks(w) for w in words}))})(?![\w-])")
    for label, words in _TERMS
}
# "we're Black", "I am mixed race", "a heavy-set white male", "soy negra": a colour said of someone
_COLOUR = re.compile(
    r"(?i)(?<![\w])(?:(?:i'm|i am|we're|we are|he's|he is|she's|she is|soy|somos)[ \t]+"
    r"(?:an?[ \t]+|una?[ \t]+)?(" + alternation(ETHNICITY_COLOURS) + r")(?![\w])(?![ \t]+(?:and|or|y|o)[ \t]+\w+[ \t]+"
    r"(?:shirt|car|dress|coche|camisa))"
    r"|(" + alternation(ETHNICITY_COLOURS) + r")[ \t]+(?:male|female|man|woman|men|women|guy|lady|boy|girl|family|"
    r"hombre|mujer|chico|chica|señor|señora)(?![\w]))"
)
# "lower back pain", "chest bruising", "knee surgery"; "dolor de rodilla", "lesión en el hombro"
_SYMPTOM = re.compile(
    r"(?i)(?<![\w])(?:(?:" + alternation(BODY_PARTS) + r")[ \t]+(?:" + alternation(SYMPTOM_WORDS) + r")"
    r"|(?:" + alternation(SYMPTOM_WORDS) + r")[ \t]+(?:de|en|del)[ \t]+(?:(?:la|el|los|las|mi|su)[ \t]+)?"
    r"(?:" + alternation(BODY_PARTS) + r"))(?![\w])"
)
# "Ménière's disease", "Bell's palsy", "Graves' disease", "enfermedad de Crohn", "síndrome de Down"
_EPONYM = re.compile(
    r"(?<![\w])(?:[A-ZÀ-Þ][\wà-ÿ-]+(?:['’]s?)[ \t](?i:disease|syndrome|palsy|disorder|lymphoma|sarcoma|phenomenon)"
    r"|(?i:enfermedad|síndrome|sindrome|mal|maladie|syndrome|ziekte)[ \t]+(?:de[ \t]+|d['’]|van[ \t]+)"
    r"(?-i:[A-ZÀ-Þ][\wà-ÿ-]+)|(?i:morbus)[ \t]+(?-i:[A-ZÀ-Þ][\wà-ÿ-]+))(?![\w])"
)
# "allergic to sulfa", "alérgica a la penicilina", "allergy to nuts": what follows is a health fact
_ALLERGY = re.compile(
    r"(?i)(?<![\w])(?:allergic to|allergy to|allergies to|alérgic[oa] a(?:l| la| los| las)?|"
    r"alergia a(?:l| la| los| las)?|allergique (?:à|au|aux)|allergisch (?:gegen|voor))[ \t]+"
    r"((?:[\w'’-]+[ \t]?){1,3}?)(?=[.,;:!?\n)]|$| and | y | et | und | en )"
)
# "Glycomet 500", "sertralina 50 mg": a medicine's dose or strength goes with it
_DOSE = re.compile(r"[ \t]?\d{1,4}(?:[.,]\d{1,2})?[ \t]?(?:mg|mcg|µg|g|ml|iu|ui|units?|mg/ml)?(?![\w])")
# "parroquia de San Lorenzo", "iglesia de Santa María", "mosque on Hyde Road" is not: a name after it
_WORSHIP_NAME = re.compile(
    r"[ \t]+(?:(?:de|del|de la|of|of the)[ \t]+)?((?:San|Santa|Santo|Sant|St\.?|Saint|Nuestra|Our|Holy|Sagrada|"
    r"Sagrado|Virgen|[A-ZÀ-Þ][\w'’-]+)(?:[ \t]+(?:de|del|la|el|of|the|[A-ZÀ-Þ][\w'’-]+)){0,4})"
)

_ANCHOR = re.compile(
    r"(?i)(?<![\w])(?:i|i'm|im|i've|i'd|me|my|mine|myself|we|our|us|he|she|his|her|him|hers|they|their|"
    r"patient|patients|client|"
    r"yo|mi|mis|me|nosotros|él|ella|su|sus|paciente|"
    # Spanish drops the pronoun: first-person verb forms anchor the sentence to the writer
    r"tengo|padezco|sufro|estoy|soy|tuve|estuve|tomo|voy|trabajo|vivo|necesito|llevo|sigo|hago|paso|"
    r"rezo|acudo|asisto|practico|celebro|ayuno|uso|recibo|empiezo|termino|puedo|miro|"
    r"estamos|tenemos|somos|vamos|necesitamos|queremos|hacemos|llevamos|"
    # a third person ("le dan ...") and what someone asks of the writer ("quiere que lleve ...")
    r"le|les|que lleve|que tome|que haga|que vaya|que siga|que deje|"
    r"je|j'ai|j'|moi|mon|ma|mes|nous|notre|il|elle|sa|ses|patient|patiente|"
    r"ich|mich|mir|mein|meine|meinen|meinem|wir|unser|er|sie|sein|seine|ihr|ihre|patientin|"
    r"ik|mij|me|mijn|wij|we|ons|onze|hij|zij|ze|zijn|haar|" + alternation(RELATION_WORDS) + r")(?![\w])"
)
#: people a record or a ticket is about, by their role: they anchor a whole text, not a sentence
#: ("User is hard of hearing"; but "Student Support: Mental Health Services" names a service)
_ROLE_ANCHOR = re.compile(
    r"(?i)(?<![\w])(?:customer|caller|user|resident|member|employee|student|pupil|usuario|usuaria|cliente|"
    r"empleado|empleada|alumno|alumna|residente|socio|socia)(?![\w])"
)
_CUE = re.compile(
    r"(?i)(?<![\w])(?:diagnosed with|suffers? from|suffering from|treated for|is being treated for|"
    r"tested positive for|was prescribed|takes medication for|diagnostiqué(?:e)? (?:avec|d'un|d'une)|"
    r"souffre d[e']|atteint(?:e)? d[e']|diagnostiziert mit|leidet an|leidet unter|"
    r"gediagnosticeerd met|lijdt aan|diagnosticad[oa] con|sufre de|padece|me diagnosticaron|le diagnosticaron)[ \t]+"
    r"((?:[\w'’-]+[ \t]?){1,4}?)(?=[.,;:!?\n)]|$| and | y | et | und | en )"
)
#: the words of membership or vote both party rules read before a party
_MEMBERSHIP = (
    r"member of|supporter of|i vote(?:d)? for|voted for|voto (?:a|al)|afiliad[oa] (?:a|al)|militante de|membre du|"
    r"adhérent du|mitglied der|lid van"
)
_PARTY = re.compile(
    rf"(?i)(?<![\w])(?:{_MEMBERSHIP}|campaign(?:ing)? for|canvass(?:ing)? for|hago campa[ñn]a (?:para|por)|"
    r"vot[ée] (?:a|al)|simpatizante (?:de|del)|miembro del|militante del)[ \t]+"
    r"((?:the[ \t]+|de[ \t]+|het[ \t]+)?(?:(?-i:[A-ZÀ-Þ])[\w'’-]*[ \t]?){1,4}"
    r"(?:party|partido|parti|partei|partij)?)"
)
#: trade-union membership and a party role (special categories in GDPR art. 9): "his Unite rep",
#: "afiliada a CCOO", "the Labour candidate", "delegado sindical", "strike ballot"
_UNIONS = (
    "Unite", "Unison", "GMB", "RMT", "NEU", "UCU", "CWU", "USDAW", "PCS", "NASUWT", "RCN", "Teamsters", "SEIU",
    "UAW", "AFL-CIO", "CCOO", "CC.OO.", "UGT", "CGT", "CNT", "CSIF", "USO", "ELA", "CFDT", "FNV", "ver.di",
    "IG Metall",
)  # fmt: skip
_UNION = re.compile(
    r"(?<![\w])(?:(?:" + alternation(_UNIONS) + r")(?:[ \t]+union)?[ \t]+(?:rep|reps|representative|steward|"
    r"member|membership|delegate|official|branch)|(?i:(?:trade[ \t]+)?union[ \t]+(?:rep|representative|"
    r"membership|steward)|shop[ \t]+steward|strike[ \t]+ballot|delegad[oa][ \t]+sindical|afiliad[oa][ \t]+"
    r"(?:a|al)[ \t]+(?:sindicato|CCOO|UGT|CGT|CNT)|representante[ \t]+sindical|comité[ \t]+de[ \t]+huelga))(?![\w])"
)
_PARTY_ROLE = re.compile(
    r"(?<![\w])(?:Labour|Conservative|Tory|Lib Dem|Liberal Democrat|Green Party|Reform UK|SNP|Plaid|Democratic|"
    r"Republican|Sinn Féin|Fianna Fáil|Fine Gael)[ \t]+(?:candidate|councillor|councilor|MP|MSP|activist|"
    r"volunteer|canvasser|member|delegate|agent|organi[sz]er)s?(?![\w])"
)
#: health said by what it brings: "because of my falls", "had two falls", "my AA sponsor"
_HEALTH_PHRASE = re.compile(
    r"(?i)(?<![\w])(?:(?:my|his|her|their|recent|repeated|frequent|recurrent|several|two|three|a few|had a few|"
    r"had two|had three)[ \t]+falls|(?:my|his|her|their|mi|su)[ \t]+(?:AA|NA|CA|GA)[ \t]+(?:sponsor|meetings?|"
    r"group)|alcoholics[ \t]+anonymous|narcotics[ \t]+anonymous|alcohólicos[ \t]+anónimos|narcóticos[ \t]+"
    r"anónimos|grado[ \t]+(?:I{1,3}|[123])[ \t]+de[ \t]+dependencia|grado[ \t]+de[ \t]+dependencia|"
    r"incapacidad[ \t]+permanente(?:[ \t]+(?:absoluta|total|parcial))?|gran[ \t]+invalidez|discapacidad[ \t]+"
    r"del?[ \t]+\d{1,3}[ \t]?%|\d{1,3}[ \t]?%[ \t]+de[ \t]+discapacidad|ill[ -]health[ \t]+retirement|"
    r"registered[ \t]+(?:blind|disabled|partially[ \t]+sighted))(?![\w])"
)
_SENTENCE_END = re.compile(r"[.!?\n]")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’-]*)[ \t]+$")
_HEAD_BEFORE = re.compile(r"([^\W\d_][\w'’-]*)[ \t]+(?:de la|de las|de los|del|de|for|of)[ \t]+$")
_WORD_AFTER = re.compile(r"[ \t]+([^\W\d_][\w'’-]*)")
# "38 weeks pregnant", "seven months pregnant", "24 semanas de embarazo"
_TERM_BEFORE = re.compile(
    rf"(?i)(?<![\w])(?:\d{{1,2}}|{CARDINAL_WORDS})[ \t]+((?:weeks?|months?|semanas?|meses)[ \t]+)?$"
)
_DURATION_WORD = re.compile(r"(?i)(?:weeks?|months?|semanas?|meses)(?![\w])")
# "cirugía de cataratas", "embarazada de 6 meses", "discapacidad del 33%", "muela del juicio", "type 1"
_COMPLEMENT = re.compile(
    r"(?i)[ \t]+(?:(?:de la|de las|de los|del|de|of the|of)[ \t]+(?:(?:\d{1,3}[ \t]?%|\d{1,2}[ \t]+(?:meses|semanas|"
    r"months|weeks))(?![\w])|([^\W\d_][\w'’-]*))|(?:type|tipo|grade|grado|stage|estadio)[ \t]+(?:\d|[IV]{1,3})(?![\w]))"
)
#: "living with rheumatoid arthritis", "recovering from a stroke": the phrase says it is someone's
_LIVING_WITH = re.compile(
    r"(?i)(?:living with|lives with|battling|recovering from|managing|coping with|since (?:my|his|her)|"
    r"vivo con|vive con|convivo con|convive con|lucho contra|me recupero de|desde (?:mi|su))"
    r"\s+(?:a |an |the |una |un |la |el |my |mi |his |her |su )?$"
)


def _sentence(text: str, start: int, end: int) -> str:
    left = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, start - 300), start)), default=max(0, start - 300))
    right_m = _SENTENCE_END.search(text, end, min(len(text), end + 300))
    right = right_m.start() if right_m else min(len(text), end + 300)
    return text[left:right]


_SUBJECT = re.compile(r"([A-ZÀ-Þ][a-zà-ÿ]+) (?:is|has|was|had|est|a|ist|hat|war|es|tiene|heeft)\b")


def _named_subject(sentence: str) -> bool:
    """ "Maria has asthma": a capitalised subject that is not a common word ("What is ...")."""
    first = load_gazetteers()[0]
    return any(
        zipf(w) < ZIPF["named_subject_rare"] or (fold(w) in first and zipf(w) < ZIPF["named_subject_name"])
        for w in _SUBJECT.findall(sentence)
    )


_CAP_NAME = r"(?-i:([A-ZÀ-Þ][a-zà-ÿ]{1,20}))"
_SELF_NAME = re.compile(
    r"(?i)(?<![\w])(?:i'm|i am|my name is|this is|me llamo|soy|mi nombre es|je m'appelle|je suis|ich bin|"
    r"ich heiße|ik ben|ik heet)[ \t]+" + _CAP_NAME
)
#: where else a message names its writer: "under my name, Megan Hollis", "mi marido y yo, Facundo
#: Ríos", "y yo Lorena Vidal" (a full name: a surname follows), the applicant's field of a form
_WRITER_NAME = re.compile(
    r"(?i)(?<![\w])(?:(?:under )?my name|mi nombre|(?<=[,.;(] )name|y yo|and i|et moi|und ich|en ik)"
    r"[ \t]*[,:]?[ \t]+(?:is |es |was )?" + _CAP_NAME + r"(?=[ \t]+[A-ZÀ-Þ])"
)
_WRITER_FIELD = re.compile(
    r"(?im)^[ \t]*(?:full name|name|your name|nombre(?: y apellidos| completo)?|(?:main )?applicant(?: 1)?|"
    r"solicitante|nom|vorname|naam)[ \t]*:[ \t]*" + _CAP_NAME
)
#: the writer signs: "Thanks, Daniel Okoro", "- Kieran Walsh" at the end of a line
_SIGNED = re.compile(
    r"(?i)(?<![\w])(?:thanks|thank you|many thanks|regards|best wishes|cheers|saludos|un saludo|gracias|"
    r"atentamente|cordialement|merci|grüße|groeten)[ \t]*[,!.]?[ \t]*(?:\r?\n[ \t]*)?"
    + _CAP_NAME
    + r"|(?m:(?:^|[ \t])[-–—][ \t]*"
    + _CAP_NAME
    + r"(?:[ \t]+[A-ZÀ-Þ][\w'’-]*){0,2}[ \t]*$)"
)
_PARTNER = re.compile(
    r"(?i)(?<![\w])(?:my|mi|mon|ma|mein|meine|meinen|mijn|tengo|tengo un|tengo una|ich habe einen|ich habe eine|"
    r"j'ai un|j'ai une|ik heb een)[ \t]+("
    + alternation(PARTNER_WORDS)
    + "|"
    + alternation(NEUTRAL_PARTNER_WORDS)
    + r")(?![\w])"
)
#: the partner's own name next to a partner word: "my partner Tyler Reyes", "Hannah is my partner"
_NAME_AFTER = re.compile(r"[ \t]*,?[ \t]*" + _CAP_NAME)
_NAME_BEFORE = re.compile(_CAP_NAME + r"[ \t]+(?:is|es|est|ist)[ \t]+$")
#: the pronoun for the partner ("sie", "zij" are also "they": left out)
_PRONOUN_AFTER = re.compile(r"(?i)[^.!?\n]{0,40}?(?<![\w])(he|his|him|she|her|él|ella|il|elle|er|hij)(?![\w])")
_PRONOUN_GENDER = {"he": "male", "his": "male", "him": "male", "él": "male", "il": "male", "er": "male", "hij": "male",
                   "she": "female", "her": "female", "ella": "female", "elle": "female"}  # fmt: skip
#: a third person's partner of the same gender: "with his husband Dev", "her wife, Ana"
_THIRD_PARTNER = re.compile(
    r"(?i)(?<![\w])(?:his[ \t]+(?:husband|boyfriend|fiancé|fiance)"
    r"|her[ \t]+(?:wife|girlfriend|fiancée|fiancee))(?![\w])"
)


_OTHER_SENSE = frozenset({"stroke", "surgery", "handicap", "radiation", "gafas", "terapia", "stress", "estrés"})


@lru_cache(maxsize=1)
def _ambiguous_health() -> frozenset[str]:
    """Health terms that are also everyday words ("add", "ms", "tea", "als" as short words;
    "stroke", "surgery", "handicap" in another sense): only a sentence about someone makes them
    personal."""
    short = {t for t in HEALTH_TERMS if " " not in t and len(t) <= 4 and zipf(t) >= ZIPF["health_short_term"]}
    return frozenset(short | _OTHER_SENSE)


@lru_cache(maxsize=1)
def _genders() -> Any:
    from gender_guesser.detector import Detector as GenderDetector

    return GenderDetector(case_sensitive=False)


@lru_cache(maxsize=1)
def _world_genders() -> dict[str, str]:
    """Given names from outside the gender-guesser list (Turkish, Polish, Nigerian ...) -> gender."""
    return {fold(name): gender for name, gender in pairs("first_name_genders", ["mul"], required=False)}


def _gender_of(name: str) -> str | None:
    # the project's list first: it holds the names of its origins that gender-guesser genders the other way
    # (Turkish "Arda", "Isa"; Catalan "Adrià", "Martí")
    guess = _world_genders().get(fold(name), "unknown")
    if guess == "unknown":
        guess = _genders().get_gender(name)
    if guess == "unknown" and not name.isascii():
        guess = _genders().get_gender(strip_marks(name))  # "Étienne"
    guess = guess.replace("mostly_", "")
    return guess if guess in ("male", "female") else None


def _writer_gender(text: str) -> str | None:
    """The gender of the writer's first name, where the message names its writer (a
    self-introduction, "under my name, X", a signature, the applicant's field) and every such
    name agrees."""
    names = [m.group(1) for m in _SELF_NAME.finditer(text)]
    names += [m.group(1) for m in _WRITER_NAME.finditer(text)]
    names += [m.group(1) for m in _WRITER_FIELD.finditer(text)]
    names += [m.group(1) or m.group(2) for m in _SIGNED.finditer(text)]
    genders = {_gender_of(n) for n in names}
    if len(genders) != 1:
        return None  # nobody, or a name no list can gender, or names that disagree
    return next(iter(genders))


def _partner_gender(text: str, m: re.Match[str]) -> str | None:
    word = fold(m.group(1))
    # the partner's name next to the word ("my partner Tyler Reyes", "Hannah is my partner")
    named = None
    after = _NAME_AFTER.match(text, m.end())
    before = _NAME_BEFORE.search(text, max(0, m.start() - 30), m.start())
    for found in (after, before):
        if found is not None and zipf(found.group(1)) < ZIPF["partner_name"]:
            named = _gender_of(found.group(1))
            if named is not None:
                break
    if word in PARTNER_WORDS:
        # a gendered word and a name of the other gender ("my wife Roger"): no reading at all
        return PARTNER_WORDS[word] if named in (None, PARTNER_WORDS[word]) else None
    if named is not None:
        return named
    pronoun = _PRONOUN_AFTER.match(text, m.end())
    return _PRONOUN_GENDER.get(pronoun.group(1).lower()) if pronoun is not None else None


def _same_sex_partner(text: str) -> Iterator[tuple[int, int]]:
    """ "I'm Marco and my husband ...", "Hannah is my partner" from Jessica: the writer's name and
    the partner's (the partner word's gender, the partner's name or the pronoun for them) of the
    same gender reveal the writer's sexual orientation; the partner phrase is the span."""
    partners = list(_PARTNER.finditer(text))
    if not partners:
        return
    writer = _writer_gender(text)
    if writer is None:
        return
    for m in partners:
        if _partner_gender(text, m) == writer:
            yield m.start(), m.end()


def _grow_health(text: str, start: int, end: int) -> tuple[int, int]:
    """A health term with the words that make it precise ("severe overbite", "hip fracture",
    "ACL reconstruction", "cirugía de cataratas", "38 weeks pregnant", "diabetes type 1"): up to
    two modifiers before it, a head word or a complement after it."""
    for _ in range(2):
        before = _WORD_BEFORE.search(text, max(0, start - 30), start)
        if before is None or before.group(1).lower() not in HEALTH_MODIFIERS:
            break
        start = before.start(1)
    head = _HEAD_BEFORE.search(text, max(0, start - 40), start)
    if head is not None and head.group(1).lower() in HEALTH_HEADS:
        start = head.start(1)  # "operación de cataratas", "surgery for glaucoma"
    weeks = _TERM_BEFORE.search(text, max(0, start - 40), start)
    if weeks is not None and (weeks.group(1) or _DURATION_WORD.match(text, start)):
        start = weeks.start()
    for _ in range(2):
        after = _WORD_AFTER.match(text, end)
        if after is not None and (after.group(1).lower() in HEALTH_HEADS or after.group(1).lower() in BODY_PARTS):
            end = after.end(1)
            continue
        complement = _COMPLEMENT.match(text, end)
        word = complement.group(1) if complement is not None else None
        if complement is None or (word is not None and not _health_word(word)):
            break
        end = complement.end()
    return start, end


@lru_cache(maxsize=4096)
def _health_word(word: str) -> bool:
    """A word a health phrase can end in: a health term, a modifier or a body part."""
    lower = word.lower()
    return lower in HEALTH_MODIFIERS or lower in HEALTH_HEADS or _TERM_RE[Label.HEALTH].fullmatch(word) is not None


def _about_someone(text: str) -> bool:
    """The text is about a person: a pronoun, a relation, a role word or a named subject."""
    return _ANCHOR.search(text) is not None or _ROLE_ANCHOR.search(text) is not None or _named_subject(text)


_WORSHIP = frozenset(fold(w) for w in RELIGION_PLACES)
_CONNECTOR_TAIL = re.compile(r"(?:[ \t]+(?:de|del|la|el|of|the))+$")


def _trim_connectors(name: str) -> str:
    return _CONNECTOR_TAIL.sub("", name)


def _personal(text: str, start: int, end: int, about_someone: bool) -> bool:
    if about_someone or _LIVING_WITH.search(text, max(0, start - 30), start) is not None:
        return True
    sentence = _sentence(text, start, end)
    return _ANCHOR.search(sentence) is not None or _named_subject(sentence)


def _about(scan: Scan) -> bool:
    return scan.memo("about_someone", _about_someone)


def _term_finder(label: Label) -> Finder:
    """The terms of ``label`` said of a person.  Health is personal as soon as the text is about
    someone: a ticket, a form or a record names its person once ("Patient: ...", "mi madre ...")
    and its conditions, treatments and medicines anywhere ("Medical alerts: eczema", "Tiene
    demencia"); a text with no person at all ("what is diabetes?") stays untouched."""
    pattern = _TERM_RE[label]

    def find(scan: Scan) -> Iterator[Hit]:
        text = scan.text
        about_someone = _about(scan)
        ambiguous = _ambiguous_health()
        plain = scan.memo("strip_marks", strip_marks)
        for m in pattern.finditer(plain):
            found = text[m.start() : m.end()]
            # "Mental Health Assessment", "Oncology Services": a term in title case names a
            # department or a form; only its own sentence can make it someone's
            title_case = " " in found and all(w[:1].isupper() for w in found.split())
            whole_text = about_someone and label == Label.HEALTH and not title_case
            word = found.lower()
            if label == Label.HEALTH and word in ambiguous:
                if len(word) <= 4 and zipf(word) >= ZIPF["health_word_sense"] and not found.isupper():
                    continue  # "add", "ms", "tea", "als" as words; "ADD", "MS", "TEA" as conditions
                whole_text = False  # "surgery", "pregnant": their own sentence must be about someone
            if _personal(text, m.start(), m.end(), whole_text):
                start, end = m.span()
                if label == Label.HEALTH:
                    start, end = _grow_health(text, start, end)
                elif label == Label.RELIGION and fold(word) in _WORSHIP:
                    name = _WORSHIP_NAME.match(text, end)
                    if name is not None:
                        end = name.start(1) + len(_trim_connectors(name.group(1)))
                if (lang := scan.memo("confident_pack", confident_pack)) is not None:
                    start, end = _grow_clause(text, start, end, lang)  # "sono in terapia con il litio"
                yield Hit(start, end, label, 0.5)

    return find


#: a one-word medicine name this frequent in a pack's language is that language's word
_PACK_MEDICINE = ZIPF["pack_medicine_word"]


def _find_medications(scan: Scan) -> Iterator[Hit]:
    # a text in a pack language is about someone by its own pack's anchors ("tomo", "biorę", "kullanıyorum")
    lang = _pack(scan)
    if not _about(scan) and not (lang is not None and _pack_about(scan, lang)):
        return
    text = scan.text
    for start, end in find_medications(text, inflected=lang is not None):
        if lang is not None and " " not in text[start:end] and zipf_in(_low(text[start:end]), lang) >= _PACK_MEDICINE:
            continue  # the pack's own frequent word ("calcio", "parabéns", "iletin", "Ukrainie"), no medicine
        if start >= 3 and text[start - 3 : start].lower() == "co-":
            start -= 3  # "co-careldopa", "co-codamol"
        dose = _DOSE.match(text, end)
        if dose is not None and dose.group().strip():
            end = dose.end()
        if lang is not None:
            start, end = _grow_pack(text, start, end, lang)  # "tomo Biktarvy", "bierze depakine", "Concerta başladı"
        yield Hit(start, end, Label.HEALTH, 0.5)


def _grown_health_finder(pattern: re.Pattern[str]) -> Finder:
    """Every match of ``pattern`` in a text about someone, grown to its health phrase."""

    def find(scan: Scan) -> Iterator[Hit]:
        if not _about(scan):
            return
        for m in pattern.finditer(scan.text):
            start, end = _grow_health(scan.text, m.start(), m.end())
            yield Hit(start, end, Label.HEALTH, 0.5)

    return find


def _find_allergies(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _ALLERGY.finditer(text):
        value = m.group(1).rstrip()
        if not _personal(text, m.start(), m.end(), _about(scan)):
            continue  # "safe if allergic to nuts?": nobody's allergy
        yield Hit(m.start(1), m.start(1) + len(value), Label.HEALTH, 0.55)


def _find_diagnosis_cues(scan: Scan) -> Iterator[Hit]:
    for m in _CUE.finditer(scan.text):
        yield Hit(m.start(1), m.end(1) - (m.group(1).endswith(" ")), Label.HEALTH, 0.6)


def _find_same_sex_partners(scan: Scan) -> Iterator[Hit]:
    for s, e in _same_sex_partner(scan.text):
        yield Hit(s, e, Label.SEXUAL_ORIENTATION, 0.5)


def _find_colours(scan: Scan) -> Iterator[Hit]:
    for m in _COLOUR.finditer(scan.text):
        group = 1 if m.group(1) else 2
        yield Hit(m.start(group), m.end(group), Label.ETHNICITY, 0.5)


#: a listed party in any case after a word of membership or vote and maybe an article ("ich bin Mitglied bei der
#: fdp", "je suis membre de la france insoumise")
_PARTY_ARTICLES = ("the", "de", "het", "die", "der", "den", "la", "le", "les", "el", "il", "lo", "los", "las", "l'")


@cache
def _listed_party() -> re.Pattern[str]:
    names = set()
    for entries in POLITICAL_PARTIES.values():
        for entry in entries:
            words = entry.split()
            if len(words) > 1 and words[0].lower() in _PARTY_ARTICLES:
                words = words[1:]
            name = " ".join(words)
            # in any case only a name that is no word: an acronym or a rare name ("fdp", "france insoumise"; not
            # "labour", "greens", "cup", "podemos")
            rare = name.isupper() or zipf(name.lower()) < ZIPF["party_any_case"]
            if rare and not any(is_dictionary_word(w) for w in name.lower().split()):
                names.add(name.lower())
    return re.compile(
        rf"(?i)(?<![\w])(?:{_MEMBERSHIP}|vot[ée] (?:a|al|pour)|miembro de|membre de|membre des|mitglied bei|"
        r"mitglied in|mitglied im|lid bij|iscritt[oa] (?:a|al|alla)|membro d[eio]|membro della|filiad[oa] (?:a|ao|à)|"
        r"członkiem|üyesiyim|membre)[ \t]+"
        rf"((?:(?:{alternation(_PARTY_ARTICLES)})[ \t]+)?(?:{alternation(names)}))(?![\w])"
    )


def _find_parties(scan: Scan) -> Iterator[Hit]:
    for m in _PARTY.finditer(scan.text):
        value = m.group(1).rstrip()
        if value:
            yield Hit(m.start(1), m.start(1) + len(value), Label.POLITICS, 0.5)
    for m in _listed_party().finditer(scan.text):
        yield Hit(m.start(1), m.end(1), Label.POLITICS, 0.5)


_D = "special"
_TERM = "special:term"
_CUE_SOURCE = "special:cue"


def _rule(
    name: str,
    label: Label,
    find: Finder,
    source: str,
    score: float,
    patterns: tuple[re.Pattern[str], ...],
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    lexicons: tuple[str, ...] = (),
) -> Rule:
    return Rule(
        id=f"special.{name}",
        family=Family.SPECIAL,
        detector=_D,
        labels=frozenset({label}),
        find=find,
        source=source,
        score=score,
        patterns=patterns,
        lexicons=lexicons,
        description=description,
        examples=examples,
        negatives=negatives,
    )


HEALTH_TERM = _rule(
    "health_term",
    Label.HEALTH,
    _term_finder(Label.HEALTH),
    _TERM,
    0.5,
    (_TERM_RE[Label.HEALTH],),
    "a condition, treatment, clinician or disability said of someone, with the words that make it precise",
    (
        Example("Tengo artritis reumatoide y no puedo ir a la tienda.", "artritis reumatoide", Label.HEALTH),
        Example("My daughter has asthma and needs the line.", "asthma", Label.HEALTH),
        Example("I can't come to the shop after my chemo on Tuesday.", "chemo", Label.HEALTH),
        Example("la patiente est enceinte de 7 mois", "enceinte", Label.HEALTH),
    ),
    ("What is diabetes and how is it treated?", "Mental Health Services are closed on Monday."),
    ("HEALTH_TERMS", "HEALTH_MODIFIERS", "HEALTH_HEADS", "BODY_PARTS"),
)
RELIGION_TERM = _rule(
    "religion_term",
    Label.RELIGION,
    _term_finder(Label.RELIGION),
    _TERM,
    0.5,
    (_TERM_RE[Label.RELIGION],),
    "a religion, its practice, places of worship or clergy said of someone",
    (
        Example("I can't come on Friday, I go to the mosque", "mosque", Label.RELIGION),
        Example("Soy musulmana y no como cerdo.", "musulmana", Label.RELIGION),
    ),
    ("The mosque on the corner has a car park.",),
    ("RELIGION_TERMS", "RELIGION_PLACES"),
)
ORIENTATION_TERM = _rule(
    "orientation_term",
    Label.SEXUAL_ORIENTATION,
    _term_finder(Label.SEXUAL_ORIENTATION),
    _TERM,
    0.5,
    (_TERM_RE[Label.SEXUAL_ORIENTATION],),
    "a sexual orientation or gender identity said of someone",
    (Example("I'm gay and my landlord keeps asking questions.", "gay", Label.SEXUAL_ORIENTATION),),
    ("The film festival has a gay cinema section.",),
    ("ORIENTATION_TERMS",),
)
POLITICS_TERM = _rule(
    "politics_term",
    Label.POLITICS,
    _term_finder(Label.POLITICS),
    _TERM,
    0.5,
    (_TERM_RE[Label.POLITICS],),
    "a party or political label said of someone",
    (Example("My husband is a Conservative voter", "Conservative", Label.POLITICS),),
    ("What does a Conservative government change?",),
    ("POLITICS_TERMS",),
)
ETHNICITY_TERM = _rule(
    "ethnicity_term",
    Label.ETHNICITY,
    _term_finder(Label.ETHNICITY),
    _TERM,
    0.5,
    (_TERM_RE[Label.ETHNICITY],),
    "an ethnic origin said of someone",
    (Example("My mother is Romani and needs the form in print.", "Romani", Label.ETHNICITY),),
    ("The Romani language has many dialects.",),
    ("ETHNICITY_TERMS",),
)
MEDICATION = _rule(
    "medication",
    Label.HEALTH,
    _find_medications,
    _TERM,
    0.5,
    (_DOSE,),
    "a medicine (and its dose) in a text about someone",
    (
        Example("My mum takes warfarin 5 mg every day.", "warfarin 5 mg", Label.HEALTH),
        Example("Mi madre toma omeprazol 20 mg.", "omeprazol 20 mg", Label.HEALTH),
        # in a pack language, by the pack's anchors, with its clause and a case ending
        Example("Psychiatra zmienił mi leki i na razie jestem na sertralinie.", "jestem na sertralinie", Label.HEALTH),
    ),
    ("Warfarin interacts with many foods.",),
    ("medications (drug-named-entity-recognition)",),
)
SYMPTOM = _rule(
    "symptom",
    Label.HEALTH,
    _grown_health_finder(_SYMPTOM),
    _TERM,
    0.5,
    (_SYMPTOM,),
    "a body part and a symptom in a text about someone (lower back pain, dolor de rodilla)",
    (
        Example("I have lower back pain since Monday.", "back pain", Label.HEALTH),
        Example("Tengo dolor de rodilla desde ayer.", "dolor de rodilla", Label.HEALTH),
    ),
    ("Back pain is common in office workers.",),
    ("BODY_PARTS", "SYMPTOM_WORDS"),
)
EPONYM = _rule(
    "eponym",
    Label.HEALTH,
    _grown_health_finder(_EPONYM),
    _TERM,
    0.5,
    (_EPONYM,),
    "a condition named after a person in a text about someone (Bell's palsy, enfermedad de Crohn)",
    (Example("I was told I have Bell's palsy.", "Bell's palsy", Label.HEALTH),),
    ("Bell's palsy is usually temporary.",),
)
ALLERGY = _rule(
    "allergy",
    Label.HEALTH,
    _find_allergies,
    _CUE_SOURCE,
    0.55,
    (_ALLERGY,),
    "what someone is allergic to",
    (Example("I'm allergic to sulfa, please note it.", "sulfa", Label.HEALTH),),
    ("Is it safe if allergic to nuts?",),
)
DIAGNOSIS_CUE = _rule(
    "diagnosis_cue",
    Label.HEALTH,
    _find_diagnosis_cues,
    _CUE_SOURCE,
    0.6,
    (_CUE,),
    "the phrase after a diagnosis cue (diagnosed with, suffers from, padece, leidet an)",
    (Example("She was diagnosed with Huntington chorea last year.", "Huntington chorea", Label.HEALTH),),
    ("The plan covers what you are diagnosed with.",),
)
SAME_SEX_PARTNER = _rule(
    "same_sex_partner",
    Label.SEXUAL_ORIENTATION,
    _find_same_sex_partners,
    _CUE_SOURCE,
    0.5,
    (_PARTNER, _SELF_NAME, _WRITER_NAME, _WRITER_FIELD, _SIGNED),
    "a partner of the writer's own gender (the writer's name and the partner word, name or pronoun)",
    (
        Example("Hi, I'm Marco and my husband needs a SIM too.", "my husband", Label.SEXUAL_ORIENTATION),
        Example("This is Jessica. Hannah is my partner and she pays the bill.", "my partner", Label.SEXUAL_ORIENTATION),
    ),
    ("Hi, I'm Marco and my wife needs a SIM too.",),
    ("PARTNER_WORDS", "NEUTRAL_PARTNER_WORDS", "gender-guesser first names"),
)
COLOUR = _rule(
    "colour",
    Label.ETHNICITY,
    _find_colours,
    _CUE_SOURCE,
    0.5,
    (_COLOUR,),
    "a colour word said of someone (we're Black, soy negra)",
    (Example("We're Black and the agent was rude.", "Black", Label.ETHNICITY),),
    ("The black router blinks all night.",),
    ("ETHNICITY_COLOURS",),
)
THIRD_PARTNER = _rule(
    "third_partner",
    Label.SEXUAL_ORIENTATION,
    pattern_finder(_THIRD_PARTNER, Label.SEXUAL_ORIENTATION, 0.5),
    _CUE_SOURCE,
    0.5,
    (_THIRD_PARTNER,),
    "a third person's partner of the same gender (his husband, her wife)",
    (Example("The tenant came with his husband Dev.", "his husband", Label.SEXUAL_ORIENTATION),),
    ("The tenant came with his wife.",),
)
#: the preposition between a union's word and the union's name ("delegada sindical do STAL", "rep of Unite")
_UNION_OF = re.compile(r"[ \t]+(?:do|da|de|del|della|dello|di|du|des|der|of|of the|de la|w|z)(?=[ \t]+[A-Z])")


def _find_unions(scan: Scan) -> Iterator[Hit]:
    """A union's membership or role, with the union's name after it ("delegada sindical do STAL", "delegat sindical
    d'UGT")."""
    text = scan.text
    for m in _UNION.finditer(text):
        end = _proper_name_after(text, m.end())
        if end == m.end() and (of := _UNION_OF.match(text, m.end())) is not None:
            named = _proper_name_after(text, of.end())
            end = named if named > of.end() else end
        yield Hit(m.start(), end, Label.POLITICS, 0.5)


UNION = _rule(
    "union",
    Label.POLITICS,
    _find_unions,
    _CUE_SOURCE,
    0.5,
    (_UNION,),
    "trade-union membership or a union role (his Unite rep, delegada sindical, strike ballot)",
    (
        Example("I spoke to his Unite rep about the contract.", "Unite rep", Label.POLITICS),
        Example("Soy delegada sindical en la empresa.", "delegada sindical", Label.POLITICS),
        Example("Como delegada sindical do STAL peço autorização.", "delegada sindical do STAL", Label.POLITICS),
    ),
    ("Unite the kingdom, said the poster.",),
)
PARTY_ROLE = _rule(
    "party_role",
    Label.POLITICS,
    pattern_finder(_PARTY_ROLE, Label.POLITICS, 0.5),
    _CUE_SOURCE,
    0.5,
    (_PARTY_ROLE,),
    "a role in a named party (the Labour candidate, a Green Party volunteer)",
    (Example("My neighbour is the Labour candidate here.", "Labour candidate", Label.POLITICS),),
    ("Labour costs went up this year.",),
)
HEALTH_PHRASE = _rule(
    "health_phrase",
    Label.HEALTH,
    pattern_finder(_HEALTH_PHRASE, Label.HEALTH, 0.55),
    _CUE_SOURCE,
    0.55,
    (_HEALTH_PHRASE,),
    "health said by what it brings (my falls, his AA sponsor, discapacidad del 33%)",
    (
        Example("Because of my falls I can't reach the router.", "my falls", Label.HEALTH),
        Example("Tengo una discapacidad del 33% reconocida.", "discapacidad del 33%", Label.HEALTH),
    ),
    ("The price falls on Monday.",),
)
#: an ICD-10 diagnosis code: after the word that names it in any pack ("CID F31.8", "ICD-10: F32.2",
#: "kod choroby F10.2", "tanı kodu J45") or, with its decimal, in brackets after words ("(F32.2)")
_ICD = re.compile(
    r"(?i:(?<![\w])(?:ICD|CID|CIE|CIM|ICD-10|CID-10|CIE-10|kod(?:u)?[ \t]+(?:choroby|ICD)|tanı[ \t]+kodu|"
    r"codice[ \t]+(?:diagnosi|ICD)|codi[ \t]+diagnòstic)[ \t]*[:.\-]?[ \t]*)([A-TV-Z]\d{2}(?:\.\d{1,2})?)(?![\w.])"
    r"|(?<=[\w)][ \t]\()([A-TV-Z]\d{2}\.\d{1,2})(?=\))"
)


def _find_icd_codes(scan: Scan) -> Iterator[Hit]:
    for m in _ICD.finditer(scan.text):
        group = 1 if m.group(1) else 2
        start = m.start() if group == 1 else m.start(2)
        yield Hit(start, m.end(group), Label.HEALTH, 0.6)


ICD_CODE = _rule(
    "icd_code",
    Label.HEALTH,
    _find_icd_codes,
    _CUE_SOURCE,
    0.6,
    (_ICD,),
    "an ICD-10 diagnosis code after the word that names it (CID F31.8, ICD-10: F32.2) or in brackets (F10.2)",
    (
        Example("Laudo com CID F31.8 – transtorno bipolar.", "CID F31.8", Label.HEALTH),
        Example("Rozpoznanie: epizod depresji (F32.2), zalecenia w karcie.", "F32.2", Label.HEALTH),
    ),
    ("Update to version 5.2 (F10.2 build) failed.", "Press F12 for the console."),
)
PARTY = _rule(
    "party",
    Label.POLITICS,
    _find_parties,
    _CUE_SOURCE,
    0.5,
    (_PARTY,),
    "the party after a membership or vote cue (member of the Green Party, voto a ...); a listed party in any case "
    "after one (ich bin mitglied bei der fdp)",
    (
        Example("I'm a member of the Green Party since 2010.", "the Green Party", Label.POLITICS),
        Example("Ik ben lid van de VVD. Contractnummer C589707522", "VVD", Label.POLITICS),
        Example("ich bin mitglied bei die fdp. danke, robin", "fdp", Label.POLITICS),
        Example("je suis membre de la france insoumise. mon adresse", "la france insoumise", Label.POLITICS),
    ),
    (
        "She is a member of staff.",
        "Ik ben lid van de bibliotheek.",
        "je suis membre de la famille",
        "I am a member of the greens staff at the golf club.",
        "he is a member of the labour force and of the cup committee",
    ),
)


# ------------------------------------------------------------------ language packs
#: languages whose special categories come from their language pack (word lists under
#: local_model/text/data/<language>/): read when the text's pack (:func:`guess_pack`) is theirs
PACK_LANGUAGES = RULE_PACKS
#: letters a writer may type without their mark, folded with the accents (same length)
_PACK_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ı": "i"})


def _pack_plain(text: str) -> str:
    return strip_marks(text).translate(_PACK_FOLD)


def _fold_entry(entry: str) -> str:
    # "İ".lower() is "i" and a combining dot: Turkish entries starting with İ ("İslam") would never match
    return _pack_plain(_low(entry))


#: a Turkish case or possessive ending after a listed term ("şartlı tahliye" + "de"), with or
#: without an apostrophe; only after a last word of five letters or more, so that a short word does
#: not grow into another ("ceza" + "sı" is a late-payment fee); never the present tense of a verb, which no noun takes
#: ("verem" is tuberculosis, "veremiyoruz" we cannot give)
_TR_ENDING = r"(?:['’]?(?![^\W\d_]{0,3}yor)[^\W\d_]{1,8})?"
#: ... after a nationality, nor the endings that make a country's or a language's name of it ("Alman": Almanya'dayım,
#: Almanca; the list writes the forms it means itself)
_TR_NATIONALITY_ENDING = r"(?:['’]?(?![^\W\d_]{0,3}yor)(?!ya|[cç][ae])[^\W\d_]{1,8})?"
_TR_ENDING_MIN = 5


def _entries_pattern(
    entries: set[str], turkish: set[str] | frozenset[str] = frozenset(), ending: str = _TR_ENDING
) -> str:
    """``entries`` as one regex body; the ``turkish`` ones among them may also take a case ending,
    tried only where no entry matches as a whole word (what matched before matches the same)."""
    whole = lexicon_pattern(entries)
    exceptions = {e for e in entries if e.startswith("!")}  # "!engelliyor": no ending makes it a match
    grow = {e for e in turkish & entries - exceptions if not e.endswith("*") and len(e.split()[-1]) >= _TR_ENDING_MIN}
    if not grow:
        return whole
    return f"(?:{whole})(?![\\w-])|(?:{lexicon_pattern(grow | exceptions)}){ending}"


def _turkish_entries(list_name: str) -> frozenset[str]:
    return frozenset(_fold_entry(e) for e in words(list_name, ("tr",), required=False))


@cache
def _list_regex(list_name: str, languages: tuple[str, ...]) -> re.Pattern[str] | None:
    """The word list ``list_name`` of ``languages`` as one regex over folded text (None: no entries)."""
    entries = {_fold_entry(e) for e in words(list_name, languages, required=False)}
    if not entries:
        return None
    turkish = _turkish_entries(list_name) if "tr" in languages else frozenset()
    ending = _TR_NATIONALITY_ENDING if list_name == "nationalities" else _TR_ENDING
    return regex_cache.compile(r"(?i)(?<![\w-])(?:" + _entries_pattern(entries, turkish, ending) + r")(?![\w-])")


def _pack(scan: Scan) -> str | None:
    """The pack language whose rules apply: the text's pack; for a text too short to tell, the pack
    language with the most evidence; for one read as Spanish, Catalan when any Catalan word is there."""
    return scan.memo("pack_language", rule_pack)


def _pack_anchored(scan: Scan, start: int, end: int, lang: str) -> bool:
    """The sentence of [start, end) holds a person anchor of the pack's language (the core anchors
    are en/es/fr/de/nl words, and some are articles elsewhere: Italian "il", Catalan "el")."""
    anchors = _list_regex("person_anchors", (lang,))
    return anchors is not None and anchors.search(_pack_plain(_sentence(scan.text, start, end))) is not None


def _pack_about(scan: Scan, lang: str | None) -> bool:
    """The text is about someone: an anchor of its language pack, or (no pack) a core anchor."""
    if lang is None:
        return _about(scan)
    anchors = _list_regex("person_anchors", (lang,))
    return anchors is not None and anchors.search(scan.memo("pack_plain", _pack_plain)) is not None


_PACK_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’-]*)[ \t]+$")
#: the last word of a matched term (a term can end in its connector: "condenado por")
_PACK_LAST_WORD = re.compile(r"[ \t]([^\W\d_]+)$")
_PACK_WORD_AFTER = re.compile(r"[ \t]+([^\W_][\w'’-]*)")
#: words that end a special-category phrase's complement ("... per truffa e vorrei ...")
_PHRASE_STOP = frozenset(
    {
        "e",
        "i",
        "y",
        "ve",
        "ama",
        "oraz",
        "and",
        "ma",
        "mas",
        "però",
        "pero",
        "ale",
        "che",
        "que",
        "ki",
        "który",
        "perché",
    }
)


@cache
def _connectors(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """(words that may open a special-category phrase, connectors after which it goes on)."""
    before = frozenset(_low(w) for w in words("special_before", (lang,), required=False))
    after = frozenset(_low(w) for w in words("special_after", (lang,), required=False))
    return before, after


@cache
def _grow_words(lang: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None, re.Pattern[str] | None]:
    """(a duration or a grade before a term, the same after it, a word that heads or qualifies a term
    after it) of one pack: "24 haftalık hamileyim", "w 8. miesiącu ciąży", "%70 engelli",
    "incinta 5 mesi", "SMA typ 2", "bipolar bozukluk", "deficiência auditiva bilateral"."""
    units = words("special_units", (lang,), required=False)
    heads = words("special_heads", (lang,), required=False)
    # also as typed without the language's letters ("anksiyete bozuklugu", "epilepsi hastasi")
    heads = tuple(dict.fromkeys([*heads, *(strip_marks(h).replace("ı", "i") for h in heads)]))
    unit = alternation(units) if units else None
    number = r"(?:%[ \t]?\d{1,3}|\d{1,3}[ \t]?%|\d{1,2}\.?)"
    before = re.compile(rf"(?i)(?<![\w]){number}(?:[ \t]+(?:{unit}))?[ \t]+$") if unit else None
    after = re.compile(rf"(?i)[ \t]+(?:de[ \t]+|di[ \t]+)?\d{{1,2}}[ \t]*(?:{unit})(?![\w])") if unit else None
    head = re.compile(rf"(?i)[ \t]+(?:{lexicon_pattern(heads)})(?:[ \t]+\d{{1,2}})?(?![\w])") if heads else None
    return before, after, head


#: Turkish puts what someone did or underwent after the term, as a participle, and the person
#: after that: "vize ihlali yapmış biri", "alkollü araç kullanmaktan ceza almış biri", "hapis
#: cezası ertelenmiş biri", "dolandırıcılıktan yargılanan biri"
_TR_PARTICIPLE = re.compile(
    r"(?i)(?:[ \t]+[^\W\d_]{2,}(?:m[ıiuü][şs]|[ae]n|[ıiuü]lan|[ıiuü]len|[ıiuü]nan|[ıiuü]nen))?"
    r"(?:[ \t]+(?:biri|birisi|biriyim|birisiyim|kişi|kişiyim|kimse))?(?![\w])"
)


#: a verb of the first person right after a Turkish term: the writer's statement of it ("şartlı tahliyeyle çıktım",
#: "kemoterapi alıyorum", "mülteci olarak geldik")
_TR_STATEMENT_AFTER = re.compile(
    r"(?i)(?:[ \t]+(?:olarak|ile))?[ \t]+[^\W\d_]{2,}"
    r"(?:d[ıiuü]m|t[ıiuü]m|yorum|yoruz|d[ıiuü]k|t[ıiuü]k|[ae]ca[ğk][ıi]m|[ae]ce[ğk]im|m[ıiuü]ş[ıiuü]m|y[ıiuü]m)(?![\w])"
)
#: a capital letter after a term: the type of a condition ("hepatit C", "wirusowe zapalenie wątroby typu B")
_TYPE_LETTER = re.compile(r"[ \t]+[A-E](?![\w.'’-])")
#: a condition's initials before a Turkish head ("MS hastası", "KOAH hastasıyım", "ALS teşhisi")
_TR_ACRONYM_BEFORE = re.compile(r"(?<![\w'’])([A-ZÇĞİÖŞÜ]{2,5})[ \t]+$")


def _grow_pack(text: str, start: int, end: int, lang: str) -> tuple[int, int]:
    """A pack term with the words that belong to its phrase: up to two opening words before it
    ("con il braccialetto elettronico", "z ochroną uzupełniającą"), a duration or a grade around it
    ("24 haftalık hamileyim", "incinta 5 mesi"), a word that heads or qualifies it after it
    ("bipolar bozukluk", "SMA typ 2") and, after a connector, its complement to the end of the clause,
    four words at most, four more after a connector inside it, eight in all ("condannato per guida in stato di
    ebbrezza", "grávida de gémeos", "imputata in un processo per appropriazione indebita")."""
    before, after = _connectors(lang)
    number_before, number_after, head = _grow_words(lang)
    if number_before is not None and (n := number_before.search(text, max(0, start - 30), start)):
        start = n.start()
    for _ in range(2):
        m = _PACK_WORD_BEFORE.search(text, max(0, start - 30), start)
        if m is None or _low(m.group(1)) not in before:
            break
        start = m.start(1)
    if (said := _said_before(text, start, lang)) is not None:
        start = said  # "sóc musulmà", "estou com esclerose", "não sou religioso": the writer says it
    if (
        lang == "tr"
        and not text[start:end].isupper()  # in a text in capitals every word looks like initials
        and (a := _TR_ACRONYM_BEFORE.search(text, max(0, start - 8), start))
    ):
        start = a.start(1)  # "MS hastası", "KOAH hastasıyım": the condition by its initials
    for grow in (number_after, head):
        if grow is not None and (g := grow.match(text, end)):
            end = g.end()
    if not text[start:end].isupper() and (t := _TYPE_LETTER.match(text, end)) is not None:
        end = t.end()  # "hepatit C", "epatite C", "hepatitis B": the type of a condition
    if lang == "tr" and (p := _TR_PARTICIPLE.match(text, end)):
        end = p.end()  # "vize ihlali yapmış biri", "ceza almış biri", "hapis cezası ertelenmiş"
    if lang == "tr" and (v := _TR_STATEMENT_AFTER.match(text, end)):
        end = v.end()  # "şartlı tahliyeyle çıktım", "oruç tutuyorum": the writer's verb after the term
    m = _PACK_WORD_AFTER.match(text, end)
    last = _PACK_LAST_WORD.search(text, start, end)
    cursor = -1
    if last is not None and _low(last.group(1)) in after:
        cursor = end  # the term ends in its connector ("condenado por" furto)
    elif m is not None and _low(m.group(1)) in after:
        cursor = m.end()
    if cursor >= 0:
        taken, budget = 0, _COMPLEMENT_WORDS
        verbs = _anchor_verbs(lang)
        first_names = load_gazetteers()[0]
        while taken < budget:
            nxt = _PACK_WORD_AFTER.match(text, cursor)
            if nxt is None or _low(nxt.group(1)) in _PHRASE_STOP or _low(nxt.group(1)) in verbs:
                break  # "... w zakładzie proszę o ...": the writer's next verb starts another clause
            if nxt.group(1)[:1].isupper() and fold(nxt.group(1)) in first_names:
                break  # "... per appropriazione indebita contro Giulia Bianchi": a person, no part of the fact
            cursor, taken = nxt.end(), taken + 1
            # a complement of the complement ("in un processo per appropriazione indebita")
            if _low(nxt.group(1)) in after:
                budget = min(taken + _COMPLEMENT_WORDS, _COMPLEMENT_MAX)
        if taken:
            end = cursor
    return _grow_clause(text, start, end, lang)


#: the most words a special-category phrase takes from the rest of its clause, on either side
_CLAUSE_WORDS = 4
#: what ends a clause: punctuation, brackets, quotes, a line break
_CLAUSE_MARK = re.compile(r"[,.;:!?()\[\]{}\"“”«»„|/\n]")
_CLAUSE_WORD = re.compile(r"[^\W_][\w'’%-]*|%")
#: a word of digits and letters, or of three digits or more that is no year: a code, a model's name, a phone's or an
#: id's digits, no word of a clause ("780G", "24H2", "912 345 678", "85010112345"; "2019", "6", "%90" are)
_CODE_TOKEN = re.compile(r"\d[^\W\d_]|[^\W\d_]\d|^(?!(?:19|20)\d\d(?!\d))\d{3,}|_")
#: an ordinal written with digits is a word of the clause, no code ("alla 30esima settimana", "5th", "3ª", "2º")
_ORDINAL = re.compile(r"(?i)\d{1,3}(?:esim[oa]|[ºª°]|st|nd|rd|th|er|re|e|ème|eme|te|ste|de|o|a)")


def _code_token(word: str) -> bool:
    return _CODE_TOKEN.search(word) is not None and _ORDINAL.fullmatch(word) is None


@cache
def _clause_stops(lang: str) -> frozenset[str]:
    """The pack's words that open a new clause (conjunctions and subordinators) and its relatives' words (the
    subject, not the fact: "mój brat dostał ..."): a phrase never grows past one."""
    relatives = (w for w in words("relation_words", (lang,), required=False) if " " not in w)
    stops = _PHRASE_STOP - _NOT_A_STOP.get(lang, frozenset())
    return frozenset(_low(w) for w in (*words("clause_stops", (lang,), required=False), *relatives)) | stops


#: the phrase stops that are another word in a pack's language: Polish "ma" (has), Italian "i" (the)
_NOT_A_STOP = {"pl": frozenset({"ma"}), "it": frozenset({"i"})}


@cache
def _turkish_relatives() -> tuple[str, ...]:
    return tuple(_low(w) for w in words("relation_words", ("tr",), required=False) if " " not in w and len(w) >= 3)


def _clause_stop(word: str, lang: str) -> bool:
    """``word`` ends a clause's phrase (:func:`_clause_stops`); in Turkish also a relative with a possessive
    ending ("annem", "kardeşimin")."""
    low = _low(word)
    if low in _clause_stops(lang):
        return True
    return lang == "tr" and any(low.startswith(r) and len(low) - len(r) <= 4 for r in _turkish_relatives())


def _grow_clause(text: str, start: int, end: int, lang: str) -> tuple[int, int]:
    """A pack phrase with the rest of its clause on a side where only a few words remain (four at most): before
    it, back to a punctuation mark, a conjunction, a relative's word or a name (the subject, not the fact), the
    verb and the possessive that say it of the person ("tou grávida", "il mio permesso di soggiorno", "Giorgi
    wczoraj dostał decyzję"); after it, to a punctuation mark or a conjunction, with no capitalised word, its
    qualifier or, in Turkish, its verb ("Alzheimer em fase moderada", "başvurusu reddedildi", "kelepçe takılı")."""
    first_names, surnames = load_gazetteers()[:2]
    lo = max(0, start - 80)
    marks = [m.end() for m in _CLAUSE_MARK.finditer(text, lo, start)]
    clause_start = marks[-1] if marks else (0 if lo == 0 else -1)
    if clause_start >= 0:
        left = list(_CLAUSE_WORD.finditer(text, clause_start, start))
        taken = 0
        for i in range(len(left) - 1, -1, -1):
            word = left[i].group()
            # a clause's first word may be capitalised, unless it is a name ("Tenho", "Mam" are the language's
            # own frequent words before they are anyone's name)
            initial = i == 0 and (
                (fold(word) not in first_names and fold(word) not in surnames)
                or zipf_in(_low(word), lang) >= ZIPF["clause_initial_word"]
            )
            if (
                _clause_stop(word, lang)
                or (word[:1].isupper() and not initial)
                or _code_token(word)
                or text[left[i].start() - 1 : left[i].start()] == "@"
            ):
                break  # a model's code, a number, a handle: no part of the fact ("MiniMed 780G per il diabete")
            taken += 1
        if 0 < taken <= _CLAUSE_WORDS:
            start = left[len(left) - taken].start()
    # after: the words between the phrase and the clause's end
    m = _CLAUSE_MARK.search(text, end, end + 80)
    clause_end = m.start() if m is not None else (len(text) if len(text) - end <= 80 else -1)
    if clause_end >= 0:
        right = list(_CLAUSE_WORD.finditer(text, end, clause_end))
        verbs = _anchor_verbs(lang)  # the writer's next verb starts another clause ("... proszę o udostępnienie")
        stop = next(
            (i for i, w in enumerate(right) if _clause_stop(w.group(), lang) or _low(w.group()) in verbs), len(right)
        )
        right = right[:stop]
        if 0 < len(right) <= _CLAUSE_WORDS and not any(
            w.group()[:1].isupper() or _code_token(w.group()) or text[w.start() - 1 : w.start()] == "@" for w in right
        ):
            end = right[-1].end()
    return start, end


def _said_before(text: str, start: int, lang: str, others: bool = True) -> int | None:
    """Where the verb that states the term at ``start`` begins, past up to two opening words ("osservo lo
    Shabbat", "somos judeus praticantes", "è musulmano"), or ``None`` when none stands right before it; with
    ``others`` false, the writer's own verbs only ("il canale è cattolico" says it of a thing)."""
    statement = _statement_before(lang, others)
    if statement is None:
        return None
    before = _connectors(lang)[0]
    for _ in range(3):
        if (said := statement.search(text, max(0, start - 40), start)) is not None:
            return said.start()
        m = _PACK_WORD_BEFORE.search(text, max(0, start - 30), start)
        if m is None or _low(m.group(1)) not in before:
            return None
        start = m.start(1)
    return None


@cache
def _statement_before(lang: str, others: bool = True) -> re.Pattern[str] | None:
    """The pack's first-person verbs that state a fact right before its term, maybe negated ("sou adventista",
    "estou com esclerose múltipla", "não sou religioso", "tinc antecedents penals"): part of what the writer says
    of themself (``special_statements``), and with ``others`` the verbs that say it of someone else
    (``special_statements_other``: "è musulmano", "jest gejem")."""
    verbs = words("special_statements", (lang,), required=False)
    if others:
        verbs = (*verbs, *words("special_statements_other", (lang,), required=False))
    if not verbs:
        return None
    return regex_cache.compile(
        rf"(?i)(?<![\w])(?:(?:não|nao|non|no|nie|ja no|já não)[ \t]+)?(?:{alternation(verbs)})[ \t]+$"
    )


@cache
def _anchor_verbs(lang: str) -> frozenset[str]:
    """The pack's person anchors of one word and five letters or more, mostly verbs of the first person ("proszę",
    "czekam", "vorrei"): a complement ends before one (short pronouns and possessives, "mio", "lui", may stand
    inside it)."""
    return frozenset(
        _low(w)
        for w in words("person_anchors", (lang,), required=False)
        if " " not in w and "*" not in w and len(w) >= 5
    )


#: words a special-category phrase's complement takes after a connector, and after the connectors inside it
_COMPLEMENT_WORDS = 4
_COMPLEMENT_MAX = 8


def _low(word: str) -> str:
    """``word`` in small letters as the packs' lists write it: Turkish "İnme" is "inme" ("İ".lower() is "i" and a
    combining dot)."""
    return word.replace("İ", "i").lower()


def _pack_term_finder(label: Label, lists: tuple[str, ...], whole_text: bool) -> Finder:
    """The terms of ``lists`` in the text's pack language said of a person: anywhere in a text
    about someone (``whole_text``; a support ticket is about its writer, and the packs' anchor lists
    are short), else in a sentence with a person anchor."""

    def find(scan: Scan) -> Iterator[Hit]:
        lang = _pack(scan)
        if lang is None:
            return
        plain = scan.memo("pack_plain", _pack_plain)
        about = whole_text and _pack_about(scan, lang)
        for list_name in lists:
            pattern = _list_regex(list_name, (lang,))
            if pattern is None:
                continue
            for m in pattern.finditer(plain):
                # a verb that states it makes the term someone's too ("somos judeus praticantes" with no pronoun)
                if (
                    about
                    or _pack_anchored(scan, m.start(), m.end(), lang)
                    or _said_before(plain, m.start(), lang, False) is not None
                ):
                    start, end = _grow_pack(scan.text, m.start(), m.end(), lang)
                    if label == Label.POLITICS:
                        end = _proper_name_after(scan.text, end)
                    yield Hit(start, end, label, 0.5)

    return find


#: a capitalised word or capitals after a party's or a union's word: its name ("iscritta al Partito Democratico",
#: "członkiem partii Razem", "delegat sindical d'UGT")
_PROPER_WORD_AFTER = re.compile(r"(?:[ \t]+(?:d['’])?|['’])([^\W\d_][\w'’-]*)")


def _proper_name_after(text: str, end: int) -> int:
    """``end`` moved past the name (three capitalised words at most) that follows a party's or a union's word; a
    person's first name or a listed brand or product after it is none of it ("iscritto alla CGIL Microsoft Teams
    non parte", "partii Razem Jan Kowalski")."""
    first = load_gazetteers()[0]
    for _ in range(3):
        m = _PROPER_WORD_AFTER.match(text, end)
        if m is None or not m.group(1)[0].isupper() or fold(m.group(1)) in first or m.group(1) in _brand_words():
            break
        end = m.end()
    return end


@cache
def _brand_words() -> frozenset[str]:
    """The first words of the listed brands and product lines ("Microsoft", "Android")."""
    return frozenset(b.split()[0] for name in ("technical_brands", "technical_product_lines") for b in words(name))


@cache
def _diagnosis_cues(lang: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """(the words after which a condition is named, the words after a condition that say someone
    has it) of one pack: "soffro di ...", "choruję na ...", "... hastasıyım", "... tanısı aldım"."""
    before = words("diagnosis_cues", (lang,), required=False)
    after = words("diagnosis_heads", (lang,), required=False)
    cue = regex_cache.compile(rf"(?i)(?<![\w])(?:{alternation(before)})[ \t]+") if before else None
    head = regex_cache.compile(rf"(?i)(?<=[^\W\d_])[ \t]+(?:{alternation(after)})(?![\w])") if after else None
    return cue, head


@cache
def _function_words(lang: str) -> frozenset[str]:
    return frozenset(_low(w) for w in words("function_words", (lang,), required=False)) | _PHRASE_STOP | _ARTICLES


#: articles and prepositions of the packs that a language's function-word list (written for the
#: language guess, which drops shared words anyway) may leave out
_ARTICLES = frozenset(
    {"la", "le", "lo", "il", "l", "un", "una", "uno", "di", "de", "da", "a", "o", "os", "as", "um", "uma", "na", "no",
     "el", "els", "les", "en", "w", "z", "od", "bir"}
)  # fmt: skip


_CONDITION_WORD = re.compile(r"[ \t]*([^\W\d_][\w'’-]*|\d{1,2})")
#: the most words a condition named after (or before) its cue runs to
_CONDITION_WORDS = 4


def _find_pack_diagnosis_cues(scan: Scan) -> Iterator[Hit]:
    """The condition named after a cue of the text's pack, with its cue ("mi hanno diagnosticato la sarcoidosi",
    "choruję na sarkoidozę": up to four words, to the end of the clause or a function word) or,
    in Turkish, before a head that says someone has it ("Sarkoidoz hastasıyım", "Ankilozan
    spondilit rahatsızlığım var": the word, and the one before it when it is rare): a condition no
    list holds, named as one."""
    lang = _pack(scan)
    if lang is None:
        return
    cue, head = _diagnosis_cues(lang)
    text = scan.text
    stops = _function_words(lang)
    if cue is not None:
        for m in cue.finditer(text):
            pos, end, taken = m.end(), -1, 0
            while taken < _CONDITION_WORDS and (w := _CONDITION_WORD.match(text, pos)) is not None:
                if _low(w.group(1)) in stops:
                    if taken:
                        break
                    pos = w.end()  # "mi hanno diagnosticato la ...": an article before the name
                    continue
                pos, end, taken = w.end(), w.end(), taken + 1
            if taken:
                # the cue says someone has it ("leczę się na depresję", "diagnosticado com TDAH"): part of the fact
                yield Hit(*_grow_clause(text, m.start(), end, lang), Label.HEALTH, 0.5)
    if head is not None:
        for m in head.finditer(text):
            before = list(_PACK_WORD_BEFORE_ALL.finditer(text, max(0, m.start() - 60), m.start()))[-2:]
            if not before or before[-1].end(1) != m.start() or _low(before[-1].group(1)) in stops:
                continue
            head_start = before[-1].start(1)
            if (
                len(before) == 2
                and text[before[0].end(1) : head_start].strip(" \t") == ""
                and _low(before[0].group(1)) not in stops
                and (
                    zipf_in(before[0].group(1), lang) < _RARE_CONDITION_WORD
                    or _compound_head(before[-1].group(1), lang)  # "böbrek yetmezliği", "enfeksiyon hastalıkları"
                )
            ):
                head_start = before[0].start(1)
            yield Hit(*_grow_clause(text, head_start, m.end(), lang), Label.HEALTH, 0.5)


@cache
def _vote_cues(langs: tuple[str, ...]) -> re.Pattern[str] | None:
    """The words of the packs after which a vote names a party ("votam no", "głosuję na", "voto per"), a word
    of everyone maybe inside ("votiamo tutti per", "todos votam no")."""
    cues = words("vote_cues", langs, required=False)
    if not cues:
        return None
    every = r"(?:[ \t]+(?:tutti|tutte|todos|todas|tots|totes|wszyscy))?"
    body = "|".join(
        re.escape(c.split()[0]) + every + "".join(r"[ \t]+" + re.escape(w) for w in c.split()[1:]) for c in cues
    )
    return regex_cache.compile(rf"(?i)(?<![\w])(?:{body})[ \t]+")


#: an article between a vote and its party ("voto per il PD", "votem a la CUP")
_VOTE_ARTICLE = re.compile(r"(?i)(?:il|lo|la|l'|l’|i|gli|le|o|a|os|as|els|les)[ \t]+|(?:l'|l’)")
#: a party's first word (any word: "ps", "novo", "PCdoB", "Lewicę"), then its capitalised words and the
#: connectors between them ("Partido Socialista", "Fratelli d'Italia", "Prawo i Sprawiedliwość")
_PARTY_FIRST = re.compile(r"([^\W\d_][\w'’-]*)")
_PARTY_NEXT = re.compile(r"[ \t]+((?:(?:de|do|da|di|del|della|dos|das|i|d'|d’)[ \t]*)?[A-ZÀ-ÞĄĆĘŁŃÓŚŹŻ][\w'’-]*)")
#: the most words of a party's name after a vote
_PARTY_WORDS = 4


def _find_pack_votes(scan: Scan) -> Iterator[Hit]:
    """The party a vote names in the text's pack ("lá em casa todos votam no PCdoB", "głosuję na Razem"):
    whatever its name, listed or not (a vote is always someone's)."""
    lang = _pack(scan)
    # the cues are each their language's own words: a text the guess leaves open is read with all of them
    cue = _vote_cues((lang,) if lang is not None else _ALL)
    if cue is None:
        return
    text = scan.text
    for m in cue.finditer(text):
        pos = m.end()
        if (article := _VOTE_ARTICLE.match(text, pos)) is not None:
            pos = article.end()
        first = _PARTY_FIRST.match(text, pos)
        if first is None:
            continue
        end, taken = first.end(), 1
        while taken < _PARTY_WORDS and (nxt := _PARTY_NEXT.match(text, end)) is not None:
            end, taken = nxt.end(), taken + 1
        yield Hit(first.start(), end, Label.POLITICS, 0.5)


_PACK_WORD_BEFORE_ALL = re.compile(r"([^\W\d_][\w'’-]*)")


@cache
def _compound_heads(lang: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(whole words, stems) of the pack's last words of compound condition names (``compound_heads``)."""
    entries = [_low(w) for w in words("compound_heads", (lang,), required=False)]
    return frozenset(e for e in entries if not e.endswith("*")), tuple(e[:-1] for e in entries if e.endswith("*"))


def _compound_head(word: str, lang: str) -> bool:
    """``word`` ends a compound condition name and takes the noun before it ("yetmezliği" of "böbrek yetmezliği")."""
    whole, stems = _compound_heads(lang)
    low = _low(word)
    return low in whole or low.startswith(stems)


#: a word before a condition's last word is part of its name when rarer than this in the pack's language
_RARE_CONDITION_WORD = 4.0


#: the languages with criminal-record and immigration-status lists (every language with a pack)
_ALL = tuple(lang for lang in LANGUAGES if lang != "mul")


@cache
def _status_phrases(list_name: str) -> re.Pattern[str] | None:
    """The phrases of ``list_name`` in every language (several words: distinctive anywhere)."""
    entries = {_fold_entry(e) for e in words(list_name, _ALL, required=False) if " " in e.strip("*")}
    if not entries:
        return None
    pattern = _entries_pattern(entries, _turkish_entries(list_name))
    return regex_cache.compile(r"(?i)(?<![\w-])(?:" + pattern + r")(?![\w-])")


@cache
def _status_words(list_name: str, lang: str) -> re.Pattern[str] | None:
    """The single words of ``list_name`` in the text's own language (one word is often another
    language's ordinary word: "preso", "condenado")."""
    entries = {_fold_entry(e) for e in words(list_name, (lang,), required=False)} if lang in _ALL else set()
    if not entries:
        return None
    turkish = _turkish_entries(list_name) if lang == "tr" else frozenset()
    return regex_cache.compile(r"(?i)(?<![\w-])(?:" + _entries_pattern(entries, turkish) + r")(?![\w-])")


def _status_matches(list_name: str, lang: str, plain: str) -> list[tuple[int, int]]:
    """The phrases and the language's words of ``list_name`` in ``plain``, left to right without
    overlaps, the longest at a position first (as one alternation of both would find them); the
    phrases are compiled once, not once per language."""
    found = [
        m.span() for pattern in (_status_phrases(list_name), _status_words(list_name, lang)) if pattern is not None
        for m in pattern.finditer(plain)
    ]  # fmt: skip
    out: list[tuple[int, int]] = []
    for start, end in sorted(found, key=lambda span: (span[0], -span[1])):
        if not out or start >= out[-1][1]:
            out.append((start, end))
    return out


def _status_finder(label: Label, list_name: str) -> Finder:
    """Criminal records (GDPR art. 10) and immigration status in every language with a list, in any
    text that is about someone."""

    def find(scan: Scan) -> Iterator[Hit]:
        pack = scan.memo("pack", guess_pack)
        if pack == "und":  # too few function words: the pack whose frequent words the text uses ("sou indocumentado")
            pack = _pack(scan) or pack
        if _status_phrases(list_name) is None and _status_words(list_name, pack) is None:
            return
        if not _pack_about(scan, _pack(scan)):
            return
        lang = _pack(scan)
        for start, end in _status_matches(list_name, pack, scan.memo("pack_plain", _pack_plain)):
            if lang:
                start, end = _grow_pack(scan.text, start, end, lang)
            yield Hit(start, end, label, 0.55)

    return find


@cache
def _pack_partners(lang: str) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """The pack's partner expressions (gendered and neutral) as one regex, and folded phrase -> gender."""
    gendered = {_fold_entry(word): gender for word, gender in pairs("partner_words", (lang,), required=False)}
    neutral = {_fold_entry(w) for w in words("neutral_partner_words", (lang,), required=False)}
    entries = set(gendered) | neutral
    if not entries:
        return None, gendered
    return re.compile(r"(?i)(?<![\w-])(?:" + lexicon_pattern(entries) + r")(?![\w-])"), gendered


@cache
def _pack_writer_cues(lang: str) -> re.Pattern[str] | None:
    """The pack's self-introductions followed by a first name, and its sign-offs followed by a first name
    that ends its line (maybe with a surname, contact details or a note in brackets): a sign-off word before a name
    and more words is the writer thanking someone ("Grazie Cristina, adesso funziona!"), no signature. The name is
    group 1 or 2."""

    def folded(name: str) -> set[str]:
        entries = words(name, (lang,), required=False)
        # also as typed without accents ("Soc la Martina" for "sóc")
        return {e.lower() for e in entries} | {_fold_entry(e) for e in entries}

    intros, sign_offs = folded("self_introductions"), folded("sign_offs")
    if not intros and not sign_offs:
        return None
    # Catalan and Portuguese put an article before a name ("sóc l'Aina", "sou o Rui")
    head = r")[ \t]*[,!.:]?[ \t]*(?:\r?\n[ \t]*)?(?:(?:la|el|en|na|il|lo|sa|es|o|a)[ \t]+|l['’])?"
    alternatives = []
    if intros:
        alternatives.append("(?:" + alternation(intros) + head + _PACK_NAME)
    if sign_offs:
        alternatives.append(
            "(?:"
            + alternation(sign_offs)
            + head
            + _PACK_NAME
            + r"(?=(?:[ \t]+[^\W\d_]+){0,2}[ \t]*(?:[.!]|[,(–-][^\n]*?[\d@][^\n]*|\([^)\n]*\))?[ \t]*(?:\r?\n|$))"
        )
    # a lookahead: every cue is tried, also one inside another's match ("Ciao, sono Luca": "ciao"
    # is a sign-off too)
    return re.compile(r"(?i)(?<![\w])(?=" + "|".join(alternatives) + ")")


#: a first name in any Latin alphabet and any case ("Łukasz", "şule", "İLKER"): only a name the
#: lists can gender counts
_PACK_NAME = r"([^\W\d_]{2,20})"


#: "Eu, Ryan Gomes, e meu noivo ...", "Io, Marco, e mio marito": the writer names themself after "I,"
_I_COMMA = re.compile(r"(?i)(?<![\w])(?:eu|io|ja|ben|jo|yo|i)[ \t]*,[ \t]*([^\W\d_]{2,20})")


@cache
def _gender_words(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The pack's words that say the writer's gender ("obrigado"/"obrigada"; Polish past tense
    "zapłaciłem"/"zapłaciłam": an entry starting with ``*`` is an ending)."""
    out = []
    for word, gender in pairs("writer_gender_words", (lang,), required=False):
        body = r"[^\W\d_]+" + re.escape(word[1:]) if word.startswith("*") else re.escape(word)
        out.append((re.compile(r"(?i)(?<![\w])" + body + r"(?![\w])"), gender))
    return tuple(out)


def _pack_writer_genders(text: str, lang: str) -> set[str]:
    """The genders the writer's own words give: names after self-introductions, sign-offs and "I,"
    (in any case: a name must be one the lists can gender), the pack's gendered words, the core cues."""
    cues = _pack_writer_cues(lang)
    names = (
        [m.group(1) or m.group(2) for m in cues.finditer(text) if not _ends_longer_sign_off(text, m, lang)]
        if cues is not None
        else []
    )
    names += [m.group(1) for m in _I_COMMA.finditer(text)]
    names += _signature_names(text)
    genders = {g for g in (_gender_of(n.capitalize()) for n in names) if g is not None}
    if not genders:
        genders = {g for g in (_gender_of(n.capitalize()) for n in _closing_name(text)) if g is not None}
    for pattern, gender in _gender_words(lang):
        if pattern.search(text):
            genders.add(gender)
    genders |= _copula_genders(text, lang)
    core = _writer_gender(text)
    if core is not None:
        genders.add(core)
    return genders


def _ends_longer_sign_off(text: str, m: re.Match[str], lang: str) -> bool:
    """The "name" after a sign-off is the last word of a longer one ("grazie" + "mille": "Mille" is a
    given name too)."""
    if m.group(2) is None:
        return False
    return _fold_entry(" ".join(text[m.start() : m.end(2)].split())) in _folded_sign_offs(lang)


@cache
def _folded_sign_offs(lang: str) -> frozenset[str]:
    return frozenset(_fold_entry(e) for e in words("sign_offs", (lang,), required=False))


#: the last line of a message when it is a signature: a name of two or three words, maybe followed
#: by a comma and contact details ("Kuba Szymański, 785 003 914", "luana ferreira dos santos")
_SIGNATURE_LINE = re.compile(r"(?m)^[ \t>*-]*([^\W\d_]{2,20})(?:[ \t]+[^\W\d_]{2,25}){1,3}[ \t]*(?:,.*)?[ \t]*$")
#: the field names of the writer's own name in a form ("Nome completo:", "Nom i cognoms:", "Ad Soyad:")
_NAME_FIELD = re.compile(r"(?i)(?:^|\n)[ \t]*(?:[^\W\d_]+[ \t]){0,2}[^\W\d_]+[ \t]*:[ \t]*([^\W\d_]{2,20})")


#: a message that ends in its writer's first name, alone or with a surname and contact details or a role: after its
#: last sentence, on a line of its own or after a dash ("... mi? -- Emre", "péssimo. Beatriz", "Luca 340 118 2290",
#: "Irina, cassiera")
_LAST_NAME = re.compile(
    r"(?:(?<=[.!?…:;)])[ \t]+|\n[ \t>*]*|[ \t]+(?=[-–—~]))(?:[-–—~]{1,2}[ \t]*)?([^\W\d_]{2,20})"
    r"(?:[ \t]+[^\W\d_]{2,25}){0,2}[ \t.!]*(?:(?:,|[ \t]+(?=[+(\d]))[^\n]*)?\s*\Z"
)


def _signature_names(text: str) -> list[str]:
    """The first name of a signature that ends the message (its last non-empty line)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        return []
    m = _SIGNATURE_LINE.match(lines[-1])
    return [m.group(1)] if m is not None else []


def _closing_name(text: str) -> list[str]:
    """A first name the message ends in after its last sentence or a dash ("... mi? -- Emre", "péssimo. Beatriz"):
    the writer's, where nothing else names them (only a name the lists can gender counts downstream)."""
    last = _LAST_NAME.search(text.rstrip()[-200:])
    return [last.group(1)] if last is not None else []


@cache
def _copulas(lang: str) -> tuple[re.Pattern[str] | None, frozenset[str]]:
    """(a first-person copula of the pack and the word after it, with one adverb between: "sou muito
    grata", "sono stanca", "estic cansada"; the pack's words after a copula that are no adjective of
    the writer: its ``copula_skips`` list)."""
    copulas = words("writer_copulas", (lang,), required=False)
    skips = frozenset(_low(w) for w in words("copula_skips", (lang,), required=False))
    if not copulas:
        return None, skips
    between = rf"(?:(?:{alternation(sorted(skips))})[ \t]+)?" if skips else ""
    return re.compile(rf"(?i)(?<![\w])(?:{alternation(copulas)})[ \t]+{between}([^\W\d_]{{4,}})"), skips


#: (feminine ending, masculine ending) pairs of the packs' adjectives and participles
_GENDER_ENDINGS = (("a", "o"), ("ada", "at"), ("ida", "it"), ("uda", "ut"), ("ra", "r"), ("na", ""))


def _copula_genders(text: str, lang: str) -> set[str]:
    """The writer's gender from a gendered adjective or participle after a first-person copula
    ("estou grávida", "sono stanca", "estic cansada"): a word of the pack's language whose other
    form exists there too ("cansada"/"cansado"); the packs with a ``writer_copulas`` list (Portuguese,
    Italian, Catalan)."""
    copula, skips = _copulas(lang)
    if copula is None:
        return set()
    out = set()
    for m in copula.finditer(text):
        if m.group(1)[:1].isupper():
            continue  # "sono Luca": a name, read by the self-introductions
        word = _low(m.group(1))
        if word in skips or zipf_in(word, lang) < ZIPF["writer_adjective"]:
            continue
        for feminine, masculine in _GENDER_ENDINGS:
            for ending, other, gender in ((feminine, masculine, "female"), (masculine, feminine, "male")):
                if not word.endswith(ending) or (not ending and gender == "male"):
                    continue
                partner = word[: len(word) - len(ending)] + other
                if partner != word and zipf_in(partner, lang) >= ZIPF["writer_adjective"]:
                    out.add(gender)
                    break
            else:
                continue
            break
    return out


@cache
def _nationality_stops(lang: str) -> frozenset[str]:
    return frozenset(_fold_entry(w) for w in words("nationality_stops", (lang,), required=False))


_WORD_BEFORE_2 = re.compile(r"(?:([^\W\d_]+)[ \t]+)?([^\W\d_]+)[ \t]+$")


def _find_pack_nationalities(scan: Scan) -> Iterator[Hit]:
    """A nationality or origin in the text's language pack ("sou ucraniana", "Suriyeli", "senegalès"),
    in a text about someone; not a language, a cuisine or a thing ("falo ucraniano", "cucina
    rumena", "Alman mutfağı": the pack's ``nationality_stops`` around it)."""
    lang = _pack(scan)
    if lang is None:
        return
    pattern = _list_regex("nationalities", (lang,))
    if pattern is None or not _pack_about(scan, lang):
        return
    plain = scan.memo("pack_plain", _pack_plain)
    stops = _nationality_stops(lang)
    for m in pattern.finditer(plain):
        before = _WORD_BEFORE_2.search(plain, max(0, m.start() - 40), m.start())
        if before is not None:
            last = _low(before.group(2) or "")
            pair = f"{_low(before.group(1) or '')} {last}".strip()
            if last in stops or pair in stops:
                continue
        after = _PACK_WORD_AFTER.match(plain, m.end())
        if after is not None and _low(after.group(1)) in stops:
            continue
        yield Hit(m.start(), m.end(), Label.NRP, 0.5)
    heads = _nationality_heads(lang)
    if heads is not None:  # "Suriye uyrukluyum", "Irak vatandaşıyım": a country's name, then the word
        for m in heads.finditer(scan.text):
            yield Hit(m.start(), m.end(), Label.NRP, 0.5)


@cache
def _nationality_heads(lang: str) -> re.Pattern[str] | None:
    """A capitalised name before a word of the pack's ``nationality_heads`` (Turkish ``uyruklu``,
    ``vatandaşıyım``): a nationality said through the country."""
    heads = words("nationality_heads", (lang,), required=False)
    if not heads:
        return None
    return regex_cache.compile(
        r"(?<![\w'’])(?-i:[A-ZÀ-ÞİÇŞĞÖÜ][\w'’-]*)(?:[ \t]+(?-i:[A-ZÀ-ÞİÇŞĞÖÜ][\w'’-]*))?[ \t]+(?i:"
        + alternation(heads)
        + r")(?![\w])"
    )


def _find_pack_partners(scan: Scan) -> Iterator[Hit]:
    """A partner of the writer's own gender in a pack language ("mio marito" from Marco): the writer's
    name from the pack's self-introductions and sign-offs (or the core cues), the partner's gender
    from the word, or the partner's name right after it."""
    lang = _pack(scan)
    if lang is None:
        return
    pattern, gendered = _pack_partners(lang)
    if pattern is None:
        return
    plain = scan.memo("pack_plain", _pack_plain)
    found = list(pattern.finditer(plain))
    if not found:
        return
    text = scan.text
    genders = _pack_writer_genders(text, lang)
    if len(genders) != 1:
        return  # nobody, or names that disagree
    writer = next(iter(genders))
    for m in found:
        gender = gendered.get(_low(m.group()))
        if gender is None:  # a neutral word: the partner's name after it tells
            after = _NAME_AFTER.match(text, m.end())
            gender = _gender_of(after.group(1)) if after is not None else None
        if gender == writer:
            yield Hit(m.start(), m.end(), Label.SEXUAL_ORIENTATION, 0.5)


def _pack_rule(
    name: str,
    label: Label,
    find: Finder,
    source: str,
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    lexicons: tuple[str, ...],
) -> Rule:
    return Rule(
        id=f"special.{name}",
        family=Family.SPECIAL,
        detector=_D,
        labels=frozenset({label}),
        find=find,
        source=source,
        score=0.5,
        lexicons=lexicons,
        description=description,
        examples=examples,
        negatives=negatives,
    )


PACK_HEALTH = _pack_rule(
    "pack_health",
    Label.HEALTH,
    _pack_term_finder(
        Label.HEALTH, ("health_conditions", "health_treatments", "health_clinicians", "health_phrases"), True
    ),
    _TERM,
    "a condition, treatment, clinician or disability phrase of the text's language pack, in a text about someone",
    (
        Example("Bom dia, estou com esclerose múltipla e preciso de ajuda com a fatura.", "esclerose múltipla"),
        Example("Buongiorno, sono incinta e vorrei sospendere il contratto.", "incinta"),
        Example("Dzień dobry, mam cukrzycę i proszę o kontakt.", "cukrzycę"),
        Example("Merhaba, hamileyim ve faturamı ertelemek istiyorum.", "hamileyim"),
        Example("Bon dia, tinc diabetis i no puc anar a la botiga.", "diabetis"),
        # a sentence's capital İ: "İ".lower() is "i" and a combining dot
        Example("İnme sonrası fizik tedavi alıyorum ve sürekli yorgunum.", "İnme sonrası fizik tedavi"),
    ),
    ("O que é a esclerose múltipla? Quais são os sintomas da doença?",),
    ("health_conditions", "health_treatments", "health_clinicians", "health_phrases", "person_anchors"),
)
PACK_DIAGNOSIS_CUE = _pack_rule(
    "pack_diagnosis_cue",
    Label.HEALTH,
    _find_pack_diagnosis_cues,
    _CUE_SOURCE,
    "a condition named after a diagnosis cue of the text's pack (soffro di, choruję na, sofro de) or, in"
    " Turkish, before a head that says someone has it (hastasıyım, tanısı aldım), whether or not a list holds it",
    (
        Example("Pani Doktor, przepraszam za nieobecność. Leczę się na depresję.", "Leczę się na depresję"),
        Example("Buongiorno, mi hanno diagnosticato la sarcoidosi e devo sospendere il contratto.", "sarcoidosi"),
        Example("Dzień dobry, od roku choruję na sarkoidozę i proszę o odroczenie.", "sarkoidozę"),
        Example("Merhaba, Sarkoidoz hastasıyım ve faturamı ödeyemiyorum.", "Sarkoidoz hastasıyım"),
        Example("Geçen yıl böbrek yetmezliği teşhisi kondu.", "böbrek yetmezliği teşhisi kondu"),
        Example("İyi günler, MS teşhisinden beri kemoterapi alıyorum.", "MS teşhisinden beri"),
        Example("Olá, sofro de fibromialgia há dois anos e preciso de ajuda.", "fibromialgia"),
        Example("Bon dia, pateixo fibromiàlgia i no puc treballar.", "fibromiàlgia"),
    ),
    ("Buongiorno, il router si è bloccato di nuovo stamattina, grazie.",),
    ("diagnosis_cues", "diagnosis_heads", "function_words", "compound_heads"),
)
PACK_VOTE = _pack_rule(
    "pack_vote",
    Label.POLITICS,
    _find_pack_votes,
    _CUE_SOURCE,
    "the party a vote names in the text's pack (votam no, voto per, głosuję na, votem a), listed or not",
    (
        Example("Lá em casa todos votam no PCdoB.", "PCdoB"),
        Example("lá em casa todos votam no ps.", "ps"),
        Example("A casa votiamo tutti per il Movimento Cinque Stelle.", "Movimento Cinque Stelle"),
        Example("W domu wszyscy głosujemy na Razem.", "Razem"),
        Example("A casa votem a la CUP des de sempre.", "CUP"),
    ),
    ("O voto é secreto e obrigatório no Brasil.", "Ho votato ieri mattina presto."),
    ("vote_cues",),
)
PACK_RELIGION = _pack_rule(
    "pack_religion",
    Label.RELIGION,
    _pack_term_finder(Label.RELIGION, ("religion",), True),
    _TERM,
    "religion, its practice and observance in the text's language pack, in a sentence about someone",
    (
        Example("Olá, eu sou muçulmano e não como carne de porco, obrigado.", "muçulmano"),
        Example("não sou religioso, então prefiro que o casamento seja no jardim.", "não sou religioso"),
        # a verb of the first person makes the term the writer's in a text with no pronoun
        Example(
            "Como somos judeus praticantes, seria possível ter chave física em vez de cartão?",
            "somos judeus praticantes",
        ),
        Example(
            "Ciao Marta, per il turno del venerdì sera: osservo lo Shabbat, quindi dopo il tramonto non lavoro.",
            "osservo lo Shabbat",
        ),
        Example("A qui correspongui: per motius religiosos només menjo halal.", "halal"),
    ),
    (
        "A mesquita da cidade fica perto da estação de comboios, não é?",
        "O canal era católico antes da mudança de grelha.",
    ),
    ("religion", "person_anchors"),
)
PACK_ORIENTATION = _pack_rule(
    "pack_orientation",
    Label.SEXUAL_ORIENTATION,
    _pack_term_finder(Label.SEXUAL_ORIENTATION, ("orientation",), True),
    _TERM,
    "sexual orientation or gender identity in the text's language pack, in a sentence about someone",
    (Example("Buongiorno, sono gay e il mio padrone di casa fa domande.", "gay"),),
    ("Il festival del cinema ha una sezione gay quest'anno, grazie.",),
    ("orientation", "person_anchors"),
)
PACK_NATIONALITY = _pack_rule(
    "pack_nationality",
    Label.NRP,
    _find_pack_nationalities,
    _TERM,
    "a nationality or origin in the text's language pack, in a text about someone, not a language or a cuisine",
    (
        Example("Olá, sou ucraniana e tenho proteção temporária, preciso de ajuda com a conta.", "ucraniana"),
        Example("Merhaba, Suriyeliyim ve faturam yanlış geldi, yardım eder misiniz?", "Suriyeliyim"),
        Example("Suriye uyrukluyum ve aşçı olarak çalışıyorum.", "Suriye uyrukluyum"),
    ),
    (
        "Olá, eu falo ucraniano e português, a minha conta está bloqueada.",
        "Merhaba, Almanya'dayım ve hattım çalışmıyor, yardım eder misiniz?",
    ),
    ("nationalities", "nationality_stops", "nationality_heads", "person_anchors"),
)
PACK_POLITICS = _pack_rule(
    "pack_politics",
    Label.POLITICS,
    _pack_term_finder(Label.POLITICS, ("politics", "trade_union"), True),
    _TERM,
    "a party, a political label or a trade union in the text's language pack, in a sentence about someone",
    (Example("Dzień dobry, jestem członkiem Solidarności i proszę o zwrot składki.", "Solidarności"),),
    ("Dzień dobry, czy sklep przy ulicy Solidarności jest otwarty w sobotę?",),
    ("politics", "trade_union", "person_anchors"),
)
CRIMINAL_RECORD = _rule(
    "criminal_record",
    Label.CRIMINAL_RECORD,
    _status_finder(Label.CRIMINAL_RECORD, "criminal_record"),
    _CUE_SOURCE,
    0.55,
    (),
    "a criminal record or offence said of someone (on parole, libertad condicional, pulseira eletrónica)",
    (
        Example("My son is on parole and needs a phone contract.", "on parole", Label.CRIMINAL_RECORD),
        Example("Tengo antecedentes penales y me piden el certificado.", "antecedentes penales"),
        Example("Sono in libertà vigilata e devo cambiare il numero.", "libertà vigilata"),
    ),
    ("What is parole and how does it work?",),
    ("criminal_record", "person_anchors"),
)
IMMIGRATION_STATUS = _rule(
    "immigration_status",
    Label.IMMIGRATION_STATUS,
    _status_finder(Label.IMMIGRATION_STATUS, "immigration_status"),
    _CUE_SOURCE,
    0.55,
    (),
    "an immigration or asylum status said of someone (asylum seeker, sin papeles, pedido de asilo)",
    (
        Example("I'm an asylum seeker and I can't open a bank account.", "asylum seeker", Label.IMMIGRATION_STATUS),
        Example("Mi hermano está sin papeles y necesita una SIM.", "sin papeles"),
        # too few function words for the language guess: the pack of the text's frequent words
        Example("sou indocumentado, posso fazer cadastro no aplicativo de entregas?", "sou indocumentado"),
    ),
    ("How long does an asylum application take in general?",),
    ("immigration_status", "person_anchors"),
)
PACK_SAME_SEX_PARTNER = _pack_rule(
    "pack_same_sex_partner",
    Label.SEXUAL_ORIENTATION,
    _find_pack_partners,
    _CUE_SOURCE,
    "a partner of the writer's own gender in the text's language pack (mio marito, written by Marco)",
    (
        Example("Buongiorno, mi chiamo Marco e vorrei aggiungere mio marito al contratto.", "mio marito"),
        Example("Bom dia, estou muito preocupada: a minha esposa não consegue entrar na conta.", "minha esposa"),
        Example("Erkek arkadaşım Can ile birlikte yaşıyorum, ben de erkeğim.", "Erkek arkadaşım"),
        # "Grazie Diana" thanks someone: no signature of the writer's
        Example(
            "Grazie Diana, adesso funziona!\n\nSono Luca e il mio fidanzato vuole il contratto.", "il mio fidanzato"
        ),
        # "grazie" + "mille" is one sign-off, though "Mille" is a given name: no second writer
        Example("salve sono Marco, vorrei aggiungere mio marito Davide alla polizza. grazie mille", "mio marito"),
    ),
    (
        "Buongiorno, mi chiamo Marco e vorrei aggiungere mia moglie al contratto.",
        "Bom dia, estou muito preocupado: a minha esposa não consegue entrar na conta.",
    ),
    (
        "partner_words",
        "neutral_partner_words",
        "self_introductions",
        "sign_offs",
        "writer_gender_words",
        "writer_copulas",
        "copula_skips",
    ),
)


#: a blood group after the words for one in any supported language ("blood type is O+", "kan grubu A Rh+",
#: "grupo sanguíneo AB negativo"): the group, its Rhesus factor and its sign
_SIGN_WORD = r"(?:positi\w*|negati\w*|pozytywn\w*|ujemn\w*|pozitif|negatif|negatiu|positiu)"
_BLOOD_GROUP = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(words("blood_group_words", ["mul"]))
    + r")(?![\w])[ \t]*(?:[:=][ \t]*|(?:is|was|es|era|é|è|és|est|ist|war|jest|był|była|foi|to)[ \t]+)?"
    r"((?-i:AB|A|B|0|O)(?:[ \t]*(?:Rh|RH|rh)(?:[ \t]*\(?[+-]\)?|[ \t-]+" + _SIGN_WORD + r"|[ \t]*D)?|[ \t]*[+-]"
    r"|[ \t-]+" + _SIGN_WORD + r")?)(?![\w+-])"
)
#: what a form or a page offers, not anyone's group ("Blood group A form", "kan grubu A seçeneği")
_BLOOD_GROUP_UI = re.compile(
    r"(?i)[ \t]+(?:(?:form|option|filter|field|campo|opzione|opção|opcja|pole|filtro|seçeneği|seçenek|formularz)"
    r"(?![\w])"
    r"|(?:e|y|and|i|ve|und|et|en|o|or|oder|ou)[ \t]+(?-i:AB|A|B|0|O)(?![\w]))"
)


def _blood_group_owner(text: str, start: int) -> bool:
    """Someone's blood group: a first-person or personal word in the words before it on its line ("my blood type",
    "meu grupo sanguíneo", "mam grupę krwi", "kan grubum")."""
    line = text.rfind("\n", 0, start) + 1
    before = {fold(w) for w in re.findall(r"[^\W\d_]+", text[max(line, start - 60) : start])}
    return bool(before & _owner_words())


@cache
def _owner_words() -> frozenset[str]:
    listed = [
        *words("person_anchors", RULE_PACKS, required=False),
        *words("first_person_words", ["mul"]),
        *words("blood_group_owners", ["mul"]),
    ]
    return frozenset(fold(w) for w in listed)


def _find_blood_groups(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _BLOOD_GROUP.finditer(text):
        value = m.group(1)
        if _BLOOD_GROUP_UI.match(text, m.end(1)):
            continue  # "Blood group A form", "gruppo sanguigno A e B": a page's or a form's, no one's
        # a whole type (a Rhesus factor, a sign) is someone's; a bare letter only when said of a person
        whole = len(value) > 2 or value[-1:] in "+-"
        if whole or _blood_group_owner(text, m.start(1)):
            yield Hit(m.start(1), m.end(1), Label.HEALTH, 0.6)


BLOOD_GROUP = _rule(
    "blood_group",
    Label.HEALTH,
    _find_blood_groups,
    _CUE_SOURCE,
    0.6,
    (_BLOOD_GROUP,),
    "a blood group after the words for one, in any supported language (blood type O+, kan grubu A Rh+)",
    (
        Example("Before the surgery: my blood type is O+ and I'm allergic to latex.", "O+", Label.HEALTH),
        Example("ehliyet belge no: B 483 917, kan grubu A Rh+, tel: 0507 334 12 90", "A Rh+", Label.HEALTH),
        Example("Para a doação: o meu grupo sanguíneo é AB negativo.", "AB negativo", Label.HEALTH),
        Example("Proszę zapisać: mam grupę krwi B Rh- i biorę leki.", "B Rh-", Label.HEALTH),
        Example("Per la cartella: gruppo sanguigno 0 Rh+, nessuna allergia.", "0 Rh+", Label.HEALTH),
        Example("For the transfusion: my blood type is O-negative.", "O-negative", Label.HEALTH),
        Example("Acil durum için: kan grubum 0 Rh pozitif.", "0 Rh pozitif", Label.HEALTH),
        Example("Hola, el meu grup sanguini és A, per si de cas.", "A", Label.HEALTH),
    ),
    (
        "The blood type field in the form is broken, I cannot save the page.",
        "Blood type: choose one of the options below, then press Save.",
        "kan grubu alanı boş kalıyor, form kaydedilmiyor",
        "Blood type O is the universal donor, says the leaflet on the website.",
        "Please add a blood group A form and a blood group B form to the clinic's site.",
        "la pagina sul gruppo sanguigno A e B della campagna non si apre",
    ),
    ("blood_group_words", "blood_group_owners", "first_person_words", "person_anchors"),
)
