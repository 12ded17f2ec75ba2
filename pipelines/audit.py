"""The artifact audit: the CI gate over compiled programs, traces and ledgers.

    python -m pipelines.audit PATH [--canaries REGISTRY] [--traces DIR ...] [--forbid FILE]
                              [--report OUT.json] [--json]

PATH is any DSPy saved program (``program.save("x.json")``: demos, instructions, signatures) or
any JSON/JSONL file.  Every string in it (and every key) is scanned, together with what it decodes
to: URL-encoding, base64 / base64url tokens, ``\\uXXXX`` / ``\\xXX`` escapes and HTML entities,
hex (``4d61...``, ``4d 61 ...``, ``4d:61:...``, ``0x4d61...``), base32 and quoted-printable,
recursively (a base64 string inside a URL-encoded one is found).  Findings:

* ``pii``: the hybrid detector finds a direct identifier, a domain identifier, a special category
  or a date of birth (our own markers ``<PERSON_1>`` and ``[REDACTED_*]`` are not findings);
* ``canary``: a value of the canary registry (active or retired) occurs (spacing/case-insensitive);
* ``forbidden``: a value listed in ``--forbid`` (one per line; used to prove an erasure) occurs.

Exit 1 with a report when anything is found, 0 when clean, 2 on bad input.  The report (JSON, and
a readable table on the terminal) says where (JSON path), what type, which encoding, and shows the
value masked (first and last two characters at most), never in full.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import html
import json
import quopri
import re
import sys
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from configs.settings import load_settings
from local_model.boundary.clients import lm_detector_resources
from local_model.detection.hybrid import HybridDetector, build_detector
from local_model.text.markers import is_placeholder
from pipelines.canary import CanaryRegistry, compact, mask
from signatures.entities import IDENTIFYING_STRATA, Label
from signatures.errors import AuditInputError, CanaryError, ConfigError

FLAGGED_STRATA = IDENTIFYING_STRATA
FLAGGED_LABELS = {Label.DATE_OF_BIRTH}
MIN_SCORE = 0.5
#: shape-only user names / passwords (any letters+digits token: run ids, hashes, file names) are
#: not findings in machine-written artifacts; a labelled one ("username: ...", "@handle") is
MIN_SCORE_BY_LABEL = {Label.USERNAME: 0.7, Label.PASSWORD: 0.7}
_B64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|U[0-9a-fA-F]{8})")
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")
_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")
TEXT_SUFFIXES = {".json", ".jsonl", ".txt", ".log", ".yaml", ".yml", ".md", ".csv"}


_RESERVED_HOST = re.compile(
    r"(?i)(?:^|[/@.])(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|"
    r"example\.(?:com|org|net)|[\w-]+\.(?:example|invalid|test|localhost))(?::\d+)?(?:[/?#]|$)"
)


def _reserved_host(value: str) -> bool:
    """A URL, e-mail or address on loopback or a reserved name (RFC 2606 / 6761)."""
    return _RESERVED_HOST.search(value.split("@", 1)[-1] if "@" in value and "//" not in value else value) is not None


@dataclass
class Finding:
    where: str
    kind: str  # pii | canary | forbidden
    type: str
    encoding: str
    preview: str

    def row(self) -> str:
        return f"{self.kind:<10}{self.type:<20}{self.encoding:<22}{self.preview:<12}{self.where}"


def _printable(text: str) -> bool:
    if not text:
        return False
    good = sum(ch.isprintable() or ch in "\n\t\r" for ch in text)
    return good / len(text) >= 0.9


def _b64_variants(text: str) -> Iterator[str]:
    for m in _B64.finditer(text):
        token = m.group()
        if token.isalpha() or token.isdigit():
            continue  # a long word or number, not an encoding
        for decoder in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                raw = decoder(token + "=" * (-len(token) % 4))
                decoded = raw.decode("utf-8")
            except (binascii.Error, ValueError):
                continue
            if _printable(decoded):
                yield decoded
                break


# hex: "4d617274...", "4d 61 72 74", "4d:61:72", "0x4d617274", "\\x4d\\x61" without the escape syntax
_HEX = re.compile(r"(?<![0-9A-Za-z])(?:0x)?((?:[0-9A-Fa-f]{2}(?:[ :\-]?)){8,}[0-9A-Fa-f]{2})(?![0-9A-Za-z])")
_B32 = re.compile(r"(?<![A-Za-z0-9])[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9])")
_QP = re.compile(r"(?:=[0-9A-F]{2}){3,}")


def _decoded_bytes(raw: bytes) -> str | None:
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return decoded if _printable(decoded) else None


def _hex_variants(text: str) -> Iterator[str]:
    for m in _HEX.finditer(text):
        digits = re.sub(r"[^0-9A-Fa-f]", "", m.group(1))
        if len(digits) % 2 or digits.isdigit() or digits.isalpha():
            continue  # a number or a word, not an encoding
        decoded = _decoded_bytes(bytes.fromhex(digits))
        if decoded is not None:
            yield text[: m.start()] + decoded + text[m.end() :]


def _b32_variants(text: str) -> Iterator[str]:
    for m in _B32.finditer(text):
        token = m.group()
        if token.isalpha():
            continue  # an upper-case word
        try:
            raw = base64.b32decode(token + "=" * (-len(token.rstrip("=")) % 8 if "=" not in token else 0))
        except (binascii.Error, ValueError):
            continue
        decoded = _decoded_bytes(raw)
        if decoded is not None:
            yield decoded


def decodings(text: str, depth: int = 3) -> Iterator[tuple[str, str]]:
    """(encoding chain, decoded text) for every decoding that changes the text, recursively."""
    if depth == 0:
        return
    candidates: list[tuple[str, str]] = []
    if _PCT.search(text) or "+" in text:
        candidates.append(("url", urllib.parse.unquote_plus(text)))
    if _ESCAPE.search(text):
        try:
            candidates.append(("unicode-escape", text.encode("latin-1", "backslashreplace").decode("unicode_escape")))
        except UnicodeDecodeError:
            pass
    if "&" in text and ";" in text:
        candidates.append(("html", html.unescape(text)))
    candidates.extend(("base64", d) for d in _b64_variants(text))
    candidates.extend(("hex", d) for d in _hex_variants(text))
    candidates.extend(("base32", d) for d in _b32_variants(text))
    if _QP.search(text):
        decoded = _decoded_bytes(quopri.decodestring(text.encode("latin-1", "ignore")))
        if decoded is not None:
            candidates.append(("quoted-printable", decoded))
    for name, decoded in candidates:
        if decoded != text:
            yield name, decoded
            for sub, deeper in decodings(decoded, depth - 1):
                yield f"{name}+{sub}", deeper


def walk(node: Any, path: str = "$") -> Iterator[tuple[str, str]]:
    """(JSON path, string) for every string value and key of a JSON document."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield f"{path}.{key}#key", str(key)
            yield from walk(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}[{i}]")


