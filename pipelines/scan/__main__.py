"""``python -m pipelines.scan``: see :mod:`pipelines.scan.run`."""

from pipelines.scan.run import main

if __name__ == "__main__":  # spawned workers import this module as __mp_main__: never run main there
    raise SystemExit(main())
