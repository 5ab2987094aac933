"""The words of the Rive boards, diagrams and tutorial, in English, German and Chinese.

Terms follow the table at the end of RULES.md: stone / Stein / 棋子, group / Gruppe / 棋群,
capture / Eroberung / 吃子. Black moves first in Rive, so the colours are named here by
:class:`~hive_teach.rive.Colour` (Black is 0), not by the Hive side index.

:func:`render` writes an explanation of an illegal action (its kind and facts, from
:func:`hive_teach.rive.explain`) in any of the three languages, from one template catalogue
per language (:mod:`hive_teach.rive.catalogue`); :func:`reason` explains an action directly.

>>> from hive_teach.rive import RiveGame
>>> game = RiveGame.from_text("rive3;0,0")
>>> reason(game, "1,0", "de")
'1,0 berührt einen Stein, aber es gibt noch Felder, die keinen Stein berühren (etwa 0,-2): \
Auf eines davon musst du zuerst setzen. (V3)'
>>> reason(game, "1,0", "zh")
'1,0 挨着棋子，但还有不挨任何棋子的空格（比如 0,-2）：必须先放在这样的格子上。(V3)'
>>> reason(game, "0,-2", "de") is None
True
>>> t("your_turn", "de", side=side_name(Colour.BLACK, "de"))
'Schwarz setzt einen Stein.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import cell_name
from hive_teach.core.i18n import LANGUAGES, check_language, fill, finish, sentence
from hive_teach.core.i18n import t as shared_t
from hive_teach.rive.catalogue import CATALOGUES
from hive_teach.rive.explain.facts import FACTS, Fact
from hive_teach.rive.rules import Colour

if TYPE_CHECKING:
    from hive_teach.rive.explain import Explanation
    from hive_teach.rive.moves import Action
    from hive_teach.rive.position import RiveGame

__all__ = ["LANGUAGES", "check_language", "reason", "render", "result_text", "side_name",
           "stones", "t"]

SIDES = {
    "en": ("Black", "White"),
    "de": ("Schwarz", "Weiß"),
    "zh": ("黑方", "白方"),
}

MESSAGES: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- the state of the game
    "your_turn": {
        "en": "{side} to place a stone.",
        "de": "{side} setzt einen Stein.",
        "zh": "轮到{side}放一枚棋子。",
    },
    "capturing": {
        "en": "{side} captures: remove {stones} from the outlined group.",
        "de": "{side} erobert: Nimm noch {stones} aus der umrandeten Gruppe.",
        "zh": "{side}吃子：从圈出的棋群中再拿走 {stones}。",
    },
    "result": {
        "en": "{side} wins, {n} stones to {m}",
        "de": "{side} gewinnt mit {n} zu {m} Steinen",
        "zh": "{side}以 {n} 比 {m} 枚棋子获胜",
    },
    # ---------------------------------------------------------------- what an action did
    "placed": {
        "en": "{side} placed a stone on {cell}.",
        "de": "{side} setzt einen Stein auf {cell}.",
        "zh": "{side}在 {cell} 放了一枚棋子。",
    },
    "placed_capture": {
        "en": "{side} placed a stone on {cell} and joined groups of {sizes}: a capture! "
              "Remove {stones} so that {target} are left.",
        "de": "{side} setzt auf {cell} und verbindet Gruppen mit {sizes} Steinen: eine "
              "Eroberung! Nimm {stones} weg, bis noch {target} übrig sind.",
        "zh": "{side}在 {cell} 落子，连起了 {sizes} 枚棋子的棋群：吃子！拿走 {stones}，"
              "让棋群剩下 {target} 枚。",
    },
    "removed": {
        "en": "{side} removed the stone on {cell}.",
        "de": "{side} nimmt den Stein auf {cell} weg.",
        "zh": "{side}拿走了 {cell} 上的棋子。",
    },
    "capture_done": {
        "en": "The capture is complete, so {side} places again (V6).",
        "de": "Die Eroberung ist fertig, also setzt {side} noch einmal (V6).",
        "zh": "吃子完成，所以{side}再放一枚棋子（V6）。",
    },
    "engine_played": {
        "en": "The engine answered {actions}.",
        "de": "Der Computer antwortet: {actions}.",
        "zh": "电脑应着：{actions}。",
    },
    "wait": {
        "en": "It is the engine's turn; please wait.",
        "de": "Der Computer ist am Zug; bitte warte.",
        "zh": "现在轮到电脑，请稍等。",
    },
    "undone": {
        "en": "Took back {actions}.",
        "de": "Zurückgenommen: {actions}.",
        "zh": "已悔棋：{actions}。",
    },
    "reset": {
        "en": "Back to the start.",
        "de": "Zurück zum Anfang.",
        "zh": "回到开始。",
    },
    # ---------------------------------------------------------------- exercises
    "mark_place": {
        "en": "Mark every cell where {side} may place a stone, then press Check.",
        "de": "Markiere jedes Feld, auf das {side} einen Stein setzen darf, und drücke dann "
              "Prüfen.",
        "zh": "标出{side}可以放棋子的每一个格子，然后点“检查”。",
    },
    "mark_remove": {
        "en": "Mark every stone {side} may remove now, then press Check.",
        "de": "Markiere jeden Stein, den {side} jetzt wegnehmen darf, und drücke dann Prüfen.",
        "zh": "标出{side}现在可以拿走的每一枚棋子，然后点“检查”。",
    },
    "all_found": {
        "en": "★ Well done: you found all {n}, and no wrong ones!",
        "de": "★ Sehr gut: Du hast alle {n} gefunden und kein falsches!",
        "zh": "★ 太棒了：{n} 个全部找到，而且没有错的！",
    },
    "found_some": {
        "en": "You found {found} of {n}.",
        "de": "Du hast {found} von {n} gefunden.",
        "zh": "你找到了 {n} 个中的 {found} 个。",
    },
    "wrong": {
        "en": "Not legal: {cell}: {why}",
        "de": "Nicht erlaubt: {cell}: {why}",
        "zh": "不合法：{cell}：{why}",
    },
    "solved": {
        "en": "Correct! {action} does it.",
        "de": "Richtig! {action} schafft es.",
        "zh": "正确！{action} 做到了。",
    },
    "legal_not_goal": {
        "en": "{action} is legal, but it does not do what was asked. Try again.",
        "de": "{action} ist erlaubt, erfüllt aber nicht die Aufgabe. Versuch es noch einmal.",
        "zh": "{action} 是合法的，但没有完成题目的要求。再试一次。",
    },
    "not_an_exercise": {
        "en": "Check is for the exercise 'mark every legal cell'.",
        "de": "Prüfen gehört zur Aufgabe „Markiere jedes erlaubte Feld“.",
        "zh": "“检查”只用于“标出所有合法格子”的练习。",
    },
    # ---------------------------------------------------------------- widget and diagram
    "play_button": {"en": "Play", "de": "Ausführen", "zh": "确定"},
    "action_label": {"en": "Action", "de": "Zug", "zh": "着法"},
    "cell_label": {"en": "Cell", "de": "Feld", "zh": "格子"},
    "legal_label": {"en": "Legal", "de": "Erlaubt", "zh": "合法"},
    "remove_suffix": {"en": "remove", "de": "wegnehmen", "zh": "拿走"},
    "title": {
        "en": "Rive · {side} to move · Black {black}, White {white}",
        "de": "Rive · {side} am Zug · Schwarz {black}, Weiß {white}",
        "zh": "Rive · 轮到{side} · 黑 {black}，白 {white}",
    },
    "title_capture": {
        "en": "Rive · {side} captures: remove {k} more",
        "de": "Rive · {side} erobert: noch {k} wegnehmen",
        "zh": "Rive · {side}吃子：再拿走 {k} 枚",
    },
    "title_over": {
        "en": "Rive · {result}",
        "de": "Rive · {result}",
        "zh": "Rive · {result}",
    },
    "legal_list": {
        "en": "{side} may place on: {cells}",
        "de": "{side} darf setzen auf: {cells}",
        "zh": "{side}可以放在：{cells}",
    },
    "legal_list_remove": {
        "en": "{side} may remove: {cells}",
        "de": "{side} darf wegnehmen: {cells}",
        "zh": "{side}可以拿走：{cells}",
    },
    "legal_none": {
        "en": "No legal action: the game is over.",
        "de": "Kein erlaubter Zug: Die Partie ist vorbei.",
        "zh": "没有合法着法：对局已经结束。",
    },
}

def t(key: str, lang: str = "en", **params: object) -> str:
    """The message ``key`` in ``lang`` (English if that language lacks it), filled in.

    >>> t("undo", "zh")
    '悔棋'
    """
    if key not in MESSAGES:  # the words both boards share live in hive_teach.core.i18n
        return shared_t(key, lang, **params)
    table = MESSAGES[key]
    return table.get(lang, table["en"]).format(**params)


def side_name(colour: Colour | int, lang: str = "en") -> str:
    """``Black`` or ``White`` in ``lang`` (Rive numbering: Black is 0).

    >>> side_name(Colour.WHITE, "de"), side_name(Colour.BLACK, "zh")
    ('Weiß', '黑方')
    """
    return SIDES.get(lang, SIDES["en"])[int(colour)]


def stones(n: int, lang: str = "en") -> str:
    """``n`` stones, counted in ``lang``.

    >>> stones(1), stones(2, "de"), stones(3, "zh")
    ('1 stone', '2 Steine', '3 枚棋子')
    """
    if lang == "de":
        return f"{n} Stein" if n == 1 else f"{n} Steine"
    if lang == "zh":
        return f"{n} 枚棋子"
    return f"{n} stone" if n == 1 else f"{n} stones"


def result_text(game: RiveGame, lang: str = "en") -> str:
    """Who won and by how many stones (V7); for a finished game."""
    winner = game.winner()
    if winner is None:
        raise ValueError("the game is not over yet")
    return t("result", lang, side=side_name(winner, lang), n=game.count(winner),
             m=game.count(winner.other))


def reason(game: RiveGame, action: Action | str, lang: str = "en") -> str | None:
    """Why ``action`` is illegal in ``game``, in ``lang``, ending with the rule id; ``None``
    if it is legal. Text that is no action raises ``InvalidActionError``."""
    why = game.explain(action)
    return None if why is None else why.text(lang)


def render(why: Explanation, lang: str = "en", *, rule: bool = True) -> str:
    """The explanation ``why`` as one sentence in ``lang``, from its facts; with the rule id
    at the end unless ``rule`` is False.

    >>> from hive_teach.rive import RiveGame, explain
    >>> why = explain(RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0"), "0,1")
    >>> why.kind, why.facts
    (<Kind.IN_CAPTURE: 'in-capture'>, {'remaining': 1})
    >>> render(why, "de")
    'Du bist mitten in einer Eroberung: Nimm zuerst noch 1 Stein aus der Gruppe, die du \
gebildet hast. (V5)'
    """
    cat = CATALOGUES[check_language(lang)]
    values: dict[str, object] = {}
    for name, value in why.facts.items():
        if not isinstance(value, int | str) or isinstance(value, bool):
            raise TypeError(f"the fact {name} of a Rive explanation is {value!r}")
        kind = FACTS[name]
        if kind is Fact.CELL:
            if not isinstance(value, int):
                raise TypeError(f"the cell fact {name} is {value!r}, not a cell")
            values[name] = cell_name(value)
        else:
            values[name] = value
    text = fill(cat.templates[why.kind.value], values, lang)
    return finish(text, why.rule, lang) if rule else sentence(text, lang)
