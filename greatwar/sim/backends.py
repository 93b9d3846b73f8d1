"""Where the games of a simulation are played: this process, a process pool, or Ray.

Every backend maps the same job function over the same jobs and yields the
results as they come (in any order); the driver puts them back in order.  A
job whose worker fails outside the job function (a worker process killed, a
lost Ray node) yields ``on_error(job, exception)`` instead, so one lost game
never ends the run.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from itertools import islice
from typing import Any, Protocol, TypeVar

from greatwar.workers import exit_with_parent

J = TypeVar("J")
R = TypeVar("R")

OnError = Callable[[Any, BaseException], Any]


class BackendError(RuntimeError):
    """A backend that cannot start (Ray missing, no cluster at the address, ...)."""


def reraise(job: object, exc: BaseException) -> Any:
    """The default ``on_error``: a failed job fails the run."""
    raise exc


class Backend(Protocol):
    def map(
        self, fn: Callable[[J], R], jobs: Sequence[J], on_error: OnError = reraise
    ) -> Iterator[R]:
        """``fn(job)`` for every job, yielded as each finishes."""
        ...

    def describe(self) -> str:
        """What runs the games, for the run's description."""
        ...

    def start(self) -> None:
        """Get ready (connect to a cluster, ...) or raise :class:`BackendError`; ``map``
        starts the backend itself if need be."""
        ...

    def stop(self) -> None:
        """Let go of what ``start`` took (a Ray this backend started is shut down)."""
        ...


class _Local:
    """Nothing to start or stop."""

    def start(self) -> None:
        return None

    def stop(self) -> None:
        return None


def default_workers() -> int:
    return os.cpu_count() or 1


class SerialBackend(_Local):
    """Every game in this process, one after another (debugging, profiling)."""

    def map(
        self, fn: Callable[[J], R], jobs: Sequence[J], on_error: OnError = reraise
    ) -> Iterator[R]:
        for job in jobs:
            try:
                result = fn(job)
            except Exception as exc:
                result = on_error(job, exc)
            yield result

    def describe(self) -> str:
        return "serial"


class PoolBackend(_Local):
    """A pool of local worker processes (started fresh: the ``spawn`` method)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()

    def map(
        self, fn: Callable[[J], R], jobs: Sequence[J], on_error: OnError = reraise
    ) -> Iterator[R]:
        if not jobs:
            return
        context = multiprocessing.get_context("spawn")
        workers = min(self.workers, len(jobs))
        # a worker ends itself if this process is killed outright (kill -9)
        pool = ProcessPoolExecutor(workers, mp_context=context, initializer=exit_with_parent)
        try:
            futures: dict[Future[R], J] = {pool.submit(fn, job): job for job in jobs}
            for future in as_completed(futures):
                try:
                    result = future.result()
                except Exception as exc:  # fn raised, or a worker died (BrokenProcessPool)
                    result = on_error(futures[future], exc)
                yield result
        except BaseException:
            # stopped (Ctrl-C, a signal, the results no longer wanted): the games in play
            # are abandoned, not waited for, and no worker is left running on its own
            _stop_workers(pool)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def describe(self) -> str:
        return f"process pool, {self.workers} workers"


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker processes now (Python 3.11's pool has no public way)."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        if process.is_alive():
            process.terminate()
    for process in list(processes.values()):
        process.join(timeout=10)


class RayBackend:
    """Ray tasks on a cluster: ``address`` is ``auto`` (the running cluster), ``local``
    (start one on this machine with ``workers`` CPUs) or a cluster's address.  A Ray
    already initialised in this process is used as it is and left running."""

    def __init__(self, address: str = "auto", workers: int | None = None) -> None:
        self.address = address
        self.workers = workers
        self._started = False

    def map(
        self, fn: Callable[[J], R], jobs: Sequence[J], on_error: OnError = reraise
    ) -> Iterator[R]:
        ray = _import_ray()
        if not ray.is_initialized():
            self.start()
        yield from _ray_map(ray, fn, jobs, on_error)

    def start(self) -> None:
        """Connect to the cluster (or start a local Ray) unless Ray is running here."""
        ray = _import_ray()
        if ray.is_initialized():
            return
        quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
        try:
            if self.address == "local":
                ray.init(num_cpus=self.workers, include_dashboard=False, **quiet)
            else:
                ray.init(address=self.address, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(f"cannot reach a Ray cluster at {self.address!r}: {exc}") from exc
        self._started = True

    def stop(self) -> None:
        if self._started:
            _import_ray().shutdown()
            self._started = False

    def describe(self) -> str:
        return f"ray ({self.address})"


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("Ray is not installed: pip install 'greatwar[cluster]'") from None
    return ray


def _call(fn: Callable[[J], R], job: J) -> R:
    """What a Ray task runs: ``fn(job)`` (any picklable callable, built-ins too)."""
    return fn(job)


def _ray_map(ray: Any, fn: Callable[[J], R], jobs: Sequence[J], on_error: OnError) -> Iterator[R]:
    """Submit the jobs as Ray tasks, a few per CPU of the cluster at a time, and yield
    each result as it finishes."""
    remote = ray.remote(num_cpus=1, max_retries=0)(_call)
    window = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    queue = iter(jobs)
    pending: dict[Any, J] = {}

    def submit(count: int) -> None:
        for job in islice(queue, count):
            pending[remote.remote(fn, job)] = job

    submit(window)
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        submit(len(done))
        for ref in done:
            job = pending.pop(ref)
            try:
                result = ray.get(ref)
            except ray.exceptions.RayError as exc:  # the task raised, or its worker died
                result = on_error(job, exc)
            yield result


def make_backend(workers: int | None = None, ray_address: str | None = None) -> Backend:
    """The backend the command line asks for: Ray if given an address, else a process
    pool of ``workers`` (default: the CPU count), or this process for ``workers=0``."""
    if ray_address is not None:
        return RayBackend(ray_address, workers)
    if workers == 0:
        return SerialBackend()
    return PoolBackend(workers)
