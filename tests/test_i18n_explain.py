"""Explanations in English, German and Chinese: one catalogue per language, written from facts.

The catalogues are checked statically (a template for every kind and case in every language,
naming only facts the case carries; a phrase for every word a fact can be). Then a sample of
the explanation sweep (shared with test_explain.py) and the whole golden sample are written in
German and Chinese and each sentence is checked mechanically: filled in, no English left,
every piece, cell and number of the English sentence named, one full sentence ending with the
rule id. The hand-checked sentences pin the wording and the grammar (German singular/plural
and articles, Chinese lists and punctuation).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import cache

import golden_cases
import pytest
from explain_sweep import explanations

from hive_teach import Move, Piece, Position, parse_cell
from hive_teach.core.i18n import MESSAGES, placeholders
from hive_teach.hive.catalogue import CATALOGUES, render, template_key
from hive_teach.hive.explain import (
    FACTS,
    KINDS,
    MOSQUITO_LEADS,
    Explanation,
    Fact,
    explain_move,
    explain_piece,
)
from hive_teach.rive.catalogue import CATALOGUES as RIVE_CATALOGUES
from hive_teach.rive.explain import KINDS as RIVE_KINDS

LANGS = ("de", "zh")
PIECE_NAME = re.compile(r"\b[wb][QSBGAMLP][1-3]?\b")
CELL_NAME = re.compile(r"(?<![\w,-])-?\d+,-?\d+(?!\w|,-?\d)")
NUMBER = re.compile(r"(?<![\w,.-])\d+(?!\w|,-?\d)")
ENGLISH = (" the ", " cannot ", " piece", " and ", " is ", "The ", "None")
SPELLED_OUT_UMLAUTS = ("Kaefer", "Koenigin", "Grashuepfer", "Luecke", "wuerde", "Plaettchen",
                       "hoeher", "Hoehe", "beruehrt", "betaeubt", "gehoert", "muessen")
WORDS = {
    "result": {"white-won", "black-won", "draw"},
    "how": {"moved", "placed", "thrown"},
    "action": {"climb-onto", "climb-down", "climb-up", "cross", "climb-down-from", "lift",
               "set-down"},
}
"""The values each word fact takes, and so the phrases every catalogue needs."""


def _available(names: set[str]) -> set[str]:
    """What a template may name given these facts: the facts, the bug of each piece, and the
    thrower's power."""
    out = set(names)
    out |= {f"{n}_bug" for n in names if FACTS[n] is Fact.PIECE}
    if "thrower" in names:
        out.add("power")
    return out


def _cases() -> list[tuple[str, set[str]]]:
    """Every template key with the facts its explanations always carry, and may carry."""
    out = []
    for kind, info in KINDS.items():
        for case, facts in info.cases.items():
            key = f"{kind}/{case}" if case else str(kind)
            out.append((key, set(facts) | set(info.optional)))
    return out


# ----------------------------------------------------------------------------- the catalogues
@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_every_kind_and_case_has_a_template_naming_only_its_facts(lang):
    cat = CATALOGUES[lang]
    cases = _cases()
    assert set(cat.templates) == {key for key, _ in cases}, lang
    for key, facts in cases:
        template = cat.templates[key]
        assert template.strip() and not template.endswith((".", "。")), (lang, key)
        assert placeholders(template) <= _available(facts), (lang, key, template)
    assert set(cat.leads) == set(MOSQUITO_LEADS)
    for lead, facts in MOSQUITO_LEADS.items():
        assert "inner" in placeholders(cat.leads[lead]), (lang, lead)
        assert placeholders(cat.leads[lead]) <= _available(set(facts)) | {"inner"}, (lang, lead)


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_every_word_a_fact_can_be_has_a_phrase(lang):
    phrases = CATALOGUES[lang].phrases
    needed = {f"{name}/{value}" for name, values in WORDS.items() for value in values}
    needed |= {"power/own", "power/copied", "level/ground", "level/stack", "copy"}
    assert set(phrases) == needed, set(phrases) ^ needed
    height = KINDS["height-gate"]
    facts = set(height.cases["throw"]) | set(height.optional) | {"to"}
    for value in WORDS["action"]:
        assert placeholders(phrases[f"action/{value}"]) <= facts, value
    assert placeholders(phrases["level/stack"]) == {"height"}
    assert placeholders(phrases["copy"]) == {"bug", "via"}


