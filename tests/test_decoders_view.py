"""The detection view and its decoders on the obfuscation families of the hand-written dev tickets
(``eval/handwritten/dev``; other invented values): spelled numbers with pairs and mixed digits,
digit runs with any separator, look-alike letters in digit groups, medicine names."""

from __future__ import annotations

import pytest

from local_model.detection.hybrid import HybridDetector
from local_model.text.decoders import spelled_numbers, spoken_emails
from local_model.text.medications import find_medications, medication_names
from local_model.text.view import make_view
from signatures.entities import Entity


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("my number is six one two three four five six seven eight", "612345678"),
        ("el seis cero nueve, doce, treinta y cuatro, cincuenta y seis", "609123456"),
        ("seis seis uno, cero ocho, veintidós, noventa por la tarde", "661082290"),
        ("llamadme al 6 cuatro 5 dos 2 uno 8 ocho 0, gracias", "645221880"),
        ("SEIS~SEIS~CERO~CUATRO~DOS~UNO~OCHO~OCHO~SIETE", "660421887"),
        ("07 seven 8 two 3 1 nine 0 0 4", "07782319004"),
        ("double seven oh nine one two three", "7709123"),
        ("su IP es ochenta y cinco punto cincuenta y cuatro punto doce punto doscientos uno", "85.54.12.201"),
        ("twenty one, thirty four, fifty six, seventy eight", "21345678"),
    ],
)
def test_spelled_numbers(text: str, digits: str) -> None:
    assert [d for _, _, d in spelled_numbers(text)] == [digits]


@pytest.mark.parametrize(
    "text",
    [
        "one of the two",
        "I have 2 kids and 3 dogs, one cat and four fish",
        "twenty one years and five months",
        "call me at 5 or 6 tomorrow",
    ],
)
def test_ordinary_numbers_are_not_a_spelled_run(text: str) -> None:
    assert spelled_numbers(text) == []


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("mob 0 4 1 2 ~ 5 5 8 ~ 9 0 3 tfn", "mob 0412558903 tfn"),
        ("Contact (917)·555·0143.", "Contact (917) 555 0143."),
        ("from 89∙64∙11∙207 |", "from 89.64.11.207 |"),
        ("ip=83_45_112_7 |", "ip=83.45.112.7 |"),
        ("text to o7 7OO 9OO 2l9 as well", "text to 07 700 900 219 as well"),
        ("DNI 4 8 . 2 9 1 . 6 0 7 - K, direccion", "DNI 48291607K, direccion"),
        ("Mi DNI 7 5 l 4 4 O 9 8 Q.", "Mi DNI 75144098Q."),
        ("I have 10 oil 20 lol", "I have 10 oil 20 lol"),
        # a version joined by its underscore has dots of its own: no phone or address to read in it
        ("Firmware 1.0.11.116_1.0.1 on the R7000", "Firmware 1.0.11.116_1.0.1 on the R7000"),
        ("call 612_345_678 now", "call 612 345 678 now"),
        # a word of look-alike letters next to a number is the word: the Italian article, no "11"
        ("cliente C-52698139, nato il 05/12/1945.", "cliente C-52698139, nato il 05/12/1945."),
        ("il numero lo 6l2 345 678", "il numero lo 612 345 678"),
    ],
)
def test_view_rewrites_digit_tricks(text: str, view: str) -> None:
    v = make_view(text)
    assert v.text == view
    # every view span maps back inside the original
    s, e = v.to_original(0, len(v.text))
    assert (s, e) == (0, len(text))


def test_medicine_names_come_from_the_bundled_dictionary() -> None:
    names = medication_names()
    assert len(names) > 10_000
    assert {"warfarin", "levetiracetam", "co-careldopa", "omeprazol", "amoxicilina"} <= names
    # ordinary words and first names are left out
    assert not {"camila", "today", "water", "iron"} & names


def test_find_medications_spans() -> None:
    text = "Meds: Warfarin 5mg, METFORMIN and insulin glargine; she drinks water."
    found = [text[s:e] for s, e in find_medications(text)]
    assert "Warfarin" in found and "METFORMIN" in found
    assert "water" not in found


def test_strip_marks_keeps_offsets() -> None:
    from local_model.text.textnorm import strip_marks

    for text in ("traumatólogo", "DEGENERACIÓN MACULAR", "Ñandú y pingüino", "plain ascii", "Straße 数字"):
        plain = strip_marks(text)
        assert len(plain) == len(text)
    assert strip_marks("traumatólogo") == "traumatologo"
    assert strip_marks("Ñandú") == "Nandu"


@pytest.mark.parametrize(
    ("words", "value"),
    [("seventy-four", 74), ("ochenta y dos", 82), ("noventa y un", 91), ("doce", 12), ("one hundred and two", 102),
     ("ciento tres", 103), ("veintiún", 21), ("EIGHTY-ONE", 81), ("banana", None)],
)  # fmt: skip
def test_cardinal_value(words: str, value: int | None) -> None:
    from local_model.text.decoders import cardinal_value

    assert cardinal_value(words) == value


