"""``python -m pipelines.compile``: see :mod:`pipelines.compile.run`."""

from pipelines.compile.run import main

raise SystemExit(main())
