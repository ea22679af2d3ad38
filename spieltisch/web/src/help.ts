// The rules help of each game, in German and English. Retold in our own words
// from docs/rules/*.md; the engine decides what is legal, so this text only has
// to help a person find their way. (The options' names and help come from the
// server with each game, as the game declares them.)

import type { Lang } from "./i18n";

export interface Section {
  title: string;
  points: string[];
}

export interface GameHelp {
  /** One sentence: what the game is about. */
  goal: string;
  sections: Section[];
}

const souvenirs: Record<Lang, GameHelp> = {
  en: {
    goal: "Together you build one grid of 5 x 5 cards; bet your cubes on the rows and columns that will end with the best combinations.",
    sections: [
      {
        title: "Your turn",
        points: [
          "You get a card from the pile, so you hold three.",
          "Click a hand card, then an empty field next to the grid (edge to edge). The grid may never grow beyond 5 x 5 cards.",
          "Then you may put one cube on a row or column that already holds a card: click the marker at the end of that line, or choose “no cube”.",
        ],
      },
      {
        title: "Cubes",
        points: [
          "At most two cubes on a line and only one of yours. The first cube scores the first value, the second cube the lower second value.",
          "Rows and columns keep their numbers (0 is the start card's line), so a cube never changes lines.",
        ],
      },
      {
        title: "End and scoring",
        points: [
          "The game ends when the 25th card is laid.",
          "Every line with a cube scores its best combination for each cube on it: five of a kind, four of a kind, full house, flush, rainbow (five colours), straight, three of a kind, two pairs, a pair.",
          "A joker becomes whatever number and colour suits each of its lines best. Most points wins.",
        ],
      },
    ],
  },
  de: {
    goal: "Gemeinsam legt ihr ein Raster aus 5 x 5 Karten; setzt eure Holzwürfel auf die Reihen und Spalten, die am Ende die besten Kombinationen zeigen.",
    sections: [
      {
        title: "Dein Zug",
        points: [
          "Du bekommst eine Karte vom Stapel und hast dann drei auf der Hand.",
          "Klicke eine Handkarte an und dann ein freies Feld, das Kante an Kante an das Raster grenzt. Das Raster darf nie größer als 5 x 5 Karten werden.",
          "Danach darfst du einen Holzwürfel an eine Reihe oder Spalte setzen, in der schon eine Karte liegt: klicke die Markierung am Ende der Linie an oder wähle „kein Holzwürfel“.",
        ],
      },
      {
        title: "Holzwürfel",
        points: [
          "Höchstens zwei Würfel je Linie und nur einer von dir. Der erste Würfel bekommt den ersten Wert, der zweite den kleineren zweiten Wert.",
          "Reihen und Spalten behalten ihre Nummer (0 ist die Linie der Startkarte), ein Würfel wandert also nie.",
        ],
      },
      {
        title: "Ende und Wertung",
        points: [
          "Das Spiel endet, sobald die 25. Karte liegt.",
          "Jede Linie mit Würfeln wird für ihre beste Kombination gewertet, für jeden Würfel: Fünfling, Vierling, Full House, Flush, Regenbogen, Straße, Drilling, zwei Paare, Pärchen.",
          "Ein Joker wird in jeder seiner Linien zu der Zahl und Farbe, die dort am meisten bringt. Wer die meisten Punkte hat, gewinnt.",
        ],
      },
    ],
  },
};

