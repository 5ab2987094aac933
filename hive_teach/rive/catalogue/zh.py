"""Chinese sentences for Rive's explanations (terms: 棋子, 棋群, 吃子)."""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue

CATALOGUE = Catalogue(
    lang="zh",
    templates={
        "off-board": "{name} 在棋盘之外：这个棋盘上每个格子离中心 0,0 最多 {radius} 步",
        "game-over": "对局已经结束：棋盘已满，谁都不能再放或拿走棋子",
        "no-capture": "只有在一步连起棋群的落子（吃子）之后，才能拿走棋子",
        "in-capture": "你正在吃子：先从你刚连成的棋群中再拿走 {remaining} 枚棋子",
        "no-stone": "{cell} 上没有可以拿走的棋子",
        "not-in-group": "{cell} 不在你刚连成的棋群里：只能从这个棋群中拿走棋子",
        "split": "拿走 {cell} 会把棋群分成 {parts} 块：棋群必须保持连在一起",
        "occupied": "{cell} 上已经有棋子了：棋子只能放在空格上",
        "isolation":
            "{cell} 挨着棋子，但还有不挨任何棋子的空格（比如 {lonely}）：必须先放在这样的格子上",
        "smallest":
            "{cell} 旁边最大的棋群有 {largest} 枚棋子，而 {better} 旁边最大的只有 {smallest} 枚："
            "要选一个相邻最大棋群尽可能小的格子",
    },
)
