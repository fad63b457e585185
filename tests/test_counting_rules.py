"""RULES.md Part 1, card by card: every worked example and every row of each rule set's table.

Each test builds a position with ``game.setup(...)``, plays one move with ``state.play(...)`` and
checks the count, the tokens, the events and who moves next.
"""
import pytest

import ninetynine as nn
from ninetynine.counting import events as ev
from ninetynine.counting.rules import QUENTIN_C


def kinds(events):
    return [type(e).__name__ for e in events]


def losses(events):
    """{seat: (tokens, reason)} for every TokensLost event."""
    return {e.seat: (e.tokens, e.reason) for e in events if isinstance(e, ev.TokensLost)}


def position(rules="quentin_c", players=3, count=0, hand="", others=None, **options):
    """Seat 0 to move holding ``hand``; the other seats hold a card they can play at any count."""
    setup_keys = {"tokens", "to_move", "direction", "deck", "discard", "points", "round_points"}
    setup = {k: options.pop(k) for k in list(options) if k in setup_keys}
    game = nn.make(rules, players=players, **options)
    if others is None:
        safe = {"rs_games": ["PASS 1", "-10 2", "99 3", "SKIP 4", "REVERSE 5"]}.get(
            rules, ["JD 3D", "JH 3H", "KD 4D", "KH 4H", "5D 5H"])
        others = safe[:players - 1]
    return game.setup(count=count, hands=[hand, *others], **setup)


# --- Quentin C: the worked examples of the source ----------------------------------------------

def test_27_plus_6_lands_on_33_and_each_opponent_loses_one():
    state = position(count=27, hand="6C 9D KH")
    events = state.play("6C")
    assert state.count == 33
    assert losses(events) == {1: (1, "landing"), 2: (1, "landing")}
    assert state.tokens == [9, 8, 8]
    assert kinds(events) == ["CardPlayed", "TokensLost", "TokensLost", "CardDrawn"]
    assert state.to_move == 1 and len(state.hands[0]) == 3


def test_27_plus_king_passes_33_and_the_player_loses_one():
    state = position(count=27, hand="6C 9D KH")
    events = state.play("KH")
    assert state.count == 37
    assert losses(events) == {0: (1, "passing")}
    assert state.tokens == [8, 9, 9] and state.to_move == 1


def test_27_and_the_9_leaves_27_with_no_cost():
    state = position(count=27, hand="6C 9D KH")
    events = state.play("9D")
    assert state.count == 27 and state.tokens == [9, 9, 9]
    assert losses(events) == {}


def test_33_doubled_by_a_2_lands_on_66():
    state = position(count=33, hand="2C")
    events = state.play("2C")
    assert state.count == 66
    assert losses(events) == {1: (1, "landing"), 2: (1, "landing")}


@pytest.mark.parametrize("count", [31, 97])
def test_two_player_traps_leave_only_a_9_an_ace_as_1_or_a_10_as_minus_10(count):
    """At 31 or 97 every card costs its player a token except 9, Ace +1 and 10 -10."""
    game = nn.make("quentin_c", players=2)
    escapes = set()
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        start = game.setup(count=count, hands=[rank + "C", "8H 9H"], deck="5H 6H 7H")
        for move in start.legal_moves():
            state = start.copy()
            events = state.play(move)
            if 0 not in losses(events):
                escapes.add(str(move))
    assert escapes == {"9C", "AC +1", "10C -10"}


def test_minus_10_from_43_to_33_lands_on_nothing():
    state = position(count=43, hand="10C")
    assert losses(state.play("10C -10")) == {} and state.count == 33


def test_halving_66_to_33_lands_on_nothing():
    state = position(count=66, hand="2C")
    assert losses(state.play("2C")) == {} and state.count == 33


def test_a_9_at_33_lands_on_nothing():
    state = position(count=33, hand="9C")
    assert losses(state.play("9C")) == {} and state.count == 33


@pytest.mark.parametrize("old, new, loser, reason", [
    (20, 40, 0, "passing"), (33, 66, 1, "landing"), (49, 98, 0, "passing")])
def test_a_doubling_2_counts_like_any_rise(old, new, loser, reason):
    state = position(count=old, hand="2C")
    events = state.play("2C")
    assert state.count == new
    assert losses(events)[loser] == (1, reason)
    assert len(losses(events)) == (1 if reason == "passing" else 2)


def test_a_forced_ace_plus_1_from_98_lands_on_99_and_scores():
    state = position(count=98, hand="AS 3C")
    assert [str(m) for m in state.legal_moves()] == ["AS +1", "3C"]
    events = state.play("AS +1")
    assert losses(events) == {1: (2, "ninety_nine"), 2: (2, "ninety_nine")}
    over = next(e for e in events if isinstance(e, ev.RoundOver))
    assert (over.round, over.reason, over.seat) == (1, "ninety_nine", 0)
    assert kinds(events)[-1] == "RoundStarted" and state.round == 2 and state.count == 0