def load_documents(path: Path) -> Iterator[tuple[str, Any]]:
    """(label, parsed JSON or raw text) for a file, or every text file under a directory."""
    if not path.exists():
        raise AuditInputError(f"not found: {path}")
    files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES) if path.is_dir() else [path]
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise AuditInputError(f"cannot read {f}: {type(exc).__name__}") from None
        if f.suffix == ".jsonl":
            for n, line in enumerate(text.splitlines(), 1):
                if line.strip():
                    try:
                        yield f"{f.name}:{n}", json.loads(line)
                    except json.JSONDecodeError:
                        yield f"{f.name}:{n}", line
        else:
            try:
                yield f.name, json.loads(text)
            except json.JSONDecodeError:
                yield f.name, text


class Auditor:
    def __init__(
        self,
        detector: HybridDetector | None = None,
        canaries: CanaryRegistry | None = None,
        forbidden: Sequence[str] = (),
    ) -> None:
        self.detector = detector or HybridDetector(load_settings().detector)
        self.canaries = canaries
        self.forbidden = [(v, compact(v)) for v in forbidden if v.strip()]
        self.scanned = 0

    def _pii(self, text: str) -> Iterator[tuple[str, str]]:
        for ent in self.detector.detect(text):
            if ent.score < MIN_SCORE_BY_LABEL.get(ent.label, MIN_SCORE):
                continue
            if ent.stratum not in FLAGGED_STRATA and ent.label not in FLAGGED_LABELS:
                continue
            if is_placeholder(ent.text):
                continue
            if ent.label in (Label.URL, Label.EMAIL, Label.IP_ADDRESS) and _reserved_host(ent.text):
                continue  # loopback endpoints, example.* / *.invalid / *.test: nobody's data
            yield ent.label.value, ent.text

    def scan_text(self, where: str, text: str, detect: bool = True) -> list[Finding]:
        self.scanned += 1
        found: list[Finding] = []
        seen: set[tuple[str, str, str]] = set()
        for encoding, variant in [("plain", text), *decodings(text)]:
            hits: list[tuple[str, str, str]] = []
            if self.canaries is not None:
                hits += [("canary", f"{c.kind}:{c.id}", c.value) for c in self.canaries.find(variant)]
            if self.forbidden:
                hay = compact(variant)
                hits += [("forbidden", "VALUE", v) for v, key in self.forbidden if key and key in hay]
            if detect:
                hits += [("pii", label, value) for label, value in self._pii(variant)]
            for kind, typ, value in hits:
                key = (kind, typ, compact(value))
                if key in seen:
                    continue
                seen.add(key)
                found.append(Finding(where, kind, typ, encoding, mask(value)))
        return found

    def scan(self, label: str, document: Any) -> list[Finding]:
        findings: list[Finding] = []
        for path, text in walk(document, "$"):
            if not text.strip():
                continue
            # an identifier-like key ("metadata", "demos") is schema, not prose: the statistical
            # detectors misread lone words ("metadata" as a person), so keys of that shape only
            # get the canary and forbidden-value search
            schema_key = path.endswith("#key") and _IDENTIFIER.fullmatch(text) is not None
            findings.extend(self.scan_text(f"{label}:{path}", text, detect=not (schema_key or _metadata(path))))
        return findings


