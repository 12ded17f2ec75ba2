"""The results pages (``python -m eval.report``) from the metrics files in ``tests/fixtures/runs/``.

The fixture is built by the benchmarks' own code where that is cheap (``pii_bench``'s and
``leak_bench``'s scoring, ``utility_bench.score``, ``latency_bench.summarize``,
``serve_bench.summarize``, ``scan_bench.summarize``) on a few invented rows;
:func:`test_the_fixture_is_what_the_writers_emit` fails when a writer's format drifts from it
(regenerate with ``.venv/bin/python -m tests.test_report``, then review the diff).  The
assistant bench's report is assembled inside its ``run()`` (a live model server): its fixture is a
trimmed copy of the keys that ``run()`` writes.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from eval import report as rep

FIXTURE = Path(__file__).parent / "fixtures" / "runs"
HISTORY = "# Results history\n\nHand-written, never touched by eval.report.\n"
README = "# Project\n\nIntro line.\n\n<!-- results:start -->\nold block\n<!-- results:end -->\n\n## After\n\ntail\n"


# ---------------------------------------------------------------------- the fixture's builders


MACHINE = "2 CPU cores (Test CPU), 8.0 GiB RAM, Linux 6.1, Python 3.11.9"


def _run_json(module: str, argv: list[str], commit: str, date: str) -> dict[str, Any]:
    """``eval.runinfo``'s run.json with a fixed commit, date and machine (its keys and command are checked
    against the real writer in :func:`test_the_fixture_is_what_the_writers_emit`)."""
    command = shlex.join(["python", "-m", module, *argv])
    return {"benchmark": module, "command": command, "commit": commit, "date": date, "machine": MACHINE}


def _at(text: str, value: str) -> tuple[int, int]:
    start = text.index(value)
    return start, start + len(value)


def _pii(rows: list[Any], ours_pred: list[list[tuple[str, str]]], base_pred: list[list[tuple[str, str]]],
         fmt: str, data: str, load: Any, seconds: tuple[float, float]) -> dict[str, Any]:  # fmt: skip
    """``eval.pii_bench.run``'s metrics.json for predicted (value, label) pairs per row."""
    from eval.pii_bench import _deltas, _System
    from metrics.spans import Span

    systems = [_System("ours", lambda text: [], 1.5), _System("presidio", lambda text: [], 0.8)]
    for row, *preds in zip(rows, ours_pred, base_pred, strict=True):
        for system, pred in zip(systems, preds, strict=True):
            system.score_row(row, [Span(*_at(row.text, v), label) for v, label in pred])
    for system, s in zip(systems, seconds, strict=True):
        system.seconds = s
    n_chars = sum(len(r.text) for r in rows)
    metrics: dict[str, Any] = {
        "data": data,
        "format": fmt,
        "rows": len(rows),
        "load_report": vars(load),
        "detectors": ["rules", "ner", "tagger"],
        "ours": systems[0].metrics(n_chars),
    }
    metrics["baseline"] = {"name": systems[1].name, **systems[1].metrics(n_chars)}
    metrics["delta_vs_baseline"] = _deltas(metrics["ours"], metrics["baseline"])
    return metrics


def _ai4privacy_rows() -> list[Any]:
    from eval.data import BenchRow, GoldSpan

    raw = [
        ("a1", "en", "Write to ann@example.com or call 555 0100 today, Ann.",
         [("ann@example.com", "EMAIL"), ("555 0100", "TEL"), ("Ann", "GIVENNAME1")]),
        ("a2", "en", "User bob_77 lives in Leeds, phone 555 0199.", [("bob_77", "USERNAME"), ("555 0199", "TEL")]),
        ("a3", "fr", "Ecrivez a marie@example.fr, Marie Dupont.",
         [("marie@example.fr", "EMAIL"), ("Marie", "GIVENNAME1"), ("Dupont", "LASTNAME1")]),
    ]  # fmt: skip
    return [
        BenchRow(rid, text, lang, [GoldSpan(*_at(text, v), label) for v, label in gold])
        for rid, lang, text, gold in raw
    ]


def _pupa_rows() -> list[Any]:
    from eval.data import BenchRow, GoldSpan

    raw = [
        ("h1:0", "My name is Jane Roe and I work at Acme Corp.", ["jane roe", "acme corp"], "job applications",
         "My name is [NAME] and I work at [ORG]."),
        ("h2:1", "Send the report to jroe@example.com please.", ["jroe@example.com"], "email",
         "Send the report to [EMAIL] please."),
    ]  # fmt: skip
    rows = []
    for rid, text, units, category, reference in raw:
        spans = [GoldSpan(*_at(text.lower(), u), "PII", unit=u) for u in units]
        rows.append(BenchRow(rid, text, "en", spans, units=units, category=category, reference=reference))
    return rows


