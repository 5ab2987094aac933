"""Real games in: GameStrings, PGN (Mzinga's and hivegame.com's) and Boardspace SGF.

The records are real games (tests/data/records/README.md). The SGF importer reads Boardspace's
grid coordinates, Mzinga read the same files' relative move texts: the two agreeing move by move
is what shows the coordinate mapping right, and the 2018 and 2021 finals must replay to the
positions Mzinga lists for them in tests/data/Board_ValidMovesFromRealGamesTest.csv.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.hive.position import GameState, Position
from hive_teach.hive.records import (
    RecordError,
    load_record,
    load_source,
    read_record,
    read_sgf,
)

DATA = Path(__file__).parent / "data"
RECORDS = DATA / "records"
# Boardspace SGF files and Mzinga's PGN conversions of them.
PAIRS = ["HV-Dumbot-Mormor51-2023-05-11-0957", "T-HV-dube-Quodlibet-2021-12-11-1632",
         "U-HV-kearf29-Dumbot-2013-04-20-0054"]
# SGF files of the games the RealGames file lists, with the title of their section there.
FINALS = {"HV-Quodlibet-Jewdoka-2018-10-10-0140.sgf": "HV-Quodlibet-Jewdoka-2018-10-10-0140",
          "T-HV-dube-Quodlibet-2021-12-11-1632.sgf": "T!HV-dube-Quodlibet-2021-12-11-1632"}
ALL = sorted(p.name for p in RECORDS.iterdir() if p.suffix in (".sgf", ".pgn", ".txt"))


def mzinga_section(title: str) -> list[tuple[str, list[str]]]:
    """The (GameString, legal moves) rows of one game of the RealGames file."""
    rows = (DATA / "Board_ValidMovesFromRealGamesTest.csv").read_text().splitlines()
    start = next(i for i, r in enumerate(rows) if r.startswith("#") and title in r)
    out = []
    for row in rows[start + 1:]:
        if row.startswith("#") or not row.strip():
            break
        gs, moves = row.split("\t")
        out.append((gs, moves.split(";")))
    return out


def mzinga_pgn_moves(path: Path) -> list[str]:
    """The moves of one of Mzinga's PGN files, read here by hand (not by the importer)."""
    return [line.split(". ", 1)[1].strip() for line in path.read_text().splitlines()
            if line[:1].isdigit()]


# ------------------------------------------------------------------ the real games
@pytest.mark.slow
@pytest.mark.parametrize("game", PAIRS)
def test_boardspace_coordinates_give_mzingas_moves(game):
    sgf = load_record(RECORDS / f"{game}.sgf")
    replay = Position(sgf.game_type)
    moves = mzinga_pgn_moves(RECORDS / f"{game}.pgn")
    assert len(sgf.moves) == len(moves) > 20
    for n, text in enumerate(moves, 1):
        replay.play(text)
        assert sgf.position(n) == replay, f"{game}: move {n} ({text}) lands elsewhere"


@pytest.mark.parametrize("name", sorted(FINALS))
def test_boardspace_finals_replay_to_mzingas_positions(name):
    record = load_record(RECORDS / name)
    rows = mzinga_section(FINALS[name])
    assert len(record.moves) == len(rows)
    for n, (gs, _legal) in enumerate(rows):
        assert record.position(n) == Position.from_text(gs), f"{name}: after move {n}"
    # The last move is not in the file as a position: it must be among Mzinga's legal moves.
    before = record.position(len(rows) - 1)
    last = before.parse_move(record.moves[-1])
    assert last in {before.parse_move(m) for m in rows[-1][1]}
    assert record.position().state is not GameState.IN_PROGRESS  # both ended on a Queen


