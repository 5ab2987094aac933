"""The words the boards and worksheets show, in English, German and Chinese, and the machinery
that writes a sentence from a template in any of them.

Terms follow the table at the end of RULES.md, so text, widgets and diagrams agree.

>>> t("your_turn", "de", side=side_name(0, "de"))
'Weiß ist am Zug.'
>>> bug_name("A", "zh")
'兵蚁'

Explanations are written by :func:`fill` from a template (``str.format`` syntax) and values
that are already neutral: names of pieces and cells as text, numbers, lists of names, and bug
types as :class:`BugName` (so that German can put the right article in front). What a number
or a list says depends on the format spec: ``{n:Feld/Felder}`` picks the word by the number,
``{cut:wird/werden}`` by the length of the list; a bug is ``{bug:ein}`` ("eine Spinne"),
``{bug:a}`` ("a Spider") or ``{bug:subj}``, the subject of a sentence, which becomes a pronoun
where a Mosquito's lead has just named the bug.

>>> fill("{cut} {cut:wird/werden} getrennt", {"cut": ("bQ", "bS1")}, "de")
'bQ und bS1 werden getrennt'
>>> fill("{bug:Ein} zieht {n} {n:Feld/Felder}", {"bug": BugName("S"), "n": 1}, "de")
'Eine Spinne zieht 1 Feld'
>>> finish(fill("移动 {mover} 会把 {cut} 分开", {"mover": "wS1", "cut": ("bQ", "bA1")}, "zh"),
...        "R6", "zh")
'移动 wS1 会把 bQ、bA1 分开。(R6)'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter

LANGUAGES = ("en", "de", "zh")

BUG_NAMES = {
    "en": {"Q": "Queen Bee", "B": "Beetle", "G": "Grasshopper", "S": "Spider",
           "A": "Soldier Ant", "M": "Mosquito", "L": "Ladybug", "P": "Pillbug"},
    "de": {"Q": "Bienenkönigin", "B": "Käfer", "G": "Grashüpfer", "S": "Spinne",
           "A": "Ameise", "M": "Moskito", "L": "Marienkäfer", "P": "Assel"},
    "zh": {"Q": "蜂后", "B": "甲壳虫", "G": "草蜢", "S": "蜘蛛",
           "A": "兵蚁", "M": "蚊子", "L": "瓢虫", "P": "潮虫"},
}

SIDES = {"en": ("White", "Black"), "de": ("Weiß", "Schwarz"), "zh": ("白方", "黑方")}

MESSAGES: dict[str, dict[str, str]] = {
    "your_turn": {"en": "{side} to move.", "de": "{side} ist am Zug.", "zh": "轮到{side}。"},
    "pick_piece": {
        "en": "Click one of your pieces (or a piece in your hand) first.",
        "de": "Klicke zuerst einen deiner Steine an (auf dem Brett oder in deiner Hand).",
        "zh": "请先点选你的一枚棋子（棋盘上或手中的）。",
    },
    "selected": {
        "en": "{piece} can go to {n} cells (green).",
        "de": "Mögliche Felder für {piece}: {n} (grün).",
        "zh": "{piece} 可以去 {n} 个格子（绿色）。",
    },
    "selected_none": {
        "en": "{piece} has no legal move right now.",
        "de": "{piece} hat gerade keinen erlaubten Zug.",
        "zh": "{piece} 现在没有合法的走法。",
    },
    "played": {"en": "Played {move}.", "de": "Gespielt: {move}.", "zh": "已走：{move}。"},
    "engine_played": {
        "en": "The engine answered {move}.",
        "de": "Der Computer antwortet: {move}.",
        "zh": "电脑应着：{move}。",
    },
    "outside": {
        "en": "That click was outside the board; nothing changed.",
        "de": "Dieser Klick lag außerhalb des Bretts; nichts wurde verändert.",
        "zh": "点击在棋盘之外，什么也没有改变。",
    },
    "empty_cell": {
        "en": "This cell is empty. Pick a piece first, then where it should go.",
        "de": "Dieses Feld ist leer. Wähle zuerst einen Stein, dann sein Ziel.",
        "zh": "这是个空格。先选一枚棋子，再选它要去的地方。",
    },
    "stack": {
        "en": "Stack at {cell}, bottom to top: {pieces}.",
        "de": "Stapel auf {cell}, von unten nach oben: {pieces}.",
        "zh": "{cell} 处的叠放，自下而上：{pieces}。",
    },
    "not_yours": {
        "en": "{piece} belongs to {owner}; it is {side}'s turn.",
        "de": "{piece} gehört {owner}; {side} ist am Zug.",
        "zh": "{piece} 属于{owner}，现在轮到{side}。",
    },
    "undone": {
        "en": "Took back {move}.", "de": "Zurückgenommen: {move}.", "zh": "已悔棋：{move}。",
    },
    "nothing_to_undo": {
        "en": "There is nothing to take back.",
        "de": "Es gibt nichts zurückzunehmen.",
        "zh": "没有可以悔的棋。",
    },
    "reset": {
        "en": "Back to the start of the exercise.",
        "de": "Zurück zum Anfang der Aufgabe.",
        "zh": "回到练习的开始。",
    },
    "reset_marks": {
        "en": "All marks cleared: start again.",
        "de": "Alle Markierungen gelöscht: Fang noch einmal an.",
        "zh": "所有标记已清除：重新开始吧。",
    },
    "reset_game": {
        "en": "Back to the starting position.",
        "de": "Zurück zur Ausgangsstellung.",
        "zh": "回到开始时的局面。",
    },
    "deselected": {
        "en": "{piece} is no longer selected.",
        "de": "{piece} ist nicht mehr ausgewählt.",
        "zh": "已取消选择 {piece}。",
    },
    "choose_piece": {
        "en": "Choose a piece first: click it, or pick it in the list.",
        "de": "Wähle zuerst einen Stein: Klicke ihn an oder wähle ihn in der Liste.",
        "zh": "请先选一枚棋子：点击它，或在列表里选。",
    },
    "choose_cell": {
        "en": "Now choose the cell {piece} should go to.",
        "de": "Wähle jetzt das Feld, auf das {piece} ziehen soll.",
        "zh": "现在选出 {piece} 要去的格子。",
    },
    "choose_action": {
        "en": "Choose a move in the list first.",
        "de": "Wähle zuerst einen Zug in der Liste.",
        "zh": "请先在列表里选一步。",
    },
    "check_missed": {
        "en": "You found {found} of {n}: the dashed cells are still missing.",
        "de": "Du hast {found} von {n} gefunden: Die gestrichelten Felder fehlen noch.",
        "zh": "你找到了 {n} 个中的 {found} 个：虚线框的格子还没找到。",
    },
    "check_wrong": {
        "en": "You found all {n}, but the crossed cells are wrong.",
        "de": "Du hast alle {n} gefunden, aber die durchgekreuzten Felder sind falsch.",
        "zh": "{n} 个全都找到了，但打叉的格子是错的。",
    },
    "check_both": {
        "en": "You found {found} of {n}: the dashed cells are missing and the crossed ones "
              "are wrong.",
        "de": "Du hast {found} von {n} gefunden: Die gestrichelten Felder fehlen und die "
              "durchgekreuzten sind falsch.",
        "zh": "你找到了 {n} 个中的 {found} 个：虚线框的格子漏掉了，打叉的格子是错的。",
    },
    "game_over": {
        "en": "The game is over: {result}.",
        "de": "Die Partie ist vorbei: {result}.",
        "zh": "对局结束：{result}。",
    },
    "white_wins": {"en": "White wins", "de": "Weiß gewinnt", "zh": "白方获胜"},
    "black_wins": {"en": "Black wins", "de": "Schwarz gewinnt", "zh": "黑方获胜"},
    "draw": {"en": "a draw", "de": "unentschieden", "zh": "和棋"},
    "mark_cells": {
        "en": "Mark every cell {piece} can reach, then press Check.",
        "de": "Markiere jedes Feld, das {piece} erreichen kann, und drücke dann Prüfen.",
        "zh": "标出 {piece} 能到达的每一个格子，然后点“检查”。",
    },
    "marked": {"en": "Marked {cell}.", "de": "{cell} markiert.", "zh": "已标记 {cell}。"},
    "unmarked": {
        "en": "Removed the mark on {cell}.",
        "de": "Markierung auf {cell} entfernt.",
        "zh": "已取消 {cell} 的标记。",
    },
    "all_found": {
        "en": "★ Well done: you found all {n} cells, and no wrong ones!",
        "de": "★ Sehr gut: Du hast alle {n} Felder gefunden und kein falsches!",
        "zh": "★ 太棒了：{n} 个格子全部找到，而且没有错的！",
    },
    "found_some": {
        "en": "You found {found} of {n} cells.",
        "de": "Du hast {found} von {n} Feldern gefunden.",
        "zh": "你找到了 {n} 个格子中的 {found} 个。",
    },
    "missed": {"en": "Missed: {cells}.", "de": "Übersehen: {cells}.", "zh": "漏掉了：{cells}。"},
    "wrong": {
        "en": "Not reachable: {cell}: {why}",
        "de": "{cell} ist nicht erreichbar: {why}",
        "zh": "到不了 {cell}：{why}",
    },
    "find_move": {"en": "{goal}", "de": "{goal}", "zh": "{goal}"},
    "solved": {
        "en": "Correct! {move} does it.",
        "de": "Richtig! {move} schafft es.",
        "zh": "正确！{move} 做到了。",
    },
    "legal_not_goal": {
        "en": "{move} is legal, but it does not do what was asked. Try again.",
        "de": "{move} ist erlaubt, erfüllt aber nicht die Aufgabe. Versuch es noch einmal.",
        "zh": "{move} 是合法的，但没有完成题目的要求。再试一次。",
    },
    "wait": {
        "en": "It is the engine's turn; please wait.",
        "de": "Die Engine ist am Zug, bitte warte.",
        "zh": "现在轮到电脑，请稍等。",
    },
    "not_an_exercise": {
        "en": "Check is for the exercise 'mark every cell'.",
        "de": "Prüfen gehört zur Übung „Markiere jedes Feld“.",
        "zh": "“检查”用于“标出每个格子”的练习。",
    },
    "check": {"en": "Check", "de": "Prüfen", "zh": "检查"},
    "undo": {"en": "Undo", "de": "Zurück", "zh": "悔棋"},
    "reset_button": {"en": "Reset", "de": "Neu", "zh": "重来"},
    "play_button": {"en": "Play", "de": "Ziehen", "zh": "走棋"},
    "mark_button": {"en": "Mark", "de": "Markieren", "zh": "标记"},
    "piece_label": {"en": "Piece", "de": "Stein", "zh": "棋子"},
    "target_label": {"en": "To", "de": "Nach", "zh": "到"},
    "marked_label": {"en": "Marked", "de": "Markiert", "zh": "已标记"},
    "in_hand": {"en": "in hand", "de": "in der Hand", "zh": "手中"},
    "hand_label": {"en": "{side} in hand", "de": "{side} in der Hand", "zh": "{side}手中"},
    "none": {"en": "(none)", "de": "(keine)", "zh": "（无）"},
    "stacks_label": {"en": "stacks", "de": "Stapel", "zh": "叠放"},
    "diagram_title": {
        "en": "{game} · {side} to move · turn {n}",
        "de": "{game} · {side} am Zug · Zug {n}",
        "zh": "{game} · 轮到{side} · 第 {n} 回合",
    },
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The message ``key`` in ``lang`` (English if that language lacks it), filled in."""
    table = MESSAGES[key]
    return table.get(lang, table["en"]).format(**params)


