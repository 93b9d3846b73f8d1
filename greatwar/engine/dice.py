"""A small, serialisable, platform-independent die.

The die is a pure function of ``(seed, n)``: the ``n``-th roll of a game with
that seed.  A state stores only the seed and how many rolls were made, so it
can be saved, cloned and replayed exactly.  The seed never leaves the server
in a view: with it, every future roll could be foreseen.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(x: int) -> int:
    """One step of the SplitMix64 mixer (Steele, Lea and Flood 2014)."""
    z = (x + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def nth_roll(seed: int, n: int, sides: int = 6) -> int:
    """The ``n``-th roll (0-based) of a die with ``sides`` faces for a game seeded ``seed``."""
    z = splitmix64((splitmix64(seed & MASK64) + n * GOLDEN) & MASK64)
    return 1 + ((z * sides) >> 64)


def new_dice(seed: int) -> dict[str, int]:
    """The dice part of a new state."""
    return {"seed": seed & MASK64, "n": 0}


def roll(dice: dict[str, int], sides: int = 6) -> int:
    """Roll the die of a state's ``dice`` record, advancing its counter."""
    value = nth_roll(dice["seed"], dice["n"], sides)
    dice["n"] += 1
    return value
