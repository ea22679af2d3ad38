"""Lucandor: putting garments away (rulebook section 1, "Kleidungsstück aufräumen und punkten")."""

from __future__ import annotations

import pytest
from lucandor_helpers import card, cards_with, cell, codec, new_state, play, put_slot, set_hand, target

from spieltisch.core.contract import IllegalActionError
from spieltisch.games.lucandor.actions import Mode
from spieltisch.games.lucandor.rules import LucandorState


def placed_cells(state: LucandorState, card_id: int) -> set[int]:
    """The cells offered for the garment of a hand card (after choosing to put it away)."""
    clone = state.clone()
    if codec(clone).encode_play(Mode.PUT_AWAY, card_id) not in clone.legal_actions():
        return set()
    play(clone, Mode.PUT_AWAY, card_id)
    return {codec(clone).decode(a).cell for a in clone.legal_actions()}


def put(state: LucandorState, card_id: int, cell_id: int, place: int = 0) -> int:
    """Seat to move puts `card_id` into `cell_id`; returns the points gained."""
    seat = state.turn
    before = state.points[seat]
    play(state, Mode.PUT_AWAY, card_id)
    state.apply_action(target(state, cell_id, place))
    state.check_invariants()
    return state.points[seat] - before


def test_rulebook_example_1_green_trousers_score_3_under_green_3() -> None:
    """Wertungsbeispiel 1: green trousers in a row whose card shows green 3 score 3."""
    state = new_state()
    trousers = card(state, "hose", "gruen")
    set_hand(state, 0, [trousers])
    green3 = cards_with(state, "dot", dot_colour="gruen", points=3)[0]
    put_slot(state, 0, green3)  # slot 1 covers storeys 1-2
    assert put(state, trousers, cell(state, 1, 1)) == 3
    assert state.content[cell(state, 1, 1)][0] == [trousers]
    assert trousers in state.discard


def test_rulebook_example_2_blue_wig_scores_1_plus_2_under_two_slots() -> None:
    """Wertungsbeispiel 2: a blue wig in a storey covered by blue 1 and blue 2 scores 3."""
    state = new_state()
    wig = card(state, "peruecke", "blau")
    set_hand(state, 0, [wig])
    put_slot(state, 1, cards_with(state, "dot", dot_colour="blau", points=1)[0])  # storeys 2-4
    put_slot(state, 2, cards_with(state, "dot", dot_colour="blau", points=2)[0])  # storeys 4-5
    assert put(state, wig, cell(state, 1, 4)) == 3


def test_start_card_scores_one_for_either_colour() -> None:
    """The start cards show two colours and one point (side A: red/orange over storeys 1-2)."""
    state = new_state()
    shirt = card(state, "hemd", "orange")
    set_hand(state, 0, [shirt])
    assert put(state, shirt, cell(state, 1, 2)) == 1 + 0  # slot 2 (side A) shows yellow/green


def test_colour_not_shown_scores_nothing() -> None:
    state = new_state()
    hat = card(state, "zylinder", "lila")
    set_hand(state, 0, [hat])
    assert put(state, hat, cell(state, 1, 1)) == 0


def test_doubling_when_the_container_already_held_that_colour() -> None:
    """Points double when the compartment already holds a garment of the same colour."""
    state = new_state()
    trousers = card(state, "hose", "gruen")
    set_hand(state, 0, [trousers])
    put_slot(state, 0, cards_with(state, "dot", dot_colour="gruen", points=3)[0])
    state.content[cell(state, 1, 1)][1] = [card(state, "zylinder", "gruen")]
    state.refit_wardrobe()
    assert put(state, trousers, cell(state, 1, 1)) == 6


def test_no_doubling_for_another_colour_or_another_container() -> None:
    state = new_state()
    trousers = card(state, "hose", "gruen")
    set_hand(state, 0, [trousers])
    put_slot(state, 0, cards_with(state, "dot", dot_colour="gruen", points=3)[0])
    state.content[cell(state, 1, 1)][1] = [card(state, "zylinder", "rot")]
    state.content[cell(state, 3, 1)][0] = [card(state, "zylinder", "gruen")]
    state.refit_wardrobe()
    assert put(state, trousers, cell(state, 1, 1)) == 3


