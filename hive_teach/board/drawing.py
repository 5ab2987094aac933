"""One drawing pipeline for every game: a game's painter plans the scene, then it is written as
SVG (no matplotlib needed), painted with matplotlib, or saved as PNG, SVG or PDF.

The painter and its marks are the game's own, as the game registers them
(:mod:`hive_teach.core.registry`): :func:`hive_teach.hive.paint.build_scene` for a Hive
:class:`~hive_teach.hive.position.Position` (marks: :class:`~hive_teach.hive.marks.Marks`),
:func:`hive_teach.rive.paint.build_rive_scene` for a :class:`~hive_teach.rive.RiveGame`
(marks: :class:`~hive_teach.rive.paint.RiveMarks`), and so on for any registered game.
``fields`` set or override fields of the marks (``diagram_svg(pos, targets=[...], coords=True)``).

>>> from hive_teach.hive.position import Position
>>> from hive_teach.rive import RiveGame
>>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
>>> marks = marks_for(pos, "wQ")
>>> board = layout(pos, marks)
>>> board.marked("selected"), board.marked("target")
({'-1,0': ''}, {'-1,1': '', '0,-1': ''})
>>> sorted(board.marked("forbidden"))  # the Queen's other neighbours, each with its rule id
['-1,-1', '-2,0', '-2,1']
>>> diagram_svg(pos, marks) == diagram_svg(pos, marks_for(pos, "wQ"))
True
>>> list(layout(RiveGame.from_text("rive3;0,0")).stones.values())
['black']
>>> diagram_png(RiveGame(3))[:8] == diagram_png(pos)[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
True
"""


from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, Unpack, overload

from hive_teach.board.svg import scene_svg
from hive_teach.core.registry import parts_for
from hive_teach.core.scene import DrawnBoard, Scene
from hive_teach.hive.marks import Marks, MarksFields, marks_for, route

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from hive_teach.core.game import Game as GameProtocol
    from hive_teach.hive.position import Position
    from hive_teach.rive.paint import RiveDrawing, RiveMarks, RiveMarksFields
    from hive_teach.rive.position import RiveGame

    Game: TypeAlias = Position | RiveGame
    AnyMarks: TypeAlias = Marks | RiveMarks
    AnyGame: TypeAlias = GameProtocol[Any, Any]
    """A game known only by the game protocol (a board's game)."""

DPI = 100

# Every function here takes a game with its own marks and their fields (a Hive Position with
# Marks and Marks fields, a RiveGame with RiveMarks and RiveMarks fields, ...): the overloads
# tell type checkers which, and _scene checks it when the program runs. (The implementations
# take the fields as Any, as they must.)


def _scene(game: Game | AnyGame, marks: AnyMarks | None, fields: dict[str, Any]) -> Scene:
    """The scene the game's registered painter plans, with the game's own marks.

    >>> from hive_teach.rive import RiveGame
    >>> _scene(RiveGame(3), Marks(), {})
    Traceback (most recent call last):
    ...
    TypeError: a rive diagram takes RiveMarks, not Marks
    >>> _scene("Base", None, {})
    Traceback (most recent call last):
    ...
    TypeError: a diagram shows a game the kit knows, not str
    """
    try:
        parts = parts_for(game)
    except TypeError:
        raise TypeError(f"a diagram shows a game the kit knows, not {type(game).__name__}"
                        ) from None
    kind = parts.part("marks")
    if marks is not None and not isinstance(marks, kind):
        raise TypeError(f"a {parts.name} diagram takes {kind.__name__}, not "
                        f"{type(marks).__name__}")
    scene: Scene = parts.part("painter")(game, parts.part("with_fields")(marks, **fields))
    return scene


@overload
def scene_of(
    game: Position, marks: Marks | None = None, **fields: Unpack[MarksFields]
) -> Scene: ...


@overload
def scene_of(
    game: RiveGame, marks: RiveMarks | None = None, **fields: Unpack[RiveMarksFields]
) -> Scene: ...


@overload
def scene_of(
    game: AnyGame, marks: AnyMarks | None = None, **fields: Any
) -> Scene: ...


def scene_of(game: Game | AnyGame, marks: AnyMarks | None = None, **fields: Any) -> Scene:
    """The scene the game's own painter plans for ``game`` with ``marks`` and ``fields``."""
    return _scene(game, marks, fields)


@overload
def layout(
    game: Position, marks: Marks | None = None, **fields: Unpack[MarksFields]
) -> DrawnBoard: ...


@overload
def layout(
    game: RiveGame, marks: RiveMarks | None = None, **fields: Unpack[RiveMarksFields]
) -> RiveDrawing: ...


@overload
def layout(
    game: AnyGame, marks: AnyMarks | None = None, **fields: Any
) -> DrawnBoard: ...


def layout(game: Game | AnyGame, marks: AnyMarks | None = None, **fields: Any) -> DrawnBoard:
    """What a diagram of ``game`` would show, without drawing it (no matplotlib needed): for a
    RiveGame a :class:`~hive_teach.rive.paint.RiveDrawing`."""
    return _scene(game, marks, fields).board


