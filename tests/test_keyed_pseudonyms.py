"""Keyed corpus pseudonyms: HMAC markers that need no central map (local_model.minimization.keyed)."""

from __future__ import annotations

import hashlib
import hmac
import pickle
import re
from pathlib import Path

import pytest

from local_model.minimization.keyed import KEY_CONTEXT, KeyedPseudonyms, PseudonymKey
from local_model.minimization.minimize import Minimizer
from local_model.text.markers import is_placeholder
from local_model.text.textnorm import normalize
from pipelines.scan.core import uniform_schema
from pipelines.scan.run import count_collisions
from signatures.entities import Entity, Label, Operation
from signatures.errors import PseudonymMapError, VaultKeyError

# invented keys and values only
KEY_A = b"test-key-A-0123456789abcdef-not-a-real-secret"
KEY_B = b"test-key-B-0123456789abcdef-not-a-real-secret"
MARKER = re.compile(r"<PERSON_[0-9a-f]{8}>")


def _ents(text: str, *spans: tuple[str, Label]) -> list[Entity]:
    out = []
    for value, label in spans:
        start = text.index(value)
        out.append(Entity.make(text, start, start + len(value), label, 1.0, "test"))
    return out


def test_marker_is_the_documented_hmac() -> None:
    key = PseudonymKey(KEY_A)
    sub = hmac.new(KEY_A, KEY_CONTEXT, hashlib.sha256).digest()
    expected = hmac.new(sub, b"PERSON\x00" + normalize("Ana Ruiz").encode(), hashlib.sha256).hexdigest()[:8]
    assert key.marker(Label.PERSON, "Ana Ruiz") == f"<PERSON_{expected}>"
    assert MARKER.fullmatch(key.marker(Label.PERSON, "Ana Ruiz"))


@pytest.mark.parametrize(
    ("label", "value", "marker"),
    [
        (Label.PERSON, "Ana Ruiz", "<PERSON_3b243bb9>"),
        (Label.PERSON, "ANA  RUÍZ", "<PERSON_3b243bb9>"),  # case, spacing and accents fold alike
        (Label.PHONE, "+34 612 345 678", "<PHONE_914bbc31>"),
        (Label.EMAIL, "ana.ruiz@example.org", "<EMAIL_46c97ccb>"),
    ],
)
def test_corpus_markers_are_fixed_across_releases(label: Label, value: str, marker: str) -> None:
    """Markers are persistent (every minimized corpus holds them): a fixed key and value give these
    literal markers, written down once (HMAC-SHA256 of ``PERSON\x00ana ruiz`` under the key's
    ``pdt/keyed-pseudonyms/v1`` sub-key), not recomputed with the module's own constants."""
    assert PseudonymKey(KEY_A).marker(label, value) == marker
    assert (
        hmac.new(
            hmac.new(KEY_A, b"pdt/keyed-pseudonyms/v1", hashlib.sha256).digest(), b"PERSON\x00ana ruiz", hashlib.sha256
        )
        .hexdigest()
        .startswith("3b243bb9")
    )


def test_same_value_same_marker_across_instances_and_spellings() -> None:
    a1, a2 = PseudonymKey(KEY_A), PseudonymKey(KEY_A)
    base = a1.marker(Label.PERSON, "Zélie Marchetti")
    for spelling in ("Zélie Marchetti", "zelie  marchetti", "ZELIE MARCHETTI", " Zélie\tMarchetti "):
        assert a2.marker(Label.PERSON, spelling) == base
    assert KeyedPseudonyms(a2).pseudonym_for(Label.PERSON, "zélie marchetti") == base


def test_another_key_another_marker_and_labels_are_separate() -> None:
    a, b = PseudonymKey(KEY_A), PseudonymKey(KEY_B)
    assert a.marker(Label.PERSON, "Ana Ruiz") != b.marker(Label.PERSON, "Ana Ruiz")
    assert a.marker(Label.PERSON, "Ana Ruiz") != a.marker(Label.PERSON, "Ana Ruix")
    assert a.marker(Label.CITY, "Lindavik")[len("<CITY_") :] != a.marker(Label.PERSON, "Lindavik")[len("<PERSON_") :]
    assert a.key_id != b.key_id


def test_tag_length_follows_settings() -> None:
    assert re.fullmatch(r"<EMAIL_[0-9a-f]{12}>", PseudonymKey(KEY_A, tag_hex=12).marker(Label.EMAIL, "x@example.org"))
    with pytest.raises(ValueError):
        PseudonymKey(KEY_A, tag_hex=4)


def test_key_never_shown_or_pickled() -> None:
    key = PseudonymKey(KEY_A)
    assert KEY_A.decode() not in repr(key) and KEY_A.decode() not in str(key)
    with pytest.raises(VaultKeyError, match="never pickled"):
        pickle.dumps(key)
    with pytest.raises(VaultKeyError, match="never pickled"):
        pickle.dumps(KeyedPseudonyms(key))


