"""Hive's explanations as sentences: one template catalogue per language, filled from facts.

Each language's ``hive_teach/locale/<lang>/hive.toml`` (data a translator edits) has a
template for every kind of reason and each of its cases
(:data:`hive_teach.hive.explain.KINDS`), keyed ``kind`` or ``kind/case``, the Mosquito's leads,
and the phrases some facts stand for. :func:`render` turns the facts into the values a template
names (a piece by its name, a cell by ``q,r``, a side, a bug or a word
in the language) and lets :func:`hive_teach.core.i18n.fill` write the sentence. Besides the
facts, a template may name ``{x_bug}``, the bug of any piece ``x`` it names (``{thrower_bug}``),
and ``{power}``: the Pillbug's own power or the one a Mosquito copies.

>>> from hive_teach.hive.position import Position
>>> from hive_teach.hive.explain import explain_move
>>> pos = Position.from_layout({"0,0": "wQ", "0,1": "bS1", "0,2": "wM", "1,0": "bQ"},
...                            game_type="Base+MLP", turn=6)
>>> why = explain_move(pos, pos.parse_move("wM -bS1"))
>>> why.kind, why.mosquito, why.facts["via"]
(<Kind.WRONG_COUNT: 'wrong-count'>, 'only', Piece(bS1))
>>> print(render(why, "en"))
wM can copy only bS1, so here it moves like a Spider: wM reaches cell -1,1 in 2 steps but \
never in exactly 3, and a Spider always takes exactly three steps. (R14)
>>> print(render(why, "zh"))
wM 只能模仿 bS1，所以这里它像蜘蛛一样走，可是 wM 走 2 步就能到格子 -1,1，却没法正好走 3 步到\
那里，而蜘蛛总是正好走三步。(R14)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import cell_name
from hive_teach.core.i18n import (
    LANGUAGES,
    BugName,
    Catalogue,
    catalogue,
    check_language,
    embed,
    fill,
    finish,
    sentence,
    side_name,
)
from hive_teach.hive.explain.facts import FACTS, Fact
from hive_teach.hive.pieces import Bug, Colour, Piece

if TYPE_CHECKING:
    from hive_teach.hive.explain.explanation import Explanation

CATALOGUES: dict[str, Catalogue] = {lang: catalogue("hive", lang) for lang in LANGUAGES}
"""The catalogue of each language, from its file ``locale/<lang>/hive.toml`` (data a
translator edits, no code)."""


def template_key(why: Explanation) -> str:
    """The key of ``why``'s template in a catalogue: its kind, and its case if it has one."""
    return f"{why.kind}/{why.case}" if why.case else str(why.kind)


def render(why: Explanation, lang: str = "en", *, rule: bool = True) -> str:
    """``why`` as one sentence in ``lang``, ending with its rule id unless ``rule`` is False."""
    cat = CATALOGUES[check_language(lang)]
    values = values_of(why, cat)
    text = fill(cat.templates[template_key(why)], values, lang, pronoun=bool(why.mosquito))
    if why.mosquito:
        text = fill(cat.leads[why.mosquito], {**values, "inner": embed(text, lang)}, lang)
    return finish(text, why.rule, lang) if rule else sentence(text, lang)


def values_of(why: Explanation, cat: Catalogue) -> dict[str, object]:
    """What the templates of ``cat`` fill in for ``why``: its facts, written in the language."""
    facts: dict[str, object] = dict(why.facts)
    if why.mover is not None:
        facts["mover"] = why.mover
    if why.to is not None:
        facts["to"] = why.to
    out: dict[str, object] = {}
    words: dict[str, str] = {}
    for name, value in facts.items():
        kind = FACTS[name]
        if kind is Fact.PIECE:
            piece = _piece(value)
            out[name], out[f"{name}_bug"] = piece.name, BugName(piece.bug.value)
        elif kind is Fact.PIECES:
            out[name] = tuple(_piece(p).name for p in _seq(value))
        elif kind is Fact.CELL:
            out[name] = cell_name(_int(value))
        elif kind is Fact.NUMBER:
            out[name] = _int(value)
        elif kind is Fact.LEVEL:
            height = _int(value)
            out[name] = cat.phrases["level/ground"] if height == 0 else fill(
                cat.phrases["level/stack"], {"height": height}, cat.lang)
        elif kind is Fact.BUG:
            out[name] = BugName(_bug(value).value)
        elif kind is Fact.SIDE:
            out[name] = side_name(_colour(value), cat.lang)
        elif kind is Fact.COPIES:
            out[name] = tuple(
                fill(cat.phrases["copy"], {"bug": BugName(_bug(b).value), "via": _piece(p).name},
                     cat.lang)
                for b, p in _pairs(value)
            )
        elif kind is Fact.WORD:
            words[name] = str(value)
        else:
            out[name] = str(value)
    thrower = facts.get("thrower")
    if thrower is not None:
        own = _piece(thrower).bug is Bug.PILLBUG
        out["power"] = cat.phrases["power/own" if own else "power/copied"]
    # A word may name other facts ("climb onto {onto}"), so words come last.
    for name, word in words.items():
        out[name] = fill(cat.phrases[f"{name}/{word}"], out, cat.lang)
    return out


def _piece(value: object) -> Piece:
    if not isinstance(value, Piece):
        raise TypeError(f"a piece fact holds a Piece, not {value!r}")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"a cell or number fact holds an int, not {value!r}")
    return value


def _bug(value: object) -> Bug:
    if not isinstance(value, Bug):
        raise TypeError(f"a bug fact holds a Bug, not {value!r}")
    return value


def _colour(value: object) -> Colour:
    if not isinstance(value, Colour):
        raise TypeError(f"a side fact holds a Colour, not {value!r}")
    return value


def _seq(value: object) -> tuple[object, ...]:
    if not isinstance(value, tuple):
        raise TypeError(f"a list fact holds a tuple, not {value!r}")
    return value


def _pairs(value: object) -> list[tuple[object, object]]:
    out = []
    for pair in _seq(value):
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise TypeError(f"a Mosquito's copies are (bug, piece) pairs, not {pair!r}")
        out.append((pair[0], pair[1]))
    return out


__all__ = ["CATALOGUES", "render", "template_key", "values_of"]