@pytest.mark.slow  # 5-30 s: kept out of the fast loop (README: under a minute)
def test_the_words_the_engine_uses_are_those_the_catalogues_know():
    used: dict[str, set[str]] = {name: set() for name in WORDS}
    for why in [*explanations(), *_golden_explanations()]:
        for name in WORDS:
            if name in why.facts:
                used[name].add(why.facts[name])
    assert used == WORDS


def test_german_and_chinese_name_the_same_things():
    """({x_bug}, a bug's name before a piece's, is German grammar Chinese may leave out.)"""
    de, zh = CATALOGUES["de"], CATALOGUES["zh"]
    for table in ("templates", "leads", "phrases"):
        for key, text in getattr(de, table).items():
            other = getattr(zh, table)[key]
            strip = {n for n in placeholders(text) | placeholders(other) if n.endswith("_bug")}
            assert placeholders(text) - strip == placeholders(other) - strip, (table, key)


def test_templates_use_chinese_punctuation_and_german_words_of_the_rules_page():
    zh, de = CATALOGUES["zh"], CATALOGUES["de"]
    for text in [*zh.templates.values(), *zh.leads.values(), *zh.phrases.values()]:
        bare = re.sub(r"\{[^}]*\}", "", text)
        assert not re.search(r"[,;:()](?![^{]*})", bare), text
    for text in [*de.templates.values(), *de.leads.values(), *de.phrases.values()]:
        assert not any(word in text for word in SPELLED_OUT_UMLAUTS), text
        assert "Plättchen" not in text and "Spielstein" not in text, text
    assert "Plättchen" not in str(MESSAGES) and MESSAGES["piece_label"]["de"] == "Stein"


# ----------------------------------------------------------------------------- the sentences
@cache
def _sample() -> list[Explanation]:
    """The first 20 explanations of every template, Mosquito lead and climb of the sweep,
    then every 53rd (deterministic)."""
    out = []
    seen: Counter[tuple[str, str, object]] = Counter()
    for why in explanations():
        key = (template_key(why), why.mosquito, why.facts.get("action"))
        seen[key] += 1
        if seen[key] <= 20 or seen[key] % 53 == 0:
            out.append(why)
    return out


def _problems(why: Explanation, lang: str) -> list[str]:
    text = why.text(lang)
    out = []
    if not text.endswith(f"({why.rule})") or not re.search(r"\(R\d+\)$", text):
        out.append("does not end with the rule id")
    if "{" in text or "}" in text:
        out.append("a placeholder is left")
    out += [f"English {w!r}" for w in ENGLISH if w in text]
    english = why.reason
    for name in {p.name for p in why.pieces} | set(PIECE_NAME.findall(english)):
        if not re.search(rf"(?<![\w]){name}(?!\w)", text):
            out.append(f"does not name {name}")
    for cell in CELL_NAME.findall(english):
        if not re.search(rf"(?<![\w,-]){cell}(?!\w|,-?\d)", text):
            out.append(f"does not name cell {cell}")
    for n in NUMBER.findall(CELL_NAME.sub(" ", english)):
        if n not in NUMBER.findall(CELL_NAME.sub(" ", text)):
            out.append(f"does not say {n}")
    copies = re.search(r"\bcop(y|ies)\b", english)
    if copies and ("nachmachen" if lang == "de" else "模仿") not in text:
        out.append("does not say the Mosquito copies")
    if english.startswith("On top of the hive") and (
        ("Oben auf dem Schwarm" if lang == "de" else "在蜂房上面") not in text
    ):
        out.append("does not say the Mosquito is on top")
    body = text[: text.rindex("(")].rstrip()
    if lang == "de":
        if not body.endswith(".") or re.search(r"(?<!\d)[.!?] \S", body):
            out.append("not one sentence")
        out += [f"spelled-out umlaut {w!r}" for w in SPELLED_OUT_UMLAUTS if w in text]
    else:
        if not body.endswith("。") or body.count("。") != 1:
            out.append("not one sentence")
        if re.search(r"[,;:] ", body) or re.search(r"[\u4e00-\u9fff][,;:.()]", body):
            out.append("English punctuation")
        rest = re.sub(r"Base(\+[MLP]+)?|[wb][QSBGAMLP][1-3]?", "", body)
        if re.search(r"[A-Za-z]", rest):
            out.append("Latin letters besides piece names")
    return out


