"""German sentences for Rive's explanations (terms: Stein, Gruppe, Eroberung)."""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue

CATALOGUE = Catalogue(
    lang="de",
    templates={
        "off-board":
            "{name} liegt außerhalb des Bretts: Auf diesem Brett ist jedes Feld höchstens "
            "{radius} Schritte von der Mitte 0,0 entfernt",
        "game-over":
            "Die Partie ist vorbei: Das Brett ist voll, niemand setzt oder nimmt mehr Steine",
        "no-capture":
            "Steine wegnehmen darfst du nur direkt nach einem Stein, der Gruppen verbindet, "
            "also bei einer Eroberung",
        "in-capture":
            "Du bist mitten in einer Eroberung: Nimm zuerst noch {remaining} "
            "{remaining:Stein/Steine} aus der Gruppe, die du gebildet hast",
        "no-stone": "Auf {cell} liegt kein Stein, den du wegnehmen könntest",
        "not-in-group":
            "{cell} gehört nicht zu der Gruppe, die du gerade gebildet hast: Du darfst nur "
            "Steine aus dieser Gruppe wegnehmen",
        "split":
            "Wenn du {cell} wegnimmst, zerfällt die Gruppe in {parts} Teile: Die Gruppe muss "
            "zusammenbleiben",
        "occupied": "Auf {cell} liegt schon ein Stein: Steine kommen auf leere Felder",
        "isolation":
            "{cell} berührt einen Stein, aber es gibt noch Felder, die keinen Stein berühren "
            "(etwa {lonely}): Auf eines davon musst du zuerst setzen",
        "smallest":
            "Die größte Gruppe neben {cell} hat {largest} Steine, neben {better} hat die größte "
            "nur {smallest}: Wähle ein Feld, dessen größte Nachbargruppe so klein wie möglich "
            "ist",
    },
)
