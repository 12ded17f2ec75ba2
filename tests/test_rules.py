"""Table-driven tests of the structured-identifier rules, in en/es/fr/de/nl text."""

from __future__ import annotations

import pytest

from local_model.detection.detectors.rules import RuleDetector
from local_model.text.identifiers import dni_valid, iban_valid, ip_valid, luhn_valid
from signatures.entities import Label

RULES = RuleDetector()


def found(text: str) -> dict[str, set[Label]]:
    out: dict[str, set[Label]] = {}
    for e in RULES.detect(text):
        out.setdefault(e.text, set()).add(e.label)
    return out


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # e-mail, URL, IP
        ("write to ana.lopez+x@correo.example.es today", "ana.lopez+x@correo.example.es", Label.EMAIL),
        ("Schreiben Sie an k.mueller@beispiel.de.", "k.mueller@beispiel.de", Label.EMAIL),
        ("see https://intranet.example.com/u/42?x=1, thanks", "https://intranet.example.com/u/42?x=1", Label.URL),
        ("server 192.168.10.25 is down", "192.168.10.25", Label.IP_ADDRESS),
        ("adresse IP 2001:db8:85a3::8a2e:370:7334 bloquée", "2001:db8:85a3::8a2e:370:7334", Label.IP_ADDRESS),
        # validated banking identifiers
        ("IBAN ES91 2100 0418 4502 0005 1332 please", "ES91 2100 0418 4502 0005 1332", Label.IBAN),
        ("Mein Konto: DE89370400440532013000.", "DE89370400440532013000", Label.IBAN),
        ("rekening NL91ABNA0417164300 graag", "NL91ABNA0417164300", Label.IBAN),
        ("carte 4111 1111 1111 1111 expirée", "4111 1111 1111 1111", Label.CREDIT_CARD),
        ("card 5500-0000-0000-0004 was charged", "5500-0000-0000-0004", Label.CREDIT_CARD),
        # national identifiers
        ("mi DNI es 12345678Z", "12345678Z", Label.NATIONAL_ID),
        ("NIE X1234567L en vigor", "X1234567L", Label.NATIONAL_ID),
        ("SSN 123-45-6789 on file", "123-45-6789", Label.NATIONAL_ID),
        ("numéro de sécurité sociale 1 84 12 76 451 089 46", "1 84 12 76 451 089 46", Label.NATIONAL_ID),
        ("passport number X4RTBPFW4 expires", "X4RTBPFW4", Label.PASSPORT),
        ("Führerschein B072RRE2I55 gültig", "B072RRE2I55", Label.DRIVER_LICENSE),
        ("driving licence MORGA753116SM9IJ", "MORGA753116SM9IJ", Label.DRIVER_LICENSE),
        # phones, international and national
        ("call +44 20 7946 0958 now", "+44 20 7946 0958", Label.PHONE),
        ("llámame al 612 345 678", "612 345 678", Label.PHONE),
        ("appelez le 06 12 34 56 78", "06 12 34 56 78", Label.PHONE),
        ("Telefon: 030 12345678", "030 12345678", Label.PHONE),
        ("bel me op 06-12345678", "06-12345678", Label.PHONE),
        ("tel (212) 555-0199", "(212) 555-0199", Label.PHONE),
        # dates, times, ages
        ("born on 14/03/1979 in Leeds", "14/03/1979", Label.DATE_OF_BIRTH),
        ("née le 3 février 1985 à Lyon", "3 février 1985", Label.DATE_OF_BIRTH),
        ("geboren am 16. Mai 1991", "16. Mai 1991", Label.DATE_OF_BIRTH),
        ("la cita es el 2024-05-17", "2024-05-17", Label.DATE),
        ("on August 10th, 1974 we met", "August 10th, 1974", Label.DATE),
        ("geboortedatum: 5 maart 1990", "5 maart 1990", Label.DATE_OF_BIRTH),
        ("the call was at 3:07am", "3:07am", Label.TIME),
        ("rendez-vous à 14h30", "14h30", Label.TIME),
        ("um 14 Uhr", "14 Uhr", Label.TIME),
        ("my son is 7 years old", "7 years old", Label.AGE),
        # addresses
        ("postcode BS40 5SB, Bristol", "BS40 5SB", Label.POSTCODE),
        ("1012 AB Amsterdam", "1012 AB", Label.POSTCODE),
        ("PLZ 10115 Berlin", "10115", Label.POSTCODE),
        ("lives at 235 Happy Top Road, Bailey", "Happy Top Road", Label.STREET_ADDRESS),
        ("wohnt in der Hauptstraße 12", "Hauptstraße", Label.STREET_ADDRESS),
        ("12 rue de la Paix, Paris", "rue de la Paix", Label.STREET_ADDRESS),
        ("Calle Mayor 5, Madrid", "Calle Mayor", Label.STREET_ADDRESS),
        ("Kerkstraat 9, Utrecht", "Kerkstraat", Label.STREET_ADDRESS),
        ("deliver to Apt 4B please", "Apt 4B", Label.SECONDARY_ADDRESS),
        ("location [53.979, -0.991] recorded", "[53.979, -0.991]", Label.GEO_COORDINATE),
        # accounts and secrets
        ("ping @maria_lopez on the forum", "@maria_lopez", Label.USERNAME),
        ("user wsfdkmi9214 posted", "wsfdkmi9214", Label.USERNAME),
        ("my password is JtOOO0#S9", "JtOOO0#S9", Label.PASSWORD),
        # titles and gender
        ("Dear Mrs Okafor,", "Mrs", Label.TITLE),
        ("Gender: Female", "Female", Label.GENDER),
        ("Geschlecht: weiblich", "weiblich", Label.GENDER),
        # markers already in the text
        ("My name is <PERSON_1>", "<PERSON_1>", Label.PERSON),
        # record identifiers and credentials in query strings / form bodies
        ('{"Sid":"3f2b8c1e-9a7d-4e21-b5c3-0d6f1a2e4b97"}', "3f2b8c1e-9a7d-4e21-b5c3-0d6f1a2e4b97", Label.CUSTOMER_ID),
        ('-d "client_secret=9f8e7d6c5b4a39281706f5e4d3c2b1a0"', "9f8e7d6c5b4a39281706f5e4d3c2b1a0", Label.PASSWORD),
        ("GET /cb?code=4000.a1b2c3d4e5f6&state=x", "4000.a1b2c3d4e5f6", Label.PASSWORD),
    ],
)
def test_rule_finds(text: str, value: str, label: Label) -> None:
    hits = found(text)
    assert value in hits, f"{value!r} not found in {text!r}: {hits}"
    assert label in hits[value], f"{value!r} labelled {hits[value]}, expected {label}"


