"""Corpus minimization at scale (``python -m pipelines.scan``): the same detection and
minimization over whole corpora, on a local process pool or on Ray Data.

- :mod:`pipelines.scan.core`: the one core function (a batch of rows -> minimized rows, spans, errors);
- :mod:`pipelines.scan.io`: shard discovery, JSONL/CSV/Parquet readers and writers, atomic output
  with completion markers;
- :mod:`pipelines.scan.engines`: the local process pool and Ray Data's actor pool;
- :mod:`pipelines.scan.run`: the command line, the report and the printed table.
"""
