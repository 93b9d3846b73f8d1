"""Play in the terminal: two people on one keyboard, or one against the computer.

Each turn shows whose move it is, the prompt, what has happened since the
last prompt, and the legal actions numbered.  Type a number to act, or a
command: ``u`` undo, ``l`` the whole log, ``s`` the units, ``m FILE`` draw
the map as SVG, ``h`` help, ``q`` save and quit.  The game record is saved
on quitting and at the end, so a game can be replayed (``greatwar replay``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from greatwar.ai.base import Agent, decide, explanation, reasons_public
from greatwar.engine.errors import IllegalAction
from greatwar.engine.state import State

HELP = (
    "Type the number of an action. Commands: u = undo, l = whole log, s = units,"
    " m FILE = draw the map (SVG), h = help, q = save and quit."
)


def describe(action: dict[str, Any], names: dict[str, str]) -> str:
    """An action in a player's words: its type, then its details with unit names."""
    kind = str(action.get("type", "?")).replace("_", " ")
    parts = []
    for key, value in action.items():
        if key == "type":
            continue
        if key in ("unit", "hq") and isinstance(value, str):
            value = names.get(value, value)
        if key == "path" and isinstance(value, list):
            value = "→".join(value)
        elif isinstance(value, list):  # units by name (a corps's divisions, hindenburg 21.11)
            value = " and ".join(
                names.get(v, str(v)) if isinstance(v, str) else str(v) for v in value
            )
        if isinstance(value, bool):
            parts.append(key if value else f"not {key}")
        else:
            parts.append(f"{key} {value}")
    return f"{kind}: {', '.join(parts)}" if parts else kind


def _losses(unit: dict[str, Any]) -> str:
    """Steps lost (GWitE) or level and endurance lost (Tannenberg), as the view gives them."""
    if "steps_lost" in unit:
        return str(unit["steps_lost"])
    if unit.get("level") is not None and unit.get("endurance_lost") is not None:
        return f"level {unit['level']}, endurance -{unit['endurance_lost']}"
    return ""


