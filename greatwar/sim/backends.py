"""Where the games of a simulation are played: this process, a process pool, or Ray.

Every backend maps the same job function over the same jobs and yields the
results as they come (in any order); the driver puts them back in order.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any, Protocol, TypeVar

J = TypeVar("J")
R = TypeVar("R")


class BackendError(RuntimeError):
    """A backend that cannot start (Ray missing, no cluster at the address, ...)."""


class Backend(Protocol):
    def map(self, fn: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
        """``fn(job)`` for every job, yielded as each finishes."""
        ...

    def describe(self) -> str:
        """What runs the games, for the run's description."""
        ...


def default_workers() -> int:
    return os.cpu_count() or 1


class SerialBackend:
    """Every game in this process, one after another (debugging, profiling)."""

    def map(self, fn: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
        for job in jobs:
            yield fn(job)

    def describe(self) -> str:
        return "serial"


class PoolBackend:
    """A pool of local worker processes (started fresh: the ``spawn`` method)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()

    def map(self, fn: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
        if not jobs:
            return
        context = multiprocessing.get_context("spawn")
        with context.Pool(min(self.workers, len(jobs))) as pool:
            yield from pool.imap_unordered(fn, jobs, chunksize=1)

    def describe(self) -> str:
        return f"process pool, {self.workers} workers"


class RayBackend:
    """Ray tasks on a cluster: ``address`` is ``auto`` (the running cluster), ``local``
    (start one on this machine with ``workers`` CPUs) or a cluster's address.  A Ray
    already initialised in this process is used as it is and left running."""

    def __init__(self, address: str = "auto", workers: int | None = None) -> None:
        self.address = address
        self.workers = workers

    def map(self, fn: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
        ray = _import_ray()
        started = self._connect(ray)
        try:
            yield from _ray_map(ray, fn, jobs)
        finally:
            if started:
                ray.shutdown()

    def _connect(self, ray: Any) -> bool:
        """Connect (or start a local Ray); True if this backend did so."""
        if ray.is_initialized():
            return False
        quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
        try:
            if self.address == "local":
                ray.init(num_cpus=self.workers, include_dashboard=False, **quiet)
            else:
                ray.init(address=self.address, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(f"cannot reach a Ray cluster at {self.address!r}: {exc}") from exc
        return True

    def describe(self) -> str:
        return f"ray ({self.address})"


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("Ray is not installed: pip install 'greatwar[cluster]'") from None
    return ray


def _ray_map(ray: Any, fn: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
    """Submit the jobs as Ray tasks, a few per CPU of the cluster at a time, and yield
    each result as it finishes."""
    remote = ray.remote(num_cpus=1, max_retries=0)(fn)
    window = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    queue = iter(jobs)
    pending = [remote.remote(job) for job in islice(queue, window)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        pending.extend(remote.remote(job) for job in islice(queue, len(done)))
        for ref in done:
            yield ray.get(ref)


def make_backend(workers: int | None = None, ray_address: str | None = None) -> Backend:
    """The backend the command line asks for: Ray if given an address, else a process
    pool of ``workers`` (default: the CPU count), or this process for ``workers=0``."""
    if ray_address is not None:
        return RayBackend(ray_address, workers)
    if workers == 0:
        return SerialBackend()
    return PoolBackend(workers)
