"""Train the statistical PII tagger on generated data (spaCy, CPU) and evaluate it on held-out data.

    python -m local_model.train_tagger --out DIR [--sentences N] [--seed S] [--max-steps N]
                                       [--ship] [--no-mlflow] [--config FILE]

Steps: generate ``N`` training documents and a development set (split ``train``: same template
and value families, other documents), convert them to spaCy DocBins with BIO tags, write the
spaCy config (``DIR/config.cfg``), run ``spacy train`` on CPU with a fixed seed, export
``model-best`` without training-only parts to ``DIR/model`` (and, with ``--ship``, to
``local_model/models/pii_tagger``, or with ``--langs packs`` to ``local_model/models/pii_tagger_packs``), then
evaluate on held-out files (templates and values the training split never sees; written to ``DIR/eval/``):
per-label P/R/F1 and span coverage per language, inference milliseconds per 1,000 characters and load time.
``DIR/metrics.json`` holds the numbers; the run is logged to MLflow (experiment ``pii_tagger``; offsets-free numbers
only).
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from configs.settings import REPO_ROOT, load_settings, resolve_path
from local_model.detection.detectors.tagger import DEFAULT_MODEL_DIR, DEFAULT_PACK_MODEL_DIR
from local_model.training import spacy_data as sd
from local_model.training.augment import AugmentConfig
from local_model.training.generator import GENERATOR_VERSION, LANGUAGE_WEIGHTS, Example, generate, write_jsonl
from local_model.training.values import Split
from signatures.errors import ConfigError, TrainError

#: the held-out evaluation files: name -> generator arguments
HELDOUT_SETS: dict[str, dict[str, Any]] = {
    "heldout_tickets_en_es": {"kind": "tickets", "languages": ("en", "es"), "augment": "default"},
    "heldout_mixed_all": {"kind": "mixed", "languages": ("en", "es", "fr", "de", "nl"), "augment": "default"},
    "heldout_obfuscated_en_es": {"kind": "mixed", "languages": ("en", "es"), "augment": "heavy"},
    "heldout_tickets_packs": {"kind": "tickets", "languages": ("pt", "it", "pl", "tr", "ca"), "augment": "default"},
}
#: files of a spaCy model directory that inference does not need
TRAINING_ONLY = ("tokenizer.json",)


def _dir_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


_PROBE = "Me llamo Ana Ruiz García, vivo en C/ Mayor 12, 3º B, Zaragoza. My email is ana@example.com"


def export_model(best: Path, dst: Path, card: dict[str, Any], probes: Sequence[str] = ()) -> Path:
    """Copy spaCy's ``model-best`` to ``dst`` minus training-only parts.

    - the config no longer names the tokenizer callback (``[initialize.before_init]``) nor the
      training corpora: loading needs nothing from this project (the tokenizer rules are stored
      in the ``tokenizer`` file);
    - the string store keeps the tag names only: the hash embeddings hash token attributes
      themselves, and the training texts' strings (invented names, numbers) would take megabytes
      (predictions are checked to be identical);
    - ``pii_tagger.json`` records the generator version, seed, sizes and held-out metrics.
    """
    import spacy

    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(best, dst)
    from thinc.api import Config

    cfg = Config().from_disk(dst / "config.cfg", interpolate=False)
    cfg["initialize"]["before_init"] = None
    cfg["paths"]["train"] = None
    cfg["paths"]["dev"] = None
    cfg.to_disk(dst / "config.cfg")
    # the tokenizer rules of this code (spaCy stores the patterns in the tokenizer file)
    nlp = sd.customize_tokenizer(spacy.load(dst))
    nlp.tokenizer.to_disk(dst / "tokenizer", exclude=["vocab"])  # as nlp.to_disk does: no vocabulary in it
    strings = dst / "vocab" / "strings.json"
    if strings.exists():  # keep only the tag names (token.tag_ looks them up)
        labels = json.loads((dst / "tagger" / "cfg").read_text(encoding="utf-8"))["labels"]
        strings.write_text(json.dumps(sorted(labels)), encoding="utf-8")
    for name in TRAINING_ONLY:
        (dst / name).unlink(missing_ok=True)
    (dst / "pii_tagger.json").write_text(json.dumps(card, indent=2), encoding="utf-8")
    # the exported model must load on its own and predict as the original
    a, b = spacy.load(best), spacy.load(dst)
    for probe in probes or [_PROBE]:
        tags_a = [(t.idx, t.tag_) for t in a(probe)]
        tags_b = [(t.idx, t.tag_) for t in b(probe)]
        if tags_a != tags_b:
            raise TrainError(f"the exported model at {dst} tokenizes or predicts differently from {best}")
    return dst


def _examples(
    n: int,
    seed: int,
    split: Split,
    kind: str = "mixed",
    languages: Sequence[str] | None = None,
    augment: str = "default",
    weights: dict[str, float] | None = None,
) -> list[Example]:
    config = {"none": AugmentConfig.none(), "default": AugmentConfig(), "heavy": AugmentConfig.heavy()}[augment]
    obfuscate = 0.6 if augment == "heavy" else 0.15
    langs = tuple(languages or LANGUAGE_WEIGHTS)
    return list(
        generate(
            n,
            seed=seed,
            split=split,
            kind=kind,
            languages=langs,
            augment_config=config,  # type: ignore[arg-type]
            obfuscate=obfuscate,
            language_weights=weights,
        )
    )


#: the share of each language in a training stream over every generator language (``--langs all``):
#: the original five keep most of it, the language packs' languages a twentieth to a fifteenth each
ALL_LANGUAGE_WEIGHTS: dict[str, float] = {
    "en": 0.26, "es": 0.26, "fr": 0.08, "de": 0.08, "nl": 0.08, "pt": 0.05, "it": 0.05, "pl": 0.05, "tr": 0.05,
    "ca": 0.04,
}  # fmt: skip


#: the share of each language in the training stream of the language packs' own model (``--langs packs``): the
#: packs' languages most of it, English and Spanish for the shapes they share (logs, forms, code), a little of the rest
PACK_LANGUAGE_WEIGHTS: dict[str, float] = {
    "pt": 0.15, "it": 0.15, "pl": 0.15, "tr": 0.15, "ca": 0.12, "en": 0.1, "es": 0.1, "fr": 0.03, "de": 0.03,
    "nl": 0.02,
}  # fmt: skip


def stream_weights(langs: str) -> dict[str, float]:
    """The language weights of a training stream: ``core`` (the shipped recipe), ``all`` or ``packs``."""
    return dict({"core": LANGUAGE_WEIGHTS, "all": ALL_LANGUAGE_WEIGHTS, "packs": PACK_LANGUAGE_WEIGHTS}[langs])


def _make_data(args: argparse.Namespace, out: Path, heldout_files: dict[str, Path]) -> tuple[dict[str, Any], float]:
    """Training and development DocBins (split ``train``) and the held-out JSONL files."""
    from tqdm import tqdm

    t0 = time.perf_counter()
    print(f"generating {args.sentences} training and {args.dev} development documents ({GENERATOR_VERSION})")
    nlp = sd.blank_nlp()
    corpus = out / "corpus"
    corpus.mkdir(exist_ok=True)
    reports: dict[str, Any] = {}
    for name, n, seed in (("train", args.sentences, args.seed), ("dev", args.dev, args.seed + 100_000)):
        report = sd.ConversionReport()
        weights = stream_weights(args.langs)
        stream = generate(
            n,
            seed=seed,
            split="train",
            kind="mixed",
            languages=tuple(weights),
            language_weights=weights,
            harvested_share=args.harvested,
            extended=args.extended,
        )
        docs = tqdm(stream, total=n, desc=f"{name} docs", unit="doc", file=sys.stderr, disable=args.quiet)
        sd.to_docbin(docs, nlp, report).to_disk(corpus / f"{name}.spacy")
        reports[name] = report.as_dict()
        print(f"  {name}: {report.as_dict()}")
    _write_heldout(args, heldout_files)
    return reports, time.perf_counter() - t0


def _write_heldout(args: argparse.Namespace, heldout_files: dict[str, Path], only_missing: bool = False) -> None:
    """The held-out evaluation files (split ``heldout``; set ``i`` from seed ``seed + 1 + i``)."""
    for i, (name, spec) in enumerate(HELDOUT_SETS.items()):
        if only_missing and heldout_files[name].is_file():
            continue
        exs = _examples(args.heldout, args.seed + 1 + i, "heldout", spec["kind"], spec["languages"], spec["augment"])
        write_jsonl(exs, heldout_files[name], total=len(exs), quiet=True)


def _train(args: argparse.Namespace, out: Path, shape: sd.ModelShape, schedule: sd.TrainSchedule) -> float:
    """``spacy train`` on the DocBins of :func:`_make_data` (CPU, fixed seed); returns seconds."""
    import spacy
    from spacy.cli.train import train as spacy_train

    sd.register_callbacks()
    config_path = sd.write_config(out / "config.cfg", seed=args.seed, shape=shape, schedule=schedule)
    corpus = out / "corpus"
    print(f"training with spaCy {spacy.about.__version__} on CPU: {config_path}")
    t0 = time.perf_counter()
    spacy_train(
        config_path,
        output_path=out / "spacy",
        use_gpu=-1,
        overrides={"paths.train": str(corpus / "train.spacy"), "paths.dev": str(corpus / "dev.spacy")},
    )
    return time.perf_counter() - t0


def run(args: argparse.Namespace) -> dict[str, Any]:
    import spacy

    from local_model.detection.detectors.tagger import PiiTagger
    from local_model.training.evaluate import evaluate_rows, join_documents, measure_load, measure_speed, render

    out = resolve_path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shape = sd.ModelShape(width=args.width, depth=args.depth, embed_size=args.embed_size)
    schedule = sd.TrainSchedule(max_steps=args.max_steps, eval_frequency=args.eval_frequency, patience=args.patience)
    t_start = time.perf_counter()

    spacy_dir = out / "spacy"
    heldout_files = {name: out / "eval" / f"{name}.jsonl" for name in HELDOUT_SETS}
    if args.reuse:
        # export and evaluate an earlier run again (same DIR, same arguments): no data, no training
        previous = (
            json.loads((out / "metrics.json").read_text(encoding="utf-8")) if (out / "metrics.json").is_file() else {}
        )
        reports: dict[str, Any] = previous.get("conversion", {})
        t_data = float(previous.get("timing", {}).get("data_seconds", 0.0))
        t_train = float(previous.get("timing", {}).get("train_seconds", 0.0))
        if not (spacy_dir / "model-best").exists():
            raise TrainError(f"--reuse needs an earlier run in {out}; missing: {spacy_dir / 'model-best'}")
        _write_heldout(args, heldout_files, only_missing=True)  # a set added since that run
    else:
        reports, t_data = _make_data(args, out, heldout_files)
        t_train = _train(args, out, shape, schedule)
    best = spacy_dir / "model-best"
    if not (best / "config.cfg").is_file():
        raise TrainError(f"spaCy produced no model-best in {spacy_dir}; see the training log above")

    # 3. export
    card: dict[str, Any] = {
        "generator_version": GENERATOR_VERSION,
        "harvested_share": getattr(args, "harvested", 0.0),
        "languages": stream_weights(getattr(args, "langs", "core")),
        "extended": getattr(args, "extended", False),
        "seed": args.seed,
        "sentences": args.sentences,
        "shape": asdict(shape),
        "schedule": asdict(schedule),
        "labels": [lab.value for lab in sd.TAGGER_LABELS],
        "spacy": spacy.about.__version__,
        "tokenizer_rules": {"infixes": list(sd.EXTRA_INFIXES), "suffixes": list(sd.EXTRA_SUFFIXES)},
    }
    probes = [
        json.loads(line)["text"] for path in heldout_files.values() for line in path.read_text("utf-8").splitlines()
    ]
    model_dir = export_model(best, out / "model", card, probes)

    # 4. evaluate
    tagger = PiiTagger(model_dir)
    metrics: dict[str, Any] = {"conversion": reports}
    weights = stream_weights(getattr(args, "langs", "core"))
    dev_rows = [
        e.to_json()
        for e in _examples(args.dev, args.seed + 100_000, "train", languages=tuple(weights), weights=weights)
    ]
    metrics["dev"] = evaluate_rows(tagger, dev_rows, quiet=args.quiet)
    print(render("dev (train families)", metrics["dev"]))
    for name, path in heldout_files.items():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        metrics[name] = evaluate_rows(tagger, rows, quiet=args.quiet)
        print(render(name, metrics[name]))
    speed_rows = [json.loads(line) for line in heldout_files["heldout_tickets_en_es"].read_text("utf-8").splitlines()]
    metrics["speed"] = measure_speed(tagger, join_documents([r["text"] for r in speed_rows]))
    metrics["load_seconds"] = measure_load(model_dir)
    metrics["model_bytes"] = _dir_size(model_dir)
    metrics["timing"] = {
        "data_seconds": round(t_data, 1),
        "train_seconds": round(t_train, 1),
        "total_seconds": round(time.perf_counter() - t_start, 1),
    }
    metrics["machine"] = {"python": platform.python_version(), "processor": platform.machine()}
    card["heldout"] = {
        name: {
            "span_protect": metrics[name]["all"]["overall"]["span_protect"],
            "typed_f1": metrics[name]["all"]["typed"]["f1"],
        }
        for name in heldout_files
    }
    card["speed_ms_per_1k_chars"] = metrics["speed"]["ms_per_1k_chars"]
    (model_dir / "pii_tagger.json").write_text(json.dumps(card, indent=2), encoding="utf-8")
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    print(
        f"speed: {metrics['speed']['ms_per_1k_chars']} ms per 1,000 chars; load {metrics['load_seconds']} s; "
        f"model {metrics['model_bytes'] / 1e6:.2f} MB; training {t_train / 60:.1f} min"
    )

    if args.ship:
        target = DEFAULT_PACK_MODEL_DIR if getattr(args, "langs", "core") == "packs" else DEFAULT_MODEL_DIR
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(model_dir, target)
        print(f"shipped to {target.relative_to(REPO_ROOT)}")
    if not args.no_mlflow:
        run_id = _log_mlflow(args, card, metrics, out)
        print(f"MLflow run {run_id}")
    return metrics


def _log_mlflow(args: argparse.Namespace, card: dict[str, Any], metrics: dict[str, Any], out: Path) -> str:
    import mlflow

    from pipelines.tracking import start_run

    settings = load_settings(args.config)
    with start_run(settings, "pii_tagger", f"train_tagger-seed{args.seed}-n{args.sentences}") as run:
        mlflow.log_params(
            {
                "generator_version": card["generator_version"],
                "harvested_share": card.get("harvested_share", 0.0),
                "seed": args.seed,
                "sentences": args.sentences,
                "dev_docs": args.dev,
                "heldout_docs": args.heldout,
                "spacy": card["spacy"],
                **{f"shape.{k}": v for k, v in card["shape"].items()},
                **{f"schedule.{k}": v for k, v in card["schedule"].items()},
                "labels": ",".join(card["labels"]),
            }
        )
        flat: dict[str, float] = {}
        for set_name in ("dev", *HELDOUT_SETS):
            res = metrics[set_name]
            for lang, part in [("all", res["all"]), *res["by_language"].items()]:
                flat[f"{set_name}.{lang}.span_protect"] = float(part["overall"]["span_protect"] or 0.0)
                flat[f"{set_name}.{lang}.typed_f1"] = float(part["typed"]["f1"])
                if lang != "all" and set_name != "dev":
                    continue
                for label, m in part["by_label"].items():
                    for k in ("precision", "recall", "f1"):
                        flat[f"{set_name}.{lang}.{label}.{k}"] = float(m[k])
                    if m["span_protect"] is not None:
                        flat[f"{set_name}.{lang}.{label}.coverage"] = float(m["span_protect"])
        flat["ms_per_1k_chars"] = float(metrics["speed"]["ms_per_1k_chars"])
        flat["load_seconds"] = float(metrics["load_seconds"])
        flat["model_bytes"] = float(metrics["model_bytes"])
        flat["train_seconds"] = float(metrics["timing"]["train_seconds"])
        flat["misaligned_spans"] = float(metrics["conversion"]["train"]["misaligned_spans"])
        mlflow.log_metrics(flat)
        mlflow.log_artifact(str(out / "metrics.json"))
        mlflow.log_artifact(str(out / "config.cfg"))
        return str(run.info.run_id)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m local_model.train_tagger", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="run directory (corpus, spaCy output, exported model, metrics)")
    p.add_argument("--sentences", type=int, default=30000, help="training documents to generate")
    p.add_argument("--dev", type=int, default=1500, help="development documents (train families)")
    p.add_argument("--heldout", type=int, default=600, help="documents per held-out evaluation file")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--harvested",
        type=float,
        default=0.0,
        help="weight of hand-written contexts with fresh values in the training stream (0: none, the "
        "shipped model's recipe; 0.15 or 0.3: see README)",
    )
    p.add_argument(
        "--langs",
        choices=["core", "all", "packs"],
        default="core",
        help="core: en/es/fr/de/nl (the shipped recipe); all: also pt/it/pl/tr/ca; packs: mostly pt/it/pl/tr/ca "
        "(the language packs' model)",
    )
    p.add_argument(
        "--extended",
        action="store_true",
        help="criminal-record and immigration sentences, names from outside Western Europe and technical "
        "negatives (paths, class names, error codes, logs) in every language",
    )
    p.add_argument("--max-steps", type=int, default=12000)
    p.add_argument("--eval-frequency", type=int, default=1000)
    p.add_argument("--patience", type=int, default=4000)
    p.add_argument("--width", type=int, default=sd.ModelShape.width)
    p.add_argument("--depth", type=int, default=sd.ModelShape.depth)
    p.add_argument("--embed-size", type=int, default=sd.ModelShape.embed_size)
    p.add_argument(
        "--ship",
        action="store_true",
        help="copy the exported model to local_model/models/pii_tagger (with --langs packs: pii_tagger_packs, the "
        "model of the language packs' texts)",
    )
    p.add_argument(
        "--reuse",
        action="store_true",
        help="export and evaluate DIR's earlier run again (no data generation, no training)",
    )
    p.add_argument("--no-mlflow", action="store_true")
    p.add_argument("--config", help="project config YAML (MLflow store); default configs/default.yaml")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.sentences < 100:
        print("error: --sentences must be at least 100", file=sys.stderr)
        return 2
    try:
        run(args)
    except (TrainError, ConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