def build_pii_ai4privacy() -> dict[str, Any]:
    from eval.data import LoadReport

    ours = [
        [("ann@example.com", "EMAIL"), ("555 0100", "PHONE"), ("Ann", "PERSON")],
        [("bob_77", "USERNAME"), ("Leeds", "CITY"), ("555 0199", "PHONE")],
        [("marie@example.fr", "EMAIL"), ("Marie Dupont", "PERSON")],
    ]
    presidio = [[("ann@example.com", "EMAIL"), ("Ann", "PERSON")], [("0199", "PHONE")], [("marie@example.fr", "EMAIL")]]
    load = LoadReport(rows=3, gold_spans=8, reanchored=1, dropped=0)
    return _pii(_ai4privacy_rows(), ours, presidio, "ai4privacy", "data/ai4privacy.jsonl", load, (0.004, 0.008))


def build_pii_pupa() -> dict[str, Any]:
    from eval.data import LoadReport

    ours = [[("Jane Roe", "PERSON"), ("Acme Corp", "ORGANIZATION")], [("jroe@example.com", "EMAIL")]]
    presidio = [[("Jane Roe", "PERSON")], [("jroe@example.com", "EMAIL")]]
    load = LoadReport(rows=2, gold_spans=3, units_total=4, units_not_found=1)
    return _pii(_pupa_rows(), ours, presidio, "pupa", "data/PUPA_New.csv", load, (0.002, 0.003))


def build_leak() -> dict[str, Any]:
    """``eval.leak_bench.run``'s metrics.json (``--baseline presidio --no-embed``)."""
    import statistics

    from eval.data import LoadReport, find_units
    from eval.leak_bench import _System, kept_share, non_pii_words

    rows = _pupa_rows()
    ours_out = {
        "h1:0": (
            "My name is <PERSON_1> and I work at Acme Corp.",
            True,
            "My name is Jane Roe and I work at Acme Corp.",
        ),
        "h2:1": ("Send the report to <EMAIL_1> please.", True, "Send the report to jroe@example.com please."),
    }
    base_out = {
        "h1:0": ("My name is <PERSON> and I work at Acme Corp.", False, None),
        "h2:1": ("Send the report to <EMAIL_ADDRESS> please.", False, None),
    }
    ours = _System("ours", lambda row: ours_out[str(row.id)])
    base = _System("presidio", lambda row: base_out[str(row.id)])
    for row in rows:
        for s in (ours, base):
            s.run(row)
    ours.seconds, base.seconds = 0.02, 0.05
    n_chars = sum(len(r.text) for r in rows)
    metrics: dict[str, Any] = {
        "data": "data/PUPA_New.csv",
        "rows": len(rows),
        "load_report": vars(LoadReport(rows=2, gold_spans=3, units_total=4, units_not_found=1)),
        "policy": {"domain": None, "task": None, "style": "marker"},
    }
    per_char = [0.0012, 0.0010]
    metrics["ours"] = ours.metrics(n_chars)
    metrics["ours"]["minimize_reinject_ms_per_1000_chars_median"] = round(statistics.median(per_char) * 1000, 3)
    refs = [(r.text, r.units, r.reference) for r in rows if r.reference]
    ref_kept = [kept_share(non_pii_words(t, u), ref) for t, u, ref in refs]
    ref_vals = [k for k in ref_kept if k is not None]
    metrics["reference_redacted_query"] = {
        "non_pii_words_kept": round(statistics.fmean(ref_vals), 4) if ref_vals else None,
        "unit_leakage": round(
            sum(1 for t, u, ref in refs for x in u if find_units(ref.lower(), x.lower()))
            / max(1, sum(len(u) for _t, u, _r in refs)),
            4,
        ),
    }
    for key in ("ours", "baseline"):
        metrics.setdefault(key, {})["embedding_similarity"] = None
        metrics[key]["embedding_note"] = "disabled by --no-embed"
    metrics["baseline"] = {
        "name": "presidio-anonymizer(replace)",
        **base.metrics(n_chars),
        **{k: v for k, v in metrics.get("baseline", {}).items() if k.startswith("embedding")},
    }
    return metrics


