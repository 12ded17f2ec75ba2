"""The NER's two decoders side by side: spaCy's own and the NumPy one (local_model/detection/greedy_ner.py).

    python -m eval.ner_decode_bench [--data PATH --format {ai4privacy,pupa,spans}] [--limit N]
                                    [--out DIR] [--config FILE]

Without ``--data`` the bundled PUPA_New is used.  Every text is tokenized once and decoded by
both, interleaved text by text (the order alternates) so both see the same machine load; the
report gives the texts whose entities differ (the target is zero), the entity counts and the
decode time of each (the tokenizer is outside both).  ``DIR/metrics.json`` holds counts and
timings only, never text.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from configs.settings import BUNDLED_DATA, load_settings, resolve_path
from eval.data import load_rows, run_cli


def run(args: argparse.Namespace) -> dict[str, Any]:
    from local_model.detection.detectors.ner import _EXCLUDE, shared_spacy
    from local_model.detection.greedy_ner import GreedyNer

    settings = load_settings(args.config)
    data = args.data or str(settings.data_path() / BUNDLED_DATA[args.format])
    rows, _ = load_rows(data, args.format, args.limit)
    nlp = shared_spacy(settings.detector.spacy_model, exclude=_EXCLUDE).nlp
    pipe = nlp.get_pipe("ner")
    decoder = GreedyNer(nlp)
    timings = {"spacy": 0.0, "numpy": 0.0}
    differing = tokens = chars = 0
    counts = {"spacy": 0, "numpy": 0, "common": 0}
    for i, row in enumerate(tqdm(rows, desc="ner decode", unit="text", disable=args.quiet)):
        with nlp.memory_zone():
            doc_a, doc_b = nlp.make_doc(row.text), nlp.make_doc(row.text)
            got: dict[str, list[tuple[int, int, str]]] = {}
            for name in ("spacy", "numpy") if i % 2 == 0 else ("numpy", "spacy"):
                start = time.perf_counter()
                if name == "spacy":
                    got[name] = [(e.start_char, e.end_char, e.label_) for e in pipe(doc_a).ents]
                else:
                    got[name] = decoder.entities(doc_b)
                timings[name] += time.perf_counter() - start
        tokens += len(doc_a)
        chars += len(row.text)
        differing += got["spacy"] != got["numpy"]
        counts["spacy"] += len(got["spacy"])
        counts["numpy"] += len(got["numpy"])
        counts["common"] += len(set(got["spacy"]) & set(got["numpy"]))
    report = {
        "data": Path(data).name,
        "format": args.format,
        "texts": len(rows),
        "chars": chars,
        "tokens": tokens,
        "numpy_decoder_used": decoder.fast,
        "texts_with_different_entities": differing,
        "entities": counts,
        "seconds": {k: round(v, 3) for k, v in timings.items()},
        "speedup_numpy_over_spacy": round(timings["spacy"] / timings["numpy"], 3) if timings["numpy"] else None,
    }
    out = resolve_path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    return report


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.ner_decode_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="data file or directory (default: the bundled PUPA_New)")
    parser.add_argument("--format", choices=["ai4privacy", "pupa", "spans"], default="pupa")
    parser.add_argument("--limit", type=int, help="first N rows only")
    parser.add_argument("--out", type=Path, default=Path("runs/ner_decode_bench"))
    parser.add_argument("--config", help="detector YAML")
    parser.add_argument("--quiet", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.limit is not None and args.limit <= 0:
        parser.error("--limit must be positive")
    if args.format == "spans" and not args.data:
        parser.error("--format spans needs --data")
    return run_cli(run, args)


if __name__ == "__main__":
    raise SystemExit(main())
