"""The turn API: one context object between the phases, and one second look for every minimizer.

* :class:`TurnContext` carries the turn, the map, the ticket id, the raw inputs and the per-call LM
  arguments; its repr holds no customer text; ``raw_inputs`` is the turn's own unless given;
* :func:`second_look` minimizes what reads as personal data after the first minimization and
  leaves our markers, the values kept on purpose and the vouched strings.
"""

from __future__ import annotations

from local_model.boundary.second_look import second_look
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from pipelines.delegation import PreparedTurn, TurnContext
from signatures.entities import Label

RAW = "Hi, I am Oliver Whitaker, call me on +44 7700 900123."


def test_the_context_repr_holds_no_customer_text_and_inputs_default_to_the_turn() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Oliver Whitaker")
    turn = PreparedTurn(RAW, "default", "Hi, I am <PERSON_1>.", inputs=[RAW])
    ctx = TurnContext(turn, pmap, external_config={"timeout": 3.0})
    assert "Oliver" not in repr(ctx) and "7700" not in repr(ctx) and "Whitaker" not in repr(turn)
    assert ctx.raw_inputs == [RAW]
    ctx.raw_inputs.append("not kept")  # a copy: the turn's inputs do not change through it
    assert turn.inputs == [RAW]
    earlier = "Yesterday I wrote from Leeds."
    assert TurnContext(turn, pmap, inputs=[earlier, RAW]).raw_inputs == [earlier, RAW]
    assert TurnContext(turn, pmap, inputs=[]).raw_inputs == []  # an explicit empty list is not the default


def test_the_second_look_minimizes_what_reads_as_personal_now(detector: HybridDetector) -> None:
    pmap = PseudonymMap()
    marker = pmap.pseudonym_for(Label.PERSON, "Oliver Whitaker")
    text = f"Hi, I am {marker}, call me on +44 7700 900123."  # the phone was left by a first look
    look = second_look(text, pmap, detector, None)
    assert "7700" not in look.text and marker in look.text
    assert any(label == Label.PHONE.value for label, _ in pmap.values())
    assert pmap.reinject(look.text).text == RAW
    assert look.detection_s > 0 and "7700" not in repr(look)


def test_the_second_look_leaves_kept_and_vouched_values_and_clean_text(detector: HybridDetector) -> None:
    pmap = PseudonymMap()
    text = "Please call me on +44 7700 900123 about the router."
    kept = [(Label.PHONE, "+44 7700 900123")]
    assert second_look(text, pmap, detector, None, kept=kept).text == text  # sent on purpose
    assert second_look(text, pmap, detector, None, vouched=["+44 7700 900123"]).text == text
    assert len(pmap) == 0
    assert second_look(text, pmap, detector, None).text != text  # control: neither kept nor vouched
    clean = "The router reboots every night after the firmware update."
    look = second_look(clean, PseudonymMap(), detector, None)
    assert look.text == clean and look.generated == [] and look.minimization_s == 0.0
    assert second_look("   ", pmap, detector, None).text == "   "