def build_utility() -> dict[str, Any]:
    """``eval.utility_bench.run``'s report.json: two sets, the first through the assistant."""
    from eval.utility_bench import Gold, Pred, Ticket, score

    def ticket(tid: str, lang: str, text: str, keep: list[tuple[str, str]], mask: list[tuple[str, str]]) -> Ticket:
        spans = [Gold(*_at(text, v), v, "keep", k) for v, k in keep] + [
            Gold(*_at(text, v), v, "mask", k) for v, k in mask
        ]
        return Ticket(tid, lang, text, spans)

    def preds(t: Ticket, found: list[tuple[str, str]]) -> list[Pred]:
        return [Pred(*_at(t.text, v), label) for v, label in found]

    t1 = ticket(
        "g1",
        "en",
        "Error E1234 on router RX-200 for Ann Lee, call +44 20 7946 0958.",
        [("E1234", "error_code"), ("RX-200", "product_model")],
        [("Ann Lee", "PERSON"), ("+44 20 7946 0958", "PHONE")],
    )
    t2 = ticket(
        "g2",
        "es",
        "Version 2.4.1 falla; escribe a ana@example.es.",
        [("2.4.1", "version")],
        [("ana@example.es", "EMAIL")],
    )
    t3 = ticket("h1", "en", "Port 8080 blocked for user jdoe.", [("8080", "port")], [("jdoe", "USERNAME")])  # fmt: skip
    generated, _ = score(
        [t1, t2],
        [
            preds(t1, [("Ann Lee", "PERSON"), ("7946 0958", "PHONE"), ("RX-200", "ID_CARD")]),
            preds(t2, [("ana@example.es", "EMAIL")]),
        ],
    )
    handwritten, _ = score([t3], [preds(t3, [("jdoe", "USERNAME")])])
    generated["detect_s"], handwritten["detect_s"] = 0.4, 0.1
    generated["assistant"] = {  # the keys of utility_bench.through_assistant (it needs a live assistant)
        "architecture": "minimize_then_external",
        "tickets": 2,
        "answered": 1,
        "handoffs": {"egress-leak": 1},
        "keep_present": 0.6667,
        "keep_present_by_kind": {
            "error_code": {"n": 1, "rate": 1.0},
            "product_model": {"n": 1, "rate": 0.0},
            "version": {"n": 1, "rate": 1.0},
        },
        "tickets_all_keep_present": 0.5,
        "mask_withheld": 1.0,
        "mask_withheld_by_label": {
            "EMAIL": {"n": 1, "rate": 1.0},
            "PERSON": {"n": 1, "rate": 1.0},
            "PHONE": {"n": 1, "rate": 1.0},
        },
        "system_messages_seen": 1,
        "system_messages_without_template": 0,
    }
    return {
        "sets": {"generated heldout (n=2, seed=13)": generated, "eval/handwritten/utility": handwritten},
        "detector_startup_s": 4.2,
    }


def build_latency() -> dict[str, Any]:
    """``eval.latency_bench.run``'s metrics.json for four tickets (per-ticket values included)."""
    import statistics

    from configs.models import ARCHITECTURES
    from eval.latency_bench import STAGES, summarize
    from metrics.stats import percentile

    chars = [1010, 1050, 990, 1100]
    e2e = {
        "unprotected": [0.5, 0.52, 0.48, 0.61],
        "local_only": [7.1, 9.6, 8.2, 6.9],
        "minimize_then_external": [0.81, 0.9, 1.02, 0.88],
        "papillon": [9.2, 10.4, 8.8, 11.0],
    }
    stage_ms = {"detection": 36.0, "minimization": 1.2, "local_lm": 4000.0, "external": 700.0, "egress_check": 4.0,
                "ledger": 1.2, "reinjection": 0.1, "leak_gate": 12.0}  # fmt: skip
    stages = {a: {s: [stage_ms[s] / 1000 * f for f in (1.0, 1.1, 0.9, 1.3)] for s in STAGES} for a in ARCHITECTURES}
    overhead = {  # seconds per 1,000 characters, as latency_bench collects them
        "minimize_then_external": [0.0481, 0.051, 0.0553, 0.0499],
        "papillon": [0.0462, 0.0494, 0.0475, 0.0608],
    }
    keys = ("answered", "egress-leak", "answer-leak", "model-error", "egress-invention stripped")
    outcomes = {
        "local_only": dict(zip(keys, (3, 0, 1, 0, 0), strict=True)),
        "minimize_then_external": dict(zip(keys, (4, 0, 0, 0, 2), strict=True)),
        "papillon": dict(zip(keys, (3, 1, 0, 0, 0), strict=True)),
    }
    ref = percentile(e2e["unprotected"], 0.5) or float("nan")
    report: dict[str, Any] = {
        "tickets": 4,
        "mean_ticket_chars": round(statistics.mean(chars), 1),
        "local_endpoint": "http://127.0.0.1:8011/v1",
        "external_endpoint": "http://127.0.0.1:8011/v1",
        "external_is_stand_in": True,
        "unprotected": summarize(e2e["unprotected"]),
        "per_ticket": {"chars": chars, "unprotected_s": [round(s, 4) for s in e2e["unprotected"]]},
        "architectures": {},
    }
    for name in ARCHITECTURES:
        p50 = percentile(e2e[name], 0.5)
        ov = overhead.get(name, [])
        report["architectures"][name] = {
            "end_to_end": summarize(e2e[name]),
            "ratio_to_unprotected_p50": None if p50 is None else round(p50 / ref, 2),
            "stages": {s: summarize(v) for s, v in stages[name].items()},
            "privacy_overhead_ms_per_1000_chars": summarize(ov) if ov else None,
            "outcomes": outcomes[name],
            "per_ticket": {
                "end_to_end_s": [round(s, 4) for s in e2e[name]],
                "privacy_overhead_ms_per_1000_chars": [round(v * 1000, 3) for v in ov],
            },
        }
    return report


