"""The logic behind the interactive Rive board, free of widgets: tests drive it without a browser.

A :class:`RiveController` holds a game and what the learner has marked. A click on a cell
places a stone there, or, while a capture is pending (V5), removes the stone there; an illegal
click is explained with its rule id (V1-V7) in English, German or Chinese, and changes
nothing. Every action returns a :class:`Feedback` and never raises for learner input. The
widget in :mod:`hive_teach.board.rive_widget` only forwards clicks here and draws
:meth:`RiveController.marks`.

Modes: ``free`` (two players at one board), ``engine`` (the learner plays ``human``, a
:class:`SimplePlayer` answers), ``mark`` (an exercise: mark every legal cell, then
:meth:`~RiveController.check`) and ``find`` (an exercise: play an action from ``accept``).

>>> from hive_teach.rive import RiveGame
>>> board = RiveController(RiveGame.from_text("rive3;0,0"))
>>> fb = board.click("1,0")
>>> fb.kind, fb.rule
('illegal', 'V3')
>>> board.click("0,-2").kind, board.game.to_text()
('placed', 'rive3;0,0;0,-2')
>>> board.undo().kind, board.game.to_text()
('undone', 'rive3;0,0')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.rive.engine import RiveGame
from hive_teach.rive.explain import explain
from hive_teach.rive.i18n import check_language, result_text, side_name, stones, t
from hive_teach.rive.paint import RiveMarks
from hive_teach.rive.rules import Action, Colour, Explanation, InvalidActionError, is_on_board

MODES = ("free", "engine", "mark", "find")

Player = Callable[[RiveGame], Action]
"""An engine player: given the game, the action it takes (legal, the game not over)."""


@dataclass(frozen=True)
class Feedback:
    """What one learner action did.

    ``kind`` is one of ``placed``, ``removed``, ``illegal`` (the rules forbid it: ``rule`` and
    ``explanation`` say why), ``error`` (bad input, e.g. a click outside the board), ``info``,
    ``marked``, ``checked``, ``solved``, ``undone`` and ``reset``. ``message`` is in the
    board's language. ``action`` is the learner's action, ``replies`` the engine's actions
    after it; ``correct`` is set by the exercises.
    """

    kind: str
    message: str
    rule: str | None = None
    explanation: Explanation | None = None
    action: Action | None = None
    replies: tuple[Action, ...] = ()
    correct: bool | None = None


@dataclass(frozen=True)
class RiveView:
    """What the board shows now, as data.

    ``legal``: the cells of the legal actions (empty cells to place on, or the stones that
    may be removed when ``removing``); ``marked``: the learner's marks in a ``mark``
    exercise; ``forbidden``: the cell of the last rejected click with its rule id;
    ``cause``: the cells its explanation names (where the stone may go instead, or the
    capturing group).
    """

    legal: frozenset[Cell]
    removing: bool
    marked: frozenset[Cell] = frozenset()
    forbidden: dict[Cell, str] = field(default_factory=dict)
    cause: tuple[Cell, ...] = ()
    message: str = ""


class SimplePlayer:
    """A simple engine player: captures when it can, takes the opponent's stones first, and
    otherwise plays at random; seeded, so a game against it can be replayed.

    Placements: one that joins groups (a capture) if there is one, preferring the capture
    that removes the most stones; else a random legal placement. Removals: an opponent's
    stone if one may be removed, else one of its own.

    >>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0")
    >>> player = SimplePlayer(seed=1)
    >>> action = player(game)
    >>> len({g for n in neighbours_on_board(game, action.cell) if (g := game.group_at(n))}) >= 2
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __call__(self, game: RiveGame) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is no action to take")
        if game.pending_capture is not None:
            theirs = [a for a in actions if game.stone_at(a.cell) is not game.to_move]
            return self.rng.choice(theirs or actions)
        gains = {a: _capture_gain(game, a.cell) for a in actions}
        best = max(gains.values())
        return self.rng.choice([a for a in actions if gains[a] == best])


def neighbours_on_board(game: RiveGame, c: Cell) -> list[Cell]:
    """The neighbours of ``c`` that are on the board of ``game``."""
    from hive_teach.core.hexgrid import neighbours

    return [n for n in neighbours(c) if is_on_board(n, game.side)]


