"""Typed signatures of the delegation program (PAPILLON pattern).

The docstrings are the instructions the optimizers (MIPROv2, GEPA) start from.  Placeholders such
as ``<PERSON_1>`` stand for personal data kept inside the trust boundary.
"""

from __future__ import annotations

import dspy


class CraftRequest(dspy.Signature):
    """Rewrite a customer's support request as one self-contained question for a powerful external
    assistant. Keep placeholders such as <PERSON_1> or <PHONE_2> exactly as written. Never add
    names, links, web addresses, e-mail addresses, phone numbers, account numbers or any other
    contact detail or number that is not in the request: write "the customer" or keep the
    placeholder instead."""

    user_query: str = dspy.InputField(desc="the customer's request with personal data replaced by placeholders")
    task: str = dspy.InputField(desc="the declared support task")
    external_request: str = dspy.OutputField(desc="the question to send to the external assistant")


class RespondExternally(dspy.Signature):
    """Answer the support question helpfully and concisely. Refer to people, accounts and numbers
    only through the placeholders used in the question, and do not invent links, e-mail addresses
    or phone numbers."""

    request: str = dspy.InputField(desc="a support question; placeholders stand for private details")
    response: str = dspy.OutputField(desc="the answer")


class AggregateAnswer(dspy.Signature):
    """Write the final reply to the customer, using the external assistant's answer and the
    customer's original request. Use the customer's real details only where the reply needs them."""

    user_query: str = dspy.InputField(desc="the customer's original request (private, stays local)")
    external_response: str = dspy.InputField(desc="the external assistant's answer")
    final_answer: str = dspy.OutputField(desc="the reply to the customer")


class AnswerLocally(dspy.Signature):
    """Answer the customer's support request directly and concisely."""

    user_query: str = dspy.InputField(desc="the customer's request (private, stays local)")
    task: str = dspy.InputField(desc="the declared support task")
    answer: str = dspy.OutputField(desc="the reply to the customer")