def listing(items: list[str], lang: str = "en") -> str:
    """Items for a message: ``、`` between them in Chinese, ``; `` between cells (which hold a
    comma themselves: ``1,0; 2,-1``), else ``, ``.

    >>> listing(["1,0", "2,-1"]), listing(["wQ", "bB1"]), listing(["wQ", "bB1"], "zh")
    ('1,0; 2,-1', 'wQ, bB1', 'wQ、bB1')
    """
    if lang == "zh":
        return "、".join(items)
    return ("; " if any("," in x for x in items) else ", ").join(items)


def bug_name(letter: str, lang: str = "en") -> str:
    """The name of a bug by its UHP letter."""
    return BUG_NAMES.get(lang, BUG_NAMES["en"])[letter]


def side_name(colour: int, lang: str = "en") -> str:
    """``White``/``Black`` (0/1) in ``lang``."""
    return SIDES.get(lang, SIDES["en"])[int(colour)]


def check_language(lang: str) -> str:
    """Return ``lang`` if supported, else raise a ValueError naming the choices."""
    if lang not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        raise ValueError(f"language {lang!r} is not available; choose one of {choices}")
    return lang


# ----------------------------------------------------------------------------- sentences
@dataclass(frozen=True)
class Catalogue:
    """The sentences of one language for one game's explanations.

    ``templates`` are keyed by the kind of reason (``"gate"``, or ``"gate/pocket"`` for one of
    its cases), ``leads`` lead into another sentence, which they name ``{inner}`` (how a
    Mosquito copies, before the copied bug's reason), and ``phrases`` are the words some facts
    stand for (``"how/moved"``, ``"level/ground"``). Templates have no final full stop:
    :func:`finish` adds it, and the rule id.
    """

    lang: str
    templates: Mapping[str, str]
    leads: Mapping[str, str] = field(default_factory=dict)
    phrases: Mapping[str, str] = field(default_factory=dict)


