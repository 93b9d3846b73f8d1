"""Verifiable dice for remote games (issue 20): a commitment to the seed, the seats'
entropy, and the record a player checks with ``greatwar verify``.

**The commitment.**  When a game is made the server draws (or the creator gives) its
*server seed* ``S`` (an integer, 0 <= S < 2**53) and a secret *salt* ``T`` (32 hex digits),
and shows every seat the commitment::

    commitment = SHA-256("greatwar-dice/1:" + T + ":" + str(S))      (hex digits)

Neither ``S`` nor ``T`` reaches any seat while the game runs; when it is over both are
revealed (in the game's payload and its record), and anyone can recompute the hash.

**The seats' entropy.**  Until the first action is accepted each human seat may send
one string of its own (``POST /api/games/{id}/entropy``).  The game's dice seed is then::

    seed = S                                     when no seat has sent any
    seed = int(SHA-256(M)[:16 hex digits], 16) >> 11, where
    M    = "greatwar-dice/1:" + str(S) + for each contribution, in the game's seat
           order: "|" + role + "=" + SHA-256(its UTF-8 text) (hex digits)

and the game's start is dealt afresh with it (a scenario may roll before anyone acts).
The server committed to ``S`` before any seat sent its string, so with one honest seat's
contribution no one, not even the server's owner, chose the dice.  A seat that sends
nothing before the first action has no say in them: the payload's ``entropy`` tells
every seat who did.

**The record** (``GET /api/games/{id}/record`` once the game is over) is the engine's
game record (scenario, options, seed, actions) with ``commitment`` (the above, revealed),
``rolls`` (every die rolled, in order, with its log line) and ``digest`` (the final
state's).  :mod:`greatwar.server.verify` checks one.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import State

SCHEME = "greatwar-dice/1"
#: seeds are below 2**53: a browser's JSON keeps them exact (strict.Seed, games.MAX_SEED)
SEED_BITS = 53
#: the longest entropy string a seat may send, in characters
MAX_ENTROPY = 200


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment_of(server_seed: int, salt: str) -> str:
    """The hash shown to every seat at the start: SHA-256 of the scheme, salt and seed."""
    return sha256_hex(f"{SCHEME}:{salt}:{server_seed}")


def mixed_seed(server_seed: int, contributions: list[tuple[str, str]]) -> int:
    """The dice seed: the server seed itself, or mixed with the seats' contributions
    ((role, text) in the game's seat order), as the module docstring says."""
    if not contributions:
        return server_seed
    mixed = f"{SCHEME}:{server_seed}" + "".join(
        f"|{role}={sha256_hex(text)}" for role, text in contributions
    )
    return int(sha256_hex(mixed)[:16], 16) >> (64 - SEED_BITS)


@dataclass(frozen=True)
class DiceCommitment:
    """A game's committed server seed, its salt and the seats' entropy (role -> text)."""

    server_seed: int
    salt: str
    entropy: dict[str, str] = field(default_factory=dict)

    @property
    def commitment(self) -> str:
        return commitment_of(self.server_seed, self.salt)

    def contributions(self, roles: list[str]) -> list[tuple[str, str]]:
        """(role, text) of the seats that sent entropy, in the game's seat order."""
        return [(role, self.entropy[role]) for role in roles if role in self.entropy]

    def seed(self, roles: list[str]) -> int:
        """The game's dice seed."""
        return mixed_seed(self.server_seed, self.contributions(roles))

    def with_entropy(self, role: str, text: str) -> DiceCommitment:
        return replace(self, entropy={**self.entropy, role: text})

    def public(self, roles: list[str], open_: bool) -> dict[str, Any]:
        """What every seat is shown while the game runs: the hash, who sent entropy (the
        SHA-256 of each string) and whether entropy is still taken."""
        return {
            "scheme": SCHEME,
            "hash": self.commitment,
            "entropy": {role: sha256_hex(text) for role, text in self.contributions(roles)},
            "entropy_open": open_,
        }

    def revealed(self, roles: list[str]) -> dict[str, Any]:
        """Everything, once the game is over: the hash, seed, salt and the strings sent."""
        return {
            "scheme": SCHEME,
            "hash": self.commitment,
            "server_seed": self.server_seed,
            "salt": self.salt,
            "entropy": [[role, text] for role, text in self.contributions(roles)],
        }


class Discrepancy(Exception):
    """The first part of a record that does not check out, in a player's words."""


def dice_of(revealed: dict[str, Any]) -> DiceCommitment:
    """The revealed commitment; a Discrepancy when its parts are missing or odd."""
    if revealed.get("scheme") != SCHEME:
        raise Discrepancy(f"the commitment's scheme is {revealed.get('scheme')!r}, not {SCHEME}")
    try:
        entropy = {str(role): str(text) for role, text in revealed.get("entropy") or []}
        return DiceCommitment(int(revealed["server_seed"]), str(revealed["salt"]), entropy)
    except (KeyError, TypeError, ValueError) as exc:
        raise Discrepancy(f"the revealed commitment is incomplete: {exc}") from None


def check_commitment(revealed: dict[str, Any], shown: str | None) -> DiceCommitment:
    """``greatwar verify``'s first step: the revealed salt and server seed hash to the
    commitment (and to the one the game showed the player, ``shown``, if given)."""
    dice = dice_of(revealed)
    recomputed = commitment_of(dice.server_seed, dice.salt)
    if recomputed != revealed.get("hash"):
        raise Discrepancy(
            f"the commitment does not match: SHA-256 of the revealed salt and server seed"
            f" is {recomputed}, the record says {revealed.get('hash')}"
        )
    if shown is not None and shown.lower() != recomputed:
        raise Discrepancy(
            f"the record's commitment {recomputed} is not the one the game showed ({shown})"
        )
    return dice


def draw(seed: int | None) -> DiceCommitment:
    """A new game's commitment: the seed given, or a random one, and a random salt."""
    server_seed = secrets.randbits(SEED_BITS) if seed is None else int(seed)
    return DiceCommitment(server_seed, secrets.token_hex(16))


def shown(dice: DiceCommitment, state: State, version: int) -> dict[str, Any]:
    """The commitment as the seats are shown it (the server at ``version``): public while
    the game runs, with the seed, salt and strings ``revealed`` once it is over."""
    roles = state.game.roles()
    part = dice.public(roles, open_=version == 0 and not state.is_over())
    part["revealed"] = dice.revealed(roles) if state.is_over() else None
    return part


def payload_part(dice: DiceCommitment | None, state: State, version: int) -> dict[str, Any] | None:
    """The ``commitment`` of a seat's payload (None for a game made before commitments)."""
    return None if dice is None else shown(dice, state, version)


def rolls_of(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every die rolled, in order: its value and its log line."""
    return [{"value": e["roll"], "log": e["text"]} for e in log if "roll" in e]


def record_document(state: State, dice: DiceCommitment | None, game_id: str) -> dict[str, Any]:
    """A finished game's record for ``greatwar verify``: the engine's record with the
    revealed commitment, every roll and the final digest."""
    document = state.record()
    document["game_id"] = game_id
    document["rolls"] = rolls_of(state.data["log"])
    document["digest"] = state.digest()
    if dice is not None:
        document["commitment"] = dice.revealed(state.game.roles())
    return document
