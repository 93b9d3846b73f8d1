"""Worker processes that do not outlive the process that started them.

The computer players think in worker processes of the server
(:class:`greatwar.server.games.Thinkers`) and ladders and simulations play in worker
processes (:class:`greatwar.sim.backends.PoolBackend`).  A parent that ends normally, or
on Ctrl-C or SIGTERM, stops its workers; one killed outright (``kill -9``, the kernel's
out-of-memory killer, a crash) cannot, and a ``spawn`` worker waiting for work (or
playing a game nobody will read) would then run on alone, re-parented to init, with its
resource tracker, until the machine stops.  A worker started with
:func:`exit_with_parent` notices within :data:`WATCH_SECONDS` that its parent is gone and
ends itself.
"""

from __future__ import annotations

import os
import threading
import time

#: how often a worker looks whether its parent is still there (seconds)
WATCH_SECONDS = 1.0


def exit_with_parent(every: float = WATCH_SECONDS) -> None:
    """(In a worker, when it starts) End this process once its parent has gone: a daemon
    thread compares the parent's pid with the one it started under (an orphan is
    re-parented: its parent pid changes)."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(0)  # no clean-up to do: the work was for the parent alone

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