def build_assistant() -> dict[str, Any]:
    """The keys ``eval.assistant_bench.run`` writes (it needs a live model server)."""
    return {
        "tickets": 6,
        "seed": 23,
        "architecture": "papillon",
        "provider": "forward",
        "external_upstream": "http://127.0.0.1:8011",
        "answered": 4,
        "handoffs": 1,
        "by_cause": {"egress-leak": 1, "answer-leak": 0, "model-error": 1},
        "egress_invention_stripped": {"tickets": 1, "by_type": {"URL": 1}},
        "answers_with_invented_links": 0,
        "answers_restoring_a_customer_value": 3,
        "raw_values_at_provider": 1,
        "raw_values_at_provider_by_type": {"PHONE": 1},
        "provider_requests": 9,
    }


def build_serve(concurrency: int, sessions: int, slow: float, out: str) -> dict[str, Any]:
    """``eval.serve_bench.run``'s report.json (self-hosted) for invented turn timings."""
    from eval.serve_bench import TARGET_OVERHEAD_MS_PER_1K, TurnResult, summarize

    results = []
    for i in range(sessions):
        for k in range(2):
            stream = i % 2 == 1
            served = 0.9 + slow * (i + k) / 10
            ttft = 0.4 + slow / 10 if stream else None
            results.append(TurnResult(i, k, 1000 + 10 * k, stream, 200, "ok", served, ttft, 0.85, ""))
    summary = summarize(results, wall=2.5 * sessions / concurrency)
    report: dict[str, Any] = {
        "command": f"python -m eval.serve_bench --sessions {sessions} --turns 2 --concurrency {concurrency} "
        f"--out {out}",
        "config": {
            "sessions": sessions,
            "turns": 2,
            "concurrency": concurrency,
            "turn_chars": 1000,
            "provider_chunk_delay_s": 0.01,
            "workers": 1,
            "architecture": "minimize_then_external",
            "cpus": 2,
            "load_average": [1.5, 1.2, 1.0],
        },
        "summary": summary,
        "turns": [r.record() for r in results],
        "privacy": {
            "provider_requests": len(results),
            "raw_values_at_provider": 0,
            "raw_values_by_type": {},
            "answers_with_placeholder_left": 0,
            "answers_with_another_sessions_value": 0,
            "ledger_equals_provider_record": True,
            "ledger_records": len(results),
        },
        "server_exit_code": 0,
    }
    per_1k = summary["overhead_ms_per_1k_chars"]["p50"]
    report["targets"] = {
        "0 errors": summary["errors"] == 0 and summary["requests"] == sessions * 2,
        f"p50 overhead < {TARGET_OVERHEAD_MS_PER_1K:.0f} ms per 1,000 chars": per_1k is not None
        and per_1k < TARGET_OVERHEAD_MS_PER_1K,
        "0 raw values at the provider": True,
    }
    return report


