"""The public Python API (pipelines/api.py): detect, protect, restore, Session, the streaming
restorer, the shared detector.  Every name, number and address below is invented."""

from __future__ import annotations

import re
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from configs.settings import load_settings
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.minimize import Minimized
from pipelines import api
from pipelines.api import Detection, Protector, Session
from signatures.entities import Label
from signatures.errors import (
    ConfigError,
    EgressLeakError,
    InputError,
    InputTooLargeError,
    PDTError,
    PseudonymMapError,
    SessionExpiredError,
)
from tests.polling import wait_until

#: invented texts and the raw values each holds (every one must be gone from the protected text)
TEXTS = [
    (
        "Hi, I am Ana Ruiz, my line +34 612 345 678 drops calls. Write to ana.ruiz@example.com.",
        ["Ana Ruiz", "+34 612 345 678", "ana.ruiz@example.com"],
    ),
    (
        "Hola, soy Lucía Fernández. Mi IBAN es ES91 2100 0418 4502 0005 1332 y mi móvil es 612 345 678.",
        ["Lucía Fernández", "ES91 2100 0418 4502 0005 1332", "612 345 678"],
    ),
    (
        "Please refund Mark Olsen, IBAN GB82 WEST 1234 5698 7654 32, e-mail mark.olsen@mailbox.org, "
        "phone +44 7700 900123.",
        ["Mark Olsen", "GB82 WEST 1234 5698 7654 32", "mark.olsen@mailbox.org", "+44 7700 900123"],
    ),
    (
        "Hola, me llamo Tomás Herrera. Llámenme al +34 699 112 233 o escriban a tomas.herrera@correo.es, gracias.",
        ["Tomás Herrera", "+34 699 112 233", "tomas.herrera@correo.es"],
    ),
]


@pytest.fixture(scope="module")
def protector(detector: HybridDetector) -> Protector:
    return Protector(load_settings(environ={}), detector=detector)


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def assert_no_raw(text: str, values: list[str]) -> None:
    """None of ``values`` in ``text``: as written, in any case, or (numbers) as their digits."""
    folded = text.casefold()
    digits = _digits(text)
    for value in values:
        assert value.casefold() not in folded, "a raw value is in the protected text"
        if len(_digits(value)) >= 6:
            assert _digits(value) not in digits, "a raw number is in the protected text"


# ---------------------------------------------------------------- round trip


@pytest.mark.parametrize(("text", "values"), TEXTS, ids=["en-contact", "es-iban", "en-iban", "es-contact"])
@pytest.mark.parametrize("style", ["marker", "surrogate"])
def test_restore_of_protect_is_the_text(
    protector: Protector, no_network: list[object], text: str, values: list[str], style: Any
) -> None:
    safe, session = protector.protect(text, session=Session(style=style))
    assert_no_raw(safe, values)
    assert safe != text
    if style == "marker":
        assert "<PERSON_1>" in safe
    assert protector.restore(safe, session) == text
    assert no_network == []


def test_module_functions_use_the_default_protector(
    protector: Protector, monkeypatch: pytest.MonkeyPatch, no_network: list[object]
) -> None:
    monkeypatch.setattr(api, "_DEFAULT", None)
    api.set_default_protector(protector)
    assert api.default_protector() is protector
    text, values = TEXTS[0]
    safe, session = api.protect(text)
    assert safe == "Hi, I am <PERSON_1>, my line <PHONE_1> drops calls. Write to <EMAIL_1>."
    assert api.restore(safe, session) == text
    found = api.detect(text)
    assert [d.label for d in found] == [Label.PERSON, Label.PHONE, Label.EMAIL]
    assert [text[d.start : d.end] for d in found] == values
    assert all(isinstance(d, Detection) and d.text == text[d.start : d.end] for d in found)
    assert found[2].rule == "contact.email" and found[2].source.endswith("/contact.email")
    assert 0.0 < found[0].score <= 1.0
    api.set_default_protector(None)
    assert api._DEFAULT is None


