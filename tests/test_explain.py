"""Explanations of illegal moves: never contradict the generator, always precise, right rule.

The sweep checks the analysis in :class:`hive_teach.hive.explain.Explainer` (which never asks the
move generator) against ``Position.legal_moves()`` on every peer position, and that every
explanation carries exactly the facts its kind declares; the hand-picked tests pin the rule id,
kind, mover and named pieces of each reason listed in EXPLAIN.md.
"""

from __future__ import annotations

import re
from collections import Counter

import golden_cases
import pytest
from explain_sweep import explanations, sweep
from oracle import invalid_by_rule

from hive_teach import (
    PASS,
    GameStringError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Piece,
    Position,
    Rule,
    cell_name,
    parse_cell,
)
from hive_teach.hive.explain import (
    FACTS,
    KINDS,
    MOSQUITO_LEADS,
    Explainer,
    Explanation,
    Fact,
    Kind,
    explain_move,
    explain_piece,
)
from hive_teach.hive.pieces import Bug, Colour


def _fact_type_ok(kind: Fact, value: object) -> bool:
    if kind is Fact.PIECE:
        return isinstance(value, Piece)
    if kind is Fact.PIECES:
        return isinstance(value, tuple) and all(isinstance(p, Piece) for p in value)
    if kind in (Fact.CELL, Fact.NUMBER, Fact.LEVEL):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is Fact.BUG:
        return isinstance(value, Bug)
    if kind is Fact.SIDE:
        return isinstance(value, Colour)
    if kind is Fact.COPIES:
        return isinstance(value, tuple) and all(
            isinstance(b, Bug) and isinstance(p, Piece) for b, p in value)
    return isinstance(value, str)  # WORD, TEXT


def fact_problems(why: Explanation) -> list[str]:
    """What is wrong with the facts of ``why`` against its kind's declaration."""
    out = []
    info = KINDS.get(why.kind)
    if info is None or why.case not in info.cases:
        return [f"no case {why.case!r} of kind {why.kind!r}"]
    required = set(info.cases[why.case])
    allowed = required | set(info.optional)
    if why.mosquito:
        if why.mosquito not in MOSQUITO_LEADS:
            return [f"no Mosquito lead {why.mosquito!r}"]
        required |= MOSQUITO_LEADS[why.mosquito]
        allowed |= MOSQUITO_LEADS[why.mosquito]
    present = set(why.facts) | {k for k in ("mover", "to") if getattr(why, k) is not None}
    if missing := required - present:
        out.append(f"missing facts {sorted(missing)}")
    if extra := set(why.facts) - allowed:
        out.append(f"undeclared facts {sorted(extra)}")
    out += [f"{name} is {value!r}, not {FACTS[name].name}" for name, value in why.facts.items()
            if name in FACTS and not _fact_type_ok(FACTS[name], value)]
    if why.mover is not None and why.mover in why.pieces:
        out.append("the mover is among the pieces")
    thrower = why.facts.get("thrower")
    if thrower is not None and (not why.pieces or why.pieces[-1] is not thrower):
        out.append("the thrower is not the last piece")
    if not isinstance(why.rule, Rule) or not isinstance(why.kind, Kind):
        out.append("rule or kind is not an enum member")
    return out


# ----------------------------------------------------------------------------- the sweep
@pytest.mark.slow
def test_explanations_agree_with_the_generator_everywhere():
    """For every piece on the board or placeable (both colours) and every cell near the hive:
    the analysis gives no reason exactly for the legal moves (compared as sets of (piece,
    cell)), and otherwise a reason with exactly the facts its kind declares."""
    asked = 0
    for s in sweep():
        legal = {(m.piece, m.to) for m in s.pos.legal_moves() if not m.is_pass}
        free = {pair for pair, why in s.moves.items() if why is None}
        assert free == legal & set(s.moves), (s.index, sorted(map(str, free ^ legal))[:5])
        assert (s.passing is None) == (s.pos.legal_moves() == [PASS]), s.index
        assert s.foreign is None or s.foreign.kind == "not-in-game", s.index
        asked += len(s.moves)
    assert asked > 300_000
    bad = [(why.kind, why.case, problems) for why in explanations()
           if (problems := fact_problems(why))]
    assert not bad, bad[:10]


def test_the_public_functions_agree_with_the_shared_analysis():
    for n, s in enumerate(sweep()[::7]):
        for (piece, c), why in list(s.moves.items())[n % 97::97]:
            assert explain_move(s.pos, Move(piece, c)) == why


def test_explain_piece_is_none_iff_the_piece_has_a_move():
    for s in sweep()[::2]:
        for piece, why in s.pieces.items():
            assert (why is None) == bool(s.pos.targets(piece)), (s.index, piece, why)
            if why is not None:
                assert why.kind in KINDS and not fact_problems(why), (s.index, piece, why)