def build_scan() -> dict[str, Any]:
    """``eval.scan_bench.main``'s scan_bench.json: local and Ray at 1 and 2 workers, one round."""
    from eval.scan_bench import summarize

    def one(engine: str, workers: int, steady: float, e2e: float) -> dict[str, Any]:
        return {
            "round": 0,
            "engine": engine,
            "workers": workers,
            "rows": 400,
            "chars": 398_000,
            "process_wall_s": 30.5,
            "elapsed_s": round(398_000 / e2e, 3),
            "first_result_s": 9.1,
            "processing_window_s": round(398_000 / steady, 3),
            "rows_per_s": round(400 * e2e / 398_000, 1),
            "chars_per_s": e2e,
            "steady_rows_per_s": round(400 * steady / 398_000, 1),
            "steady_chars_per_s": steady,
            "cores_used": 0.98 * workers,
            "chars_per_cpu_s": round(steady / workers, 1),
            "worker_startup_s": [8.2] * workers,
            "peak_rss_mb": [612.0] * workers,
            "rows_per_worker": [400 // workers] * workers,
            "load_before": [0.5, 0.4, 0.3],
            "load_after": [1.9, 0.9, 0.5],
            "output_sha256": "0" * 64,
        }

    runs = [
        one("local", 1, 30_000.0, 21_000.0),
        one("local", 2, 55_500.0, 33_000.0),
        one("ray", 2, 49_000.0, 25_000.0),
        one("ray", 1, 27_000.0, 15_500.0),
    ]
    return {
        "rows": 400,
        "chars": 398_000,
        "chars_per_row": 1000,
        "shards": 8,
        "mode": "pseudonymize",
        "repeat": 1,
        "cpu_count": 2,
        "runs": runs,
        "summary": summarize(runs),
    }


#: fixture file -> (builder, run.json or None: the pupa run has none, for the "unknown" path)
FILES: dict[str, tuple[Callable[[], dict[str, Any]], dict[str, Any] | None]] = {
    "pii_bench/ai4privacy/metrics.json": (
        build_pii_ai4privacy,
        _run_json("eval.pii_bench", ["--format", "ai4privacy", "--out", "runs/pii_bench/ai4privacy", "--baseline",
                                     "presidio"], "0fc3a7f", "2026-12-04T18:30:00Z"),
    ),
    "pii_bench/pupa/metrics.json": (build_pii_pupa, None),
    "leak_bench/metrics.json": (
        build_leak,
        _run_json("eval.leak_bench", ["--out", "runs/leak_bench", "--baseline", "presidio", "--no-embed"], "0fc3a7f",
                  "2026-12-04T19:00:00Z"),
    ),
    "utility_bench/report.json": (
        build_utility,
        _run_json("eval.utility_bench", ["--out", "runs/utility_bench", "--assistant"], "0fc3a7f+dirty",
                  "2026-12-04T19:10:00Z"),
    ),
    "latency_bench/metrics.json": (
        build_latency,
        _run_json("eval.latency_bench", ["--n", "4", "--out", "runs/latency_bench"], "1a2b3c4", "2026-12-04T20:00:00Z"),
    ),
    "assistant_bench/report.json": (
        build_assistant,
        _run_json("eval.assistant_bench", ["--n", "6", "--out", "runs/assistant_bench"], "1a2b3c4",
                  "2026-12-04T20:30:00Z"),
    ),
    "serve_bench/c1/report.json": (
        lambda: build_serve(1, 2, 0.2, "runs/serve_bench/c1"),
        _run_json("eval.serve_bench", ["--sessions", "2", "--turns", "2", "--concurrency", "1", "--out",
                                       "runs/serve_bench/c1"], "1a2b3c4", "2026-12-04T21:00:00Z"),
    ),
    "serve_bench/c4/report.json": (
        lambda: build_serve(4, 4, 0.6, "runs/serve_bench/c4"),
        _run_json("eval.serve_bench", ["--sessions", "4", "--turns", "2", "--concurrency", "4", "--out",
                                       "runs/serve_bench/c4"], "1a2b3c4", "2026-12-04T21:10:00Z"),
    ),
    "scan_bench/scan_bench.json": (
        build_scan,
        _run_json("eval.scan_bench", ["--rows", "400", "--out", "runs/scan_bench"], "1a2b3c4", "2026-12-04T22:00:00Z"),
    ),
}  # fmt: skip


def write_fixture(root: Path = FIXTURE) -> None:
    for rel, (build, info) in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(build(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if info is not None:
            (path.parent / "run.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------- helpers


def _report(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = rep.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _copy_runs(tmp: Path) -> Path:
    runs = tmp / "runs"
    shutil.copytree(FIXTURE, runs)
    return runs


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One report over the fixture (with a hand-written history.md and a README), then a second one."""
    tmp = tmp_path_factory.mktemp("report")
    runs = _copy_runs(tmp)
    out = tmp / "docs" / "results"
    out.mkdir(parents=True)
    (out / "history.md").write_text(HISTORY, encoding="utf-8")
    (out / "notes.txt").write_text("other file", encoding="utf-8")
    readme = tmp / "README.md"
    readme.write_text(README, encoding="utf-8")
    argv = ["--runs", str(runs), "--out", str(out), "--readme", str(readme), "--quiet"]
    code = rep.main(argv)
    first = _files(out)
    first_readme = readme.read_bytes()
    second_code = rep.main(argv)
    return {
        "code": code,
        "second_code": second_code,
        "out": out,
        "readme_path": readme,
        "first": first,
        "second": _files(out),
        "readme": first_readme.decode("utf-8"),
        "readme_second": readme.read_bytes().decode("utf-8"),
        "pages": {name: (out / name).read_text(encoding="utf-8") for name in rep.PAGES},
    }


# ------------------------------------------------------------------------------------------ tests


def test_the_parser_builds() -> None:
    parser = rep.build_parser()
    assert parser.prog == "python -m eval.report"
    assert parser.description == (rep.__doc__ or "").split("\n\n")[0]
    assert (rep.__doc__ or "").split("\n\n")[1].strip().startswith("python -m eval.report --runs DIR --out DIR")
    args = parser.parse_args(["--runs", "r", "--out", "o", "--readme", "README.md", "--quiet"])
    assert (args.runs, args.out, args.readme, args.quiet) == ("r", "o", "README.md", True)


@pytest.mark.parametrize("rel", sorted(FILES))
def test_the_fixture_is_what_the_writers_emit(rel: str) -> None:
    build, info = FILES[rel]
    assert json.loads((FIXTURE / rel).read_text(encoding="utf-8")) == json.loads(json.dumps(build()))
    run_json = FIXTURE / rel.rsplit("/", 1)[0] / "run.json"
    if info is None:
        assert not run_json.exists()
    else:
        from eval.runinfo import run_info

        assert json.loads(run_json.read_text(encoding="utf-8")) == info
        argv = shlex.split(info["command"])[3:]
        real = run_info(info["benchmark"], argv)
        assert set(real) == set(info) and real["command"] == info["command"]


def test_every_page_and_plot_is_written(site: dict[str, Any]) -> None:
    assert site["code"] == 0 and site["second_code"] == 0
    out: Path = site["out"]
    assert sorted(p.name for p in out.glob("*.md")) == sorted([*rep.PAGES, "history.md"])
    images = sorted(p.name for p in (out / "img").glob("*.svg"))
    assert images == sorted(
        [
            "assistant-assistant-bench.svg",
            "detection-pii-bench-ai4privacy.svg",
            "detection-pii-bench-pupa.svg",
            "latency-latency-bench.svg",
            "leakage-leak-bench.svg",
            "scanning-scan-bench.svg",
            "serving-by-concurrency.svg",
            "utility-utility-bench.svg",
        ]
    )
    for name, text in site["pages"].items():
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            assert (out / target).is_file(), f"{name} links to a missing {target}"
        assert not re.search(r"<[A-Za-z/!]", re.sub(r"`[^`]*`", "", text)), f"{name}: raw HTML"
        for block in re.findall(r"(?:^\|.*\|\n)+", text, re.M):
            lines = block.splitlines()
            assert re.fullmatch(r"\|(:?---:?\|)+", lines[1]), f"{name}: a table without a header row"
            assert len({line.count(" | ") for line in lines if not line.startswith("|:") and "---" not in line}) == 1
    for svg in (out / "img").glob("*.svg"):
        head = svg.read_text(encoding="utf-8")
        assert "<svg" in head and "<dc:date>" not in head


def test_a_second_run_gives_the_same_bytes_and_keeps_other_files(site: dict[str, Any]) -> None:
    assert site["first"] == site["second"]
    assert site["first"]["history.md"] == HISTORY.encode()
    assert site["first"]["notes.txt"] == b"other file"
    assert site["readme"] == site["readme_second"]


def test_the_index_has_one_headline_row_per_benchmark(site: dict[str, Any]) -> None:
    index = site["pages"]["index.md"]
    assert "| [Detection, ai4privacy](detection.md) | `pii_bench/ai4privacy` |" in index
    assert (
        "span_protect 1.000; overlap_precision 0.875; speed vs Presidio 2.00x | 0fc3a7f | 2026-12-04T18:30:00Z |"
        in index
    )
    assert "| [Detection, pupa](detection.md) | `pii_bench/pupa` | units no longer verbatim 1.000;" in index
    assert "| [Wire leakage](leakage.md) | `leak_bench` | unit leakage 0.333; non-PII words kept" in index
    assert "| [Serving](serving.md) | `serve_bench/c4` (+1 more on the page) |" in index
    assert "overhead p50 per 1k chars, concurrency 4 170.0 ms; served requests/s 3.2; errors 0" in index
    assert "steady chars/s, local x2 55,500; speed-up local 1.85x; identical outputs yes" in index
    assert "[history](history.md)" in index
    for page in ("detection.md", "leakage.md", "utility.md", "latency.md", "assistant.md", "serving.md", "scanning.md"):
        assert f"]({page})" in index


def test_detection_tables_hold_the_numbers(site: dict[str, Any]) -> None:
    page = site["pages"]["detection.md"]
    assert "| span_protect | 1.000 | 0.375 | +0.625 |" in page
    assert "| overlap_precision | 0.875 | 1.000 | -0.125 |" in page
    assert "| typed recall | 0.750 | 0.375 | +0.375 |" in page
    assert "| characters per second | 34,250 | 17,125 |  |" in page
    assert "Speed ratio ours / Presidio in the same run (interleaved row by row): 2.00x." in page
    # per label, typed: recall from gold, precision from predictions, "-" where a label has none
    assert "| `CITY` | 0 | - | - | 0.000 | - |" in page
    assert "| `EMAIL` | 2 | 1.000 | 1.000 | 1.000 | 1.000 |" in page
    assert "| `PERSON` | 3 | 0.333 | 0.333 | 0.500 | 1.000 |" in page
    assert "| `PHONE` | 2 | 1.000 | 0.000 | 1.000 | 0.000 |" in page
    assert "| `fr` | 3 | 1.000 | 0.333 | 1.000 | 0.593 | 1.000 | 1.000 |" in page  # per language
    # ours predicted a CITY, which the data annotates nowhere: the annotated-label column leaves it out
    assert "| `en` | 5 | 1.000 | 0.400 | 1.000 | 0.550 | 0.833 | 1.000 | 1.000 |" in page
    assert "| units no longer verbatim | 1.000 | 0.667 | +0.333 |" in page  # PUPA
    assert "| typed recall | - | - |  |" in page  # PUPA's gold is untyped
    assert "| `PII` | 3 | 0 | 0 | 1.000 | 0.667 | - | - |" in page
    assert "The gold spans are untyped" in page
    assert "| `job applications` | 2 | 1.000 | 0.500 | 1.000 | 0.500 |" in page
    assert "![Per-label recall and precision, pii_bench/ai4privacy](img/detection-pii-bench-ai4privacy.svg)" in page


def test_run_metadata_and_the_unknown_path(site: dict[str, Any]) -> None:
    page = site["pages"]["detection.md"]
    assert (
        f"| `runs/pii_bench/ai4privacy` | 0fc3a7f | 2026-12-04T18:30:00Z | {MACHINE} | "
        "`python -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy --baseline presidio` |"
    ) in page.replace(str(site["out"].parent.parent / "runs"), "runs")
    pupa = next(line for line in page.splitlines() if line.startswith("| `") and "pii_bench/pupa` |" in line)
    assert re.search(r"\| unknown \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(file time\) \| unknown \| unknown \|$", pupa)
    assert "| `runs/utility_bench` | 0fc3a7f+dirty |" in site["pages"]["utility.md"].replace(
        str(site["out"].parent.parent / "runs"), "runs"
    )


def test_the_other_pages_hold_the_numbers(site: dict[str, Any]) -> None:
    p = site["pages"]
    assert "| ours | 0.333 | 1 / 3 | 1.000 | - | 4,350 |" in p["leakage.md"]
    assert "| PUPA's own redacted_query | 0.000 | - | 1.000 | - | - |" in p["leakage.md"]
    assert "Embedding similarity not measured: disabled by --no-embed." in p["leakage.md"]
    assert (
        "| `generated heldout (n=2, seed=13)` | 2 | 3 | 0.667 | 3 | 0.667 | 0.750 | 0.500 | 1.000 |" in p["utility.md"]
    )
    assert "| `product_model` | 1 | 0.000 |" in p["utility.md"]
    assert "| `product_model` | `ID_CARD` | 1 |" in p["utility.md"]
    assert "| mask values withheld | 1.000 |" in p["utility.md"]
    assert "| `papillon` | 10,400.0 | 11,000.0 | 20.00x | 49.4 | 60.8 | answered 3, egress-leak 1," in p["latency.md"]
    assert "| `detection` | 39.6 / 46.8 | 39.6 / 46.8 | 39.6 / 46.8 |" in p["latency.md"]
    assert "Distribution over the tickets" in p["latency.md"]
    assert "| egress-leak (handoff) | 1 |" in p["assistant.md"]
    assert "**1**" in p["assistant.md"] and "| `PHONE` | 1 |" in p["assistant.md"]
    assert (
        "| `serve_bench/c4` | 4 | 4 x 2 | 8 | 0 | 0 | 3.2 | 1,020.0 / 1,080.0 | 850.0 / 850.0 | 170.0 / 230.0 | "
        "170.0 / 227.7 |" in p["serving.md"]
    )
    assert "| `serve_bench/c1` | 1 | 2 x 2 | 4 | 0 | 0 | 0.8 | 920.0 / 920.0 |" in p["serving.md"]
    assert "| `serve_bench/c4` | `p50 overhead < 60 ms per 1,000 chars` | NOT met |" in p["serving.md"]
    assert "| `serve_bench/c4` | 8 | 0 | 0 | 0 | yes |" in p["serving.md"]
    assert (
        "| 0 | `local` | 2 | 33.2 | 33,000 | 55.8 | 55,500 | 1.96 | 27,750 | 9.1 | 612.0, 612.0 |" in p["scanning.md"]
    )
    assert "- speed-up `local` 1 -> 2 workers: steady 1.85x, end to end 1.57x (target >= 1.70x)" in p["scanning.md"]
    assert "- byte-identical output across all runs: yes" in p["scanning.md"]


def test_the_readme_block_is_replaced_and_nothing_else(site: dict[str, Any]) -> None:
    text = site["readme"]
    before, rest = text.split("<!-- results:start -->\n", 1)
    block, after = rest.split("<!-- results:end -->\n", 1)
    assert before == "# Project\n\nIntro line.\n\n" and after == "\n## After\n\ntail\n"
    assert "old block" not in block
    rows = [line for line in block.splitlines() if line.startswith("| ")]
    assert rows[0] == "| benchmark | headline metric | value | commit | date |"
    assert "| Detection, ai4privacy | span_protect | 1.000 | 0fc3a7f | 2026-12-04 |" in rows
    assert "| Wire leakage | unit leakage | 0.333 | 0fc3a7f | 2026-12-04 |" in rows
    assert 2 <= len(rows) <= 11
    assert site["readme_path"].parent / "docs" / "results" == site["out"]
    link = "docs/results/index.md"  # relative to the README, so it works on the repository's web view
    assert f"Generated by `python -m eval.report`; full results, plots and history: [{link}]({link})." in block


def test_missing_benchmarks_say_so_and_odd_files_are_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = _copy_runs(tmp_path)
    shutil.rmtree(runs / "leak_bench")
    latency = runs / "latency_bench" / "metrics.json"
    data = json.loads(latency.read_text(encoding="utf-8"))  # an older latency_bench: percentiles only
    data.pop("per_ticket")
    for arch in data["architectures"].values():
        arch.pop("per_ticket")
    latency.write_text(json.dumps(data), encoding="utf-8")
    pii = runs / "pii_bench" / "ai4privacy" / "metrics.json"
    data = json.loads(pii.read_text(encoding="utf-8"))  # no --baseline, a throughput missing
    del data["baseline"], data["delta_vs_baseline"]
    data["ours"]["throughput"]["chars_per_second"] = None
    pii.write_text(json.dumps(data), encoding="utf-8")
    decoys = {
        "mlartifacts/1/abc/artifacts/metrics.json": "{}",  # MLflow's copy: never read
        "scan_bench/runs/local-1-r0/report.json": json.dumps({"this_run": {"rows": 1}}),  # pipelines.scan's
        "hostile/report.json": json.dumps({"by_cause": {}, "raw_values_at_provider": 0}),
        "compile/x/metrics.json": json.dumps({"score": 1}),
    }
    for rel, text in decoys.items():
        (runs / rel).parent.mkdir(parents=True, exist_ok=True)
        (runs / rel).write_text(text, encoding="utf-8")
    (runs / "hostile" / "run.json").write_text(json.dumps({"benchmark": "eval.hostile_bench"}), encoding="utf-8")
    out = tmp_path / "out"
    code, stdout, err = _report(["--runs", str(runs), "--out", str(out)], capsys)
    assert code == 0, err
    assert "wrote 8 pages" in stdout and "mlartifacts" not in stdout
    leakage = (out / "leakage.md").read_text(encoding="utf-8")
    assert "No run found under" in leakage
    assert f"python -m eval.leak_bench --out {runs}/leak_bench --baseline presidio" in leakage
    assert "[Wire leakage](leakage.md): `eval.leak_bench`, no run found" in (out / "index.md").read_text("utf-8")
    assert "history.md` next to this page (not present here)" in (out / "index.md").read_text("utf-8")
    lat = (out / "latency.md").read_text(encoding="utf-8")
    assert "stores percentiles only" in lat and "(img/latency-latency-bench.svg)" in lat
    det = (out / "detection.md").read_text(encoding="utf-8")
    ai4privacy = det.split("## `pii_bench/pupa`")[0]
    assert "| metric | ours |\n" in ai4privacy and "| characters per second | - |\n" in ai4privacy
    assert "recall Presidio" not in ai4privacy and "| metric | ours | Presidio | delta |" in det  # pupa has it
    assert "| `pii_bench/pupa` |" not in (out / "assistant.md").read_text("utf-8")
    assert (out / "assistant.md").read_text("utf-8").count("\n## ") == 1  # the decoy is no assistant run


def test_bad_input_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = _copy_runs(tmp_path)
    out = tmp_path / "out"
    bad = runs / "leak_bench" / "metrics.json"
    bad.write_text('{"ours": {"unit_leakage": 0.1, "secret": "Jane Roe lives at 1 Main St"', encoding="utf-8")
    code, _, err = _report(["--runs", str(runs), "--out", str(out), "--quiet"], capsys)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1
    assert str(bad) in err and "not valid JSON" in err and "Jane" not in err
    assert not (out / "index.md").exists()

    bad.write_text(json.dumps({"rows": 3}), encoding="utf-8")  # run.json says leak_bench: the keys are missing
    code, _, err = _report(["--runs", str(runs), "--out", str(out), "--quiet"], capsys)
    assert code == 2 and str(bad) in err and "eval.leak_bench" in err

    code, _, err = _report(["--runs", str(tmp_path / "nowhere"), "--out", str(out)], capsys)
    assert code == 2 and err.startswith("error: ") and "nowhere" in err and err.count("\n") == 1

    shutil.rmtree(runs / "leak_bench")
    readme = tmp_path / "README.md"
    readme.write_text("# No markers\n", encoding="utf-8")
    code, _, err = _report(["--runs", str(runs), "--out", str(out), "--readme", str(readme), "--quiet"], capsys)
    assert code == 2 and "results:start" in err and str(readme) in err
    assert readme.read_text(encoding="utf-8") == "# No markers\n"


if __name__ == "__main__":  # regenerate the fixture from the writers: .venv/bin/python -m tests.test_report
    write_fixture()
    print(f"wrote {len(FILES)} metrics files under {FIXTURE}", file=sys.stderr)