@pytest.mark.slow
def test_a_sample_of_the_sweep_reads_well_in_german_and_chinese():
    sample = _sample()
    assert len(sample) > 5_000
    bad = [(lang, why.kind, why.reason, why.text(lang), problems)
           for why in sample for lang in LANGS if (problems := _problems(why, lang))]
    assert not bad, bad[:10]


@pytest.mark.slow
def test_every_golden_explanation_reads_well_in_german_and_chinese():
    """The golden sample holds the rare reasons too (throws, lifts, MoveStrings the notation
    refuses), so together with the sample of the sweep every template and lead is written
    and checked."""
    bad = [(lang, why, problems) for why in _golden_explanations() for lang in LANGS
           if (problems := _problems(why, lang))]
    assert not bad, bad[:10]


@pytest.mark.slow  # the sweep behind _sample() takes 10-20 s: kept out of the fast loop
def test_the_golden_sample_and_the_sweep_write_every_template_and_lead():
    keys = set()
    for why in [*_golden_explanations(), *_sample()]:
        keys |= {template_key(why), f"lead:{why.mosquito}"}
    assert keys >= {key for key, _ in _cases()} | {f"lead:{k}" for k in MOSQUITO_LEADS}


@cache
def _golden_explanations() -> tuple[Explanation, ...]:
    return tuple(w for rec in golden_cases.read(golden_cases.HIVE_FILE)
                 if (w := golden_cases.golden_explanation(rec)) is not None)



# ----------------------------------------------------------------------------- hand cases
def _why(pos: Position, piece: str, cell: str) -> Explanation:
    why = explain_move(pos, Move(Piece.from_name(piece), parse_cell(cell)))
    assert why is not None
    return why


def _refused(gs: str, text: str) -> Explanation:
    from hive_teach import IllegalMoveError

    with pytest.raises(IllegalMoveError) as err:
        Position.from_text(gs).parse_move(text)
    assert isinstance(err.value.explanation, Explanation)
    return err.value.explanation


