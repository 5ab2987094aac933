"""The teacher's workshop: the board editor and the analysis board, able to save scenarios,
and the workshop page of the course (``notebooks/<lang>/workshop.ipynb``, linked from the
contents page): :func:`editor_page`, :func:`game_page` and :func:`worksheet_page` put the
editor, the analysis board of a bundled or uploaded game and the worksheet maker on a page
with no code, all saving into :func:`workshop_folder`.

The controllers live in the board layer (:mod:`hive_teach.board.editor`,
:mod:`hive_teach.board.analysis`), below the teach layer that writes scenario files; these
helpers hand them the kit's writer, :func:`hive_teach.teach.authoring.write_scenario`, so a
teacher's "Save as scenario" gives a file that ``hive-teach verify`` passes.

>>> import tempfile
>>> from pathlib import Path
>>> ed = editor()
>>> _ = ed.place("0,0", "wQ"), ed.place("1,0", "bQ")
>>> with tempfile.TemporaryDirectory() as d:
...     print(ed.save_scenario(Path(d) / "two-queens.toml").kind)
saved
>>> a = analysis("Base;InProgress;White[2];wS1;bS1 wS1-", move=1)
>>> a.status()
'Move 1 of 2: wS1. Black to move.'
"""

from __future__ import annotations

import base64
import html
import os
from pathlib import Path
from typing import Any

from hive_teach.board.analysis import AnalysisController
from hive_teach.board.editor import EditorController
from hive_teach.core.i18n import LANGUAGES, Words
from hive_teach.hive.position import Position
from hive_teach.hive.records import GameRecord, RecordError, load_record, read_record
from hive_teach.teach.authoring import write_scenario
from hive_teach.teach.library import COURSE, language

WORDS = Words("workshop")
"""The workshop page's words (``locale/<lang>/workshop.toml``): its texts (the notebook's
cells, :func:`page_text`) and messages, and the ``[labels]`` of its controls."""
LABELS = Words("workshop", "labels")


def editor(position: Position | None = None, *, game_type: str = "Base",
           tournament: bool = False, lang: str = "en") -> EditorController:
    """A board editor, empty (of ``game_type``) or on a copy of ``position``, that saves
    scenarios with :func:`~hive_teach.teach.authoring.write_scenario`."""
    return EditorController(game_type, tournament=tournament, position=position, lang=lang,
                            writer=write_scenario)


def analysis(record: GameRecord | str | Path, *, move: int | None = None,
             lang: str = "en") -> AnalysisController:
    """An analysis board's controller on ``record`` (a GameRecord, a record file, or a
    GameString) at ``move`` (default: the end), that saves scenarios."""
    return AnalysisController(record, move=move, lang=lang, writer=write_scenario)


def editor_board(position: Position | None = None, *, game_type: str = "Base",
                 tournament: bool = False, lang: str = "en", **options: Any) -> Any:
    """The editor widget (:class:`hive_teach.board.editor_widget.EditorBoard`) over
    :func:`editor`; ``canvas``, ``width`` and ``folder`` (where it saves) go to the widget."""
    from hive_teach.board.editor_widget import EditorBoard

    return EditorBoard(editor(position, game_type=game_type, tournament=tournament, lang=lang),
                       **options)


def analysis_board(record: GameRecord | str | Path, *, move: int | None = None,
                   lang: str = "en", **options: Any) -> Any:
    """The analysis widget (:class:`hive_teach.board.analysis_widget.AnalysisBoard`) over
    :func:`analysis`; ``canvas``, ``width`` and ``folder`` go to the widget."""
    from hive_teach.board.analysis_widget import AnalysisBoard

    return AnalysisBoard(analysis(record, move=move, lang=lang), **options)


# --------------------------------------------------------------------------- the page
def workshop_folder() -> Path:
    """Where the workshop page saves scenarios and worksheets: ``$HIVE_TEACH_WORKSHOP``, else
    ``~/hive-teach-workshop`` (made when first used; the course's own folders stay as they
    are, and in the app they belong to the installed kit)."""
    return Path(os.environ.get("HIVE_TEACH_WORKSHOP") or Path.home() / "hive-teach-workshop")


def bundled_games() -> list[Path]:
    """The game records the kit brings for the analysis board (``notebooks/games/``).

    >>> [p.suffix for p in bundled_games()]
    ['.pgn', '.pgn']
    """
    return sorted(p for p in (COURSE / "notebooks" / "games").glob("*")
                  if p.suffix in (".pgn", ".sgf", ".txt"))