const allegra: Record<Lang, GameHelp> = {
  en: {
    goal: "Every player has 15 cards in a layout, the outer columns shared with the neighbours; end with the lowest sum.",
    sections: [
      {
        title: "Start",
        points: ["Each player turns up two cards of their layout, shared columns included."],
      },
      {
        title: "Your turn",
        points: [
          "Click the draw pile or the discard pile to take its top card.",
          "Keep it: click a place of your layout to exchange it; the old card goes to the discard pile.",
          "Or throw it away (click the discard pile) and then turn up one of your face-down cards by clicking it.",
          "Three equal face-up cards in a column, or next to each other in a row (gaps skipped, around the shared corners), are cleared. That can set off a chain.",
        ],
      },
      {
        title: "Shared columns",
        points: [
          "The column between two neighbours belongs to both: it counts for both sums and can be cleared by either of them. On this table it is drawn once, between the two layouts, and linked to both.",
        ],
      },
      {
        title: "Knocking (3 players or more)",
        points: [
          "When the active player draws from the draw pile, the others may knock: they offer to take that card.",
          "If the active player accepts, the knocker exchanges the card into their own layout, the active player then takes any card of the knocker's layout into theirs, and the knocker fills the hole with the card they replaced.",
        ],
      },
      {
        title: "Final round and scoring",
        points: [
          "When someone has no face-down card left, the final round begins: everyone else has one more turn.",
          "Then all cards are turned up. Your score is the sum of your 15 places; an empty layout scores -10.",
          "The player who started the final round scores double if their sum is positive and it is not the lowest alone. Lowest sum wins.",
        ],
      },
    ],
  },
  de: {
    goal: "Jeder hat 15 Karten in seiner Auslage, die äußeren Spalten teilt man mit den Nachbarn; am Ende gewinnt die niedrigste Summe.",
    sections: [
      {
        title: "Beginn",
        points: ["Jeder deckt zwei Karten seiner Auslage auf, auch geteilte Spalten zählen."],
      },
      {
        title: "Dein Zug",
        points: [
          "Klicke den Nachziehstapel oder die Ablage an, um deren oberste Karte zu nehmen.",
          "Behalten: Klicke einen Platz deiner Auslage an, um zu tauschen; die alte Karte kommt auf die Ablage.",
          "Oder wirf sie ab (Ablage anklicken) und decke dann eine deiner verdeckten Karten auf, indem du sie anklickst.",
          "Drei gleiche offene Karten in einer Spalte oder nebeneinander in einer Reihe (Lücken übersprungen, auch um die geteilten Ecken) werden abgeräumt. Das kann eine Kettenreaktion auslösen.",
        ],
      },
      {
        title: "Geteilte Spalten",
        points: [
          "Die Spalte zwischen zwei Nachbarn gehört beiden: Sie zählt für beide Summen und beide können sie abräumen. Auf diesem Tisch liegt sie einmal zwischen den beiden Auslagen und ist mit beiden verbunden.",
        ],
      },
      {
        title: "Klopfen (ab 3 Spielern)",
        points: [
          "Zieht der Spieler am Zug vom Nachziehstapel, dürfen die anderen klopfen: Sie bieten an, die Karte zu übernehmen.",
          "Nimmt er an, tauscht der Klopfende die Karte in seine Auslage, dann nimmt der Spieler am Zug eine beliebige Karte aus der Auslage des Klopfenden in seine eigene, und der Klopfende füllt die Lücke mit seiner ausgetauschten Karte.",
        ],
      },
      {
        title: "Letzte Runde und Wertung",
        points: [
          "Hat jemand keine verdeckte Karte mehr, beginnt die letzte Runde: Alle anderen sind noch einmal dran.",
          "Dann werden alle Karten aufgedeckt. Deine Punkte sind die Summe deiner 15 Plätze; eine leere Auslage zählt -10.",
          "Wer die letzte Runde ausgelöst hat, zählt doppelt, wenn seine Summe positiv und nicht allein die niedrigste ist. Die niedrigste Summe gewinnt.",
        ],
      },
    ],
  },
};

