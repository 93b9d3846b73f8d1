"""Checking a finished game against the commitment to its dice: ``greatwar verify``.

A player's record (``GET /api/games/{id}/record`` once the game is over) or the server
owner's export (``greatwar games export``) is checked step by step, and the first thing
that does not check out is named (:class:`Discrepancy`):

1. the revealed salt and server seed hash to the commitment (and, when the player gives
   the one the game showed them, to that one);
2. the dice seed is the one the server seed and the seats' entropy give;
3. the game replays from that seed: every action is legal, every die rolled is the one
   the record lists (value and log line), every state digest the file gives matches,
   and so does the final one.

The scheme itself: :mod:`greatwar.server.dice_commitment`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import greatwar
from greatwar.engine.state import RECORD_FORMAT
from greatwar.model.problems import ScenarioError
from greatwar.server.dice_commitment import (
    DiceCommitment,
    Discrepancy,
    check_commitment,
    rolls_of,
)
from greatwar.server.games import apply_submission
from greatwar.server.replay import EXPORT_FORMAT

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State


@dataclass(frozen=True)
class Step:
    """One action to replay, with the state digest the file gives after it (if any)."""

    role: str
    action: Any
    digest: str | None = None


@dataclass(frozen=True)
class Claim:
    """What a file says about a game: how it starts, its steps and dice, and its end."""

    scenario: str
    options: dict[str, Any]
    seed: int
    revealed: dict[str, Any]
    steps: list[Step]
    rolls: list[dict[str, Any]] | None
    digest: str | None


@dataclass
class Verdict:
    """A record that checked out."""

    scenario: str
    commitment: str
    seed: int
    contributors: list[str]
    actions: int
    rolls: int
    digest: str
    result: str | None
    notes: list[str] = field(default_factory=list)


# --- reading the file ------------------------------------------------------------------------


def _claim_of_record(doc: dict[str, Any]) -> Claim:
    """A player's record: the engine's record with commitment, rolls and final digest."""
    if "commitment" not in doc:
        raise Discrepancy(
            "the record has no dice commitment (a local game, or one made before commitments):"
            " there is nothing to check its dice against"
        )
    return Claim(
        scenario=str(doc["scenario"]),
        options=dict(doc.get("options") or {}),
        seed=int(doc["seed"]),
        revealed=dict(doc["commitment"]),
        steps=[Step(role, action) for role, action in doc["actions"]],
        rolls=list(doc["rolls"]) if "rolls" in doc else None,
        digest=doc.get("digest"),
    )


def _claim_of_export(doc: dict[str, Any]) -> Claim:
    """The server owner's export: every submission (undos too) with its digest."""
    if "dice" not in doc:
        raise Discrepancy("the export has no dice commitment (a game made before commitments)")
    record = doc["record"]
    steps = [Step(a["role"], a["action"], a["digest"]) for a in doc["actions"]]
    return Claim(
        scenario=str(record["scenario"]),
        options=dict(record.get("options") or {}),
        seed=int(record["seed"]),
        revealed=dict(doc["dice"]),
        steps=steps,
        rolls=None,
        digest=steps[-1].digest if steps else None,
    )


