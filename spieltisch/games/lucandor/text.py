"""Names of moves in English and German, the table as text, and the observation tensor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.contract import CHANCE, TERMINAL
from spieltisch.games.lucandor import scoring
from spieltisch.games.lucandor.actions import Block, Mode
from spieltisch.games.lucandor.model import DOT, END, MARKERS, ROD

if TYPE_CHECKING:
    from spieltisch.games.lucandor.rules import LucandorGame, LucandorState

FUNCTION_NAMES = {
    "en": ("scoring dot", "end scoring", "hanger", "needle & thread", "iron", "drawer"),
    "de": ("Wertungspunkt", "Endwertung", "Kleiderbügel", "Nadel & Faden", "Bügeleisen", "Schublade"),
}
WORDS = {
    "en": {
        "morning": "morning",
        "afternoon": "afternoon",
        "over": "game over",
        "storey": "storey",
        "storeys": "storeys",
        "slot": "scoring slot",
        "place": "place",
        "rod": "rod",
        "drawer": "drawer",
        "door": "door",
        "seat": "Seat",
        "you": "you",
        "points": "points",
        "hand": "hand",
        "pile": "draw pile",
        "ends": "end scoring",
        "hidden": "face down",
        "stones": "free stones",
        "discard": "discard pile",
        "top": "top",
        "to_move": "to move",
        "playing": "being played",
        "lock": "lock",
        "start": "start card",
        "known": "seen in hand",
        "behind_door": "behind the door",
        "scores": "scores here",
        "empty": "--",
        "legend": "[a | b] compartment, floor places (stacks bottom/top); =..= rod; {..} drawer; used/room\n"
        "#DOOR# section: nothing goes in or out; <- points per colour for a garment in that storey",
    },
    "de": {
        "morning": "Vormittag",
        "afternoon": "Nachmittag",
        "over": "Spielende",
        "storey": "Etage",
        "storeys": "Etagen",
        "slot": "Wertungsslot",
        "place": "Platz",
        "rod": "Stange",
        "drawer": "Schublade",
        "door": "Tür",
        "seat": "Platz",
        "you": "du",
        "points": "Punkte",
        "hand": "Hand",
        "pile": "Nachziehstapel",
        "ends": "Endwertung",
        "hidden": "verdeckt",
        "stones": "freie Steine",
        "discard": "Ablagestapel",
        "top": "oben",
        "to_move": "am Zug",
        "playing": "wird gespielt",
        "lock": "Sperre",
        "start": "Startkarte",
        "known": "bekannt auf der Hand",
        "behind_door": "hinter der Tür",
        "scores": "Wertung hier",
        "empty": "--",
        "legend": "[a | b] Fach, Bodenplätze (Stapel unten/oben); =..= Stange; {..} Schublade; belegt/Platz\n"
        "#TÜR#-Reihe: nichts hinein oder heraus; <- Punkte je Farbe für ein Kleidungsstück in der Etage",
    },
}


def card_name(state: LucandorState, card_id: int, lang: str) -> str:
    m = state.m
    card = m.cards[card_id]
    return f"{m.garments[card.garment].name(lang)} {m.colours[card.colour].name(lang)}"


def card_function(state: LucandorState, card_id: int, lang: str) -> str:
    m = state.m
    card = m.cards[card_id]
    name = FUNCTION_NAMES[lang][card.function]
    if card.function == DOT:
        return f"{name} {m.colours[card.dot_colour].name(lang)} {card.points}"
    if card.function == END:
        return f"{name} {WORDS[lang]['storey']} {card.storey + 1}"
    return name


def full_card(state: LucandorState, card_id: int, lang: str) -> str:
    return f"{card_name(state, card_id, lang)} [{card_function(state, card_id, lang)}]"


def cell_name(state: LucandorState, cell: int, lang: str) -> str:
    m = state.m
    words = WORDS[lang]
    return f"{words['storey']} {m.storey_of(cell) + 1} {m.sections[m.section_of(cell)].name(lang)}"


def action_text(state: LucandorState, action: int, lang: str) -> str:
    """The name of `action` in this state, in English ("en") or German ("de")."""
    from spieltisch.games.lucandor import rules as r

    m = state.m
    words = WORDS[lang]
    de = lang == "de"
    if state.stage != r.S_DECIDE:
        return f"{'Karte' if de else 'card'} #{action} {card_name(state, action, lang)}"
    move = state.g.codec.decode(action)
    block = move.block
    if block == Block.PLAY:
        return _play_text(state, move.mode, move.card, move.colour, lang)
    if block == Block.TARGET:
        return _target_text(state, move.cell, move.place, lang)
    if block == Block.SOURCE:
        return _source_text(state, move.cell, move.place, move.level, lang)
    if block == Block.CELL:
        if state.pending[0] == r.P_DRAWER_PICK:
            return f"{words['drawer']} {cell_name(state, move.cell, lang)}"
        return f"{'nach' if de else 'to'} {cell_name(state, move.cell, lang)}"
    if block == Block.SLOT:
        slot = move.slot
        covered = "-".join(str(s + 1) for s in (m.slot_storeys[slot][0], m.slot_storeys[slot][-1]))
        return f"{words['slot']} {slot + 1} ({words['storeys']} {covered})"
    if block == Block.SECTION:
        section = m.sections[move.section].name(lang)
        return f"Tür nach {section}" if de else f"door to {section}"
    if block == Block.SECOND:
        card = full_card(state, move.card, lang)
        return f"dazu abwerfen: {card}" if de else f"also discard {card}"
    if block == Block.TASK:
        index = move.task
        seat = state.turn
        card_id = state.end_cards[seat][index]
        colour = m.colours[state.end_colours[seat][index]].name(lang)
        return f"{words['ends']} {index + 1}: {card_function(state, card_id, lang)}, {colour}"
    if block == Block.COLOUR:
        colour = m.colours[move.colour].name(lang)
        return f"Farbe {colour}" if de else f"colour {colour}"
    corner = m.corners[move.corner].name(lang)
    return f"Glück prüfen: Ecke {corner}" if de else f"luck check: corner {corner}"


def _play_text(state: LucandorState, mode: int, card_id: int, colour: int, lang: str) -> str:
    de = lang == "de"
    card = full_card(state, card_id, lang)
    if mode == Mode.PUT_AWAY:
        return f"aufräumen: {card}" if de else f"put away {card}"
    if mode == Mode.FUNCTION:
        return f"ausspielen: {card}" if de else f"play {card}"
    if mode == Mode.DOOR:
        return f"Schiebetür bewegen, abwerfen: {card}" if de else f"move the door, discarding {card}"
    if mode == Mode.CLEAN:
        if de:
            return f"Fächer putzen (+1), abwerfen: {card}"
        return f"clean the compartments (+1), discarding {card}"
    # The task goes face down: name it by its hand position, not by its face.
    chip = state.m.colours[colour].name(lang)
    hand = state.hands[state.turn]
    position = hand.index(card_id) + 1 if card_id in hand else 0
    if de:
        return f"Endwertung: Handkarte {position} verdeckt ablegen, Farbe {chip}"
    return f"end scoring: lay hand card {position} face down, colour {chip}"


def public_action_text(state: LucandorState, action: int, lang: str) -> str | None:
    """The move as the other seats know it: an end-scoring task lies face down, so
    neither its face nor its place in the hand is named, only its colour chip."""
    from spieltisch.games.lucandor import rules as r

    if state.stage != r.S_DECIDE:
        return None  # drawn and turned cards: chance
    m = state.m
    words = WORDS[lang]
    move = state.g.codec.decode(action)
    if move.block == Block.PLAY and move.mode == Mode.TASK:
        colour = m.colours[move.colour].name(lang)
        if lang == "de":
            return f"Endwertung: eine Karte verdeckt ablegen, Farbe {colour}"
        return f"end scoring: lay a card face down, colour {colour}"
    if move.block == Block.TASK:
        index = move.task
        colour = m.colours[state.end_colours[state.turn][index]].name(lang)
        return f"{words['ends']} {index + 1}: {words['hidden']}, {colour}"
    return action_text(state, action, lang)


def _target_text(state: LucandorState, cell: int, place: int, lang: str) -> str:
    m = state.m
    words = WORDS[lang]
    de = lang == "de"
    where = cell_name(state, cell, lang)
    if m.storey_kind[m.storey_of(cell)] == ROD:
        return f"an die Stange {where}" if de else f"onto the rod, {where}"
    if state.drawer_at(cell) >= 0:
        return f"in die Schublade {where}" if de else f"into the drawer, {where}"
    stack = state.content[cell][place]
    on = ""
    if stack:
        on = f" auf {card_name(state, stack[-1], lang)}" if de else f" on {card_name(state, stack[-1], lang)}"
    return (
        f"in {where}, {words['place']} {place + 1}{on}"
        if de
        else f"into {where}, {words['place']} {place + 1}{on}"
    )


def _source_text(state: LucandorState, cell: int, place: int, level: int, lang: str) -> str:
    drawer = state.drawer_at(cell)
    stack = state.drawer_items[drawer] if drawer >= 0 else state.content[cell][place]
    piece = card_name(state, stack[level], lang) if level < len(stack) else "?"
    where = cell_name(state, cell, lang)
    # The same garment can be in the wardrobe twice (morning and afternoon), so
    # name its floor place, or its position on a rod or in a drawer.
    if drawer < 0 and state.m.storey_kind[state.m.storey_of(cell)] != ROD:
        where += f", {WORDS[lang]['place']} {place + 1}"
    else:
        where += f" #{level + 1}"
    above = len(stack) - 1 - level if state.is_under(cell, place, level) else 0
    if lang == "de":
        note = f" (unter {above}, Glück prüfen)" if above and not state.g.family else ""
        return f"herausnehmen: {piece} aus {where}{note}"
    note = f" (under {above}, luck check)" if above and not state.g.family else ""
    return f"take out {piece} from {where}{note}"


# --- the table as text --------------------------------------------------------------------


def piece_code(state: LucandorState, piece: int, lang: str) -> str:
    m = state.m
    card = m.cards[piece]
    return f"{m.garments[card.garment].short(lang)}.{m.colours[card.colour].short(lang)}"


def cell_text(state: LucandorState, cell: int, lang: str) -> str:
    m = state.m
    words = WORDS[lang]
    if m.storey_kind[m.storey_of(cell)] == ROD:
        items = state.content[cell][0]
        used = sum(m.garments[m.cards[p].garment].units for p in items)
        inside = " ".join(piece_code(state, p, lang) for p in items) or words["empty"]
        return f"={inside}= {used}/{m.rod_units}"
    drawer = state.drawer_at(cell)
    if drawer >= 0:
        items = state.drawer_items[drawer]
        used = sum(m.garments[m.cards[p].garment].units for p in items)
        inside = " ".join(piece_code(state, p, lang) for p in items) or words["empty"]
        return f"{{{inside}}} {used}/{m.drawer_units}"
    places = [
        "/".join(piece_code(state, p, lang) for p in stack) or words["empty"] for stack in state.content[cell]
    ]
    return "[" + " | ".join(places) + "]"


def render(state: LucandorState, seat: int | None, lang: str = "en") -> str:
    from spieltisch.games.lucandor import rules as r

    words = WORDS[lang if lang in WORDS else "en"]
    lang = "de" if lang == "de" else "en"
    lines: list[str] = []
    phase = (
        words["over"] if state.stage == r.S_OVER else words["morning" if state.phase == 0 else "afternoon"]
    )
    lines.append(f"Der Graf von Lucandor - {phase}")
    lines.extend(_slot_lines(state, lang))
    lines.extend(_wardrobe_lines(state, lang))
    lines.append(words["legend"])
    lines.extend(_player_lines(state, seat, lang))
    if seat is not None and state.stage != r.S_OVER:
        cards = state.hands[seat]
        hand = (
            ", ".join(f"{i + 1}) {full_card(state, c, lang)}" for i, c in enumerate(cards)) or words["empty"]
        )
        lines.append(f"{words['hand']}: {hand}")
    if state.pending[0] != r.P_NONE:
        lines.append(f"{words['playing']}: {full_card(state, state.pending[1], lang)}")
    top = card_name(state, state.discard[-1], lang) if state.discard else words["empty"]
    lines.append(f"{words['discard']}: {len(state.discard)} ({words['top']}: {top})")
    return "\n".join(lines)


def _slot_lines(state: LucandorState, lang: str) -> list[str]:
    m = state.m
    words = WORDS[lang]
    lines = []
    for slot, covered in enumerate(m.slot_storeys):
        colours, points = scoring.slot_card(state, slot)
        shown = "/".join(m.colours[c].name(lang) for c in colours)
        kind = f" ({words['start']})" if state.slots[slot] >= len(m.cards) else ""
        lock = ""
        if state.lock_owner[slot] >= 0:
            lock = f"  {words['lock']} {words['seat']} {state.lock_owner[slot]}: {state.lock_level[slot]}"
        storeys = ",".join(str(s + 1) for s in covered)
        lines.append(
            f"{words['slot']} {slot + 1} ({words['storeys']} {storeys}): {shown} {points}{kind}{lock}"
        )
    return lines


def _wardrobe_lines(state: LucandorState, lang: str) -> list[str]:
    m = state.m
    words = WORDS[lang]
    texts = [
        [cell_text(state, m.cell(sec, st), lang) for sec in range(m.num_sections)]
        for st in range(m.num_storeys)
    ]
    width = max(16, *(len(t) for row in texts for t in row)) + 2
    header = "      "
    for sec in range(m.num_sections):
        name = m.sections[sec].name(lang)
        if sec == state.door:
            name = f"#{words['door'].upper()}# {name}"
        header += name.ljust(width)
    lock = ""
    door_lock = len(state.slots)
    if state.lock_owner[door_lock] >= 0:
        lock = (
            f"   {words['lock']} {words['seat']} {state.lock_owner[door_lock]}: {state.lock_level[door_lock]}"
        )
    lines = [header.rstrip() + lock]
    for st in range(m.num_storeys):
        row = f"  {st + 1}   " + "".join(t.ljust(width) for t in texts[st])
        values = [
            f"{m.colours[c].short(lang)}{v}"
            for c in range(len(m.colours))
            if (v := scoring.storey_value(state, st, c))
        ]
        lines.append(row.rstrip().ljust(6 + width * m.num_sections) + "  <- " + (" ".join(values) or "-"))
    return lines


def _player_lines(state: LucandorState, seat: int | None, lang: str) -> list[str]:
    from spieltisch.games.lucandor import rules as r

    m = state.m
    words = WORDS[lang]
    lines = []
    for p in range(state.num_players):
        me = f" ({words['you']})" if p == seat else ""
        mover = f"  <- {words['to_move']}" if state.stage == r.S_DECIDE and p == state.turn else ""
        ends = []
        for card_id, colour in zip(state.end_cards[p], state.end_colours[p], strict=True):
            shown = p == seat or state.stage == r.S_OVER
            task = f"{words['storey']} {m.cards[card_id].storey + 1}" if shown else words["hidden"]
            ends.append(f"{task} {m.colours[colour].name(lang)}")
        end_text = "; ".join(ends) or words["empty"]
        stones = MARKERS - state.lock_owner.count(p)
        total = state.points[p] + state.end_points[p]
        known = ""
        if state.known[p] and p != seat:
            known = f", {words['known']}: " + ", ".join(
                card_name(state, c, lang) for c in sorted(state.known[p])
            )
        lines.append(
            f"{words['seat']} {p}{me}: {total} {words['points']}, {words['hand']} {len(state.hands[p])}, "
            f"{words['pile']} {len(state.piles[p])}, {words['stones']} {stones}, "
            f"{words['ends']}: {end_text}{known}{mover}"
        )
    return lines


# --- observation tensor ----------------------------------------------------------------------


def observation_length(game: LucandorGame) -> int:
    from spieltisch.games.lucandor.rules import NUM_PENDING_KINDS

    m = game.model
    n = game.num_players
    cards = len(m.cards)
    colours = len(m.colours)
    locks = len(m.slot_storeys) + 1
    return (
        n
        + 2
        + 2  # who is to move (relative), chance, over; phase
        + m.num_sections
        + locks * (1 + n)
        + len(m.slot_storeys) * colours
        + m.num_cells * (colours + len(m.garments) + 1)
        + 6 * cards  # own hand, others' seen hand cards, discard, put away, own tasks, seen pile cards
        + 2 * colours
        + 6 * n
        + NUM_PENDING_KINDS
        + cards
    )


def observation(state: LucandorState, seat: int) -> list[float]:
    """What `seat` may see, as floats (players relative to `seat`)."""
    from spieltisch.games.lucandor import rules as r

    m = state.m
    n = state.num_players
    cards = len(m.cards)
    colours = len(m.colours)
    out: list[float] = [0.0] * (n + 4)
    mover = state.current_player()
    if mover >= 0:
        out[(mover - seat) % n] = 1.0
    out[n] = 1.0 if mover == CHANCE else 0.0
    out[n + 1] = 1.0 if mover == TERMINAL else 0.0
    out[n + 2 + state.phase] = 1.0
    door = [0.0] * m.num_sections
    door[state.door] = 1.0
    out.extend(door)
    for owner, level in zip(state.lock_owner, state.lock_level, strict=True):
        block = [0.0] * (n + 1)
        if owner >= 0:
            block[0] = level / 2
            block[1 + (owner - seat) % n] = 1.0
        out.extend(block)
    for slot in range(len(m.slot_storeys)):
        shown, points = scoring.slot_card(state, slot)
        out.extend(float(points) if c in shown else 0.0 for c in range(colours))
    for cell in range(m.num_cells):
        by_colour = [0.0] * colours
        by_garment = [0.0] * len(m.garments)
        for piece in scoring.container_pieces(state, cell):
            by_colour[m.cards[piece].colour] += 1
            by_garment[m.cards[piece].garment] += 1
        out.extend(by_colour)
        out.extend(by_garment)
        out.append(1.0 if state.drawer_at(cell) >= 0 else 0.0)
    others_known = [c for p in range(n) if p != seat for c in state.known[p]]
    seen_piles = [c for pile in state.piles for c in pile if c >= 0]
    own_tasks = state.end_cards[seat]
    put_away = [c for c in range(cards) if (state.placed >> c) & 1]
    for group in (state.hands[seat], others_known, state.discard, put_away, own_tasks, seen_piles):
        block = [0.0] * cards
        for c in group:
            block[c] = 1.0
        out.extend(block)
    own_colours = [0.0] * colours
    for c in state.end_colours[seat]:
        own_colours[c] = 1.0
    other_colours = [0.0] * colours
    for p in range(n):
        if p != seat:
            for c in state.end_colours[p]:
                other_colours[c] += 1.0
    out.extend(own_colours)
    out.extend(other_colours)
    for p in (((seat + k) % n) for k in range(n)):
        out.extend(
            [
                state.points[p] / 50,
                state.end_points[p] / 10,
                len(state.hands[p]) / 3,
                len(state.piles[p]) / 20,
                len(state.end_cards[p]) / 2,
                state.lock_owner.count(p) / 2,
            ]
        )
    kinds = [0.0] * r.NUM_PENDING_KINDS
    kinds[state.pending[0]] = 1.0
    out.extend(kinds)
    playing = [0.0] * cards
    if state.pending[0] != r.P_NONE:
        playing[state.pending[1]] = 1.0
    out.extend(playing)
    return out
