"""LEVEL 8 rules on hand-made positions and forced deals (rulebook sections named per test)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from level8_positions import card, cards, force_deal, group, position

from spieltisch.core.contract import CHANCE, TERMINAL, UNBOUNDED, IllegalActionError
from spieltisch.core.play import play_out, sample_chance
from spieltisch.core.snapshot import snapshot
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.bot import heuristic_action
from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.phases import DEAL, DRAW, KEEP, LAYDOWN, OVER, PLAY, SKIPPED
from spieltisch.games.level8.rules import Level8State
from spieltisch.games.level8.solver import solution


def lay_off(state: Level8State, name: str, owner: int, part: int, end: int = 0) -> None:
    state.apply_action(A.LAYOFF + card(name))
    state.apply_action(A.onto_id(owner, part, end))


def targets_for(state: Level8State, name: str) -> list[tuple[int, int, int]]:
    if A.LAYOFF + card(name) not in state.legal_actions():
        return []
    probe = state.clone()
    probe.apply_action(A.LAYOFF + card(name))
    return [A.split_onto(a) for a in probe.legal_actions() if a != A.CANCEL]


def lay_down_by_plan(state: Level8State) -> None:
    """Start the lay-down and put in the solver's cards one by one."""
    state.apply_action(A.START_LAYDOWN)
    while state.phase == LAYDOWN:
        c, meaning = solution(state.reqs(), tuple(state.hands[state.player]))[0][0]  # type: ignore[index]
        state.apply_action(A.pick_id(c, meaning, state.reqs()[0][0]))


MY_RUNS = [group("run", "P13 P14 P15"), group("run", "O13 O14 O15")]  # take only 12s


# --- laying off: the rulebook's examples on the table ---------------------------------


def test_rulebook_example_4_5_6_takes_7_then_8_and_3_then_2() -> None:
    state = position(
        hands={0: "G7 G8 B3 B2 R15 Y15"},
        groups={0: MY_RUNS, 1: [group("run", "R4 O5 Y6"), group("run", "R10 O11 Y12")]},
    )
    assert targets_for(state, "G8") == [] and targets_for(state, "B2") == []
    assert (1, 0, 1) in targets_for(state, "G7")
    lay_off(state, "G7", 1, 0, 1)
    lay_off(state, "G8", 1, 0, 1)
    lay_off(state, "B3", 1, 0, 0)
    lay_off(state, "B2", 1, 0, 0)
    run = state.groups[1][0]
    assert (run[1], run[2]) == (2, 8) and run[4] == (2, 3, 4, 5, 6, 7, 8)
    state.check_invariants()


def test_rulebook_example_pairs_2_3_6_6_take_any_2_3_6() -> None:
    pairs = [group("set", "R2 O2"), group("set", "R3 O3"), group("set", "R6 O6"), group("set", "Y6 G6")]
    state = position(hands={0: "B2 B3 B6 B4 Y15"}, groups={0: MY_RUNS, 2: pairs}, levels={2: 2})
    assert targets_for(state, "B2") == [(2, 0, 0)]
    assert targets_for(state, "B3") == [(2, 1, 0)]
    assert targets_for(state, "B6") == [(2, 2, 0), (2, 3, 0)]
    assert targets_for(state, "B4") == []


def test_rulebook_example_run_8_to_11_with_pairs_3_and_9(tmp_path: Path) -> None:
    """The third example's table needs a level of a Viererfolge and two Zwillinge: a custom list."""
    levels = tmp_path / "levels.toml"
    part = (
        '[[level]]\nparts = [{ kind = "run", size = 4 }, '
        '{ kind = "set", size = 2 }, { kind = "set", size = 2 }]\n'
    )
    levels.write_text(part * 8, encoding="utf-8")
    laid = [group("run", "R8 O9 Y10 G11"), group("set", "R3 O3"), group("set", "Y9 G9")]
    mine = [group("run", "P1 P2 P3 P4"), group("set", "P13 O13"), group("set", "P14 O14")]
    state = position(hands={0: "B7 B12 B3 B9 B6 B13 Y15"}, groups={0: mine, 1: laid}, levels_file=str(levels))
    assert targets_for(state, "B7") == [(1, 0, 0)]
    assert targets_for(state, "B12") == [(1, 0, 1)]
    assert targets_for(state, "B3") == [(1, 1, 0)]
    assert targets_for(state, "B9") == [(1, 2, 0)]
    assert targets_for(state, "B6") == []
    lay_off(state, "B7", 1, 0, 0)
    assert targets_for(state, "B6") == [(1, 0, 0)]  # then a 6, and so on
    assert targets_for(state, "B13") == [(0, 1, 0)]