const level8: Record<Lang, GameHelp> = {
  en: {
    goal: "Work through eight levels, each a set of card combinations; whoever lays down level 8 first wins.",
    sections: [
      {
        title: "Your turn",
        points: [
          "Take a card: click the draw pile or any player's discard pile (your own too).",
          "Lay down your level when your hand holds it: select the cards of a part, then click that part of your level. All parts go down in the same turn.",
          "Once your level is down you may add cards to any laid group: select a card, then click the group.",
          "End the turn by discarding: select a card and click your own pile. A skip card can instead be put before another player (click their name).",
        ],
      },
      {
        title: "Combinations",
        points: [
          "Run: consecutive numbers, colours do not matter (15 and 1 do not connect).",
          "Twins, triplets, …: cards of one number. Cards of one colour: any numbers in one colour.",
          "A joker stands for any number or colour and keeps that meaning once laid.",
        ],
      },
      {
        title: "End of a round",
        points: [
          "Whoever discards their last card ends the round and goes up two levels; everyone else whose level is down goes up one.",
          "Laying down level 8, or going out after laying down level 7, wins the game.",
        ],
      },
    ],
  },
  de: {
    goal: "Arbeite dich durch acht Level aus Kartenkombinationen; wer zuerst Level 8 auslegt, gewinnt.",
    sections: [
      {
        title: "Dein Zug",
        points: [
          "Nimm eine Karte: Klicke den Nachziehstapel oder den Ablagestapel eines Spielers an (auch deinen eigenen).",
          "Lege dein Level aus, wenn du es auf der Hand hast: Wähle die Karten eines Teils aus und klicke dann diesen Teil deines Levels an. Alle Teile kommen im selben Zug aus.",
          "Liegt dein Level, darfst du Karten an jede ausgelegte Gruppe anlegen: Karte auswählen, dann die Gruppe anklicken.",
          "Beende den Zug mit einer Abgabe: Karte auswählen und deinen eigenen Stapel anklicken. Eine Aussetzen-Karte kannst du stattdessen einem anderen Spieler vorlegen (seinen Namen anklicken).",
        ],
      },
      {
        title: "Kombinationen",
        points: [
          "Folge: aufeinanderfolgende Zahlen, Farben egal (15 und 1 hängen nicht zusammen).",
          "Zwillinge, Drillinge, …: Karten einer Zahl. Karten einer Farbe: beliebige Zahlen in einer Farbe.",
          "Ein Joker steht für jede Zahl oder Farbe und behält seine Bedeutung, wenn er liegt.",
        ],
      },
      {
        title: "Rundenende",
        points: [
          "Wer seine letzte Karte abwirft, beendet die Runde und steigt zwei Level auf; alle anderen, deren Level liegt, steigen eins auf.",
          "Wer Level 8 auslegt oder nach Level 7 seine letzte Karte abwirft, gewinnt.",
        ],
      },
    ],
  },
};

const calcory: Record<Lang, GameHelp> = {
  en: {
    goal: "Turn up cards and add their digits to reach exactly 13 without going over; whoever collects the most cards wins.",
    sections: [
      {
        title: "Your turn",
        points: [
          "Click a face-down card to turn it up; everybody sees it. Keep turning, or stop.",
          "Over 13, or a second 0 in the same turn: bust. The cards are turned back.",
          "Exactly 13: a hit. You take the cards, then put one of them back face down: click the card, then the empty spot. Only you know what it is.",
        ],
      },
      {
        title: "Stopping and the offer",
        points: [
          "Stop below 13 and your cards stand as an offer. Another player's stop beats it with a higher sum, or the same sum with more cards.",
          "If your offer still stands when your turn comes round, you take its cards.",
          "While you have no cards yet you must turn at least two before you stop.",
        ],
      },
      {
        title: "End",
        points: [
          "Whoever takes an offer of a single card keeps it, and the game ends at once.",
          "Most cards wins. Memory helps: watch the log for every digit that was turned.",
        ],
      },
    ],
  },
  de: {
    goal: "Decke Karten auf und addiere ihre Ziffern, um genau 13 zu erreichen, ohne darüber zu kommen; wer die meisten Karten sammelt, gewinnt.",
    sections: [
      {
        title: "Dein Zug",
        points: [
          "Klicke eine verdeckte Karte an, um sie aufzudecken; alle sehen sie. Decke weiter auf oder hör auf.",
          "Über 13 oder eine zweite 0 im selben Zug: gesprengt. Die Karten werden wieder umgedreht.",
          "Genau 13: Treffer. Du nimmst die Karten und legst eine davon verdeckt zurück: Karte anklicken, dann den leeren Platz. Nur du weißt, welche es ist.",
        ],
      },
      {
        title: "Aufhören und das Angebot",
        points: [
          "Hörst du unter 13 auf, bleiben deine Karten als Angebot liegen. Ein anderer schlägt es mit einer höheren Summe oder gleicher Summe aus mehr Karten.",
          "Steht dein Angebot noch, wenn du wieder dran bist, nimmst du seine Karten.",
          "Solange du noch keine Karten hast, musst du mindestens zwei aufdecken, bevor du aufhörst.",
        ],
      },
      {
        title: "Ende",
        points: [
          "Wer ein Angebot aus einer einzigen Karte nimmt, behält sie, und das Spiel endet sofort.",
          "Die meisten Karten gewinnen. Merken hilft: Im Spielverlauf steht jede aufgedeckte Ziffer.",
        ],
      },
    ],
  },
};

