"""Dots, a tiny third game that proves the registry: no layer above the engines may ask which
game it holds, so a game the kit never heard of runs through the board, the widget, the
scenario loader, the diagrams and ``verify`` by registering its parts (``register()``).

Two sides (White, then Black) place a dot each turn on an empty cell of a 19-cell hexagon
(D1), never next to a dot of their own (D2); whoever cannot place loses (D3).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Self

from hive_teach.board.clicks import Clicks
from hive_teach.board.controller import BoardController
from hive_teach.core.checked import NOTHING, Checked
from hive_teach.core.game import Outcome, Termination
from hive_teach.core.hexgrid import Cell, cell_name, hexagon, neighbours, parse_cell, to_pixel
from hive_teach.core.registry import GameParts, register, unregister
from hive_teach.core.scene import DrawnBoard, Painter, Scene, circle, cross, hex_path
from hive_teach.core.tomlfile import Reader
from hive_teach.teach.base import Finding, Scenario

BOARD = frozenset(hexagon(2))
_LABELS = {"legal_label": "Open cells:", "action_label": "Dot:", "cell_label": "Cell:"}
"""The widget's words for a game with one menu that the kit's own words lack."""
_WORDS = {"D1": "{cell} is not an empty cell of the board", "D2": "{cell} touches your own dot"}


@dataclass(frozen=True)
class Why:
    """Why a dot may not go on ``cell``."""

    rule: str
    cell: Cell
    kind: str = "rule"
    cells: tuple[Cell, ...] = ()

    def text(self, lang: str = "en") -> str:
        return f"{_WORDS[self.rule].format(cell=cell_name(self.cell))} ({self.rule})."


class IllegalDot(ValueError):
    def __init__(self, why: Why) -> None:
        super().__init__(why.text())
        self.rule = why.rule


@dataclass
class DotGame:
    """The game: the dots placed so far, in order (a move is the cell it fills)."""

    move_stack: list[Cell] = field(default_factory=list)

    @property
    def turn(self) -> int:
        return len(self.move_stack) % 2

    @property
    def ply(self) -> int:
        return len(self.move_stack)

    def explain(self, move: Cell) -> Why | None:
        if move not in BOARD or move in self.move_stack:
            return Why("D1", move)
        own = self.move_stack[self.turn::2]
        near = tuple(c for c in neighbours(move) if c in own)
        return Why("D2", move, cells=near) if near else None

    def legal_moves(self) -> list[Cell]:
        return [c for c in sorted(BOARD) if self.explain(c) is None]

    def is_legal(self, move: Cell) -> bool:
        return self.explain(move) is None

    def parse_move(self, text: str) -> Cell:
        move = parse_cell(text)
        why = self.explain(move)
        if why is not None:
            raise IllegalDot(why)
        return move

    def move_text(self, move: Cell) -> str:
        return cell_name(move)

    def play(self, move: Cell | str) -> None:
        move = self.parse_move(move) if isinstance(move, str) else move
        why = self.explain(move)
        if why is not None:
            raise IllegalDot(why)
        self.move_stack.append(move)

    def push(self, move: Cell) -> None:
        self.move_stack.append(move)

    def undo(self) -> Cell:
        return self.move_stack.pop()

    def peek(self) -> Cell:
        return self.move_stack[-1]

    def outcome(self) -> Outcome | None:
        return None if self.legal_moves() else Outcome(Termination.BOARD_FULL, "D3",
                                                       1 - self.turn)

    def to_text(self) -> str:
        return ";".join(["dots", *map(cell_name, self.move_stack)])

    @classmethod
    def from_text(cls, text: str) -> DotGame:
        game = cls()
        for move in text.split(";")[1:]:
            game.play(move)
        return game

    def copy(self) -> DotGame:
        return DotGame(list(self.move_stack))


@dataclass(frozen=True)
class DotMarks:
    forbidden: dict[Cell, str] = field(default_factory=dict)
    checked: Checked = NOTHING
    coords: bool = False
    lang: str = "en"
    title: str | None = None


def with_fields(marks: DotMarks | None, **fields: Any) -> DotMarks:
    return replace(marks or DotMarks(), **fields)


def paint(game: DotGame, marks: DotMarks) -> Scene:
    """Each cell a hexagon, each dot a circle, each forbidden cell a cross."""
    board, p = DrawnBoard(), Painter()
    for c in sorted(BOARD):
        x, y = board.centres[c] = to_pixel(c)
        p.shape(hex_path(x, y, 0.55), 0, stroke="#888888", width=0.03)
    for i, c in enumerate(game.move_stack):
        board.stacks[c] = (("white", "black")[i % 2],)
        p.shape(circle(*board.centres[c], 0.3), 1, fill=("#ffffff", "#222222")[i % 2],
                stroke="#222222", width=0.03)
    for c, rule in marks.forbidden.items():
        board.mark("forbidden", c, rule)
        cross(p, *to_pixel(c), 0.2)
    board.board_bounds = board.bounds = (-4.2, 4.2, -3.6, 3.6)
    return Scene(p.sorted(), board.bounds, board)


class DotClicks(Clicks):
    """All Dots needs of the board: a click on a cell places a dot there."""

    GAME = "Dots"

    def move_at(self, board: BoardController[Any], c: Cell) -> Cell:
        return c

    def move_cell(self, game: DotGame, move: Cell) -> Cell | None:
        return move if move in BOARD else None

    def kind_of(self, move: Cell) -> str:
        return "placed"

    def words(self, key: str, lang: str, **params: object) -> str:
        return _LABELS.get(key) or super().words(key, lang, **params)


@dataclass(frozen=True, kw_only=True)
class DotScenario(Scenario[DotGame, DotMarks]):
    """``[position] dots = [...]`` (in order), ``[expect] legal = [...]`` and ``illegal``."""

    GAME: ClassVar[str] = "dots"
    GAME_NAME: ClassVar[str] = "Dots"
    RULE_IDS: ClassVar[tuple[str, ...]] = ("D1", "D2", "D3")
    RULE_SPAN: ClassVar[str] = "D1-D3"
    RULE_EXAMPLE: ClassVar[str] = "D2"
    MOVE: ClassVar[str] = "move"
    KEYS: ClassVar[frozenset[str]] = frozenset({"position"})
    EXPECT_KEYS: ClassVar[frozenset[str]] = frozenset({"legal"})
    MARK_KEYS: ClassVar[frozenset[str]] = frozenset()

    dots: tuple[str, ...] = ()
    legal: tuple[str, ...] | None = None

    def game(self) -> DotGame:
        return DotGame.from_text(";".join(["dots", *self.dots]))

    def marks(self, lang: str = "en", game: DotGame | None = None, *,
              answer: bool = True) -> DotMarks:
        forbidden = {parse_cell(e.move): e.rule for e in self.illegal} if answer else {}
        return DotMarks(forbidden=forbidden, lang=lang, title=self.text("title", lang))

    def findings(self) -> list[Finding]:
        game, out = self.game(), []
        legal = {cell_name(c) for c in game.legal_moves()}
        if self.legal is not None and set(self.legal) != legal:
            out.append(Finding("expect.legal", f"legal dots: the engine says {sorted(legal)}"))
        for e in self.illegal:
            why = game.explain(parse_cell(e.move))
            if why is None or why.rule != e.rule:
                said = "legal" if why is None else why.rule
                out.append(Finding("expect.illegal", f"{e.move}: the engine says {said}"))
        return out

    def engine_answer(self) -> str:
        return " ".join(cell_name(c) for c in self.game().legal_moves())

    def map_labels(self, game: DotGame, focus: str) -> dict[Cell, str]:
        return {c: "." if c not in game.move_stack else "wb"[game.move_stack.index(c) % 2]
                for c in BOARD}

    @classmethod
    def _read_game(cls, r: Reader, common: dict[str, Any], expect: dict[str, Any]) -> Self:
        dots = tuple(r.text_list(r.table(r.data, "position"), "dots", "position"))
        legal = tuple(r.text_list(expect, "legal", "expect")) if "legal" in expect else None
        return cls(**common, dots=dots, legal=legal)


PARTS = GameParts(
    name="dots", game=f"{__name__}:DotGame", clicks=f"{__name__}:DotClicks",
    marks=f"{__name__}:DotMarks", with_fields=f"{__name__}:with_fields",
    painter=f"{__name__}:paint", scenario=f"{__name__}:DotScenario", text_prefix="dots",
)


def registered() -> GameParts:
    """Register Dots (the tests' fixture undoes it with :func:`forget`)."""
    return register(PARTS)


def forget() -> None:
    unregister(PARTS.name)
