"""A copy of a scenario's files (the teaching scenario's by default) that a test corrupts one
edit at a time."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from greatwar.model.loader import DATA_ROOT, Scenario
from greatwar.model.problems import Problem, ScenarioError
from greatwar.rules import load_scenario

SOURCE = DATA_ROOT / "gwite"
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@dataclass
class TeachingCopy:
    """A scenario's files, laid out as in the package (scenarios/, maps/, ...): those of
    the scenario called ``name`` (its map and counter files have its name too)."""

    root: Path
    name: str = "teaching"

    @property
    def scenario(self) -> Path:
        return self.root / "scenarios" / f"{self.name}.toml"

    @property
    def map(self) -> Path:
        return self.root / "maps" / f"{self.name}.toml"

    @property
    def counters(self) -> Path:
        return self.root / "counters" / f"{self.name}.toml"

    @property
    def terrain(self) -> Path:
        return self.root / "terrain.toml"

    def edit(self, path: Path, old: str, new: str) -> int:
        """Replace the one occurrence of ``old``; return the line on which it began."""
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
        line = text[: text.index(old)].count("\n") + 1
        path.write_text(text.replace(old, new), encoding="utf-8")
        return line

    def append(self, path: Path, extra: str) -> int:
        """Add text at the end of a file; return the line on which it begins."""
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            text += "\n"
        path.write_text(text + extra, encoding="utf-8")
        return text.count("\n") + 1

    def line(self, path: Path, fragment: str, after: str = "") -> int:
        """1-based line of the first line holding ``fragment`` (after one holding ``after``)."""
        lines = path.read_text(encoding="utf-8").splitlines()
        start = 0
        if after:
            start = next(i for i, ln in enumerate(lines) if after in ln) + 1
        return next(i + 1 for i, ln in enumerate(lines) if i >= start and fragment in ln)

    def edit_counter(self, counter_id: str, old: str, new: str) -> int:
        """Replace ``old`` inside one counter's table; return the line on which it began."""
        text = self.counters.read_text(encoding="utf-8")
        at = text.index(f'id = "{counter_id}"\n')
        start = text.rindex("[[counter]]", 0, at)
        end = text.find("[[counter]]", at)
        end = len(text) if end < 0 else end
        block = text[start:end]
        assert block.count(old) == 1, f"{old!r} occurs {block.count(old)} times in {counter_id}"
        line = text[: start + block.index(old)].count("\n") + 1
        text = text[:start] + block.replace(old, new) + text[end:]
        self.counters.write_text(text, encoding="utf-8")
        return line

    def counter_index(self, counter_id: str) -> int:
        """Index of a counter in the counter file (its place among the [[counter]] tables)."""
        lines = self.counters.read_text(encoding="utf-8").splitlines()
        index = -1
        for ln in lines:
            if ln.strip() == "[[counter]]":
                index += 1
            elif ln.strip() == f'id = "{counter_id}"':
                return index
        raise AssertionError(f"no counter {counter_id}")

    @staticmethod
    def only(problems: list[Problem], path: Path | None = None) -> Problem:
        """The single problem of the list (of one file, if given)."""
        chosen = [p for p in problems if path is None or Path(p.file) == path]
        assert len(chosen) == 1, "\n".join(str(p) for p in problems)
        return chosen[0]

    @classmethod
    def of_system(cls, tmp_path: Path, system: str, name: str) -> TeachingCopy:
        """A copy of every data file of ``system`` (``gwite``), for its scenario ``name``."""
        root = tmp_path / system
        shutil.copytree(DATA_ROOT / system, root)
        return cls(root, name)

    def load(self) -> Scenario:
        return load_scenario(self.scenario)

    def problems(self) -> list[Problem]:
        """Every problem of the (corrupted) scenario; fails if it loads."""
        with pytest.raises(ScenarioError) as info:
            self.load()
        assert info.value.problems, "a ScenarioError must list its problems"
        return info.value.problems
