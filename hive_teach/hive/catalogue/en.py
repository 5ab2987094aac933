"""English sentences for Hive's explanations (see :mod:`hive_teach.hive.catalogue`).

``Explanation.reason`` is this catalogue's sentence; tests and other modules quote some of
them word for word (position.py's doctests among them).
"""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue

_HEIGHTS = ("the stacks on both sides of the gap, {left} ({left_height} high) and {right} "
            "({right_height} high), are taller than both where")
_OFF_HIVE = "Cell {to} does not touch the hive (without {mover} itself), and "
_TAKEN = "That cell is already taken by {top}. "

CATALOGUE = Catalogue(
    lang="en",
    templates={
        # ---------------------------------------------------------------- game, turn, notation
        "game-over": "The game is over ({result}); no more moves can be played",
        "not-in-game": "There is no {bug} in a {game} game, so {mover} cannot play",
        "not-your-turn":
            "It is {turn}'s turn, and {mover} belongs to {owner}; a player only plays their "
            "own pieces (an opponent's piece moves only when your Pillbug throws it)",
        "not-your-turn/mosquito":
            "It is {turn}'s turn, and {mover} belongs to {owner}; a player only plays their "
            "own pieces (an opponent's piece moves only when your Pillbug throws it). Your "
            "{mosquito} could throw it only while touching a Pillbug, and it touches none",
        "piece-order":
            "Pieces of one kind come into play in number order: place {first} before {mover}",
        "pass-with-moves":
            "You may only pass when you have no legal move, and you still have {count} (for "
            "example {example})",
        "written-alone":
            "Only the very first piece of the game is written alone; say where this one goes "
            "by naming a piece next to it, e.g. 'bS1 wQ-'",
        "reference-in-hand":
            "The reference piece {ref} is not on the board, so this cell cannot be named from "
            "it",
        "cell-taken/place": _TAKEN + "A piece is never placed on top of another piece",
        "cell-taken/climb": _TAKEN + "To climb onto it, write the move as '{mover} {top}'",
        "cell-taken/walk": _TAKEN + "{bug:A} only moves into empty cells",
        # ---------------------------------------------------------------- placing
        "queen-by-4":
            "This is your 4th turn and your Queen Bee is still in your hand, so you must "
            "place her ({queen}) now",
        "queen-first-turn":
            "With the tournament rule the Queen Bee may not be placed on your first turn",
        "first-placement":
            "The first piece of the game goes in the middle of the table, at {centre}",
        "second-placement": "The second piece of the game must touch the first one, {first}",
        "touches-opponent":
            "This cell touches the opponent's {enemy}; a new piece may only touch pieces of "
            "its own colour",
        "not-touching":
            "Cell {to} touches no piece; a new piece must touch one of your own pieces",
        "no-placement":
            "No empty cell touches your pieces without also touching the opponent's, so "
            "{mover} cannot be placed now",
        "occupied/place":
            "A piece is never placed on top of another piece; it goes on an empty cell",
        # ---------------------------------------------------------------- may it move at all
        "queen-not-placed":
            "Your Queen Bee {queen} is not on the board yet, and no piece may move before "
            "she is placed",
        "queen-not-placed/throw":
            "Your Queen Bee {queen} is not on the board yet, so {thrower} may not use {power}",
        "stunned":
            "{mover} {how} on the previous turn, so it is stunned and cannot move this turn",
        "stunned/throw":
            "{mover} {how} on the previous turn, so it is stunned: {thrower} cannot throw it "
            "this turn",
        "thrower-stunned":
            "{thrower} {how} on the previous turn, so it is stunned and cannot use {power} "
            "this turn",
        "covered": "{above} {above:sits/sit} on top of {mover}, so {mover} cannot move",
        "covered/power":
            "{above} {above:sits/sit} on top of {mover}, so {mover} cannot move or use its "
            "power",
        "covered/throw":
            "{above} {above:sits/sit} on top of {mover}, and {thrower} can only lift a piece "
            "with nothing on top",
        "pinned":
            "Moving {mover} would split off {cut} from the rest of the hive, and the hive "
            "must always stay in one piece",
        "pinned/throw":
            "Moving {mover} would split off {cut} from the rest of the hive, so {thrower} "
            "cannot throw it: the hive must always stay in one piece",
        "mosquito-alone":
            "{mover} touches only {touching}, and a Mosquito cannot copy another Mosquito, so "
            "it has no way to move",
        # ---------------------------------------------------------------- where it moves
        "same-cell":
            "{mover} is already on cell {to}: a move must end on a different cell from where "
            "it started",
        "same-cell/throw":
            "{mover} is already on cell {to}; a throw by {thrower} sets it down on another "
            "cell",
        "too-far/step":
            "{bug:subj} moves just one cell, and cell {to} is {distance} cells away from "
            "{mover}",
        "too-far/beetle":
            "{bug:subj} moves just one cell (on the ground or over the hive), and cell {to} "
            "is {distance} cells away from {mover}",
        "too-far/ladybug":
            "{bug:subj} takes exactly three steps (up, across, down), and cell {to} is "
            "{distance} cells away from {mover}",
        "too-far/spider":
            "Cell {to} is {steps} steps away along the edge of the hive, and {bug:a} takes "
            "exactly three",
        "too-far/throw":
            "{thrower} sets a thrown piece down only on an empty cell next to itself, and "
            "cell {to} is not next to {thrower}",
        "occupied/step": "Cell {to} is taken by {top}, and {bug:a} only moves into an empty cell",
        "occupied/walk": "Cell {to} is taken by {top}, and {bug:a} only walks into empty cells",
        "occupied/ladybug":
            "Cell {to} is taken by {top}, and {bug:a} always climbs down into an empty cell: "
            "it never ends its move on top of the hive",
        "occupied/grasshopper":
            "Cell {to} is taken by {top}: {bug:a} jumps over every piece in its way and lands "
            "on the first empty cell, here {land}",
        "occupied/throw":
            "Cell {to} is taken by {top}; {thrower} sets a thrown piece down only on an empty "
            "cell",
        "gate":
            "The gap between {left} and {right} is too narrow: {mover} cannot slide through "
            "it to cell {to}",
        "gate/pocket":
            "Cell {to} is cut off from {mover} by the gap between {left} and {right}, which is "
            "too narrow to slide through",
        "gate/spider":
            "{mover} could reach cell {to} in three steps only by squeezing between {left} "
            "and {right}, and that gap is too narrow to slide through",
        "no-contact":
            "{mover} would lose touch with the hive: there is no piece on either side of its "
            "way to cell {to}, and a piece must slide along the hive",
        "height-gate":
            "{mover} cannot {action}: " + _HEIGHTS + " it starts ({start_height}) and where it "
            "lands ({end_height})",
        "height-gate/throw":
            "{thrower} cannot {action}: " + _HEIGHTS + " {mover} starts ({start_height}) and "
            "where it lands ({end_height})",
        "not-in-line":
            "{bug:subj} jumps only in a straight line, and cell {to} is not in line with "
            "{mover} in any of the six directions",
        "nothing-to-jump":
            "{bug:subj} must jump over at least one piece, and the cell next to {mover} in "
            "that direction ({beside}) is empty",
        "gap":
            "There is a gap on the way: {mover} would land at cell {land} first, and {bug:a} "
            "cannot jump over an empty cell",
        "wrong-count":
            "{mover} reaches cell {to} in {steps} {steps:step/steps} but never in exactly 3, "
            "and {bug:a} always takes exactly three steps",
        "revisit":
            "{mover} reaches cell {to} in {steps} {steps:step/steps}; the only ways there in "
            "exactly three steps would enter cell {twice} twice, and {bug:a} never enters a "
            "cell twice in one move",
        "revisit/start":
            "{mover} reaches cell {to} in {steps} {steps:step/steps}; the only ways there in "
            "exactly three steps would enter its starting cell twice, and {bug:a} never "
            "enters a cell twice in one move",
        "off-hive/spider": _OFF_HIVE + "{bug:a} walks along the edge of the hive",
        "off-hive/ant": _OFF_HIVE + "{bug:a} walks around the edge of the hive",
        "off-hive/ladybug": _OFF_HIVE + "{bug:a} has no piece to climb down from there",
        "enclosed":
            "Cell {to} is surrounded by pieces on all six sides, so {mover} cannot slide "
            "into it",
        "enclosed/hole":
            "Cell {to} is in a hole walled in by the hive, so {mover} cannot slide into it",
        "enclosed/start":
            "{mover} is surrounded by pieces on all six sides, so it cannot slide out",
        "enclosed/start-hole":
            "{mover} is in a hole walled in by the hive, so it cannot slide out of it",
        "no-path":
            "{bug:subj} climbs onto a piece next to it, takes one step across the top to "
            "another piece, then climbs down; no two pieces lead that way from {mover} to "
            "cell {to}",
        # ---------------------------------------------------------------- the Pillbug's power
        "stacked":
            "{mover} is on top of a stack, and {thrower} can only lift a piece that stands "
            "alone on the ground",
        "thrower-covered":
            "{above} {above:sits/sit} on top of {thrower}, so {thrower} cannot use {power}",
        "thrower-on-top":
            "{thrower} is on top of the hive, where it moves only as a Beetle, so it cannot "
            "use the Pillbug's power",
        "no-room": "{thrower} has no empty cell next to it to set {mover} down on",
        # ---------------------------------------------------------------- a piece with no move
        "stuck/step":
            "{mover} has nowhere to go: every cell next to it is taken or closed by a gate it "
            "cannot pass",
        "stuck/surrounded":
            "{mover} is surrounded by pieces on all six sides, so it cannot slide out",
        "stuck/spider": "{mover} has nowhere to go: no way of exactly three slides is open",
        "stuck/gate": "{mover} has nowhere to go: every way out is closed by a gate",
        "stuck/mosquito": "{mover} copies {copies}, and none of those moves is open here",
    },
    leads={
        "only": "{mover} can copy only {via}, so here it moves like {bug:a}: {inner}",
        "copies":
            "{mover} copies {copies}, but none of those moves reaches cell {to} (as {bug:a}, "
            "{inner})",
        "on-top": "On top of the hive {mover} moves only as a Beetle, and {inner}",
    },
    phrases={
        "result/white-won": "White won",
        "result/black-won": "Black won",
        "result/draw": "it is a draw",
        "how/moved": "moved",
        "how/placed": "was placed",
        "how/thrown": "was thrown by a Pillbug",
        "power/own": "its power",
        "power/copied": "the Pillbug's power",
        "level/ground": "on the ground",
        "level/stack": "on a stack {height} high",
        "copy": "the {bug} from {via}",
        "action/climb-onto": "climb onto {onto}",
        "action/climb-down": "climb down to cell {to}",
        "action/climb-up": "climb up onto {onto}",
        "action/cross": "cross from {over} to {onto}",
        "action/climb-down-from": "climb down from {over} to cell {to}",
        "action/lift": "lift {mover} onto itself",
        "action/set-down": "set {mover} down on cell {to}",
    },
)