@pytest.mark.slow
def test_every_kind_and_case_is_produced_and_no_other():
    """Every declared kind, case and Mosquito lead occurs in the sweep or in the golden sample
    (peer data, scenarios, hand-made layouts, random games and MoveStrings the notation
    refuses), and nothing else does."""
    produced = Counter((str(w.kind), w.case) for w in explanations())
    leads = {w.mosquito for w in explanations()}
    for rec in golden_cases.read(golden_cases.HIVE_FILE):
        why = golden_cases.golden_explanation(rec)
        if why is not None:
            assert not fact_problems(why), (rec, fact_problems(why))
            produced[(str(why.kind), why.case)] += 1
            leads.add(why.mosquito)
    declared = {(str(k), case) for k, info in KINDS.items() for case in info.cases}
    assert set(produced) == declared, declared ^ set(produced)
    assert leads == {"", *MOSQUITO_LEADS}



@pytest.mark.slow
def test_random_games_scenarios_and_layouts_agree_with_the_generator_too():
    """The sweep on the other sources of the golden sample (about 1100 positions)."""
    sources = [(src, game) for src, game in golden_cases._hive_sources()
               if not src.startswith("peer:")]
    assert len(sources) > 500
    for src, game in sources:
        pos = golden_cases.hive_position(src, game)
        ex = Explainer(pos)
        legal = {(m.piece, m.to) for m in pos.legal_moves() if not m.is_pass}
        for ask, piece, c in golden_cases.hive_questions(pos):
            if ask != "move":
                continue
            why = ex.move(Move(piece, c))
            assert (why is None) == ((piece, c) in legal), (src, game, piece, cell_name(c))
            assert why is None or not fact_problems(why), (src, game, why)


def test_explain_move_is_none_exactly_for_legal_moves_and_play_raises_with_it():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    for move in pos.legal_moves():
        assert explain_move(pos, move) is None
    with pytest.raises(IllegalMoveError) as err:
        pos.play("wS1 bQ-")
    assert err.value.rule == "R6"
    assert isinstance(err.value.explanation, Explanation)
    assert err.value.explanation.kind == "pinned"


def test_a_move_without_a_cell_is_bad_input():
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    with pytest.raises(ValueError, match="wQ names no cell"):
        explain_move(pos, Move(Piece.from_name("wQ"), None))


# ----------------------------------------------------------------------------- Mzinga's rule file
MZINGA_RULES = {
    "You can't play, the game is over.": "R19",
    "It's not that player's turn.": "R0",
    "That piece is not enabled in this game.": "R0",
    "You can't play your Queen Bee on your first turn.": "R4",
    "You must play your Queen Bee on or before your fourth turn.": "R4",
    "You can't move a piece in play until you've played your Queen Bee.": "R5",
    "When there are multiple pieces of the same bug type, you must play the pieces in order.":
        "R0",
    # The moving piece is a Beetle in both cases: the Beetle's rule names the taken cell.
    "You can't move there because a piece already exists at that position.": "R10",
    "You can't move that piece because it has another piece on top of it.": "R6",
    "You can't move that piece because it will break the hive.": "R6",
    "You can't pass, the game is over.": "R19",
    "You can't pass when you have valid moves.": "R18",
}
MZINGA = invalid_by_rule()


def test_the_mzinga_rule_file_has_a_rule_for_every_reason():
    reasons = {r for r, _, _ in MZINGA}
    assert reasons <= set(MZINGA_RULES), reasons - set(MZINGA_RULES)
    assert len(MZINGA) >= 20


@pytest.mark.parametrize("reason,gs,move", MZINGA, ids=[f"{i}" for i in range(len(MZINGA))])
def test_mzinga_invalid_moves_are_rejected_by_the_right_rule(reason, gs, move):
    expected = MZINGA_RULES[reason]
    pos = Position.from_text(gs, tournament=True)
    try:
        pos.play(move)
    except IllegalMoveError as e:
        assert e.rule == expected, (e.rule, e.reason)
        assert e.reason
    except (GameStringError, InvalidMoveError) as e:
        found = re.findall(r"\((R\d+)\)", str(e))
        assert found and found[-1] == expected, str(e)
    else:
        pytest.fail(f"{move} was accepted in {gs}")


# ----------------------------------------------------------------------------- helpers
def layout(stacks, *, game_type="Base+MLP", to_move="white", turn=6, **kw) -> Position:
    return Position.from_layout(stacks, game_type=game_type, to_move=to_move, turn=turn, **kw)


def why(pos: Position, piece: str, to: str) -> Explanation:
    move = Move(Piece.from_name(piece), parse_cell(to))
    assert not pos.is_legal(move), f"{piece} to {to} is legal"
    out = explain_move(pos, move)
    assert out is not None
    assert out.kind in KINDS and not fact_problems(out), fact_problems(out)
    assert out.mover is Piece.from_name(piece) and out.rule in Rule
    return out


def names(pieces) -> list[str]:
    return [p.name for p in pieces]


def cells(cs) -> list[str]:
    return sorted(cell_name(c) for c in cs)