def test_15_and_1_never_connect_on_the_table() -> None:
    """Rulebook, Folgen: no connection between 15 and 1, for cards and jokers alike."""
    table = {0: MY_RUNS, 1: [group("run", "R1 O2 Y3"), group("run", "R10 O11 G12")]}
    state = position(hands={0: "G1 G15 J Y14"}, groups=table)
    assert targets_for(state, "G1") == []
    assert targets_for(state, "G15") == []
    assert targets_for(state, "J") == [(0, 0, 0), (0, 1, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)]


def test_layoff_needs_own_level_down_and_a_card_left() -> None:
    """RULINGS.md LEVEL 8 rulings 3-4: lay off only once laid down, and keep one card."""
    table = {1: [group("run", "R4 O5 Y6"), group("run", "R10 O11 Y12")]}
    before = position(hands={0: "G7 B3 P15"}, groups=table)
    assert A.LAYOFF + card("G7") not in before.legal_actions()
    last = position(hands={0: "G7"}, groups={0: MY_RUNS, **table})
    assert not [a for a in last.legal_actions() if A.LAYOFF <= a < A.ONTO]


# --- laying down: whole levels only, jokers' meanings fixed --------------------------


def test_incomplete_level_cannot_be_started() -> None:
    """Rulebook: only the complete level may be laid; one run of 3 is not level 1."""
    state = position(hands={0: "R4 O5 Y6 R1 O1 G9 B9 B12 Y12 G15 B15"})
    assert A.START_LAYDOWN not in state.legal_actions()
    whole = position(hands={0: "R4 O5 Y6 G9 G10 G11 R1 O8 Y13 G13 B15"})
    assert A.START_LAYDOWN in whole.legal_actions()


def test_lay_down_cannot_stop_half_way_and_cancel_returns_the_cards() -> None:
    state = position(hands={0: "R4 O5 Y6 G9 G10 G11 R1 O8 Y13 G13 B15"})
    state.apply_action(A.START_LAYDOWN)
    for name in ("R4", "O5", "Y6"):
        state.apply_action(A.PICK + card(name))
    legal = state.legal_actions()
    assert not [a for a in legal if A.DISCARD <= a < A.SKIP_AT], "no discard in the middle of a lay-down"
    assert A.PICK + card("R1") not in legal, "a card that cannot finish the level is refused"
    with pytest.raises(IllegalActionError):
        state.apply_action(A.PICK + card("B15"))
    state.apply_action(A.CANCEL)
    assert state.phase == PLAY and state.hands[0] == cards("R4 O5 Y6 G9 G10 G11 R1 O8 Y13 G13 B15")
    assert sorted(state.known[0]) == cards("R4 O5 Y6"), "cards shown while laying are known to all"
    assert not state.laid[0]


def test_extended_level_refused_parts_hold_exactly_their_cards() -> None:
    """RULINGS.md LEVEL 8 ruling 2: exactly the stated cards per part, no extra parts."""
    state = position(hands={0: "R4 O5 Y6 G7 G10 G11 G12 R1 O8 Y13 B15"})
    state.apply_action(A.START_LAYDOWN)
    for name in ("R4", "O5", "Y6"):
        state.apply_action(A.PICK + card(name))
    assert state.part == 1, "the first run closes at three cards"
    assert A.PICK + card("G7") not in state.legal_actions(), "a 4th card does not extend part 1"
    for name in ("G10", "G11", "G12"):
        state.apply_action(A.PICK + card(name))
    assert state.phase == PLAY and state.laid[0]
    assert [len(g[3]) for g in state.groups[0]] == [3, 3]
    assert A.START_LAYDOWN not in state.legal_actions(), "no second lay-down, no extra parts"
    lay_off(state, "G7", 0, 0, 1)  # only now, as a lay-off
    assert state.groups[0][0][2] == 7


def test_keep_one_card_when_laying_down() -> None:
    """RULINGS.md LEVEL 8 ruling 4: a lay-down that would leave no card for the discard is refused."""
    exact = position(hands={0: "R4 O5 Y6 G10 G11 G12"})
    assert A.START_LAYDOWN not in exact.legal_actions()