def test_a_repeated_short_mention_restores_to_the_full_first_form(protector: Protector) -> None:
    """Restoration gives a value's first-seen form: "Ana" linked to "Ana Ruiz" comes back whole."""
    text = "Ana Ruiz called. Ana said her number +34 612 345 678 is broken."
    safe, session = protector.protect(text)
    assert safe == "<PERSON_1> called. <PERSON_1> said her number <PHONE_1> is broken."
    assert protector.restore(safe, session) == "Ana Ruiz called. Ana Ruiz said her number +34 612 345 678 is broken."


# ---------------------------------------------------------------- sessions


def test_placeholders_are_stable_within_a_session_and_independent_across_sessions(
    protector: Protector, no_network: list[object]
) -> None:
    first, session = protector.protect("I am Ana Ruiz, my line is +34 612 345 678.")
    assert first == "I am <PERSON_1>, my line is <PHONE_1>."
    second, same = protector.protect(
        "Ana Ruiz again: please move +34 612 345 678 to my new line +34 699 112 233.", session=session
    )
    assert same is session
    assert second == "<PERSON_1> again: please move <PHONE_1> to my new line <PHONE_2>."
    other_text, other = protector.protect("I am Tomás Herrera, my line is +34 655 443 322.")
    assert other is not session
    assert other_text == "I am <PERSON_1>, my line is <PHONE_1>."  # numbering is per session
    answer = "Hello <PERSON_1>, <PHONE_1> and <PHONE_2> are done."
    assert protector.restore(answer, session) == "Hello Ana Ruiz, +34 612 345 678 and +34 699 112 233 are done."
    # the other session knows one person and one phone: <PHONE_2> is not its own, left as written
    assert protector.restore(answer, other) == "Hello Tomás Herrera, +34 655 443 322 and <PHONE_2> are done."
    assert session.entries == 3 and other.entries == 2


def test_a_task_lets_the_customers_own_needed_value_through(protector: Protector) -> None:
    text = "Hi, I am Ana Ruiz, please port my number +34 612 345 678 to your network."
    safe, session = protector.protect(text, domain="telecom_support", task="number_porting")
    assert safe == "Hi, I am <PERSON_1>, please port my number +34 612 345 678 to your network."
    assert session.kept == [(Label.PHONE, "+34 612 345 678")]
    plain, _ = protector.protect(text, domain="telecom_support")
    assert plain == "Hi, I am <PERSON_1>, please port my number <PHONE_1> to your network."


def test_session_expiry_and_erasure() -> None:
    now = [1000.0]
    session = Session(ttl_s=60, clock=lambda: now[0])
    session.pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    session._record("I am Ana Ruiz", [], [])
    assert session.inputs() == ["I am Ana Ruiz", "Ana Ruiz"]
    now[0] += 61
    with pytest.raises(SessionExpiredError):
        session.check_usable()
    assert session.erased and session.entries == 0 and session.inputs() == []
    erased = Session()
    erased.pmap.pseudonym_for(Label.PERSON, "Ana Ruiz")
    erased.erase()
    assert erased.entries == 0
    with pytest.raises(PseudonymMapError, match="erased"):
        erased.restorer()
    with pytest.raises(InputError):
        Session(ttl_s=0)
    with pytest.raises(InputError):
        Session(style="emoji")  # type: ignore[arg-type]


def test_expired_or_erased_sessions_refuse_protect_and_restore(protector: Protector) -> None:
    now = [0.0]
    session = Session(ttl_s=5, clock=lambda: now[0])
    safe, _ = protector.protect("I am Ana Ruiz.", session=session)
    now[0] = 10.0
    with pytest.raises(SessionExpiredError):
        protector.restore(safe, session)
    with pytest.raises(PseudonymMapError):
        protector.protect("I am Ana Ruiz.", session=session)


# ---------------------------------------------------------------- streaming restore

ANSWER = "Dear <PERSON_1>, we called <PHONE_1> and wrote to <EMAIL_1>; <PERSON_7> is not on file. Bye <PERSON_1>!"
#: the same answer restored, written out by hand (not computed by the code under test)
RESTORED = (
    "Dear Ana Ruiz, we called +34 612 345 678 and wrote to ana.ruiz@example.com; <PERSON_7> is not on file. "
    "Bye Ana Ruiz!"
)