@pytest.mark.parametrize(
    "text",
    [
        "We released version 1.2.3 in 2019 and 2020.",
        "The meeting lasted 45 minutes and cost $1,000.",
        "Use config.yaml and main.py, see e.g. chapter 3.",
        "Upgrade to Python 3.11 and use H2O, COVID19, MP3 files, 10am sharp.",
        "The years 1990-2000 were good; page 12 of 300.",
        "set start_date and issue_1 in the JSON",
        "see the code=samplepage and token=abcdefghij examples",
    ],
)
def test_rules_stay_quiet_on_ordinary_text(text: str) -> None:
    noisy = {v: labels for v, labels in found(text).items() if labels - {Label.TIME, Label.DATE}}
    assert not noisy, noisy


@pytest.mark.parametrize(
    ("value", "ok"),
    [("12345678Z", True), ("12345678A", False), ("X1234567L", True), ("Y1234567X", True), ("Z1234567R", True)],
)
def test_dni_nie_check_letter(value: str, ok: bool) -> None:
    assert dni_valid(value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [("ES9121000418450200051332", True), ("ES9121000418450200051333", False), ("GB82WEST12345698765432", True)],
)
def test_iban_mod97(value: str, ok: bool) -> None:
    assert iban_valid(value) is ok


@pytest.mark.parametrize(("value", "ok"), [("4111111111111111", True), ("4111111111111112", False)])
def test_luhn(value: str, ok: bool) -> None:
    assert luhn_valid(value) is ok


def test_invalid_iban_still_reported_with_lower_score() -> None:
    ents = [e for e in RULES.detect("IBAN ES91 2100 0418 4502 0005 1333") if e.text.startswith("ES91 2100")]
    assert ents and all(e.label == Label.ACCOUNT_NUMBER and e.score < 1.0 for e in ents)
    assert not any(e.label == Label.IBAN for e in RULES.detect("IBAN ES91 2100 0418 4502 0005 1333"))


def test_ip_validator() -> None:
    assert ip_valid("10.0.0.1") and not ip_valid("300.1.1.1")
    assert "300.1.1.1" not in {e.text for e in RULES.detect("bad ip 300.1.1.1 here") if e.label == Label.IP_ADDRESS}


def test_mistyped_iban_is_one_account_number() -> None:
    """Right country, length and format, wrong check digits: one span, not digit groups."""
    text = "refund it to ES80 8326 6166 3049 4032 6991 please"
    spans = [(e.text, e.label) for e in RuleDetector().detect(text) if e.label == Label.ACCOUNT_NUMBER]
    assert ("ES80 8326 6166 3049 4032 6991", Label.ACCOUNT_NUMBER) in spans