def test_joker_meaning_is_fixed_in_a_run_and_cannot_be_swapped() -> None:
    """Rulebook, Joker: what each joker stands for is clear and it stays so."""
    state = position(hands={0: "R4 J Y6 G10 G11 G12 B5 O8 Y13 G13 B15"})
    state.apply_action(A.START_LAYDOWN)
    state.apply_action(A.PICK + card("R4"))
    state.apply_action(A.PICK + card("Y6"))
    jokers = [a - A.JOKER_NUMBER + 1 for a in state.legal_actions() if A.JOKER_NUMBER <= a < A.JOKER_COLOUR]
    assert jokers == [5]
    state.apply_action(A.JOKER_NUMBER + 4)
    for name in ("G10", "G11", "G12"):
        state.apply_action(A.PICK + card(name))
    run = state.groups[0][0]
    assert run[3] == (card("R4"), card("J"), card("Y6")) and run[4] == (4, 5, 6)
    assert targets_for(state, "B5") == [], "a real 5 cannot replace the laid joker"


def test_joker_laid_off_takes_the_meaning_of_its_place() -> None:
    pairs = [group("set", "R2 O2"), group("set", "R9 O9")]
    state = position(hands={0: "J J Y15"}, groups={0: MY_RUNS, 1: pairs})
    lay_off(state, "J", 0, 0, 0)
    lay_off(state, "J", 1, 1, 0)
    assert state.groups[0][0][4] == (12, 13, 14, 15) and state.groups[1][1][4] == (9, 9, 9)


def test_joker_colour_meaning_in_a_colour_group() -> None:
    state = position(hands={0: "R1 R5 R7 R9 R11 J B2 O3 Y4 G6 P8"}, levels={0: 3})
    state.apply_action(A.START_LAYDOWN)
    for name in ("R1", "R5", "R7", "R9", "R11"):
        state.apply_action(A.PICK + card(name))
    colours = [a - A.JOKER_COLOUR for a in state.legal_actions() if A.JOKER_COLOUR <= a < A.LAYOFF]
    assert colours == [0]
    state.apply_action(A.JOKER_COLOUR + 0)
    assert state.laid[0] and state.groups[0][0][4] == (0,) * 6


# --- skip cards -----------------------------------------------------------------------


def test_skip_card_before_another_player_who_then_only_passes_it_under_the_pile() -> None:
    """Rulebook, Aussetzen: instead of discarding; the skipped player's whole turn."""
    state = position(hands={0: "S R1 O9", 1: "R3 O4", 2: "Y3 Y4"})
    legal = state.legal_actions()
    assert A.SKIP_AT + 0 not in legal and {A.SKIP_AT + 1, A.SKIP_AT + 2} <= set(legal)
    state.apply_action(A.SKIP_AT + 1)
    assert state.skip_on == [False, True, False] and state.current_player() == 1
    assert state.phase == SKIPPED and state.legal_actions() == [A.TAKE_SKIP]
    hand_before = list(state.hands[1])
    state.apply_action(A.TAKE_SKIP)
    assert state.under == 1 and state.hands[1] == hand_before and state.skip_on == [False] * 3
    assert state.current_player() == 2 and state.phase == DRAW
    state.check_invariants()


def test_no_second_skip_before_the_same_player() -> None:
    state = position(hands={0: "S R1 O9"})
    state.skip_on[1] = True
    state.stock[card("S")] -= 1
    state.stock_size -= 1
    state.check_invariants()
    assert A.SKIP_AT + 1 not in state.legal_actions() and A.SKIP_AT + 2 in state.legal_actions()


def test_skip_as_last_card_ends_the_round_without_effect() -> None:
    state = position(hands={0: "S"}, groups={0: MY_RUNS}, levels={0: 1, 1: 1, 2: 1})
    state.apply_action(A.SKIP_AT + 1)
    assert state.rounds == 1 and state.level == [3, 1, 1]
    assert state.phase == DEAL and state.skip_on == [False] * 3


# --- the draw pile ----------------------------------------------------------------------