@pytest.mark.parametrize("name", ALL)
def test_round_trip_import_gamestring_position(name, capsys):
    """import prints a GameString; replaying it gives the game the file records."""
    record = load_record(RECORDS / name)
    assert main(["import", str(RECORDS / name)]) == 0
    printed = capsys.readouterr().out.strip()
    assert Position.from_text(printed) == record.position()
    if name.endswith(".pgn"):  # a PGN's own move texts, played one by one
        replay = Position(record.game_type)
        for text in mzinga_pgn_moves(RECORDS / name):
            replay.play(text)
        assert Position.from_text(printed) == replay


def test_the_kinds_of_record_are_told_apart():
    got = {name: (r.format, r.dialect, r.game_type.name, len(r.moves))
           for name in ALL for r in [load_record(RECORDS / name)]}
    assert got == {
        "HV-Dumbot-Mormor51-2023-05-11-0957.pgn": ("pgn", "mzinga", "Base+MLP", 75),
        "HV-Dumbot-Mormor51-2023-05-11-0957.sgf": ("sgf", "boardspace", "Base+MLP", 75),
        "HV-Quodlibet-Jewdoka-2018-10-10-0140.sgf": ("sgf", "boardspace", "Base+MLP", 49),
        "T-HV-Jewdoka-Quodlibet-2019-10-03-0001.txt": ("gamestring", "", "Base+MLP", 53),
        "T-HV-dube-Quodlibet-2021-12-11-1632.pgn": ("pgn", "mzinga", "Base+MLP", 25),
        "T-HV-dube-Quodlibet-2021-12-11-1632.sgf": ("sgf", "boardspace", "Base+MLP", 25),
        "U-HV-kearf29-Dumbot-2013-04-20-0054.pgn": ("pgn", "mzinga", "Base+P", 140),
        "U-HV-kearf29-Dumbot-2013-04-20-0054.sgf": ("sgf", "boardspace", "Base+P", 140),
        "hivegame-Abbo69-WeakBot.pgn": ("pgn", "hivegame.com", "Base+MLP", 31),
    }


def test_headers_are_kept_and_the_results_agree_with_the_board():
    hivegame = load_record(RECORDS / "hivegame-Abbo69-WeakBot.pgn")
    assert (hivegame.tags["White"], hivegame.tags["Result"]) == ("Abbo69", "WhiteWins")
    assert hivegame.position().state is GameState.WHITE_WINS
    sgf = load_record(RECORDS / "HV-Dumbot-Mormor51-2023-05-11-0957.sgf")
    assert (sgf.tags["White"], sgf.tags["Black"]) == ("Dumbot", "Mormor51")
    assert sgf.tags["Result"] == "Dumbot vann spelet"  # Boardspace's result, in Swedish here
    assert sgf.position().state is GameState.WHITE_WINS
    old = load_record(RECORDS / "U-HV-kearf29-Dumbot-2013-04-20-0054.pgn")
    assert old.tags["Result"] == "BlackWins"
    assert old.position().state is GameState.BLACK_WINS


def test_the_gamestring_file_is_the_games_position():
    path = RECORDS / "T-HV-Jewdoka-Quodlibet-2019-10-03-0001.txt"
    text = path.read_text().strip()
    assert load_record(path).position() == Position.from_text(text)
    assert load_source(text).position() == Position.from_text(text)


def test_a_position_after_n_moves(capsys):
    path = RECORDS / "T-HV-dube-Quodlibet-2021-12-11-1632.pgn"
    assert main(["import", str(path), "--move", "3"]) == 0
    assert capsys.readouterr().out == "Base+MLP;InProgress;Black[2];wB1;bG1 -wB1;wQ wB1\\\n"
    assert main(["import", str(path), "--move", "0"]) == 0
    assert capsys.readouterr().out == "Base+MLP;NotStarted;White[1]\n"
    assert main(["import", str(path), "--move", "26"]) == 1
    err = capsys.readouterr().err
    assert err == (f"hive-teach import: {path} has 25 moves: the position after move 26 is not "
                   "in it (give 0 to 25)\n")


