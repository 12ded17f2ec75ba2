"""Utility benchmark: does minimization keep what the answer needs?

    python -m eval.utility_bench --out DIR [--data PATH ...] [--n 400] [--seed 13]
        [--assistant] [--architecture minimize_then_external]

Support tickets (EN, ES, PT, IT, FR, DE: log lines, stack traces, configuration snippets, curl
commands, order confirmations) carry gold spans ``{start, end, text, action: keep|mask, kind or
label}``:

- a **keep** span (an error code, a version, a port, a product model, a brand, a landmark ...) is
  *kept* when no detected span overlaps any of its characters;
- a **mask** span (personal data) is *masked* when every letter and digit of it is covered by
  detected spans.

Without ``--data`` two sets are measured, each reported on its own: the generated held-out split
(:mod:`eval.utility_tickets`, ``--split heldout --n N --seed S``) and the hand-written set
``eval/handwritten/utility`` (written by an annotator who saw neither the rules nor the generator).
``--data`` (repeatable) names spans files or directories of them instead.

Reported per set: keep-kept overall, per kind, per language and per (kind, language); mask-masked
overall, per label and per language; **precision** (the share of detected spans that overlap a
mask span) next to it; the most frequent (kind, wrong label) pairs: what a kept string was taken
for; label accuracy on direct identifiers (the detected type is of the gold type's family: a CPF
as a phone number is wrong); the share of tickets whose minimized text still holds every keep
span.  ``--assistant`` also sends every ticket through the assistant (the code path of ``python -m
pipelines.support_assistant``) with the external role pointed at a recording provider on loopback
that echoes each request, and reports what actually left: keep spans present verbatim in the
requests of their ticket, raw mask values that left, handoffs by cause, and whether the
program's own instruction reached the provider unedited.

Writes ``DIR/report.json`` (aggregates only: no ticket text), ``DIR/misses.jsonl`` (per missed
span: ticket id, kind or label, the span text and the detected label; mode 0600: it holds the
set's values) and prints a table.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from configs.settings import resolve_path
from eval.runinfo import write_run_info
from local_model.files import open_private
from signatures.errors import DataError

HANDWRITTEN = "eval/handwritten/utility"
LANGS = ("en", "es", "pt", "it", "fr", "de")

#: the type family of a label: a marker of another family misleads the external model
FAMILIES: dict[str, str] = {
    "PERSON": "name",
    "USERNAME": "account",
    "EMAIL": "contact",
    "PHONE": "contact",
    "URL": "contact",
    "IP_ADDRESS": "network",
    "NATIONAL_ID": "document",
    "ID_CARD": "document",
    "PASSPORT": "document",
    "DRIVER_LICENSE": "document",
    "IBAN": "financial",
    "CREDIT_CARD": "financial",
    "ACCOUNT_NUMBER": "financial",
    "PASSWORD": "secret",
    "STREET_ADDRESS": "address",
    "BUILDING_NUMBER": "address",
    "SECONDARY_ADDRESS": "address",
    "POSTCODE": "address",
    "GEO_COORDINATE": "address",
    "CITY": "place",
    "STATE": "place",
    "COUNTRY": "place",
    "LOCATION": "place",
    "CUSTOMER_ID": "reference",
    "CONTRACT_NUMBER": "reference",
    "POLICY_NUMBER": "reference",
    "TICKET_NUMBER": "reference",
    "LINE_NUMBER": "contact",
    "MEDICAL_RECORD_NUMBER": "reference",
    "DEVICE_ID": "device",
}
#: labels whose gold spans count for label accuracy (the direct identifiers)
DIRECT = frozenset(
    {
        "PERSON", "USERNAME", "EMAIL", "PHONE", "NATIONAL_ID", "ID_CARD", "PASSPORT", "DRIVER_LICENSE", "IBAN",
        "CREDIT_CARD", "IP_ADDRESS", "URL", "PASSWORD", "STREET_ADDRESS",
    }
)  # fmt: skip


def same_family(gold: str, predicted: str) -> bool:
    if gold == predicted:
        return True
    fam = FAMILIES.get(gold)
    if fam is None:
        return False
    if fam == FAMILIES.get(predicted):
        return True
    # a user name, an account or a reference number read as another identifier of the account
    return {fam, FAMILIES.get(predicted)} <= {"account", "reference", "financial"} and gold != "PASSWORD"


@dataclass(frozen=True)
class Gold:
    start: int
    end: int
    text: str
    action: str  # keep | mask
    kind: str  # keep: the kind; mask: the label


@dataclass
class Ticket:
    id: str
    language: str
    text: str
    spans: list[Gold] = field(default_factory=list)


def _ticket(rec: dict[str, Any], where: str) -> Ticket:
    if not isinstance(rec, dict) or not isinstance(rec.get("text"), str) or not isinstance(rec.get("spans"), list):
        raise DataError(f"{where}: expected an object with 'text' (string) and 'spans' (list)")
    text = rec["text"]
    spans = []
    for j, s in enumerate(rec["spans"]):
        try:
            start, end, action = int(s["start"]), int(s["end"]), str(s["action"])
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(
                f"{where}, span {j}: needs integer start, end and an action ({exc.__class__.__name__})"
            ) from None
        if action not in ("keep", "mask"):
            raise DataError(f"{where}, span {j}: action must be keep or mask, not {action!r}")
        if not 0 <= start < end <= len(text):
            raise DataError(f"{where}, span {j}: [{start}, {end}) outside the text (length {len(text)})")
        kind = s.get("kind") if action == "keep" else s.get("label")
        if not isinstance(kind, str) or not kind:
            raise DataError(f"{where}, span {j}: a {action} span needs a {'kind' if action == 'keep' else 'label'}")
        if "text" in s and s["text"] != text[start:end]:
            raise DataError(f"{where}, span {j}: its text does not match the characters at [{start}, {end})")
        spans.append(Gold(start, end, text[start:end], action, kind))
    lang = rec.get("language") or rec.get("lang") or "und"
    return Ticket(str(rec.get("id", where)), str(lang), text, spans)


def load_tickets(path: str | Path) -> list[Ticket]:
    """A spans file (JSONL) or a directory of them (``*.jsonl``, sorted)."""
    p = resolve_path(str(path))
    files = sorted(p.glob("*.jsonl")) if p.is_dir() else [p]
    if not files or not all(f.is_file() for f in files):
        raise DataError(f"{path}: no such file, or a directory without *.jsonl files")
    out: list[Ticket] = []
    for f in files:
        with f.open(encoding="utf-8") as fh:
            for i, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise DataError(f"{f.name}:{i}: not JSON ({exc.msg})") from None
                out.append(_ticket(rec, f"{f.name}:{i}"))
    return out


@dataclass(frozen=True)
class Pred:
    start: int
    end: int
    label: str


def _covered(text: str, g: Gold, preds: Sequence[Pred]) -> bool:
    cover = [False] * (g.end - g.start)
    for p in preds:
        for i in range(max(p.start, g.start), min(p.end, g.end)):
            cover[i - g.start] = True
    return all(c or not text[g.start + k].isalnum() for k, c in enumerate(cover))


def _overlapping(g: Gold, preds: Sequence[Pred]) -> list[Pred]:
    return [p for p in preds if p.start < g.end and g.start < p.end]


def _rate(hit: int, n: int) -> float | None:
    return round(hit / n, 4) if n else None


class _Tally:
    def __init__(self) -> None:
        self.n: Counter[str] = Counter()
        self.hit: Counter[str] = Counter()

    def add(self, key: str, ok: bool) -> None:
        self.n[key] += 1
        self.hit[key] += ok

    def table(self) -> dict[str, dict[str, Any]]:
        return {k: {"n": self.n[k], "rate": _rate(self.hit[k], self.n[k])} for k in sorted(self.n)}


def score(
    tickets: Sequence[Ticket], predictions: Sequence[Sequence[Pred]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The detector-level metrics of one set, and its misses (keep spans masked, mask spans missed)."""
    keep, keep_lang, keep_kind_lang = _Tally(), _Tally(), _Tally()
    mask, mask_lang = _Tally(), _Tally()
    wrong: Counter[tuple[str, str]] = Counter()
    label_ok: Counter[str] = Counter()
    label_n: Counter[str] = Counter()
    n_pred = n_pred_on_mask = n_pred_on_keep = 0
    all_kept = 0
    misses: list[dict[str, Any]] = []
    for t, preds in zip(tickets, predictions, strict=True):
        kept_all = True
        for g in t.spans:
            hits = _overlapping(g, preds)
            if g.action == "keep":
                ok = not hits
                keep.add(g.kind, ok)
                keep_lang.add(t.language, ok)
                keep_kind_lang.add(f"{g.kind}/{t.language}", ok)
                if not ok:
                    kept_all = False
                    for lab in sorted({p.label for p in hits}):
                        wrong[(g.kind, lab)] += 1
                    misses.append({"id": t.id, "action": "keep", "kind": g.kind, "text": g.text,
                                   "as": sorted({p.label for p in hits})})  # fmt: skip
            else:
                ok = _covered(t.text, g, preds)
                mask.add(g.kind, ok)
                mask_lang.add(t.language, ok)
                if not ok:
                    misses.append({"id": t.id, "action": "mask", "label": g.kind, "text": g.text,
                                   "as": sorted({p.label for p in hits})})  # fmt: skip
                elif g.kind in DIRECT:
                    best = max(hits, key=lambda p: min(p.end, g.end) - max(p.start, g.start))
                    label_n[g.kind] += 1
                    label_ok[g.kind] += same_family(g.kind, best.label)
        all_kept += kept_all
        for p in preds:
            n_pred += 1
            on_mask = any(g.action == "mask" and p.start < g.end and g.start < p.end for g in t.spans)
            n_pred_on_mask += on_mask
            n_pred_on_keep += not on_mask and any(
                g.action == "keep" and p.start < g.end and g.start < p.end for g in t.spans
            )
    metrics = {
        "tickets": len(tickets),
        "keep_spans": sum(keep.n.values()),
        "keep_kept": _rate(sum(keep.hit.values()), sum(keep.n.values())),
        "keep_kept_by_kind": keep.table(),
        "keep_kept_by_language": keep_lang.table(),
        "keep_kept_by_kind_language": keep_kind_lang.table(),
        "tickets_all_keep_kept": _rate(all_kept, len(tickets)),
        "mask_spans": sum(mask.n.values()),
        "mask_masked": _rate(sum(mask.hit.values()), sum(mask.n.values())),
        "mask_masked_by_label": mask.table(),
        "mask_masked_by_language": mask_lang.table(),
        "detected_spans": n_pred,
        "precision": _rate(n_pred_on_mask, n_pred),
        "detected_on_keep": n_pred_on_keep,
        "wrong_labels": [{"kind": k, "as": lab, "n": n} for (k, lab), n in wrong.most_common(25)],
        "label_accuracy_direct": _rate(sum(label_ok.values()), sum(label_n.values())),
        "label_accuracy_by_label": {
            k: {"n": label_n[k], "rate": _rate(label_ok[k], label_n[k])} for k in sorted(label_n)
        },
    }
    return metrics, misses


