"""Bradley–Terry ratings with a side advantage, fitted by maximum likelihood.

The model: when player ``i`` plays the *first* side against player ``j`` on the
second, ``i``'s expected score is

    P(i beats j) = 1 / (1 + exp(-(r_i - r_j + h)))

with ``r`` the players' strengths and ``h`` the first side's advantage (the
sides of a wargame scenario are not symmetric), all on the logit scale.  A
game's score is 1 (won), 0 (lost) or 1/2 (drawn): a draw counts as half a win
and half a loss in the likelihood (the usual reading, e.g. in chess ratings).

The log-likelihood is concave; :func:`fit` maximises it by Newton's method (a
few iterations) with step halving.  Strengths are reported centred (they sum
to zero); their 95% intervals are Wald intervals from the observed Fisher
information (the inverse Hessian at the maximum, carried through the
centring).  A player who won (or lost) every game has no finite maximum:
``prior_draws`` adds that many virtual drawn games to every pairing that
played (half with each player on the first side), as BayesElo's prior does,
which keeps every estimate finite and pulls it a little towards equality.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from greatwar.sim.stats import Z95

#: Elo points per logit: a 400-point gap is 10:1 odds
ELO_PER_LOGIT = 400 / math.log(10)


class FitError(ValueError):
    """Results that give no finite maximum (a player won or lost everything, or some
    players never met the others) or no information at all."""


@dataclass(frozen=True)
class Game:
    """One game: the player on the first side, the one on the second, and the first
    side's player's score (1 won, 1/2 drawn, 0 lost)."""

    first: int
    second: int
    score: float


@dataclass(frozen=True)
class Fit:
    """Fitted strengths (centred, logit scale), the first side's advantage and the
    covariance of ``(*strengths, side_advantage)``."""

    strengths: tuple[float, ...]
    side_advantage: float
    covariance: tuple[tuple[float, ...], ...]
    iterations: int

    def _interval(self, value: float, variance: float, z: float) -> tuple[float, float]:
        half = z * math.sqrt(max(variance, 0.0))
        return (value - half, value + half)

    def strength_interval(self, player: int, z: float = Z95) -> tuple[float, float]:
        """The Wald interval of a player's centred strength (95% by default)."""
        return self._interval(self.strengths[player], self.covariance[player][player], z)

    def side_interval(self, z: float = Z95) -> tuple[float, float]:
        """The Wald interval of the first side's advantage (95% by default)."""
        return self._interval(self.side_advantage, self.covariance[-1][-1], z)

    def difference_interval(self, i: int, j: int, z: float = Z95) -> tuple[float, float]:
        """The Wald interval of ``strength[i] - strength[j]`` (95% by default)."""
        c = self.covariance
        variance = c[i][i] + c[j][j] - 2 * c[i][j]
        return self._interval(self.strengths[i] - self.strengths[j], variance, z)

    def expected_score(self, first: int, second: int) -> float:
        """The model's expected score of ``first`` on the first side against ``second``."""
        return _logistic(self.strengths[first] - self.strengths[second] + self.side_advantage)


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def fit(
    games: Iterable[Game],
    players: int,
    *,
    prior_draws: float = 0.0,
    side_term: bool = True,
    tolerance: float = 1e-10,
    max_iterations: int = 100,
) -> Fit:
    """The maximum-likelihood strengths of ``players`` players (numbered from 0) and the
    first side's advantage (0 and not fitted with ``side_term=False``), from ``games``.

    Raises :class:`FitError` if there is no finite maximum."""
    if players < 2:
        raise FitError(f"rate at least two players, not {players}")
    pairs = _tally(games, players, prior_draws)
    _check_connected(pairs, players)
    design, counts, scores = _design(pairs, players, side_term)
    _check_identifiable(design, counts)
    theta, iterations = _newton(design, counts, scores, tolerance, max_iterations)
    try:
        covariance = np.linalg.inv(_information(design, counts, theta))
    except np.linalg.LinAlgError:
        raise _no_maximum() from None
    return _centred(theta, covariance, players, side_term, iterations)


def _check_connected(pairs: dict[tuple[int, int], list[float]], players: int) -> None:
    """Every player linked to every other through games (else no common scale)."""
    links: dict[int, set[int]] = {p: set() for p in range(players)}
    for first, second in pairs:
        links[first].add(second)
        links[second].add(first)
    reached, frontier = {0}, [0]
    while frontier:
        for other in links[frontier.pop()] - reached:
            reached.add(other)
            frontier.append(other)
    if len(reached) < players:
        apart = ", ".join(str(p) for p in sorted(set(links) - reached))
        raise FitError(f"the games do not link players {apart} to player 0: no common scale")


def _check_identifiable(design: np.ndarray, counts: np.ndarray) -> None:
    """The side's advantage told apart from the strengths: someone must have played
    both sides (at all-equal strengths the information is ``X' N X / 4``)."""
    information = design.T @ (design * counts[:, None])
    if np.linalg.matrix_rank(information) < design.shape[1]:
        raise FitError(
            "the side's advantage cannot be told from the strengths: no player has "
            "played both sides (swap the sides, or fit without the side term)"
        )