def page_text(key: str, lang: str) -> str:
    """A text of the workshop page in ``lang`` (the notebook's cells are built from them)."""
    return WORDS(key, lang)


def _shown(folder: Path) -> str:
    """``folder`` as the page names it: under the home folder as ``~/...``.

    >>> _shown(Path.home() / "hive-teach-workshop")
    '~/hive-teach-workshop'
    """
    try:
        return "~/" + folder.resolve().relative_to(Path.home().resolve()).as_posix()
    except ValueError:
        return str(folder)


def _folder(folder: str | Path | None) -> Path:
    out = Path(folder) if folder is not None else workshop_folder()
    out.mkdir(parents=True, exist_ok=True)
    return out


def editor_page(lang: str | None = None, folder: str | Path | None = None,
                **options: Any) -> Any:
    """The board editor for the page: an empty Base board that saves into ``folder``
    (default :func:`workshop_folder`), with a line saying where.

    >>> import tempfile
    >>> page = editor_page("de", tempfile.mkdtemp(), canvas=False)
    >>> page.children[0].value.startswith("Deine Szenarien werden in ")
    True
    """
    import ipywidgets as w

    lang = lang or language()
    where = _folder(folder)
    board = editor_board(lang=lang, folder=where, **options)
    return _picture_box([w.HTML(html.escape(WORDS("folder", lang, folder=_shown(where)))),
                         board], board)


def game_page(lang: str | None = None, folder: str | Path | None = None,
              game: str | Path | None = None) -> Any:
    """The analysis board for the page: a menu of :func:`bundled_games`, an upload button for
    a record of one's own, **Open**, and under them the analysis board of the game opened
    (at first ``game``, default the first bundled one), saving into ``folder``. A file that
    is no record is refused with the reader's reason, and the board shown stays.

    >>> import tempfile
    >>> page = game_page("en", tempfile.mkdtemp())
    >>> print(page.open_record(b"Othello", "mine.pgn"))  # doctest: +ELLIPSIS
    Not opened: mine.pgn:1: not a game record the kit reads: a UHP GameString ...
    >>> page.open_record(b"Base;InProgress;White[2];wS1;bS1 wS1-", "mine.txt")
    'Opened mine.txt: 2 moves.'
    """
    return _game_box(lang or language(), _folder(folder), game)


def worksheet_page(lang: str | None = None, folder: str | Path | None = None) -> Any:
    """The worksheet maker for the page: the scenarios saved in ``folder`` to tick, the
    sheet's language, **Make worksheet**: a PDF by :func:`hive_teach.teach.worksheet.
    make_worksheet` in ``folder``, offered as a download link (the page may be served from
    elsewhere).

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp())
    >>> _ = editor(position=Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    ...            ).save_scenario(where / "first.toml")
    >>> page = worksheet_page("en", where)
    >>> page.choice.options, page.make().startswith("Made worksheet-en.pdf: 1 question")
    (('first.toml',), True)
    >>> (where / "worksheet-en.pdf").read_bytes()[:4]
    b'%PDF'
    """
    return _worksheet_box(lang or language(), _folder(folder))


