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
    """

    def __init__(self, pmap: PseudonymMap) -> None:
        self._map = pmap
        self._pending = ""
        self.unknown_markers: list[str] = []
        self.restored = 0

    def _safe_cut(self, text: str) -> int:
        """Index up to which ``text`` cannot be the beginning of an unfinished marker."""
        tail_start = max(0, len(text) - MAX_MARKER_CHARS)
        for i in range(tail_start, len(text)):
            tail = text[i:]
            if _could_start_marker(tail):
                return i
        return len(text)

    def _emit(self, text: str) -> str:
        res = self._map.reinject(text)
        self.unknown_markers.extend(res.unknown_markers)
        self.restored += res.restored
        return res.text

    def feed(self, chunk: str) -> str:
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
        return self._emit(rest) if rest else ""


def _could_start_marker(tail: str) -> bool:
    """True when ``tail`` may still grow into a marker (or a marker's closing bracket)."""
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
    if digits:
        return compact in LABEL_BY_COMPACT  # "<PERSON_1" may still get its ">" or more digits
    return any(p.replace("_", "").startswith(compact) for p in LABEL_VALUES) and letters[:1].isalpha()


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