# ------------------------------------------------------------------ SGF turns and passes
def sgf(*nodes: str, su: str = "hive") -> str:
    return "(;\nSU[" + su + "]\n" + "\n".join(f"; {n}" for n in nodes) + "\n)\n"


OPENING = ("P0[1 pick W 4 wS1]", "P0[2 dropb wS1 N 13 .]", "P0[3 done]",
           "P1[4 pick B 4 bS1]", "P1[5 dropb bS1 O 13 wS1-]", "P1[6 done]")


def test_only_the_last_drop_before_done_counts():
    record = read_sgf(sgf(*OPENING, "P0[7 pick W 0 wQ]", "P0[8 dropb wQ M 12 /wS1]",
                          "P0[9 pickb M 12 wQ]", "P0[10 dropb wQ M 13 -wS1]", "P0[11 done]"))
    assert record.moves == ("wS1", "bS1 wS1-", "wQ -wS1")


def test_a_piece_put_back_in_the_reserve_is_no_move():
    record = read_sgf(sgf(*OPENING, "P0[7 pick W 0 wQ]", "P0[8 dropb wQ M 12 /wS1]",
                          "P0[9 pickb M 12 wQ]", "P0[10 drop W 0 wQ]", "P0[11 pick W 1 wA1]",
                          "P0[12 dropb wA1 M 13 -wS1]", "P0[13 done]"))
    assert record.moves == ("wS1", "bS1 wS1-", "wA1 -wS1")


def test_old_files_give_pieces_without_their_colour():
    record = read_sgf(sgf("P0[1 pick w 2 G1]", "P0[2 dropb g1 N 13 .]", "P0[3 done]",
                          "P1[4 move B A1 N 14 \\\\wG1]", "P1[5 done]",
                          "P0[6 pick w 3 B1]", "P0[7 dropb b1 N 12 wG1\\\\]", "P0[8 done]",
                          "P1[9 pick b 0 Q]", "P1[10 dropb q O 15 bA1/]", "P1[11 done]"))
    assert record.moves == ("wG1", "bA1 \\wG1", "wB1 wG1\\", "bQ bA1/")


def test_a_done_alone_is_a_pass_and_a_left_out_pass_is_put_back():
    """The real game passes three times, each written "Pass" then "Done": written as a "done"
    alone, or left out (as newer files do with a forced pass), it reads the same."""
    path = RECORDS / "HV-Dumbot-Mormor51-2023-05-11-0957.sgf"
    text = path.read_text()
    whole = read_sgf(text)
    assert whole.moves.count("pass") == 3
    done_alone = text.replace("; P1[172 Pass ]TM[960072]\n", "")
    left_out = text.replace("; P1[168 Pass ]TM[951810]\n; P1[169 Done ]TM[951810]\n", "")
    assert done_alone != text and left_out != text
    assert read_sgf(done_alone).moves == whole.moves
    assert read_sgf(left_out).moves == whole.moves


def test_draw_offers_are_no_moves():
    record = read_sgf(sgf(*OPENING, "P0[7 offerdraw]", "P0[8 done]", "P1[9 declinedraw]",
                          "P1[10 done]", "P0[11 pick W 0 wQ]", "P0[12 dropb wQ M 13 -wS1]",
                          "P0[13 done]"))
    assert record.moves == ("wS1", "bS1 wS1-", "wQ -wS1")


def test_nothing_is_read_after_a_resignation():
    record = read_sgf(sgf(*OPENING, "P0[7 pick W 0 wQ]", "P0[8 dropb wQ M 13 -wS1]",
                          "P0[9 resign]", "P0[10 done]", "P1[11 dropb bQ Z 1 .]"))
    assert record.moves == ("wS1", "bS1 wS1-")