# ----------------------------------------------------------------------------- R19, R0, R18
GAME_OVER = MZINGA[0][1]


def test_game_over_r19_for_moves_pieces_and_pass():
    pos = Position.from_text(GAME_OVER, tournament=True)
    assert pos.is_over
    w = explain_move(pos, Move(Piece.from_name("wB1"), parse_cell("0,0")))
    assert (w.rule, w.kind) == ("R19", "game-over")
    assert "Black won" in w.reason
    assert explain_move(pos, pos.parse_move("pass")).rule == "R19"
    assert explain_piece(pos, "wQ").rule == "R19"


def test_r0_not_in_game_not_your_turn_and_piece_order():
    pos = Position("Base", tournament=True)
    w = explain_move(pos, Move(Piece.from_name("wM"), parse_cell("0,0")))
    assert (w.rule, w.kind, w.mover.name, w.facts["game"]) == ("R0", "not-in-game", "wM", "Base")
    w = explain_move(pos, Move(Piece.from_name("bA1"), parse_cell("0,0")))
    assert (w.rule, w.kind, w.mover.name, w.pieces) == ("R0", "not-your-turn", "bA1", ())
    assert (w.facts["turn"], w.facts["owner"]) == (Colour.WHITE, Colour.BLACK)
    assert "White's turn" in w.reason
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-", tournament=True)
    w = explain_move(pos, Move(Piece.from_name("wG2"), parse_cell("-1,0")))
    assert (w.rule, w.kind, names(w.pieces), w.mover.name) == (
        "R0", "piece-order", ["wG1"], "wG2")
    assert explain_piece(pos, "wG2").kind == "piece-order"


def test_r0_an_opponents_piece_away_from_your_pillbug():
    pos = layout({"0,0": "wP", "-1,0": "wQ", "1,0": "bQ", "2,0": "bA1"}, game_type="Base+P")
    w = why(pos, "bA1", "0,1")
    assert (w.rule, w.kind, names(w.pieces), cells(w.cells)) == (
        "R0", "not-your-turn", [], ["2,0"])
    assert explain_piece(pos, "bA1").kind == "not-your-turn"


def test_r0_mentions_a_mosquito_that_touches_no_pillbug():
    pos = layout({"0,0": "wM", "-1,0": "wQ", "1,0": "bQ", "2,0": "bP"}, game_type="Base+MP")
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, w.case, w.facts["mosquito"].name) == (
        "R0", "not-your-turn", "mosquito", "wM")
    assert "wM could throw it only while touching a Pillbug" in w.reason


def test_r18_pass_while_moves_exist():
    pos = Position("Base", tournament=True)
    w = explain_move(pos, pos.parse_move("pass"))
    assert (w.rule, w.kind, w.facts["count"], w.mover) == ("R18", "pass-with-moves", 4, None)
    assert "4" in w.reason


# ----------------------------------------------------------------------------- placement
def test_r4_queen_by_the_fourth_turn_and_not_on_the_first():
    gs = "Base;InProgress;White[4];wS1;bS1 wS1-;wB1 \\wS1;bB1 bS1/;wG1 /wS1;bG1 bS1\\"
    pos = Position.from_text(gs, tournament=True)
    w = why(pos, "wS2", "-2,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R4", "queen-by-4", ["wQ"])
    assert explain_piece(pos, "wA1").kind == "queen-by-4"
    assert explain_piece(pos, "wQ") is None
    pos = Position("Base", tournament=True)
    w = why(pos, "wQ", "0,0")
    assert (w.rule, w.kind) == ("R4", "queen-first-turn")
    assert Position("Base").is_legal(Move(Piece.from_name("wQ"), parse_cell("0,0")))


def test_r1_r2_first_and_second_placement():
    pos = Position("Base", tournament=True)
    w = why(pos, "wS1", "1,0")
    assert (w.rule, w.kind, cells(w.cells)) == ("R1", "first-placement", ["0,0"])
    pos.play("wS1")
    w = why(pos, "bS1", "2,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R2", "second-placement", ["wS1"])


def test_r3_occupied_touches_opponent_and_touches_nothing():
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-", tournament=True)
    w = why(pos, "wQ", "1,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R3", "occupied", ["bS1"])
    w = why(pos, "wQ", "1,-1")
    assert (w.rule, w.kind, names(w.pieces), cells(w.cells)) == (
        "R3", "touches-opponent", ["bS1"], ["1,0"])
    w = why(pos, "wQ", "-3,0")
    assert (w.rule, w.kind) == ("R3", "not-touching")


def test_r3_a_beetle_on_top_changes_the_colour_of_a_stack():
    pos = layout({"0,0": "wQ", "1,0": "bQ wB1", "2,0": "bA1"})
    assert pos.is_legal(Move(Piece.from_name("wA1"), parse_cell("1,1"))) is False  # bA1 next
    w = why(pos, "wA1", "2,-1")
    assert (w.kind, names(w.pieces)) == ("touches-opponent", ["bA1"])
    assert explain_move(pos, Move(Piece.from_name("wA1"), parse_cell("1,-1"))) is None


