"""The ``rive`` command line: ``hive-teach rive legal GAME`` lists the legal next actions.

:func:`register` adds the ``rive`` command to the ``hive-teach`` parser; :func:`main` runs the
same subcommands on their own (``python -m hive_teach.rive.cli legal GAME``).

A game text that is malformed or breaks a rule gives exit status 1 and one line on stderr
naming the action (its number and text) and the rule, e.g. ``hive-teach rive: action 2 (1,0):
1,0 touches a stone, but ... (V3)``.

>>> main(["legal", "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0"])
x0,0
x2,0
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hive_teach.rive.position import RiveGame

if TYPE_CHECKING:
    # What ArgumentParser.add_subparsers returns (generic only in typeshed, not at run time).
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

_PROG = "hive-teach rive"
_DESCRIPTION = ("Rive, the second hex game of the kit, on the command line: 'legal GAME' "
                "lists the legal next actions of a game text such as 'rive5;0,0;2,-2'.")


def register(subparsers: Subparsers) -> argparse.ArgumentParser:
    """Add the ``rive`` command (with its subcommands) to an argparse ``subparsers`` object.

    Each subcommand sets ``func``: ``args.func(args)`` runs it and returns the exit code.
    """
    parser = subparsers.add_parser(
        "rive", help="Rive: list legal actions of a game", description=_DESCRIPTION
    )
    _add_subcommands(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a ``rive`` subcommand, e.g. ``main(["legal", "rive5;0,0"])``; returns the exit code."""
    parser = argparse.ArgumentParser(prog=_PROG, description=_DESCRIPTION)
    _add_subcommands(parser)
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


def _add_subcommands(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="rive_command", metavar="COMMAND", required=True)
    legal = commands.add_parser(
        "legal",
        help="print the legal next actions of a game text, one per line",
        description="Print the legal next actions of a Rive game text, one per line: the "
        "placements, or the removals while a capture is pending. Prints nothing for a "
        "finished game. Exits with 1 and names the bad action if the game text is wrong.",
    )
    legal.add_argument("game", metavar="GAME", help="a game text, e.g. 'rive5;0,0;2,-2'")
    legal.set_defaults(func=_legal)


def _legal(args: argparse.Namespace) -> int:
    try:
        game = RiveGame.from_text(args.game)
    except ValueError as err:
        print(f"{_PROG}: {err}", file=sys.stderr)
        return 1
    try:
        sys.stdout.write("".join(f"{action.text}\n" for action in game.legal_moves()))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left early (e.g. `| head`); keep Python from failing again at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
