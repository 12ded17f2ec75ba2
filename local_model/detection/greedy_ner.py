"""spaCy's transition-based NER decoded greedily in NumPy: the same entities, about 2.5x faster.

spaCy's ``ner`` component (``spacy.TransitionBasedParser.v2``, ``state_type = "ner"``) runs a CNN
over the tokens, precomputes per token and feature slot the hidden layer's input, and then
steps a BILUO state machine token by token in Cython (``Parser._parseC``).  In the spaCy 3.8
wheels that loop takes the GIL back at every step (``with gil`` in ``c_transition_batch``, and
``PyGILState_Ensure`` calls under ``StateC::B_``): ``perf`` put ~35% of the NER's time in GIL
hand-offs and mutexes, and the loop at ~60% of it, for a computation that is tiny per token.

This module runs the same model with the same arithmetic, reorganised:

* the tok2vec and the precomputed lower layer are spaCy's own (``tok2vec`` and ``lower``
  references of the model, called as spaCy calls them);
* the NER state features are (current token, first token of the open entity, previous token);
  with no entity open the last two are the padding rows, so the scores of *every* token in the
  "no entity open" state are one matrix product, and its best valid move (``O``, ``B-X``,
  ``U-X``) is one masked ``argmax``;
* only while an entity is open does the next move depend on the decisions taken: those tokens
  (a few percent of a text) are stepped one by one, and only ``I-X`` and ``L-X`` of the open
  label are valid there.

Validity follows ``spacy/pipeline/_parser_internals/ner.pyx`` for a fresh doc (no preset
entities): no ``B`` on the last token, before a token that starts a sentence or on a whitespace
token; no ``U`` on whitespace; no ``I`` on the last token or before a sentence start; ties go to
the lower move index, as spaCy's ``arg_max_if_valid``.  Sums are taken in spaCy's order, in
float32.  The matrix products are NumPy's, not BLIS's: a score can differ in its last bit, which
changes a decision only at an exact tie (none in PUPA's 664 texts, ai4privacy or the tests'
samples; ``tests/test_hybrid.py`` compares against spaCy and against Presidio's own engine).

A pipeline this module does not know how to decode exactly (another architecture, beam search,
unexpected moves, a doc with preset entities, or ``numpy_decode=False``) is decoded by spaCy itself: :meth:`entities` is
always safe to call.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: spaCy's BILUO move letters (``ner.moves.get_class_name``), by their names in ``ner.pyx``
_MOVES = {"M": "missing", "B": "begin", "I": "in", "L": "last", "U": "unit", "O": "out"}

NerSpan = tuple[int, int, str]  # (start_char, end_char, spaCy label)


class GreedyNer:
    """The ``ner`` component of ``nlp`` decoded as described above; ``entities(doc)`` gives
    ``(start_char, end_char, label)`` exactly as ``nlp.get_pipe("ner")(doc).ents`` would."""

    def __init__(self, nlp: Any, component: str = "ner", numpy_decode: bool = True) -> None:
        self._pipe = nlp.get_pipe(component)
        #: why spaCy decodes this pipeline itself ("" when the NumPy decode is used)
        self.reason = self._prepare() if numpy_decode else "NumPy decode turned off"
        self.fast = not self.reason

    def _prepare(self) -> str:
        """Read the model's weights and moves; the reason it cannot be decoded here, or ""."""
        pipe = self._pipe
        model = pipe.model
        if int(pipe.cfg.get("beam_width", 1)) != 1:
            return "beam search"
        if not all(model.has_ref(r) for r in ("tok2vec", "lower", "upper")):
            return "not a TransitionBasedParser with an upper layer"
        self._tok2vec, lower, upper = model.get_ref("tok2vec"), model.get_ref("lower"), model.get_ref("upper")
        if lower.name != "precomputable_affine" or lower.get_dim("nF") != 3:
            return "not the NER state features"
        self._lower = lower
        self._maxout = lower.get_dim("nP") >= 2  # spaCy: maxout if nP >= 2, else linear (upper present)
        self._lower_b = np.asarray(lower.get_param("b"), dtype=np.float32)
        self._up_w = np.asarray(upper.get_param("W"), dtype=np.float32)
        self._up_b = np.asarray(upper.get_param("b"), dtype=np.float32)
        names = [pipe.moves.get_class_name(i) for i in range(pipe.moves.n_moves)]
        if self._up_w.shape[0] != len(names):
            return "output width differs from the moves"
        kinds: list[str] = []
        labels: list[str] = []
        for name in names:
            kind = _MOVES.get(name[:1])
            if kind is None or (kind not in ("out", "missing") and name[1:2] != "-"):
                return f"unknown move {name!r}"
            kinds.append(kind)
            labels.append(name[2:] if kind not in ("out", "missing") else "")
        if kinds.count("out") != 1:
            return "not one O move"
        self._labels = labels
        self._out = kinds.index("out")
        self._is_begin = np.array([k == "begin" for k in kinds])
        self._is_unit = np.array([k == "unit" for k in kinds])
        by = {(k, lab): i for i, (k, lab) in enumerate(zip(kinds, labels, strict=True))}
        self._inside: dict[str, tuple[int, int]] = {}
        for lab in {lab for lab in labels if lab}:
            if ("in", lab) not in by or ("last", lab) not in by:
                return f"label {lab!r} lacks its I or L move"
            self._inside[lab] = (by[("in", lab)], by[("last", lab)])
        seen = np.ones(len(names), dtype=bool)
        for c in model.attrs.get("unseen_classes", ()) or ():
            seen[int(c)] = False
        self._seen = seen
        self._all_seen = bool(seen.all())
        return ""

    # -- the decode -------------------------------------------------------------------------
    def _hidden(self, pre: np.ndarray) -> np.ndarray:
        return pre.max(axis=-1) if self._maxout else pre[..., 0]

    def _mask_unseen(self, scores: np.ndarray) -> np.ndarray:
        """spaCy sets the scores of classes never seen in training to the step's minimum."""
        if self._all_seen:
            return scores
        low = scores.min(axis=-1, keepdims=True)
        return np.where(self._seen, scores, low)

    def entities(self, doc: Any) -> list[NerSpan]:
        from spacy.attrs import ENT_IOB, SENT_START

        n = len(doc)
        if n == 0:
            return []
        flags = doc.to_array([SENT_START, ENT_IOB]).reshape(n, 2)
        if not self.fast or flags[:, 1].any():
            return [(e.start_char, e.end_char, e.label_) for e in self._pipe(doc).ents]
        tokvecs = self._tok2vec.predict([doc])
        cached = self._lower.predict(tokvecs)  # (n + 1, 3, hidden, pieces); row 0 is the padding
        pad, feats = cached[0], cached[1:]
        bias = self._lower_b
        # every token in the "no entity open" state: features (token, padding, padding)
        scores = self._hidden(((feats[:, 0] + pad[1]) + pad[2]) + bias) @ self._up_w.T
        scores += self._up_b
        scores = self._mask_unseen(scores)
        starts_sentence = flags[:, 0] == 1
        space = np.fromiter((t.is_space for t in doc), dtype=bool, count=n)
        no_begin = space.copy()
        no_begin[-1] = True  # a B needs a next token
        no_begin[:-1] |= starts_sentence[1:]  # entities do not cross a sentence start
        valid = np.zeros(scores.shape, dtype=bool)
        valid[:, self._out] = True
        valid[:, self._is_begin] = ~no_begin[:, None]
        valid[:, self._is_unit] = ~space[:, None]
        masked = np.where(valid, scores, -np.inf)
        best = masked.argmax(axis=1)
        out: list[tuple[int, int, str]] = []
        moving = np.flatnonzero(best != self._out)
        k, t = 0, 0
        while True:
            while k < len(moving) and moving[k] < t:
                k += 1
            if k >= len(moving):
                break
            t = int(moving[k])
            move = int(best[t])
            label = self._labels[move]
            if self._is_unit[move]:
                out.append((t, t + 1, label))
                t += 1
                continue
            start = t  # B-label: step the open entity until its L
            i_move, l_move = self._inside[label]
            t += 1
            while True:
                hidden = self._hidden(((feats[t, 0] + feats[start, 1]) + feats[t - 1, 2]) + bias)
                step = hidden @ self._up_w.T
                step += self._up_b
                step = self._mask_unseen(step)
                can_continue = t < n - 1 and not starts_sentence[t + 1]
                s_in, s_last = step[i_move], step[l_move]
                if can_continue and (s_in > s_last or (s_in == s_last and i_move < l_move)):
                    t += 1
                    continue
                out.append((start, t + 1, label))
                t += 1
                break
        return [(doc[a].idx, doc[b - 1].idx + len(doc[b - 1]), label) for a, b, label in out]
