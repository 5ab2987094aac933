"""Explanations of illegal moves in German and Chinese.

The engine's :class:`~hive_teach.explain.Explanation` carries an English sentence plus a
``kind`` tag and the pieces and cells involved. Here each kind has a template per language;
a kind without a template falls back to a one-line summary of the rule, so a learner always
reads their own language and the rule id.

>>> from hive_teach.explain import Explanation
>>> localize(Explanation("R7", "The gap is too narrow.", "gate"), "de")
'Die Lücke ist zu eng: Beide Nachbarfelder sind besetzt, das ist ein Tor. (R7)'
>>> localize(Explanation("R7", "The gap is too narrow.", "gate"), "en")
'The gap is too narrow. (R7)'
"""

from __future__ import annotations

from .explain import Explanation

RULE_SUMMARY: dict[str, dict[str, str]] = {
    "R0": {"de": "Jeder spielt nur seine eigenen Plättchen, und nur wenn er am Zug ist.",
           "zh": "每位玩家只能在自己的回合走自己的棋子。"},
    "R1": {"de": "Das erste Plättchen der Partie kommt in die Mitte.",
           "zh": "整局的第一枚棋子放在中央。"},
    "R2": {"de": "Das zweite Plättchen muss das erste berühren.",
           "zh": "第二枚棋子必须紧挨着第一枚。"},
    "R3": {"de": "Ein neues Plättchen darf nur eigene Plättchen berühren, keine des Gegners.",
           "zh": "新放的棋子只能挨着自己颜色的棋子，不能挨着对手的棋子。"},
    "R4": {"de": "Die Bienenkönigin muss spätestens im 4. Zug eingesetzt werden.",
           "zh": "蜂后最迟必须在自己的第 4 回合放上棋盘。"},
    "R5": {"de": "Solange die Bienenkönigin nicht im Spiel ist, darf kein Plättchen ziehen.",
           "zh": "蜂后上场之前，任何棋子都不能移动。"},
    "R6": {"de": "Der Schwarm muss zusammenbleiben; dieses Plättchen würde ihn trennen oder "
                 "ist zugedeckt.",
           "zh": "蜂房必须保持完整；移动这枚棋子会把蜂房分开，或者它被压住了。"},
    "R7": {"de": "Bewegungsfreiheit: Die Lücke ist zu eng, oder das Plättchen verlöre den "
                 "Kontakt zum Schwarm.",
           "zh": "自由移动规则：缝隙太窄，或者棋子会与蜂房失去接触。"},
    "R8": {"de": "Bewegungsfreiheit in der Höhe: Zwei höhere Stapel versperren den Weg.",
           "zh": "高处的自由移动：两侧更高的叠放挡住了去路。"},
    "R9": {"de": "Die Bienenkönigin zieht genau ein Feld weit.",
           "zh": "蜂后每次只能移动一格。"},
    "R10": {"de": "Der Käfer zieht genau ein Feld weit, auch auf den Schwarm hinauf.",
            "zh": "甲壳虫每次只能移动一格，也可以爬到蜂房上面。"},
    "R11": {"de": "Der Grashüpfer springt geradeaus über Plättchen ohne Lücke bis zum ersten "
                  "freien Feld.",
            "zh": "草蜢沿直线跳过连续的棋子，落在第一个空格上。"},
    "R12": {"de": "Die Spinne zieht genau drei Felder am Rand des Schwarms entlang.",
            "zh": "蜘蛛必须沿着蜂房边缘正好走三格。"},
    "R13": {"de": "Die Ameise kann nur dorthin, wo sie um den Schwarm herumgleiten kann.",
            "zh": "兵蚁只能沿蜂房外围滑到能到达的地方。"},
    "R14": {"de": "Der Moskito zieht wie ein Plättchen, das er berührt.",
            "zh": "蚊子只能模仿与它相邻的棋子的走法。"},
    "R15": {"de": "Der Marienkäfer zieht genau drei Schritte: hinauf, oben einen, hinunter.",
            "zh": "瓢虫正好走三步：爬上去、在上面走一步、再爬下来。"},
    "R16": {"de": "Die Assel kann nur ein benachbartes, freies Plättchen über sich auf ein "
                  "freies Nachbarfeld heben.",
            "zh": "潮虫只能把相邻且可移动的棋子经过自己搬到相邻的空格。"},
    "R17": {"de": "Dieses Plättchen wurde gerade bewegt und ist eine Runde lang betäubt.",
            "zh": "这枚棋子刚被移动过，这一回合不能动。"},
    "R18": {"de": "Aussetzen darf man nur, wenn kein Zug möglich ist.",
            "zh": "只有在无棋可走时才能跳过。"},
    "R19": {"de": "Die Partie ist vorbei.", "zh": "对局已经结束。"},
    "R20": {"de": "Dreimalige Stellungswiederholung ist unentschieden.",
            "zh": "同一局面第三次出现即为和棋。"},
}

