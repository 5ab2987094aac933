"""Chinese sentences for Hive's explanations (see :mod:`hive_teach.hive.catalogue`).

Terms as in RULES.md: 棋子 (a piece), 蜂房 (the hive), 放置 / 移动 (place / move). Spaces
between characters and names are set when the sentence is finished, so templates may write
"{mover}不能" or "{mover} 不能" alike. Diagrams draw this text with a subset font: after
adding characters run ``tools/subset_cjk_font.py`` (tests/test_fonts.py says when).
"""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue

_HEIGHTS = ("缝隙两侧的叠放 {left}（{left_height} 层高）和 {right}（{right_height} 层高），都比 "
            "{mover} 出发的地方（{start_height}）和落下的地方（{end_height}）高")
_OFF_HIVE = "格子 {to} 没有挨着蜂房（{mover} 自己不算），"
_TAKEN = "那个格子已经被 {top} 占了"
_NOT_YOURS = "现在轮到{turn}，而 {mover} 属于{owner}：每位玩家只能走自己的棋子"

CATALOGUE = Catalogue(
    lang="zh",
    templates={
        # ---------------------------------------------------------------- game, turn, notation
        "game-over": "对局已经结束（{result}），不能再走棋了",
        "not-in-game": "{game} 对局里没有{bug}，所以 {mover} 不能上场",
        "not-your-turn": _NOT_YOURS + "（只有你的潮虫搬运时，对手的棋子才会被移动）",
        "not-your-turn/mosquito":
            _NOT_YOURS + "；你的蚊子 {mosquito} 只有挨着潮虫时才能搬运 {mover}，可它一只潮虫"
            "也没挨着",
        "piece-order": "同一种棋子要按编号顺序上场：先放 {first}，再放 {mover}",
        "pass-with-moves":
            "只有在无棋可走时才能跳过，而你还有 {count} 种合法走法（比如 {example}）",
        "written-alone":
            "只有整局的第一枚棋子可以单独写出：要说明 {mover} 放在哪里，得写出它旁边的一枚棋子，"
            "比如“bS1 wQ-”",
        "reference-in-hand": "参照的棋子 {ref} 不在棋盘上，所以不能用它来指明格子",
        "cell-taken/place": _TAKEN + "，而新棋子不能放在别的棋子上面",
        "cell-taken/climb": _TAKEN + "：要爬上去，这步棋应写成“{mover} {top}”",
        "cell-taken/walk": _TAKEN + "，而{bug}只能走进空格",
        # ---------------------------------------------------------------- placing
        "queen-by-4": "这是你的第 4 回合，而你的蜂后还在手中，所以现在必须把她（{queen}）放上棋盘",
        "queen-first-turn": "按照比赛规则，蜂后（{mover}）不能在你的第一回合放上棋盘",
        "first-placement": "整局的第一枚棋子要放在桌子中央，也就是格子 {centre}",
        "second-placement": "整局的第二枚棋子必须紧挨着第一枚棋子 {first}",
        "touches-opponent": "这个格子挨着对手的 {enemy}，可新放的棋子只能挨着自己颜色的棋子",
        "not-touching": "格子 {to} 没有挨着任何棋子，可新放的棋子必须挨着你自己的一枚棋子",
        "no-placement": "没有哪个空格只挨着你的棋子而不挨着对手的棋子，所以现在不能放 {mover}",
        "occupied/place": "格子 {to} 上已经有 {top} 了：新棋子不能放在别的棋子上面，只能放在空格里",
        # ---------------------------------------------------------------- may it move at all
        "queen-not-placed": "你的蜂后 {queen} 还没放上棋盘，在她上场之前任何棋子都不能移动",
        "queen-not-placed/throw":
            "你的蜂后 {queen} 还没放上棋盘，所以{thrower_bug} {thrower} 还不能使用{power}",
        "stunned": "{mover} {how}，所以被晕住了，这一回合不能移动",
        "stunned/throw": "{mover} {how}，所以被晕住了：这一回合 {thrower} 不能搬运它",
        "thrower-stunned": "{thrower} {how}，所以被晕住了，这一回合不能使用{power}",
        "covered": "{above} 压在 {mover} 上面，所以 {mover} 不能移动",
        "covered/power": "{above} 压在 {mover} 上面，所以 {mover} 既不能移动，也不能使用它的能力",
        "covered/throw": "{above} 压在 {mover} 上面，而 {thrower} 只能搬运上面没有压着棋子的棋子",
        "pinned": "移动 {mover} 会把 {cut} 与蜂房的其余部分分开，而蜂房必须始终保持完整",
        "pinned/throw":
            "移动 {mover} 会把 {cut} 与蜂房的其余部分分开，所以 {thrower} 不能搬运它：蜂房必须始终"
            "保持完整",
        "mosquito-alone": "{mover} 只挨着 {touching}，而蚊子不能模仿另一只蚊子，所以它根本没法移动",
        # ---------------------------------------------------------------- where it moves
        "same-cell": "{mover} 已经在格子 {to} 上了：一步棋必须停在和出发点不同的格子上",
        "same-cell/throw":
            "{mover} 已经在格子 {to} 上了，而 {thrower} 搬运时必须把它放到另一个格子上",
        "too-far/step": "{bug:subj}每次只能移动一格，而格子 {to} 离 {mover} 有 {distance} 格远",
        "too-far/beetle":
            "{bug:subj}每次只能移动一格（在地面上或在蜂房上面），而格子 {to} 离 {mover} 有 "
            "{distance} 格远",
        "too-far/ladybug":
            "{bug:subj}总是正好走三步（爬上去、在上面走一步、爬下来），而格子 {to} 离 {mover} 有 "
            "{distance} 格远",
        "too-far/spider":
            "沿着蜂房边缘，格子 {to} 离 {mover} 有 {steps} 步远，而{bug}总是正好走三步",
        "too-far/throw":
            "{thrower} 只能把 {mover} 放到紧挨着自己的空格上，而格子 {to} 不挨着 {thrower}",
        "occupied/step": "格子 {to} 已经被 {top} 占了，而{bug}只能走进空格",
        "occupied/walk": "格子 {to} 已经被 {top} 占了，而{bug}只能走进空格",
        "occupied/ladybug":
            "格子 {to} 已经被 {top} 占了，而{bug}最后总要爬下到一个空格里：它从不停在蜂房上面",
        "occupied/grasshopper":
            "格子 {to} 已经被 {top} 占了，而{bug}会跳过路上所有的棋子，落在第一个空格上，这里是"
            "格子 {land}",
        "occupied/throw": "格子 {to} 已经被 {top} 占了，而 {thrower} 只能把搬起的棋子放到空格里",
        "gate": "{left} 和 {right} 之间的缝隙太窄：{mover} 没法从中滑到格子 {to}",
        "gate/pocket":
            "{left} 和 {right} 之间的缝隙把格子 {to} 与 {mover} 隔开了，这道缝隙太窄，滑不过去",
        "gate/spider":
            "{mover} 要三步走到格子 {to}，只能从 {left} 和 {right} 之间挤过去，可这道缝隙太窄，"
            "滑不过去",
        "no-contact":
            "{mover} 会与蜂房失去接触：去格子 {to} 的路两边都没有棋子，而棋子必须贴着蜂房滑动",
        "height-gate": "{mover} {action}：" + _HEIGHTS,
        "height-gate/throw": "{thrower} {action}：" + _HEIGHTS,
        "not-in-line": "{bug:subj}只能沿直线跳，而格子 {to} 不在 {mover} 六个方向的任何一条直线上",
        "nothing-to-jump":
            "{bug:subj}至少要跳过一枚棋子，而 {mover} 在这个方向上紧挨着的格子（{beside}）是空的",
        "gap": "路上有个空格：{mover} 会先落在格子 {land}，而{bug}不能跳过空格",
        "wrong-count":
            "{mover} 走 {steps} 步就能到格子 {to}，却没法正好走 3 步到那里，而{bug}总是正好走三步",
        "revisit":
            "{mover} 走 {steps} 步就能到格子 {to}，可正好走三步的路都要两次经过格子 {twice}，"
            "而{bug}在一步棋里绝不会两次进入同一个格子",
        "revisit/start":
            "{mover} 走 {steps} 步就能到格子 {to}，可正好走三步的路都要两次经过出发的格子 "
            "{twice}，而{bug}在一步棋里绝不会两次进入同一个格子",
        "off-hive/spider": _OFF_HIVE + "而{bug}只能沿着蜂房边缘走",
        "off-hive/ant": _OFF_HIVE + "而{bug}只能沿着蜂房边缘走",
        "off-hive/ladybug": _OFF_HIVE + "所以{bug}在那里没有可以爬下来的棋子",
        "enclosed": "格子 {to} 的六面都被棋子围住了，所以 {mover} 滑不进去",
        "enclosed/hole": "格子 {to} 在一个被蜂房围起来的洞里，所以 {mover} 滑不进去",
        "enclosed/start": "{mover} 的六面都被棋子围住了，所以它滑不出来",
        "enclosed/start-hole": "{mover} 在一个被蜂房围起来的洞里，所以它滑不出来",
        "no-path":
            "{bug:subj}要先爬上旁边的一枚棋子，在上面走一步到另一枚棋子上，再爬下来，可从 {mover} "
            "到格子 {to} 找不到这样的两枚棋子",
        # ---------------------------------------------------------------- the Pillbug's power
        "stacked": "{mover} 在一叠棋子的最上面，而 {thrower} 只能搬运单独待在地面上的棋子",
        "thrower-covered":
            "{above} 压在 {thrower} 上面，所以{thrower_bug} {thrower} 不能使用{power}",
        "thrower-on-top": "{thrower} 在蜂房上面，在那里只能像甲壳虫一样走，所以不能使用潮虫的能力",
        "no-room": "{thrower} 旁边没有空格可以放下 {mover}",
        # ---------------------------------------------------------------- a piece with no move
        "stuck/step": "{mover} 无处可去：旁边的每个格子要么被占了，要么被过不去的窄缝挡住了",
        "stuck/surrounded": "{mover} 的六面都被棋子围住了，所以它滑不出来",
        "stuck/spider": "{mover} 无处可去：没有一条正好三步的路是通的",
        "stuck/gate": "{mover} 无处可去：每条出路都被太窄的缝隙挡住了",
        "stuck/mosquito": "{mover} 可以模仿 {copies}，但这些走法在这里都走不通",
    },
    leads={
        "only": "{mover} 只能模仿 {via}，所以这里它像{bug}一样走，可是{inner}",
        "copies":
            "{mover} 可以模仿 {copies}，但这些走法都到不了格子 {to}，比如作为{bug}就不行，"
            "因为{inner}",
        "on-top": "{mover} 在蜂房上面时只能像甲壳虫一样走；{inner}",
    },
    phrases={
        "result/white-won": "白方获胜",
        "result/black-won": "黑方获胜",
        "result/draw": "和棋",
        "how/moved": "上一回合刚移动过",
        "how/placed": "上一回合刚放上棋盘",
        "how/thrown": "上一回合刚被潮虫搬运过",
        "power/own": "它的能力",
        "power/copied": "潮虫的能力",
        "level/ground": "地面上",
        "level/stack": "{height} 层高的叠放上",
        "copy": "{via} 的{bug}",
        "action/climb-onto": "没法爬到 {onto} 上面",
        "action/climb-down": "没法爬下到格子 {to}",
        "action/climb-up": "没法爬到 {onto} 上面",
        "action/cross": "没法从 {over} 爬到 {onto} 上面",
        "action/climb-down-from": "没法从 {over} 爬下到格子 {to}",
        "action/lift": "没法把 {mover} 搬到自己背上",
        "action/set-down": "没法把 {mover} 放到格子 {to}",
    },
)
