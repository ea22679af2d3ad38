"""Rulebook "Gemeinsame Spalten" and "Beispiel: eigene Auslage Spieler A": 15 positions each."""

from __future__ import annotations

from spieltisch.games.allegra.cards import layouts, owners, position_name


def test_each_layout_is_own_grid_plus_both_shared_columns() -> None:
    """Player A's layout: own 9 cards, the shared column to the left and the one to the right."""
    for players in range(2, 7):
        for seat, slots in enumerate(layouts(players)):
            assert len(set(slots)) == 15
            own = [s for s in slots if s // 12 == seat and s % 12 < 9]
            assert len(own) == 9
            left = [slots[r * 5] for r in range(3)]
            right = [slots[r * 5 + 4] for r in range(3)]
            assert all(s // 12 == seat and s % 12 >= 9 for s in left)  # dealt by this seat
            assert all(s // 12 == (seat - 1) % players and s % 12 >= 9 for s in right)


def test_shared_cards_belong_to_two_neighbours() -> None:
    for players in range(2, 7):
        for slot, seats in enumerate(owners(players)):
            dealer = slot // 12
            if slot % 12 < 9:
                assert seats == (dealer,)
            else:  # C_i: seat i's left column and seat i+1's right column
                assert sorted(seats) == sorted({dealer, (dealer + 1) % players})
                assert len(seats) == 2


def test_two_players_share_both_columns() -> None:
    seat0, seat1 = layouts(2)
    shared0 = {seat0[r * 5 + k] for r in range(3) for k in (0, 4)}
    shared1 = {seat1[r * 5 + k] for r in range(3) for k in (0, 4)}
    assert shared0 == shared1
    assert [seat0[r * 5] for r in range(3)] == [seat1[r * 5 + 4] for r in range(3)]


def test_position_names() -> None:
    assert [position_name(p) for p in (0, 1, 4, 7, 14)] == ["AL", "A1", "AR", "B2", "CR"]