def test_a_2_doubling_51_to_102_costs_only_the_bust():
    state = position(count=51, hand="2C 3C")
    events = state.play("2C")
    assert losses(events) == {0: (2, "bust")}
    assert events[1] == ev.TokensLost(0, 2, "bust", 0, 7, nn.parse_card("2C"))
    assert ev.RoundOver(1, "bust", 0) in events and state.round == 2


@pytest.mark.parametrize("count, amounts", [(88, ["+1", "+11"]), (89, ["+1"]), (98, ["+1"]),
                                            (99, ["+1"])])
def test_the_ace_is_only_plus_1_above_88(count, amounts):
    state = position(count=count, hand="AH")
    assert [str(m) for m in state.legal_moves()] == [f"AH {a}" for a in amounts]


@pytest.mark.parametrize("count, amounts", [(89, ["+10", "-10"]), (90, ["-10"]), (99, ["-10"]),
                                            (5, ["+10", "-10"])])
def test_the_10_is_only_minus_10_at_90_or_more(count, amounts):
    state = position(count=count, hand="10H")
    assert [str(m) for m in state.legal_moves()] == [f"10H {a}" for a in amounts]


def test_at_89_the_10_as_plus_10_lands_on_99():
    state = position(count=89, hand="10H")
    assert losses(state.play("10H +10")) == {1: (2, "ninety_nine"), 2: (2, "ninety_nine")}


def test_the_floor_stops_the_count_at_0():
    state = position(count=5, hand="10H")
    events = state.play("10H -10")
    assert events[0] == ev.CardPlayed(0, nn.parse_card("10H"), -10, 5, 0)
    assert state.count == 0


def test_quentin_penalties_as_a_function():
    p = QUENTIN_C.penalties
    assert [x.reason for x in p(27, 33)] == ["landing"]
    assert [x.reason for x in p(95, 105)] == ["bust"]
    assert p(43, 33) == () and p(66, 33) == () and p(33, 33) == ()
    assert [x.reason for x in p(30, 70)] == ["passing"]    # at most one milestone per play


# --- every row of every card table ---------------------------------------------------------------