def _nearly_empty_stock(state: Level8State) -> None:
    """Move every draw-pile card but the red 15 onto seat 1's discard pile."""
    keep = card("R15")
    for kind, count in enumerate(state.stock):
        for _ in range(count if kind != keep else count - 1):
            state.piles[1].insert(0, kind)
    state.stock = [0] * len(state.stock)
    state.stock[keep] = 1
    state.stock_size = 1
    state.check_invariants()


def test_reshuffle_when_the_last_card_is_drawn() -> None:
    """Rulebook: all discard piles but their top cards, with face-up skips, become the draw pile."""
    state = position(hands={0: "R1 O9"}, piles={2: "R2 O2 Y2"}, phase=DRAW)
    state.under = 1
    state.stock[card("S")] -= 1
    state.stock_size -= 1
    _nearly_empty_stock(state)
    pile1 = len(state.piles[1])
    state.apply_action(A.DRAW_STOCK)
    assert state.current_player() == CHANCE and state.legal_actions() == [card("R15")]
    state.apply_action(card("R15"))
    assert [len(p) for p in state.piles] == [0, 1, 1]
    assert state.piles[2] == [card("Y2")]
    assert state.stock_size == (pile1 - 1) + 2 + 1 and state.under == 0
    assert state.stock[card("R2")] == 1 and state.stock[card("Y2")] == 0
    state.check_invariants()


def test_reshuffle_when_only_face_up_skips_remain() -> None:
    state = position(hands={0: "R1 O9", 1: "R3"}, piles={0: "R2 O2"}, phase=PLAY)
    _nearly_empty_stock(state)
    state.stock = [0] * len(state.stock)
    state.stock_size = 0
    state.piles[1].append(card("R15"))
    state.skip_on[1] = True
    skip = next(i for i, c in enumerate(state.piles[1]) if c == card("S"))
    state.piles[1].pop(skip)
    state.check_invariants()
    state.apply_action(A.DISCARD + card("R1"))
    assert state.phase == SKIPPED
    state.apply_action(A.TAKE_SKIP)  # the draw pile is now a lone face-up skip card
    assert state.current_player() == 2 and state.phase == DRAW
    assert state.under == 0 and state.stock[card("S")] >= 1
    assert [len(p) for p in state.piles] == [1, 1, 0]


# --- round end, dealer, winning -----------------------------------------------------------


