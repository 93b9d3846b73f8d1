"""Undo/redo: the texts of the files a batch changed, before and after, kept on disk.

``<root>/history/index.json`` lists the steps (oldest first) and how many of them are
done; each step is ``<root>/history/<n>.json`` ``{"before": {...}, "after": {...}}``.
A new step drops the undone ones (no redo after a new edit); at most :data:`LIMIT` steps
are kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

LIMIT = 200

Texts = dict[str, str]


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file (never a half-written file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8", newline="")
    tmp.replace(path)


@dataclass
class History:
    folder: Path
    steps: list[str] = field(default_factory=list)  # file names, oldest first
    done: int = 0  # steps[:done] are applied
    counter: int = 0  # the next step's number

    @classmethod
    def open(cls, folder: Path) -> History:
        index = folder / "index.json"
        if not index.is_file():
            return cls(folder)
        data = json.loads(index.read_text(encoding="utf-8"))
        return cls(folder, list(data["steps"]), int(data["done"]), int(data["counter"]))

    def _save(self) -> None:
        write_atomic(
            self.folder / "index.json",
            json.dumps({"steps": self.steps, "done": self.done, "counter": self.counter}),
        )

    @property
    def can_undo(self) -> bool:
        return self.done > 0

    @property
    def can_redo(self) -> bool:
        return self.done < len(self.steps)

    def record(self, before: Texts, after: Texts) -> None:
        """A new step; the undone steps are dropped, the oldest beyond the limit too."""
        for name in self.steps[self.done :]:
            (self.folder / name).unlink(missing_ok=True)
        self.steps = self.steps[: self.done]
        name = f"{self.counter:06d}.json"
        self.counter += 1
        write_atomic(self.folder / name, json.dumps({"before": before, "after": after}))
        self.steps.append(name)
        while len(self.steps) > LIMIT:
            (self.folder / self.steps.pop(0)).unlink(missing_ok=True)
        self.done = len(self.steps)
        self._save()

    def _step(self, name: str) -> dict[str, Texts]:
        return json.loads((self.folder / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]

    def peek_undo(self) -> Texts:
        """The texts undoing the last done step writes back."""
        return self._step(self.steps[self.done - 1])["before"]

    def peek_redo(self) -> Texts:
        return self._step(self.steps[self.done])["after"]

    def moved(self, by: int) -> None:
        self.done += by
        self._save()
