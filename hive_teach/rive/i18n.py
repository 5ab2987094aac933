"""The words of the Rive boards, diagrams and tutorial, in English, German and Chinese.

Terms follow the table at the end of RULES.md: stone / Stein / 棋子, group / Gruppe / 棋群,
capture / Eroberung / 吃子. Black moves first in Rive, so the colours are named here by
:class:`~hive_teach.rive.Colour` (Black is 0), not by the Hive side index.

:func:`reason` gives the engine's explanation of an illegal action in any of the three
languages. The engine writes English only, so for German and Chinese the case is worked out
again from the game (the same order of checks as :func:`hive_teach.rive.explain`), and the
numbers and cells come from the game, never from parsing the English sentence.

>>> from hive_teach.rive import RiveGame
>>> game = RiveGame.from_text("rive3;0,0")
>>> reason(game, "1,0", "de")
'1,0 berührt einen Stein, aber es gibt noch Felder, die keinen Stein berühren (etwa 0,-2): \
Auf eines davon musst du zuerst setzen. (V3)'
>>> reason(game, "1,0", "zh")
'1,0 挨着棋子，但还有不挨任何棋子的空格（比如 0,-2）：必须先放在这样的格子上。 (V3)'
>>> reason(game, "0,-2", "de") is None
True
>>> t("your_turn", "de", side=side_name(Colour.BLACK, "de"))
'Schwarz setzt einen Stein.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import cell_name, components
from hive_teach.core.i18n import LANGUAGES, check_language
from hive_teach.rive.explain import explain
from hive_teach.rive.rules import Action, Colour, Explanation, is_on_board

if TYPE_CHECKING:
    from hive_teach.rive.engine import RiveGame

__all__ = ["LANGUAGES", "check_language", "localize", "reason", "result_text", "side_name",
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
        "en": "Well done: you found all {n}, and no wrong ones.",
        "de": "Sehr gut: Du hast alle {n} gefunden und kein falsches.",
        "zh": "做得好：{n} 个全部找到，而且没有错的。",
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

# Explanations of illegal actions by case; the engine's English is used for "en".
REASONS: dict[str, dict[str, str]] = {
    "off_board": {
        "de": "{cell} liegt außerhalb des Bretts: Auf diesem Brett ist jedes Feld höchstens "
              "{n} Schritte von der Mitte 0,0 entfernt.",
        "zh": "{cell} 在棋盘之外：这个棋盘上每个格子离中心 0,0 最多 {n} 步。",
    },
    "over": {
        "de": "Die Partie ist vorbei: Das Brett ist voll, niemand setzt oder nimmt mehr Steine.",
        "zh": "对局已经结束：棋盘已满，谁都不能再放或拿走棋子。",
    },
    "no_capture": {
        "de": "Steine wegnehmen darfst du nur direkt nach einem Stein, der Gruppen verbindet, "
              "also bei einer Eroberung.",
        "zh": "只有在一步连起棋群的落子（吃子）之后，才能拿走棋子。",
    },
    "in_capture": {
        "de": "Du bist mitten in einer Eroberung: Nimm zuerst noch {stones} aus der Gruppe, die "
              "du gebildet hast.",
        "zh": "你正在吃子：先从你刚连成的棋群中再拿走 {stones}。",
    },
    "no_stone": {
        "de": "Auf {cell} liegt kein Stein, den du wegnehmen könntest.",
        "zh": "{cell} 上没有可以拿走的棋子。",
    },
    "not_in_group": {
        "de": "{cell} gehört nicht zu der Gruppe, die du gerade gebildet hast: Du darfst nur "
              "Steine aus dieser Gruppe wegnehmen.",
        "zh": "{cell} 不在你刚连成的棋群里：只能从这个棋群中拿走棋子。",
    },
    "split": {
        "de": "Wenn du {cell} wegnimmst, zerfällt die Gruppe in {k} Teile: Die Gruppe muss "
              "zusammenbleiben.",
        "zh": "拿走 {cell} 会把棋群分成 {k} 块：棋群必须保持连在一起。",
    },
    "occupied": {
        "de": "Auf {cell} liegt schon ein Stein: Steine kommen auf leere Felder.",
        "zh": "{cell} 上已经有棋子了：棋子只能放在空格上。",
    },
    "isolation": {
        "de": "{cell} berührt einen Stein, aber es gibt noch Felder, die keinen Stein berühren "
              "(etwa {other}): Auf eines davon musst du zuerst setzen.",
        "zh": "{cell} 挨着棋子，但还有不挨任何棋子的空格（比如 {other}）：必须先放在这样的格子上。",
    },
    "smallest": {
        "de": "Die größte Gruppe neben {cell} hat {big} Steine, neben {other} hat die größte nur "
              "{small}: Wähle ein Feld, dessen größte Nachbargruppe so klein wie möglich ist.",
        "zh": "{cell} 旁边最大的棋群有 {big} 枚棋子，而 {other} 旁边最大的只有 {small} 枚："
              "要选一个相邻最大棋群尽可能小的格子。",
    },
}

# One line per rule, should an explanation ever fit none of the cases above.
RULE_SUMMARY: dict[str, dict[str, str]] = {
    "V1": {"de": "Steine kommen auf leere Felder des Bretts; Schwarz beginnt, dann wechseln "
                 "sich beide ab.",
           "zh": "棋子放在棋盘的空格上；黑方先走，双方轮流。"},
    "V2": {"de": "Eine Gruppe sind alle über Kanten verbundenen Steine, beider Farben.",
           "zh": "由边相连的棋子（不分颜色）组成一个棋群。"},
    "V3": {"de": "Solange ein Feld keinen Stein berührt, muss der Stein auf ein solches Feld.",
           "zh": "只要还有不挨任何棋子的空格，就必须放在这样的格子上。"},
    "V4": {"de": "Die größte Nachbargruppe des gewählten Felds muss so klein wie möglich sein.",
           "zh": "所选格子相邻的最大棋群必须尽可能小。"},
    "V5": {"de": "Nach dem Verbinden von Gruppen werden Steine weggenommen, bis die Gruppe "
                 "einen Stein mehr hat als die größte verbundene; sie darf dabei nicht "
                 "zerfallen.",
           "zh": "连起棋群后要拿走棋子，直到新棋群比所连的最大棋群多一枚；拿的时候棋群不能断开。"},
    "V6": {"de": "Nach einer Eroberung setzt derselbe Spieler noch einmal.",
           "zh": "吃子之后，同一位玩家再放一枚棋子。"},
    "V7": {"de": "Die Partie endet, wenn das Brett voll ist; wer mehr Steine hat, gewinnt.",
           "zh": "棋盘放满时对局结束，棋子多的一方获胜。"},
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The message ``key`` in ``lang`` (English if that language lacks it), filled in.

    >>> t("undo", "zh")
    '悔棋'
    """
    if key not in MESSAGES:  # the words both boards share live in hive_teach.core.i18n
        from hive_teach.core.i18n import t as shared

        return shared(key, lang, **params)
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
    if isinstance(action, str):
        action = Action.parse(action)
    why = explain(game, action)
    if why is None:
        return None
    return localize(game, action, why, lang)