# ----------------------------------------------------------------------------- R5, R17, R6
def test_r5_no_move_before_the_queen():
    gs = "Base;InProgress;White[3];wS1;bS1 wS1-;wB1 \\wS1;bB1 bS1/"
    pos = Position.from_text(gs, tournament=True)
    w = why(pos, "wB1", "-1,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R5", "queen-not-placed", ["wQ"])
    assert explain_piece(pos, "wB1").rule == "R5"


def test_r5_no_pillbug_power_before_the_queen():
    pos = layout({"0,0": "wP", "1,0": "bQ", "-1,0": "wA1"}, game_type="Base+P", turn=3)
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, w.case, names(w.pieces)) == (
        "R5", "queen-not-placed", "throw", ["wQ", "wP"])


def test_r17_own_piece_thrown_last_turn():
    pos = layout({"0,0": "wQ", "1,0": "bP", "2,0": "bQ", "1,1": "wA1"}, game_type="Base+P",
                 last_moved="wA1")
    w = why(pos, "wA1", "2,1")
    assert (w.rule, w.kind, names(w.pieces), w.facts["how"]) == ("R17", "stunned", [], "thrown")
    assert "was thrown by a Pillbug on the previous turn" in w.reason
    assert explain_piece(pos, "wA1").kind == "stunned"


def test_r17_a_piece_that_moved_last_turn_cannot_be_thrown():
    gs = "Base+P;InProgress;White[4];wP;bQ wP-;wQ -wP;bA1 bQ-;wA1 /wQ;bA1 wP\\"
    pos = Position.from_text(gs)
    w = why(pos, "bA1", "0,-1")
    assert (w.rule, w.kind, w.case, names(w.pieces)) == ("R17", "stunned", "throw", ["wP"])
    assert w.facts["how"] == "moved" and w.facts["thrower"].name == "wP"
    assert w.reason.startswith("bA1 moved on the previous turn")


def test_r6_covered_names_the_piece_on_top():
    gs = ("Base;InProgress;White[6];wS1;bS1 wS1-;wB1 \\wS1;bB1 bS1/;wG1 /wS1;bG1 bS1\\;"
          "wQ /wB1;bQ bB1\\;wB1 wQ;bB1 bQ")
    pos = Position.from_text(gs, tournament=True)
    w = why(pos, "wQ", "-1,-1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R6", "covered", ["wB1"])
    assert w.reason == "wB1 sits on top of wQ, so wQ cannot move."


def test_r6_pinned_names_the_cut_off_pieces():
    pos = layout({"0,0": "wQ", "1,0": "wS1", "2,0": "bA1", "3,0": "bG1", "-1,0": "bQ"},
                 game_type="Base")
    w = why(pos, "wS1", "1,1")
    assert (w.rule, w.kind, names(w.pieces), cells(w.cells)) == (
        "R6", "pinned", ["bG1", "bA1"], ["2,0", "3,0"])
    assert names(w.facts["cut"]) == ["bG1", "bA1"] and w.to is None
    assert w.reason.startswith("Moving wS1 would split off bG1 and bA1 from the rest")
    assert explain_piece(pos, "wS1") == w


def test_r6_a_pillbug_under_a_beetle_cannot_move_or_throw():
    pos = layout({"0,0": "wP bB1", "-1,0": "wQ", "1,0": "bQ"}, game_type="Base+P")
    w = explain_piece(pos, "wP")
    assert (w.rule, w.kind, w.case, names(w.pieces)) == ("R6", "covered", "power", ["bB1"])
    assert "cannot move or use its power" in w.reason
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R16", "thrower-covered", ["bB1", "wP"])


# ----------------------------------------------------------------------------- one-step movers
RING = {"0,0": "wQ", "1,-1": "bQ", "2,-1": "bA1", "2,0": "bG1", "1,1": "bS1", "0,1": "wG1"}


