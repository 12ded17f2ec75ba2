"""Build every compiled word list (:mod:`local_model.text.compiled`) into the cache directory.

    python -m local_model.text.precompile

``scripts/install.sh`` runs it after installing, so the first detection does not pay for it.  The
detectors' big regexes are kept on disk by the first process that compiles them
(:mod:`local_model.text.regex_cache`); this command removes those no process has read for 30 days.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from local_model.text.compiled import cache_dir
from local_model.text.gazetteers import city_tables, load_gazetteers
from local_model.text.lang import frequent_words
from local_model.text.medications import medication_names
from local_model.text.regex_cache import prune


def build_parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog="python -m local_model.text.precompile", description=__doc__.split("\n\n")[0])


def main(argv: Sequence[str] | None = None) -> int:
    build_parser().parse_args(argv)
    load_gazetteers()
    city_tables()
    medication_names()
    frequent_words()
    pruned = prune()  # regexes and alternations no process read for 30 days (lists that changed)
    print(f"compiled word lists in {cache_dir()}" + (f" ({pruned} stale patterns removed)" if pruned else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
