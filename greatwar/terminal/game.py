"""Play in the terminal: two people on one keyboard, or one against the computer.

Each turn shows whose move it is, the prompt, what has happened since the
last prompt, the fight being prepared (odds, shifts, column, each die roll's
result) and the legal actions numbered.  Type a number to act, a hex or a
unit's name to act on it, or a command (:data:`COMMANDS`; ``help`` lists
them).  The game record is saved on quitting and at the end, so a game can be
resumed (``greatwar terminal --resume FILE``) or replayed (``greatwar replay``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from greatwar.ai.base import Agent, decide, explanation, reasons_public
from greatwar.engine.errors import IllegalAction
from greatwar.engine.state import State
from greatwar.refusals import why_typed
from greatwar.terminal.commands import ALIASES, HELP
from greatwar.terminal.screens import Screens
from greatwar.terminal.targets import Target, matching, parse


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


class TerminalGame(Screens):
    """A game driven from the terminal; ``ask`` reads a line (``input`` by default)."""

    def __init__(
        self,
        state: State,
        humans: set[str],
        computer: dict[str, Agent],
        record_path: Path,
        console: Console | None = None,
        ask: Callable[[str], str] = input,
        seats: dict[str, Any] | None = None,
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
        #: who plays which side, kept with the record so that a resumed game keeps it
        self.seats = seats or {}
        #: the unit the player last acted on (a typed hex moves it there)
        self.selected: str | None = None

    # -- output --------------------------------------------------------------------------

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
        self.print_combat(role)

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
        self.print_header(role)
        self.console.print(f"[bold]{role}[/]: {self.state.prompt(role)}", highlight=False)
        self.print_actions(role, actions, range(len(actions)))
        while True:
            line = self.ask(f"{role}> ").strip()
            if not line:
                continue
            outcome = self.take(role, line, actions)
            if outcome is not None:
                return outcome

    def print_actions(
        self, role: str, actions: list[dict[str, Any]], which: range | list[int]
    ) -> None:
        names = self.names(role)
        labels = self.state.view(role).get("labels", [])  # the rule system's, as on the page
        for i in which:
            text = labels[i] if i < len(labels) else describe(actions[i], names)
            self.console.print(f"{i + 1:>4}. {text}", highlight=False, markup=False)

    def take(self, role: str, line: str, actions: list[dict[str, Any]]) -> bool | None:
        """A typed line: True when it acted, False to quit, None to ask again.  A hex comes
        before an action's number (``0503`` is a hex where the map has one)."""
        units = self.state.view(role).get("units", [])
        target = parse(self.state.game.scenario.board, units, line)
        if target is None and line.isdigit():
            if 1 <= int(line) <= len(actions):
                self.act(role, actions[int(line) - 1])
                return True
            self.console.print(
                f"no action {line}: choose 1 to {len(actions)}", highlight=False, markup=False
            )
            return None
        if target is not None:
            return self.act_on(role, target, actions, units)
        return self.command(role, line, actions)

    def act(self, role: str, action: dict[str, Any]) -> None:
        self.state.apply(role, action)
        if isinstance(action.get("unit"), str):
            self.selected = action["unit"]

    def act_on(
        self,
        role: str,
        target: Target,
        actions: list[dict[str, Any]],
        units: list[dict[str, Any]],
    ) -> bool | None:
        """A hex or unit typed: its one legal action is done; several are listed."""
        found = matching(target, actions, units, self.selected)
        if len(found) == 1:
            self.act(role, found[0])
            return True
        if not found:
            self.cannot_act(role, target)
            return None
        self.console.print(
            f"{target.text}: {len(found)} actions; type the number of one:",
            highlight=False,
            markup=False,
        )
        self.print_actions(role, actions, [actions.index(a) for a in found])
        return None

    def cannot_act(self, role: str, target: Target) -> None:
        """The one place a typed hex or unit that cannot act says why: the rules' reason
        and case, as the page says it (greatwar.refusals)."""
        why = why_typed(self.state, role, target.hex or target.text)
        self.console.print(
            why or f"{target.text}: no legal action on it now", highlight=False, markup=False
        )

    def command(self, role: str, line: str, actions: list[dict[str, Any]]) -> bool | None:
        word, _, arg = line.partition(" ")
        command = ALIASES.get(word.lower())
        if command == "quit":
            return False
        if command == "undo":
            try:
                self.state.undo(role)
                last = len(self.state.data["log"])
                self.shown = {r: min(n, last) for r, n in self.shown.items()}
                return True
            except IllegalAction as exc:
                self.console.print(f"cannot undo: {exc}", highlight=False, markup=False)
        elif command == "help":
            self.print_help()
        elif command == "log":
            self.shown[role] = 0
            self.print_new_log(role)
        elif command == "units":
            self.print_units(role)
        elif command == "map":
            self.print_map(role, arg.strip())
        elif command == "combat":
            self.print_combat(role)
        elif command == "actions":
            self.print_actions(role, actions, range(len(actions)))
        elif command == "svg":
            self.draw(role, Path(arg or "map.svg"))
        else:
            self.console.print(f"not understood: {line!r}. {HELP}", highlight=False, markup=False)
        return None

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
        """The game record, with who plays which side (``greatwar terminal --resume``)."""
        record = self.state.record()
        if self.seats:
            record["terminal"] = self.seats
        self.record_path.parent.mkdir(parents=True, exist_ok=True)
        self.record_path.write_text(json.dumps(record, indent=1), encoding="utf-8")

    def mark_log_seen(self) -> None:
        """A resumed game: its log so far counts as shown."""
        self.shown = {role: len(self.state.view(role)["log"]) for role in self.humans}

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
