"""The Rive engine: a game of Rive (rules V1-V7 of RULES.md) with legal actions, play and undo.

Mark Steere's Rive on a hexhex board of side 3 to 8. An action is one placement or, during a
capture, the removal of one stone; a capture is played out removal by removal, so the game
text ``rive5;0,0;2,-1;...`` lists every step.

>>> game = RiveGame.from_text("rive3;0,0")
>>> game.turn
<Colour.WHITE: 1>
>>> game.play("1,0")
Traceback (most recent call last):
...
hive_teach.rive.rules.IllegalActionError: 1,0: 1,0 touches a stone, but some cells still touch \
no stone (like 0,-2): you must place on one of those first. (V3)
>>> [str(a) for a in game.legal_moves()][:4]
['0,-2', '1,-2', '2,-2', '-1,-1']
>>> game.play("0,-2")
>>> game.to_text()
'rive3;0,0;0,-2'

How this engine reads the rules where their wording leaves room, checked against Mark Steere's
own rules text as Board Game Arena's rules summary for Rive gives it ("If you can place a stone
in isolation, you must do so. Otherwise your stone must be placed adjacent to up to three
groups, of which the largest must be as small as possible"; removals "of either or both colors"
from the newly formed group, "in a way that does not split the group", down to "one stone
larger than the largest of the groups so merged"; "you must continue adding stones during your
turn until you make a non-capturing placement"):

- V3 is absolute: while any empty cell touches no stone, a placement anywhere else is illegal,
  even one that would touch a single small group.
- V4 compares only the largest group a cell touches: a cell joining groups of 2 and 2 ties with a
  cell touching one group of 2. "One to three groups" needs no check of its own: once no
  isolated cell is left every empty cell touches a group, and the six neighbours of a cell can
  touch at most three separate groups.
- V5: any stone of the new group may be removed, of either colour, the just-placed stone
  included; each removal must leave the group in one piece, and the capture ends by itself when
  the group has the target size (no stopping early, no removing more). The just-placed stone is
  never removable in practice: while stones remain to be removed, taking it away would always
  split the group (without it the group falls apart into the groups it joined, each smaller than
  the target), so the split test covers it and no special case is needed.
- V6: after the last removal the capturer places again; the turn passes only after a placement
  that joins no groups. Every placement joining two or three groups is a capture (the joined
  group is always bigger than the target).
- V7: the game ends on a full board with no capture pending, and the majority wins (the board
  has an odd number of cells, so there are no draws). The placement that fills the board never
  captures: every other cell holds a stone and a hexhex board less one cell is connected, so it
  touches one group. "No capture pending" is then automatic, but it is checked all the same.

Groups never split (removals keep them whole), so they are kept incrementally: a group is a set
shared by all its cells, merged on a joining placement and restored on undo.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import NamedTuple

from hive_teach.core.game import Outcome, Termination
from hive_teach.core.hexgrid import Cell, cell, components, coords
from hive_teach.rive.explain import Explanation, explain, off_board
from hive_teach.rive.moves import Action
from hive_teach.rive.notation import read_action, read_header
from hive_teach.rive.rules import (
    Colour,
    IllegalActionError,
    InvalidActionError,
    board_cells,
    board_index,
    board_neighbours,
    check_side,
    is_on_board,
)


class PendingCapture(NamedTuple):
    """A capture under way: the stones of ``group`` still to be cut down to ``target`` stones.

    ``placed`` is the stone whose placement joined the groups of sizes ``joined``;
    ``remaining`` is how many stones are still to be removed.
    """

    placed: Cell
    group: frozenset[Cell]
    joined: tuple[int, ...]
    target: int
    remaining: int


# What an action did, for undo: a placement started a new group, grew one or joined several
# (a capture); or a removal took a stone out of the capturing group.
_NEW, _GROW, _JOIN, _REMOVE = range(4)


class _Step(NamedTuple):
    action: Action
    kind: int
    colour: Colour  # of the stone placed or removed
    groups: list[set[Cell]]  # _GROW, _REMOVE: the group changed; _JOIN: the groups joined
    capture: tuple[Cell, int, tuple[int, ...]] | None  # the state before the action
    to_move: Colour


class RiveGame:
    """A game of Rive from the empty board: the position, whose turn it is and the history.

    It implements the kit's game protocol (:class:`hive_teach.core.game.Game`), named as in
    python-chess: :meth:`legal_moves`, :meth:`play`, :meth:`push`, :meth:`undo`, :meth:`peek`,
    :meth:`parse_move`, :meth:`outcome`, :meth:`from_text` and :meth:`to_text`.

    >>> game = RiveGame(side=3)
    >>> len(game.cells), game.turn, game.is_over()
    (19, <Colour.BLACK: 0>, False)
    >>> print(game)
      . . .
     . . . .
    . . . . .
     . . . .
      . . .
    """

    def __init__(self, side: int = 5) -> None:
        self.side = check_side(side)
        self._cells = board_cells(side)
        self._neighbours = board_neighbours(side)
        self._index = board_index(side)
        self._stones: dict[Cell, Colour] = {}
        self._group_of: dict[Cell, set[Cell]] = {}
        # The size of the group on each cell (0 when empty), kept for the V4 scan.
        self._size = dict.fromkeys(self._cells, 0)
        self._empty = set(self._cells)
        # How many stones touch each cell; an empty cell that none touches is isolated (V3).
        self._touching = dict.fromkeys(self._cells, 0)
        self._isolated = set(self._cells)
        self._to_move = Colour.BLACK
        # (placed cell, target size, sizes of the joined groups) while a capture is pending.
        self._capture: tuple[Cell, int, tuple[int, ...]] | None = None
        self._undo: list[_Step] = []
        self._legal: tuple[list[Action], frozenset[Action]] | None = None

    # ----------------------------------------------------------------- reading the game text

    @classmethod
    def from_text(cls, text: str) -> RiveGame:
        """Replay a game text ``rive<side>;<action>;...``.

        Raises ``ValueError`` for a bad header, and :class:`InvalidActionError` or
        :class:`IllegalActionError` naming the first bad action by its number (from 1).

        >>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0")
        >>> game.pending_capture.remaining
        1
        >>> RiveGame.from_text("rive5;0,0;0,0")
        Traceback (most recent call last):
        ...
        hive_teach.rive.rules.IllegalActionError: action 2 (0,0): There is already a stone on \
