"""The phase stack: how a sequence of play is driven.

A state's ``stack`` is a list of *frames*, plain dicts with a ``kind`` and
the locals of that step of play (whose turn, which unit is moving, ...).  The
top frame is what happens now.  Each kind has a :class:`Handler` in its rule
system that says who must act on it, what they may do, and what an action
does.  A frame nobody acts on is *automatic*: the engine runs it at once,
which usually pushes the next frame or pops itself.

A :class:`Sequence` frame walks through a fixed list of child frames, so a
sequence of play (game turn, player turn, phase, segment) is written as
data: ``Sequence("player_turn", ["movement_phase", "combat_phase"])``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence as Seq
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import State

Frame = dict[str, Any]
Action = dict[str, Any]


class Handler:
    """What a kind of frame means.  Subclasses override what applies to them."""

    kind: str = ""
    #: the rule case that governs this step, shown in prompts and refusals
    case: str | None = None

    def case_of(self, st: State, frame: Frame) -> str | None:
        """The rule case that governs this frame now (shown in refusals): :attr:`case`
        unless the case depends on the game (a step the standard rules share, which a
        game's case allows)."""
        return self.case

    def setup(self, st: State, frame: Frame) -> None:
        """Give a frame being pushed its initial locals (never done lazily: a view must not
        change the state)."""

    def actors(self, st: State, frame: Frame) -> Seq[str]:
        """Roles who must act on this frame now; empty for an automatic frame."""
        return ()

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        """Legal actions of ``role`` on this frame."""
        return []

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        """Carry out a legal action (already checked against :meth:`legal`)."""
        raise NotImplementedError(f"{self.kind} takes no actions")

    def run(self, st: State, frame: Frame) -> None:
        """Do the work of an automatic frame; must push or pop (or change the frame)."""
        raise NotImplementedError(f"{self.kind} is not automatic")

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        """What the game waits for, in a player's words."""
        return ""

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why ``action`` is not legal now (reason, rule case)."""
        return "that is not one of the actions the rules allow now", self.case

    def title(self, st: State, frame: Frame) -> str:
        """Name of this step of play as a player would say it."""
        return self.kind.replace("_", " ")


def frame_of(step: str | Frame) -> Frame:
    """A new frame for a step of play given as its kind or as a whole frame (copied)."""
    return {"kind": step} if isinstance(step, str) else dict(step)


class Sequence(Handler):
    """A frame that runs its children in order, then pops.

    ``children`` lists child kinds (or whole child frames), or is a function
    of (state, frame) giving them.  Each child frame inherits ``inherit`` keys from its parent.
    ``on_enter``/``on_exit`` run once before the first child and after the last.
    """

    def __init__(
        self,
        kind: str,
        children: Seq[str | Frame] | Callable[[State, Frame], Seq[str | Frame]],
        inherit: Seq[str] = (),
        on_enter: Callable[[State, Frame], None] | None = None,
        on_exit: Callable[[State, Frame], None] | None = None,
        case: str | None = None,
        title: str = "",
    ) -> None:
        self.kind = kind
        self._children = children
        self._inherit = tuple(inherit)
        self._on_enter = on_enter
        self._on_exit = on_exit
        self.case = case
        self._title = title

    def children(self, st: State, frame: Frame) -> Seq[str | Frame]:
        if callable(self._children):
            return self._children(st, frame)
        return self._children

    def run(self, st: State, frame: Frame) -> None:
        i = frame.get("i", 0)
        if i == 0 and self._on_enter is not None and not frame.get("entered"):
            frame["entered"] = True
            self._on_enter(st, frame)
            if st.top() is not frame:
                return  # on_enter pushed something (or ended the game)
        kids = self.children(st, frame)
        if i < len(kids):
            frame["i"] = i + 1
            kid = kids[i]
            child = frame_of(kid)
            for key in self._inherit:
                if key in frame:
                    child[key] = frame[key]
            st.push(child)
            return
        st.pop()
        if self._on_exit is not None:
            self._on_exit(st, frame)

    def title(self, st: State, frame: Frame) -> str:
        return self._title or super().title(st, frame)
