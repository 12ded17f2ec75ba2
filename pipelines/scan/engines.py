"""Two engines, one core: a local process pool and Ray Data's actor pool.

Both take batches (or whole shards) in and give the core's result batches back **in input
order**; the driver writes them (:mod:`pipelines.scan.run`).  Each worker builds its
:class:`~pipelines.scan.core.ScanCore` once (spaCy is loaded inside the worker, never shipped:
explosion/spacy#13506), from a picklable *factory* (:class:`CoreFactory` by default).

- :class:`LocalEngine` (``--engine local``): N worker processes (``spawn``), one batch in flight
  per worker over a pipe.  A worker that dies is replaced and its batch sent again, up to
  ``scan.max_retries`` times per batch; then the run stops with :class:`ScanError`.
- :class:`RayEngine` (``--engine ray``): ``ray.data.from_items(shards)`` -> a read stage (one task
  per shard, one at a time, no CPU reserved, the same reader as the local engine) -> ``map_batches`` with a
  callable class on a fixed pool of N actors (1 CPU and ``scan.actor_memory_mb`` each) -> ``iter_batches`` with
  ``preserve_order``.  Ray restarts a dead actor and retries its batch (``max_task_retries``).
  ``ray.init()`` starts a local cluster unless one is running; ``address`` joins an existing one
  (``auto`` or ``ray://host:10001``).  The key never travels: each actor reads
  ``PDT_MAP_KEY`` / ``PDT_MAP_KEY_FILE`` on its node and checks the run's key id.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from types import TracebackType
from typing import Any

from pipelines.scan.core import Batch, ScanCore, ScanOptions
from pipelines.scan.io import ShardTask, text_batches
from signatures.errors import ConfigError, PDTError, ScanError

ENGINES = ("local", "ray")
#: batches a local engine reads ahead per worker (bounds the driver's memory)
_AHEAD_PER_WORKER = 4
#: Ray Data block size: ~64,000 characters, a second or two of detection per block
_BLOCK_BYTES = 64 * 1024


@dataclass(frozen=True)
class CoreFactory:
    """Builds the core inside a worker (picklable: options only, never the key or a model)."""

    options: ScanOptions

    def __call__(self) -> Callable[[Batch], Batch]:
        return ScanCore(self.options)


def _describe(exc: BaseException) -> str:
    """Class and, for our own errors (which never hold text), the message."""
    name = type(exc).__name__
    return f"{name}: {exc}" if isinstance(exc, PDTError) else name


class Engine:
    """Ordered map of batches through a pool of cores."""

    name = "engine"

    def __init__(self, factory: Callable[[], Callable[[Batch], Batch]], workers: int, max_retries: int) -> None:
        if workers < 1:
            raise ConfigError("--workers must be at least 1")
        self.factory = factory
        self.workers = workers
        self.max_retries = max_retries
        #: worker id -> seconds its core took to start (as the worker measured it)
        self.startup: dict[str, float] = {}
        self.restarts = 0

    def map_batches(self, batches: Iterable[Batch]) -> Iterator[Batch]:
        raise NotImplementedError

    def map_shards(self, tasks: Sequence[ShardTask]) -> Iterator[Batch]:
        """The results of every row of these shards, shard by shard, in row order."""
        return self.map_batches(b for task in tasks for b in text_batches(task))

    def close(self) -> None:
        """Stop the workers (idempotent)."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


# ------------------------------------------------------------------ local process pool


def _worker_main(conn: Connection, factory: Callable[[], Callable[[Batch], Batch]]) -> None:
    """A local worker: build the core, say ready, then answer batches until the pipe closes."""
    try:
        core = factory()
    except BaseException as exc:
        conn.send(("failed", _describe(exc)))
        return
    conn.send(("ready", float(getattr(core, "startup_s", 0.0))))
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg is None:
            return
        seq, batch = msg
        try:
            out = core(batch)
        except Exception as exc:  # a bug, not a bad row (the core turns those into error rows)
            conn.send(("error", seq, _describe(exc)))
            return
        conn.send(("done", seq, out))


@dataclass
class _Worker:
    proc: Any
    conn: Connection
    ready: bool = False
    busy: int | None = None  # the batch it holds
    started: float = field(default_factory=time.perf_counter)