def load_catalogue(path: Path) -> Catalogue:
    """The catalogue in the TOML file ``path``: ``lang``, then the tables ``templates``,
    ``leads`` and ``phrases``, each of texts; a file that is not so raises ``ValueError``
    naming the file and the key.

    >>> from hive_teach.hive.catalogue import CATALOGUES
    >>> CATALOGUES["de"].templates["game-over"]
    'Die Partie ist schon vorbei ({result}), es darf kein Zug mehr gespielt werden'
    """
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    tables: dict[str, dict[str, str]] = {}
    for table in ("templates", "leads", "phrases"):
        items = data.get(table, {})
        if not isinstance(items, dict) or not all(
                isinstance(v, str) for v in items.values()):
            raise ValueError(f"{path}: [{table}] must map keys to texts")
        tables[table] = items
    lang = data.get("lang")
    if lang not in LANGUAGES:
        raise ValueError(f"{path}: lang = {lang!r} is not one of {', '.join(LANGUAGES)}")
    return Catalogue(lang, tables["templates"], tables["leads"], tables["phrases"])


def placeholders(template: str) -> set[str]:
    """The names a template fills in.

    >>> sorted(placeholders("{mover} cannot {action}: {left:one/many} {left}"))
    ['action', 'left', 'mover']
    """
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template)
            if name}