0,0: stones go on empty cells. (V1)
        """
        header, *fields = text.strip().split(";")
        game = cls(read_header(header))
        for index, field in enumerate(fields, start=1):
            try:
                game.push(game.parse_move(field))  # parse_move checked legality
            except (InvalidActionError, IllegalActionError) as err:
                raise err.at(index) from None
        return game

    def to_text(self) -> str:
        """The game text of the game so far.

        >>> RiveGame.from_text(" rive5; 0,0 ; (2, -2);x").to_text()
        Traceback (most recent call last):
        ...
        hive_teach.rive.rules.InvalidActionError: action 3 'x' is not a Rive action: it is not a \
cell: write q,r to place a stone or xq,r to remove one, e.g. 0,-1 or x2,-1
        >>> RiveGame.from_text(" rive5; 0,0 ; (2, -2)").to_text()
        'rive5;0,0;2,-2'
        """
        return ";".join([f"rive{self.side}", *(step.action.text for step in self._undo)])

    def parse_move(self, text: str) -> Action:
        """Read ``text`` as an action and check that it is legal here.

        Raises :class:`InvalidActionError` for text that is no action, and
        :class:`IllegalActionError` (with the rule and a reason) for one the rules forbid here,
        including a cell off this board.

        >>> RiveGame(side=3).parse_move("0,3")
        Traceback (most recent call last):
        ...
        hive_teach.rive.rules.IllegalActionError: 0,3: 0,3 is off the board: on this board \
