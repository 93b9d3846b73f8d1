"""An SVG picture of a scenario's map with its counters.

``render_svg(scenario, state)`` draws the compiled :class:`~greatwar.model.board.Board`
(terrain, national borders, hexside features, railroads and roads, cities,
fortresses, trenches, entry hexes, supply sources and hex numbers) and the
units: those on the map in ``state``, or the set-up positions of the scenario
when no state is given.  The result is one standalone SVG 1.1 document: no
external resources, no scripts, standard library only.

Every hex polygon carries ``data-hex="<label>"`` and every counter group
``data-unit="<id>"`` and ``data-hex="<label>"``, so a browser client can find
them.  The map is drawn in the pixel coordinates of :mod:`greatwar.hexgrid`
inside one translated group; a counter group's ``transform`` is the centre of
its hex in those coordinates (shifted a little when several units share it).

One module per layer, each drawing what one rule system or both put on a map
(a map without trenches or fortresses simply draws none):

* :mod:`~greatwar.render.svg` (SVG primitives) and :mod:`~greatwar.render.geometry`
  (pixel positions of a board's hexes) at the bottom;
* the layers above them: :mod:`~greatwar.render.terrain`, :mod:`~greatwar.render.trenches`,
  :mod:`~greatwar.render.borders`, :mod:`~greatwar.render.hexsides`,
  :mod:`~greatwar.render.lines`, :mod:`~greatwar.render.places`,
  :mod:`~greatwar.render.numbers`, :mod:`~greatwar.render.counters` (with
  :mod:`~greatwar.render.symbols` and :mod:`~greatwar.render.placement`),
  :mod:`~greatwar.render.edges`, and the :mod:`~greatwar.render.title` and
  :mod:`~greatwar.render.legend` around the map;
* :mod:`~greatwar.render.document` on top: the layers stacked into one document.
"""

from __future__ import annotations

from greatwar.render.document import render_svg
from greatwar.render.title import FICTIONAL_LABEL

__all__ = ["FICTIONAL_LABEL", "render_svg"]