def join_names(items: Sequence[str], lang: str = "en") -> str:
    """A list in a sentence: ``a, b and c`` / ``a, b und c`` / ``a、b、c``.

    >>> join_names(["wQ", "bS1", "bA1"]), join_names(["wQ", "bS1"], "de")
    ('wQ, bS1 and bA1', 'wQ und bS1')
    >>> join_names(["wQ", "bS1", "bA1"], "zh")
    'wQ、bS1、bA1'
    """
    items = list(items)
    if lang == "zh":
        return "、".join(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _AND[lang] + items[-1]


_AND = {"en": " and ", "de": " und "}


@dataclass(frozen=True)
class BugName:
    """A bug type, by its UHP letter, to be named in a sentence (with an article in German).

    >>> fill("{bug:A} / {bug:the} / {bug}", {"bug": BugName("A")}, "en")
    'A Soldier Ant / the Soldier Ant / Soldier Ant'
    >>> fill("{bug:keinen} / {bug:Die}", {"bug": BugName("M")}, "de")
    'keinen Moskito / Der Moskito'
    """

    letter: str

    def __post_init__(self) -> None:
        if self.letter not in BUG_NAMES["en"]:
            raise ValueError(f"{self.letter!r} is not a bug letter: use one of QBGSAMLP")


# German articles by case and gender (masculine, feminine), for the format spec of a BugName;
# a capital first letter in the spec capitalises the article.
_GERMAN_ARTICLES = {
    "ein": ("ein", "eine"), "einen": ("einen", "eine"), "der": ("der", "die"),
    "die": ("der", "die"), "den": ("den", "die"), "dem": ("dem", "der"),
    "keinen": ("keinen", "keine"),
}
_FEMININE = frozenset("QSAP")  # Bienenkönigin, Spinne, Ameise, Assel


def _bug_words(letter: str, spec: str, lang: str, pronoun: bool) -> str:
    name = bug_name(letter, lang)
    if spec == "subj":
        if pronoun and lang in ("en", "zh"):
            return "it" if lang == "en" else "它"
        spec = {"en": "A", "de": "Ein"}.get(lang, "")
    if not spec or lang == "zh":
        return name
    if lang == "en":
        article = {"a": "a", "the": "the"}.get(spec.lower())
        if article is None:
            raise ValueError(f"no English form {spec!r} of a bug: use a, A, the, The or subj")
    else:
        forms = _GERMAN_ARTICLES.get(spec.lower())
        if forms is None:
            raise ValueError(f"no German form {spec!r} of a bug: use one of "
                             f"{', '.join(_GERMAN_ARTICLES)} (or capitalised), or subj")
        article = forms[letter in _FEMININE]
    if spec[:1].isupper():
        article = article[:1].upper() + article[1:]
    return f"{article} {name}"


def _number_word(n: int, spec: str) -> str:
    one, sep, many = spec.partition("/")
    if not sep:
        raise ValueError(f"a number's format is 'one/many', e.g. 'Feld/Felder', not {spec!r}")
    return one if n == 1 else many


class _Value:
    """One placeholder's value, written in ``lang`` by the format spec after the colon."""

    def __init__(self, raw: object, lang: str, pronoun: bool) -> None:
        self.raw, self.lang, self.pronoun = raw, lang, pronoun

    def __format__(self, spec: str) -> str:
        raw = self.raw
        if isinstance(raw, BugName):
            return _bug_words(raw.letter, spec, self.lang, self.pronoun)
        if isinstance(raw, bool):
            raise TypeError("a sentence has no place for True or False")
        if isinstance(raw, int):
            return _number_word(raw, spec) if spec else str(raw)
        if isinstance(raw, tuple | list):
            return _number_word(len(raw), spec) if spec else join_names(raw, self.lang)
        if spec:
            raise ValueError(f"no format {spec!r} for the text {raw!r}")
        return str(raw)


class _Values(dict[str, object]):
    def __init__(self, values: Mapping[str, object], lang: str, pronoun: bool) -> None:
        super().__init__(values)
        self.lang, self.pronoun = lang, pronoun

    def __getitem__(self, key: str) -> _Value:
        return _Value(super().__getitem__(key), self.lang, self.pronoun)

    def __missing__(self, key: str) -> object:
        raise KeyError(f"the template names {{{key}}}, but the facts are only "
                       f"{', '.join(sorted(self)) or 'none'}")


def fill(template: str, values: Mapping[str, object], lang: str = "en", *,
         pronoun: bool = False) -> str:
    """``template`` filled with ``values`` in ``lang`` (see the module docstring for the
    values and format specs); ``pronoun`` turns ``{bug:subj}`` into "it" / "它"."""
    return template.format_map(_Values(values, check_language(lang), pronoun))


# German words that open a sentence but are written in lower case inside one; any other first
# word (a noun such as "Feld", a piece name) keeps its spelling.
_DE_LOWER = frozenset({"Auf", "Das", "Der", "Die", "Ein", "Eine", "Er", "Es", "Jeder", "Jedes",
                       "Kein", "Oben", "Sie", "Wenn", "Würde"})


def embed(text: str, lang: str = "en") -> str:
    """A sentence (without its full stop) made a clause of a longer one.

    >>> embed("The gap is too narrow"), embed("Die Lücke ist zu eng", "de")
    ('the gap is too narrow', 'die Lücke ist zu eng')
    >>> embed("Feld 1,0 ist besetzt", "de")
    'Feld 1,0 ist besetzt'
    """
    if lang == "en":
        return text[:1].lower() + text[1:]
    if lang == "de" and text.split(" ", 1)[0] in _DE_LOWER:
        return text[:1].lower() + text[1:]
    return text


_ZH_PUNCT = "，。、：；（）！？“”"


def _tidy_zh(text: str) -> str:
    """One space between Chinese characters and piece names, cells or numbers ("因为 wM 会"),
    none next to Chinese punctuation ("wQ、bS1，" not "wQ 、 bS1 ，")."""
    text = re.sub(r"([\u4e00-\u9fff])(?=[A-Za-z0-9-])", r"\1 ", text)
    text = re.sub(r"([A-Za-z0-9)])(?=[\u4e00-\u9fff])", r"\1 ", text)
    return re.sub(rf"\s*([{_ZH_PUNCT}])\s*", r"\1", text).strip()


def sentence(text: str, lang: str = "en") -> str:
    """``text`` as one sentence of ``lang``, with its full stop.

    >>> sentence("wQ 不能移动", "zh"), sentence("wQ cannot move")
    ('wQ 不能移动。', 'wQ cannot move.')
    """
    if lang == "zh":
        return _tidy_zh(text) + "。"
    return text + "."


def finish(text: str, rule: str, lang: str = "en") -> str:
    """``text`` as a sentence of ``lang`` followed by the rule id in brackets.

    >>> finish("wQ cannot move", "R6"), finish("wQ 不能移动", "R6", "zh")
    ('wQ cannot move. (R6)', 'wQ 不能移动。(R6)')
    """
    end = sentence(text, lang)
    return f"{end}({rule})" if lang == "zh" else f"{end} ({rule})"


class Worded:
    """An explanation as facts that its game's catalogue writes as a sentence, in any language.

    A subclass (Hive's and Rive's ``Explanation``) says how in :meth:`render`; this gives both
    games the same ways to read it: :attr:`reason`, :meth:`sentence`, :meth:`text`, ``str``.
    """

    def render(self, lang: str, rule: bool) -> str:
        """The sentence in ``lang``, followed by the rule id if ``rule``."""
        raise NotImplementedError

    @property
    def reason(self) -> str:
        """The English sentence, with its full stop and without the rule id."""
        return self.render("en", rule=False)

    def sentence(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``en``, ``de`` or ``zh``), without the rule id."""
        return self.render(lang, rule=False)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` followed by the rule id, as a learner reads it."""
        return self.render(lang, rule=True)

    def __str__(self) -> str:
        return self.text("en")
