"""Ninety-Nine bots: legal moves, the pieces they are built from, and the strength ordering
(small seeded matches; benchmarks/tricks_bots.py measures the real figures)."""
import random
import statistics
from itertools import combinations

import pytest

import ninetynine as nn
from ninetynine.bots import random_bot
from ninetynine.bots.tricks import (TRICKS_BOTS, Layout, SearchBot, choose_bid, duplicate_match,
                                    estimate_tricks, head_to_head, rule_card, rules_bot,
                                    sample_layout, solve, unseen, voids)
from ninetynine.tricks import bid_value, parse_card
from ninetynine.tricks.cards import suit_of

C = parse_card


def cards(text):
    return [C(word) for word in text.split()]


@pytest.mark.parametrize("name", sorted(TRICKS_BOTS))
def test_bots_always_choose_legal_moves(name):
    bot = TRICKS_BOTS[name] if name != "tricks_search" else SearchBot(samples=3)
    state = nn.make("tricks", deals=1).new_game(seed=8)
    while not state.is_over:
        view = state.view(state.to_move)
        move = bot(view)
        assert move in view.legal_moves
        state.play(move)


def test_search_bot_is_a_function_of_its_view():
    state = nn.make("tricks").new_game(seed=2)
    while state.phase != "play":
        state.play(rules_bot(state.view(state.to_move)))
    state.play(state.legal_moves()[0])
    view = state.view(state.to_move)
    assert SearchBot(samples=5)(view) == SearchBot(samples=5)(view)


def test_bid_is_the_trio_closest_to_the_estimate_of_the_other_nine():
    hand = cards("6C AC KD 7D 9H AH KH 6S 8S 10S QS AS")
    bid = choose_bid(hand, trumps="S", turn_up=C("JS"))

    def gap(trio):
        rest = [card for card in hand if card not in trio]
        return abs(estimate_tricks(rest, "S", C("JS")) - bid_value(trio))

    assert gap(bid.cards) == min(gap(trio) for trio in combinations(hand, 3))


def test_estimate_counts_trumps_and_aces_above_small_cards():
    assert estimate_tricks(cards("AS KS QS"), "S", None) > estimate_tricks(cards("AD KD QD"), "S", None)
    assert estimate_tricks(cards("6D 7D 8C"), "S", None) < 0.1


def test_rule_card_wins_cheaply_when_short_and_ducks_when_it_has_enough():
    hand = cards("7H 10H KH")
    trick = cards("9H QD")                       # this seat plays last; spades are trumps
    assert rule_card(hand, trick, need=1, trumps="S", turn_up=None) == C("10H")
    assert rule_card(hand, trick, need=0, trumps="S", turn_up=None) == C("7H")
    assert rule_card(cards("6C AS"), [], need=1, trumps="S", turn_up=None) == C("AS")
    assert rule_card(cards("6C AS"), [], need=0, trumps="S", turn_up=None) == C("6C")


def test_samples_respect_the_view():
    state = nn.make("tricks").new_game(seed=12)
    while state.phase != "play":
        state.play(rules_bot(state.view(state.to_move)))
    for _ in range(12):
        state.play(rules_bot(state.view(state.to_move)))
    view = state.view(state.to_move)
    hidden, lacks = set(unseen(view)), voids(view)
    rng = random.Random(0)
    for _ in range(20):
        layout = sample_layout(view, rng)
        assert list(layout.hands[view.seat]) == view.hand
        for seat in range(3):
            assert len(layout.hands[seat]) == view.hand_sizes[seat]
            if seat != view.seat:
                assert set(layout.hands[seat]) <= hidden
                assert not any(suit_of(c, view.turn_up) in lacks[seat] for c in layout.hands[seat])
        assert layout.bids[view.seat] == view.bid


def test_exact_search_finds_the_only_way_to_make_a_bid():
    # Seat 0 plays last to a trick of 7H, 8H, holding 6H and 9H, and wants exactly one more
    # trick. The 9 wins now, and the 6 later loses to the Ace: 4 tricks, the bid, 30 for success.
    # Ducking with the 6 leaves the 9 to lose to the King and Ace: 3 tricks.
    layout = Layout(hands=(tuple(cards("6H 9H")), tuple(cards("AH")), tuple(cards("KH"))),
                    trick=tuple(cards("7H 8H")), leader=1, taken=(3, 2, 2), bids=(4, 9, 9),
                    premium=None, trumps="S", turn_up=None)
    assert solve(layout.after(C("9H")), {})[0] == 4 + 30
    assert solve(layout.after(C("6H")), {})[0] == 3


def test_rules_bot_beats_random_play():
    rng = random.Random(1)
    differences = head_to_head(rules_bot, lambda view: random_bot(view, rng), games=3, deals=3)
    assert statistics.fmean(differences) > 0


def test_search_bot_beats_the_rules_bot_on_the_same_cards():
    differences = duplicate_match(SearchBot(samples=8), rules_bot, games=3, deals=3)
    assert statistics.fmean(differences) > 0