def test_a_record_that_starts_the_game_again_is_the_game_it_restarts():
    """A second ``Start`` with the moves recorded anew was read as one long game: the replayed
    moves were refused as illegal (or, worse, read on top of the first ones)."""
    path = RECORDS / "T-HV-dube-Quodlibet-2021-12-11-1632.sgf"
    text = path.read_text()
    head, start, game = text.partition("; P0[0 Start P0]\n")
    # A few moves in a different place (the first piece at K 9: the origin must move too),
    # a resignation, then the real game from its start.
    aborted = ("; P0[0 Start P0]\n; P0[1 pick W 0 wQ]\n; P0[2 dropb wQ K 9 .]\n; P0[3 done]\n"
               "; P1[4 pick B 4 bS1]\n; P1[5 dropb bS1 L 9 wQ-]\n; P1[6 resign]\n"
               "; P0[7 pick W 1 wA1]\n")
    restarted = head + aborted + start + game
    record = read_sgf(restarted, "restarted.sgf")
    assert record.moves == read_sgf(text).moves
    assert record.lines[0] == read_sgf(text).lines[0] + aborted.count("\n")
    nodes, close = game.rstrip()[:-1], ")\n"  # the nodes after Start, and the file's end
    twice = head + start + nodes + start + nodes + close  # the whole game recorded twice
    assert read_sgf(twice).moves == read_sgf(text).moves
    assert read_sgf(sgf(*OPENING, "P0[7 Start P0]")).moves == ()