def test_doubling_on_a_rod_and_in_a_drawer() -> None:
    state = new_state()
    shirt = card(state, "hemd", "gelb")
    set_hand(state, 0, [shirt])
    state.content[cell(state, 1, 2)][0] = [card(state, "frack", "gelb")]
    state.refit_wardrobe()
    assert put(state, shirt, cell(state, 1, 2)) == 2  # start card 2 (side A) shows yellow 1
    state = new_state()
    socks = card(state, "socken", "gelb")
    set_hand(state, 0, [socks])
    drawer = state.drawer_at(cell(state, 1, 3))
    state.drawer_items[drawer] = [card(state, "handschuhe", "gelb")]
    state.refit_wardrobe()
    assert put(state, socks, cell(state, 1, 3)) == 2


def test_rods_take_shirts_and_tailcoats_by_size() -> None:
    """A rod holds 6 units (shirt 1, tailcoat 2); only rod garments hang there."""
    state = new_state()
    shirt, coat = card(state, "hemd", "rot"), card(state, "frack", "rot")
    set_hand(state, 0, [shirt, coat])
    rods = {cell(state, s, 2) for s in (1, 2, 3)}
    assert placed_cells(state, shirt) == rods - {cell(state, 2, 2)}  # the middle is behind the door
    left = cell(state, 1, 2)
    state.content[left][0] = [card(state, "frack", c) for c in ("orange", "gelb")] + [
        card(state, "hemd", "lila")
    ]
    state.refit_wardrobe()
    assert left in placed_cells(state, shirt)  # 5 of 6 units used
    assert left not in placed_cells(state, coat)  # a tailcoat needs 2
    state.content[left][0].append(card(state, "hemd", "blau"))
    state.refit_wardrobe()
    assert left not in placed_cells(state, shirt)  # full


def test_drawers_take_socks_gloves_belts_by_size() -> None:
    """A drawer holds 4 units (socks 1, gloves 1, belt 2); nothing else goes into it."""
    state = new_state()
    socks, belt, hat = (
        card(state, "socken", "rot"),
        card(state, "guertel", "rot"),
        card(state, "zylinder", "rot"),
    )
    set_hand(state, 0, [socks, belt, hat])
    drawers = {c for c in state.drawer_cell if not state.covered(c)}
    assert placed_cells(state, socks) == drawers
    assert not placed_cells(state, hat) & set(state.drawer_cell)
    left = cell(state, 1, 3)
    state.drawer_items[state.drawer_at(left)] = [
        card(state, "guertel", "gelb"),
        card(state, "socken", "blau"),
    ]
    state.refit_wardrobe()
    assert left in placed_cells(state, socks)
    assert left not in placed_cells(state, belt)


def test_hats_and_wigs_stand_alone_on_a_floor_place() -> None:
    """Hats and wigs may share a compartment but nothing goes on or under them."""
    state = new_state()
    wig, pulli = card(state, "peruecke", "rot"), card(state, "pulli", "rot")
    set_hand(state, 0, [wig, pulli])
    top_left = cell(state, 1, 1)
    state.content[top_left][0] = [card(state, "zylinder", "gelb")]
    state.refit_wardrobe()
    play(state, Mode.PUT_AWAY, wig)
    assert target(state, top_left, 1) in state.legal_actions()
    assert target(state, top_left, 0) not in state.legal_actions()
    state.apply_action(target(state, top_left, 1))
    assert state.content[top_left] == [[card(state, "zylinder", "gelb")], [wig]]
    assert top_left not in placed_cells_for(state, pulli)


def test_a_compartment_has_two_floor_places() -> None:
    state = new_state()
    hat = card(state, "zylinder", "rot")
    set_hand(state, 0, [hat])
    spot = cell(state, 1, 1)
    state.content[spot] = [[card(state, "peruecke", "gelb")], []]
    state.refit_wardrobe()
    assert spot in placed_cells(state, hat)
    state.content[spot] = [[card(state, "peruecke", "gelb")], [card(state, "pulli", "gelb")]]
    state.refit_wardrobe()
    assert spot not in placed_cells(state, hat)


