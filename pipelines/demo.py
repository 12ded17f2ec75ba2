"""Print a text with the personal data the hybrid detector finds in it.

python -m pipelines.demo                 # the built-in synthetic example
python -m pipelines.demo --text "..."    # your own text (shown only on your terminal)
echo "..." | python -m pipelines.demo -  # from standard input
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from configs.settings import load_settings
from local_model.detection.hybrid import build_detector
from signatures.entities import Entity
from signatures.errors import PDTError

#: Synthetic example (invented people and numbers; the IBAN and DNI are valid test values).
EXAMPLE = (
    "Hola, soy Lucía Fernández (DNI 12345678Z). Please move my direct debit to "
    "IBAN ES91 2100 0418 4502 0005 1332 and call me on +34 612 345 678.\n"
    "My husband, Dr. Pieter van den Berg, was born on 14/03/1979 and lives at "
    "Hauptstraße 12, 10115 Berlin. Username: pvdberg79, e-mail pieter.vdberg@example.org."
)


def render(text: str, entities: Sequence[Entity]) -> str:
    """The text with each entity bracketed and labelled, then one line per entity."""
    out: list[str] = []
    cur = 0
    for e in entities:
        out.append(text[cur : e.start])
        out.append(f"[{e.label.value}: {text[e.start : e.end]}]")
        cur = e.end
    out.append(text[cur:])
    lines = ["".join(out), "", f"{len(entities)} entities:"]
    for e in entities:
        lines.append(
            f"  {e.start:>5}-{e.end:<5} {e.label.value:<18} {e.stratum.value:<18} "
            f"{e.severity.value:<8} score={e.score:.2f} via {e.source}"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pipelines.demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("text", nargs="?", help="'-' reads standard input")
    parser.add_argument("--text", dest="text_opt", help="text to scan (default: a synthetic example)")
    parser.add_argument("--config", help="config YAML")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    text = args.text_opt or args.text or EXAMPLE
    if text == "-":
        text = sys.stdin.read()
    try:
        settings = load_settings(args.config)
        # one text: compile the language packs it needs when it needs them, not all of them first,
        # and skip the frequent-word warm-up of the spaCy pipelines (both serve long-running processes)
        one_text = settings.detector.model_copy(update={"warm_packs": False, "warm_vocabulary": False})
        resources: dict[str, object] = {}
        if one_text.uses_lm:  # the boundary's LM clients, only then
            from local_model.boundary.clients import lm_detector_resources

            resources = lm_detector_resources(one_text, settings.boundary.trusted_hosts)
        detector = build_detector(one_text, resources)
    except PDTError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(render(text, detector.detect(text)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