every cell is at most 2 steps from the centre 0,0. (V1)
        """
        is_removal, q, r = read_action(text)
        if max(abs(q), abs(r), abs(q + r)) >= self.side:
            # Checked before building the cell: the hex grid cannot hold every number typed.
            raise IllegalActionError(text.strip(), off_board(f"{q},{r}", self.side))
        action = Action(cell(q, r), is_removal)
        if action not in self._legal_actions()[1]:
            raise IllegalActionError(text.strip(), self._why_not(action))
        return action

    # ----------------------------------------------------------------------------- the state

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells of the board, row by row from the top row."""
        return self._cells

    @property
    def turn(self) -> Colour:
        """The player who takes the next action (during a capture: the capturer)."""
        return self._to_move

    @property
    def stones(self) -> Mapping[Cell, Colour]:
        """A read-only view of the stones on the board, cell to colour."""
        return MappingProxyType(self._stones)

    def stone_at(self, c: Cell) -> Colour | None:
        """The colour of the stone on ``c``, or ``None`` for an empty cell."""
        return self._stones.get(c)

    def group_at(self, c: Cell) -> frozenset[Cell]:
        """The group (V2) of the stone on ``c``; empty for an empty cell."""
        return frozenset(self._group_of.get(c, ()))

    def groups(self) -> list[frozenset[Cell]]:
        """All groups on the board, largest first (ties: by smallest cell).

        >>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0;x2,0")
        >>> [len(g) for g in game.groups()]
        [2, 1, 1, 1, 1, 1]
        """
        unique = {id(g): g for g in self._group_of.values()}
        return sorted((frozenset(g) for g in unique.values()), key=lambda g: (-len(g), min(g)))

    def count(self, colour: Colour) -> int:
        """How many stones of ``colour`` are on the board."""
        return sum(1 for c in self._stones.values() if c is colour)

    @property
    def pending_capture(self) -> PendingCapture | None:
        """The capture under way (V5), or ``None`` when the next action is a placement.

        >>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0")
        >>> capture = game.pending_capture
        >>> capture.placed == cell(1, 0), capture.joined, capture.target, capture.remaining
        (True, (1, 1), 2, 1)
        """
        if self._capture is None:
            return None
        placed, target, joined = self._capture
        group = self._group_of[placed]
        return PendingCapture(placed, frozenset(group), joined, target, len(group) - target)

    @property
    def ply(self) -> int:
        """The number of actions played so far (placements and removals)."""
        return len(self._undo)

    @property
    def move_stack(self) -> list[Action]:
        """The actions played so far, oldest first (a copy, as the game protocol names it)."""
        return [step.action for step in self._undo]

    def move_text(self, move: Action) -> str:
        """An action's text in the game text (``1,0``, ``x2,0``)."""
        return move.text

    def explain(self, move: Action | str) -> Explanation | None:
        """Why ``move`` is illegal here, or ``None`` (see :func:`hive_teach.rive.explain`)."""
        return explain(self, move)

    def push(self, move: Action) -> None:
        """Play an action known to be legal, without checking it (for search)."""
        self._apply(move)

    def peek(self) -> Action:
        """The last action played (``IndexError`` when there is none).

        >>> RiveGame.from_text("rive3;0,0;1,-2").peek()
        Action('1,-2')
        """
        if not self._undo:
            raise IndexError("no action has been played in this game")
        return self._undo[-1].action

    def outcome(self) -> Outcome | None:
        """How the game ended (V7: the board is full), or ``None`` while it goes on."""
        winner = self.winner()
        return None if winner is None else Outcome(Termination.BOARD_FULL, "V7", winner)

    def is_full(self) -> bool:
        """Whether every cell holds a stone."""
        return not self._empty

    def is_over(self) -> bool:
        """Whether the game has ended: the board is full and no capture is pending (V7)."""
        return self._capture is None and not self._empty

    def winner(self) -> Colour | None:
        """The player with more stones once the game is over (V7), else ``None``."""
        if not self.is_over():
            return None
        black = self.count(Colour.BLACK)
        return Colour.BLACK if 2 * black > len(self._cells) else Colour.WHITE

    def isolated_cells(self) -> list[Cell]:
        """The empty cells that touch no stone (where V3 makes the next placement go)."""
        return sorted(self._isolated, key=self._index.__getitem__)

    def largest_adjacent_group(self, c: Cell) -> int:
        """The size of the largest group touching ``c`` (0 if none): what V4 minimises."""
        return max(map(self._size.__getitem__, self._neighbours[c]), default=0)

    # ------------------------------------------------------------------------- legal actions

    def legal_moves(self) -> list[Action]:
        """The legal actions, in board order: the removals during a capture, else placements.

        >>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0")
        >>> [a.text for a in game.legal_moves()]
        ['x0,0', 'x2,0']
        """
        return list(self._legal_actions()[0])

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal here."""
        return action in self._legal_actions()[1]

    def _legal_actions(self) -> tuple[list[Action], frozenset[Action]]:
        if self._legal is None:
            actions = self._generate()
            self._legal = actions, frozenset(actions)
        return self._legal

    def _generate(self) -> list[Action]:
        by_index = self._index.__getitem__
        if self._capture is not None:
            group = self._group_of[self._capture[0]]
            removable = group - _cut_cells(group, self._neighbours)
            return [Action(c, True) for c in sorted(removable, key=by_index)]
        if self._isolated:  # V3; the V4 scan below would pick the same cells (size 0), slower
            return [Action(c) for c in sorted(self._isolated, key=by_index)]
        size, neighbours = self._size.__getitem__, self._neighbours
        best = len(self._cells)
        cells: list[Cell] = []
        for c in self._empty:
            largest = max(map(size, neighbours[c]))
            if largest < best:
                best = largest
                cells = [c]
            elif largest == best:
                cells.append(c)
        return [Action(c) for c in sorted(cells, key=by_index)]

    def _why_not(self, action: Action) -> Explanation:
        explanation = explain(self, action)
        if explanation is None:
            raise AssertionError(f"{action.text} is legal by explain() but not generated")
        return explanation

    # ------------------------------------------------------------------------- play and undo

    def play(self, action: Action | str) -> None:
        """Play a legal action (an :class:`Action` or its text).

        An illegal action raises :class:`IllegalActionError` (text that is no action:
        :class:`InvalidActionError`) and leaves the game unchanged.

        >>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0")
        >>> game.play("x1,0")
        Traceback (most recent call last):
        ...
        hive_teach.rive.rules.IllegalActionError: x1,0: Removing 1,0 would split the group \