def detect_all(tickets: Sequence[Ticket], detect: Callable[[str], Any], quiet: bool) -> list[list[Pred]]:
    from tqdm import tqdm

    out = []
    for t in tqdm(tickets, desc="detect", unit="ticket", disable=quiet):
        out.append([Pred(e.start, e.end, str(e.label)) for e in detect(t.text)])
    return out


# --- through the assistant ------------------------------------------------------------------------


def through_assistant(tickets: Sequence[Ticket], architecture: str, workdir: Path, quiet: bool) -> dict[str, Any]:
    """Every ticket through the assistant with an echoing recording provider: what left."""
    from tqdm import tqdm

    from configs.models import load_models
    from configs.settings import load_settings
    from eval.recording_provider import RecordingProvider, echo_reply, external_role_at, request_text
    from pipelines import support_assistant
    from pipelines.assistant import SupportAssistant

    keep, mask = _Tally(), _Tally()
    causes: Counter[str] = Counter()
    all_kept = answered = 0
    instructions: set[str] = set()
    with RecordingProvider(reply=echo_reply) as provider, external_role_at(provider):
        assistant = SupportAssistant(load_models(None), load_settings(None), architecture, workdir / "ledger.jsonl")
        for i, t in enumerate(tqdm(tickets, desc="assistant", unit="ticket", disable=quiet)):
            before = len(provider.requests)
            item = support_assistant.Ticket(id=f"u{i}", text=t.text)
            summary = support_assistant.run(assistant, [item], workdir / f"t{i % 2}", quiet=True)
            bodies = provider.requests[before:]
            sent = "\n".join(request_text(b) for b in bodies)
            if summary.handoffs or summary.failed:
                causes.update({c: n for c, n in summary.causes.items() if n})
            else:
                answered += 1
            for b in bodies:
                system = [m.get("content", "") for m in b.get("messages", []) if m.get("role") == "system"]
                instructions.update(s for s in system if isinstance(s, str))
            kept_all = True
            for g in t.spans:
                if g.action == "keep":
                    ok = bool(bodies) and g.text in sent
                    keep.add(g.kind, ok)
                    kept_all &= ok
                else:
                    mask.add(g.kind, g.text not in sent)
            all_kept += kept_all
    program = assistant.program
    formatted = program.adapter.format(program.respond.signature, demos=program.respond.demos, inputs={"request": "x"})
    template = next(m["content"] for m in formatted if m["role"] == "system")
    template_edits = sum(s != template for s in instructions)
    return {
        "architecture": architecture,
        "tickets": len(tickets),
        "answered": answered,
        "handoffs": dict(causes),
        "keep_present": _rate(sum(keep.hit.values()), sum(keep.n.values())),
        "keep_present_by_kind": keep.table(),
        "tickets_all_keep_present": _rate(all_kept, len(tickets)),
        "mask_withheld": _rate(sum(mask.hit.values()), sum(mask.n.values())),
        "mask_withheld_by_label": mask.table(),
        "system_messages_seen": len(instructions),
        "system_messages_without_template": template_edits,
    }


