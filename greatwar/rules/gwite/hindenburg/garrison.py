"""21.2 Russian Garrison Restrictions (optional): the garrisons and the automatic defeat
(hindenburg 21.21-21.23)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class Garrison:
    """21.2 Russian Garrison Restrictions (optional)"""
