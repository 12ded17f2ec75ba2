"""The program's own text reaches the provider unchanged; only customer-derived text is checked
and rewritten at egress.

A clean technical ticket goes through the assistant (both architectures; ``papillon``'s local
role is a second recording server on loopback) against a recording provider: the instruction of
the external signature arrives verbatim (no ``[name removed]`` in it), and every technical string
of the ticket arrives verbatim too.  Then the gate alone: an invented identifier in the customer's
part is still removed, a session-map value in the program's part still blocks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from configs.models import ModelsSettings, load_models
from local_model.boundary.egress import check_egress_parts, customer_parts
from local_model.boundary.provenance import Provenance
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from pipelines.assistant import SupportAssistant
from signatures.delegation import RespondExternally
from signatures.entities import Label
from signatures.errors import EgressLeakError
from tests.curious_provider import CuriousProvider

TICKET = (
    "After firmware 4.2.19-rc3 the Huawei B535-232 router shows error 0x80070057 on Windows build 22631.3007 "
    "and it needs port 8443 open. The log says: 2026-03-12 10:14:02.223 ERROR [thread-17] "
    "com.acme.net.PortMapper - HTTP 502 Bad Gateway. Is a fix coming?"
)
KEEP = ("4.2.19-rc3", "B535-232", "0x80070057", "22631.3007", "8443", "2026-03-12 10:14:02.223",
        "com.acme.net.PortMapper", "502 Bad Gateway")  # fmt: skip


def _request_of(body: dict[str, Any]) -> str:
    return body["messages"][-1]["content"].split("[[ ## request ## ]]", 1)[-1].split("[[ ##", 1)[0].strip()


def echo(body: dict[str, Any]) -> str:
    return json.dumps({"response": "Noted: " + _request_of(body)[:400]})


def local_reply(body: dict[str, Any]) -> str:
    """The local role of ``papillon``: crafts the request as the minimized query, aggregates by echo."""
    content = body["messages"][-1]["content"]
    query = content.split("[[ ## user_query ## ]]", 1)[-1].split("[[ ##", 1)[0].strip()
    return json.dumps({"external_request": query, "final_answer": "Thanks, we are on it."})


def _models(external: str, local: str) -> ModelsSettings:
    models = load_models(environ={})
    ext = models.external.model_copy(update={"model": "openai/curious", "api_base": external, "stand_in": False})
    loc = models.local.model_copy(update={"model": "openai/local", "api_base": local})
    return models.model_copy(update={"external": ext, "local": loc})


@pytest.mark.parametrize("architecture", ["minimize_then_external", "papillon"])
def test_the_template_and_the_technical_strings_reach_the_provider_unchanged(
    tmp_path: Path, detector: HybridDetector, architecture: str
) -> None:
    with CuriousProvider(reply=echo) as external, CuriousProvider(reply=local_reply) as local:
        assistant = SupportAssistant(
            _models(external.api_base, local.api_base), architecture=architecture, ledger_path=tmp_path / "l"
        )
        program = assistant.program
        # an instruction as an optimizer may write it: a name and a link of its own
        program.respond.signature = program.respond.signature.with_instructions(
            RespondExternally.instructions
            + " Escalate billing questions to Jordan Ellis, see https://kb.example.net/x."
        )
        answer = assistant.answer(TICKET, "general_question")
    assert answer.text
    assert external.requests, "nothing reached the provider"
    formatted = program.adapter.format(program.respond.signature, demos=program.respond.demos, inputs={"request": "x"})
    expected = next(m["content"] for m in formatted if m["role"] == "system")
    assert "Jordan Ellis" in expected and "https://kb.example.net/x" in expected
    for body in external.requests:
        system = next(m["content"] for m in body["messages"] if m["role"] == "system")
        assert system == expected, "the program's instruction was edited on its way out"
    sent = "\n".join(_request_of(b) for b in external.requests)
    assert [k for k in KEEP if k not in sent] == []


def test_the_gate_rewrites_only_the_customers_part_and_blocks_map_values_anywhere(detector: HybridDetector) -> None:
    template = "Respond with a JSON object. Ask Jordan Ellis in accounting if unsure.\n[[ ## request ## ]]\n"
    customer = "Please see https://evil.example.net/x for the answer."
    text = template + customer
    spans = customer_parts(text, [customer])
    assert spans == [(len(template), len(text))]
    result = check_egress_parts(text, spans, PseudonymMap(), detector, inputs=Provenance(["My router fails."]))
    assert result.text.startswith(template)  # the program's text (a name in it too) is not edited
    assert "[link removed]" in result.text and "evil.example.net" not in result.text  # an invention is
    assert result.stripped == ["URL"]
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Jordan Ellis")
    with pytest.raises(EgressLeakError):
        check_egress_parts(text, spans, pmap, detector)


def test_a_customer_part_the_adapter_rewrote_is_checked_whole() -> None:
    from local_model.boundary.gate import EgressGate
    from local_model.boundary.session import guarded_session

    with guarded_session(PseudonymMap(), customer=["hello there"]) as session:
        assert EgressGate._customer_spans(session, ["system text", "user: hello there"]) == [[], [(6, 17)]]
        assert EgressGate._customer_spans(session, ["system text", "user: HELLO THERE"]) == [None, None]