const lucandor: Record<Lang, GameHelp> = {
  en: {
    goal: "Tidy the count's clothes into the wardrobe; garments score when the scoring card over their storey shows their colour. Most points after morning and afternoon wins.",
    sections: [
      {
        title: "Your turn",
        points: [
          "Play one of your three cards. Click a hand card, then choose what it does: put its garment away, use its function, move the sliding door, lay it as an end-scoring task, or clean up for one point.",
          "Putting away: click the place in the wardrobe. You score every scoring card over that storey that shows the garment's colour, double if the container already holds that colour.",
          "Shirts and tailcoats hang on rods; socks, gloves and belts go into drawers; pullovers and trousers stack; hats and wigs stand alone; shoes only in the bottom storey.",
        ],
      },
      {
        title: "Functions",
        points: [
          "Scoring dot: replace a scoring card. Door: move the sliding door; its section is closed. Iron: take a garment out and put it away elsewhere. Drawer: move a drawer to a free slot.",
          "End scoring: lay a task face down with a colour chip; at the end it scores one point per garment of that colour in its storey. Hanger and needle & thread change your tasks.",
        ],
      },
      {
        title: "Locks and luck",
        points: [
          "Changing a scoring card or the door puts one of your two stones on it. To use something locked you must pass a luck check: name a corner and hope the top card of your pile shows its thumb there.",
        ],
      },
      {
        title: "End",
        points: ["After the morning everything but the scoring cards and tasks is dealt again for the afternoon. Then the tasks are scored; most points wins."],
      },
    ],
  },
  de: {
    goal: "Räumt die alten Kleider des Grafen in den Schrank; ein Kleidungsstück punktet, wenn die Wertungskarte über seiner Etage seine Farbe zeigt. Nach Vormittag und Nachmittag gewinnen die meisten Punkte.",
    sections: [
      {
        title: "Dein Zug",
        points: [
          "Spiele eine deiner drei Karten. Klicke eine Handkarte an und wähle, was sie tut: Kleidungsstück aufräumen, ihre Funktion nutzen, die Schiebetür bewegen, sie als Endwertung auslegen oder Fächer putzen für einen Punkt.",
          "Aufräumen: Klicke den Platz im Schrank an. Du bekommst die Punkte jeder Wertungskarte über dieser Etage, die die Farbe zeigt, doppelt, wenn dort schon ein Stück dieser Farbe liegt.",
          "Hemden und Fracks hängen an Stangen; Socken, Handschuhe und Gürtel kommen in Schubladen; Pullis und Hosen werden gestapelt; Zylinder und Perücken stehen allein; Schuhe nur in der untersten Etage.",
        ],
      },
      {
        title: "Funktionen",
        points: [
          "Wertungspunkt: eine Wertungskarte ersetzen. Tür: die Schiebetür verschieben; ihr Abschnitt ist zu. Bügeleisen: ein Kleidungsstück herausnehmen und woanders aufräumen. Schublade: eine Schublade auf einen freien Platz setzen.",
          "Endwertung: eine Aufgabe verdeckt mit einem Farbchip auslegen; am Ende bringt sie einen Punkt je Stück dieser Farbe in ihrer Etage. Kleiderbügel und Nadel & Faden ändern deine Aufgaben.",
        ],
      },
      {
        title: "Sperren und Glück",
        points: [
          "Wer eine Wertungskarte oder die Tür ändert, setzt einen seiner zwei Steine darauf. Um Gesperrtes zu nutzen, brauchst du eine Glücksprobe: Nenne eine Ecke und hoffe, dass die oberste Karte deines Stapels dort ihren Daumen zeigt.",
        ],
      },
      {
        title: "Ende",
        points: ["Nach dem Vormittag wird alles außer den Wertungskarten und Aufgaben neu verteilt. Nach dem Nachmittag werden die Aufgaben gewertet; die meisten Punkte gewinnen."],
      },
    ],
  },
};

const HELP: Record<string, Record<Lang, GameHelp>> = { souvenirs, allegra, level8, calcory, lucandor };

/** The help of a game in a language; null for a game without one (e.g. a game in development). */
export function helpFor(game: string, lang: Lang): GameHelp | null {
  return HELP[game]?.[lang] ?? null;
}

export const HELP_GAMES = Object.keys(HELP);
