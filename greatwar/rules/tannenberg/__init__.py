"""Tannenberg 1914 (Dragon, Poland): stages of eight phases, simultaneous combat cards,
endurance, reserve movement and masking — one module per rules section.

The modules form layers; each imports only modules below it:

* the data: ``tables`` (constants and look-up tables), ``seats``, ``static``, ``cases``;
* what every section asks: ``masks`` (masking counters and what they hide), ``fog``
  (logs and names about hidden pieces), ``units`` (levels, endurance, elimination),
  ``railways``, ``fortified``, ``zoc``, ``supply``, ``combatants``, ``movement``
  (costs, allowances, reach, who moved), ``command``, ``arrivals``;
* the rules sections, each above what it asks (``victory`` and ``special``, then
  ``routes``, ``artillery``, ``masking``, ``modifiers``, ``entering``, ``strength``,
  ``reserve``, ``retreat``, ``rail``, ``clash``, ``reinforcements``, ``movement_phase``
  ...);
* the sequence of play (``sequence``), ``position``, the views (``views``,
  ``clash_view``, ``determinize``) and the rule system (``system``).

A section module keeps the names of the helpers it used to define that now live
lower down (``masking`` those of ``masks``, ``rail`` of ``railways``, ``views`` of
``fog`` ...).  Where a lower module must set off a higher one's rule, the higher one
registers it when imported: what a loss sets off (``units.follow_up``: 18.1.2, 19.3,
13.1.6-13.1.8) and the orders phase's masking choices
(``command.register_orders_hook``).  The one two-way dependency is ``victory`` and
``special`` (19.3 points and 17.3/18.1 interlock): ``victory`` imports ``special``
inside the functions where they meet.
"""

from greatwar.rules.tannenberg.system import TannenbergSystem

SYSTEM = TannenbergSystem()

__all__ = ["SYSTEM", "TannenbergSystem"]