@pytest.fixture(scope="module")
def streaming_session(protector: Protector) -> Session:
    _, session = protector.protect(TEXTS[0][0])
    return session


def test_batch_restore_matches_the_fixed_string(protector: Protector, streaming_session: Session) -> None:
    assert protector.restore(ANSWER, streaming_session) == RESTORED


@pytest.mark.parametrize("cut", range(len(ANSWER) + 1))
def test_streaming_restore_at_every_split_point(streaming_session: Session, cut: int) -> None:
    restorer = streaming_session.restorer()
    out = restorer.feed(ANSWER[:cut]) + restorer.feed(ANSWER[cut:]) + restorer.close()
    assert out == RESTORED
    assert restorer.unknown_markers == ["<PERSON_7>"]


def test_streaming_restore_character_by_character_and_in_three_pieces(streaming_session: Session) -> None:
    assert "".join(streaming_session.restorer().stream(list(ANSWER))) == RESTORED
    for i in range(0, len(ANSWER), 7):
        for j in range(i, len(ANSWER), 11):
            pieces = [ANSWER[:i], ANSWER[i:j], ANSWER[j:]]
            assert "".join(streaming_session.restorer().stream(pieces)) == RESTORED
    restorer = streaming_session.restorer()
    first = restorer.feed("Dear <PERS")
    assert first.startswith("Dear") and "<" not in first  # the start of a marker waits for the rest
    assert first + restorer.feed("ON_1>, hi") == "Dear Ana Ruiz, hi"
    assert restorer.close() == ""
    with pytest.raises(InputError):
        restorer.feed("more")


# ---------------------------------------------------------------- the egress check


class _PassThrough:
    """A minimizer that changes nothing (a bug): the egress check must stop the raw text."""

    def __init__(self, *args: object) -> None:
        pass

    def minimize(self, text: str, entities: object) -> Minimized:
        return Minimized(text)


def test_protect_raises_instead_of_returning_raw_text(protector: Protector, monkeypatch: pytest.MonkeyPatch) -> None:
    from local_model.boundary import second_look

    monkeypatch.setattr(api, "Minimizer", _PassThrough)
    monkeypatch.setattr(second_look, "Minimizer", _PassThrough)  # the second look minimizes with it too
    text = "Hi, I am Ana Ruiz, my line +34 612 345 678 drops calls."
    with pytest.raises(EgressLeakError) as info:
        protector.protect(text)
    assert info.value.label in {"PERSON", "PHONE"}
    assert "Ana" not in str(info.value) and "612" not in str(info.value)


# ---------------------------------------------------------------- reprs


def test_reprs_hold_no_value(protector: Protector, streaming_session: Session) -> None:
    text, values = TEXTS[2]
    found = protector.detect(text)
    session = Session()
    protected = protector.protect_text(text, session)
    restorer = session.restorer()
    restorer.feed("Dear <PERSON_1>")
    shown = " ".join(
        [repr(found), str(found[0]), repr(session), str(session), repr(protected), repr(restorer), repr(protector)]
    )
    shown += repr(session.pmap) + repr(session.provenance())
    for value in values:
        assert value not in shown
        for part in value.split():
            if len(part) >= 4:
                assert part not in shown
    assert "entries=4" in repr(session)


# ---------------------------------------------------------------- bad input


def test_bad_input_raises_project_errors(protector: Protector, detector: HybridDetector) -> None:
    session = Session()
    for call in (
        lambda: protector.protect(123),  # type: ignore[arg-type]
        lambda: protector.protect(b"Ana Ruiz"),  # type: ignore[arg-type]
        lambda: protector.detect(None),  # type: ignore[arg-type]
        lambda: protector.restore(["<PERSON_1>"], session),  # type: ignore[arg-type]
        lambda: protector.restore("<PERSON_1>", "session"),  # type: ignore[arg-type]
        lambda: protector.protect("hello", session="abc"),  # type: ignore[arg-type]
        lambda: protector.detect("hello", language="klingon"),
        lambda: protector.protect("I am Ana Ruiz", task="number_porting"),  # a task needs a domain
        lambda: protector.protect("bad \ud800 text"),  # a lone surrogate
        lambda: session.restorer().feed(42),  # type: ignore[arg-type]
    ):
        with pytest.raises(InputError):
            call()
    with pytest.raises(InputError) as info:
        protector.protect("I am Ana Ruiz", domain="telecom_support", task="secret-task-name")
    assert "secret-task-name" not in str(info.value)  # the caller's string is never repeated
    with pytest.raises(ConfigError):
        protector.protect("I am Ana Ruiz", domain="no_such_domain")
    assert protector.detect("Hi, I am Ana Ruiz", language="ES")[0].label == Label.PERSON  # codes are folded
    assert protector.protect("")[0] == ""