def test_key_from_env_and_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PDT_MAP_KEY", raising=False)
    monkeypatch.delenv("PDT_MAP_KEY_FILE", raising=False)
    with pytest.raises(VaultKeyError, match="PDT_MAP_KEY"):
        PseudonymKey.load()
    monkeypatch.setenv("PDT_MAP_KEY", KEY_A.decode())
    assert PseudonymKey.load().key_id == PseudonymKey(KEY_A).key_id
    monkeypatch.delenv("PDT_MAP_KEY")
    path = tmp_path / "key"
    path.write_bytes(KEY_B + b"\n")
    monkeypatch.setenv("PDT_MAP_KEY_FILE", str(path))
    assert PseudonymKey.load().key_id == PseudonymKey(KEY_B).key_id
    with pytest.raises(VaultKeyError, match="fewer than 16 bytes"):
        PseudonymKey(b"short")


def test_worker_with_another_key_is_refused() -> None:
    with pytest.raises(VaultKeyError, match="not the run's"):
        PseudonymKey(KEY_B).check_id(PseudonymKey(KEY_A).key_id)
    PseudonymKey(KEY_A).check_id(PseudonymKey(KEY_A).key_id)  # same key: fine


def test_minimizer_with_keyed_map() -> None:
    text = "Ana Ruiz wrote to ana.ruiz@example.org. Later Ruiz called Ana Ruiz again from Lindavik."
    ents = _ents(text, ("Ana Ruiz", Label.PERSON), ("ana.ruiz@example.org", Label.EMAIL))
    key = PseudonymKey(KEY_A)
    keyed = KeyedPseudonyms(key, [e.text for e in ents if e.label == Label.PERSON])
    out = Minimizer(keyed, uniform_schema(Operation.PSEUDONYMIZE)).minimize(text, ents)
    person = key.marker(Label.PERSON, "Ana Ruiz")
    # the second occurrence and the surname alone were missed by the "detector": the second pass
    # gives them the full name's marker
    assert out.text.count(person) == 3
    assert key.marker(Label.EMAIL, "ana.ruiz@example.org") in out.text
    assert "Ruiz" not in out.text and "ana.ruiz" not in out.text
    assert (Label.PERSON.value, "Ana Ruiz") in keyed.values()


def test_name_parts_link_only_to_a_unique_full_name() -> None:
    key = PseudonymKey(KEY_A)
    one = KeyedPseudonyms(key, ["Ana Ruiz"])
    assert one.pseudonym_for(Label.PERSON, "Ruiz") == key.marker(Label.PERSON, "Ana Ruiz")  # before the full name
    two = KeyedPseudonyms(key, ["Ana Ruiz", "Ana Lopez"])
    assert two.pseudonym_for(Label.PERSON, "Ana") == key.marker(Label.PERSON, "Ana")  # ambiguous: its own marker
    # a full name keeps its own marker whatever came before it in the text
    three = KeyedPseudonyms(key)
    three.pseudonym_for(Label.PERSON, "Ruiz")
    assert three.pseudonym_for(Label.PERSON, "Ana Ruiz") == key.marker(Label.PERSON, "Ana Ruiz")


def test_redaction_needs_no_key_and_pseudonyms_do() -> None:
    text = "Call Bram Oosterveld on +31 6 1234 5678."
    ents = _ents(text, ("Bram Oosterveld", Label.PERSON), ("+31 6 1234 5678", Label.PHONE))
    out = Minimizer(KeyedPseudonyms(None), uniform_schema(Operation.REDACT)).minimize(text, ents)
    assert out.text == "Call [REDACTED_PERSON] on [REDACTED_PHONE]."
    with pytest.raises(VaultKeyError):
        Minimizer(KeyedPseudonyms(None), uniform_schema(Operation.PSEUDONYMIZE)).minimize(text, ents)
    with pytest.raises(PseudonymMapError):
        KeyedPseudonyms(PseudonymKey(KEY_A)).pseudonym_for(Label.PERSON, "   ")


def test_keyed_markers_are_placeholders_and_counted_in_input() -> None:
    marker = PseudonymKey(KEY_A).marker(Label.PERSON, "Ana Ruiz")
    assert is_placeholder(marker)
    keyed = KeyedPseudonyms(PseudonymKey(KEY_A))
    keyed.reserve_markers_in(f"already minimized: {marker} and {marker}")
    assert keyed.marker_like_in_input == 2


def test_collisions_are_detected() -> None:
    """With 6 hex digits (24 bits) a few thousand values are enough for two to share a tag: the
    32-bit check under the tag tells them apart, and the run's count finds the pair."""
    key = PseudonymKey(KEY_A, tag_hex=6)
    seen: dict[str, str] = {}
    pair = None
    for i in range(200_000):
        value = f"customer {i}"
        tag = key.marker(Label.PERSON, value)
        if tag in seen:
            pair = (seen[tag], value)
            break
        seen[tag] = value
    assert pair is not None
    shards = []
    for value in pair:  # the two values in two different shards (as two workers would see them)
        keyed = KeyedPseudonyms(key)
        keyed.pseudonym_for(Label.PERSON, value)
        shards.append({"fingerprints": {f"{lab}_{tag}": check for lab, tag, check in keyed.fingerprints()}})
    assert count_collisions(shards)["tags_with_two_values"] == 1
    same = KeyedPseudonyms(key)
    same.pseudonym_for(Label.PERSON, pair[0])
    fp = {f"{lab}_{tag}": check for lab, tag, check in same.fingerprints()}
    assert count_collisions([{"fingerprints": fp}, {"fingerprints": fp}])["tags_with_two_values"] == 0
