"""What the terminal game prints on request: the fight being prepared, the units with their
values, the map, the commands.  Each from the seat's own view."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from greatwar.engine.state import State
from greatwar.terminal.combat import breakdown
from greatwar.terminal.commands import COMMANDS
from greatwar.terminal.hexmap import map_lines
from greatwar.terminal.tables import side_of, units_table
from greatwar.terminal.targets import hex_label


class Screens:
    """The printing half of :class:`~greatwar.terminal.game.TerminalGame`."""

    state: State
    console: Console

    def names(self, role: str) -> dict[str, str]:
        return {u["id"]: u["name"] for u in self.state.view(role).get("units", [])}

    def print_combat(self, role: str) -> None:
        """The fight being prepared, broken down before the player commits it."""
        for line in breakdown(self.state.view(role), self.names(role)):
            self.console.print(line, highlight=False, markup=False)

    def print_units(self, role: str) -> None:
        scenario = self.state.game.scenario
        title = f"Units as {self.state.game.system.role_name(self.state.game, role)} sees them"
        view = self.state.view(role)
        self.console.print(units_table(scenario, view, side_of(scenario, role), title))

    def print_map(self, role: str, arg: str) -> None:
        """The map as ``role`` sees it, whole or around a hex."""
        scenario = self.state.game.scenario
        around = hex_label(scenario.board, arg) if arg else None
        if arg and around is None:
            self.console.print(f"no hex {arg!r} on the map", highlight=False, markup=False)
            return
        lines = map_lines(scenario, self.state.view(role), around)
        for line in lines:
            self.console.print(line, no_wrap=True, overflow="crop", crop=False)
        if max(len(line.plain) for line in lines[:-1]) > self.console.width:
            self.console.print(
                "The map is wider than the terminal: map HEX draws the hexes around HEX.",
                highlight=False,
                markup=False,
            )

    def print_help(self) -> None:
        table = Table("type", "short", "what it does", title="Commands")
        for name, (short, what) in COMMANDS.items():
            table.add_row(name, short, what)
        self.console.print(table)