def test_a_text_above_max_text_chars_is_refused_before_detection() -> None:
    small = Protector(load_settings(environ={"PDT__DETECTOR__MAX_TEXT_CHARS": "40"}))
    long_text = "My name is Ana Ruiz and my line is +34 612 345 678."
    for call in (lambda: small.protect(long_text), lambda: small.detect(long_text)):
        with pytest.raises(InputTooLargeError) as info:
            call()
        assert "40" in str(info.value) and "Ana" not in str(info.value)
        assert isinstance(info.value, PDTError)
    assert small._detector is None  # refused before any detector was built


# ---------------------------------------------------------------- the shared detector


def _inside(thread: threading.Thread, code: object) -> bool:
    """Whether ``thread`` is running ``code`` now (anywhere on its stack: blocked on a lock in it too)."""
    frame = sys._current_frames().get(thread.ident) if thread.ident is not None else None
    while frame is not None:
        if frame.f_code is code:
            return True
        frame = frame.f_back
    return False


def test_the_detector_is_built_once_per_settings_even_from_many_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The race forced, not hoped for: the first build does not return before each of the eight
    threads is inside ``shared_detector`` (waiting on its lock; without one, building a second
    detector) or back from it, so every thread asks while a build is in progress."""
    built: list[object] = []
    threads: list[threading.Thread] = []
    returned: list[threading.Thread] = []
    code = api.shared_detector.__code__

    def held_build(settings: object, trusted_hosts: object) -> object:
        me = threading.current_thread()
        if me in threads and not built:  # a first build: held until every other thread has asked
            others = [t for t in threads if t is not me]
            wait_until(
                lambda: all(t in returned or _inside(t, code) for t in others),
                60,
                lambda: f"the other threads to call shared_detector ({sum(_inside(t, code) for t in others)} inside)",
                interval=0.005,
            )
        det = object()
        built.append(det)
        return det

    monkeypatch.setattr(api, "_DETECTORS", {})
    monkeypatch.setattr(api, "build_detector", held_build)
    settings = load_settings(environ={})
    got: list[object] = []

    def ask() -> None:
        got.append(api.shared_detector(settings))
        returned.append(threading.current_thread())

    threads.extend(threading.Thread(target=ask) for _ in range(8))
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads)
    assert len(built) == 1 and len(got) == 8 and all(g is built[0] for g in got)
    assert api.shared_detector(load_settings(environ={})) is built[0]  # equal settings: same detector
    other = api.shared_detector(load_settings(environ={"PDT__DETECTOR__MIN_SCORE": "0.5"}))
    assert other is not built[0] and len(built) == 2
    lazy = Protector(settings)
    assert lazy._detector is None and "detector_built=False" in repr(lazy)
    assert lazy.detector is built[0]


def test_a_saved_map_continues_as_a_session(protector: Protector, tmp_path: Path) -> None:
    from local_model.minimization import vault

    key = vault.new_key()
    safe, session = protector.protect("I am Ana Ruiz, my line is +34 612 345 678.")
    vault.save(session.pmap, tmp_path / "session.map", key=key)
    again = Session.from_map(vault.load(tmp_path / "session.map", key=key))
    assert again.id == session.id and again.entries == 2 and "Ana" not in repr(again)
    assert protector.restore(safe, again) == "I am Ana Ruiz, my line is +34 612 345 678."
    later, _ = protector.protect("Ana Ruiz again.", session=again)
    assert later == "<PERSON_1> again."
    with pytest.raises(InputError):
        Session.from_map({"PERSON": "Ana Ruiz"})  # type: ignore[arg-type]