class LocalEngine(Engine):
    name = "local"

    def __init__(self, factory: Callable[[], Callable[[Batch], Batch]], workers: int, max_retries: int = 3) -> None:
        super().__init__(factory, workers, max_retries)
        self._ctx = mp.get_context("spawn")
        self._pool: list[_Worker] = []
        self._started = False  # every worker of the first pool was ready once

    def _start_worker(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        proc = self._ctx.Process(target=_worker_main, args=(child, self.factory), daemon=True)
        proc.start()
        child.close()
        return _Worker(proc, parent)

    def _ensure_pool(self) -> None:
        while len(self._pool) < self.workers:
            self._pool.append(self._start_worker())

    def _bury(self, w: _Worker) -> None:
        try:
            w.conn.close()
        finally:
            if w.proc.is_alive():
                w.proc.kill()
            w.proc.join(timeout=5)

    def map_batches(self, batches: Iterable[Batch]) -> Iterator[Batch]:
        self._ensure_pool()
        source = iter(batches)
        exhausted = False
        seq_in = 0
        next_out = 0
        held: dict[int, Batch] = {}  # batches sent and not yet yielded
        tries: dict[int, int] = {}
        results: dict[int, Batch] = {}
        resend: deque[int] = deque()
        limit = _AHEAD_PER_WORKER * self.workers
        while True:
            # N workers means N: the first batches wait until the whole pool has started (a
            # replacement for a dead worker does not hold the others up)
            self._started = self._started or all(w.ready for w in self._pool)
            for w in self._pool if self._started else ():  # feed idle workers
                if not w.ready or w.busy is not None:
                    continue
                if resend:
                    seq = resend.popleft()
                elif not exhausted and len(held) < limit:
                    try:
                        batch = next(source)
                    except StopIteration:
                        exhausted = True
                        continue
                    seq, seq_in = seq_in, seq_in + 1
                    held[seq] = batch
                    tries[seq] = 0
                else:
                    continue
                w.conn.send((seq, held[seq]))
                w.busy = seq
            while next_out in results:  # in order
                out = results.pop(next_out)
                held.pop(next_out, None)
                tries.pop(next_out, None)
                next_out += 1
                yield out
            if exhausted and not held:
                return
            ready = wait([w.conn for w in self._pool] + [w.proc.sentinel for w in self._pool], timeout=5.0)
            for w in list(self._pool):
                if w.conn not in ready and w.proc.sentinel not in ready:
                    continue
                msg: Any = None
                try:
                    if w.conn.poll():
                        msg = w.conn.recv()
                except (EOFError, OSError):
                    msg = None
                if msg is not None:
                    if msg[0] == "ready":
                        w.ready = True
                        self.startup[f"local-{w.proc.pid}"] = msg[1]
                    elif msg[0] == "failed":
                        raise ScanError(f"a worker could not start: {msg[1]}")
                    elif msg[0] == "error":
                        raise ScanError(f"a worker failed on a batch: {msg[2]}")
                    else:
                        _kind, seq, out = msg
                        results[seq] = out
                        w.busy = None
                    continue
                if w.proc.is_alive():
                    continue
                self._replace(w, resend, tries)

    def _replace(self, w: _Worker, resend: deque[int], tries: dict[int, int]) -> None:
        """A worker died: start another and send its batch again (or give up on that batch)."""
        self._bury(w)
        self._pool.remove(w)
        self.restarts += 1
        if w.busy is not None:
            tries[w.busy] += 1
            if tries[w.busy] > self.max_retries:
                raise ScanError(
                    f"a batch killed its worker {tries[w.busy]} times (exit code {w.proc.exitcode}); "
                    "the rows finished so far are kept: lower scan.batch_rows or scan.max_row_chars "
                    "to find the row, then run the same command again"
                )
            resend.appendleft(w.busy)
        elif not w.ready and self.restarts > self.workers * (self.max_retries + 1):
            raise ScanError(f"workers keep dying while they start (exit code {w.proc.exitcode}); check memory")
        self._pool.append(self._start_worker())

    def close(self) -> None:
        for w in self._pool:
            try:
                if w.proc.is_alive():
                    w.conn.send(None)
            except OSError:
                pass
        for w in self._pool:
            w.proc.join(timeout=10)
            self._bury(w)
        self._pool = []


# ------------------------------------------------------------------ Ray Data


def _read_shards(batch: Any) -> Iterator[Batch]:
    """Ray's read stage: the text view of the shards in a batch of shard items (the same reader)."""
    n = len(batch["index"])
    for i in range(n):
        task = ShardTask.from_item({k: _scalar(batch[k][i]) for k in batch})
        yield from text_batches(task)


def _scalar(value: Any) -> Any:
    return value.item() if hasattr(value, "item") else value


class _ScanActor:
    """One Ray actor: builds its core once, then maps batches."""

    def __init__(self, factory: Callable[[], Callable[[Batch], Batch]]) -> None:
        self.core = factory()

    def __call__(self, batch: Any) -> Batch:
        return self.core(batch.to_pydict())


class RayEngine(Engine):
    name = "ray"

    def __init__(
        self,
        factory: Callable[[], Callable[[Batch], Batch]],
        workers: int,
        max_retries: int = 3,
        *,
        address: str | None = None,
        batch_rows: int = 32,
        actor_memory_mb: int = 0,
        progress: bool = False,
    ) -> None:
        super().__init__(factory, workers, max_retries)
        self.actor_memory = actor_memory_mb * 1024 * 1024
        try:
            import ray
        except ImportError:
            raise ScanError("--engine ray needs Ray Data: pip install -e '.[scale]'") from None
        self._ray = ray
        self.batch_rows = batch_rows
        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            try:
                if address:
                    ray.init(address=address, **kwargs)
                else:
                    ray.init(num_cpus=max(workers, os.cpu_count() or 1), **kwargs)
            except Exception as exc:
                raise ScanError(f"Ray could not start or join the cluster: {_describe(exc)}") from exc
            self._started = True
        from ray.data import DataContext

        ctx = DataContext.get_current()
        ctx.execution_options.preserve_order = True
        ctx.enable_progress_bars = progress
        # small blocks: Ray Data would otherwise gather a whole shard into one block, hand it to one
        # actor as one task, and hold every result of it back until the shard is done
        ctx.target_max_block_size = _BLOCK_BYTES

    def _run(self, ds: Any) -> Iterator[Batch]:
        from ray.data import ActorPoolStrategy

        factory = self.factory

        class ScanActor(_ScanActor):  # the factory travels inside the class: no constructor arguments
            def __init__(self) -> None:
                super().__init__(factory)

        ds = ds.map_batches(
            ScanActor,
            batch_size=self.batch_rows,
            batch_format="pyarrow",
            compute=ActorPoolStrategy(size=self.workers),
            num_cpus=1,
            memory=self.actor_memory or None,
            max_restarts=-1,
            max_task_retries=self.max_retries,
        )
        try:
            for table in ds.iter_batches(batch_size=None, batch_format="pyarrow"):
                out: Batch = table.to_pydict()
                for worker, startup in zip(out["worker"], out["startup_s"], strict=True):
                    self.startup.setdefault(f"ray-{worker}", float(startup))
                yield out
        except PDTError:
            raise
        except Exception as exc:
            raise ScanError(f"the Ray engine failed: {_describe(exc)} (see the Ray logs)") from exc

    def map_batches(self, batches: Iterable[Batch]) -> Iterator[Batch]:
        rows = [
            {"shard": s, "row": r, "text": t, "error": e}
            for b in batches
            for s, r, t, e in zip(b["shard"], b["row"], b["text"], b["error"], strict=True)
        ]
        if not rows:
            return iter(())
        return self._run(self._ray.data.from_items(rows))

    def map_shards(self, tasks: Sequence[ShardTask]) -> Iterator[Batch]:
        if not tasks:
            return iter(())
        items = [t.as_item() for t in tasks]
        shards = self._ray.data.from_items(items, override_num_blocks=len(items))
        # one reader, shard after shard: rows reach the actors roughly in output order, so results
        # are not held back for ordering (one Python reader parses far faster than a core detects)
        return self._run(shards.map_batches(_read_shards, batch_size=1, num_cpus=0, concurrency=1))

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False


def make_engine(
    name: str,
    options: ScanOptions,
    workers: int,
    *,
    max_retries: int = 3,
    address: str | None = None,
    batch_rows: int = 32,
    actor_memory_mb: int = 0,
    factory: Callable[[], Callable[[Batch], Batch]] | None = None,
) -> Engine:
    fac = factory or CoreFactory(options)
    if name == "local":
        if address:
            raise ConfigError("--address joins a Ray cluster: use it with --engine ray")
        return LocalEngine(fac, workers, max_retries)
    if name == "ray":
        return RayEngine(
            fac, workers, max_retries, address=address, batch_rows=batch_rows, actor_memory_mb=actor_memory_mb
        )
    raise ConfigError(f"unknown engine {name!r}; choose one of {list(ENGINES)}")