# --- the command ----------------------------------------------------------------------------------


def _sets(args: argparse.Namespace) -> list[tuple[str, list[Ticket]]]:
    if args.data:
        return [(str(p), load_tickets(p)) for p in args.data]
    from eval.utility_tickets import generate

    generated = [_ticket(rec, f"generated {i}") for i, rec in enumerate(generate("heldout", args.n, args.seed, LANGS))]
    return [(f"generated heldout (n={args.n}, seed={args.seed})", generated), (HANDWRITTEN, load_tickets(HANDWRITTEN))]


def run(args: argparse.Namespace) -> dict[str, Any]:
    out = resolve_path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from configs.settings import load_settings
    from local_model.boundary.clients import lm_detector_resources
    from local_model.detection.hybrid import build_detector

    settings = load_settings(args.config)
    t0 = time.perf_counter()
    detector = build_detector(
        settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)
    )
    startup = time.perf_counter() - t0
    report: dict[str, Any] = {"sets": {}, "detector_startup_s": round(startup, 1)}
    all_misses: list[dict[str, Any]] = []
    for name, tickets in _sets(args):
        t0 = time.perf_counter()
        preds = detect_all(tickets, detector.detect, args.quiet)
        metrics, misses = score(tickets, preds)
        metrics["detect_s"] = round(time.perf_counter() - t0, 1)
        if args.assistant:
            with tempfile.TemporaryDirectory(prefix="utility-") as tmp:
                metrics["assistant"] = through_assistant(tickets, args.architecture, Path(tmp), args.quiet)
        report["sets"][name] = metrics
        all_misses.extend({"set": name, **m} for m in misses)
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    with open_private(out / "misses.jsonl") as fh:
        for m in all_misses:
            fh.write(json.dumps(m, ensure_ascii=False) + "\n")
    return report