def _hand() -> dict[str, Explanation]:
    out = {}
    pos = Position.from_layout({"0,0": "wQ", "1,-1": "bQ", "2,-1": "bA1", "2,0": "bG1",
                                "1,1": "bS1", "0,1": "wG1"}, to_move="white", turn=5)
    out["gate"] = _why(pos, "wQ", "1,0")
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    out["pinned-one"] = _why(pos, "wS1", "2,-1")
    pos = Position.from_layout({"-2,0": "wA1", "-1,0": "wQ", "0,0": "wS1", "1,0": "bS1",
                                "2,0": "bQ"}, to_move="white", turn=4)
    out["pinned-two"] = _why(pos, "wS1", "0,1")
    out["touches-two"] = _why(pos, "wG1", "1,1")
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wM"}, game_type="Base+M",
                               to_move="white", turn=3)
    out["mosquito-only"] = _why(pos, "wM", "1,-2")
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wM", "-1,1": "wS1"},
                               game_type="Base+M", to_move="white", turn=4)
    out["mosquito-copies"] = _why(pos, "wM", "-2,0")
    pos = Position.from_layout({"1,0": "wQ", "2,0": "bQ", "2,-1": "wL wB1", "0,0": "wM wB2",
                                "1,-1": "bP"}, game_type="Base+MLP", to_move="black", turn=8)
    out["lift"] = _why(pos, "wQ", "0,-1")
    pos = Position.from_layout({"0,0": "wP", "1,0": "bQ"}, game_type="Base+P",
                               to_move="white", turn=2)
    out["queen-not-placed-throw"] = _why(pos, "bQ", "-1,0")
    # Black's Pillbug threw the white Queen last turn (R16), so she is stunned.
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bP", "-1,0": "wP", "2,0": "bQ"},
                               game_type="Base+P", to_move="white", turn=4, last_moved="wQ")
    out["stunned"] = _why(pos, "wQ", "0,-1")
    pos = Position.from_text(
        "Base;BlackWins;White[7];wS1;bS1 wS1-;wQ \\wS1;bQ bS1/;wG1 -wQ;bG1 bQ-;wA1 wG1\\;"
        "bA1 bQ\\;wA2 \\wQ;bA2 \\bG1;wG2 wQ/;bG1 wG2\\"
    )
    out["game-over"] = _why(pos, "wA1", "3,0")
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ"}, to_move="white", turn=2)
    out["not-in-game"] = _why(pos, "wM", "-1,0")
    pos = Position.from_layout({"-1,0": "wQ", "0,0": "bQ", "1,0": "bM", "2,0": "wM"},
                               game_type="Base+M", to_move="white", turn=4)
    out["mosquito-alone"] = explain_piece(pos, "wM")
    ring = {"1,0": "bA1", "1,-1": "wQ", "0,-1": "bQ", "-1,0": "wS1", "-1,1": "bS1",
            "0,1": "wG1"}
    pos = Position.from_layout({"0,0": "wP", **ring}, game_type="Base+P", to_move="white",
                               turn=6)
    out["no-room"] = explain_piece(pos, "bA1")
    out["stuck-surrounded"] = explain_piece(pos, "wP")
    pos = Position.from_layout({"0,0": "wA1", **ring}, to_move="white", turn=6)
    out["enclosed-start"] = _why(pos, "wA1", "2,-1")
    pos = Position.from_layout({"0,0": "wA1", "1,-1": "wQ", "0,-1": "bQ", "-1,0": "wS1",
                                "-1,1": "bS1", "0,1": "wG1", "2,0": "bG1", "2,-1": "wB1",
                                "1,1": "bB1"}, to_move="white", turn=6)
    out["enclosed-start-hole"] = _why(pos, "wA1", "3,0")
    pos = Position.from_layout({"0,0": "wQ", "0,1": "bQ wM"}, game_type="Base+M", turn=6)
    out["mosquito-on-top"] = _why(pos, "wM", "0,3")
    pos = Position.from_layout({"0,0": "wP", "-1,0": "wQ", "1,0": "bQ bB1"}, game_type="Base+P",
                               turn=6)
    out["covered-throw"] = _why(pos, "bQ", "0,1")
    two = "Base;InProgress;White[2];wS1;bS1 wS1-"
    out["written-alone"] = _refused(two, "wQ")
    out["reference-in-hand"] = _refused(two, "wQ -bQ")
    out["cell-taken-place"] = _refused(two, "wQ wS1-")
    out["cell-taken-walk"] = _refused("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-",
                                      "wS1 -bQ")
    out["cell-taken-climb"] = _refused(
        "Base;InProgress;White[8];wS1;bB1 wS1/;wA1 /wS1;bB2 \\bB1;wB1 /wA1;bA1 -bB2;wQ wB1-;"
        "bQ -bA1;wA2 -wB1;bQ \\bA1;wB2 wQ\\;bA2 /bA1;wA3 wQ-;bA2 wS1-", "wB2 wQ-")
    return out


HAND = _hand()


@pytest.mark.parametrize("name", sorted(HAND))
def test_hand_cases_read_well(name):
    why = HAND[name]
    for lang in LANGS:
        assert not _problems(why, lang), (lang, why.text(lang), _problems(why, lang))


