"""20.0 Cavalry HQs and the limits on German and Austro-Hungarian cooperation: who commands
whom, joint attacks only under the 9th Army HQ (hindenburg 20.11-20.22)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HindenburgCommand:
    """20.0 Cavalry HQs and the limits on German and Austro-Hungarian cooperation"""