def test_round_end_advances_levels_and_passes_the_deal_left() -> None:
    """Rulebook, Ende einer Runde: out +2, laid down +1, others stay; the left neighbour deals."""
    pairs = [group("set", "R2 O2"), group("set", "R3 O3"), group("set", "R6 O6"), group("set", "Y6 G6")]
    state = position(
        hands={0: "B9", 1: "R12 O13", 2: "Y12 Y13"},
        groups={0: pairs, 1: [group("run", "P4 P5 P6"), group("run", "B4 B5 B6")]},
        levels={0: 2, 1: 1, 2: 3},
    )
    dealer = state.dealer
    state.apply_action(A.DISCARD + card("B9"))
    assert state.level == [4, 2, 3] and state.rounds == 1
    assert state.dealer == (dealer + 1) % 3 and state.phase == DEAL
    assert state.stock_size == 98 and state.groups == [[], [], []]
    while state.phase == DEAL:
        state.apply_action(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert len(state.piles[state.dealer]) == 1
    assert state.current_player() == (state.dealer + 1) % 3 and state.phase == DRAW


def test_forced_deal_gives_the_named_cards() -> None:
    state = Level8Game(2, {}).new_initial_state()
    assert state.dealer == 0 and state.deal_queue[0] == 1
    force_deal(state, {1: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", 0: "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"}, "J")
    assert state.hands[1] == cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10")
    assert state.piles[0] == [card("J")] and state.current_player() == 1


def test_win_at_once_on_laying_level_8() -> None:
    """Rulebook, Spielende: laying down level 8 wins at once, cards left in hand or not."""
    state = position(hands={0: "R4 O4 Y4 G4 R9 O9 Y9 J B1 B2 B3"}, levels={0: 8, 1: 7})
    lay_down_by_plan(state)
    assert state.current_player() == TERMINAL and state.winners() == [0]
    assert len(state.hands[0]) == 3 and state.scores()[0] == 8.0


def test_win_on_going_out_after_laying_level_7() -> None:
    state = position(
        hands={0: "B13"}, groups={0: [group("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9")]}, levels={0: 7, 1: 8}
    )
    state.apply_action(A.DISCARD + card("B13"))
    assert state.phase == OVER and state.winners() == [0] and state.level[0] == 9


def test_going_out_below_level_7_does_not_win() -> None:
    state = position(hands={0: "B13"}, groups={0: [group("colour", "R1 R2 R3 R4 R5 R6 R7")]}, levels={0: 6})
    state.apply_action(A.DISCARD + card("B13"))
    assert state.phase == DEAL and state.level[0] == 8 and state.winners() == []


def test_laid_level_7_without_going_out_moves_to_level_8() -> None:
    state = position(
        hands={0: "B13", 1: "Y1 Y2"},
        groups={0: MY_RUNS, 1: [group("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9")]},
        levels={0: 1, 1: 7},
    )
    state.apply_action(A.DISCARD + card("B13"))
    assert state.level == [3, 8, 1] and state.phase == DEAL


# --- back side: keeping cards -----------------------------------------------------------------


def _back_round_end(levels: dict[int, int]) -> Level8State:
    """Seat 2 goes out on back level 1 (Zwilling + 2 Drillinge); seats 0 and 1 never laid down."""
    laid = [group("set", "R2 O2"), group("set", "R3 O3 Y3"), group("set", "R4 O4 Y4")]
    state = position(
        hands={0: "J R9 O10 Y11 G12 B7 P5", 1: "R13 O14 Y15", 2: "B13"},
        groups={2: laid},
        levels=levels,
        player=2,
        side="back",
    )
    state.apply_action(A.DISCARD + card("B13"))
    return state


def test_back_side_keeps_up_to_four_cards_on_levels_5_to_8() -> None:
    """Rulebook, Rückseite: levels 5-8 not laid down keep up to 4 cards; dealt up to 10."""
    state = _back_round_end({0: 5, 1: 4, 2: 1})
    assert state.phase == KEEP and state.carry == [0] and state.current_player() == 0
    assert state.level == [5, 4, 3]
    state.apply_action(A.KEEP_CARD + card("J"))
    state.apply_action(A.KEEP_CARD + card("R9"))
    assert A.KEEP_CARD + card("J") not in state.legal_actions(), "one joker, kept once"
    hidden = state.view(1)
    assert hidden["kept"] == [] and hidden["kept_sizes"][0] == 2
    state.apply_action(A.KEEP_DONE)
    assert state.phase == DEAL and state.hands[0] == cards("J R9") and state.hands[1] == []
    assert state.deal_queue.count(0) == 8 and state.deal_queue.count(1) == 10
    assert state.stock_size == 98 - 2
    while state.phase == DEAL:
        state.apply_action(state.legal_actions()[0])
    assert len(state.hands[0]) == 10 and card("J") in state.hands[0] and card("R9") in state.hands[0]


def test_back_side_keep_stops_at_four() -> None:
    state = _back_round_end({0: 8, 1: 6, 2: 1})
    assert state.carry == [0, 1] or state.carry == [1, 0]
    first = state.current_player()
    names = {0: ["J", "R9", "O10", "Y11"], 1: ["R13", "O14", "Y15"]}[first]
    for name in names:
        state.apply_action(A.KEEP_CARD + card(name))
    if first == 0:
        assert state.current_player() == 1, "four cards kept: the choice closes by itself"


def test_front_side_keeps_nothing() -> None:
    laid = [group("run", "R2 O3 Y4"), group("run", "R5 O6 Y7")]
    state = position(hands={0: "J R9 O10", 1: "R13", 2: "B13"}, groups={2: laid}, levels={0: 6, 1: 5})
    state.player = 2
    state.apply_action(A.DISCARD + card("B13"))
    assert state.phase == DEAL and state.hands == [[], [], []]


# --- the whole game ---------------------------------------------------------------------------


def test_illegal_action_changes_nothing() -> None:
    state = position(hands={0: "R4 O5 Y6 G9 G10 G11 R1 O8 Y13 G13 B15"})
    before = snapshot(state)
    for action in (A.TAKE_SKIP, A.DISCARD + card("P1"), A.LAYOFF + card("R4"), A.NUM_ACTIONS, -1):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert snapshot(state) == before


def never_out(state: Level8State, rng: random.Random) -> int:
    """Never lays down (in play the last legal move is a discard or a skip), so nobody goes out."""
    legal = state.legal_actions()
    return legal[-1] if state.phase == PLAY and A.START_LAYDOWN not in legal else rng.choice(legal)


def test_a_stalled_round_is_redealt_with_levels_unchanged() -> None:
    """Safety caps (RULINGS.md): a round of round_turns turns is stalled; it is dealt again,
    levels unchanged even for a seat that laid down, and the deal passes left."""
    state = position(
        hands={0: "B9 B10 B11", 1: "R12 G13 Y1", 2: "Y12 Y13 G1"},
        groups={0: MY_RUNS},
        levels={0: 1, 1: 2, 2: 3},
        round_turns=2,
    )
    dealer = state.dealer
    state.apply_action(A.DISCARD + card("B9"))
    state.apply_action(A.DRAW_STOCK)
    state.apply_action(state.legal_actions()[0])  # the card drawn
    state.apply_action(A.DISCARD + card("R12"))
    assert state.phase == DEAL and state.level == [1, 2, 3] and state.stalled == 1
    assert state.dealer == (dealer + 1) % 3 and state.groups == [[], [], []]
    end = state.last_round
    assert end is not None and end.went_out == -1 and end.stalled == 1 and end.levels == end.levels_before
    result = state.public_result(A.DISCARD + card("R12"))
    assert result is not None and result["capped"] and result["went_out"] is None
    assert result["text"].startswith("Round 1 stalled: nobody went out in 2 turns")
    assert "dealt again with levels unchanged (1 of 3 in a row)" in result["text"]


def test_only_stall_rounds_stalled_rounds_in_a_row_end_the_game() -> None:
    game = Level8Game(3, {"round_turns": 10})
    assert game.options["stall_rounds"] == 3
    state = game.new_initial_state()
    play_out(state, never_out, random.Random(3))
    assert state.rounds == 3 and [end.stalled for end in state.round_log] == [1, 2, 3]
    assert state.level == [1, 1, 1] and state.winners() == [0, 1, 2]
    result = state.public_result(state.history()[-1])
    assert result is not None and result["capped"] and "dealt again" not in result["text"]


def test_caps_at_zero_are_off() -> None:
    """0 switches a cap off: a round may last as long as it takes, and nothing bounds the game."""
    game = Level8Game(2, {"round_turns": 0})
    assert game.max_game_length() == UNBOUNDED
    assert Level8Game(2, {"stall_rounds": 0}).max_game_length() == UNBOUNDED
    state, rng = game.new_initial_state(), random.Random(4)
    while state.turns < 300:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else never_out(state, rng))
    assert state.rounds == 0 and not state.is_terminal()
    endless = Level8Game(2, {"round_turns": 10, "stall_rounds": 0}).new_initial_state()
    while endless.rounds < 5:
        endless.apply_action(
            sample_chance(endless, rng) if endless.is_chance_node() else never_out(endless, rng)
        )
    assert not endless.is_terminal() and endless.stalled == 5


def test_heuristic_lays_down_when_it_can() -> None:
    state = position(hands={0: "R4 O5 Y6 G9 G10 G11 R1 O8 Y13 G13 B15"})
    assert heuristic_action(state, random.Random(0)) == A.START_LAYDOWN


def test_heuristic_lays_off_without_cancelling() -> None:
    state = position(
        hands={0: "G7 Y15"}, groups={0: MY_RUNS, 1: [group("run", "R4 O5 Y6"), group("run", "R9 O10 Y11")]}
    )
    assert heuristic_action(state, random.Random(0)) == A.LAYOFF + card("G7")
    state.apply_action(A.LAYOFF + card("G7"))
    assert heuristic_action(state, random.Random(0)) == A.onto_id(1, 0, 1)


def test_a_kept_card_is_not_named_in_public() -> None:
    """Rulebook, Rückseite: the cards kept stay in the hand, so others read only "keep a card"."""
    state = _back_round_end({0: 5, 1: 4, 2: 1})
    keep = A.KEEP_CARD + card("R9")
    assert state.action_label(keep) == "keep R9"
    assert state.public_action_label(keep) == "keep a card"
    assert state.public_action_label(keep, "de") == "eine Karte behalten"
    assert state.public_action_label(A.KEEP_DONE) == state.action_label(A.KEEP_DONE)
    other = state.resample_from_infostate(1, random.Random(2))
    assert other.public_action_label(keep) == "keep a card"