into 2 pieces: the group must stay in one piece. (V5)
        >>> game.play("x2,0")
        >>> game.pending_capture is None, game.turn
        (True, <Colour.WHITE: 1>)
        """
        if isinstance(action, str):
            action = self.parse_move(action)
        elif not isinstance(action, Action):
            raise InvalidActionError(repr(action), "an action is its text (q,r or xq,r) or an "
                                     "Action")
        elif action not in self._legal_actions()[1]:
            raise IllegalActionError(action.text, self._why_not(action))
        self._apply(action)

    def undo(self) -> Action:
        """Take back the last action and return it; ``IndexError`` if there is none.

        >>> game = RiveGame.from_text("rive5;0,0;2,-2")
        >>> game.undo(), game.to_text()
        (Action('2,-2'), 'rive5;0,0')
        """
        step = self._undo.pop()
        c = step.action.cell
        if step.kind == _REMOVE:
            group = step.groups[0]
            self._put(c, step.colour)
            self._group_of[c] = group
            group.add(c)
            self._resize(group)
        else:
            self._lift(c)
            del self._group_of[c]
            self._size[c] = 0
            for group in step.groups:
                if step.kind == _GROW:
                    group.discard(c)
                else:
                    self._group_of.update(dict.fromkeys(group, group))
                self._resize(group)
        self._capture = step.capture
        self._to_move = step.to_move
        self._legal = None
        return step.action

    def _apply(self, action: Action) -> None:
        c = action.cell
        capture, to_move = self._capture, self._to_move
        group_of = self._group_of
        self._legal = None
        if action.is_removal:
            assert capture is not None
            colour = self._lift(c)
            group = group_of.pop(c)
            group.discard(c)
            self._size[c] = 0
            self._resize(group)
            self._undo.append(_Step(action, _REMOVE, colour, [group], capture, to_move))
            if len(group) == capture[1]:
                self._capture = None  # V6: the capturer places again.
            return
        self._put(c, to_move)
        joined = list({id(g): g for n in self._neighbours[c] if (g := group_of.get(n))}.values())
        if not joined:
            group_of[c] = {c}
            self._size[c] = 1
            self._undo.append(_Step(action, _NEW, to_move, [], capture, to_move))
        elif len(joined) == 1:
            group = joined[0]
            group.add(c)
            group_of[c] = group
            self._resize(group)
            self._undo.append(_Step(action, _GROW, to_move, joined, capture, to_move))
        else:
            merged = {c}.union(*joined)
            group_of.update(dict.fromkeys(merged, merged))
            self._resize(merged)
            sizes = tuple(sorted((len(g) for g in joined), reverse=True))
            self._capture = (c, sizes[0] + 1, sizes)
            self._undo.append(_Step(action, _JOIN, to_move, joined, capture, to_move))
        if self._capture is None:
            self._to_move = to_move.other

    def _resize(self, group: set[Cell]) -> None:
        self._size.update(dict.fromkeys(group, len(group)))

    def _put(self, c: Cell, colour: Colour) -> None:
        self._stones[c] = colour
        self._empty.discard(c)
        isolated, touching = self._isolated, self._touching
        isolated.discard(c)
        for n in self._neighbours[c]:
            touching[n] += 1
            isolated.discard(n)

    def _lift(self, c: Cell) -> Colour:
        empty, isolated, touching = self._empty, self._isolated, self._touching
        empty.add(c)
        if not touching[c]:
            isolated.add(c)
        for n in self._neighbours[c]:
            touching[n] -= 1
            if not touching[n] and n in empty:
                isolated.add(n)
        return self._stones.pop(c)

    # ------------------------------------------------------------------------------- helpers

    def _repr_svg_(self) -> str:
        """A diagram for notebooks (rendering lives in :mod:`hive_teach.rive.paint`)."""
        from hive_teach.board.drawing import diagram_svg

        return diagram_svg(self)

    def _repr_png_(self) -> bytes:
        from hive_teach.board.drawing import diagram_png

        return diagram_png(self, palette=True)

    def copy(self) -> RiveGame:
        """An independent copy with the same history."""
        game = RiveGame(self.side)
        for step in self._undo:
            game.push(step.action)
        return game

    def __str__(self) -> str:
        """The board as text, top row first: ``B`` black, ``W`` white, ``.`` empty."""
        rows: dict[int, list[str]] = {}
        for c in self._cells:
            colour = self._stones.get(c)
            mark = "." if colour is None else "BW"[colour]
            rows.setdefault(coords(c)[1], []).append(mark)
        return "\n".join(" " * abs(r) + " ".join(marks) for r, marks in rows.items())

    def __repr__(self) -> str:
        return f"RiveGame.from_text({self.to_text()!r})"

    def check_invariants(self) -> None:
        """Check the incremental bookkeeping against a recount from the stones (for tests)."""
        stones = self._stones
        expected = {frozenset(g) for g in components(stones)}
        assert {frozenset(g) for g in self._group_of.values()} == expected
        assert set(self._group_of) == set(stones)
        for c in self._cells:
            assert self._touching[c] == sum(n in stones for n in self._neighbours[c])
        assert self._empty == set(self._cells) - set(stones)
        assert self._size == {c: len(self._group_of.get(c, ())) for c in self._cells}
        assert self._isolated == {c for c in self._empty if not self._touching[c]}
        assert all(is_on_board(c, self.side) for c in stones)


def _cut_cells(group: set[Cell], neighbours: Mapping[Cell, tuple[Cell, ...]]) -> set[Cell]:
    """The stones of a connected group whose removal would split it (its articulation points,
    by Tarjan's depth-first search)."""
    adjacent = {v: [w for w in neighbours[v] if w in group] for v in group}
    root = next(iter(group))
    order = {root: 0}
    low = {root: 0}
    cuts: set[Cell] = set()
    root_children = 0
    stack: list[tuple[Cell, Cell, Iterator[Cell]]] = [(root, root, iter(adjacent[root]))]
    while stack:
        v, parent, todo = stack[-1]
        for w in todo:
            if w not in order:
                order[w] = low[w] = len(order)
                stack.append((w, v, iter(adjacent[w])))
                break
            if w != parent and order[w] < low[v]:
                low[v] = order[w]
        else:
            stack.pop()
            if v == root:
                continue
            if low[v] < low[parent]:
                low[parent] = low[v]
            if parent == root:
                root_children += 1
            elif low[v] >= order[parent]:
                cuts.add(parent)
    if root_children > 1:
        cuts.add(root)
    return cuts


def play_randomly(
    game: RiveGame, rng: random.Random | None = None, max_actions: int = 100_000
) -> RiveGame:
    """Play uniformly random legal actions until the game is over; returns ``game``.

    >>> game = play_randomly(RiveGame(side=3), random.Random(1))
    >>> game.is_over(), game.is_full(), game.winner() is not None
    (True, True, True)
    """
    rng = rng or random.Random()
    for _ in range(max_actions):
        actions = game.legal_moves()
        if not actions:
            return game
        game.play(rng.choice(actions))
    raise RuntimeError(f"no end after {max_actions} actions: {game.to_text()}")
