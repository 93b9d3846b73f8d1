"""Checks of counters that no one counter's schema can make: ids used twice, a reduced
step stronger than the one before it, and affiliations (``superior``, ``corps``,
``army``) that name no HQ of the scenario.

Each problem is reported in the counter's own file, at the field, with the rule case
of the scenario's system (both systems' cases for a counter file validated alone,
whose system is not known).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from greatwar.model.problems import Problems
from greatwar.model.schema import Counter, StepValues
from greatwar.model.tomlpos import locate

#: where the counters were read: id -> (its file's problems, its index in the file)
Origins = Mapping[str, tuple[Problems, int]]

#: a reduced step (GWitE) or the back side (Tannenberg) is never stronger than the one
#: before it: GWitE 8.52-8.53 flip a unit "to its weaker strength"; Tannenberg 2.3.1
#: prints the second combat-efficiency level on the back
STEP_CASES = {"gwite": "8.52, 8.53", "tannenberg": "tannenberg 2.3.1"}
#: the same, for a counter file validated alone (its system is not known)
EITHER_STEP_CASE = "gwite 8.52, 8.53; tannenberg 2.3.1"
#: the values a counter's steps fall back on when a step leaves them out
_COUNTER_FALLBACKS = ("movement", "tcr", "effectiveness")

#: affiliation fields: the level of the HQs whose own value of the field are the names
#: it may take, and the case.  GWitE 2.3: a unit's Superior Unit Designation is its
#: army, which the army's HQ carries too (Serbia/Galicia 2.3); Tannenberg 13.2.4: a
#: unit's own corps HQ, 13.2.6: army HQs
REFERENCES: dict[str, tuple[str, str]] = {
    "superior": ("army", "2.3"),
    "corps": ("corps", "tannenberg 13.2.4"),
    "army": ("army", "tannenberg 13.2.6"),
}


def step_case(system: str | None) -> str:
    """The case for a reduced step stronger than the one before it, in ``system``."""
    return STEP_CASES.get(system or "", EITHER_STEP_CASE)


def check_unique_ids(
    items: Iterable[tuple[int, Counter]], problems: Problems, seen: dict[str, tuple[Problems, int]]
) -> None:
    """Report a counter whose id an earlier one (of this file or another, in ``seen``)
    has; record every first use in ``seen``."""
    for j, c in items:
        first = seen.get(c.id)
        if first is None:
            seen[c.id] = (problems, j)
            continue
        problems.add(
            ("counter", j, "id"), f"counter id {c.id!r} is used twice (first {_at(*first)})"
        )


def _at(problems: Problems, index: int) -> str:
    """``counter[3] at teaching.toml:51``: where a counter is written."""
    line = locate(problems.text, ("counter", index)) if problems.text else None
    where = Path(problems.path).name + (f":{line}" if line is not None else "")
    return f"counter[{index}] at {where}"


def check_steps(
    items: Iterable[tuple[int, Counter]], problems: Problems, system: str | None
) -> None:
    """A step never has a value greater than the step before it (the full side first)."""
    case = step_case(system)
    for j, c in items:
        for field in StepValues.model_fields:
            values = [_step_value(c, step, field) for step in c.steps]
            for i in range(1, len(values)):
                before, after = values[i - 1], values[i]
                if before is not None and after is not None and after > before:
                    problems.add(
                        ("counter", j, "steps", i, field),
                        f"counter {c.id}: step {i + 1}'s {field} {after} is more than step"
                        f" {i}'s {before}: a reduced step is never stronger than the one before"
                        f" it ({case})",
                    )


def _step_value(counter: Counter, step: StepValues, field: str) -> int | None:
    value: int | None = getattr(step, field)
    if value is None and field in _COUNTER_FALLBACKS:
        value = getattr(counter, field)
    return value


def check_references(counters: Mapping[str, Counter], origins: Origins) -> None:
    """Each counter's ``superior``, ``corps`` and ``army`` is one an HQ of the scenario
    carries: an army HQ's ``superior`` or ``army``, a corps HQ's ``corps``."""
    for field, (level, case) in REFERENCES.items():
        known = {
            getattr(c, field)
            for c in counters.values()
            if c.hq is not None and c.hq.level == level and getattr(c, field)
        }
        for uid, c in counters.items():
            name = getattr(c, field)
            if not name or name in known or uid not in origins:
                continue
            problems, j = origins[uid]
            listed = ", ".join(sorted(known)) or "none"
            problems.add(
                ("counter", j, field),
                f"counter {uid}: {field} {name!r} is not the {field} of any {level} HQ of this"
                f" scenario (theirs: {listed}) ({case})",
            )
