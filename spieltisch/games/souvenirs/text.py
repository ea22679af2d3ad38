"""Names of cards and moves in English and German, and the table as text."""

from __future__ import annotations

from spieltisch.core.contract import EndReason, ScoreLine
from spieltisch.core.layout import beside, wrap
from spieltisch.core.wording import counted, seat_number
from spieltisch.games.souvenirs.cards import JOKER, NUM_KINDS, Deck, colour_of, number_of
from spieltisch.games.souvenirs.grid import (
    EMPTY,
    REACH,
    SIZE,
    cell_of,
    col_line,
    col_of,
    is_row,
    line_index,
    row_line,
    row_of,
    signed,
)
from spieltisch.games.souvenirs.phases import DEAL, DRAW, END
from spieltisch.games.souvenirs.rules import CELL_BASE, LINE_BASE, PASS, SouvenirsState
from spieltisch.games.souvenirs.scoring import COMBINATIONS, ScoreTable
from spieltisch.games.souvenirs.views import SouvenirsReference

COMBINATION_NAMES = {
    "fuenfling": ("Fünfling", "Fünfling (five of a kind)"),
    "vierling": ("Vierling", "Vierling (four of a kind)"),
    "full_house": ("Full House", "Full House"),
    "flush": ("Flush", "Flush (one colour)"),
    "regenbogen": ("Regenbogen", "Regenbogen (five colours)"),
    "strasse": ("Straße", "Straße (straight)"),
    "drilling": ("Drilling", "Drilling (three of a kind)"),
    "zwei_paare": ("Zwei Paare", "Zwei Paare (two pairs)"),
    "paerchen": ("Pärchen", "Pärchen (pair)"),
    "nichts": ("nichts", "nothing"),
}

WORDS = {
    "en": {
        "joker": "joker",
        "deal": "deal",
        "start": "start card",
        "draw": "draw",
        "play": "play",
        "place": "place at",
        "row": "row",
        "column": "column",
        "cube": "cube on",
        "pass": "no cube",
        "hand": "Your hand",
        "deck": "{n} card in the pile|{n} cards in the pile",
        "to_move": "to move",
        "seat": "Seat",
        "cubes_left": "{n} cube left|{n} cubes left",
        "points": "{n} point|{n} points",
        "in_play": "card being played",
        "legend": "cubes: first/second seat on each row and column; 'J' = joker",
        "ranks": "first|second",
        "line_part": "{line}: {combination}, {rank}",
        "unplaced": "{n} cube not placed|{n} cubes not placed",
        "end_full": "The 25th card completed the 5x5 grid.",
    },
    "de": {
        "joker": "Joker",
        "deal": "austeilen",
        "start": "Startkarte",
        "draw": "ziehen",
        "play": "ausspielen:",
        "place": "legen an",
        "row": "Reihe",
        "column": "Spalte",
        "cube": "Holzwürfel an",
        "pass": "kein Holzwürfel",
        "hand": "Deine Hand",
        "deck": "{n} Karte im Nachziehstapel|{n} Karten im Nachziehstapel",
        "to_move": "am Zug",
        "seat": "Platz",
        "cubes_left": "{n} Holzwürfel übrig|{n} Holzwürfel übrig",
        "points": "{n} Punkt|{n} Punkte",
        "in_play": "Karte wird gelegt",
        "legend": "Holzwürfel: erster/zweiter Platz je Reihe und Spalte; 'J' = Joker",
        "ranks": "erster|zweiter",
        "line_part": "{line}: {combination}, {rank}",
        "unplaced": "{n} Holzwürfel nicht gesetzt|{n} Holzwürfel nicht gesetzt",
        "end_full": "Die 25. Karte hat das 5x5-Raster vollendet.",
    },
}


def card_name(state: SouvenirsState, kind: int, lang: str) -> str:
    return kind_name(state.settings.deck, kind, lang)


def kind_name(deck: Deck, kind: int, lang: str) -> str:
    """ "red 3", "joker" ("rot 3", "Joker"): the deck's colour names from cards.toml."""
    if kind == JOKER:
        return WORDS[lang]["joker"]
    return f"{colour_word(deck, colour_of(kind), lang)} {number_of(kind)}"


def colour_word(deck: Deck, colour: int, lang: str) -> str:
    named = deck.colours[colour]
    return named.de if lang == "de" else named.en


def combination_name(name: str, lang: str) -> str:
    return COMBINATION_NAMES[name][0 if lang == "de" else 1]


def reference_data(deck: Deck, table: ScoreTable) -> SouvenirsReference:
    """Public facts for a display, in both languages: the colours' names (by colour
    index), every card kind's name (by kind, the joker last), as the moves name them,
    and the table's score table (a player aid)."""
    return {
        "colours": {lang: [colour_word(deck, c, lang) for c in range(len(deck.colours))] for lang in WORDS},
        "card_names": {lang: [kind_name(deck, kind, lang) for kind in range(NUM_KINDS)] for lang in WORDS},
        "joker": JOKER,
        "combinations": list(COMBINATIONS),
        "combination_names": {lang: [combination_name(c, lang) for c in COMBINATIONS] for lang in WORDS},
        "points": table.to_json(),
    }