# (rule set, players, count, hand card, move, new count, next seat, events that must appear)
TABLES = [
    ("quentin_c", 3, 20, "AS", "AS +1", 21, 1, []),
    ("quentin_c", 3, 20, "AS", "AS +11", 31, 1, []),
    ("quentin_c", 3, 20, "2S", "2S", 40, 1, ["TokensLost"]),
    ("quentin_c", 3, 50, "2S", "2S", 25, 1, []),
    ("quentin_c", 3, 51, "2S", "2S", 102, 1, ["TokensLost", "RoundOver"]),
    ("quentin_c", 3, 20, "3S", "3S", 23, 1, []),
    ("quentin_c", 3, 20, "4S", "4S", 24, 2, ["DirectionReversed"]),
    ("quentin_c", 2, 20, "4S", "4S", 24, 1, []),
    ("quentin_c", 3, 20, "5S", "5S", 25, 1, []),
    ("quentin_c", 3, 20, "6S", "6S", 26, 1, []),
    ("quentin_c", 3, 20, "7S", "7S", 27, 1, []),
    ("quentin_c", 3, 20, "8S", "8S", 28, 1, []),
    ("quentin_c", 3, 20, "9S", "9S", 20, 1, []),
    ("quentin_c", 3, 20, "10S", "10S +10", 30, 1, []),
    ("quentin_c", 3, 20, "10S", "10S -10", 10, 1, []),
    ("quentin_c", 3, 20, "JS", "JS", 30, 2, ["PlayerSkipped"]),
    ("quentin_c", 2, 20, "JS", "JS", 30, 0, ["PlayerSkipped"]),
    ("quentin_c", 3, 20, "QS", "QS", 30, 1, []),
    ("quentin_c", 3, 20, "KS", "KS", 30, 1, []),
    *[("rs_games", 3, 20, str(v), str(v), 20 + v, 1, []) for v in range(1, 10)],
    ("rs_games", 3, 20, "+10", "+10", 30, 1, []),
    ("rs_games", 3, 20, "-10", "-10", 10, 1, []),
    ("rs_games", 3, 20, "PASS", "PASS", 20, 1, []),
    ("rs_games", 3, 20, "REVERSE", "REVERSE", 20, 2, ["DirectionReversed"]),
    ("rs_games", 2, 20, "REVERSE", "REVERSE", 20, 1, []),
    ("rs_games", 3, 20, "SKIP", "SKIP", 20, 2, ["PlayerSkipped"]),
    ("rs_games", 2, 20, "SKIP", "SKIP", 20, 0, ["PlayerSkipped"]),
    ("rs_games", 3, 20, "99", "99", 99, 1, []),
    ("rs_games", 3, 99, "99", "99", 99, 1, []),
    ("rs_games", 3, 95, "9", "9", 104, 1, ["TokensLost", "RoundOver"]),
    ("classic", 3, 20, "AS", "AS +1", 21, 1, []),
    ("classic", 3, 20, "AS", "AS +11", 31, 1, []),
    *[("classic", 3, 20, f"{v}S", f"{v}S", 20 + v, 1, []) for v in (2, 3, 5, 6, 7, 8)],
    ("classic", 3, 20, "4S", "4S", 20, 2, ["DirectionReversed"]),
    ("classic", 3, 20, "9S", "9S", 20, 1, []),
    ("classic", 3, 20, "10S", "10S", 10, 1, []),
    ("classic", 3, 5, "10S", "10S", 0, 1, []),
    ("classic", 3, 20, "JS", "JS", 30, 1, []),
    ("classic", 3, 20, "QS", "QS", 30, 1, []),
    ("classic", 3, 20, "KH", "KH", 30, 1, []),
    ("classic", 3, 20, "KS", "KS", 99, 1, []),
    ("classic", 3, 99, "KS", "KS", 99, 1, []),
    ("taiwanese", 3, 20, "AS", "AS", 0, 1, []),
    ("taiwanese", 3, 20, "AH", "AH", 21, 1, []),
    *[("taiwanese", 3, 20, f"{v}S", f"{v}S", 20 + v, 1, []) for v in (2, 3, 6, 7, 8, 9)],
    ("taiwanese", 3, 20, "4S", "4S", 24, 1, []),
    ("taiwanese", 4, 20, "4S", "4S", 20, 3, ["DirectionReversed"]),
    ("taiwanese", 3, 20, "5S", "5S >2", 20, 2, ["NextPlayerChosen"]),
    ("taiwanese", 3, 20, "5S", "5S >1", 20, 1, ["NextPlayerChosen"]),
    ("taiwanese", 3, 20, "10S", "10S +10", 30, 1, []),
    ("taiwanese", 3, 20, "10S", "10S -10", 10, 1, []),
    ("taiwanese", 3, 20, "JS", "JS", 20, 1, []),
    ("taiwanese", 3, 20, "QS", "QS +20", 40, 1, []),
    ("taiwanese", 3, 20, "QS", "QS -20", 0, 1, []),
    ("taiwanese", 3, 20, "KS", "KS", 99, 1, []),
]


@pytest.mark.parametrize("rules, players, count, card, move, new, following, expected", TABLES,
                         ids=[f"{t[0]}-{t[1]}p-{t[2]}-{t[4]}" for t in TABLES])
def test_card_table_row(rules, players, count, card, move, new, following, expected):
    filler = "1" if rules == "rs_games" else "9C"
    state = position(rules, players, count=count, hand=f"{card} {filler}")
    events = state.play(move)
    played = events[0]
    assert isinstance(played, ev.CardPlayed) and str(played.card) == card
    assert (played.old, played.new) == (count, new)
    assert all(kind in kinds(events) for kind in expected)
    if "RoundOver" not in expected:
        assert state.count == new and state.to_move == following
        for kind in ("DirectionReversed", "PlayerSkipped", "NextPlayerChosen"):
            assert (kind in kinds(events)) == (kind in expected)


@pytest.mark.parametrize("players, legal", [(3, False), (4, True), (5, False)])
def test_the_taiwanese_4_reverses_only_with_exactly_4_players(players, legal):
    state = position("taiwanese", players, count=97, hand="4S 9H")
    assert (nn.parse_card("4S") in [m.card for m in state.legal_moves()]) == legal


@pytest.mark.parametrize("card, legal", [
    ("AS", ["AS"]), ("AH", ["AH"]), ("8H", []), ("KH", ["KH"]), ("JC", ["JC"]),
    ("10H", ["10H -10"]), ("QH", ["QH -20"]), ("5H", ["5H >1", "5H >2"])])
def test_taiwanese_cards_playable_at_98(card, legal):
    state = position("taiwanese", 3, count=98, hand=f"{card} 9D")
    assert [str(m) for m in state.legal_moves() if str(m.card) == card] == legal


def test_taiwanese_ten_and_queen_up_only_while_the_count_stays_at_99_or_below():
    state = position("taiwanese", 3, count=79, hand="QH 10H")
    assert [str(m) for m in state.legal_moves()] == ["QH +20", "QH -20", "10H +10", "10H -10"]
    state = position("taiwanese", 3, count=80, hand="QH 10H")
    assert [str(m) for m in state.legal_moves()] == ["QH -20", "10H +10", "10H -10"]
