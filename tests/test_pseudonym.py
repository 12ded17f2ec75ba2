"""Pseudonym map, reinjection (batch, streaming, JSON), minimization, egress check, encrypted persistence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from configs.settings import load_domain
from local_model.boundary.egress import check_egress
from local_model.detection.hybrid import HybridDetector
from local_model.minimization import vault
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap, searchable
from local_model.minimization.streaming import StreamingReinjector, reinject_json
from local_model.text.textnorm import normalize
from signatures.entities import Entity, Label
from signatures.errors import EgressLeakError, SessionExpiredError

# synthetic values only
NAMES = ["Ana Ruiz", "Pieter de Vries", "Zanele Mokoena", "Li Wei", "Sören Åberg", "O'Neil Brady"]
EMAILS = ["ana.ruiz@example.org", "p.devries@example.net", "zm@example.com"]
values = st.sampled_from([(Label.PERSON, n) for n in NAMES] + [(Label.EMAIL, e) for e in EMAILS])
filler = st.text(alphabet=st.sampled_from(list("abc xyz,.;:!?\n")), max_size=12)


def _compose(parts: list[tuple[str, tuple[Label, str] | None]]) -> tuple[str, list[Entity]]:
    text, ents = "", []
    for fill, ent in parts:
        text += fill
        if ent is not None:
            label, value = ent
            start = len(text)
            text += value
            ents.append(Entity.make(text, start, start + len(value), label, 1.0, "test"))
        text += " "
    return text, ents


documents = st.lists(st.tuples(filler, st.one_of(st.none(), values)), max_size=8).map(_compose)


@given(documents)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_round_trip_consistency_and_no_raw_value(doc: tuple[str, list[Entity]]) -> None:
    text, ents = doc
    pmap = PseudonymMap()
    minimized = Minimizer(pmap).minimize(text, ents)
    for e in ents:  # no raw value of a detected span is left
        assert e.text not in minimized.text
    for e in ents:  # consistency: same value -> same pseudonym
        assert pmap.pseudonym_for(e.label, e.text) == pmap.pseudonym_for(e.label, e.text.upper())
    pseudos = {pmap.pseudonym_for(e.label, e.text) for e in ents}
    assert len(pseudos) == len({(e.label, normalize(e.text)) for e in ents})  # distinguishable
    assert pmap.reinject(minimized.text).text == text  # round trip


@given(st.integers(min_value=1, max_value=9), st.sampled_from(["<PERSON_{}>", "[PERSON_{}]", "PERSON_{}"]))
def test_user_typed_markers_cannot_alias_ours(n: int, fmt: str) -> None:
    typed = fmt.format(n)
    text = f"Ana Ruiz wrote {typed} in her message"
    det_ents = [Entity.make(text, 0, 8, Label.PERSON, 1.0, "test")]
    start = text.index(typed)
    det_ents.append(Entity.make(text, start, start + len(typed), Label.PERSON, 0.9, "rules"))
    pmap = PseudonymMap()
    minimized = Minimizer(pmap).minimize(text, det_ents)
    ours = pmap.pseudonyms()
    assert f"<PERSON_{n}>" not in ours
    assert pmap.reinject(minimized.text).text == text


def test_second_pass_catches_missed_repeats() -> None:
    text = "Acme Robotics hired Ana Ruiz. Later Ruiz left Acme Robotics."
    ents = [Entity.make(text, 0, 13, Label.ORGANIZATION, 1.0, "t"), Entity.make(text, 20, 28, Label.PERSON, 1.0, "t")]
    out = Minimizer(PseudonymMap()).minimize(text, ents)  # the detector "missed" the repeats
    assert out.text == "<ORGANIZATION_1> hired <PERSON_1>. Later <PERSON_1> left <ORGANIZATION_1>."


@pytest.mark.parametrize(("city", "country"), [("Madrid", "Spain"), ("Paris", "France"), ("Leeds", "United Kingdom")])
def test_city_generalizes_to_the_country_of_its_largest_namesake(city: str, country: str) -> None:
    from local_model.minimization.minimize import GENERALIZERS

    assert GENERALIZERS[Label.CITY](city) == country


def test_name_parts_link_to_the_full_name() -> None:
    pmap = PseudonymMap()
    full = pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    assert pmap.pseudonym_for(Label.PERSON, "Ruiz") == full
    assert pmap.pseudonym_for(Label.PERSON, "ana") == full
    assert pmap.pseudonym_for(Label.PERSON, "Ana  RUIZ") == full
    assert pmap.pseudonym_for(Label.PERSON, "Bob") != full
    pmap.pseudonym_for(Label.PERSON, "Ana Gómez")  # now "Ana" is ambiguous for new mentions
    assert pmap.pseudonym_for(Label.PERSON, "Ana") == full  # already linked earlier: stays


def test_multi_word_names_are_not_linked_by_containment() -> None:
    # patronymic naming: the son's full name contains the father's (invented names)
    pmap = PseudonymMap()
    father = pmap.pseudonym_for(Label.PERSON, "Karim Nabil Haddad")
    son = pmap.pseudonym_for(Label.PERSON, "Omar Karim Nabil Haddad")
    assert son != father
    assert pmap.reinject(f"{father} and {son}").text == "Karim Nabil Haddad and Omar Karim Nabil Haddad"


@pytest.mark.parametrize(
    "variant", ["<PERSON_1>", "<Person 1>", "PERSON_1", "[PERSON_1]", "{PERSON_1}", "person_1", "< PERSON_1 >"]
)
def test_reinjection_tolerates_marker_variants(variant: str) -> None:
    pmap = PseudonymMap()
    assert pmap.pseudonym_for(Label.PERSON, "Ana Ruiz") == "<PERSON_1>"
    out = pmap.reinject(f"Dear {variant}, and {variant}'s file.")
    assert out.text == "Dear Ana Ruiz, and Ana Ruiz's file." and out.unknown_markers == []


def test_prose_that_looks_like_a_marker_is_left_alone() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.DATE, "14/03/1979")
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    out = pmap.reinject("See Date 1 and person 1 in step 2; then DATE_1 and <person 1>.")
    assert out.text == "See Date 1 and person 1 in step 2; then 14/03/1979 and Ana Ruiz."


def test_short_values_match_whole_words_in_the_egress_check() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Li")
    check_egress("the library is lively", pmap)
    with pytest.raises(EgressLeakError):
        check_egress("ask LI about it", pmap)


def test_invented_marker_is_reported_not_guessed() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    out = pmap.reinject("<PERSON_1> and <PERSON_7> and <EMAIL_1>")
    assert out.text == "Ana Ruiz and <PERSON_7> and <EMAIL_1>"
    assert out.unknown_markers == ["<PERSON_7>", "<EMAIL_1>"]


def test_reinjection_inside_json_keeps_it_valid() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, 'Ana "La Jefa" Ruiz\\')
    payload = json.loads('{"to": "<PERSON_1>", "items": ["hi <PERSON_1>", 3]}')
    value, unknown = reinject_json(pmap, payload)
    assert value == {"to": 'Ana "La Jefa" Ruiz\\', "items": ['hi Ana "La Jefa" Ruiz\\', 3]} and unknown == []
    json.loads(json.dumps(value))


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_streaming_reinjection_at_every_split(data: st.DataObject) -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    pmap.pseudonym_for(Label.EMAIL, "ana@example.org")
    answer = data.draw(
        st.sampled_from(
            [
                "Hello <PERSON_1>, we wrote to <EMAIL_1>.",
                "PERSON_1's case: [EMAIL_1] <Person 1>",
                "Nothing here < not a marker [ either",
            ]
        )
    )
    expected = pmap.reinject(answer).text
    cuts = sorted(data.draw(st.lists(st.integers(0, len(answer)), max_size=6)))
    chunks = [answer[a:b] for a, b in zip([0, *cuts], [*cuts, len(answer)], strict=True)]
    stream = StreamingReinjector(pmap)
    assert "".join(stream.feed(c) for c in chunks) + stream.close() == expected


def test_every_single_split_position() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    answer = "Dear <PERSON_1>, see PERSON_1 and [person 1]."
    for i in range(len(answer) + 1):
        stream = StreamingReinjector(pmap)
        assert stream.feed(answer[:i]) + stream.feed(answer[i:]) + stream.close() == (
            "Dear Ana Ruiz, see Ana Ruiz and Ana Ruiz."
        )


def test_every_two_cut_chunking_gives_the_fixed_output() -> None:
    """Three chunks, every pair of cut points: the streamed output equals a fixed string (not the
    batch function's output), with two markers of two types, one unknown marker left as written."""
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    pmap.pseudonym_for(Label.EMAIL, "ana.ruiz@example.org")
    answer = "Hi <PERSON_1>: mail <EMAIL_1>, not <PHONE_9>."
    expected = "Hi Ana Ruiz: mail ana.ruiz@example.org, not <PHONE_9>."
    for i in range(len(answer) + 1):
        for j in range(i, len(answer) + 1):
            stream = StreamingReinjector(pmap)
            out = stream.feed(answer[:i]) + stream.feed(answer[i:j]) + stream.feed(answer[j:]) + stream.close()
            assert out == expected, (i, j)


def test_surrogates_are_realistic_but_never_real() -> None:
    from local_model.text.identifiers import dni_valid, iban_valid, luhn_valid

    pmap = PseudonymMap(style="surrogate")
    iban = pmap.pseudonym_for(Label.IBAN, "ES91 2100 0418 4502 0005 1332")
    card = pmap.pseudonym_for(Label.CREDIT_CARD, "4111 1111 1111 1111")
    dni = pmap.pseudonym_for(Label.NATIONAL_ID, "12345678Z")
    email = pmap.pseudonym_for(Label.EMAIL, "ana@example.org")
    phone = pmap.pseudonym_for(Label.PHONE, "+34 612 345 678")
    assert iban.startswith("ES00") and not iban_valid(iban)
    assert len(card) == 16 and not luhn_valid(card)
    assert not dni_valid(dni)
    assert email.endswith("@example.invalid")
    assert phone.startswith("+44 7700 900")
    text = f"IBAN {iban}, card {card}, mail {email.upper()}, phone {phone}"
    restored = pmap.reinject(text).text
    assert "ES91 2100 0418 4502 0005 1332" in restored and "ana@example.org" in restored


def test_dates_shift_consistently_in_a_session() -> None:
    from datetime import datetime

    pmap = PseudonymMap(style="surrogate")
    pairs = [("01/02/2020", "%d/%m/%Y"), ("02/02/2020", "%d/%m/%Y"), ("2020-02-01", "%Y-%m-%d")]
    shifts = set()
    for value, fmt in pairs:
        shifted = pmap.pseudonym_for(Label.DATE, value)
        assert shifted != value
        shifts.add((datetime.strptime(shifted, fmt) - datetime.strptime(value, fmt)).days)
    assert len(shifts) == 1 and shifts.pop() > 0  # one offset for the whole session


def test_repr_and_errors_never_show_values() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Zebulon Quist")
    assert "Zebulon" not in repr(pmap)
    with pytest.raises(EgressLeakError) as info:
        check_egress("please call zebulon  QUIST today", pmap)
    assert "Zebulon" not in str(info.value).lower() and "zebulon" not in str(info.value)
    assert info.value.label == "PERSON"


def test_ttl_expiry_wipes_the_map() -> None:
    now = [1000.0]
    pmap = PseudonymMap(ttl_s=10, clock=lambda: now[0])
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    now[0] += 11
    with pytest.raises(SessionExpiredError):
        pmap.reinject("<PERSON_1>")
    assert len(pmap) == 0


def test_erasure_by_value() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    pmap.pseudonym_for(Label.EMAIL, "ana@example.org")
    assert pmap.erase_value("ANA RUIZ") == 1
    assert pmap.reinject("<PERSON_1> <EMAIL_1>").text == "<PERSON_1> ana@example.org"


def test_encrypted_persistence_round_trip_and_wrong_key(tmp_path: Path) -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    key = vault.new_key()
    path = tmp_path / "s.map"
    vault.save(pmap, path, key)
    assert b"Ana Ruiz" not in path.read_bytes()  # (a token is base64: "Ana" alone can occur by chance)
    again = vault.load(path, key)
    assert again.reinject("<PERSON_1>").text == "Ana Ruiz"
    with pytest.raises(vault.VaultKeyError, match="wrong key"):
        vault.load(path, vault.new_key())
    vault.erase_session(path)
    assert not path.exists()


def test_missing_key_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(vault.KEY_ENV, raising=False)
    monkeypatch.delenv(vault.KEY_FILE_ENV, raising=False)
    with pytest.raises(vault.VaultKeyError, match="PDT_MAP_KEY"):
        vault.save(PseudonymMap(), tmp_path / "x.map")
    key_file = tmp_path / "key"
    key_file.write_text(vault.new_key())
    monkeypatch.setenv(vault.KEY_FILE_ENV, str(key_file))
    vault.save(PseudonymMap(), tmp_path / "x.map")
    assert vault.load(tmp_path / "x.map").style == "marker"


def test_expired_persisted_session_is_refused_and_deleted(tmp_path: Path) -> None:
    now = [1000.0]
    pmap = PseudonymMap(ttl_s=5, clock=lambda: now[0])
    key = vault.new_key()
    vault.save(pmap, tmp_path / "s.map", key)
    now[0] += 6
    with pytest.raises(SessionExpiredError):
        vault.load(tmp_path / "s.map", key, clock=lambda: now[0])
    assert not (tmp_path / "s.map").exists()


# ------------------------------------------------------------------ with the real detector

TICKET = (
    "Hi, I'm Ana Ruiz (DNI 12345678Z), 34 years old, postcode BS40 5SB. Ruiz again: IBAN "
    "ES91 2100 0418 4502 0005 1332, email ana.ruiz@example.org."
)


def test_domain_operations_and_egress(detector: HybridDetector) -> None:
    pmap = PseudonymMap()
    mz = Minimizer(pmap, load_domain("bank"), "card_dispute")
    out = mz.minimize(TICKET, detector.detect(TICKET))
    for raw in ("Ana Ruiz", "Ruiz", "12345678Z", "ES91 2100", "ana.ruiz@example.org", "BS40 5SB", "34 years"):
        assert raw not in out.text, raw
    assert "30-39 years" in out.text and "BS40" in out.text  # generalized, not pseudonymized
    assert not out.reversible
    check_egress(out.text, pmap, detector)
    with pytest.raises(EgressLeakError):
        check_egress(out.text + " cc 12345678Z", pmap, detector)


def test_task_needed_types_are_kept(detector: HybridDetector) -> None:
    pmap = PseudonymMap()
    mz = Minimizer(pmap, load_domain("bank"), "transfer_issue")
    out = mz.minimize(TICKET, detector.detect(TICKET))
    assert "ES91 2100 0418 4502 0005 1332" in out.text and "Ana Ruiz" not in out.text
    with pytest.raises(EgressLeakError, match="IBAN"):
        check_egress(out.text, pmap, detector)
    check_egress(out.text, pmap, detector, kept=out.kept)


def test_short_or_common_map_values_are_not_searched_elsewhere() -> None:
    assert not searchable("la") and not searchable("Me") and not searchable("the")
    assert searchable("Lucía") and searchable("Fernández") and searchable("+34 612") and searchable("Ana Ruiz")
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.LOCATION, "la")  # a stray detection must not block every article
    check_egress("Vivo en la calle <LOCATION_1>", pmap)
    minimized = Minimizer(pmap).minimize("la casa de la playa", [])
    assert minimized.text == "la casa de la playa"


def test_stray_two_letter_tokens_are_not_entities(detector: HybridDetector) -> None:
    text = "Me habéis cobrado dos veces, llamadme al +34 612 345 678. I live in NY."
    found = {e.text for e in detector.detect(text)}
    assert "Me" not in found and "al" not in found
    assert "+34 612 345 678" in found
