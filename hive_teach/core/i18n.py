"""The words the boards and worksheets show, in English, German and Chinese.

Terms follow the table at the end of RULES.md, so text, widgets and diagrams agree.

>>> t("your_turn", "de", side=side_name(0, "de"))
'Weiß ist am Zug.'
>>> bug_name("A", "zh")
'兵蚁'
"""

from __future__ import annotations

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
        "en": "Well done: you found all {n} cells, and no wrong ones.",
        "de": "Sehr gut: Du hast alle {n} Felder gefunden und kein falsches.",
        "zh": "做得好：{n} 个格子全部找到，而且没有错的。",
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
    "piece_label": {"en": "Piece", "de": "Plättchen", "zh": "棋子"},
    "target_label": {"en": "To", "de": "Nach", "zh": "到"},
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
