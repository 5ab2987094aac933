"""The logic behind the interactive board, for every game, free of widgets so tests drive it
without a browser.

One :class:`BoardController` serves Hive and Rive. It holds a game (anything that implements
:class:`hive_teach.core.game.Game`), the mode, what the learner has selected or marked, and
the history of what happened; its actions (:meth:`~BoardController.click`,
:meth:`~BoardController.select`, :meth:`~BoardController.play`, :meth:`~BoardController.undo`,
...) return a :class:`Feedback` and never raise for learner input: a bad click is reported,
and the game stays as it was. What a click means in a game (select a piece and then a cell in
Hive; place or remove a stone in Rive), the words it uses and the marks it draws come from the
game's click model (:mod:`hive_teach.board.hive_clicks`, :mod:`hive_teach.board.rive_clicks`),
which the game registers (:mod:`hive_teach.core.registry`); the controller never asks which
game it holds. The widget in :mod:`hive_teach.board.widget` only forwards clicks here and
draws :meth:`~BoardController.marks`.

Modes: ``free`` (both sides at one board), ``engine`` (the learner plays ``human``, the engine
answers), ``reach`` or ``mark`` (an exercise: mark every cell a piece can reach, in Hive with
``piece``, or every legal cell, in Rive; then :meth:`~BoardController.check`) and ``find`` (an
exercise: find a move that does ``goal``; ``accept`` says which moves do).

>>> from hive_teach.hive.position import Position
>>> board = BoardController(Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-"))
>>> board.select("wQ").kind
'selected'
>>> sorted(cell_name(c) for c in board.targets)
['-1,0', '-1,1', '0,-1']
>>> fb = board.click(parse_cell("1,-1"))
>>> fb.kind, fb.rule
('illegal', 'R3')
>>> board.click(parse_cell("-1,0")).kind
'moved'

>>> from hive_teach.rive import RiveGame
>>> board = BoardController(RiveGame.from_text("rive3;0,0"))
>>> fb = board.click("1,0")
>>> fb.kind, fb.rule
('illegal', 'V3')
>>> board.click("0,-2").kind, board.game.to_text()
('placed', 'rive3;0,0;0,-2')
>>> board.undo().kind, board.game.to_text()
('undone', 'rive3;0,0')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from hive_teach.core.checked import NOTHING, Checked
from hive_teach.core.game import Game, Why
from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.core.i18n import check_language, join_sentences, listing
from hive_teach.core.registry import parts_for, parts_named

G = TypeVar("G", bound=Game[Any, Any])
"""The game a board plays (a Hive Position, a RiveGame)."""

MODES = ("free", "engine", "reach", "mark", "find")
"""The board's modes; ``reach`` (Hive's name) and ``mark`` (Rive's) are the same exercise."""

Engine = Callable[[Any], Any]
"""An engine player: given the game (not over, its turn), the move it plays."""


@dataclass(frozen=True)
class Feedback:
    """What one learner action did.

    ``kind`` is one of ``selected``, ``moved`` (Hive), ``placed`` or ``removed`` (Rive),
    ``illegal`` (the rules forbid it: ``rule`` and ``explanation`` say why), ``info``,
    ``error`` (bad input, e.g. a click outside the board; nothing changed), ``marked``,
    ``checked``, ``solved``, ``undone`` and ``reset``. ``message`` is in the board's language.
    ``move`` is the learner's move, ``replies`` the engine's moves after it; ``correct`` is set
    by the exercises. ``details`` are further sentences the board may show under the
    message (after Check: the missed cells, and why each wrong mark is wrong). ``lang`` is the
    language of the texts (the board sets it).
    """

    kind: str
    message: str
    rule: str | None = None
    explanation: Any = None
    move: Any = None
    replies: tuple[Any, ...] = ()
    correct: bool | None = None
    details: tuple[str, ...] = ()
    lang: str = "en"

    @property
    def action(self) -> Any:
        """Rive's name for :attr:`move` (a Rive move is an action)."""
        return self.move

    @property
    def full_text(self) -> str:
        """The message and its details, for a page with room for one text (joined as the
        message's language joins sentences: no space after a Chinese full stop)."""
        return join_sentences((self.message, *self.details), self.lang)


@dataclass(frozen=True)
class View:
    """What the board shows now, as data (cells are ints from :mod:`hive_teach.core.hexgrid`).

    ``targets``: where the selected piece may go (Hive), or the cells of the legal actions
    (Rive: empty cells to place on, or the stones that may be removed when ``removing``);
    ``marked``: the learner's marks in a ``reach``/``mark`` exercise; ``forbidden``: the cell of
    the last rejected move with its rule id; ``cause_cells`` and ``cause_kind``: what its
    explanation names; ``last_move``: where the last move came from and went (Hive);
    ``checked``: the learner's marks, and after Check the correct, missed and wrong cells.
    """

    selected: Any = None
    targets: frozenset[Cell] = frozenset()
    removing: bool = False
    marked: frozenset[Cell] = frozenset()
    forbidden: dict[Cell, str] = field(default_factory=dict)
    cause_cells: tuple[Cell, ...] = ()
    cause_kind: str = ""
    last_move: tuple[Cell | None, Cell] | None = None
    message: str = ""
    checked: Checked = NOTHING

    @property
    def legal(self) -> frozenset[Cell]:
        """Rive's name for :attr:`targets`."""
        return self.targets

    @property
    def cause(self) -> tuple[Cell, ...]:
        """Rive's name for :attr:`cause_cells`."""
        return self.cause_cells


class ClickModel(Protocol[G]):
    """What one game brings to the board: what a click means, its words and its marks.

    :class:`~hive_teach.board.clicks.Clicks` implements it from the game protocol;
    :class:`~hive_teach.board.hive_clicks.HiveClicks` and
    :class:`~hive_teach.board.rive_clicks.RiveClicks` write only what differs. The controller
    passes itself, so a model can read the selection and call back
    :meth:`BoardController.play`.
    """

    def words(self, key: str, lang: str, **params: object) -> str:
        """The board's message ``key`` in ``lang``."""
        ...

    def side(self, value: Any) -> Any:
        """A side of the game from a colour or its name (``"white"``, ``"Weiß"``, ...)."""
        ...

    def default_human(self) -> Any:
        """The side the learner plays against the engine unless told."""
        ...

    def default_engine(self, seed: int) -> Engine:
        """The engine player used unless one is given."""
        ...

    def exercise_piece(self, game: G, piece: Any, mode: str) -> Any:
        """The piece a ``reach`` exercise is about (``None`` where the game has none)."""
        ...

    def turn_prompt(self, board: BoardController[G]) -> str:
        """Whose turn it is and what they do (the game is not over)."""
        ...

    def mark_prompt(self, board: BoardController[G]) -> str:
        """The task of the mark-every-cell exercise."""
        ...

    def result(self, game: G, lang: str) -> str:
        """Who won, for a game that is over."""
        ...

    def select(self, board: BoardController[G], what: Any) -> Feedback:
        """Select a piece (Hive); a game without selection treats it as a click."""
        ...

    def click(self, board: BoardController[G], c: Cell) -> Feedback:
        """A click on the board cell ``c`` outside the exercise of marking cells."""
        ...

    def parse(self, board: BoardController[G], text: str) -> Feedback | Any:
        """A typed move: the move, or the feedback when the text is refused."""
        ...

    def apply(self, board: BoardController[G], move: Any) -> str:
        """Play a legal ``move`` and say what it did."""
        ...

    def say_move(self, game: G, move: Any, lang: str) -> str:
        """``move`` (legal, before it is played) as the messages name it: in words first
        where the game has them (Hive), with the notation as a tag."""
        ...

    def kind_of(self, move: Any) -> str:
        """The feedback kind of a played move (``moved``, ``placed``, ``removed``)."""
        ...

    def pass_move(self, game: G) -> Any:
        """The pass, when the rules say the side to move must pass (Hive's R18); else
        ``None``."""
        ...

    def is_on_board(self, game: G, c: Cell) -> bool:
        """Whether a click on ``c`` is on the board at all."""
        ...

    def truth(self, board: BoardController[G]) -> frozenset[Cell]:
        """The cells the mark-every-cell exercise asks for."""
        ...

    def mark_move(self, board: BoardController[G], c: Cell) -> Any:
        """The move a wrong mark on ``c`` stands for (to explain why it is wrong)."""
        ...

    def in_order(self, board: BoardController[G], cells: Collection[Cell]) -> list[Cell]:
        """``cells`` in the order the game lists them."""
        ...

    def join(self, names: list[str], lang: str) -> str:
        """Cell names joined into one list, as the game writes lists."""
        ...

    def targets(self, board: BoardController[G]) -> frozenset[Cell]:
        """The highlighted cells of :meth:`BoardController.view`."""
        ...

    def removing(self, game: G) -> bool:
        """Whether the legal moves are removals (Rive, during a capture)."""
        ...

    def move_cell(self, game: G, move: Any) -> Cell | None:
        """The board cell a (rejected) move is about, if it has one on the board."""
        ...

    def last_move(self, game: G) -> tuple[Cell | None, Cell] | None:
        """Where the last move came from and went (``None`` where not drawn)."""
        ...

    def marks(self, board: BoardController[G], view: View, title: str | None) -> Any:
        """The diagram marks for ``view``."""
        ...

    def highlight_text(self, board: BoardController[G]) -> str:
        """The highlighted cells or moves as text (the line under the board)."""
        ...

    def canvas_ratio(self, board: BoardController[G]) -> float:
        """The canvas's height over its width."""
        ...

    def choices(self, board: BoardController[G]) -> list[tuple[str, Any]]:
        """The labelled first menu of the no-canvas path (pieces, or actions)."""
        ...

    def second_choices(self, board: BoardController[G]) -> list[tuple[str, Cell]] | None:
        """The labelled second menu (cells for the selected piece), or ``None`` if the game
        needs only one."""
        ...


def click_model_for(game: object) -> ClickModel[Any]:
    """A new click model of ``game``'s game, as the game registered it.

    >>> click_model_for("wQ")
    Traceback (most recent call last):
    ...
    TypeError: a board plays a game the kit knows, not str: str is not a game the kit knows \
("hive" or "rive")
    """
    try:
        parts = parts_for(game)
    except TypeError as e:
        raise TypeError(f"a board plays a game the kit knows, not {type(game).__name__}: {e}"
                        ) from None
    model: ClickModel[Any] = parts.part("clicks")()
    return model


class BoardController(Generic[G]):
    """State and rules of one interactive board (see the module docstring).

    ``human`` is the learner's side against the engine (default: the side that moves first);
    ``engine`` the engine player (default: the game's simple player, seeded with ``seed``);
    ``piece`` the piece of a Hive ``reach`` exercise; ``goal`` the task of a ``find`` exercise
    and ``accept`` the moves that solve it (their texts, or a test ``accept(game, move)``);
    ``lang`` ``en``, ``de`` or ``zh``; ``coach`` (Hive, free and engine mode) adds the
    coach's sentence to the feedback of each learner move and a reason to each engine move,
    and draws the move it names (:mod:`hive_teach.board.coaching`).
    """

    def __init__(
        self,
        game: G,
        *,
        mode: str = "free",
        human: Any = None,
        piece: Any = None,
        goal: str = "",
        accept: Collection[str] | Callable[[Any, Any], bool] | None = None,
        engine: Engine | None = None,
        seed: int = 0,
        lang: str = "en",
        coach: bool = False,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
        if mode == "find" and accept is None:
            raise ValueError("find mode needs accept: the moves that solve the exercise")
        self.rules: ClickModel[G] = click_model_for(game)
        self.coach = _coach_for(game, mode) if coach else None
        self.lang = check_language(lang)
        self.mode = mode
        self.start: G = game.copy()  # type: ignore[assignment]  # copy() keeps the type
        self.game: G = game
        self.human = self.rules.default_human() if human is None else self.rules.side(human)
        self.exercise_piece = self.rules.exercise_piece(game, piece, mode)
        self.goal = goal
        self._accept = _acceptor(game, accept)
        self.engine: Engine = engine or self.rules.default_engine(seed)
        self.selected: Any = None
        self.targets: frozenset[Cell] = frozenset()
        # A find exercise asks: the targets stay hidden until it is solved or the learner
        # asks for them as the last hint (reveal_targets).
        self.revealed = mode != "find"
        self.marked: set[Cell] = set()
        # The result of the last Check, until the marks change.
        self.checked: Checked | None = None
        # The wrong Checks so far (the answer is offered after the second), and whether the
        # learner asked to see it (then the missed cells are drawn).
        self.tries = 0
        self.answer_shown = False
        # Whether the answer was shown since the board's start: an exercise then solved
        # does not count as solved by the learner (the contents page's ✓).
        self.helped = False
        self.history: list[Feedback] = []
        # The ply before each of the learner's moves, so that undo takes back the engine's
        # answers together with the learner's move before them.
        self._checkpoints: list[int] = []
        replies, texts = self._engine_turn()
        self.last = Feedback("info", self._with_replies(self.prompt(), texts), replies=replies,
                             lang=self.lang)

    @property
    def position(self) -> G:
        """Hive's name for :attr:`game` (a Hive game is a position)."""
        return self.game

    @property
    def asks(self) -> bool:
        """Whether the board hides where the selected piece may go: a ``find`` exercise
        before it is solved and before :meth:`reveal_targets`.

        >>> from hive_teach.hive.position import Position
        >>> board = BoardController(Position.from_text(
        ...     "Base;InProgress;White[2];wS1;bS1 wS1-"), mode="find", accept=["wQ -wS1"])
        >>> board.select("wQ").kind, board.view().targets, board.asks
        ('selected', frozenset(), True)
        >>> board.reveal_targets().kind, len(board.view().targets), board.asks
        ('info', 3, False)
        """
        return not self.revealed

    def reveal_targets(self) -> Feedback:
        """The last hint of a ``find`` exercise: from now on a selected piece lights where it
        may go, as on a free board."""
        self.revealed = True
        return self.done(Feedback("info", self.t("targets_shown")))

    @property
    def marking(self) -> bool:
        """Whether this board is the exercise of marking cells (``reach`` or ``mark``)."""
        return self.mode in ("reach", "mark")

    # ------------------------------------------------------------------ text
    def t(self, key: str, **params: object) -> str:
        """The message ``key`` in the board's language and game."""
        return self.rules.words(key, self.lang, **params)

    def prompt(self) -> str:
        """The standing instruction: the exercise's task, or whose turn it is."""
        if self.marking:
            return self.rules.mark_prompt(self)
        if self.mode == "find" and self.goal:
            return self.goal
        if self.game.outcome() is not None:
            return self.t("game_over", result=self.result())
        return self.rules.turn_prompt(self)

    def result(self) -> str:
        """Who won (for a game that is over), in the board's language."""
        return self.rules.result(self.game, self.lang)

    def set_language(self, lang: str) -> Feedback:
        """Switch all text the board shows to ``en``, ``de`` or ``zh``."""
        try:
            self.lang = check_language(lang)
        except ValueError as e:
            return self.done(Feedback("error", str(e)))
        return self.done(Feedback("info", self.prompt()))

    def done(self, fb: Feedback) -> Feedback:
        """Record ``fb`` (in the board's language) as what the learner's last action did, and
        return it."""
        if fb.lang != self.lang:
            fb = replace(fb, lang=self.lang)
        self.last = fb
        self.history.append(fb)
        return fb

    def explained(self, why: Why, move: Any = None) -> Feedback:
        """The feedback for a move (or a piece) the rules forbid, with the reason."""
        return self.done(Feedback("illegal", why.text(self.lang), str(why.rule), why, move))

    # ------------------------------------------------------------------ actions
    def select(self, what: Any) -> Feedback:
        """Select a piece (Hive: by name or object, on the board or in hand, or a cell's top
        piece); in a game without selection, the same as clicking the cell."""
        if self.marking:
            return self.click(what if isinstance(what, int) else None)
        return self.rules.select(self, what)

    @property
    def can_pass(self) -> bool:
        """Whether the side to move must pass now (Hive: no move at all, R18), so the board
        offers its Pass control (never in an exercise of marking cells)."""
        if self.marking or (self.mode == "engine" and self.game.turn != self.human):
            return False
        return self.rules.pass_move(self.game) is not None

    def pass_turn(self) -> Feedback:
        """The Pass control: play the pass when the rules say so (R18), else say why not.

        >>> from hive_teach.hive.position import Position
        >>> board = BoardController(Position("Base"))
        >>> board.can_pass, board.pass_turn().message
        (False, 'There is still a move to make, so you may not pass. (R18)')
        """
        move = self.rules.pass_move(self.game)
        if move is None or not self.can_pass:
            return self.done(Feedback("info", self.t("no_pass"), rule="R18"))
        return self.play(move)

    def click_piece(self, name: str) -> Feedback:
        """A click on a piece beside the board (Hive's pieces in hand): selects it, and a
        second click lets it go again, as on the board."""
        if self.selected is not None and _name(self.selected) == name and not self.marking:
            deselect = getattr(self.rules, "deselect", None)  # a game's own words for it
            if callable(deselect):
                fb: Feedback = deselect(self)
                return fb
            self.selected, self.targets = None, frozenset()
            return self.done(Feedback("info", self.t("deselected", piece=name)))
        return self.select(name)

    def click(self, c: Cell | str | None) -> Feedback:
        """A click on a cell (``None`` for a click outside the board); a click on the
        selected piece lets it go."""
        if isinstance(c, str):
            try:
                c = parse_cell(c)
            except ValueError as e:
                return self.done(Feedback("error", str(e)))
        if c is None or not self.rules.is_on_board(self.game, c):
            return self.done(Feedback("error", self.t("outside")))
        if self.marking:
            return self._toggle(c)
        return self.rules.click(self, c)

    def play_text(self, text: str) -> Feedback:
        """Play a move typed in the game's notation (the keyboard path)."""
        parsed = self.rules.parse(self, text)
        return parsed if isinstance(parsed, Feedback) else self.play(parsed)

    def play_chosen(self, choice: Any, cell: Cell | None = None) -> Feedback:
        """The Play button of the menus: ``choice`` from the first menu (a piece, or an
        action), ``cell`` from the second (Hive). With nothing chosen it says what to choose.

        >>> from hive_teach.hive.position import Position
        >>> board = BoardController(Position("Base"))
        >>> board.play_chosen(None).message
        'Choose a piece first: click it, or pick it in the list.'
        >>> board.play_chosen("wQ").message
        'Now choose the cell wQ should go to.'
        >>> board.play_chosen("wQ", parse_cell("0,0")).kind
        'moved'
        """
        if self.second_choices() is None:  # one menu: the actions (Rive)
            if choice is None:
                return self.done(Feedback("info", self.t("choose_action")))
            return self.play(choice)
        if self.marking:
            piece = self.exercise_piece
        else:
            if choice is not None and _name(choice) != _name(self.selected):
                fb = self.select(choice)
                if fb.kind != "selected":
                    return fb
            if self.selected is None:
                return self.done(Feedback("info", self.t("choose_piece")))
            piece = self.selected
        if cell is None:
            return self.done(Feedback("info", self.t("choose_cell", piece=_name(piece))))
        return self.click(cell)

    def play(self, move: Any) -> Feedback:
        """Play ``move`` for the side to move, if the rules allow it (else explain why not)."""
        game = self.game
        if self.marking:
            c = self.rules.move_cell(game, move)
            return self._toggle(c) if c is not None else self.done(
                Feedback("error", self.t("outside")))
        if self.mode == "engine" and game.turn != self.human and game.outcome() is None:
            return self.done(Feedback("info", self.t("wait")))
        why = game.explain(move)
        if why is not None:
            return self.explained(why, move)
        return self._play(move)

    def _play(self, move: Any) -> Feedback:
        """Play a legal ``move``: check a ``find`` exercise, play it, let the engine answer
        (a board with its own exercise, such as a puzzle, overrides this)."""
        game = self.game
        text = self.rules.say_move(game, move, self.lang)
        if self.mode == "find" and not self._accept(game, move):
            # Answered by what the move fails to do: the exercise's goal.
            key = "legal_not_goal" if self.goal else "legal_not_answer"
            return self.done(Feedback("checked", self.t(key, move=text, action=text,
                                                        goal=self.goal),
                                      move=move, correct=False))
        self._checkpoints.append(game.ply)
        if self.coach is not None:
            self.coach.judge(self, move)
        message = self.rules.apply(self, move)
        self.selected, self.targets = None, frozenset()
        replies, texts = self._engine_turn()
        if self.mode == "find":
            self.revealed = True
            return self.done(Feedback("solved", self.t("solved", move=text, action=text),
                                      move=move, correct=True))
        if self.coach is not None:  # its word on the move, before the engine's answer
            message = join_sentences((message, self.coach.verdict_text(self.lang)), self.lang)
        message = self._with_replies(message, texts)
        if self.coach is not None and self.coach.reasons:
            message = join_sentences((message, self.coach.reasons_text(self.lang)), self.lang)
        if game.outcome() is not None:
            message = join_sentences((message, self.t("game_over", result=self.result())),
                                     self.lang)
        fb = Feedback(self.rules.kind_of(move), message, move=move, replies=replies)
        return self.done(self.coach.shown(fb) if self.coach is not None else fb)

    def _engine_turn(self) -> tuple[tuple[Any, ...], list[str]]:
        """In engine mode, let the engine play until it is the learner's turn again."""
        game = self.game
        played: list[Any] = []
        texts: list[str] = []
        while self.mode == "engine" and game.outcome() is None and game.turn != self.human:
            move = self.engine(game)
            if self.coach is not None:
                self.coach.engine_move(self, move)
            texts.append(self.rules.say_move(game, move, self.lang))
            game.play(move)
            played.append(move)
        return tuple(played), texts

    def _with_replies(self, message: str, texts: Sequence[str]) -> str:
        if not texts:
            return message
        joined = listing(list(texts), self.lang)
        return join_sentences((message, self.t("engine_played", move=joined, actions=joined)),
                              self.lang)

    # ------------------------------------------------------------------ exercises
    def _toggle(self, c: Cell) -> Feedback:
        self.checked = None
        self.answer_shown = False
        if c in self.marked:
            self.marked.discard(c)
            return self.done(Feedback("marked", self.t("unmarked", cell=cell_name(c))))
        self.marked.add(c)
        return self.done(Feedback("marked", self.t("marked", cell=cell_name(c))))

    def check(self) -> Feedback:
        """The mark-every-cell exercise: compare the marked cells with the right ones, and say
        why each wrong mark is wrong."""
        if not self.marking:
            return self.done(Feedback("error", self.t("not_an_exercise")))
        rules = self.rules
        truth = rules.truth(self)
        reasons = {c: self.game.explain(rules.mark_move(self, c))
                   for c in rules.in_order(self, self.marked - truth)}
        def rule_of(c: Cell) -> str:
            why = reasons[c]
            return "?" if why is None else str(why.rule)

        self.checked = Checked.compare(self.marked, truth, rule_of)
        if self.checked.solved or (not truth and not self.marked):
            self.answer_shown = False
            key = "all_found_helped" if self.helped else "all_found"
            return self.done(Feedback("checked", self.t(key, n=len(truth)), correct=True))
        # A retry is not copying: the counts and the rule of each wrong mark, never which
        # cells are missed (show_answer gives them, after a second try).
        self.tries += 1
        self.answer_shown = False
        checked = self.checked
        message = self.t("check_counts", found=len(checked.correct), missed=len(checked.missed),
                         wrong=len(checked.wrong), n=len(truth))
        details = [self.t("wrong", cell=cell_name(c), why=why.text(self.lang) if why else "?")
                   for c, why in reasons.items()]
        if self.can_show_answer:
            details.append(self.t("answer_offer"))
        return self.done(Feedback("checked", message, correct=False, details=tuple(details)))

    @property
    def can_show_answer(self) -> bool:
        """Whether the mark-every-cell exercise offers its answer: after a second wrong Check."""
        return self.marking and self.tries >= 2

    def show_answer(self) -> Feedback:
        """The full answer of the mark-every-cell exercise, on request after a second try:
        the missed cells named and drawn (dashed), the wrong ones crossed.

        >>> from hive_teach.hive.position import Position
        >>> board = BoardController(Position.from_text(
        ...     "Base;InProgress;White[2];wS1;bS1 wS1-"), mode="reach", piece="wQ")
        >>> board.check().message
        'You marked 0 right cells; 3 are still missing and 0 are wrong.'
        >>> board.show_answer().message
        'The answer comes after your second try: change your marks and press Check again.'
        >>> _ = board.check(); print(board.show_answer().full_text)
        The answer: the dashed cells. Missed: -1,0; -1,1; 0,-1.
        """
        if not self.can_show_answer or self.checked is None:
            key = "not_an_exercise" if not self.marking else "answer_later"
            return self.done(Feedback("info" if self.marking else "error", self.t(key)))
        self.answer_shown = True
        self.helped = True
        rules = self.rules
        missed = rules.in_order(self, self.checked.missed)
        details = [self.t("missed", cells=rules.join([cell_name(c) for c in missed],
                                                      self.lang))] if missed else []
        return self.done(Feedback("checked", self.t("answer_shown"), correct=False,
                                  details=tuple(details)))

    # ------------------------------------------------------------------ undo and reset
    def undo(self) -> Feedback:
        """Take back the learner's last move (and the engine's answer to it); in an exercise
        of marking cells, clear the marks."""
        game = self.game
        if self.marking:
            self.marked.clear()
            self.checked = None
            self.answer_shown = False
            return self.done(Feedback("reset", self.t("reset_marks")))
        if not self._checkpoints and self.mode == "engine":
            return self.done(Feedback("info", self.t("nothing_to_undo")))
        if self.coach is not None:
            self.coach.forget()
        target = self._checkpoints.pop() if self._checkpoints else game.ply - 1
        if target < self.start.ply:
            return self.done(Feedback("info", self.t("nothing_to_undo")))
        texts: list[str] = []
        while game.ply > target:
            move = game.undo()
            texts.insert(0, self.rules.say_move(game, move, self.lang))
        self.selected, self.targets = None, frozenset()
        joined = ", ".join(texts)
        return self.done(Feedback("undone", self.t("undone", move=joined, actions=joined)))

    def reset(self) -> Feedback:
        """Back to the board's starting game (the engine opens again if it moves first)."""
        self.game = self.start.copy()  # type: ignore[assignment]  # copy() keeps the type
        self.selected, self.targets = None, frozenset()
        self.marked.clear()
        self.checked = None
        self.answer_shown = False
        self.helped = False
        self._checkpoints.clear()
        if self.coach is not None:
            self.coach.forget()
        restart = getattr(self.engine, "reset", None)
        if callable(restart):
            restart()
        replies, texts = self._engine_turn()
        words = {"find": "reset", "reach": "reset_marks", "mark": "reset_marks"}.get(
            self.mode, "reset_game")
        return self.done(Feedback("reset", self._with_replies(self.t(words), texts),
                                  replies=replies))

    # ------------------------------------------------------------------ what to draw
    def view(self) -> View:
        """What the board shows now: selection, targets, marks, the last rejection."""
        game, rules, fb = self.game, self.rules, self.last
        forbidden: dict[Cell, str] = {}
        cause: tuple[Cell, ...] = ()
        kind = ""
        if fb.kind == "illegal" and fb.explanation is not None:
            c = rules.move_cell(game, fb.move) if fb.move is not None else None
            if c is not None:
                forbidden = {c: str(fb.explanation.rule)}
            cause = tuple(fb.explanation.cells)
            kind = str(getattr(fb.explanation, "kind", ""))
        return View(
            selected=self.selected,
            targets=frozenset() if self.asks else rules.targets(self),
            removing=rules.removing(game),
            marked=frozenset(self.marked),
            forbidden=forbidden,
            cause_cells=cause,
            cause_kind=kind,
            last_move=rules.last_move(game),
            message=fb.message,
            checked=self._checked_view() if self.marking else NOTHING,
        )

    def _checked_view(self) -> Checked:
        """The marks as drawn: after Check the right and wrong ones, the missed cells only
        once the learner asked for the answer."""
        if self.checked is None:
            return Checked(picked=frozenset(self.marked))
        if self.answer_shown:
            return self.checked
        return replace(self.checked, missed=frozenset())

    def marks(self, title: str | None = None) -> Any:
        """The diagram marks for what the board shows now (the exercises do not give the
        answer away)."""
        marks = self.rules.marks(self, self.view(), title)
        return self.coach.marks(self, marks) if self.coach is not None else marks

    def base_marks(self, title: str | None = None) -> Any:
        """The diagram marks of what follows from the game alone, with nothing selected,
        marked or rejected: the static part of a board's picture, painted once per position
        while the learner's clicks come and go over it."""
        view = self.view()
        return self.rules.marks(self, View(removing=view.removing, last_move=view.last_move),
                                title)

    def hint(self) -> Feedback:
        """The coach's hint (a board with ``coach=True``): a good move for the side to move,
        with a one-sentence reason, drawn on the board; nothing is played."""
        if self.coach is None or self.game.outcome() is not None:
            return self.done(Feedback("info", self.prompt()))
        if self.rules.pass_move(self.game) is not None:  # nothing to choose (R18)
            return self.done(Feedback("info", self.rules.turn_prompt(self), rule="R18"))
        move, said = self.coach.hint(self)
        return self.done(self.coach.shown(Feedback("info", said.text(self.lang), move=move)))

    def choices(self) -> list[tuple[str, Any]]:
        """The labelled first menu for the dropdown (no-canvas) path: the pieces the side to
        move may select (Hive), or the legal actions (Rive)."""
        return self.rules.choices(self)

    def second_choices(self) -> list[tuple[str, Cell]] | None:
        """The labelled second menu: the cells for the selected piece (Hive), or ``None``."""
        return self.rules.second_choices(self)


def _coach_for(game: Any, mode: str) -> Any:
    """The coach of a board in ``mode`` on ``game``, if its game brings one (Hive's)."""
    parts = parts_for(game)
    if not parts.has("coach") or mode not in ("free", "engine"):
        raise ValueError(f"the coach plays along in free or engine mode of a game that has one "
                         f"(Hive), not in {type(game).__name__} {mode} mode")
    return parts.part("coach")()


def _name(piece: Any) -> str | None:
    """A piece's name (``"wQ"``) whether given as a piece or as its name."""
    return None if piece is None else str(getattr(piece, "name", piece))


def _acceptor(
    game: Game[Any, Any], accept: Collection[str] | Callable[[Any, Any], bool] | None
) -> Callable[[Any, Any], bool]:
    if accept is None:
        return lambda _game, _move: True
    if callable(accept):
        return accept
    wanted = {game.parse_move(text) for text in accept}
    return lambda _game, move: move in wanted


def RiveController(game: Any = None, *, side: int = 5, **options: Any) -> BoardController[Any]:
    """A board on a Rive game (default: an empty board of ``side``); the options are
    :class:`BoardController`'s."""
    return BoardController(game if game is not None else parts_named("rive").part("game")(side),
                           **options)


__all__ = ["MODES", "BoardController", "ClickModel", "Feedback", "RiveController", "View",
           "click_model_for"]
