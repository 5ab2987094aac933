"""Explanations of illegal moves in German and Chinese.

The engine's :class:`~hive_teach.hive.explain.Explanation` carries an English sentence plus a
``kind`` tag and the pieces and cells involved. Here every kind has a template per language
(:data:`KIND_TEMPLATES`), filled from the explanation: the pieces and cells come from its
fields; what only the English sentence says (who moves, the target cell, a distance, stack
heights, whether a Mosquito copies) is read from that sentence by fixed patterns. A Mosquito's
explanation reuses the copied bug's kind, so its sentence gets a lead saying what it copies
(:data:`MOSQUITO_TEMPLATES`). If nothing fits, a one-line summary of the rule
(:data:`RULE_SUMMARY`) is the last fallback, so a learner always reads their own language and
the rule id.

>>> from hive_teach.hive.position import Position
>>> from hive_teach.hive.explain import explain_move
>>> pos = Position.from_layout({"0,0": "wQ", "1,-1": "bQ", "2,-1": "bA1", "2,0": "bG1",
...                             "1,1": "bS1", "0,1": "wG1"}, to_move="white", turn=5)
>>> why = explain_move(pos, pos.parse_move("wQ -bG1"))
>>> localize(why, "de")
'Die Lücke zwischen wG1 und bQ ist zu eng: wQ kann nicht hindurchschlüpfen, um auf Feld 1,0 \
zu kommen. (R7)'
>>> localize(why, "zh")
'wG1 和 bQ 之间的缝隙太窄：wQ 没法从中滑到格子 1,0。(R7)'
>>> localize(why, "en")
'The gap between wG1 and bQ is too narrow: wQ cannot slide through it to cell 1,0. (R7)'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from hive_teach.core.hexgrid import cell_name
from hive_teach.core.i18n import BUG_NAMES, SIDES
from hive_teach.hive.explain import Explanation

RULE_SUMMARY: dict[str, dict[str, str]] = {
    "R0": {"de": "Jeder spielt nur seine eigenen Steine, und nur wenn er am Zug ist.",
           "zh": "每位玩家只能在自己的回合走自己的棋子。"},
    "R1": {"de": "Der erste Stein der Partie kommt in die Mitte.",
           "zh": "整局的第一枚棋子放在中央。"},
    "R2": {"de": "Der zweite Stein muss den ersten berühren.",
           "zh": "第二枚棋子必须紧挨着第一枚。"},
    "R3": {"de": "Ein neuer Stein darf nur eigene Steine berühren, keine des Gegners.",
           "zh": "新放的棋子只能挨着自己颜色的棋子，不能挨着对手的棋子。"},
    "R4": {"de": "Die Bienenkönigin muss spätestens im 4. Zug eingesetzt werden.",
           "zh": "蜂后最迟必须在自己的第 4 回合放上棋盘。"},
    "R5": {"de": "Solange die Bienenkönigin nicht im Spiel ist, darf kein Stein ziehen.",
           "zh": "蜂后上场之前，任何棋子都不能移动。"},
    "R6": {"de": "Der Schwarm muss zusammenbleiben; dieser Stein würde ihn trennen oder "
                 "ist zugedeckt.",
           "zh": "蜂房必须保持完整；移动这枚棋子会把蜂房分开，或者它被压住了。"},
    "R7": {"de": "Bewegungsfreiheit: Die Lücke ist zu eng, oder der Stein verlöre den "
                 "Kontakt zum Schwarm.",
           "zh": "自由移动规则：缝隙太窄，或者棋子会与蜂房失去接触。"},
    "R8": {"de": "Bewegungsfreiheit in der Höhe: Zwei höhere Stapel versperren den Weg.",
           "zh": "高处的自由移动：两侧更高的叠放挡住了去路。"},
    "R9": {"de": "Die Bienenkönigin zieht genau ein Feld weit.",
           "zh": "蜂后每次只能移动一格。"},
    "R10": {"de": "Der Käfer zieht genau ein Feld weit, auch auf den Schwarm hinauf.",
            "zh": "甲壳虫每次只能移动一格，也可以爬到蜂房上面。"},
    "R11": {"de": "Der Grashüpfer springt geradeaus über Steine ohne Lücke bis zum ersten "
                  "freien Feld.",
            "zh": "草蜢沿直线跳过连续的棋子，落在第一个空格上。"},
    "R12": {"de": "Die Spinne zieht genau drei Felder am Rand des Schwarms entlang.",
            "zh": "蜘蛛必须沿着蜂房边缘正好走三格。"},
    "R13": {"de": "Die Ameise kann nur dorthin, wo sie um den Schwarm herumgleiten kann.",
            "zh": "兵蚁只能沿蜂房外围滑到能到达的地方。"},
    "R14": {"de": "Der Moskito zieht wie ein Stein, den er berührt.",
            "zh": "蚊子只能模仿与它相邻的棋子的走法。"},
    "R15": {"de": "Der Marienkäfer zieht genau drei Schritte: hinauf, oben einen, hinunter.",
            "zh": "瓢虫正好走三步：爬上去、在上面走一步、再爬下来。"},
    "R16": {"de": "Die Assel kann nur einen benachbarten, freien Stein über sich auf ein "
                  "freies Nachbarfeld heben.",
            "zh": "潮虫只能把相邻且可移动的棋子经过自己搬到相邻的空格。"},
    "R17": {"de": "Dieser Stein wurde gerade bewegt und ist eine Runde lang betäubt.",
            "zh": "这枚棋子刚被移动过，这一回合不能动。"},
    "R18": {"de": "Aussetzen darf man nur, wenn kein Zug möglich ist.",
            "zh": "只有在无棋可走时才能跳过。"},
    "R19": {"de": "Die Partie ist vorbei.", "zh": "对局已经结束。"},
    "R20": {"de": "Dreimalige Stellungswiederholung ist unentschieden.",
            "zh": "同一局面第三次出现即为和棋。"},
}

# Templates by explanation kind: the key is the kind, or ``kind/variant`` when the English
# sentence comes in several shapes (a gate met on the way, a gate seen by a Spider, ...).
# A template is one sentence without its final full stop. Placeholders:
#   piece names ({mover}, {piece}, {a}, {c}, {thrower}, ...) and cells ({to}, {cell}, ...) as
#   they are ("wQ", "1,0"); lists of pieces ({cut}, {above}, {enemy}, {others}) joined by
#   "und" / "、"; numbers ({n}, {d}, {ha}, ...).
#   {x:eins/viele} picks the singular or plural word by the number of x (German grammar);
#   {h:level} says where a piece stands ("auf dem Boden", "auf einem Stapel der Höhe 2").
#   {bug:...} is a bug type: {bug} its name, {bug:ein}/{bug:Ein}, {bug:der}/{bug:Der},
#   {bug:den}, {bug:keinen} with the German article, {bug:subj} the subject of a sentence
#   ("Eine Spinne"; in Chinese 它 when a Mosquito's lead has just named the bug).
KIND_TEMPLATES: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- whole game, turn
    "game-over": {
        "de": "Die Partie ist schon vorbei ({result}), es darf kein Zug mehr gespielt werden",
        "zh": "对局已经结束（{result}），不能再走棋了"},
    "not-in-game": {
        "de": "In einer {game}-Partie gibt es {bug:keinen}, deshalb kann {piece} nicht "
              "mitspielen",
        "zh": "{game} 对局里没有{bug}，所以 {piece} 不能上场"},
    "not-your-turn": {
        "de": "{turn} ist am Zug, aber {piece} gehört {owner}: Jeder spielt nur mit seinen "
              "eigenen Steinen (ein gegnerischer Stein bewegt sich nur, wenn deine Assel ihn "
              "wirft)",
        "zh": "现在轮到{turn}，而 {piece} 属于{owner}：每位玩家只能走自己的棋子（只有你的潮虫"
              "搬运时，对手的棋子才会被移动）"},
    "not-your-turn/mosquito": {
        "de": "{turn} ist am Zug, aber {piece} gehört {owner}: Jeder spielt nur mit seinen "
              "eigenen Steinen, und dein Moskito {mosq} könnte {piece} nur werfen, wenn er "
              "eine Assel berührt, doch er berührt keine",
        "zh": "现在轮到{turn}，而 {piece} 属于{owner}：每位玩家只能走自己的棋子；你的蚊子 "
              "{mosq} 只有挨着潮虫时才能搬运 {piece}，可它一只潮虫也没挨着"},
    "piece-order": {
        "de": "Gleiche Steine kommen der Nummer nach ins Spiel: Setze zuerst {first} ein, "
              "dann erst {piece}",
        "zh": "同一种棋子要按编号顺序上场：先放 {first}，再放 {piece}"},
    "no-destination": {
        "de": "Der Zug nennt kein Feld, auf das {piece} gehen soll",
        "zh": "这步棋没有说 {piece} 要去哪个格子"},
    "pass-with-moves": {
        "de": "Aussetzen darfst du nur, wenn du keinen erlaubten Zug hast, und du hast noch "
              "{n} {n:erlaubten Zug/erlaubte Züge} (zum Beispiel {example})",
        "zh": "只有在无棋可走时才能跳过，而你还有 {n} 种合法走法（比如 {example}）"},
    # ---------------------------------------------------------------- placing
    "queen-by-4": {
        "de": "Das ist dein 4. Zug und deine Bienenkönigin ist noch in deiner Hand, also musst "
              "du sie ({queen}) jetzt einsetzen",
        "zh": "这是你的第 4 回合，而你的蜂后还在手中，所以现在必须把她（{queen}）放上棋盘"},
    "queen-first-turn": {
        "de": "Mit der Turnierregel darf die Bienenkönigin ({queen}) nicht in deinem ersten "
              "Zug eingesetzt werden",
        "zh": "按照比赛规则，蜂后（{queen}）不能在你的第一回合放上棋盘"},
    "first-placement": {
        "de": "Der erste Stein der Partie kommt in die Mitte des Tisches, auf Feld {cell}",
        "zh": "整局的第一枚棋子要放在桌子中央，也就是格子 {cell}"},
    "second-placement": {
        "de": "Der zweite Stein der Partie muss den ersten berühren, also {first}",
        "zh": "整局的第二枚棋子必须紧挨着第一枚棋子 {first}"},
    "touches-opponent": {
        "de": "Dieses Feld berührt {enemy:den Stein/die Steine} {enemy} des Gegners, aber ein "
              "neuer Stein darf nur Steine der eigenen Farbe berühren",
        "zh": "这个格子挨着对手的 {enemy}，可新放的棋子只能挨着自己颜色的棋子"},
    "not-touching": {
        "de": "Feld {to} berührt keinen Stein, aber ein neuer Stein muss einen deiner eigenen "
              "Steine berühren",
        "zh": "格子 {to} 没有挨着任何棋子，可新放的棋子必须挨着你自己的一枚棋子"},
    "no-placement": {
        "de": "Kein freies Feld berührt deine Steine, ohne auch gegnerische zu berühren, "
              "deshalb kann {piece} jetzt nicht eingesetzt werden",
        "zh": "没有哪个空格只挨着你的棋子而不挨着对手的棋子，所以现在不能放 {piece}"},
    "occupied": {  # a placement (R3)
        "de": "Feld {to} ist schon von {top} besetzt: Ein neuer Stein kommt nie auf einen "
              "anderen, sondern immer auf ein freies Feld",
        "zh": "格子 {to} 上已经有 {top} 了：新棋子不能放在别的棋子上面，只能放在空格里"},
    # ---------------------------------------------------------------- may it move at all
    "queen-not-placed": {
        "de": "Deine Bienenkönigin {queen} ist noch nicht auf dem Brett, und bevor sie "
              "eingesetzt ist, darf kein Stein ziehen",
        "zh": "你的蜂后 {queen} 还没放上棋盘，在她上场之前任何棋子都不能移动"},
    "queen-not-placed/throw": {
        "de": "Deine Bienenkönigin {queen} ist noch nicht auf dem Brett, deshalb darf "
              "{tbug:der} {thrower} {power} noch nicht einsetzen",
        "zh": "你的蜂后 {queen} 还没放上棋盘，所以{tbug} {thrower} 还不能使用{power}"},
    "stunned": {
        "de": "{piece} {how} und ist deshalb betäubt: {piece} kann in diesem Zug nicht ziehen",
        "zh": "{piece} {how}，所以被晕住了，这一回合不能移动"},
    "stunned/throw": {
        "de": "{piece} {how} und ist deshalb betäubt: {thrower} kann {piece} in diesem Zug "
              "nicht werfen",
        "zh": "{piece} {how}，所以被晕住了：这一回合 {thrower} 不能搬运它"},
    "thrower-stunned": {
        "de": "{thrower} {how} und ist deshalb betäubt: {tbug:Der} {thrower} kann {power} in "
              "diesem Zug nicht einsetzen",
        "zh": "{thrower} {how}，所以被晕住了，这一回合不能使用{power}"},
    "covered": {
        "de": "{above} {above:sitzt/sitzen} auf {piece}, deshalb kann {piece} nicht ziehen",
        "zh": "{above} 压在 {piece} 上面，所以 {piece} 不能移动"},
    "covered/power": {
        "de": "{above} {above:sitzt/sitzen} auf {piece}, deshalb kann {piece} weder ziehen "
              "noch ihre Kraft einsetzen",
        "zh": "{above} 压在 {piece} 上面，所以 {piece} 既不能移动，也不能使用它的能力"},
    "covered/throw": {
        "de": "{above} {above:sitzt/sitzen} auf {piece}, und {thrower} kann nur einen Stein "
              "werfen, auf dem nichts sitzt",
        "zh": "{above} 压在 {piece} 上面，而 {thrower} 只能搬运上面没有压着棋子的棋子"},
    "pinned": {
        "de": "Wenn {mover} weggeht, {cut:wird/werden} {cut} vom Rest des Schwarms getrennt, "
              "aber der Schwarm muss immer zusammenbleiben",
        "zh": "移动 {mover} 会把 {cut} 与蜂房的其余部分分开，而蜂房必须始终保持完整"},
    "pinned/throw": {
        "de": "Hebt man {mover} hoch, {cut:wird/werden} {cut} vom Rest des Schwarms getrennt, "
              "deshalb kann {thrower} {mover} nicht werfen: Der Schwarm muss immer "
              "zusammenbleiben",
        "zh": "移动 {mover} 会把 {cut} 与蜂房的其余部分分开，所以 {thrower} 不能搬运它："
              "蜂房必须始终保持完整"},
    "mosquito-alone": {
        "de": "{mosq} berührt nur {others}, und ein Moskito kann keinen anderen Moskito "
              "nachmachen, deshalb kann {mosq} gar nicht ziehen",
        "zh": "{mosq} 只挨着 {others}，而蚊子不能模仿另一只蚊子，所以它根本没法移动"},
    # ---------------------------------------------------------------- where it moves
    "same-cell": {
        "de": "{mover} steht schon auf Feld {cell}: Ein Zug muss auf einem anderen Feld enden "
              "als dort, wo er angefangen hat",
        "zh": "{mover} 已经在格子 {cell} 上了：一步棋必须停在和出发点不同的格子上"},
    "same-cell/throw": {
        "de": "{piece} liegt schon auf Feld {cell}, und ein Wurf setzt ihn auf einem anderen "
              "Feld ab",
        "zh": "{piece} 已经在格子 {cell} 上了，而搬运必须把它放到另一个格子上"},
    "too-far": {  # Queen Bee, Pillbug: one step
        "de": "{bug:subj} zieht nur ein Feld weit, und Feld {to} ist {n} {n:Feld/Felder} von "
              "{mover} entfernt",
        "zh": "{bug:subj}每次只能移动一格，而格子 {to} 离 {mover} 有 {n} 格远"},
    "too-far/beetle": {
        "de": "{bug:subj} zieht nur ein Feld weit (auf dem Boden oder über den Schwarm), und "
              "Feld {to} ist {n} {n:Feld/Felder} von {mover} entfernt",
        "zh": "{bug:subj}每次只能移动一格（在地面上或在蜂房上面），而格子 {to} 离 {mover} "
              "有 {n} 格远"},
    "too-far/spider": {
        "de": "Feld {to} ist für {mover} am Rand des Schwarms entlang {n} {n:Schritt/Schritte} "
              "entfernt, und {bug:ein} geht immer genau drei",
        "zh": "沿着蜂房边缘，格子 {to} 离 {mover} 有 {n} 步远，而{bug}总是正好走三步"},
    "too-far/ladybug": {
        "de": "{bug:subj} geht immer genau drei Schritte (hinauf, oben entlang, hinunter), und "
              "Feld {to} ist {n} {n:Feld/Felder} von {mover} entfernt",
        "zh": "{bug:subj}总是正好走三步（爬上去、在上面走一步、爬下来），而格子 {to} 离 "
              "{mover} 有 {n} 格远"},
    "too-far/throw": {
        "de": "{thrower} kann {piece} nur auf einem freien Feld direkt neben sich absetzen, und "
              "Feld {to} liegt nicht neben {thrower}",
        "zh": "{thrower} 只能把 {piece} 放到紧挨着自己的空格上，而格子 {to} 不挨着 {thrower}"},
    "occupied/walk": {
        "de": "Feld {to} ist schon von {top} besetzt, und {bug:ein} zieht nur auf ein freies "
              "Feld",
        "zh": "格子 {to} 已经被 {top} 占了，而{bug}只能走进空格"},
    "occupied/ladybug": {
        "de": "Feld {to} ist schon von {top} besetzt, und {bug:ein} klettert am Ende immer auf "
              "ein freies Feld hinunter: Sein Zug endet nie oben auf dem Schwarm",
        "zh": "格子 {to} 已经被 {top} 占了，而{bug}最后总要爬下到一个空格里：它从不停在"
              "蜂房上面"},
    "occupied/grasshopper": {
        "de": "Feld {to} ist schon von {top} besetzt, und {bug:ein} springt über alle "
              "Steine auf seinem Weg und landet auf dem ersten freien Feld, hier auf Feld {land}",
        "zh": "格子 {to} 已经被 {top} 占了，而{bug}会跳过路上所有的棋子，落在第一个空格上，"
              "这里是格子 {land}"},
    "occupied/throw": {
        "de": "Feld {to} ist schon von {top} besetzt, und {thrower} setzt einen geworfenen "
              "Stein nur auf einem freien Feld ab",
        "zh": "格子 {to} 已经被 {top} 占了，而 {thrower} 只能把搬起的棋子放到空格里"},
    "gate": {
        "de": "Die Lücke zwischen {a} und {c} ist zu eng: {mover} kann nicht "
              "hindurchschlüpfen, um auf Feld {to} zu kommen",
        "zh": "{a} 和 {c} 之间的缝隙太窄：{mover} 没法从中滑到格子 {to}"},
    "gate/way": {
        "de": "Die Lücke zwischen {a} und {c} ist zu eng: {mover} kann auf dem Weg nach Feld "
              "{to} nicht hindurchschlüpfen, um auf Feld {via} zu kommen",
        "zh": "{a} 和 {c} 之间的缝隙太窄：{mover} 在去格子 {to} 的路上，没法从中滑到格子 "
              "{via}"},
    "gate/pocket": {
        "de": "Feld {to} ist von {mover} durch die Lücke zwischen {a} und {c} abgeschnitten, "
              "und diese Lücke ist zu eng zum Hindurchschlüpfen",
        "zh": "{a} 和 {c} 之间的缝隙把格子 {to} 与 {mover} 隔开了，这道缝隙太窄，滑不过去"},
    "gate/spider": {
        "de": "{mover} käme in drei Schritten nur durch die Lücke zwischen {a} und {c} auf "
              "Feld {to}, und diese Lücke ist zu eng zum Hindurchschlüpfen",
        "zh": "{mover} 要三步走到格子 {to}，只能从 {a} 和 {c} 之间挤过去，可这道缝隙太窄，"
              "滑不过去"},
    "no-contact": {
        "de": "{mover} würde den Kontakt zum Schwarm verlieren: Auf dem Weg nach Feld {to} "
              "liegt auf keiner Seite ein Stein, und man muss am Schwarm entlanggleiten",
        "zh": "{mover} 会与蜂房失去接触：去格子 {to} 的路两边都没有棋子，而棋子必须贴着"
              "蜂房滑动"},
    "height-gate": {  # {action} is one of HEIGHT_ACTIONS
        "de": "{mover} kann {action}: Die Stapel auf beiden Seiten der Lücke, {a} (Höhe {ha}) "
              "und {c} (Höhe {hc}), sind höher als das Startfeld von {who} ({s:level}) und "
              "als das Zielfeld ({d:level})",
        "zh": "{mover} {action}：缝隙两侧的叠放 {a}（{ha} 层高）和 {c}（{hc} 层高），都比 "
              "{who} 出发的地方（{s:level}）和落下的地方（{d:level}）高"},
    "not-in-line": {
        "de": "{bug:subj} springt nur geradeaus, und Feld {to} liegt in keiner der sechs "
              "Richtungen auf einer Linie mit {mover}",
        "zh": "{bug:subj}只能沿直线跳，而格子 {to} 不在 {mover} 六个方向的任何一条直线上"},
    "nothing-to-jump": {
        "de": "{bug:subj} muss über mindestens einen Stein springen, und das Feld neben "
              "{mover} in dieser Richtung ({first}) ist leer",
        "zh": "{bug:subj}至少要跳过一枚棋子，而 {mover} 在这个方向上紧挨着的格子（{first}）"
              "是空的"},
    "gap": {
        "de": "Auf dem Weg ist eine Lücke: {mover} würde schon auf Feld {land} landen, und "
              "{bug:ein} kann nicht über ein leeres Feld springen",
        "zh": "路上有个空格：{mover} 会先落在格子 {land}，而{bug}不能跳过空格"},
    "wrong-count": {
        "de": "{mover} erreicht Feld {to} in {d} {d:Schritt/Schritten}, aber nie in genau 3, "
              "und {bug:ein} geht immer genau drei Schritte",
        "zh": "{mover} 走 {d} 步就能到格子 {to}，却没法正好走 3 步到那里，而{bug}总是正好"
              "走三步"},
    "revisit": {
        "de": "{mover} erreicht Feld {to} in {d} {d:Schritt/Schritten}, aber jeder Weg dorthin "
              "mit genau drei Schritten führt zweimal über Feld {twice}, und {bug:ein} betritt "
              "in einem Zug nie ein Feld zweimal",
        "zh": "{mover} 走 {d} 步就能到格子 {to}，可正好走三步的路都要两次经过格子 "
              "{twice}，而{bug}在一步棋里绝不会两次进入同一个格子"},
    "revisit/start": {
        "de": "{mover} erreicht Feld {to} in {d} {d:Schritt/Schritten}, aber jeder Weg dorthin "
              "mit genau drei Schritten führt zweimal über das Startfeld {twice}, und "
              "{bug:ein} betritt in einem Zug nie ein Feld zweimal",
        "zh": "{mover} 走 {d} 步就能到格子 {to}，可正好走三步的路都要两次经过出发的格子 "
              "{twice}，而{bug}在一步棋里绝不会两次进入同一个格子"},
    "off-hive": {
        "de": "Feld {to} berührt den Schwarm nicht ({mover} selbst zählt nicht mit), und "
              "{bug:ein} läuft immer am Rand des Schwarms entlang",
        "zh": "格子 {to} 没有挨着蜂房（{mover} 自己不算），而{bug}只能沿着蜂房边缘走"},
    "off-hive/ladybug": {
        "de": "Feld {to} berührt den Schwarm nicht ({mover} selbst zählt nicht mit), also hat "
              "{bug:ein} dort keinen Stein, von dem er hinunterklettern könnte",
        "zh": "格子 {to} 没有挨着蜂房（{mover} 自己不算），所以{bug}在那里没有可以爬下来的"
              "棋子"},
    "enclosed": {  # the target is surrounded
        "de": "Feld {cell} ist auf allen sechs Seiten von Steinen umgeben, deshalb kann "
              "{mover} nicht hineingleiten",
        "zh": "格子 {cell} 的六面都被棋子围住了，所以 {mover} 滑不进去"},
    "enclosed/hole": {
        "de": "Feld {cell} liegt in einem Loch, das ringsum vom Schwarm eingeschlossen ist, "
              "deshalb kann {mover} nicht hineingleiten",
        "zh": "格子 {cell} 在一个被蜂房围起来的洞里，所以 {mover} 滑不进去"},
    "enclosed/start": {
        "de": "{mover} ist auf allen sechs Seiten von Steinen umgeben, deshalb kann {mover} "
              "nicht hinausgleiten",
        "zh": "{mover} 的六面都被棋子围住了，所以它滑不出来"},
    "enclosed/start-hole": {
        "de": "{mover} liegt in einem Loch, das ringsum vom Schwarm eingeschlossen ist, "
              "deshalb kann {mover} nicht hinausgleiten",
        "zh": "{mover} 在一个被蜂房围起来的洞里，所以它滑不出来"},
    "enclosed/edge": {
        "de": "{mover} müsste den Rand des Schwarms verlassen, um Feld {cell} zu erreichen",
        "zh": "{mover} 必须离开蜂房的边缘才能到达格子 {cell}"},
    "no-path": {
        "de": "{bug:subj} klettert auf einen Nachbarstein, geht oben einen Schritt zu einem "
              "anderen Stein und klettert dann hinunter, aber von {mover} nach Feld {to} "
              "führen keine zwei Steine auf diese Weise",
        "zh": "{bug:subj}要先爬上旁边的一枚棋子，在上面走一步到另一枚棋子上，再爬下来，可从 "
              "{mover} 到格子 {to} 找不到这样的两枚棋子"},
    # ---------------------------------------------------------------- the Pillbug's power
    "not-adjacent": {
        "de": "{piece} liegt nicht neben der Assel, die ihn werfen soll",
        "zh": "{piece} 没有挨着要搬运它的潮虫"},
    "not-adjacent/thrower": {
        "de": "{piece} liegt nicht neben {thrower}, deshalb kann {thrower} {piece} nicht werfen",
        "zh": "{piece} 没有挨着 {thrower}，所以 {thrower} 不能搬运它"},
    "stacked": {
        "de": "{piece} liegt oben auf einem Stapel, und {thrower} kann nur einen Stein "
              "werfen, der allein auf dem Boden liegt",
        "zh": "{piece} 在一叠棋子的最上面，而 {thrower} 只能搬运单独待在地面上的棋子"},
    "thrower-covered": {
        "de": "{above} {above:sitzt/sitzen} auf {thrower}, deshalb kann {tbug:der} {thrower} "
              "{power} nicht einsetzen",
        "zh": "{above} 压在 {thrower} 上面，所以{tbug} {thrower} 不能使用{power}"},
    "thrower-on-top": {
        "de": "{thrower} ist oben auf dem Schwarm und zieht dort nur wie ein Käfer, deshalb "
              "kann {thrower} die Kraft der Assel nicht einsetzen",
        "zh": "{thrower} 在蜂房上面，在那里只能像甲壳虫一样走，所以不能使用潮虫的能力"},
    "no-room": {
        "de": "{thrower} hat kein freies Feld neben sich, auf dem {piece} abgesetzt werden "
              "könnte",
        "zh": "{thrower} 旁边没有空格可以放下 {piece}"},
    # ---------------------------------------------------------------- a piece with no move
    "stuck": {  # a one-step walker: Queen Bee, Pillbug, Beetle
        "de": "{piece} kann nirgendwohin: Jedes Nachbarfeld ist besetzt oder hinter einer zu "
              "engen Lücke",
        "zh": "{piece} 无处可去：旁边的每个格子要么被占了，要么被过不去的窄缝挡住了"},
    "stuck/surrounded": {
        "de": "{piece} ist auf allen sechs Seiten von Steinen umgeben, deshalb kann {piece} "
              "nicht hinausgleiten",
        "zh": "{piece} 的六面都被棋子围住了，所以它滑不出来"},
    "stuck/spider": {
        "de": "{piece} kann nirgendwohin: Kein Weg aus genau drei Schritten ist frei",
        "zh": "{piece} 无处可去：没有一条正好三步的路是通的"},
    "stuck/ladybug": {
        "de": "{piece} kann nirgendwohin: Es gibt keinen freien Weg hinauf auf den Schwarm, "
              "oben entlang und hinunter auf ein freies Feld",
        "zh": "{piece} 无处可去：找不到一条爬上蜂房、在上面走一步、再爬下到空格的通路"},
    "stuck/gate": {
        "de": "{piece} kann nirgendwohin: Jeder Weg hinaus ist durch eine zu enge Lücke "
              "versperrt",
        "zh": "{piece} 无处可去：每条出路都被太窄的缝隙挡住了"},
    "stuck/mosquito": {
        "de": "{piece} kann {copies} nachmachen, aber keine dieser Gangarten ist hier frei",
        "zh": "{piece} 可以模仿 {copies}，但这些走法在这里都走不通"},
}

# The lead of a Mosquito's explanation; {inner} is the copied bug's sentence, joined on as a
# main clause (in German with its first word in lower case, unless it is a noun or a name).
MOSQUITO_TEMPLATES: dict[str, dict[str, str]] = {
    "only": {
        "de": "{mosq} kann nur {via} nachmachen, zieht hier also wie {bug:ein}, aber {inner}",
        "zh": "{mosq} 只能模仿 {via}，所以这里它像{bug}一样走，可是{inner}"},
    "copies": {
        "de": "{mosq} kann {copies} nachmachen, kommt aber mit keiner dieser Gangarten auf "
              "Feld {to}, als {bug} zum Beispiel nicht, denn {inner}",
        "zh": "{mosq} 可以模仿 {copies}，但这些走法都到不了格子 {to}，比如作为{bug}就不行，"
              "因为{inner}"},
    "on-top": {
        "de": "Oben auf dem Schwarm zieht {mosq} nur wie ein Käfer; {inner}",
        "zh": "{mosq} 在蜂房上面时只能像甲壳虫一样走；{inner}"},
}

# What a piece cannot do in a "height-gate" explanation (the {action} there).
HEIGHT_ACTIONS: dict[str, dict[str, str]] = {
    "onto": {"de": "nicht auf {onto} klettern", "zh": "没法爬到 {onto} 上面"},
    "down": {"de": "nicht auf Feld {to} hinunterklettern", "zh": "没法爬下到格子 {to}"},
    "cross": {"de": "nicht von {src} zu {onto} hinüberklettern",
              "zh": "没法从 {src} 爬到 {onto} 上面"},
    "down-from": {"de": "nicht von {src} auf Feld {to} hinunterklettern",
                  "zh": "没法从 {src} 爬下到格子 {to}"},
    "lift": {"de": "{piece} nicht auf sich hinaufheben", "zh": "没法把 {piece} 搬到自己背上"},
    "set": {"de": "{piece} nicht auf Feld {to} absetzen", "zh": "没法把 {piece} 放到格子 {to}"},
}

# Words some templates need, by key.
WORDS: dict[str, dict[str, str]] = {
    "how-moved": {"de": "hat sich im letzten Zug bewegt", "zh": "上一回合刚移动过"},
    "how-placed": {"de": "wurde im letzten Zug eingesetzt", "zh": "上一回合刚放上棋盘"},
    "how-thrown": {"de": "wurde im letzten Zug von einer Assel geworfen",
                   "zh": "上一回合刚被潮虫搬运过"},
    "power-P": {"de": "ihre Kraft", "zh": "它的能力"},
    "power-M": {"de": "die Kraft der Assel", "zh": "潮虫的能力"},
    "white-won": {"de": "Weiß hat gewonnen", "zh": "白方获胜"},
    "black-won": {"de": "Schwarz hat gewonnen", "zh": "黑方获胜"},
    "draw": {"de": "unentschieden", "zh": "和棋"},
}

LANGUAGES = ("de", "zh")
"""The languages with templates (English is the engine's own sentence)."""


# ----------------------------------------------------------------------------- public API
def localize(why: Explanation, lang: str = "en") -> str:
    """The explanation as one sentence in ``lang``, ending with the rule id in brackets.

    English is the engine's own sentence. German and Chinese use the kind's template
    (:func:`precise`); if none fits, the rule's summary; for other languages the English.
    """
    if lang == "en":
        return f"{why.reason} ({why.rule})"
    text = precise(why, lang)
    if text is not None:
        return text
    summary = RULE_SUMMARY.get(why.rule, {}).get(lang, why.reason)
    return f"{summary}{'' if lang == 'zh' else ' '}({why.rule})"


def precise(why: Explanation, lang: str) -> str | None:
    """The sentence from the kind's template, as specific as the English one, or None if no
    template fits (an unknown kind or language, or an English sentence of a shape the
    patterns here do not know)."""
    if lang not in LANGUAGES:
        return None
    try:
        lead, key, facts = _plan(why)
        text = _fill(KIND_TEMPLATES[key][lang], facts, lang, pronoun=lead is not None)
        if lead is not None:
            inner = _lower_first_de(text) if lang == "de" else text
            facts = {"mosq": lead.mosq, "via": lead.via, "copies": lead.copies,
                     "bug": _BugRef(lead.bug), "to": lead.to, "inner": inner}
            text = _fill(MOSQUITO_TEMPLATES[lead.kind][lang], facts, lang)
    except (KeyError, IndexError, ValueError):
        return None
    if lang == "zh":
        return f"{_tidy_zh(text)}。({why.rule})"
    return f"{text}. ({why.rule})"


def template_keys(why: Explanation) -> tuple[str, str | None] | None:
    """Which templates :func:`precise` uses: the key in :data:`KIND_TEMPLATES` and the key in
    :data:`MOSQUITO_TEMPLATES` (None when no Mosquito moves); None if none fits."""
    try:
        lead, key, _facts = _plan(why)
    except (KeyError, IndexError, ValueError):
        return None
    if key not in KIND_TEMPLATES:
        return None
    return key, (lead.kind if lead else None)


def _plan(why: Explanation) -> tuple[_Lead | None, str, dict[str, object]]:
    lead, core = _mosquito_lead(why.reason)
    variant, facts = _BUILDERS[why.kind](why, core, lead.bug if lead else None)
    return lead, (f"{why.kind}/{variant}" if variant else why.kind), facts


def join_names(items: list[str] | tuple[str, ...], lang: str = "en") -> str:
    """A list for a sentence: ``a, b and c`` / ``a, b und c`` / ``a、b、c``.

    >>> join_names(["wQ", "bS1", "bA1"], "de"), join_names(["wQ", "bS1"], "zh")
    ('wQ, bS1 und bA1', 'wQ、bS1')
    """
    items = list(items)
    if lang == "zh":
        return "、".join(items)
    if len(items) <= 1:
        return "".join(items)
    last = {"de": " und ", "en": " and "}.get(lang, ", ")
    return ", ".join(items[:-1]) + last + items[-1]


# ----------------------------------------------------------------------------- filling
_GERMAN_GENDER = {"Q": "f", "B": "m", "G": "m", "S": "f", "A": "f", "M": "m", "L": "m", "P": "f"}
_GERMAN_ARTICLES = {  # spec: (masculine, feminine)
    "ein": ("ein", "eine"), "der": ("der", "die"), "den": ("den", "die"),
    "keinen": ("keinen", "keine"),
}


@dataclass(frozen=True)
class _BugRef:
    """A bug type by its UHP letter, to be named with or without an article."""

    letter: str


@dataclass(frozen=True)
class _Word:
    """A word from :data:`WORDS`."""

    key: str


@dataclass(frozen=True)
class _Side:
    colour: int  # 0 white, 1 black


class _Value:
    """One placeholder's value, formatted for ``lang`` by the spec after the colon."""

    def __init__(self, raw: object, lang: str, pronoun: bool) -> None:
        self.raw, self.lang, self.pronoun = raw, lang, pronoun

    def __format__(self, spec: str) -> str:
        raw, lang = self.raw, self.lang
        if isinstance(raw, _BugRef):
            return self._bug(raw.letter, spec)
        if isinstance(raw, _Word):
            return WORDS[raw.key][lang]
        if isinstance(raw, _Side):
            return SIDES[lang][raw.colour]
        if isinstance(raw, int) and not isinstance(raw, bool):
            if spec == "level":
                if lang == "zh":
                    return "地面上" if raw == 0 else f"{raw} 层高的叠放上"
                return "auf dem Boden" if raw == 0 else f"auf einem Stapel der Höhe {raw}"
            return _number_word(raw, spec) if spec else str(raw)
        if isinstance(raw, tuple) and raw and isinstance(raw[0], tuple):  # Mosquito copies
            if lang == "zh":
                return join_names([f"{via} 的{BUG_NAMES['zh'][b]}" for b, via in raw], lang)
            return join_names([f"{_german(b, 'den')} von {via}" for b, via in raw], lang)
        if isinstance(raw, tuple):
            return _number_word(len(raw), spec) if spec else join_names(raw, lang)
        if spec:
            raise ValueError(f"no format {spec!r} for {raw!r}")
        return str(raw)

    def _bug(self, letter: str, spec: str) -> str:
        if spec == "subj":  # German repeats the noun: "sie" could mean the Mosquito too
            if self.pronoun and self.lang == "zh":
                return "它"
            spec = "Ein"
        if self.lang == "zh" or not spec:
            return BUG_NAMES[self.lang][letter]
        text = _german(letter, spec.lower())
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text


def _german(letter: str, article: str) -> str:
    word = _GERMAN_ARTICLES[article][_GERMAN_GENDER[letter] == "f"]
    return f"{word} {BUG_NAMES['de'][letter]}"


def _number_word(n: int, spec: str) -> str:
    one, _, many = spec.partition("/")
    if not many:
        raise ValueError(f"a number format is 'one/many', not {spec!r}")
    return one if n == 1 else many


class _Facts(dict):
    def __init__(self, facts: dict[str, object], lang: str, pronoun: bool) -> None:
        super().__init__(facts)
        self.lang, self.pronoun = lang, pronoun

    def __getitem__(self, key: str) -> _Value:
        return _Value(super().__getitem__(key), self.lang, self.pronoun)


def _fill(template: str, facts: dict[str, object], lang: str, *, pronoun: bool = False) -> str:
    action = facts.get("action")
    if isinstance(action, _Word):
        text = HEIGHT_ACTIONS[action.key][lang].format_map(_Facts(facts, lang, pronoun))
        facts = {**facts, "action": text}
    return template.format_map(_Facts(facts, lang, pronoun))


# Sentence openings that are written in lower case inside a sentence. Any other first word
# (a noun such as "Feld", a piece name) keeps its spelling.
_DE_LOWER = frozenset({"Auf", "Das", "Der", "Die", "Ein", "Eine", "Er", "Es", "Jeder", "Jedes",
                       "Kein", "Oben", "Sie", "Wenn", "Würde"})


def _lower_first_de(text: str) -> str:
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in _DE_LOWER else text


_ZH_PUNCT = "，。、：；（）！？“”"


def _tidy_zh(text: str) -> str:
    """One space between Chinese characters and piece names, cells or numbers ("因为 wM 会"),
    none next to Chinese punctuation ("wQ、bS1，" not "wQ 、 bS1 ，")."""
    text = re.sub(r"([\u4e00-\u9fff])(?=[A-Za-z0-9-])", r"\1 ", text)
    text = re.sub(r"([A-Za-z0-9)])(?=[\u4e00-\u9fff])", r"\1 ", text)
    return re.sub(rf"\s*([{_ZH_PUNCT}])\s*", r"\1", text).strip()


# ----------------------------------------------------------------------------- reading
PIECE = r"[wb][QSBGAMLP][1-3]?"
CELL = r"-?\d+,-?\d+"
_LIST = rf"{PIECE}(?:(?:, | and ){PIECE})*"
_TITLES = {"Queen Bee": "Q", "Beetle": "B", "Grasshopper": "G", "Spider": "S",
           "Soldier Ant": "A", "Mosquito": "M", "Ladybug": "L", "Pillbug": "P"}
_BUG = "|".join(_TITLES)
_RULE_BUGS = {"R9": "Q", "R10": "B", "R11": "G", "R12": "S", "R13": "A", "R15": "L",
              "R16": "P"}


@dataclass(frozen=True)
class _Lead:
    """What a Mosquito's explanation says before the copied bug's reason."""

    kind: str  # a key of MOSQUITO_TEMPLATES
    mosq: str
    bug: str
    via: str = ""
    copies: tuple[tuple[str, str], ...] = ()
    to: str = ""


_ONLY = re.compile(rf"(?P<mosq>{PIECE}) can copy only (?P<via>{PIECE}), so here it moves like "
                   rf"an? (?P<bug>{_BUG}): (?P<core>.+)")
_COPIES = re.compile(rf"(?P<mosq>{PIECE}) copies (?P<copies>.+?), but none of those moves "
                     rf"reaches cell (?P<to>{CELL}) \(as an? (?P<bug>{_BUG}), (?P<core>.+)\)\.")
_ON_TOP = re.compile(rf"On top of the hive (?P<mosq>{PIECE}) moves only as a Beetle, and "
                     r"(?P<core>.+)")


def _mosquito_lead(reason: str) -> tuple[_Lead | None, str]:
    """Split a Mosquito's lead ("wM can copy only bS1, so here it moves like a Spider: ...")
    from the copied bug's reason. The English sentence is the only place that says a Mosquito
    moves: the explanation keeps the copied bug's kind, and its pieces need not include the
    Mosquito (a gate names the two pieces beside the gap)."""
    m = _ONLY.fullmatch(reason)
    if m:
        lead = _Lead("only", m["mosq"], _TITLES[m["bug"]], via=m["via"])
    elif m := _COPIES.fullmatch(reason):
        copies = tuple(
            (_TITLES[b], p) for b, p in re.findall(rf"the ({_BUG}) from ({PIECE})", m["copies"])
        )
        lead = _Lead("copies", m["mosq"], _TITLES[m["bug"]], copies=copies, to=m["to"])
    elif m := _ON_TOP.fullmatch(reason):
        lead = _Lead("on-top", m["mosq"], "B")
    else:
        return None, reason
    core = m["core"]
    if not re.match(PIECE, core):
        core = core[:1].upper() + core[1:]
    return lead, core


def _find(pattern: str, text: str) -> re.Match[str]:
    m = re.search(pattern, text)
    if m is None:
        raise ValueError(f"{pattern!r} not in {text!r}")
    return m


def _names(why: Explanation) -> tuple[str, ...]:
    return tuple(p.name for p in why.pieces)


def _cells(why: Explanation) -> list[str]:
    return [cell_name(c) for c in why.cells]


def _bug_of(why: Explanation, core: str, copied: str | None) -> _BugRef:
    """The bug whose movement the sentence is about: the copied one for a Mosquito, else the
    bug the English names, else the bug of the rule (R12: Spider)."""
    if copied:
        return _BugRef(copied)
    m = re.search(rf"\b[Aa]n? ({_BUG})\b", core)
    if m:
        return _BugRef(_TITLES[m[1]])
    return _BugRef(_RULE_BUGS[why.rule])


def _power(thrower: str) -> _Word:
    return _Word(f"power-{thrower[1]}")


def _how(core: str, piece: str, default: str) -> _Word:
    m = re.search(rf"{piece} (moved|was placed|was thrown by a Pillbug) on the previous turn",
                  core)
    word = {"moved": "moved", "was placed": "placed", "was thrown by a Pillbug": "thrown"}
    return _Word("how-" + (word[m[1]] if m else default))


Facts = tuple[str, dict[str, object]]
Builder = Callable[[Explanation, str, str | None], Facts]


def _game_over(why: Explanation, core: str, bug: str | None) -> Facts:
    result = _find(r"\((White won|Black won|it is a draw)\)", core)[1]
    key = {"White won": "white-won", "Black won": "black-won", "it is a draw": "draw"}
    return "", {"result": _Word(key[result])}


def _not_in_game(why: Explanation, core: str, bug: str | None) -> Facts:
    piece = why.pieces[0]
    game = _find(r"\bin an? (\S+) game\b", core)[1]
    return "", {"piece": piece.name, "bug": _BugRef(piece.name[1]), "game": game}


def _not_your_turn(why: Explanation, core: str, bug: str | None) -> Facts:
    piece = why.pieces[0].name
    owner = 0 if piece[0] == "w" else 1
    facts: dict[str, object] = {"piece": piece, "owner": _Side(owner), "turn": _Side(1 - owner)}
    m = re.search(rf"Your ({PIECE}) could throw it only while touching a Pillbug", core)
    if m:
        return "mosquito", {**facts, "mosq": m[1]}
    return "", facts


def _piece_order(why: Explanation, core: str, bug: str | None) -> Facts:
    first, piece = _names(why)
    return "", {"first": first, "piece": piece}


def _first_piece(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"piece": why.pieces[0].name}


def _pass(why: Explanation, core: str, bug: str | None) -> Facts:
    m = _find(r"you still have (\d+) \(for example (.+)\)\.?$", core)
    return "", {"n": int(m[1]), "example": m[2]}


def _queen(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"queen": why.pieces[0].name}


def _queen_not_placed(why: Explanation, core: str, bug: str | None) -> Facts:
    facts: dict[str, object] = {"queen": why.pieces[0].name}
    m = re.search(rf"so ({PIECE}) may not use", core)
    if m:
        thrower = m[1]
        return "throw", {**facts, "thrower": thrower, "tbug": _BugRef(thrower[1]),
                         "power": _power(thrower)}
    return "", facts


def _first_placement(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"cell": _cells(why)[0]}


def _second_placement(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"first": why.pieces[0].name}


def _touches_opponent(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"enemy": _names(why)}


def _not_touching(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"to": _cells(why)[0]}


def _stunned(why: Explanation, core: str, bug: str | None) -> Facts:
    names = _names(why)
    piece = names[0]
    if len(names) > 1:  # a throw: the piece, then the Pillbug (or Mosquito)
        return "throw", {"piece": piece, "thrower": names[1], "how": _how(core, piece, "moved")}
    return "", {"piece": piece, "how": _how(core, piece, "thrown")}


def _thrower_stunned(why: Explanation, core: str, bug: str | None) -> Facts:
    thrower = why.pieces[0].name
    return "", {"thrower": thrower, "tbug": _BugRef(thrower[1]), "power": _power(thrower),
                "how": _how(core, thrower, "thrown")}


def _covered(why: Explanation, core: str, bug: str | None) -> Facts:
    names = _names(why)
    if why.rule == "R16":  # the pieces on top, then the Pillbug that would throw it
        piece = _find(rf"on top of ({PIECE}), and", core)[1]
        return "throw", {"above": names[:-1], "piece": piece, "thrower": names[-1]}
    piece = _find(rf"on top of ({PIECE}), so", core)[1]
    power = piece[1] == "P" or "use its power" in core
    return ("power" if power else ""), {"above": names, "piece": piece}


def _pinned(why: Explanation, core: str, bug: str | None) -> Facts:
    mover = _find(rf"^Moving ({PIECE}) would split off", core)[1]
    facts: dict[str, object] = {"mover": mover, "cut": _names(why)}
    m = re.search(rf"so ({PIECE}) cannot throw it", core)
    if m:
        return "throw", {**facts, "thrower": m[1]}
    return "", facts


def _mosquito_alone(why: Explanation, core: str, bug: str | None) -> Facts:
    others = _names(why)
    m = re.match(rf"({PIECE}) touches only", core)
    # Else: the Mosquito it touches is the other colour's, so it is the other one.
    mosq = m[1] if m else ("b" if others[0][0] == "w" else "w") + "M"
    return "", {"mosq": mosq, "others": others}


def _same_cell(why: Explanation, core: str, bug: str | None) -> Facts:
    name, cell = why.pieces[0].name, _cells(why)[0]
    if "a throw sets it down" in core:
        return "throw", {"piece": name, "cell": cell}
    return "", {"mover": name, "cell": cell}


def _too_far(why: Explanation, core: str, bug: str | None) -> Facts:
    names, cells = _names(why), _cells(why)
    if why.rule == "R16" and len(names) == 2:  # a throw: the piece and the Pillbug
        return "throw", {"piece": names[0], "thrower": names[1], "to": cells[-1]}
    facts: dict[str, object] = {"mover": names[0], "to": cells[0],
                                "bug": _bug_of(why, core, bug)}
    shapes = (
        ("beetle", rf"moves just one cell \(on the ground or over the hive\), and cell {CELL} "
                   r"is (\d+) cells? away"),
        ("", rf"moves just one cell, and cell {CELL} is (\d+) cells? away"),
        ("spider", rf"^Cell {CELL} is (\d+) steps? away along the edge of the hive"),
        ("ladybug", rf"takes exactly three steps \(up, across, down\), and cell {CELL} is "
                    r"(\d+) cells? away"),
    )
    for variant, pattern in shapes:
        m = re.search(pattern, core)
        if m:
            return variant, {**facts, "n": int(m[1])}
    raise ValueError(core)


def _occupied(why: Explanation, core: str, bug: str | None) -> Facts:
    names, cells = _names(why), _cells(why)
    facts: dict[str, object] = {"top": names[0], "to": cells[0]}
    if why.rule == "R3":
        return "", facts
    if why.rule == "R16" and len(names) == 2:
        return "throw", {**facts, "thrower": names[1]}
    ref = _bug_of(why, core, bug)
    facts["bug"] = ref
    if ref.letter == "G":
        return "grasshopper", {**facts, "land": cells[1]}
    if ref.letter == "L":
        return "ladybug", facts
    return "walk", facts


def _gate(why: Explanation, core: str, bug: str | None) -> Facts:
    a, c = _names(why)
    facts: dict[str, object] = {"a": a, "c": c}
    m = re.search(rf"cannot slide through it to cell ({CELL})(?: on the way to ({CELL}))?",
                  core)
    if m:
        mover = _find(rf"too narrow: ({PIECE}) cannot slide", core)[1]
        if m[2]:
            return "way", {**facts, "mover": mover, "via": m[1], "to": m[2]}
        return "", {**facts, "mover": mover, "to": m[1]}
    m = re.search(rf"^Cell ({CELL}) is cut off from ({PIECE}) by the gap", core)
    if m:
        return "pocket", {**facts, "to": m[1], "mover": m[2]}
    m = _find(rf"^({PIECE}) could reach cell ({CELL}) in three steps only by squeezing", core)
    return "spider", {**facts, "mover": m[1], "to": m[2]}


def _no_contact(why: Explanation, core: str, bug: str | None) -> Facts:
    to = _find(rf"its way to cell ({CELL})", core)[1]
    return "", {"mover": why.pieces[0].name, "to": to}


_LEVEL = r"on the ground|on a stack (\d+) high"
_HEIGHT = re.compile(
    rf"(?P<mover>{PIECE}) cannot (?P<action>.+?): the stacks on both sides of the gap, "
    rf"{PIECE} \((?P<ha>\d+) high\) and {PIECE} \((?P<hc>\d+) high\), are taller than both "
    rf"where (?:it|(?P<who>{PIECE})) starts \((?:{_LEVEL})\) and where it lands "
    rf"\((?:{_LEVEL})\)\.?"
)
_ACTIONS = (
    ("onto", rf"climb (?:up )?onto (?P<onto>{PIECE})"),
    ("down", rf"climb down to cell (?P<to>{CELL})"),
    ("cross", rf"cross from (?P<src>{PIECE}) to (?P<onto>{PIECE})"),
    ("down-from", rf"climb down from (?P<src>{PIECE}) to cell (?P<to>{CELL})"),
    ("lift", rf"lift (?P<piece>{PIECE}) onto itself"),
    ("set", rf"set (?P<piece>{PIECE}) down on cell (?P<to>{CELL})"),
)


def _height_gate(why: Explanation, core: str, bug: str | None) -> Facts:
    """The heights are only in the English sentence: the explanation keeps the two pieces
    beside the gap and their cells, not how high the stacks are."""
    a, c = _names(why)
    m = _HEIGHT.fullmatch(core)
    if m is None:
        raise ValueError(core)
    levels = [int(h) if h else 0 for h in re.findall(rf"\((?:{_LEVEL})\)", core)]
    facts: dict[str, object] = {
        "mover": m["mover"], "a": a, "c": c, "ha": int(m["ha"]), "hc": int(m["hc"]),
        "who": m["who"] or m["mover"], "s": levels[0], "d": levels[1],
    }
    for action, pattern in _ACTIONS:
        am = re.fullmatch(pattern, m["action"])
        if am:
            return "", {**facts, **am.groupdict(), "action": _Word(action)}
    raise ValueError(m["action"])


def _mover_to(why: Explanation, core: str, bug: str | None) -> Facts:
    """Kinds whose pieces are the mover and whose cell is the one the sentence names."""
    return "", {"mover": why.pieces[0].name, "to": _cells(why)[0],
                "bug": _bug_of(why, core, bug)}


def _nothing_to_jump(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"mover": why.pieces[0].name, "first": _cells(why)[0],
                "bug": _bug_of(why, core, bug)}


def _gap(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"mover": why.pieces[0].name, "land": _cells(why)[0],
                "bug": _bug_of(why, core, bug)}


def _wrong_count(why: Explanation, core: str, bug: str | None) -> Facts:
    d = int(_find(r"in (\d+) steps? but never", core)[1])
    return "", {"mover": why.pieces[0].name, "to": _cells(why)[0], "d": d,
                "bug": _bug_of(why, core, bug)}


def _revisit(why: Explanation, core: str, bug: str | None) -> Facts:
    d = int(_find(r"in (\d+) steps?;", core)[1])
    twice = why.cells[0]
    facts = {"mover": why.pieces[0].name, "to": cell_name(why.path[-1]),
             "twice": cell_name(twice), "d": d, "bug": _bug_of(why, core, bug)}
    return ("start" if twice == why.path[0] else ""), facts


def _off_hive(why: Explanation, core: str, bug: str | None) -> Facts:
    facts = _mover_to(why, core, bug)[1]
    ref = facts["bug"]
    return ("ladybug" if isinstance(ref, _BugRef) and ref.letter == "L" else ""), facts


def _enclosed(why: Explanation, core: str, bug: str | None) -> Facts:
    facts = {"mover": why.pieces[0].name, "cell": _cells(why)[0]}
    shapes = (
        ("", r"^Cell \S+ is surrounded by pieces on all six sides"),
        ("hole", r"^Cell \S+ is in a hole walled in by the hive"),
        ("start", rf"^{PIECE} is surrounded by pieces on all six sides"),
        ("start-hole", rf"^{PIECE} is in a hole walled in by the hive"),
        ("edge", r"would have to leave the hive's edge"),
    )
    for variant, pattern in shapes:
        if re.search(pattern, core):
            return variant, facts
    raise ValueError(core)


def _not_adjacent(why: Explanation, core: str, bug: str | None) -> Facts:
    names = _names(why)
    if len(names) > 1:
        return "thrower", {"piece": names[0], "thrower": names[-1]}
    return "", {"piece": names[0]}


def _stacked(why: Explanation, core: str, bug: str | None) -> Facts:
    piece, thrower = _names(why)
    return "", {"piece": piece, "thrower": thrower}


def _thrower_covered(why: Explanation, core: str, bug: str | None) -> Facts:
    names = _names(why)  # the pieces on top, then the Pillbug (or Mosquito)
    thrower = names[-1]
    return "", {"above": names[:-1], "thrower": thrower, "tbug": _BugRef(thrower[1]),
                "power": _power(thrower)}


def _thrower_on_top(why: Explanation, core: str, bug: str | None) -> Facts:
    return "", {"thrower": why.pieces[0].name}


def _no_room(why: Explanation, core: str, bug: str | None) -> Facts:
    thrower, piece = _names(why)
    return "", {"thrower": thrower, "piece": piece}


def _stuck(why: Explanation, core: str, bug: str | None) -> Facts:
    piece = why.pieces[0].name
    m = re.match(rf"{PIECE} copies (.+), and none of those moves is open here", core)
    if m:
        copies = tuple(
            (_TITLES[b], p) for b, p in re.findall(rf"the ({_BUG}) from ({PIECE})", m[1])
        )
        return "mosquito", {"piece": piece, "copies": copies}
    shapes = (
        ("surrounded", "is surrounded by pieces on all six sides"),
        ("", "every cell next to it is taken or closed by a gate"),
        ("spider", "no way of exactly three slides is open"),
        ("ladybug", "finds no open way up onto the hive"),
        ("gate", "every way out is closed by a gate"),
    )
    for variant, text in shapes:
        if text in core:
            return variant, {"piece": piece}
    raise ValueError(core)


_BUILDERS: dict[str, Builder] = {
    "game-over": _game_over,
    "not-in-game": _not_in_game,
    "not-your-turn": _not_your_turn,
    "piece-order": _piece_order,
    "no-destination": _first_piece,
    "pass-with-moves": _pass,
    "queen-by-4": _queen,
    "queen-first-turn": _queen,
    "first-placement": _first_placement,
    "second-placement": _second_placement,
    "touches-opponent": _touches_opponent,
    "not-touching": _not_touching,
    "no-placement": _first_piece,
    "queen-not-placed": _queen_not_placed,
    "stunned": _stunned,
    "thrower-stunned": _thrower_stunned,
    "covered": _covered,
    "pinned": _pinned,
    "mosquito-alone": _mosquito_alone,
    "same-cell": _same_cell,
    "too-far": _too_far,
    "occupied": _occupied,
    "gate": _gate,
    "no-contact": _no_contact,
    "height-gate": _height_gate,
    "not-in-line": _mover_to,
    "nothing-to-jump": _nothing_to_jump,
    "gap": _gap,
    "wrong-count": _wrong_count,
    "revisit": _revisit,
    "off-hive": _off_hive,
    "enclosed": _enclosed,
    "no-path": _mover_to,
    "not-adjacent": _not_adjacent,
    "stacked": _stacked,
    "thrower-covered": _thrower_covered,
    "thrower-on-top": _thrower_on_top,
    "no-room": _no_room,
    "stuck": _stuck,
}
"""How to read each kind's explanation: (template variant, placeholder values)."""