def localize(game: RiveGame, action: Action, why: Explanation, lang: str = "en") -> str:
    """The explanation ``why`` of ``action`` in ``game`` as one sentence in ``lang``."""
    if lang == "en":
        return str(why)
    key, params = _case(game, action, why)
    template = REASONS.get(key, {}).get(lang) if key else None
    if template is None:
        template = RULE_SUMMARY.get(why.rule, {}).get(lang, why.reason)
    return f"{template.format(**_fill(params, lang))} ({why.rule})"


def _case(game: RiveGame, action: Action, why: Explanation) -> tuple[str, dict[str, object]]:
    """Which of the explanations of :func:`hive_teach.rive.explain` applies, and its numbers."""
    params: dict[str, object] = {}
    c = action.cell
    name = cell_name(c)
    capture = game.pending_capture
    other = cell_name(why.cells[0]) if why.cells else ""
    if not is_on_board(c, game.side):
        key, params = "off_board", {"cell": name, "n": game.side - 1}
    elif game.is_over():
        key = "over"
    elif capture is None and action.is_removal:
        key = "no_capture"
    elif capture is not None and not action.is_removal:
        key, params = "in_capture", {"remaining": capture.remaining}
    elif capture is not None:
        if game.stone_at(c) is None:
            key = "no_stone"
        elif c not in capture.group:
            key = "not_in_group"
        else:
            key, params = "split", {"k": len(components(capture.group - {c}))}
        params["cell"] = name
    elif game.stone_at(c) is not None:
        key, params = "occupied", {"cell": name}
    elif game.isolated_cells():
        key, params = "isolation", {"cell": name, "other": other}
    else:
        better = why.cells[0] if why.cells else c
        key, params = "smallest", {
            "cell": name, "other": other, "big": game.largest_adjacent_group(c),
            "small": game.largest_adjacent_group(better),
        }
    expected = {"off_board": "V1", "occupied": "V1", "over": "V7", "isolation": "V3",
                "smallest": "V4"}.get(key, "V5")
    if expected != why.rule:  # a case this module does not know: use the rule's summary
        return "", {}
    return key, params


def _fill(params: dict[str, object], lang: str) -> dict[str, object]:
    """``params`` with the counts that depend on the language (``stones``) written out."""
    out = dict(params)
    remaining = out.pop("remaining", None)
    if isinstance(remaining, int):
        out["stones"] = stones(remaining, lang)
    return out
