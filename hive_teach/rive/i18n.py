"""The words of the Rive boards, diagrams and tutorial, in every language of the kit
(``locale/<lang>/rive_board.toml``; the explanations: ``locale/<lang>/rive.toml``).

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

from collections.abc import Mapping
from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import cell_name
from hive_teach.core.i18n import LANGUAGES, Words, check_language, fill, finish, sentence
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

_WORDS = Words("rive_board")
_SIDES = Words("rive_board", "sides")

MESSAGES: Mapping[str, Mapping[str, str]] = _WORDS.mapping()
"""Rive's messages, ``{key: {lang: template}}``, from ``locale/<lang>/rive_board.toml``."""


def t(key: str, lang: str = "en", **params: object) -> str:
    """The message ``key`` in ``lang`` (English if that language lacks it), filled in.

    >>> t("undo", "zh")
    '悔棋'
    """
    if key not in MESSAGES:  # the words both boards share live in hive_teach.core.i18n
        return shared_t(key, lang, **params)
    return _WORDS(key, lang, **params)


def side_name(colour: Colour | int, lang: str = "en") -> str:
    """``Black`` or ``White`` in ``lang`` (Rive numbering: Black is 0).

    >>> side_name(Colour.WHITE, "de"), side_name(Colour.BLACK, "zh")
    ('Weiß', '黑方')
    """
    return _SIDES.text(("black", "white")[int(colour)], lang)


def stones(n: int, lang: str = "en") -> str:
    """``n`` stones, counted in ``lang``.

    >>> stones(1), stones(2, "de"), stones(3, "zh")
    ('1 stone', '2 Steine', '3 枚棋子')
    """
    return _WORDS("stones", lang, n=n)


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