EXACT = {
    "gate": (
        "Die Lücke zwischen wG1 und bQ ist zu eng: wQ kann nicht hindurchschlüpfen, um auf "
        "Feld 1,0 zu kommen. (R7)",
        "wG1 和 bQ 之间的缝隙太窄：wQ 没法从中滑到格子 1,0。(R7)",
    ),
    "pinned-one": (
        "Wenn wS1 weggeht, wird wQ vom Rest des Schwarms getrennt, aber der Schwarm muss "
        "immer zusammenbleiben. (R6)",
        "移动 wS1 会把 wQ 与蜂房的其余部分分开，而蜂房必须始终保持完整。(R6)",
    ),
    "pinned-two": (
        "Wenn wS1 weggeht, werden bQ und bS1 vom Rest des Schwarms getrennt, aber der Schwarm "
        "muss immer zusammenbleiben. (R6)",
        "移动 wS1 会把 bQ、bS1 与蜂房的其余部分分开，而蜂房必须始终保持完整。(R6)",
    ),
    "touches-two": (
        "Dieses Feld berührt die Steine bQ und bS1 des Gegners, aber ein neuer Stein darf nur "
        "Steine der eigenen Farbe berühren. (R3)",
        "这个格子挨着对手的 bQ、bS1，可新放的棋子只能挨着自己颜色的棋子。(R3)",
    ),
    "mosquito-only": (
        "wM kann nur wQ nachmachen, zieht hier also wie eine Bienenkönigin, aber eine "
        "Bienenkönigin zieht nur ein Feld weit, und Feld 1,-2 ist 2 Felder von wM entfernt. "
        "(R14)",
        "wM 只能模仿 wQ，所以这里它像蜂后一样走，可是它每次只能移动一格，而格子 1,-2 离 wM "
        "有 2 格远。(R14)",
    ),
    "mosquito-copies": (
        "wM kann die Bienenkönigin von wQ und die Spinne von wS1 nachmachen, kommt aber mit "
        "keiner dieser Gangarten auf Feld -2,0, als Bienenkönigin zum Beispiel nicht, denn wM "
        "würde den Kontakt zum Schwarm verlieren: Auf dem Weg nach Feld -2,0 liegt auf keiner "
        "Seite ein Stein, und man muss am Schwarm entlanggleiten. (R7)",
        "wM 可以模仿 wQ 的蜂后、wS1 的蜘蛛，但这些走法都到不了格子 -2,0，比如作为蜂后就不行，"
        "因为 wM 会与蜂房失去接触：去格子 -2,0 的路两边都没有棋子，而棋子必须贴着蜂房滑动。"
        "(R7)",
    ),
    "lift": (
        "bP kann wQ nicht auf sich hinaufheben: Die Stapel auf beiden Seiten der Lücke, wB2 "
        "(Höhe 2) und wB1 (Höhe 2), sind höher als das Startfeld von wQ (auf dem Boden) und "
        "als das Zielfeld (auf einem Stapel der Höhe 1). (R8)",
        "bP 没法把 wQ 搬到自己背上：缝隙两侧的叠放 wB2（2 层高）和 wB1（2 层高），都比 wQ "
        "出发的地方（地面上）和落下的地方（1 层高的叠放上）高。(R8)",
    ),
    "queen-not-placed-throw": (
        "Deine Bienenkönigin wQ ist noch nicht auf dem Brett, deshalb darf die Assel wP ihre "
        "Kraft noch nicht einsetzen. (R5)",
        "你的蜂后 wQ 还没放上棋盘，所以潮虫 wP 还不能使用它的能力。(R5)",
    ),
    "stunned": (
        "wQ wurde im letzten Zug von einer Assel geworfen und ist deshalb betäubt: wQ kann in "
        "diesem Zug nicht ziehen. (R17)",
        "wQ 上一回合刚被潮虫搬运过，所以被晕住了，这一回合不能移动。(R17)",
    ),
    "game-over": (
        "Die Partie ist schon vorbei (Schwarz hat gewonnen), es darf kein Zug mehr gespielt "
        "werden. (R19)",
        "对局已经结束（黑方获胜），不能再走棋了。(R19)",
    ),
    "mosquito-alone": (
        "wM berührt nur bM, und ein Moskito kann keinen anderen Moskito nachmachen, deshalb "
        "kann wM gar nicht ziehen. (R14)",
        "wM 只挨着 bM，而蚊子不能模仿另一只蚊子，所以它根本没法移动。(R14)",
    ),
    "not-in-game": (
        "In einer Base-Partie gibt es keinen Moskito, deshalb kann wM nicht mitspielen. (R0)",
        "Base 对局里没有蚊子，所以 wM 不能上场。(R0)",
    ),
    "mosquito-on-top": (
        "Oben auf dem Schwarm zieht wM nur wie ein Käfer; ein Käfer zieht nur ein Feld weit "
        "(auf dem Boden oder über den Schwarm), und Feld 0,3 ist 2 Felder von wM entfernt. "
        "(R14)",
        "wM 在蜂房上面时只能像甲壳虫一样走；它每次只能移动一格（在地面上或在蜂房上面），而格子 "
        "0,3 离 wM 有 2 格远。(R14)",
    ),
    "covered-throw": (
        "bB1 sitzt auf bQ, und wP kann nur einen Stein werfen, auf dem nichts sitzt. (R6)",
        "bB1 压在 bQ 上面，而 wP 只能搬运上面没有压着棋子的棋子。(R6)",
    ),
    "written-alone": (
        "Nur der allererste Stein der Partie wird ohne Bezugsstein geschrieben: Sag, wohin wQ "
        "kommt, indem du einen Stein daneben nennst, etwa 'bS1 wQ-'. (R3)",
        "只有整局的第一枚棋子可以单独写出：要说明 wQ 放在哪里，得写出它旁边的一枚棋子，比如"
        "“bS1 wQ-”。(R3)",
    ),
    "reference-in-hand": (
        "Der Bezugsstein bQ liegt nicht auf dem Brett, deshalb lässt sich das Feld nicht von "
        "ihm aus angeben. (R0)",
        "参照的棋子 bQ 不在棋盘上，所以不能用它来指明格子。(R0)",
    ),
    "cell-taken-place": (
        "Dieses Feld ist schon von bS1 besetzt, und ein Stein wird nie auf einen anderen Stein "
        "gesetzt. (R3)",
        "那个格子已经被 bS1 占了，而新棋子不能放在别的棋子上面。(R3)",
    ),
    "cell-taken-walk": (
        "Dieses Feld ist schon von bS1 besetzt, und eine Spinne zieht nur auf freie Felder. "
        "(R12)",
        "那个格子已经被 bS1 占了，而蜘蛛只能走进空格。(R12)",
    ),
    "cell-taken-climb": (
        "Dieses Feld ist schon von wA3 besetzt: Um hinaufzuklettern, schreib den Zug als "
        "'wB2 wA3'. (R10)",
        "那个格子已经被 wA3 占了：要爬上去，这步棋应写成“wB2 wA3”。(R10)",
    ),
}


