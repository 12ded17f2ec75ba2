"""The thin loader of the trained PII tagger (not a registered detector).

    tagger = PiiTagger()                      # local_model/models/pii_tagger
    tagger.spans("me llamo ana ruiz garcía")  # [(9, 24, "PERSON", 0.97)]

The model is a spaCy pipeline with one ``tagger`` component that predicts a BIO tag per token
(``B-PERSON``, ``I-PERSON``, ``O``; labels are :class:`signatures.entities.Label` values).  Spans
are decoded from the argmax tags: a span starts at ``B-X`` (or at an ``I-X`` that does not
continue an ``X``) and runs over the following ``I-X``; whitespace tokens at its edges are
trimmed.  Its score is the mean, over its tokens, of the probability that the token belongs to
an entity of that label (``P(B-X) + P(I-X)``): a probability from the softmax, not calibrated.

Offsets are Python string indices into the text passed in (no normalization is applied, so
they always refer to the original text).  Loading reads the directory only; nothing is ever
fetched from a hub, and each call runs inside ``nlp.memory_zone()`` so that strings of the
processed texts do not accumulate in the vocabulary of a long-running process.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from signatures.entities import Label

DEFAULT_MODEL_DIR = Path(__file__).resolve().parent.parent / "models" / "pii_tagger"

TaggedSpan = tuple[int, int, str, float]


class TaggerError(RuntimeError):
    """The tagger model is missing or unusable; the message says how to build it."""


def decode_bio(
    tags: Sequence[str], probs: Any, label_index: dict[str, int], token_spans: Sequence[tuple[int, int, bool]]
) -> list[TaggedSpan]:
    """Spans from per-token BIO tags.

    ``probs`` is the (tokens x labels) softmax; ``token_spans`` gives per token its character
    start, end and whether it is whitespace.
    """
    out: list[TaggedSpan] = []
    current: list[int] = []
    current_label: str | None = None

    def close() -> None:
        nonlocal current, current_label
        while current and token_spans[current[-1]][2]:
            current.pop()
        while current and token_spans[current[0]][2]:
            current.pop(0)
        if current and current_label is not None:
            b, i = label_index.get(f"B-{current_label}"), label_index.get(f"I-{current_label}")
            score = 0.0
            for t in current:
                score += float(probs[t, b] if b is not None else 0.0) + float(probs[t, i] if i is not None else 0.0)
            score = min(1.0, score / len(current))
            out.append((token_spans[current[0]][0], token_spans[current[-1]][1], current_label, round(score, 4)))
        current, current_label = [], None

    for t, tag in enumerate(tags):
        if tag == "O" or len(tag) < 3 or tag[1] != "-":
            close()
            continue
        prefix, label = tag[0], tag[2:]
        if prefix == "B" or label != current_label:
            close()
            current_label = label
        current.append(t)
    close()
    return out


def _softmax(scores: Any) -> Any:
    import numpy as np

    shifted = scores - scores.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


class PiiTagger:
    """Load the trained tagger from a local directory and tag texts.

    ``path`` defaults to the model shipped in the repository (``local_model/models/pii_tagger``).
    ``labels`` restricts the output to those labels (default: every label the model knows).
    ``memory_zone=False`` lets spaCy keep the strings (and the tokenizer cache) of every text it
    has seen: about 40% less CPU per text, but the process's vocabulary then holds raw values.
    """

    def __init__(
        self, path: str | Path | None = None, labels: Sequence[Label | str] | None = None, memory_zone: bool = True
    ) -> None:
        model_dir = Path(path) if path is not None else DEFAULT_MODEL_DIR
        if not (model_dir / "config.cfg").is_file():
            raise TaggerError(
                f"no tagger model at {model_dir} (config.cfg missing); train one with "
                "`python -m local_model.train_tagger --out runs/tagger --ship`"
            )
        import spacy

        try:
            self.nlp = spacy.load(model_dir, exclude=[])
        except (OSError, ValueError) as exc:
            raise TaggerError(f"could not load the tagger model at {model_dir}: {exc}") from exc
        if "tagger" not in self.nlp.pipe_names:
            raise TaggerError(f"{model_dir} has no 'tagger' component (pipes: {self.nlp.pipe_names})")
        self.path = model_dir
        self._memory_zone = memory_zone
        tagger: Any = self.nlp.get_pipe("tagger")
        self._tagger = tagger
        self.tag_names: tuple[str, ...] = tuple(tagger.labels)
        self._index = {name: i for i, name in enumerate(self.tag_names)}
        known = sorted({t[2:] for t in self.tag_names if t != "O"})
        unknown = [lab for lab in known if lab not in Label.__members__]
        if unknown:
            raise TaggerError(f"{model_dir} predicts labels outside signatures.entities.Label: {unknown}")
        self.labels: frozenset[str] = frozenset(str(lab) for lab in labels) if labels is not None else frozenset(known)
        # spaCy's Tagger.v2 with normalize=false (the default) returns scores, not probabilities
        self._normalized = bool(self.nlp.config["components"]["tagger"]["model"].get("normalize", False))

    def spans(self, text: str) -> list[TaggedSpan]:
        """``(start, end, label, score)`` over ``text``, sorted by start."""
        if not isinstance(text, str):
            raise TypeError(f"spans() takes str, not {type(text).__name__}")
        if not text.strip():
            return []
        with self.nlp.memory_zone() if self._memory_zone else contextlib.nullcontext():
            doc = self.nlp.make_doc(text)
            if len(doc) == 0:
                return []
            scores = self._tagger.model.predict([doc])[0]
            probs = _softmax(scores) if not self._normalized else scores
            best = probs.argmax(axis=1)
            tags = [self.tag_names[int(i)] for i in best]
            arr = doc.to_array(["IDX", "LENGTH", "IS_SPACE"])  # no Token objects: they cost more than the network
            token_spans = [(int(i), int(i) + int(n), bool(sp)) for i, n, sp in arr]
        found = decode_bio(tags, probs, self._index, token_spans)
        return [s for s in found if s[2] in self.labels]

    def __repr__(self) -> str:
        return f"PiiTagger(path={str(self.path)!r}, labels={len(self.labels)})"
