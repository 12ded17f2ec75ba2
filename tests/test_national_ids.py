"""Every national identifier format (catalogue/national_ids.py): a valid value passes its validator
and is found after a word that names an identifier; the same value with a broken check digit (or,
for the formats with no check digit, an impossible date or group) fails and is not found."""

from __future__ import annotations

import pytest

from local_model.detection.catalogue.base import Scan
from local_model.detection.catalogue.national_ids import FORMATS, NATIONAL_ID

#: (format, valid value, the value with its check character changed)
CASES = [
    ("fi.hetu", "131052-308T", "131052-3080"),
    ("se.personnummer", "811218-9876", "811218-9870"),
    ("no.fodselsnummer", "15069012377", "15069012370"),
    ("dk.cpr", "211062-5550", "211362-5550"),  # no check digit since 2007: month 13
    ("is.kennitala", "120174-3989", "120174-3909"),
    ("ee.ik", "37603154219", "37603154210"),
    ("lt.asmens", "37603154219", "37603154210"),
    ("cz.rc", "710319/2173", "710319/2170"),
    ("pl.pesel", "44051401359", "44051401350"),
    ("pl.id_card", "ABA300000", "ABA000000"),
    ("ro.cnp", "1960529403188", "1960529403180"),
    ("bg.egn", "7523169263", "7523169260"),
    ("hr.oib", "33018665967", "33018665960"),
    ("si.emso", "0106971500185", "0106971500180"),
    ("gr.amka", "01018089324", "01018089320"),
    ("it.codicefiscale", "RSSMRA85T10A562S", "RSSMRA85T10A562A"),
    ("pt.cc", "00000000 0 ZZ4", "00000000 0 ZZ0"),
    ("pt.nif", "123456789", "123456780"),
    ("be.nn", "85.07.30-033.28", "85.07.30-033.20"),
    ("nl.bsn", "111222333", "111222330"),
    ("at.vnr", "1237 010180", "1230 010180"),
    ("de.idnr", "36591048758", "36591048750"),
    ("de.kvnr", "A123456780", "A123456781"),
    ("fr.nir", "2 95 10 99 126 111 93", "2 95 10 99 126 111 90"),
    ("ie.pps", "1234567T", "1234567A"),
    ("ch.ahv", "756.9217.0769.85", "756.9217.0769.80"),
    ("br.cpf", "111.444.777-35", "111.444.777-30"),
    ("br.cnpj", "11.222.333/0001-81", "11.222.333/0001-80"),
    ("mx.curp", "HEGG560427MVZRRL04", "HEGG560427MVZRRL00"),
    ("in.aadhaar", "2345 6789 0124", "2345 6789 0120"),
    ("in.pan", "ABCPE1234A", "ABCPE12345"),  # no check digit: the last must be a letter
    ("cn.ric", "11010519491231002X", "110105194912310020"),
    ("tr.tckimlik", "10000000146", "10000000140"),
    ("us.itin", "912-70-1234", "912-69-1234"),  # no check digit: group 69 is never issued
    ("ca.sin", "130 692 544", "130 692 540"),
    ("gb.nhs", "943 476 5919", "943 476 5910"),
    ("kr.rrn", "971013-1019901", "971013-1019902"),
    ("za.idnr", "7503120953084", "7503120953080"),
    ("il.idnr", "231522350", "231522351"),
    ("ua.rntrc", "1901534080", "1901534081"),
    ("jp.my_number", "1234 5678 9018", "1234 5678 9010"),
    ("hk.hkid", "G123456(A)", "G123456(0)"),
    ("tw.national_id", "A123456789", "A123456780"),
    ("luhn.health_card", "8031 0000 0000 0000 0006", "8031 0000 0000 0000 0000"),
]


def test_every_format_has_a_case() -> None:
    assert {f.name for f in FORMATS} == {name for name, _, _ in CASES}


@pytest.mark.parametrize(("name", "valid", "broken"), CASES, ids=[c[0] for c in CASES])
def test_a_valid_id_passes_and_a_broken_one_fails(name: str, valid: str, broken: str) -> None:
    formats = [f for f in FORMATS if f.name == name]
    assert any(f.pattern.fullmatch(valid) and f.validate(valid) for f in formats), valid
    assert not any(f.validate(broken) for f in formats if f.pattern.fullmatch(broken)), broken


@pytest.mark.parametrize(("name", "valid", "broken"), CASES, ids=[c[0] for c in CASES])
def test_the_rule_finds_the_valid_id_after_its_word_and_not_the_broken_one(name: str, valid: str, broken: str) -> None:
    def found(value: str) -> set[str]:
        text = f"Please update my record, ID number: {value} thanks"
        return {text[h.start : h.end] for h in NATIONAL_ID.find(Scan(text))}

    assert valid in found(valid)
    # a broken value that another country's format accepts ("131052-3080" is a valid Danish CPR
    # shape and date) is an identifier all the same; the others must not be found
    if not any(f.pattern.fullmatch(broken) and f.validate(broken) for f in FORMATS):
        assert broken not in found(broken)


def test_most_broken_values_are_no_identifier_of_any_country() -> None:
    other = [b for _, _, b in CASES if any(f.pattern.fullmatch(b) and f.validate(b) for f in FORMATS)]
    assert len(other) <= len(CASES) // 4, other