def _no_maximum() -> FitError:
    return FitError(
        "no finite maximum: a player (or a side) won or lost every game between some "
        "players; add virtual draws (prior_draws, --prior-draws) or play more games"
    )


def _tally(
    games: Iterable[Game], players: int, prior_draws: float
) -> dict[tuple[int, int], list[float]]:
    """``(first, second) -> [games, score of first]``, with the virtual draws added."""
    pairs: dict[tuple[int, int], list[float]] = {}
    for game in games:
        _check_game(game, players)
        tally = pairs.setdefault((game.first, game.second), [0.0, 0.0])
        tally[0] += 1
        tally[1] += game.score
    if prior_draws < 0:
        raise FitError(f"prior_draws must be 0 or more, not {prior_draws}")
    if prior_draws:
        met = {tuple(sorted(pair)) for pair in pairs}
        for a, b in met:
            for pair in ((a, b), (b, a)):  # half the virtual draws each way round
                tally = pairs.setdefault(pair, [0.0, 0.0])
                tally[0] += prior_draws / 2
                tally[1] += prior_draws / 4
    if not pairs:
        raise FitError("no games to rate")
    return pairs


def _check_game(game: Game, players: int) -> None:
    if not (0 <= game.first < players and 0 <= game.second < players):
        raise FitError(f"{game}: players are numbered 0 to {players - 1}")
    if game.first == game.second:
        raise FitError(f"{game}: a player cannot play itself")
    if game.score not in (0, 0.5, 1):
        raise FitError(f"{game}: a score is 1 (won), 0.5 (drawn) or 0 (lost)")


def _design(
    pairs: dict[tuple[int, int], list[float]], players: int, side_term: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows ``e_first - e_second`` (player 0 is the reference, left out) and a side
    column of ones; the games and the first's total score per row."""
    keys = sorted(pairs)
    design = np.zeros((len(keys), players - 1 + side_term))
    for row, (first, second) in enumerate(keys):
        if first:
            design[row, first - 1] = 1.0
        if second:
            design[row, second - 1] = -1.0
    if side_term:
        design[:, -1] = 1.0
    counts = np.array([pairs[k][0] for k in keys])
    scores = np.array([pairs[k][1] for k in keys])
    return design, counts, scores


def _log_likelihood(
    design: np.ndarray, counts: np.ndarray, scores: np.ndarray, theta: np.ndarray
) -> float:
    eta = design @ theta
    # score * log p + (n - score) * log(1 - p), with log p = -log(1 + e^-eta)
    return float(np.sum(-scores * np.logaddexp(0, -eta) - (counts - scores) * np.logaddexp(0, eta)))


def _information(design: np.ndarray, counts: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """The Fisher information ``X' W X`` (minus the log-likelihood's Hessian)."""
    p = 1 / (1 + np.exp(-(design @ theta)))
    return design.T @ (design * (counts * p * (1 - p))[:, None])  # type: ignore[no-any-return]


def _newton(
    design: np.ndarray,
    counts: np.ndarray,
    scores: np.ndarray,
    tolerance: float,
    max_iterations: int,
) -> tuple[np.ndarray, int]:
    """Newton's method with step halving from all-equal strengths."""
    theta = np.zeros(design.shape[1])
    current = _log_likelihood(design, counts, scores, theta)
    for iteration in range(1, max_iterations + 1):
        p = 1 / (1 + np.exp(-(design @ theta)))
        gradient = design.T @ (scores - counts * p)
        try:
            step = np.linalg.solve(_information(design, counts, theta), gradient)
        except np.linalg.LinAlgError:  # the information vanished: estimates running off
            raise _no_maximum() from None
        theta, current = _halving(design, counts, scores, theta, step, current)
        if np.max(np.abs(step)) < tolerance:
            return theta, iteration
        if np.max(np.abs(theta)) > 50:
            break
    raise _no_maximum()


def _halving(
    design: np.ndarray,
    counts: np.ndarray,
    scores: np.ndarray,
    theta: np.ndarray,
    step: np.ndarray,
    current: float,
) -> tuple[np.ndarray, float]:
    """``theta + step``, halved until the likelihood does not fall (a few times at most)."""
    for _ in range(30):
        candidate = theta + step
        value = _log_likelihood(design, counts, scores, candidate)
        if value >= current - 1e-12:
            return candidate, value
        step = step / 2
    return theta, current


def _centred(
    theta: np.ndarray, covariance: np.ndarray, players: int, side_term: bool, iterations: int
) -> Fit:
    """Strengths relative to their mean, with the covariance carried through the map."""
    free = players - 1
    # (r_1..r_{k-1}, h) -> (r_0..r_{k-1} minus their mean, h)
    to_full = np.zeros((players + 1, free + side_term))
    to_full[1:players, :free] = np.eye(free)
    to_full[:players] -= to_full[:players].mean(axis=0)
    if side_term:
        to_full[players, free] = 1.0
    values = to_full @ theta
    spread = to_full @ covariance @ to_full.T
    return Fit(
        strengths=tuple(float(v) for v in values[:players]),
        side_advantage=float(values[players]),
        covariance=tuple(tuple(float(v) for v in row) for row in spread),
        iterations=iterations,
    )