def read_claim(doc: Any) -> Claim:
    """What the file claims; a Discrepancy when it is no record or export at all."""
    if not isinstance(doc, dict):
        raise Discrepancy("the file is not a game record (a JSON object)")
    kind = doc.get("format")
    try:
        if kind == RECORD_FORMAT:
            return _claim_of_record(doc)
        if kind == EXPORT_FORMAT:
            return _claim_of_export(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise Discrepancy(f"a part of the {kind} file is missing or malformed: {exc}") from None
    raise Discrepancy(f"the file is neither a {RECORD_FORMAT} nor a {EXPORT_FORMAT} document")


# --- the checks ------------------------------------------------------------------------------


def load_game(claim: Claim) -> Game:
    try:
        return greatwar.load(claim.scenario, claim.options)
    except (ScenarioError, ValueError, TypeError, OSError) as exc:
        raise Discrepancy(f"its scenario {claim.scenario!r} cannot be loaded: {exc}") from None


def check_seed(dice: DiceCommitment, claim: Claim, roles: list[str]) -> None:
    """Step 2: the dice seed is the server seed mixed with the seats' entropy."""
    strangers = sorted(set(dice.entropy) - set(roles))
    if strangers:
        raise Discrepancy(f"entropy from {', '.join(strangers)}: no seat of {claim.scenario}")
    expected = dice.seed(roles)
    if claim.seed != expected:
        raise Discrepancy(
            f"the dice seed {claim.seed} is not the one the committed server seed and the"
            f" seats' entropy give ({expected})"
        )


class RollCheck:
    """Step 3's dice: each roll the replay makes against the record's list, in order."""

    def __init__(self, listed: list[dict[str, Any]] | None) -> None:
        self.listed = listed
        self.made = 0
        self._seen = 0  # log entries looked at so far

    def after(self, state: State, where: str) -> None:
        """Check the rolls made since the last call (``where``: by what)."""
        log = state.data["log"]
        self._seen = min(self._seen, len(log))  # an undo takes back entries (never a roll)
        for roll in rolls_of(log[self._seen :]):
            self.made += 1
            if self.listed is None:
                continue
            if self.made > len(self.listed):
                raise Discrepancy(
                    f"the game rolls more dice than the record lists ({len(self.listed)}):"
                    f" roll {self.made} ({where}) is {roll['value']}"
                )
            if self.listed[self.made - 1] != roll:
                raise Discrepancy(
                    f"roll {self.made} ({where}): the record says"
                    f" {self.listed[self.made - 1]}, the dice give {roll}"
                )
        self._seen = len(log)

    def finish(self) -> None:
        if self.listed is not None and self.made != len(self.listed):
            raise Discrepancy(
                f"the record lists {len(self.listed)} rolls, the game rolled {self.made}"
            )


def replay_claim(game: Game, claim: Claim) -> tuple[State, int]:
    """Step 3: replay every action, checking every roll and digest; (state, rolls made)."""
    state = game.new_state(claim.seed)
    rolls = RollCheck(claim.rolls)
    rolls.after(state, "at the start")
    for i, step in enumerate(claim.steps, 1):
        where = f"action {i}, {step.role}: {step.action}"
        try:
            apply_submission(state, step.role, step.action)
        except Exception as exc:  # refused by the rules, or not even an action
            raise Discrepancy(f"{where} does not replay: {exc}") from None
        rolls.after(state, f"rolled by {where}")
        if step.digest is not None and step.digest != state.digest():
            raise Discrepancy(
                f"after {where} the game's digest is {state.digest()}, the file says {step.digest}"
            )
    rolls.finish()
    if claim.digest is not None and claim.digest != state.digest():
        raise Discrepancy(f"the final digest is {state.digest()}, the record says {claim.digest}")
    return state, rolls.made


def verify(doc: Any, shown: str | None = None) -> Verdict:
    """Check a record or export (``shown``: the commitment the game showed the player);
    a :class:`Discrepancy` names the first thing that does not check out."""
    claim = read_claim(doc)
    dice = check_commitment(claim.revealed, shown)
    game = load_game(claim)
    roles = game.roles()
    check_seed(dice, claim, roles)
    state, rolls = replay_claim(game, claim)
    verdict = Verdict(
        scenario=claim.scenario,
        commitment=dice.commitment,
        seed=claim.seed,
        contributors=[role for role, _ in dice.contributions(roles)],
        actions=len(claim.steps),
        rolls=rolls,
        digest=state.digest(),
        result=(state.result() or {}).get("summary") if state.is_over() else None,
    )
    if claim.rolls is None:
        verdict.notes.append("the file lists no rolls: the digests after each action hold them")
    if not state.is_over():
        verdict.notes.append("the game is not over")
    return verdict