def _picture_box(children: list[Any], board: Any) -> Any:
    """A box of ``children`` that shows, on a static page (no live kernel), the picture of
    ``board``."""
    import ipywidgets as w

    class Box(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
        def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
            from hive_teach.board.drawing import diagram_png

            bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
            png = diagram_png(board.game(), board.controller.marks())
            bundle["image/png"] = base64.b64encode(png).decode("ascii")
            return bundle

    return Box(children)


def _game_box(lang: str, folder: Path, game: str | Path | None) -> Any:
    """The widget of :func:`game_page`."""
    import ipywidgets as w

    games = bundled_games()
    menu = w.Dropdown(options=[(p.stem, str(p)) for p in games], description=LABELS("game", lang),
                      layout=w.Layout(width="30em"))
    upload = w.FileUpload(accept=".pgn,.sgf,.txt", multiple=False,
                          description=LABELS("upload", lang))
    open_button = w.Button(description=LABELS("open", lang), button_style="primary")
    status = w.HTML(layout=w.Layout(min_height="1.6em"))
    holder = w.VBox()
    box = w.VBox([w.HBox([menu, upload, open_button]), status, holder])

    def show(record: GameRecord, name: str) -> str:
        holder.children = [_picture_box([board := analysis_board(
            record, move=0, lang=lang, folder=folder)], board)]
        return WORDS("opened", lang, name=name, n=len(record.moves))

    def open_record(data: bytes, name: str) -> str:
        try:
            record = read_record(data.decode("utf-8", errors="replace"), name)
        except (RecordError, ValueError) as e:
            text = WORDS("bad_record", lang, why=e)
        else:
            text = show(record, name)
        status.value = html.escape(text)
        return text

    def open_chosen(_button: Any = None) -> str:
        files = list(upload.value)
        if files:
            item = files[-1]
            return open_record(bytes(item["content"]), str(item["name"]))
        if not menu.value:
            status.value = html.escape(WORDS("no_game", lang))
            return WORDS("no_game", lang)
        path = Path(menu.value)
        text = show(load_record(path), path.name)
        status.value = html.escape(text)
        return text

    open_button.on_click(open_chosen)
    first = Path(game) if game is not None else (games[0] if games else None)
    if first is not None:
        if str(first) in [v for _, v in menu.options]:
            menu.value = str(first)
        status.value = html.escape(show(load_record(first), first.name))
    box.open_record = open_record
    box.open_chosen = open_chosen
    box.menu, box.upload, box.status, box.holder = menu, upload, status, holder
    return box


def _worksheet_box(lang: str, folder: Path) -> Any:
    """The widget of :func:`worksheet_page`."""
    import ipywidgets as w

    choice = w.SelectMultiple(description=LABELS("scenarios", lang),
                              layout=w.Layout(width="30em", height="9em"))
    sheet_lang = w.ToggleButtons(options=list(LANGUAGES), value=lang,
                                 tooltips=[LABELS("language", lang)] * len(LANGUAGES),
                                 style={"button_width": "3em"})
    refresh_button = w.Button(description=LABELS("refresh", lang), layout=w.Layout(width="12em"))
    make_button = w.Button(description=LABELS("make", lang), button_style="success",
                           layout=w.Layout(width="18em"))
    status = w.HTML(layout=w.Layout(min_height="1.6em"))
    box = w.VBox([w.HBox([choice, refresh_button]),
                  w.HBox([w.Label(LABELS("language", lang)), sheet_lang]), make_button, status])

    def refresh(_button: Any = None) -> None:
        names = sorted(p.name for p in folder.glob("*.toml"))
        choice.options = names
        if not names:
            status.value = html.escape(WORDS("no_scenarios", lang, folder=_shown(folder)))

    def make(_button: Any = None) -> str:
        from hive_teach.teach.scenario import load
        from hive_teach.teach.worksheet import make_worksheet

        refresh()
        chosen = [n for n in choice.value if (folder / n).is_file()]
        if not chosen:
            text = WORDS("none_chosen", lang) if choice.options else WORDS(
                "no_scenarios", lang, folder=_shown(folder))
            status.value = html.escape(text)
            return text
        items = []
        for name in chosen:
            try:
                items.append(load(folder / name))
            except ValueError as e:
                text = WORDS("bad_scenario", lang, file=name, why=e)
                status.value = html.escape(text)
                return text
        out = make_worksheet(items, folder / f"worksheet-{sheet_lang.value}.pdf",
                             sheet_lang.value)
        text = WORDS("made", lang, file=out.name, n=len(items))
        data = base64.b64encode(out.read_bytes()).decode("ascii")
        status.value = (f"{html.escape(text)} <a download=\"{html.escape(out.name)}\" "
                        f"href=\"data:application/pdf;base64,{data}\">"
                        f"{html.escape(WORDS('download', lang, file=out.name))}</a>")
        return text

    refresh_button.on_click(refresh)
    make_button.on_click(make)
    refresh()
    if choice.options:
        choice.value = tuple(choice.options)
        status.value = ""
    box.choice, box.language, box.status, box.make, box.refresh = (
        choice, sheet_lang, status, make, refresh)
    return box


__all__ = [
    "LABELS",
    "WORDS",
    "analysis",
    "analysis_board",
    "bundled_games",
    "editor",
    "editor_board",
    "editor_page",
    "game_page",
    "page_text",
    "worksheet_page",
    "workshop_folder",
]