def card_short(state: SouvenirsState, kind: int, lang: str) -> str:
    if kind == JOKER:
        return " J "
    colour = state.settings.deck.colours[colour_of(kind)]
    return f"{colour.short_de if lang == 'de' else colour.short_en}{number_of(kind)}"


def cell_name(cell: int, lang: str) -> str:
    words = WORDS[lang]
    return f"{words['row']} {signed(row_of(cell))} {words['column']} {signed(col_of(cell))}"


def line_name(line: int, lang: str) -> str:
    words = WORDS[lang]
    kind = words["row"] if is_row(line) else words["column"]
    return f"{kind} {signed(line_index(line))}"


def action_name(state: SouvenirsState, action: int, lang: str = "en") -> str:
    lang = lang if lang in WORDS else "en"
    words = WORDS[lang]
    if state.phase <= DRAW:
        if not 0 <= action < NUM_KINDS:
            return f"chance {action}"
        if state.phase == DEAL:
            start = state.dealt == state.num_players * state.settings.hand_size
            step = words["start"] if start else words["deal"]
        else:
            step = words["draw"]
        return f"{step} {card_name(state, action, lang)}"
    if 0 <= action < CELL_BASE:
        return f"{words['play']} {card_name(state, action, lang)}"
    if action < LINE_BASE:
        return f"{words['place']} {cell_name(action - CELL_BASE, lang)}"
    if action < PASS:
        return f"{words['cube']} {line_name(action - LINE_BASE, lang)}"
    if action == PASS:
        return words["pass"]
    return f"action {action}"


def render(state: SouvenirsState, seat: int | None, lang: str = "en", width: int = 80) -> str:
    """The grid with the cubes, and the players, pile and hand beside it when `width` allows,
    under it otherwise; no line wider than `width`."""
    lang = _lang(lang)
    words = WORDS[lang]
    facts = []
    scores = state.scores()
    for owner in range(state.num_players):
        marker = " <" if state.current_player() == owner else ""
        facts.append(
            f"{words['seat']} {seat_number(owner)}: {counted(words['cubes_left'], state.cubes_left[owner])}, "
            f"{counted(words['points'], scores[owner])}{marker}"
        )
    facts.append(counted(words["deck"], sum(state.deck)))
    if state.chosen != EMPTY:
        facts.append(f"{words['in_play']}: {card_name(state, state.chosen, lang)}")
    if seat is not None:
        hand = ", ".join(card_name(state, kind, lang) for kind in state.hands[seat]) or "-"
        facts.append(f"{words['hand']} ({words['seat']} {seat_number(seat)}): {hand}")
    grid = _grid_text(state, lang).splitlines()
    return "\n".join([*beside(grid, wrap(facts, width), width), "", *wrap([words["legend"]], width)])


def _grid_text(state: SouvenirsState, lang: str) -> str:
    """The cards and the cells a card may go to now, with cubes left of rows and above columns."""
    low_row, high_row, low_col, high_col = state.bounds
    reach = 1 if state.placed < SIZE * SIZE else 0
    rows = range(max(low_row - reach, high_row - REACH), min(high_row + reach, low_row + REACH) + 1)
    cols = range(max(low_col - reach, high_col - REACH), min(high_col + reach, low_col + REACH) + 1)
    free = set(state.legal_cells()) if state.placed else set()

    def cubes(line: int) -> str:
        return "/".join(str(seat_number(seat)) for seat in state.cubes[line]) or ""

    out = ["      " + "".join(f"{cubes(col_line(col)):>5}" for col in cols)]
    out.append("      " + "".join(f"{signed(col):>5}" for col in cols))
    for row in rows:
        cells = []
        for col in cols:
            cell = cell_of(row, col)
            kind = state.grid[cell]
            cells.append(
                card_short(state, kind, lang) if kind != EMPTY else (" . " if cell in free else "   ")
            )
        out.append(f"{cubes(row_line(row)):>3} {signed(row):>2} " + "".join(f"  {c}" for c in cells))
    return "\n".join(out)


def end_reason(state: SouvenirsState, lang: str) -> EndReason | None:
    """The game ends the moment the 25th card is laid (RULINGS.md Souvenirs 3)."""
    if state.phase != END:
        return None
    return EndReason("grid_full", WORDS[_lang(lang)]["end_full"])


def score_breakdown(state: SouvenirsState, lang: str) -> list[list[ScoreLine]]:
    """Per seat, each reserved line with its combination and the cube's rank (first or
    second) and points; cubes left in hand score nothing."""
    lang = _lang(lang)
    words = WORDS[lang]
    ranks = words["ranks"].split("|")
    breakdown: list[list[ScoreLine]] = [[] for _ in range(state.num_players)]
    for line, seat, points, name in state.line_scores():
        combination = COMBINATION_NAMES[name][0 if lang == "de" else 1]
        rank = ranks[state.cubes[line].index(seat)]
        label = words["line_part"].format(line=line_name(line, lang), combination=combination, rank=rank)
        breakdown[seat].append(ScoreLine(label, float(points)))
    for seat, left in enumerate(state.cubes_left):
        if left:
            unplaced = counted(words["unplaced"], left)
            breakdown[seat].append(ScoreLine(unplaced, 0.0))
    return breakdown


def _lang(lang: str) -> str:
    return lang if lang in WORDS else "en"