# Templates by explanation kind. Placeholders: {piece} (first piece named), {pieces} (all
# pieces named), {cells} (cells named).
KIND_TEMPLATES: dict[str, dict[str, str]] = {
    "gate": {"de": "Die Lücke ist zu eng: Beide Nachbarfelder sind besetzt, das ist ein Tor.",
             "zh": "缝隙太窄：两侧的格子都被占了，这是一道关口。"},
    "lose-contact": {"de": "Auf diesem Weg verlöre das Plättchen den Kontakt zum Schwarm.",
                     "zh": "这样走，棋子会与蜂房失去接触。"},
    "pinned": {"de": "Dieses Plättchen hält den Schwarm zusammen: Ohne es würden {pieces} "
                     "abgetrennt.",
               "zh": "这枚棋子连着整个蜂房：拿走它，{pieces} 就会被分开。"},
    "covered": {"de": "{pieces} liegt obendrauf, deshalb kann das Plättchen darunter nicht "
                      "ziehen.",
                "zh": "{pieces} 压在上面，所以下面的棋子不能动。"},
    "touches-opponent": {"de": "Dieses Feld berührt {pieces} des Gegners; neue Plättchen "
                               "dürfen nur eigene berühren.",
                         "zh": "这个格子挨着对手的 {pieces}；新棋子只能挨着自己的棋子。"},
    "occupied": {"de": "Dieses Feld ist schon besetzt.", "zh": "这个格子已经有棋子了。"},
    "stunned": {"de": "{piece} wurde im letzten Zug bewegt und ist jetzt betäubt.",
                "zh": "{piece} 上一回合刚被移动过，现在不能动。"},
    "queen-not-placed": {"de": "Deine Bienenkönigin ist noch nicht im Spiel; vorher darf "
                               "nichts ziehen.",
                         "zh": "你的蜂后还没上场，在此之前任何棋子都不能移动。"},
    "queen-by-4": {"de": "Das ist dein 4. Zug und die Bienenkönigin ist noch in der Hand: "
                         "Setze sie jetzt ein.",
                   "zh": "这是你的第 4 回合，蜂后还在手中：现在必须把她放上棋盘。"},
    "not-your-turn": {"de": "{piece} gehört dem Gegner; du spielst nur deine eigenen "
                            "Plättchen.",
                      "zh": "{piece} 是对手的棋子；你只能走自己的棋子。"},
    "game-over": {"de": "Die Partie ist vorbei; es darf nicht mehr gezogen werden.",
                  "zh": "对局已经结束，不能再走棋。"},
}


def localize(why: Explanation, lang: str = "en") -> str:
    """The explanation as one sentence in ``lang``, ending with the rule id in brackets."""
    if lang == "en":
        return f"{why.reason} ({why.rule})"
    names = [p.name for p in why.pieces]
    template = KIND_TEMPLATES.get(why.kind, {}).get(lang)
    if template is None:
        template = RULE_SUMMARY.get(why.rule, {}).get(lang, why.reason)
    from .hexgrid import cell_name

    text = template.format(
        piece=names[0] if names else "",
        pieces=", ".join(names),
        cells=", ".join(cell_name(c) for c in why.cells),
    )
    return f"{text} ({why.rule})"
