"""The Great War in the East (SPI, 1978): standard rules, one module per section.

4.0 sequence, 5.0 movement, 6.0 stacking, 7.0 zones of control, 14.0
reinforcements, and the victory machinery the exclusive rules use.
"""

from greatwar.rules.gwite.system import GwiteSystem

SYSTEM = GwiteSystem()

__all__ = ["SYSTEM", "GwiteSystem"]