@pytest.mark.parametrize("name", sorted(EXACT))
def test_hand_checked_sentences(name):
    why = HAND[name]
    de, zh = EXACT[name]
    assert why.text("de") == de
    assert why.text("zh") == zh


def test_the_hand_cases_are_what_they_claim():
    assert (HAND["stunned"].kind, HAND["lift"].kind) == ("stunned", "height-gate")
    assert (HAND["mosquito-only"].kind, HAND["mosquito-only"].mosquito) == ("too-far", "only")
    assert (HAND["mosquito-copies"].kind, HAND["mosquito-copies"].mosquito) == (
        "no-contact", "copies")
    assert template_key(HAND["enclosed-start"]) == "enclosed/start"
    assert template_key(HAND["enclosed-start-hole"]) == "enclosed/start-hole"
    assert template_key(HAND["stuck-surrounded"]) == "stuck/surrounded"
    assert template_key(HAND["no-room"]) == "no-room"
    assert template_key(HAND["cell-taken-climb"]) == "cell-taken/climb"


# ----------------------------------------------------------------------------- Rive
@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_every_rive_kind_has_a_template_naming_exactly_its_facts(lang):
    cat = RIVE_CATALOGUES[lang]
    assert set(cat.templates) == {str(kind) for kind in RIVE_KINDS}
    for kind, (_rule, facts) in RIVE_KINDS.items():
        template = cat.templates[kind]
        assert placeholders(template) == set(facts), (lang, kind)
        assert not template.endswith((".", "。")), (lang, kind)


@pytest.mark.slow
def test_every_golden_rive_explanation_is_a_sentence_from_its_facts():
    from hive_teach.rive import explain

    seen = set()
    for rec in golden_cases.read(golden_cases.RIVE_FILE):
        why = explain(golden_cases.rive_game(rec["src"], rec["game"]), rec["action"])
        assert why is not None and (why.rule, set(why.facts)) == RIVE_KINDS[why.kind]
        seen.add(why.kind)
        for lang in LANGS:
            text = why.text(lang)
            assert text.endswith(f"({why.rule})") and "{" not in text, text
            assert why.reason not in text
    assert seen == set(RIVE_KINDS)


# ----------------------------------------------------------------------------- no fallback
def test_english_is_a_catalogue_like_the_others():
    why = HAND["gate"]
    assert why.text("en") == str(why) == f"{why.reason} ({why.rule})"
    assert why.reason == why.sentence("en") == render(why, "en", rule=False)
    assert why.sentence("zh") == why.text("zh").removesuffix("(R7)")


def test_there_is_no_summary_to_fall_back_to():
    """A case no catalogue knows is an error, and so is a language there is none for."""
    with pytest.raises(KeyError):
        replace(HAND["gate"], case="way").text("de")
    with pytest.raises(KeyError, match="the template names"):
        replace(HAND["gate"], facts={}).text("zh")
    with pytest.raises(ValueError, match="language 'fr' is not available"):
        HAND["gate"].text("fr")


def test_chinese_messages_use_chinese_punctuation():
    for key, table in MESSAGES.items():
        zh = re.sub(r"\{[^}]*\}", "", table["zh"])
        assert not re.search(r"[\u4e00-\u9fff][,;:.!?]", zh), key
        assert not re.search(r"[,;:.!?][\u4e00-\u9fff]", zh), key