def test_values_glued_to_cjk_text_are_spaced_off_and_short_numbers_keep_their_unit() -> None:
    text = "手机号码是13800138000谢谢，邮箱zhang.wei@qq.com。地址：서울 강남구 테헤란로 123 한빛빌딩 4층，29세"
    v = make_view(text)
    assert "是 13800138000 谢" in v.text and "邮箱 zhang.wei@qq.com。" in v.text
    assert "4층" in v.text and "29세" in v.text and "123 한빛빌딩" in v.text
    start = v.text.index("13800138000")
    assert v.to_original(start, start + 11) == (text.index("13800138000"), text.index("13800138000") + 11)


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("zero sete um, cinco dois quatro, oito três nove", "071524839"),  # pt
        ("tre tre otto, sei uno due, quattro quattro zero nove", "3386124409"),  # it
        ("sis-cents setanta-u, quaranta-dos, vint-i-nou, trenta-tres", "671422933"),  # ca, read in groups
        ("piec osiem jeden dwa jeden dziewiec zero osiem", "58121908"),  # pl, typed without marks
        ("sześćset sześćdziesiąt dwa, trzysta jeden, osiemdziesiąt siedem", "66230187"),  # pl
        ("sıfır beş yüz otuz üç, yedi yüz yirmi bir, kırk beş, on iki", "05337214512"),  # tr: "beş yüz" is 500
        ("três um, nove nove meia três oito", "3199638"),  # pt-BR "meia" for six
    ],
)
def test_digits_spelled_in_the_pack_languages(text: str, digits: str) -> None:
    assert [d for _, _, d in spelled_numbers(text)] == [digits]
    assert digits in make_view(text).text


def test_spoken_addresses_in_the_pack_languages() -> None:
    for text, address in (
        ("email: amina punto haddad chiocciola gmail punto com grazie", "amina.haddad@gmail.com"),
        ("jan kropka nowicki małpa wp kropka pl", "jan.nowicki@wp.pl"),
        ("samir ponto haddad arroba gmail ponto com", "samir.haddad@gmail.com"),
        ("escriviu a marta (punt) soler (arrova) correu (punt) cat", "marta.soler@correu.cat"),
        ("adresim deniz_kaya[et]posta(nokta)com olarak", "deniz_kaya@posta.com"),
        ("mail: deniz (et) ornek (nokta) com (nokta) tr", "deniz@ornek.com.tr"),
        ("write to ana[at]example[.]org", "ana@example.org"),
        # a number said after the name's words: the words before it belong to the address
        (
            "la mia mail è giulia punto marino ottantadue chiocciola gmail punto com",
            "giulia.marinoottantadue@gmail.com",
        ),
        ("giulia punto marino ottanta due chiocciola gmail punto com", "giulia.marinoottantadue@gmail.com"),
    ):
        assert address in make_view(text).text


def test_a_spoken_address_does_not_take_the_words_before_a_name() -> None:
    text = "write to ana punto ruiz chiocciola gmail punto com please"
    assert "write to ana.ruiz@gmail.com please" == make_view(text).text
    # nor the address said before it
    two = "ana at gmail dot com dos at gmail dot com"
    assert [(two[s:e], a) for s, e, a in spoken_emails(two)] == [
        ("ana at gmail dot com", "ana@gmail.com"),
        ("dos at gmail dot com", "dos@gmail.com"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Pierre (et) Marie sont venus.",  # "et" in brackets between words, no domain: French "and"
        "at home (punt) and at work",
    ],
)
def test_bracketed_words_without_an_address_stay_as_written(text: str) -> None:
    assert make_view(text).text == text


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("VPN 162[.]225[.]213[.]175 adresini engelliyor", "VPN 162.225.213.175 adresini engelliyor"),
        ("host mail(.)example(.)com is down", "host mail.example.com is down"),
        ("the list a[.] and f(.)", "the list a[.] and f(.)"),  # not between two word characters
    ],
)
def test_a_defanged_dot_is_a_dot(text: str, view: str) -> None:
    assert make_view(text).text == view


def test_a_defanged_ip_address_is_masked_whole(detector: HybridDetector) -> None:
    text = "Merhabalar, VPN 162[.]225[.]213[.]175 adresini engelliyor, o benim ev IP'm."
    assert [(e.text, e.label.value) for e in detector.detect(text)] == [("162[.]225[.]213[.]175", "IP_ADDRESS")]


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("Su n\\u00famero de m\\u00f3vil ya est\\u00e1 activo.", "Su número de móvil ya está activo."),
        ("Jos\\u00E9 \\ud83d\\ude00!", "José 😀!"),  # upper-case hex; a surrogate pair is one character
        ("a\\u0000b\\u200bc", "a bc"),  # a control character a space, a format character nothing
        ("C:\\\\users\\\\u00e9x", "C:\\\\users\\\\u00e9x"),  # an escaped backslash, then letters
        ("a\\\\\\u00e9", "a\\\\é"),  # an escaped backslash, then an escape
        ("a\\U0001F600b \\u12 \\uZZZZ", "a\\U0001F600b \\u12 \\uZZZZ"),  # not a 4-digit \u escape: as written
    ],
)
def test_view_reads_character_escapes_as_the_characters(text: str, view: str) -> None:
    v = make_view(text)
    assert v.text == view
    if view != text:
        assert v.to_original(0, len(v.text)) == (0, len(text))


