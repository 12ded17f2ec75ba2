"""Start-up work a process that reads one text skips, and work a long-running one still gets.

* ``detector.warm_vocabulary``: a pipeline loaded cold is warmed by the first caller that asks,
  once; ``python -m pipelines.demo`` asks for neither warm-up;
* the demo imports no model client (DSPy, LiteLLM) unless the LM detector is configured.
"""

from __future__ import annotations

from typing import Any

import pytest

from local_model.detection import shared
from tests.fresh import last_json, run_fresh


def test_a_pipeline_loaded_cold_is_warmed_once_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import spacy

    warmed: list[Any] = []
    monkeypatch.setattr(shared, "_CACHE", {})
    monkeypatch.setattr(shared, "load_pipeline", lambda source, exclude=(): spacy.blank("en"))
    monkeypatch.setattr(shared, "warm_vocabulary", lambda nlp, languages=None: warmed.append(nlp) or 1)
    cold = shared.shared_pipeline("blank-en", warm=False)
    assert not cold.warmed and warmed == []
    again = shared.shared_pipeline("blank-en", warm=True)
    assert again is cold and cold.warmed and warmed == [cold.nlp]
    shared.shared_pipeline("blank-en", warm=True)
    assert warmed == [cold.nlp]  # once


@pytest.mark.integration  # a fresh interpreter (imports and models: ~5-15 s): out of the quick loop
def test_the_demo_reads_one_text_without_model_clients_or_warm_ups() -> None:
    code = (
        "import json, sys\n"
        "from local_model.detection import shared\n"
        "calls = []\n"
        "real = shared.warm_vocabulary\n"
        "shared.warm_vocabulary = lambda nlp, *a, **k: calls.append(nlp.lang) or real(nlp, *a, **k)\n"
        "from pipelines.demo import main\n"
        "rc = main(['--text', 'Call Ana Ruiz on +34 612 345 678.'])\n"
        "print(json.dumps([rc, calls, [m for m in ('dspy', 'litellm') if m in sys.modules]]))\n"
    )
    done = run_fresh(code)
    rc, calls, clients = last_json(done)
    assert rc == 0 and calls == [] and clients == []
    assert "<PERSON" in done.stdout or "PERSON" in done.stdout  # it did detect


def test_a_pipeline_is_warmed_with_the_languages_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    import spacy

    asked: list[Any] = []
    monkeypatch.setattr(shared, "_CACHE", {})
    monkeypatch.setattr(shared, "load_pipeline", lambda source, exclude=(): spacy.blank("xx"))
    monkeypatch.setattr(shared, "warm_vocabulary", lambda nlp, languages=None: asked.append(languages) or 1)
    shared.shared_pipeline("blank-xx-packs", warm=True, warm_languages=("pt", "it"))
    assert asked == [("pt", "it")]


def test_warm_vocabulary_reads_the_languages_given() -> None:
    import spacy
    from wordfreq import top_n_list

    nlp = spacy.blank("xx")
    assert shared.warm_vocabulary(nlp, per_language=20, languages=("pl",)) == len(
        {w for word in top_n_list("pl", 20) for w in (word, word.capitalize())}
    )
