"""German sentences for Hive's explanations (see :mod:`hive_teach.hive.catalogue`).

Terms as in RULES.md: Stein (a piece), Schwarm (the hive), einsetzen / ziehen (place / move).
"""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue

_HEIGHTS = ("Die Stapel auf beiden Seiten der Lücke, {left} (Höhe {left_height}) und {right} "
            "(Höhe {right_height}), sind höher als das Startfeld von")
_OFF_HIVE = "Feld {to} berührt den Schwarm nicht ({mover} selbst zählt nicht mit), "
_TAKEN = "Dieses Feld ist schon von {top} besetzt"
_NOT_YOURS = ("{turn} ist am Zug, aber {mover} gehört {owner}: Jeder spielt nur mit seinen "
              "eigenen Steinen")

CATALOGUE = Catalogue(
    lang="de",
    templates={
        # ---------------------------------------------------------------- game, turn, notation
        "game-over":
            "Die Partie ist schon vorbei ({result}), es darf kein Zug mehr gespielt werden",
        "not-in-game":
            "In einer {game}-Partie gibt es {bug:keinen}, deshalb kann {mover} nicht "
            "mitspielen",
        "not-your-turn":
            _NOT_YOURS + " (ein gegnerischer Stein bewegt sich nur, wenn deine Assel ihn "
            "wirft)",
        "not-your-turn/mosquito":
            _NOT_YOURS + ", und dein Moskito {mosquito} könnte {mover} nur werfen, wenn er "
            "eine Assel berührt, doch er berührt keine",
        "piece-order":
            "Gleiche Steine kommen der Nummer nach ins Spiel: Setze zuerst {first} ein, dann "
            "erst {mover}",
        "pass-with-moves":
            "Aussetzen darfst du nur, wenn du keinen erlaubten Zug hast, und du hast noch "
            "{count} {count:erlaubten Zug/erlaubte Züge} (zum Beispiel {example})",
        "written-alone":
            "Nur der allererste Stein der Partie wird ohne Bezugsstein geschrieben: Sag, "
            "wohin {mover} kommt, indem du einen Stein daneben nennst, etwa 'bS1 wQ-'",
        "reference-in-hand":
            "Der Bezugsstein {ref} liegt nicht auf dem Brett, deshalb lässt sich das Feld "
            "nicht von ihm aus angeben",
        "cell-taken/place":
            _TAKEN + ", und ein Stein wird nie auf einen anderen Stein gesetzt",
        "cell-taken/climb":
            _TAKEN + ": Um hinaufzuklettern, schreib den Zug als '{mover} {top}'",
        "cell-taken/walk": _TAKEN + ", und {bug:ein} zieht nur auf freie Felder",
        # ---------------------------------------------------------------- placing
        "queen-by-4":
            "Das ist dein 4. Zug und deine Bienenkönigin ist noch in deiner Hand, also musst "
            "du sie ({queen}) jetzt einsetzen",
        "queen-first-turn":
            "Mit der Turnierregel darf die Bienenkönigin ({mover}) nicht in deinem ersten Zug "
            "eingesetzt werden",
        "first-placement":
            "Der erste Stein der Partie kommt in die Mitte des Tisches, auf Feld {centre}",
        "second-placement": "Der zweite Stein der Partie muss den ersten berühren, also {first}",
        "touches-opponent":
            "Dieses Feld berührt {enemy:den Stein/die Steine} {enemy} des Gegners, aber ein "
            "neuer Stein darf nur Steine der eigenen Farbe berühren",
        "not-touching":
            "Feld {to} berührt keinen Stein, aber ein neuer Stein muss einen deiner eigenen "
            "Steine berühren",
        "no-placement":
            "Kein freies Feld berührt deine Steine, ohne auch gegnerische zu berühren, "
            "deshalb kann {mover} jetzt nicht eingesetzt werden",
        "occupied/place":
            "Feld {to} ist schon von {top} besetzt: Ein neuer Stein kommt nie auf einen "
            "anderen, sondern immer auf ein freies Feld",
        # ---------------------------------------------------------------- may it move at all
        "queen-not-placed":
            "Deine Bienenkönigin {queen} ist noch nicht auf dem Brett, und bevor sie "
            "eingesetzt ist, darf kein Stein ziehen",
        "queen-not-placed/throw":
            "Deine Bienenkönigin {queen} ist noch nicht auf dem Brett, deshalb darf "
            "{thrower_bug:der} {thrower} {power} noch nicht einsetzen",
        "stunned":
            "{mover} {how} und ist deshalb betäubt: {mover} kann in diesem Zug nicht ziehen",
        "stunned/throw":
            "{mover} {how} und ist deshalb betäubt: {thrower} kann {mover} in diesem Zug "
            "nicht werfen",
        "thrower-stunned":
            "{thrower} {how} und ist deshalb betäubt: {thrower_bug:Der} {thrower} kann "
            "{power} in diesem Zug nicht einsetzen",
        "covered":
            "{above} {above:sitzt/sitzen} auf {mover}, deshalb kann {mover} nicht ziehen",
        "covered/power":
            "{above} {above:sitzt/sitzen} auf {mover}, deshalb kann {mover} weder ziehen noch "
            "ihre Kraft einsetzen",
        "covered/throw":
            "{above} {above:sitzt/sitzen} auf {mover}, und {thrower} kann nur einen Stein "
            "werfen, auf dem nichts sitzt",
        "pinned":
            "Wenn {mover} weggeht, {cut:wird/werden} {cut} vom Rest des Schwarms getrennt, "
            "aber der Schwarm muss immer zusammenbleiben",
        "pinned/throw":
            "Hebt man {mover} hoch, {cut:wird/werden} {cut} vom Rest des Schwarms getrennt, "
            "deshalb kann {thrower} {mover} nicht werfen: Der Schwarm muss immer "
            "zusammenbleiben",
        "mosquito-alone":
            "{mover} berührt nur {touching}, und ein Moskito kann keinen anderen Moskito "
            "nachmachen, deshalb kann {mover} gar nicht ziehen",
        # ---------------------------------------------------------------- where it moves
        "same-cell":
            "{mover} steht schon auf Feld {to}: Ein Zug muss auf einem anderen Feld enden als "
            "dort, wo er angefangen hat",
        "same-cell/throw":
            "{mover} liegt schon auf Feld {to}, und ein Wurf von {thrower} setzt ihn auf einem "
            "anderen Feld ab",
        "too-far/step":
            "{bug:subj} zieht nur ein Feld weit, und Feld {to} ist {distance} "
            "{distance:Feld/Felder} von {mover} entfernt",
        "too-far/beetle":
            "{bug:subj} zieht nur ein Feld weit (auf dem Boden oder über den Schwarm), und "
            "Feld {to} ist {distance} {distance:Feld/Felder} von {mover} entfernt",
        "too-far/ladybug":
            "{bug:subj} geht immer genau drei Schritte (hinauf, oben entlang, hinunter), und "
            "Feld {to} ist {distance} {distance:Feld/Felder} von {mover} entfernt",
        "too-far/spider":
            "Feld {to} ist für {mover} am Rand des Schwarms entlang {steps} "
            "{steps:Schritt/Schritte} entfernt, und {bug:ein} geht immer genau drei",
        "too-far/throw":
            "{thrower} kann {mover} nur auf einem freien Feld direkt neben sich absetzen, und "
            "Feld {to} liegt nicht neben {thrower}",
        "occupied/step":
            "Feld {to} ist schon von {top} besetzt, und {bug:ein} zieht nur auf ein freies "
            "Feld",
        "occupied/walk":
            "Feld {to} ist schon von {top} besetzt, und {bug:ein} zieht nur auf ein freies "
            "Feld",
        "occupied/ladybug":
            "Feld {to} ist schon von {top} besetzt, und {bug:ein} klettert am Ende immer auf "
            "ein freies Feld hinunter: Sein Zug endet nie oben auf dem Schwarm",
        "occupied/grasshopper":
            "Feld {to} ist schon von {top} besetzt, und {bug:ein} springt über alle Steine "
            "auf seinem Weg und landet auf dem ersten freien Feld, hier auf Feld {land}",
        "occupied/throw":
            "Feld {to} ist schon von {top} besetzt, und {thrower} setzt einen geworfenen "
            "Stein nur auf einem freien Feld ab",
        "gate":
            "Die Lücke zwischen {left} und {right} ist zu eng: {mover} kann nicht "
            "hindurchschlüpfen, um auf Feld {to} zu kommen",
        "gate/pocket":
            "Feld {to} ist von {mover} durch die Lücke zwischen {left} und {right} "
            "abgeschnitten, und diese Lücke ist zu eng zum Hindurchschlüpfen",
        "gate/spider":
            "{mover} käme in drei Schritten nur durch die Lücke zwischen {left} und {right} "
            "auf Feld {to}, und diese Lücke ist zu eng zum Hindurchschlüpfen",
        "no-contact":
            "{mover} würde den Kontakt zum Schwarm verlieren: Auf dem Weg nach Feld {to} "
            "liegt auf keiner Seite ein Stein, und man muss am Schwarm entlanggleiten",
        "height-gate":
            "{mover} kann {action}: " + _HEIGHTS + " {mover} ({start_height}) und als das "
            "Zielfeld ({end_height})",
        "height-gate/throw":
            "{thrower} kann {action}: " + _HEIGHTS + " {mover} ({start_height}) und als das "
            "Zielfeld ({end_height})",
        "not-in-line":
            "{bug:subj} springt nur geradeaus, und Feld {to} liegt in keiner der sechs "
            "Richtungen auf einer Linie mit {mover}",
        "nothing-to-jump":
            "{bug:subj} muss über mindestens einen Stein springen, und das Feld neben {mover} "
            "in dieser Richtung ({beside}) ist leer",
        "gap":
            "Auf dem Weg ist eine Lücke: {mover} würde schon auf Feld {land} landen, und "
            "{bug:ein} kann nicht über ein leeres Feld springen",
        "wrong-count":
            "{mover} erreicht Feld {to} in {steps} {steps:Schritt/Schritten}, aber nie in "
            "genau 3, und {bug:ein} geht immer genau drei Schritte",
        "revisit":
            "{mover} erreicht Feld {to} in {steps} {steps:Schritt/Schritten}, aber jeder Weg "
            "dorthin mit genau drei Schritten führt zweimal über Feld {twice}, und {bug:ein} "
            "betritt in einem Zug nie ein Feld zweimal",
        "revisit/start":
            "{mover} erreicht Feld {to} in {steps} {steps:Schritt/Schritten}, aber jeder Weg "
            "dorthin mit genau drei Schritten führt zweimal über das Startfeld {twice}, und "
            "{bug:ein} betritt in einem Zug nie ein Feld zweimal",
        "off-hive/spider": _OFF_HIVE + "und {bug:ein} läuft immer am Rand des Schwarms entlang",
        "off-hive/ant": _OFF_HIVE + "und {bug:ein} läuft immer am Rand des Schwarms entlang",
        "off-hive/ladybug":
            _OFF_HIVE + "also hat {bug:ein} dort keinen Stein, von dem er hinunterklettern "
            "könnte",
        "enclosed":
            "Feld {to} ist auf allen sechs Seiten von Steinen umgeben, deshalb kann {mover} "
            "nicht hineingleiten",
        "enclosed/hole":
            "Feld {to} liegt in einem Loch, das ringsum vom Schwarm eingeschlossen ist, "
            "deshalb kann {mover} nicht hineingleiten",
        "enclosed/start":
            "{mover} ist auf allen sechs Seiten von Steinen umgeben, deshalb kann {mover} "
            "nicht hinausgleiten",
        "enclosed/start-hole":
            "{mover} liegt in einem Loch, das ringsum vom Schwarm eingeschlossen ist, "
            "deshalb kann {mover} nicht hinausgleiten",
        "no-path":
            "{bug:subj} klettert auf einen Nachbarstein, geht oben einen Schritt zu einem "
            "anderen Stein und klettert dann hinunter, aber von {mover} nach Feld {to} führen "
            "keine zwei Steine auf diese Weise",
        # ---------------------------------------------------------------- the Pillbug's power
        "stacked":
            "{mover} liegt oben auf einem Stapel, und {thrower} kann nur einen Stein werfen, "
            "der allein auf dem Boden liegt",
        "thrower-covered":
            "{above} {above:sitzt/sitzen} auf {thrower}, deshalb kann {thrower_bug:der} "
            "{thrower} {power} nicht einsetzen",
        "thrower-on-top":
            "{thrower} ist oben auf dem Schwarm und zieht dort nur wie ein Käfer, deshalb "
            "kann {thrower} die Kraft der Assel nicht einsetzen",
        "no-room":
            "{thrower} hat kein freies Feld neben sich, auf dem {mover} abgesetzt werden "
            "könnte",
        # ---------------------------------------------------------------- a piece with no move
        "stuck/step":
            "{mover} kann nirgendwohin: Jedes Nachbarfeld ist besetzt oder hinter einer zu "
            "engen Lücke",
        "stuck/surrounded":
            "{mover} ist auf allen sechs Seiten von Steinen umgeben, deshalb kann {mover} "
            "nicht hinausgleiten",
        "stuck/spider": "{mover} kann nirgendwohin: Kein Weg aus genau drei Schritten ist frei",
        "stuck/gate":
            "{mover} kann nirgendwohin: Jeder Weg hinaus ist durch eine zu enge Lücke "
            "versperrt",
        "stuck/mosquito":
            "{mover} kann {copies} nachmachen, aber keine dieser Gangarten ist hier frei",
    },
    leads={
        "only": "{mover} kann nur {via} nachmachen, zieht hier also wie {bug:ein}, aber {inner}",
        "copies":
            "{mover} kann {copies} nachmachen, kommt aber mit keiner dieser Gangarten auf "
            "Feld {to}, als {bug} zum Beispiel nicht, denn {inner}",
        "on-top": "Oben auf dem Schwarm zieht {mover} nur wie ein Käfer; {inner}",
    },
    phrases={
        "result/white-won": "Weiß hat gewonnen",
        "result/black-won": "Schwarz hat gewonnen",
        "result/draw": "unentschieden",
        "how/moved": "hat sich im letzten Zug bewegt",
        "how/placed": "wurde im letzten Zug eingesetzt",
        "how/thrown": "wurde im letzten Zug von einer Assel geworfen",
        "power/own": "ihre Kraft",
        "power/copied": "die Kraft der Assel",
        "level/ground": "auf dem Boden",
        "level/stack": "auf einem Stapel der Höhe {height}",
        "copy": "{bug:den} von {via}",
        "action/climb-onto": "nicht auf {onto} klettern",
        "action/climb-down": "nicht auf Feld {to} hinunterklettern",
        "action/climb-up": "nicht auf {onto} klettern",
        "action/cross": "nicht von {over} zu {onto} hinüberklettern",
        "action/climb-down-from": "nicht von {over} auf Feld {to} hinunterklettern",
        "action/lift": "{mover} nicht auf sich hinaufheben",
        "action/set-down": "{mover} nicht auf Feld {to} absetzen",
    },
)