def _capture_gain(game: RiveGame, c: Cell) -> int:
    """How many stones a placement on ``c`` would remove (0: it captures nothing)."""
    groups = {min(g): len(g) for n in neighbours_on_board(game, c) if (g := game.group_at(n))}
    if len(groups) < 2:
        return 0
    # The new group has all their stones and the new one; it keeps one more than the largest.
    return sum(groups.values()) - max(groups.values())


class RiveController:
    """State and rules of one interactive Rive board (see the module docstring).

    ``game`` is the starting game (default: an empty board of ``side`` 5); ``mode`` one of
    :data:`MODES`; ``human`` the learner's colour against the engine; ``engine`` the engine
    player (default :class:`SimplePlayer` with ``seed``); ``goal`` and ``accept`` (action
    texts, or a test of an action) for ``find``; ``lang`` ``en``, ``de`` or ``zh``.
    """

    def __init__(
        self,
        game: RiveGame | None = None,
        *,
        side: int = 5,
        mode: str = "free",
        human: Colour | str = Colour.BLACK,
        engine: Player | None = None,
        seed: int = 0,
        goal: str = "",
        accept: Collection[str] | Callable[[RiveGame, Action], bool] | None = None,
        lang: str = "en",
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
        if mode == "find" and accept is None:
            raise ValueError("find mode needs accept: the actions that solve the exercise")
        self.lang = check_language(lang)
        self.mode = mode
        self.start = (game or RiveGame(side)).copy()
        self.game = self.start.copy()
        self.human = _colour(human)
        self.engine: Player = engine or SimplePlayer(seed)
        self.goal = goal
        self._accept = _acceptor(self.start, accept)
        self.marked: set[Cell] = set()
        self.history: list[Feedback] = []
        # The ply before each of the learner's actions, so undo takes back whole answers of
        # the engine together with the learner's action before them.
        self._checkpoints: list[int] = []
        replies = self._engine_turn()
        self.last = Feedback("info", self._with_replies(self.prompt(), replies),
                             replies=replies)

    # ------------------------------------------------------------------ text
    def prompt(self) -> str:
        """The standing instruction: the exercise's task, or what the player to move does."""
        game, lang = self.game, self.lang
        side = side_name(game.to_move, lang)
        if self.mode == "mark":
            key = "mark_remove" if game.pending_capture is not None else "mark_place"
            return t(key, lang, side=side)
        if self.mode == "find" and self.goal:
            return self.goal
        if game.is_over():
            return t("game_over", lang, result=result_text(game, lang))
        capture = game.pending_capture
        if capture is not None:
            return t("capturing", lang, side=side, stones=stones(capture.remaining, lang))
        return t("your_turn", lang, side=side)

    def set_language(self, lang: str) -> Feedback:
        """Switch all text the board shows to ``en``, ``de`` or ``zh``."""
        try:
            self.lang = check_language(lang)
        except ValueError as e:
            return self._done(Feedback("error", str(e)))
        return self._done(Feedback("info", self.prompt()))

    def _done(self, fb: Feedback) -> Feedback:
        self.last = fb
        self.history.append(fb)
        return fb

    # ------------------------------------------------------------------ actions
    def action_for(self, c: Cell) -> Action:
        """What a click on ``c`` means now: during a capture, on a stone, its removal; else a
        placement (on an empty cell mid-capture that is explained as "remove first", V5)."""
        if self.game.pending_capture is not None and self.game.stone_at(c) is not None:
            return Action.remove(c)
        return Action.place(c)

    def click(self, c: Cell | str | None) -> Feedback:
        """A click on a cell (``None``: outside the board): place, remove, or (``mark``
        mode) toggle a mark."""
        if isinstance(c, str):
            try:
                c = parse_cell(c)
            except ValueError as e:
                return self._done(Feedback("error", str(e)))
        if c is None or not is_on_board(c, self.game.side):
            return self._done(Feedback("error", t("outside", self.lang)))
        if self.mode == "mark":
            return self._toggle(c)
        return self.play(self.action_for(c))

    def play_text(self, text: str) -> Feedback:
        """Play an action typed as in the game text: ``q,r`` places, ``xq,r`` removes."""
        try:
            action = Action.parse(text)
        except InvalidActionError as e:
            return self._done(Feedback("error", str(e)))
        return self.play(action)

    def play(self, action: Action) -> Feedback:
        """Play ``action`` for the player to move, if the rules allow it."""
        game, lang = self.game, self.lang
        if self.mode == "mark":
            return self._toggle(action.cell)
        if self.mode == "engine" and game.to_move is not self.human and not game.is_over():
            return self._done(Feedback("info", t("wait", lang)))
        why = explain(game, action)
        if why is not None:
            message = why.text(lang)
            return self._done(Feedback("illegal", message, why.rule.value, why, action))
        if self.mode == "find" and not self._accept(game, action):
            return self._done(Feedback("checked", t("legal_not_goal", lang, action=action.text),
                                       action=action, correct=False))
        self._checkpoints.append(game.ply)
        message = self._apply(action)
        replies = self._engine_turn()
        if self.mode == "find":
            return self._done(Feedback("solved", t("solved", lang, action=action.text),
                                       action=action, correct=True))
        message = self._with_replies(message, replies)
        if game.is_over():
            message += " " + t("game_over", lang, result=result_text(game, lang))
        kind = "removed" if action.is_removal else "placed"
        return self._done(Feedback(kind, message, action=action, replies=replies))

    def _apply(self, action: Action) -> str:
        """Play a legal action and say what it did."""
        game, lang = self.game, self.lang
        side = side_name(game.to_move, lang)
        name = cell_name(action.cell)
        game.play(action)
        capture = game.pending_capture
        if action.is_removal:
            message = t("removed", lang, side=side, cell=name)
            if capture is None:
                message += " " + t("capture_done", lang, side=side)
            return message
        if capture is not None:
            return t("placed_capture", lang, side=side, cell=name,
                     sizes=" + ".join(map(str, capture.joined)),
                     stones=stones(capture.remaining, lang), target=capture.target)
        return t("placed", lang, side=side, cell=name)

    def _engine_turn(self) -> tuple[Action, ...]:
        """In engine mode, let the engine act until it is the learner's turn again."""
        game = self.game
        played: list[Action] = []
        while self.mode == "engine" and not game.is_over() and game.to_move is not self.human:
            action = self.engine(game)
            game.play(action)
            played.append(action)
        return tuple(played)

    def _with_replies(self, message: str, replies: tuple[Action, ...]) -> str:
        if not replies:
            return message
        answer = t("engine_played", self.lang, actions=", ".join(a.text for a in replies))
        return f"{message} {answer}".strip()

    # ------------------------------------------------------------------ exercises
    def _toggle(self, c: Cell) -> Feedback:
        name = cell_name(c)
        if c in self.marked:
            self.marked.discard(c)
            return self._done(Feedback("marked", t("unmarked", self.lang, cell=name)))
        self.marked.add(c)
        return self._done(Feedback("marked", t("marked", self.lang, cell=name)))

    def check(self) -> Feedback:
        """``mark`` mode: compare the marked cells with the legal ones, with reasons."""
        lang = self.lang
        if self.mode != "mark":
            return self._done(Feedback("error", t("not_an_exercise", lang)))
        truth = frozenset(a.cell for a in self.game.legal_actions())
        if self.marked == truth:
            return self._done(Feedback("checked", t("all_found", lang, n=len(truth)),
                                       correct=True))
        parts = [t("found_some", lang, found=len(self.marked & truth), n=len(truth))]
        missed = self._in_board_order(truth - self.marked)
        if missed:
            parts.append(t("missed", lang, cells=", ".join(map(cell_name, missed))))
        for c in self._in_board_order(self.marked - truth):
            action = self.action_for(c)
            why = explain(self.game, action)
            reason = why.text(lang) if why else "?"
            parts.append(t("wrong", lang, cell=cell_name(c), why=reason))
        return self._done(Feedback("checked", " ".join(parts), correct=False))

    def _in_board_order(self, cells: Collection[Cell]) -> list[Cell]:
        return [c for c in self.game.cells if c in cells]

    # ------------------------------------------------------------------ undo and reset
    def undo(self) -> Feedback:
        """Take back the learner's last action (and, against the engine, its answer); in
        ``mark`` mode clear the marks."""
        game, lang = self.game, self.lang
        if self.mode == "mark":
            self.marked.clear()
            return self._done(Feedback("reset", t("reset", lang)))
        if not self._checkpoints and self.mode == "engine":
            return self._done(Feedback("info", t("nothing_to_undo", lang)))
        target = self._checkpoints.pop() if self._checkpoints else game.ply - 1
        if target < self.start.ply:
            return self._done(Feedback("info", t("nothing_to_undo", lang)))
        taken: list[Action] = []
        while game.ply > target:
            taken.append(game.undo())
        text = ", ".join(a.text for a in reversed(taken))
        return self._done(Feedback("undone", t("undone", lang, actions=text)))

    def reset(self) -> Feedback:
        """Back to the starting game (the engine opens again if it plays first)."""
        self.game = self.start.copy()
        self.marked.clear()
        self._checkpoints.clear()
        if isinstance(self.engine, SimplePlayer):
            self.engine.rng = random.Random(self.engine.seed)
        replies = self._engine_turn()
        return self._done(Feedback("reset", self._with_replies(t("reset", self.lang), replies),
                                   replies=replies))

    # ------------------------------------------------------------------ what to draw
    def view(self) -> RiveView:
        """What the board shows now: the legal actions, the marks, the last rejection."""
        game = self.game
        fb = self.last
        forbidden: dict[Cell, str] = {}
        cause: tuple[Cell, ...] = ()
        if fb.kind == "illegal" and fb.explanation is not None and fb.action is not None:
            if is_on_board(fb.action.cell, game.side):
                forbidden = {fb.action.cell: fb.explanation.rule.value}
            cause = tuple(fb.explanation.cells)
        return RiveView(
            legal=frozenset(a.cell for a in game.legal_actions()),
            removing=game.pending_capture is not None,
            marked=frozenset(self.marked),
            forbidden=forbidden,
            cause=cause,
            message=fb.message,
        )

    def marks(self, title: str | None = None) -> RiveMarks:
        """The diagram marks for what the board shows now. The exercises do not give the
        answer away: ``mark`` shows the learner's marks, ``find`` no legal cells."""
        v = self.view()
        legal: bool | frozenset[Cell] = {"mark": v.marked, "find": False}.get(self.mode, True)
        return RiveMarks(legal=legal, forbidden=v.forbidden, lang=self.lang, title=title)

    def choices(self) -> list[tuple[str, Action]]:
        """The legal actions, labelled, for the dropdown (no-canvas) path; in ``mark`` mode
        every cell that could be marked (empty cells, or the capturing group's stones)."""
        game = self.game
        remove = t("remove_suffix", self.lang)
        if self.mode == "mark":
            capture = game.pending_capture
            if capture is not None:
                cells = self._in_board_order(capture.group)
            else:
                cells = [c for c in game.cells if game.stone_at(c) is None]
            return [(cell_name(c), self.action_for(c)) for c in cells]
        return [(f"{a.text} ({remove})" if a.is_removal else a.text, a)
                for a in game.legal_actions()]


def _colour(value: Colour | str) -> Colour:
    if isinstance(value, Colour):
        return value
    text = str(value).strip().lower()
    if text in ("black", "b", "schwarz", "黑", "黑方"):
        return Colour.BLACK
    if text in ("white", "w", "weiß", "weiss", "白", "白方"):
        return Colour.WHITE
    raise ValueError(f"{value!r} is not a Rive colour: use 'black' or 'white'")


def _acceptor(
    start: RiveGame, accept: Collection[str] | Callable[[RiveGame, Action], bool] | None
) -> Callable[[RiveGame, Action], bool]:
    if accept is None:
        return lambda _game, _action: True
    if callable(accept):
        return accept
    wanted = {Action.parse(text) for text in accept}
    return lambda _game, action: action in wanted


__all__ = ["MODES", "Feedback", "RiveController", "RiveView", "SimplePlayer"]