#: fields our own records write from configuration or as digests, never from data: a compile's
#: plan (``budget``, ``optimizer``, ``endpoints.*``) and report (``artifact``: the saved program's
#: path) and ledger lines (``endpoint``, ``request_sha256``, ``session``).  Their values get the
#: canary and forbidden-value search only: the statistical detectors misread them ("tiny" as a
#: person, a model name or ``program.json`` as a user name).
_METADATA_FIELDS = frozenset(
    {"budget", "optimizer", "endpoint", "request_sha256", "session", "status", "role", "artifact"}
)
_METADATA_PARENTS = frozenset({"endpoints"})


def _metadata(path: str) -> bool:
    """``path`` (from :func:`walk`) is a top-level metadata field of one of our records."""
    parts = re.findall(r"\.([A-Za-z_]\w*)", path)
    if path.endswith("#key") or not parts:
        return False
    top_level = path.count(".") == 1 and parts[-1] in _METADATA_FIELDS
    return top_level or (path.count(".") == 2 and parts[0] in _METADATA_PARENTS)


def render(findings: list[Finding], scanned: int) -> str:
    if not findings:
        return f"audit: clean ({scanned} strings scanned)"
    lines = [
        f"audit: {len(findings)} finding(s) in {scanned} strings scanned",
        f"{'kind':<10}{'type':<20}{'encoding':<22}{'preview':<12}where",
    ]
    lines += [f.row() for f in findings]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pipelines.audit", description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="saved DSPy program JSON (or any JSON/JSONL file or directory)")
    parser.add_argument("--canaries", type=Path, help="canary registry JSON")
    parser.add_argument("--traces", type=Path, action="append", default=[], help="directory of traces or ledgers")
    parser.add_argument("--forbid", type=Path, help="file with values that must not occur (one per line)")
    parser.add_argument("--report", type=Path, help="write the JSON report here")
    parser.add_argument("--json", action="store_true", help="print the JSON report instead of the table")
    parser.add_argument("--config", help="detector YAML")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        canaries = CanaryRegistry.load(args.canaries) if args.canaries else None
        forbidden = args.forbid.read_text(encoding="utf-8").splitlines() if args.forbid else []
        settings = load_settings(args.config)
        auditor = Auditor(
            build_detector(
                settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)
            ),
            canaries,
            forbidden,
        )
        findings: list[Finding] = []
        for target in [args.path, *args.traces]:
            for label, doc in load_documents(target):
                findings.extend(auditor.scan(label, doc))
    except (AuditInputError, CanaryError, ConfigError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report = {
        "artifact": str(args.path),
        "traces": [str(t) for t in args.traces],
        "clean": not findings,
        "scanned_strings": auditor.scanned,
        "counts": {k: sum(f.kind == k for f in findings) for k in ("pii", "canary", "forbidden")},
        "findings": [asdict(f) for f in findings],
    }
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else render(findings, auditor.scanned))
    return 0 if not findings else 1


if __name__ == "__main__":
    raise SystemExit(main())
