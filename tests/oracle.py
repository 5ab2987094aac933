"""Readers for the peer-engine data in tests/data (see tests/data/README.md)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import NamedTuple

DATA = Path(__file__).parent / "data"


class FullMoves(NamedTuple):
    source: str
    label: str
    game_string: str
    state: str
    moves: list[str]


def full_moves() -> list[FullMoves]:
    """positions_full_moves.tsv: positions with their complete legal-move list and state."""
    out = []
    with open(DATA / "positions_full_moves.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            moves = [m for m in row["moves"].split(";") if m] if row["moves"] else []
            assert len(moves) == int(row["count"]), row["label"]
            out.append(FullMoves(row["source"], row["label"], row["game_string"], row["state"],
                                 moves))
    return out


def perft_positions() -> list[tuple[str, str, list[int]]]:
    """positions_perft.tsv: (label, game string, [perft1, perft2, perft3])."""
    with open(DATA / "positions_perft.tsv", newline="") as f:
        return [
            (r["label"], r["game_string"], [int(r["perft1"]), int(r["perft2"]), int(r["perft3"])])
            for r in csv.DictReader(f, delimiter="\t")
        ]


def perft_start() -> dict[str, list[int]]:
    """perft_start.tsv: game type to leaves by depth (index = depth)."""
    out: dict[str, list[int]] = {}
    with open(DATA / "perft_start.tsv", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            counts = out.setdefault(r["game_type"], [])
            assert int(r["depth"]) == len(counts)
            counts.append(int(r["leaves"]))
    return out


def invalid_by_rule() -> list[tuple[str, str, str]]:
    """Board_InvalidMovesByRuleTest.csv: (Mzinga's reason, game string, move)."""
    out = []
    reason = ""
    for line in (DATA / "Board_InvalidMovesByRuleTest.csv").read_text().splitlines():
        if line.startswith("#"):
            reason = line.lstrip("# ").strip()
        elif line.strip():
            gs, move = line.split("\t")
            out.append((reason, gs, move))
    return out


def nokamute_tests() -> list[tuple[str, str, list[str] | None]]:
    """nokamute_uhp_tests.txt: (name, game string, expected moves or None if not given)."""
    out = []
    lines = (DATA / "nokamute_uhp_tests.txt").read_text().splitlines()
    i = 0
    name = ""
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        if line.startswith("#"):
            name = line.lstrip("# ").strip()
            continue
        gs = line
        moves = None
        if i < len(lines) and lines[i].strip() and not lines[i].startswith("#"):
            moves = lines[i].strip().split(";")
            i += 1
        out.append((name, gs, moves))
    return out


def valid_move_files() -> list[tuple[str, str, list[str]]]:
    """Board_ValidMovesFor*Test.csv and the RealGames file: (file, game string, moves)."""
    out = []
    for path in sorted(DATA.glob("Board_ValidMoves*Test.csv")):
        for line in path.read_text().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            gs, moves = line.split("\t")
            out.append((path.name, gs, [m for m in moves.split(";") if m]))
    return out