@overload
def diagram_svg(
    game: Position, marks: Marks | None = None, **fields: Unpack[MarksFields]
) -> str: ...


@overload
def diagram_svg(
    game: RiveGame, marks: RiveMarks | None = None, **fields: Unpack[RiveMarksFields]
) -> str: ...


@overload
def diagram_svg(
    game: AnyGame, marks: AnyMarks | None = None, **fields: Any
) -> str: ...


def diagram_svg(game: Game | AnyGame, marks: AnyMarks | None = None, **fields: Any) -> str:
    """The diagram as SVG text, byte-identical for the same game and marks."""
    return scene_svg(_scene(game, marks, fields))


@overload
def draw(
    game: Position, marks: Marks | None = None, ax: Axes | None = None,
    **fields: Unpack[MarksFields],
) -> Figure: ...


@overload
def draw(
    game: RiveGame, marks: RiveMarks | None = None, ax: Axes | None = None,
    **fields: Unpack[RiveMarksFields],
) -> Figure: ...


@overload
def draw(
    game: AnyGame, marks: AnyMarks | None = None, ax: Axes | None = None,
    **fields: Any,
) -> Figure: ...


def draw(
    game: Game | AnyGame, marks: AnyMarks | None = None, ax: Axes | None = None, **fields: Any
) -> Figure:
    """Draw ``game`` with matplotlib and return the Figure; see
    :func:`hive_teach.board.mpl.draw_scene` (a new figure, or fill ``ax``)."""
    from hive_teach.board.mpl import draw_scene

    return draw_scene(_scene(game, marks, fields), ax)


def board_of(fig_or_ax: object) -> DrawnBoard:
    """The :class:`DrawnBoard` that :func:`draw` attached to a figure or axes."""
    from hive_teach.board.mpl import board_of as _board_of

    return _board_of(fig_or_ax)


@overload
def diagram_png(
    game: Position, marks: Marks | None = None, *, dpi: float = DPI, palette: bool = False,
    **fields: Unpack[MarksFields],
) -> bytes: ...


@overload
def diagram_png(
    game: RiveGame, marks: RiveMarks | None = None, *, dpi: float = DPI, palette: bool = False,
    **fields: Unpack[RiveMarksFields],
) -> bytes: ...


@overload
def diagram_png(
    game: AnyGame, marks: AnyMarks | None = None, *, dpi: float = DPI, palette: bool = False,
    **fields: Any,
) -> bytes: ...


def diagram_png(
    game: Game | AnyGame,
    marks: AnyMarks | None = None,
    *,
    dpi: float = DPI,
    palette: bool = False,
    **fields: Any,
) -> bytes:
    """The diagram as PNG bytes (for ``_repr_png_`` and files).

    ``palette=True`` gives a 256-colour PNG, about a third of the size and looking the same:
    for notebooks saved with their outputs.
    """
    from hive_teach.board.mpl import draw_scene, figure_png

    return figure_png(draw_scene(_scene(game, marks, fields)), dpi=dpi, palette=palette)


@overload
def render_to_file(
    game: Position, path: str | Path, /, fmt: str | None = None, *,
    marks: Marks | None = None, dpi: float = DPI, **fields: Unpack[MarksFields],
) -> Path: ...


@overload
def render_to_file(
    game: RiveGame, path: str | Path, /, fmt: str | None = None, *,
    marks: RiveMarks | None = None, dpi: float = DPI, **fields: Unpack[RiveMarksFields],
) -> Path: ...


@overload
def render_to_file(
    game: AnyGame, path: str | Path, /, fmt: str | None = None, *,
    marks: AnyMarks | None = None, dpi: float = DPI, **fields: Any,
) -> Path: ...


def render_to_file(
    game: Game | AnyGame,
    path: str | Path,
    /,
    fmt: str | None = None,
    *,
    marks: AnyMarks | None = None,
    dpi: float = DPI,
    **fields: Any,
) -> Path:
    """Write a diagram of ``game`` to ``path`` as PNG, SVG or PDF and return the path.

    ``fmt`` (``"png"``, ``"svg"`` or ``"pdf"``) defaults to the file's suffix. SVG comes from
    the deterministic writer; PNG and PDF from matplotlib, without dates in their metadata.
    ``game`` and ``path`` are positional only, so that ``path=`` is the route mark.
    """
    from hive_teach.board.mpl import draw_scene, write_diagram

    return write_diagram(path, fmt, dpi=dpi, svg=lambda: scene_svg(_scene(game, marks, fields)),
                         figure=lambda: draw_scene(_scene(game, marks, fields)))


__all__ = [
    "DrawnBoard",
    "Marks",
    "board_of",
    "diagram_png",
    "diagram_svg",
    "draw",
    "layout",
    "marks_for",
    "render_to_file",
    "route",
    "scene_of",
]
