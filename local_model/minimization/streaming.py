"""Reinjection of streamed and structured model output (the other half of the pseudonym map).

* :class:`StreamingReinjector`: a streamed answer is re-identified chunk by chunk; only the
  shortest tail that could still be the start of a marker is held back, so a marker split across
  any number of chunks is restored and nothing else waits.
* :func:`reinject_json`: reinjection inside a parsed JSON value (every string, keys included).
"""

from __future__ import annotations

import re
from typing import Any

from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.markers import LABEL_BY_COMPACT, LABEL_VALUES, MARKER_RE, MAX_MARKER_CHARS


class StreamingReinjector:
    """Reinjects a streamed answer chunk by chunk; a marker split across chunks is held back.

    ``feed(chunk)`` returns the text that is safe to emit now; ``close()`` flushes
    the rest.  Text is held back only from the last possible marker start (``<``,
    ``[``, ``{``, ``(`` or a label prefix) and never more than 40 characters.

    ``session_only``: hold back only what could still become a pseudonym *of this map* (a
    marker of a type the map holds, or the beginning of one of its surrogates); anything else
    is released at once.  Markers the map does not know are left as written either way and
    reported in ``unknown_markers`` at :meth:`close` (from the whole stream, so a split unknown
    marker is counted too); a held-back start that never completes is released as written at
    :meth:`close` and counted in ``incomplete``, never guessed.
    """

    def __init__(self, pmap: PseudonymMap, session_only: bool = False) -> None:
        self._map = pmap
        self._pending = ""
        self.unknown_markers: list[str] = []
        self.restored = 0
        self.incomplete = 0
        self._session_only = session_only
        self._raw: list[str] = []
        pseudonyms = pmap.pseudonyms()
        self._labels = {
            m.group("label").replace("_", "").upper() for p in pseudonyms if (m := MARKER_RE.fullmatch(p)) is not None
        }
        self._surrogates = sorted({p.lower() for p in pseudonyms if not p.startswith("<")}, key=len)
        self._max_hold = max([MAX_MARKER_CHARS, *(len(p) for p in self._surrogates)])

    def _could_start(self, tail: str) -> bool:
        if self._surrogates:
            low = tail.lower()
            if any(p.startswith(low) for p in self._surrogates):
                return True
        if not self._session_only:
            return _could_start_marker(tail)
        return bool(self._labels) and _could_start_marker(tail, self._labels)

    def _safe_cut(self, text: str) -> int:
        """Index up to which ``text`` cannot be the beginning of an unfinished marker."""
        tail_start = max(0, len(text) - self._max_hold)
        for i in range(tail_start, len(text)):
            if self._could_start(text[i:]):
                return i
        return len(text)

    def _emit(self, text: str) -> str:
        res = self._map.reinject(text)
        self.unknown_markers.extend(res.unknown_markers)
        self.restored += res.restored
        return res.text

    def feed(self, chunk: str) -> str:
        if self._session_only:
            self._raw.append(chunk)
        buf = self._pending + chunk
        cut = self._safe_cut(buf)
        # never cut inside a complete marker that the regex could still extend
        for m in MARKER_RE.finditer(buf):
            if m.start() < cut < m.end():
                cut = m.start()
        self._pending = buf[cut:]
        return self._emit(buf[:cut]) if cut else ""

    def close(self) -> str:
        rest, self._pending = self._pending, ""
        if rest and self._could_start(rest) and (rest[0] in "<[{(" or re.search(r"[_\d]", rest)):
            self.incomplete += 1  # "<PERS", "PERSON_": a marker cut off; a plain word ("Pe") is not
        out = self._emit(rest) if rest else ""
        if self._session_only:  # unknown markers of the whole stream, split ones included
            self.unknown_markers = list(self._map.reinject("".join(self._raw)).unknown_markers)
        return out


def _could_start_marker(tail: str, labels: set[str] | None = None) -> bool:
    """True when ``tail`` may still grow into a marker (or a marker's closing bracket); with
    ``labels`` (compact label names), only into a marker of one of those types."""
    body = tail.lstrip("<[{( \t")
    if len(tail) - len(body) > 2:
        return False
    if not body:
        return bool(tail) and tail[0] in "<[{("
    m = re.match(r"([A-Za-z _-]*)(\d*)[ \t]?([>\]})]?)$", body)
    if not m:
        return False
    letters, digits, close = m.groups()
    compact = re.sub(r"[ _-]", "", letters).upper()
    if not compact:
        return False
    if close:
        return False  # complete
    if digits:  # "<PERSON_1" may still get its ">" or more digits
        return compact in LABEL_BY_COMPACT and (labels is None or compact in labels)
    names = LABEL_VALUES if labels is None else labels
    return any(p.replace("_", "").startswith(compact) for p in names) and letters[:1].isalpha()


def reinject_json(pmap: PseudonymMap, obj: Any) -> tuple[Any, list[str]]:
    """Reinject inside a parsed JSON value (every string, keys included), so real values
    containing quotes or backslashes never break the structure. Returns (value, unknown markers)."""
    unknown: list[str] = []

    def walk(node: Any) -> Any:
        if isinstance(node, str):
            res = pmap.reinject(node)
            unknown.extend(res.unknown_markers)
            return res.text
        if isinstance(node, list):
            return [walk(x) for x in node]
        if isinstance(node, dict):
            return {walk(k): walk(v) for k, v in node.items()}
        return node

    return walk(obj), unknown