# ------------------------------------------------------------------ malformed records
MALFORMED = [
    # (file name, text, the error)
    ("empty.pgn", "\n\n", "empty.pgn:1: the file is empty: there is no game in it"),
    ("chess.pgn", "\n1.e4 e5", "chess.pgn:2: move 1 'e4 e5': not a move: write a piece like wQ "
     "or bS1, then optionally a reference piece with a direction mark (-, / or \\), e.g. "
     "'bS1 wQ-'"),
    ("notes.txt", "my game\nwS1", "notes.txt:1: not a game record the kit reads: a UHP "
     "GameString (Base+MLP;...), PGN ([GameType \"Base\"] and numbered moves) or Boardspace "
     "SGF ('(;...')"),
    ("type.pgn", '[Event "x"]\n[GameType "Base+X"]\n1. wS1', "type.pgn:2: GameType: 'Base+X' "
     "is not a game type: use Base or Base+ with any of M, L, P (e.g. Base+MLP)"),
    ("tag.pgn", '[GameType "Base"\n1. wS1', "tag.pgn:1: '[GameType \"Base\"' is not a PGN "
     "tag: a tag looks like [GameType \"Base+MLP\"]"),
    ("illegal.pgn", '[GameType "Base"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-', "illegal.pgn:5: "
     "move 3 'wQ bS1-': This cell touches the opponent's bS1; a new piece may only touch "
     "pieces of its own colour. (R3)"),
    ("mosquito.pgn", '[GameType "Base"]\n1. wS1\n2. bM wS1-', "mosquito.pgn:3: move 2 "
     "'bM wS1-': There is no Mosquito in a Base game, so bM cannot play. (R0)"),
    ("order.pgn", '[GameType "Base"]\n1. wS1\n2. bS1 wS1-\n4. wQ -wS1', "order.pgn:4: move "
     "number 4 is out of order: this is move 3 (Hive PGN numbers every move, White's and "
     "Black's)"),
    ("three.pgn", '[GameType "Base"]\n1. wS1 bS1 wS1-', "three.pgn:2: 'wS1 bS1 wS1-' is not "
     "one move: a move is a piece and at most one reference, e.g. 'bG1 -wS1'"),
    ("lone.pgn", '[GameType "Base"]\n1. wS1\n2.', "lone.pgn:3: move number 2 has no move "
     "after it"),
    ("comment.pgn", '[GameType "Base"]\n1. wS1\n{ unfinished\n2. bS1 wS1-', "comment.pgn:3: a "
     "{comment} that is never closed with '}'"),
    ("two.pgn", '[GameType "Base"]\n1. wS1\n\n[GameType "Base"]\n1. wS1', "two.pgn:4: a tag "
     "after the moves: a record holds one game (start another file for the next one)"),
    ("after.pgn", '[GameType "Base"]\n1. wS1\nWhiteWins\n2. bS1 wS1-', "after.pgn:4: a move "
     "after the result on line 3: a record holds one game"),
    ("game.txt", "Base;wS1\nBase;wS1", "game.txt:2: a GameString file holds one GameString, on "
     "one line; this line is more"),
    ("gap.txt", "Base;InProgress;White[2];wS1;;bS1 wS1-", "gap.txt:1: move 2 is empty (two ';' "
     "in a row)"),
    ("ultimate.sgf", "(;\nGM[27]\nSU[Hive-Ultimate]\n; P0[1 dropb wQ N 13 .]",
     "ultimate.sgf:3: SU[Hive-Ultimate] is not a Hive game the kit plays: Boardspace writes "
     "hive, hive-m, ..., hive-plm (Hive Ultimate is not Hive)"),
    ("cell.sgf", sgf("P0[1 dropb wQ 13 N .]"), "cell.sgf:3: 13 N is not a Boardspace cell: a "
     "column letter and a row number, e.g. N 13"),
    ("short.sgf", sgf("P0[1 dropb wQ N]"), "short.sgf:3: dropb needs 3 values after it, e.g. "
     "'dropb wQ N 12 wB1\\'"),
    ("piece.sgf", sgf("P0[1 dropb wX1 N 13 .]"), "piece.sgf:3: 'wX1' is not a Hive piece "
     "(Boardspace writes them like wQ, bS1, wP1)"),
    ("number.sgf", sgf("P0[1 dropb wA N 13 .]"), "number.sgf:3: 'wA': which Soldier Ant? (a "
     "number is missing)"),
    ("command.sgf", sgf(*OPENING, "P0[7 undo]"), "command.sgf:9: 'undo' is not a Boardspace "
     "Hive command this reader knows (start, pick, pickb, drop, dropb, pdropb, move, pmove, "
     "movedone, pmovedone, pass, done, offerdraw, declinedraw, acceptdraw, resign)"),
    ("apart.sgf", sgf("P0[1 dropb wS1 N 13 .]", "P0[2 done]", "P1[3 dropb bS1 N 15 .]",
                      "P1[4 done]"), "apart.sgf:5: move 2 (dropb bS1 N 15 .): The second piece "
     "of the game must touch the first one, wS1. (R2)"),
    ("turn.sgf", sgf(*OPENING[:3], "P0[4 pick W 0 wQ]", "P0[5 dropb wQ M 13 -wS1]",
                     "P0[6 done]"), "turn.sgf:7: move 2 (dropb wQ M 13 -wS1): P0 plays, but it "
     "is Black's turn (P0 is White, P1 Black)"),
    ("pickb.sgf", sgf(*OPENING, "P0[7 pickb O 13 wS1]"), "pickb.sgf:9: pickb O 13 wS1: the "
     "piece on top at O 13 is bS1, not wS1"),
    ("nothing.sgf", sgf(*OPENING, "P0[7 pickb K 9 wS1]"), "nothing.sgf:9: pickb K 9 wS1: there "
     "is no piece at K 9"),
    ("not.sgf", "SU[hive]\n; P0[1 dropb wQ N 13 .]", "not.sgf:1: not a game record the kit "
     "reads: a UHP GameString (Base+MLP;...), PGN ([GameType \"Base\"] and numbered moves) or "
     "Boardspace SGF ('(;...')"),
    # A move number of 5000 digits escaped as Python's "Exceeds the limit (4300 digits)",
    # without file or line; other digits than ASCII ones were read as numbers.
    ("huge.pgn", '[GameType "Base"]\n1. wS1\n' + "9" * 5000 + ". bS1 wS1-", "huge.pgn:3: move "
     "number 99999999999999999999… (5000 digits) is too big: a game has at most 999999 moves"),
    ("big.pgn", '[GameType "Base"]\n1. wS1\n1000000. bS1 wS1-', "big.pgn:3: move number "
     "1000000 is too big: a game has at most 999999 moves"),
    ("arabic.pgn", '[GameType "Base"]\n1. wS1\n\u0662. bS1 wS1-', "arabic.pgn:3: '\u0662. bS1 "
     "wS1-' is not one move: a move is a piece and at most one reference, e.g. 'bG1 -wS1'"),
    ("row.sgf", sgf("P0[1 dropb wQ N \u0661\u0663 .]"), "row.sgf:3: N \u0661\u0663 is not a "
     "Boardspace cell: a column letter and a row number, e.g. N 13"),
]