def test_an_escaped_answer_holds_no_user_name_and_an_escaped_name_is_found(detector: HybridDetector) -> None:
    """An answer written with ensure_ascii read ``u00f3`` as a user name (a false handoff); a name
    written with escapes was missed.  Spans cover the escaped original characters."""
    assert detector.detect("Su n\\u00famero de m\\u00f3vil ya est\\u00e1 activo.") == []
    text = "Hola, soy Jos\\u00e9 Garc\\u00eda L\\u00f3pez, mi m\\u00f3vil es el 612 345 678."
    found = {(e.label.value, e.text) for e in detector.detect(text)}
    assert ("PERSON", "Jos\\u00e9 Garc\\u00eda L\\u00f3pez") in found and ("PHONE", "612 345 678") in found


def test_personal_data_written_in_base64_is_found_as_the_run(detector: HybridDetector) -> None:
    """A base64 run of printable text is read decoded: a name or an address inside makes the
    whole run one span of that type; base64 of technical text is no finding, and a run inside a
    span already found (an Authorization header's credential) is not read again."""
    import base64

    def b64(value: str) -> str:
        return base64.b64encode(value.encode()).decode()

    text = f"Hi, the app greets me as {b64('Marta Ibanez')} instead of my name."
    found = [(e.label.value, e.text, e.source) for e in detector.detect(text)]
    assert found == [("PERSON", b64("Marta Ibanez"), "decoded:base64")]
    assert detector.detect(f"config value {b64('ABCDEFGH')} and build {b64('release-4.2.19')}") == []
    header = f"Authorization: Basic {b64('ana.ruiz@example.com:S3cret!')}"
    assert [e.source for e in detector.detect(header)] == ["rules/credentials.auth_header"]


def test_the_runs_read_decoded_per_text_are_capped(detector: HybridDetector, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each run read decoded is one more detection: a text of many runs costs at most
    MAX_DECODED_RUNS of them (the egress check still reads every run for the session's values)."""
    import base64

    from local_model.detection import hybrid

    runs = [base64.b64encode(f"reference code number {i:03d} of the order".encode()).decode() for i in range(40)]
    text = "\n".join(f"Line {i}: {run}" for i, run in enumerate(runs))
    nested: list[str] = []
    real = hybrid.HybridDetector._detect

    def counting(self: HybridDetector, value: str, decode: bool) -> list[Entity]:
        if not decode:
            nested.append(value)
        return real(self, value, decode)

    monkeypatch.setattr(hybrid.HybridDetector, "_detect", counting)
    detector.detect(text)
    assert len(nested) == hybrid.MAX_DECODED_RUNS == 32
    nested.clear()
    monkeypatch.setattr(hybrid, "MAX_DECODED_RUNS", 1000)
    detector.detect(text)
    assert len(nested) == 40  # the control: without the cap every run is read


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("my mail is a n a . r u i z @ g m a i l . c o m thanks", "my mail is ana.ruiz@gmail.com thanks"),
        ("a n a . r u i z @ g m a i l . c o m", "ana.ruiz@gmail.com"),
        ("x @ y", "x @ y"),  # no domain: as written
        ("the ratio a : b @ c d is fine", "the ratio a : b @ c d is fine"),
    ],
)
def test_an_address_typed_one_character_at_a_time_is_the_address(text: str, view: str) -> None:
    v = make_view(text)
    assert v.text == view
    if view != text:
        start = view.index("ana")
        assert text[slice(*v.to_original(start, start + len("ana.ruiz@gmail.com")))].startswith("a n a")


def test_a_spaced_out_address_is_masked_whole(detector: HybridDetector) -> None:
    text = "my mail is a n a . r u i z @ g m a i l . c o m thanks"
    assert [(e.text, e.label.value) for e in detector.detect(text)] == [
        ("a n a . r u i z @ g m a i l . c o m", "EMAIL")
    ]


def test_the_dot_that_lower_case_leaves_on_a_turkish_i_is_dropped() -> None:
    text = "TİP belediye meclis üyesiyim".lower()  # "ti̇p": an "i" and a combining dot above
    view = make_view(text)
    assert view.text == "tip belediye meclis üyesiyim"
    assert text[slice(*view.to_original(0, 3))] == text[:4]  # the dot maps back with its letter
    assert make_view("Z\u0307ona").text == "Żona"  # a dot that composes stays a letter