def _pct(v: float | None) -> str:
    return "   -" if v is None else f"{v:.3f}"


def render(report: dict[str, Any]) -> str:
    lines: list[str] = []
    for name, m in report["sets"].items():
        lines.append(f"== {name}: {m['tickets']} tickets, {m['keep_spans']} keep spans, {m['mask_spans']} mask spans")
        lines.append(
            f"keep-kept {_pct(m['keep_kept'])}   mask-masked {_pct(m['mask_masked'])}   precision "
            f"{_pct(m['precision'])}   tickets with every keep span {_pct(m['tickets_all_keep_kept'])}   "
            f"label accuracy (direct) {_pct(m['label_accuracy_direct'])}"
        )
        lines.append(f"{'kind':<16}{'n':>6}{'kept':>8}    {'label':<22}{'n':>6}{'masked':>8}")
        kinds = list(m["keep_kept_by_kind"].items())
        labels = list(m["mask_masked_by_label"].items())
        for i in range(max(len(kinds), len(labels))):
            left = (
                f"{kinds[i][0]:<16}{kinds[i][1]['n']:>6}{_pct(kinds[i][1]['rate']):>8}" if i < len(kinds) else " " * 30
            )
            right = (
                f"{labels[i][0]:<22}{labels[i][1]['n']:>6}{_pct(labels[i][1]['rate']):>8}" if i < len(labels) else ""
            )
            lines.append(f"{left}    {right}")
        langs = ", ".join(f"{k} {_pct(v['rate'])}" for k, v in m["keep_kept_by_language"].items())
        lines.append(f"keep-kept by language: {langs}")
        if m["wrong_labels"]:
            pairs = ", ".join(f"{w['kind']}->{w['as']} {w['n']}" for w in m["wrong_labels"][:10])
            lines.append(f"kept strings taken for: {pairs}")
        a = m.get("assistant")
        if a:
            lines.append(
                f"through the assistant ({a['architecture']}): {a['answered']}/{a['tickets']} answered, handoffs "
                f"{a['handoffs'] or 'none'}; keep spans present {_pct(a['keep_present'])}, tickets with every keep "
                f"span {_pct(a['tickets_all_keep_present'])}; mask values withheld {_pct(a['mask_withheld'])}; "
                f"requests whose instruction was edited: {a['system_messages_without_template']}"
            )
        lines.append("")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.utility_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="output directory (report.json, misses.jsonl)")
    p.add_argument("--data", action="append", help="a spans file or directory (repeatable); default: both sets")
    p.add_argument("--n", type=int, default=400, help="generated held-out tickets (without --data)")
    p.add_argument("--seed", type=int, default=13, help="seed of the generated held-out tickets")
    p.add_argument("--assistant", action="store_true", help="also send every ticket through the assistant")
    p.add_argument("--architecture", default="minimize_then_external", choices=("minimize_then_external", "papillon"))
    p.add_argument("--config", help="detector/data YAML (default configs/default.yaml or PDT_CONFIG)")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.n <= 0:
        print("error: --n must be positive", file=sys.stderr)
        return 2
    try:
        report = run(args)
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    write_run_info(resolve_path(args.out), "eval.utility_bench", argv)
    print(render(report))
    print(f"report -> {resolve_path(args.out) / 'report.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