def placed_cells_for(state: LucandorState, card_id: int) -> set[int]:
    """Cells for `card_id` once it is the next player's hand card."""
    r_state = state.clone()
    while r_state.is_chance_node():
        r_state.apply_action(r_state.pool[0])
    set_hand(r_state, r_state.turn, [card_id])
    return placed_cells(r_state, card_id)


def test_pullovers_and_trousers_stack_only_on_each_other_up_to_three() -> None:
    state = new_state()
    pulli = card(state, "pulli", "orange")
    set_hand(state, 0, [pulli])
    spot = cell(state, 1, 1)
    state.content[spot] = [
        [card(state, "hose", "rot"), card(state, "pulli", "gelb")],
        [card(state, "zylinder", "rot")],
    ]
    state.refit_wardrobe()
    play(state, Mode.PUT_AWAY, pulli)
    assert target(state, spot, 0) in state.legal_actions()  # on the stack of two
    assert target(state, spot, 1) not in state.legal_actions()  # not on a hat
    state.apply_action(target(state, spot, 0))
    assert state.content[spot][0][-1] == pulli
    other = new_state()
    trousers = card(other, "hose", "orange")
    set_hand(other, 0, [trousers])
    other.content[spot] = [
        [card(other, "hose", c) for c in ("rot", "gelb", "blau")],
        [card(other, "zylinder", "rot")],
    ]
    other.refit_wardrobe()
    assert spot not in placed_cells(other, trousers)  # three high is the limit


def test_shoes_only_in_the_bottom_storey_unstacked_and_only_beside_shoes() -> None:
    state = new_state()
    shoes, hat = card(state, "schuhe", "rot"), card(state, "zylinder", "blau")
    set_hand(state, 0, [shoes, hat])
    bottom = {cell(state, s, 5) for s in (1, 3)}
    assert placed_cells(state, shoes) == bottom
    state.content[cell(state, 1, 5)] = [[card(state, "schuhe", "gelb")], []]
    state.content[cell(state, 3, 5)] = [[card(state, "zylinder", "gelb")], []]
    state.refit_wardrobe()
    play(state, Mode.PUT_AWAY, shoes)
    assert state.legal_actions() == [target(state, cell(state, 1, 5), 1)]  # beside shoes, not on them
    state.apply_action(state.legal_actions()[0])
    assert cell(state, 1, 5) not in placed_cells_for(state, hat)  # nothing but shoes beside shoes


def test_shoes_cannot_be_put_away_when_the_bottom_is_taken() -> None:
    state = new_state()
    shoes = card(state, "schuhe", "rot")
    set_hand(state, 0, [shoes])
    for section in (1, 3):
        state.content[cell(state, section, 5)] = [[card(state, "pulli", "gelb")], []]
        state.refit_wardrobe()
    assert placed_cells(state, shoes) == set()
    assert codec(state).encode_play(Mode.PUT_AWAY, shoes) not in state.legal_actions()


def test_the_door_blocks_putting_anything_into_its_section() -> None:
    state = new_state()
    hat = card(state, "zylinder", "rot")
    set_hand(state, 0, [hat])
    assert state.door == 1
    assert all(state.settings.model.section_of(c) != 1 for c in placed_cells(state, hat))
    state.door = 0
    assert any(state.settings.model.section_of(c) == 1 for c in placed_cells(state, hat))
    assert all(state.settings.model.section_of(c) != 0 for c in placed_cells(state, hat))


def test_each_garment_colour_once_per_phase() -> None:
    """A garment/colour put away this phase cannot be put away again until the afternoon."""
    state = new_state()
    hat = card(state, "zylinder", "rot")
    set_hand(state, 0, [hat])
    state.placed |= 1 << hat
    assert codec(state).encode_play(Mode.PUT_AWAY, hat) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        play(state, Mode.PUT_AWAY, hat)
