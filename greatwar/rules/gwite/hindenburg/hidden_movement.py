"""18.0 Hidden Movement (optional): forming, merging, splitting and dropping off Gruppen,
their Movement Allowance, the rules that reveal them and return removed markers
(hindenburg 18.11-18.42); the state is :mod:`.gruppen`'s."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HiddenMovement:
    """18.0 Hidden Movement (optional)"""