class TerminalGame:
    """A game driven from the terminal; ``ask`` reads a line (``input`` by default)."""

    def __init__(
        self,
        state: State,
        humans: set[str],
        computer: dict[str, Agent],
        record_path: Path,
        console: Console | None = None,
        ask: Callable[[str], str] = input,
    ) -> None:
        self.state = state
        self.humans = humans
        self.computer = computer
        self.record_path = record_path
        self.console = console or Console(soft_wrap=True)
        self.ask = ask
        self.shown: dict[str, int] = {}  # role -> the last log entry shown to it
        self.last_human: str | None = None
        #: the computer's reasons (issue 6), by the number of log entries before its action
        self.notes: dict[int, list[str]] = {}

    # -- output --------------------------------------------------------------------------

    def names(self, role: str) -> dict[str, str]:
        return {u["id"]: u["name"] for u in self.state.view(role).get("units", [])}

    def print_new_log(self, role: str) -> None:
        """The log entries ``role`` may see that it has not been shown yet."""
        seen = self.shown.get(role, 0)
        for entry in self.state.view(role)["log"]:
            if entry["n"] <= seen:
                continue
            case = f" [{entry['case']}]" if entry.get("case") else ""
            self.console.print(f"  {entry['text']}{case}", highlight=False, markup=False)
            seen = entry["n"]
            for note in self.notes.get(seen, []):
                self.console.print(f"    ({note})", highlight=False, markup=False)
        self.shown[role] = seen

    def computer_turn(self, role: str) -> None:
        """The computer plays ``role``; its reason is kept for the log where the rule system
        hides nothing (a reason may name a secret choice)."""
        agent = self.computer[role]
        at = len(self.state.data["log"])
        self.state.apply(role, decide(agent, self.state, role))
        reason = explanation(agent)
        if reason and reasons_public(self.state):
            name = self.state.game.system.role_name(self.state.game, role)
            self.notes.setdefault(at, []).append(f"computer, {name}: {reason}")

    def print_header(self, role: str) -> None:
        view = self.state.view(role)
        track = " › ".join(step["title"] for step in view.get("phase_track", [])[1:])
        self.console.rule(f"{view['name']}{' (FICTIONAL)' if view['fictional'] else ''}")
        self.console.print(track, highlight=False, markup=False)
        if view.get("combat"):
            c = view["combat"]
            self.console.print(
                f"Combat: {c.get('attack')} to {c.get('defense')}, odds {c.get('odds')},"
                f" column {c.get('column', '-')}",
                highlight=False,
                markup=False,
            )

    def print_units(self, role: str) -> None:
        table = Table("unit", "side", "hex", "losses", "markers")
        for u in self.state.view(role).get("units", []):
            if u["status"] == "on_map":
                table.add_row(u["name"], u["side"], u["hex"], _losses(u), " ".join(u["markers"]))
        self.console.print(table)

    def hand_over(self, role: str) -> None:
        """Hotseat: before another person's turn, when the game hides things from the
        seats, clear the screen and wait until the right player has the keyboard."""
        if self.last_human in (None, role) or len(self.humans) < 2:
            self.last_human = role
            return
        system = self.state.game.system
        if self.state.game.hidden_information:
            self.console.clear()
            name = system.role_name(self.state.game, role)
            self.ask(f"Pass the keyboard to {name}, then press Enter.")
        self.last_human = role

    # -- input -----------------------------------------------------------------------------

    def human_turn(self, role: str) -> bool:
        """One action (or command) of a human; False when the player quits."""
        actions = self.state.legal_actions(role)
        names = self.names(role)
        self.print_header(role)
        self.console.print(f"[bold]{role}[/]: {self.state.prompt(role)}", highlight=False)
        labels = self.state.view(role)["labels"]  # the rule system's, as the page shows them
        for n, action in enumerate(actions, start=1):
            text = labels[n - 1] if n <= len(labels) else describe(action, names)
            self.console.print(f"{n:>4}. {text}", highlight=False, markup=False)
        while True:
            line = self.ask(f"{role}> ").strip()
            if not line:
                continue
            if line.isdigit() and 1 <= int(line) <= len(actions):
                self.state.apply(role, actions[int(line) - 1])
                return True
            command, _, arg = line.partition(" ")
            if command == "q":
                return False
            if command == "h":
                self.console.print(HELP, highlight=False, markup=False)
            elif command == "u":
                try:
                    self.state.undo(role)
                    last = len(self.state.data["log"])
                    self.shown = {r: min(n, last) for r, n in self.shown.items()}
                    return True
                except IllegalAction as exc:
                    self.console.print(f"cannot undo: {exc}", highlight=False, markup=False)
            elif command == "l":
                self.shown[role] = 0
                self.print_new_log(role)
            elif command == "s":
                self.print_units(role)
            elif command == "m":
                self.draw(role, Path(arg or "map.svg"))
            else:
                self.console.print(
                    f"not understood: {line!r}. {HELP}", highlight=False, markup=False
                )

    def draw(self, role: str, path: Path) -> None:
        """The map as ``role`` sees it (its view: nothing hidden from it is drawn)."""
        from greatwar.render import render_svg

        view = self.state.view(role)
        seen = {
            "turn": view.get("turn", view.get("stage")),
            "phasing": view.get("phasing"),
            "over": view.get("over"),
            "units": {u["id"]: {**u, "lost": u.get("steps_lost", 0)} for u in view["units"]},
        }
        path.write_text(render_svg(self.state.game.scenario, seen), encoding="utf-8")
        self.console.print(f"wrote {path}", highlight=False, markup=False)

    # -- the loop ----------------------------------------------------------------------------

    def save(self) -> None:
        self.record_path.parent.mkdir(parents=True, exist_ok=True)
        self.record_path.write_text(json.dumps(self.state.record(), indent=1), encoding="utf-8")

    def play(self) -> State:
        """Play until the game ends or a player quits; the record is saved either way."""
        try:
            while not self.state.is_over():
                role = self.state.active_roles()[0]
                if role in self.computer:
                    self.computer_turn(role)
                    continue
                self.hand_over(role)
                self.print_new_log(role)
                if not self.human_turn(role):
                    break
            for role in sorted(self.humans):
                self.print_new_log(role)
        finally:
            self.save()
        if self.state.is_over():
            result = self.state.result() or {}
            self.console.print(
                f"Game over: {result.get('summary', '')}", highlight=False, markup=False
            )
        self.console.print(f"record saved: {self.record_path}", highlight=False, markup=False)
        return self.state