def test_queen_one_step_reasons():
    pos = layout(RING, game_type="Base")
    w = why(pos, "wQ", "1,0")
    assert (w.rule, w.kind, names(w.pieces), cells(w.cells)) == (
        "R7", "gate", ["wG1", "bQ"], ["0,1", "1,-1"])
    assert w.gate is not None and cells(w.gate) == ["0,1", "1,-1"]
    w = why(pos, "wQ", "-1,0")
    assert (w.rule, w.kind) == ("R7", "no-contact")
    assert "lose touch with the hive" in w.reason
    w = why(pos, "wQ", "2,1")
    assert (w.rule, w.kind, w.facts["distance"], w.facts["bug"]) == (
        "R9", "too-far", 3, Bug.QUEEN)
    assert w.reason.startswith("A Queen Bee moves just one cell")
    w = why(pos, "wQ", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R9", "occupied", ["wG1"])
    assert why(pos, "wQ", "0,0").kind == "same-cell"
    assert explain_move(pos, Move(Piece.from_name("wQ"), parse_cell("-1,1"))) is None


def test_pillbug_step_uses_its_own_rule():
    pos = layout({"0,0": "wP", "1,0": "bQ", "1,-1": "wQ"}, game_type="Base+P")
    w = why(pos, "wP", "2,-2")
    assert (w.rule, w.kind) == ("R16", "too-far")


def test_queen_with_nowhere_to_go_is_stuck():
    pos = layout({"-1,0": "wS1", "-1,1": "bM", "0,-1": "wB1", "0,0": "wQ", "0,1": "bQ",
                  "1,0": "bS1"}, game_type="Base+M")
    w = explain_piece(pos, "wQ")
    assert (w.rule, w.kind, w.case) == ("R9", "stuck", "step")
    assert {o.kind for o in w.others} >= {"gate", "occupied"}


def test_beetle_ground_gate_height_gate_and_distance():
    ring = dict(RING, **{"0,0": "wB1", "0,1": "wQ"})
    pos = layout(ring, game_type="Base")
    w = why(pos, "wB1", "1,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R7", "gate", ["wQ", "bQ"])
    pos = layout({"0,0": "wQ wB1", "1,-1": "bQ bB1", "0,1": "wA1 wB2"}, game_type="Base")
    w = why(pos, "wB1", "1,0")
    assert (w.rule, w.kind, names(w.pieces), cells(w.cells)) == (
        "R8", "height-gate", ["wB2", "bB1"], ["0,1", "1,-1"])
    assert "wB2 (2 high) and bB1 (2 high)" in w.reason
    assert "starts (on a stack 1 high)" in w.reason and "lands (on the ground)" in w.reason
    assert {k: w.facts[k] for k in ("left_height", "right_height", "start_height",
                                    "end_height", "action")} == {
        "left_height": 2, "right_height": 2, "start_height": 1, "end_height": 0,
        "action": "climb-down"}
    w = why(pos, "wB1", "2,0")
    assert (w.rule, w.kind) == ("R10", "too-far")
    assert explain_move(pos, Move(Piece.from_name("wB1"), parse_cell("1,-1"))) is None


def test_beetle_cannot_climb_between_two_high_stacks():
    pos = layout({"0,0": "wQ bB2", "0,1": "bQ", "1,0": "wB1", "1,1": "bL bB1"})
    w = why(pos, "wB1", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R8", "height-gate", ["bB2", "bB1"])
    assert (w.facts["action"], w.facts["onto"].name) == ("climb-onto", "bQ")
    assert w.reason.startswith("wB1 cannot climb onto bQ")


# ----------------------------------------------------------------------------- Grasshopper
def test_grasshopper_reasons():
    pos = layout({"0,0": "wG1", "1,0": "wQ", "2,0": "bQ", "2,1": "bA1"}, game_type="Base")
    assert explain_move(pos, Move(Piece.from_name("wG1"), parse_cell("3,0"))) is None
    w = why(pos, "wG1", "4,0")
    assert (w.rule, w.kind, cells(w.cells), w.facts["land"]) == (
        "R11", "gap", ["3,0"], parse_cell("3,0"))
    assert "it would land at cell 3,0 first" in w.reason.replace("wG1 would", "it would")
    w = why(pos, "wG1", "2,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R11", "occupied", ["bQ"])
    w = why(pos, "wG1", "-2,0")
    assert (w.rule, w.kind, cells(w.cells)) == ("R11", "nothing-to-jump", ["-1,0"])
    w = why(pos, "wG1", "1,1")
    assert (w.rule, w.kind) == ("R11", "not-in-line")


# ----------------------------------------------------------------------------- Spider
def test_spider_counts_revisits_and_distance():
    pos = layout({"-1,0": "bS1", "0,-1": "bG1", "0,0": "wQ", "0,1": "bQ"}, game_type="Base",
                 to_move="black")
    w = why(pos, "bS1", "0,-2")
    assert (w.rule, w.kind, w.facts["steps"]) == ("R12", "wrong-count", 2)
    assert "in 2 steps but never in exactly 3" in w.reason
    w = why(pos, "bS1", "-1,-1")
    assert (w.rule, w.kind, w.facts["twice"]) == ("R12", "revisit", w.cells[0])
    assert "twice" in w.reason and len(w.path) == 4
    w = why(pos, "bS1", "-3,0")
    assert (w.rule, w.kind) == ("R12", "off-hive")
    w = why(pos, "bS1", "0,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R12", "occupied", ["wQ"])


def test_spider_only_through_a_gate():
    pos = layout({"-1,1": "bG1", "-1,2": "bS2", "0,0": "wQ", "0,1": "bS1", "1,0": "bQ",
                  "1,1": "bL"}, to_move="black")
    w = why(pos, "bS1", "2,1")
    assert (w.rule, w.kind, w.case, names(w.pieces)) == ("R7", "gate", "spider", ["bS2", "bL"])
    assert "in three steps only by squeezing between bS2 and bL" in w.reason
    assert len(w.path) == 4 and w.path[-1] == parse_cell("2,1")


def test_spider_far_along_the_edge():
    pos = layout({"0,0": "wS1", "1,0": "wQ", "2,0": "bQ", "3,0": "bA1", "4,0": "bA2"},
                 game_type="Base")
    w = why(pos, "wS1", "5,0")
    assert (w.rule, w.kind, w.case, w.facts["steps"]) == ("R12", "too-far", "spider", 6)
    assert "Cell 5,0 is 6 steps away along the edge of the hive" in w.reason


# ----------------------------------------------------------------------------- Soldier Ant
POCKET = {"1,0": "wQ", "1,-1": "bQ", "0,-1": "bG1", "-1,0": "bS1", "-1,1": "wG1", "2,0": "wA1"}


def test_ant_gated_pocket_names_the_gate():
    pos = layout(POCKET, game_type="Base")
    w = why(pos, "wA1", "0,0")
    assert (w.rule, w.kind, w.case, names(w.pieces), cells(w.cells)) == (
        "R7", "gate", "pocket", ["wQ", "wG1"], ["-1,1", "1,0"])
    w = why(pos, "wA1", "5,0")
    assert (w.rule, w.kind) == ("R13", "off-hive")
    w = why(pos, "wA1", "2,0")
    assert (w.rule, w.kind) == ("R13", "same-cell")


def test_ant_enclosed_cell_and_walled_in_ant():
    pos = layout(dict(POCKET, **{"0,1": "wS1"}), game_type="Base")
    w = why(pos, "wA1", "0,0")
    assert (w.rule, w.kind, cells(w.cells)) == ("R13", "enclosed", ["0,0"])
    assert "surrounded by pieces on all six sides" in w.reason
    ring = {"1,0": "wQ", "1,-1": "bQ", "0,-1": "bG1", "-1,0": "bS1", "-1,1": "wG1",
            "0,1": "wS1", "0,0": "wA1"}
    pos = layout(ring, game_type="Base")
    w = why(pos, "wA1", "2,0")
    assert (w.kind, w.case, cells(w.cells)) == ("enclosed", "start", ["0,0"])
    assert w.reason == "wA1 is surrounded by pieces on all six sides, so it cannot slide out."
    assert explain_piece(pos, "wA1").kind == "stuck"


# ----------------------------------------------------------------------------- Mosquito
def test_mosquito_lists_its_copies_and_the_nearest_reason():
    pos = layout({"0,-1": "bG1", "0,0": "wQ", "0,1": "wB1", "1,-1": "bQ", "1,0": "bM",
                  "2,-1": "wG1", "2,0": "wG2"}, to_move="black")
    w = why(pos, "bM", "1,1")
    # A gate is a gate for every bug (R7); the sentence says the Mosquito copies.
    assert (w.rule, w.kind, names(w.pieces)) == ("R7", "gate", ["wB1", "wG2"])
    assert w.reason.startswith(
        "bM copies the Grasshopper from wG2, the Queen Bee from bQ and the Beetle from wB1")
    assert "as a Queen Bee" in w.reason
    assert len(w.others) == 2
    assert w.mosquito == "copies" and w.facts["bug"] is Bug.QUEEN
    assert [(b, p.name) for b, p in w.facts["copies"]] == [
        (Bug.GRASSHOPPER, "wG2"), (Bug.QUEEN, "bQ"), (Bug.BEETLE, "wB1")]


def test_mosquito_copying_one_bug():
    pos = layout({"0,0": "wQ", "0,1": "bS1", "0,2": "wM", "1,0": "bQ"})
    w = why(pos, "wM", "-1,1")
    assert (w.rule, w.kind, w.mosquito, w.facts["via"].name) == (
        "R14", "wrong-count", "only", "bS1")
    assert w.reason.startswith("wM can copy only bS1, so here it moves like a Spider")


def test_mosquito_touching_only_the_other_mosquito():
    pos = layout({"0,0": "wQ", "0,-1": "bQ", "0,1": "bM", "0,2": "wM"}, game_type="Base+M")
    w = explain_piece(pos, "wM")
    assert (w.rule, w.kind, names(w.pieces)) == ("R14", "mosquito-alone", ["bM"])
    assert why(pos, "wM", "1,1") == w


def test_mosquito_on_top_moves_only_as_a_beetle():
    pos = layout({"0,0": "wQ", "0,1": "bQ wM"}, game_type="Base+M")
    w = why(pos, "wM", "0,3")
    assert (w.rule, w.kind, w.mosquito) == ("R14", "too-far", "on-top")
    assert w.reason == ("On top of the hive wM moves only as a Beetle, and it moves just one "
                        "cell (on the ground or over the hive), and cell 0,3 is 2 cells away "
                        "from wM.")
    assert explain_move(pos, Move(Piece.from_name("wM"), parse_cell("1,0"))) is None
    pos = layout({"0,0": "wQ bB1", "1,0": "bQ bM", "1,1": "bA1 bB2", "2,0": "wA1"},
                 game_type="Base+M", to_move="black")
    w = why(pos, "bM", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R8", "height-gate", ["bB1", "bB2"])


# ----------------------------------------------------------------------------- Ladybug
def test_ladybug_up_across_and_down():
    pos = layout({"-1,0": "wL", "0,0": "wQ", "1,0": "bQ", "0,1": "bA1 bB1",
                  "1,-1": "wA1 wB1"})
    w = why(pos, "wL", "2,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R8", "height-gate", ["bB1", "wB1"])
    assert w.reason.startswith("wL cannot cross from wQ to bQ")
    assert [cell_name(c) for c in w.path] == ["-1,0", "0,0", "1,0", "2,0"]
    pos = layout({"-1,-1": "wB2", "-1,0": "bQ wB1", "0,-1": "bL", "0,0": "wQ",
                  "1,-1": "bS1 wM"}, to_move="black")
    w = why(pos, "bL", "1,-2")
    assert (w.rule, w.kind, names(w.pieces)) == ("R8", "height-gate", ["wB1", "wM"])
    assert w.reason.startswith("bL cannot climb up onto wQ")
    pos = layout({"-1,-1": "wG1 wB2", "-1,1": "wL", "0,-1": "bQ", "0,0": "wQ wB1"})
    w = why(pos, "wL", "-1,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R8", "height-gate", ["wB2", "wB1"])
    assert w.reason.startswith("wL cannot climb down from bQ to cell -1,0")


def test_ladybug_never_ends_on_top_nor_where_it_started():
    pos = layout({"-1,0": "bQ", "0,-1": "bL", "0,0": "wQ", "1,0": "wL"})
    w = why(pos, "wL", "0,1")
    assert (w.rule, w.kind) == ("R15", "no-path")
    w = why(pos, "wL", "0,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R15", "occupied", ["wQ"])
    assert "never ends its move on top of the hive" in w.reason
    w = why(pos, "wL", "1,0")
    assert (w.rule, w.kind) == ("R15", "same-cell")
    w = why(pos, "wL", "5,0")
    assert (w.rule, w.kind) == ("R15", "too-far")


# ----------------------------------------------------------------------------- Pillbug throws
THROW = {"0,0": "wP", "-1,0": "wQ", "1,0": "bQ"}


def test_pillbug_throws_legal_and_destination_reasons():
    pos = layout(THROW, game_type="Base+P")
    for piece, to in (("bQ", "0,1"), ("bQ", "0,-1"), ("wQ", "0,-1")):
        assert explain_move(pos, Move(Piece.from_name(piece), parse_cell(to))) is None
    w = why(pos, "bQ", "2,0")
    assert (w.rule, w.kind, w.mover.name, names(w.pieces)) == ("R16", "too-far", "bQ", ["wP"])
    assert "not next to wP" in w.reason
    w = why(pos, "bQ", "-1,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R16", "occupied", ["wQ", "wP"])


def test_pillbug_throw_piece_reasons():
    pos = layout(dict(THROW, **{"2,0": "bA1"}), game_type="Base+P")
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R6", "pinned", ["bA1", "wP"])
    assert "so wP cannot throw it" in w.reason
    pos = layout(dict(THROW, **{"1,0": "bQ bB1"}), game_type="Base+P")
    w = why(pos, "bB1", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R16", "stacked", ["wP"])
    pos = layout(dict(THROW, **{"0,-1": "bP"}), game_type="Base+P", last_moved="wP")
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R17", "thrower-stunned", ["wP"])


def test_pillbug_lift_and_drop_gates():
    pos = layout(dict(THROW, **{"1,-1": "bG1 bB1", "0,1": "wG1 wB1"}), game_type="Base+P")
    w = why(pos, "bQ", "0,-1")
    assert (w.rule, w.kind, w.case, names(w.pieces)) == (
        "R8", "height-gate", "throw", ["wB1", "bB1", "wP"])
    assert (w.facts["action"], w.facts["start_height"], w.facts["end_height"]) == ("lift", 0, 1)
    assert w.reason.startswith("wP cannot lift bQ onto itself")
    pos = layout(dict(THROW, **{"-1,0": "wQ bB1", "0,1": "wG1 wB1"}), game_type="Base+P")
    w = why(pos, "bQ", "-1,1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R8", "height-gate", ["bB1", "wB1", "wP"])
    assert w.reason.startswith("wP cannot set bQ down on cell -1,1")
    assert explain_move(pos, Move(Piece.from_name("bQ"), parse_cell("1,-1"))) is None


def test_mosquito_copies_the_pillbugs_power():
    pos = layout({"0,0": "wM", "1,0": "bP", "1,-1": "bQ", "-1,0": "wQ"}, game_type="Base+MP")
    assert explain_move(pos, Move(Piece.from_name("bP"), parse_cell("0,1"))) is None
    assert explain_move(pos, Move(Piece.from_name("bQ"), parse_cell("0,1"))) is None
    w = why(pos, "bQ", "2,0")
    assert (w.rule, w.kind, names(w.pieces)) == ("R16", "too-far", ["wM"])
    pos = layout({"0,0": "wA1 wM", "1,0": "bP", "1,-1": "bQ", "-1,0": "wQ"},
                 game_type="Base+MP")
    w = why(pos, "bQ", "0,-1")
    assert (w.rule, w.kind, names(w.pieces)) == ("R14", "thrower-on-top", ["wM"])


def test_own_piece_reason_mentions_the_failed_throw_too():
    pos = layout(dict(THROW, **{"-1,1": "wA1"}), game_type="Base+P")
    w = why(pos, "wQ", "2,-1")
    assert (w.rule, w.kind) == ("R9", "too-far")
    assert [o.kind for o in w.others] == ["too-far"]


def test_a_pillbug_with_no_room_cannot_throw():
    pos = layout({"-2,0": "bA1", "-2,1": "wG1", "-2,2": "bB1", "-1,-1": "wG2", "-1,0": "bP",
                  "-1,1": "bQ", "0,-1": "bS1", "0,0": "wQ"}, to_move="black")
    w = explain_piece(pos, "wG1")
    assert (w.rule, w.kind, w.mover.name, names(w.pieces)) == ("R16", "no-room", "wG1", ["bP"])


# ----------------------------------------------------------------------------- explain_piece
def test_explain_piece_none_for_a_free_piece_and_reasons_for_blocked_ones():
    pos = layout(RING, game_type="Base")
    assert explain_piece(pos, "wQ") is None
    assert explain_piece(pos, "bQ").kind == "not-your-turn"
    assert explain_piece(pos, "wA1") is None  # in hand, placeable
    assert explain_piece(pos, "wM").kind == "not-in-game"


# ----------------------------------------------------------------------------- R6 before R16
def test_a_covered_piece_next_to_a_pillbug_is_refused_for_r6_not_r16():
    """RULES.md puts R6 before the piece's own rules: a covered piece cannot move at all, not
    even thrown, as a pinned (R6) or stunned (R17) one cannot."""
    pos = layout(dict(THROW, **{"1,0": "bQ bB1"}), game_type="Base+P")
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, w.case, names(w.pieces), names(w.facts["above"])) == (
        "R6", "covered", "throw", ["bB1", "wP"], ["bB1"])
    assert w.reason == "bB1 sits on top of bQ, and wP can only lift a piece with nothing on top."
    assert explain_piece(pos, "bQ").rule == "R6"
    # the same through a Mosquito that copies the Pillbug (a white Beetle covers the Queen)
    pos = layout({"0,0": "wM", "1,0": "bP", "1,-1": "bQ wB1", "-1,0": "wQ"},
                 game_type="Base+MP")
    w = why(pos, "bQ", "0,1")
    assert (w.rule, w.kind, w.case, names(w.pieces)) == ("R6", "covered", "throw", ["wB1", "wM"])
    assert explain_piece(pos, "bQ").rule == "R6"


# ----------------------------------------------------------------------------- the notation
@pytest.mark.parametrize("gs,text,rule,kind,case", [
    ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ -bQ", "R0", "reference-in-hand", ""),
    ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ", "R3", "written-alone", ""),
    ("Base;InProgress;Black[1];wS1", "bQ", "R2", "written-alone", ""),
    ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ wS1-", "R3", "cell-taken", "place"),
    ("Base;InProgress;White[2];wS1;bS1 wS1-", "wM -wS1", "R0", "not-in-game", ""),
    ("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-", "wS1 -bQ", "R12", "cell-taken",
     "walk"),
])
def test_moves_the_notation_refuses_are_explained_too(gs, text, rule, kind, case):
    pos = Position.from_text(gs)
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(text)
    w = err.value.explanation
    assert isinstance(w, Explanation) and not fact_problems(w)
    assert (err.value.rule, w.rule, w.kind, w.case) == (rule, rule, kind, case)
    assert err.value.reason == w.reason and str(err.value) == f"{text}: {w.text()}"


def test_a_beetle_that_may_climb_is_told_how_to_write_the_move():
    gs = ("Base;InProgress;White[8];wS1;bB1 wS1/;wA1 /wS1;bB2 \\bB1;wB1 /wA1;bA1 -bB2;"
          "wQ wB1-;bQ -bA1;wA2 -wB1;bQ \\bA1;wB2 wQ\\;bA2 /bA1;wA3 wQ-;bA2 wS1-")
    pos = Position.from_text(gs)
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move("wB2 wQ-")
    assert (err.value.rule, err.value.explanation.case) == ("R10", "climb")
    assert err.value.reason == ("That cell is already taken by wA3. To climb onto it, write the "
                                "move as 'wB2 wA3'.")
    pos.play("wB2 wA3")