@pytest.mark.parametrize(("name", "text", "error"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_records_name_the_file_and_line(tmp_path, capsys, name, text, error):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value) == f"{tmp_path}/{error}"
    assert main(["import", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err == f"hive-teach import: {tmp_path}/{error}\n"


def test_files_that_cannot_be_read(tmp_path):
    big = tmp_path / "big.pgn"
    big.write_bytes(b" " * 2_000_001)
    with pytest.raises(RecordError, match=r"big.pgn:1: the file has 2,000,001 bytes"):
        load_record(big)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(RecordError, match=r"folder:1: cannot read the file: \[Errno 21\]"):
        load_record(folder)


def test_a_latin1_file_on_disk_reads(tmp_path):
    path = tmp_path / "old.sgf"
    path.write_bytes('(;SU[hive]\nP0[id "Jos\xe9"]\n; P0[1 dropb wQ N 13 .]\n; P0[2 done])'
                     .encode("latin-1"))
    record = load_record(path)
    assert record.tags["White"] == "Jos\xe9" and record.moves == ("wQ",)


def test_the_error_pickles():
    e = RecordError("game.sgf", 7, "no piece at N 13")
    back = pickle.loads(pickle.dumps(e))
    assert (back.file, back.line, back.why, str(back)) == ("game.sgf", 7, "no piece at N 13",
                                                           "game.sgf:7: no piece at N 13")


@pytest.mark.slow
def test_damaged_records_give_a_record_error_and_nothing_else():
    """Real records with a few characters changed, deleted or added (seeded, so the same every
    run): each reads, or fails with file:line: why; never another exception."""
    import random

    rng = random.Random(17)
    texts = [(RECORDS / name).read_text() for name in ALL]
    alphabet = "()[];\\.-/ \n0123456789wbQSBGAMLPNOdonepickbmvas{}\"#"
    for _ in range(300):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 5)):
            k = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[k] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[k]
            else:
                chars.insert(k, rng.choice(alphabet))
        try:
            read_record("".join(chars), "damaged")
        except RecordError as e:
            assert str(e).startswith("damaged:") and e.line >= 1


@pytest.mark.parametrize("n", ["9" * 5000, "1000000", "-1", "\u0663"])
def test_the_move_option_is_a_bounded_ascii_number(capsys, n):
    """``import --move`` with 5000 digits echoed all of them in argparse's error."""
    with pytest.raises(SystemExit) as info:
        main(["import", str(RECORDS / "hivegame-Abbo69-WeakBot.pgn"), "--move", n])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "is not a number of moves from 0 to 999999" in err
    assert len(err) < 400


def test_import_keeps_the_records_own_spelling_of_each_move(capsys):
    """``hive-teach import`` rewrote the teacher's ``7. wQ \\wP`` as ``wQ -wB1`` (the same cell,
    named from another neighbour)."""
    path = RECORDS / "HV-Dumbot-Mormor51-2023-05-11-0957.pgn"
    spelt = [line.split(". ", 1)[1].strip() for line in path.read_text().splitlines()
             if re.match(r"^\d+\. ", line)]
    assert "wQ \\wP" in spelt
    record = load_record(path)
    assert list(record.moves) == spelt
    assert main(["import", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    assert out.split(";")[3:] == spelt
    assert Position.from_text(out).to_text() == record.position().to_text()
