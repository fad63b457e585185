"""Ninety-Nine bots: legal moves, the pieces they are built from, and the strength ordering
(small seeded matches; benchmarks/tricks_bots.py measures the real figures)."""
import random
import statistics
from itertools import combinations

import pytest

import ninetynine as nn
from ninetynine.bots import random_bot
from ninetynine.tricks.bots import (BOTS as TRICKS_BOTS, Layout, SearchBot, choose_bid, duplicate_match,
                                    estimate_tricks, head_to_head, infer_layouts, past_plays,
                                    rule_card, rules_bot, sample_layout, search_bot, solve,
                                    surprises, unseen, voids)
from ninetynine.tricks.moves import PASS, Offer
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


def mid_deal(seed, cards_played):
    """A position of a game among rules bots, ``cards_played`` cards into the first deal's play."""
    state = nn.make("tricks").new_game(seed=seed)
    while state.phase != "play":
        state.play(rules_bot(state.view(state.to_move)))
    for _ in range(cards_played):
        state.play(rules_bot(state.view(state.to_move)))
    return state


def test_hidden_bids_are_the_cards_nobody_can_hold():
    # Every card is somewhere: the unseen cards not guessed into a hand are the hidden bid cards,
    # so the hidden bids of a guess add up to the bid those left-over cards make.
    state = mid_deal(4, 7)
    view = state.view(state.to_move)
    hidden = [s for s in range(3) if s != view.seat]
    for layout in infer_layouts(view, random.Random(1), count=10, candidates=30):
        in_hands = {card for s in hidden for card in layout.hands[s]}
        left_over = [card for card in unseen(view) if card not in in_hands]
        assert sum(layout.bids[s] for s in hidden) == bid_value(left_over, view.turn_up)
        assert layout.bids[view.seat] == view.bid


def test_rule_play_is_no_surprise_and_other_play_is():
    state = mid_deal(6, 10)
    view = state.view(state.to_move)
    plays = past_plays(view)
    for seat in {play[0] for play in plays}:
        true = surprises(plays, seat, state.hands[seat], state.bids[seat], view.trumps, view.turn_up)
        assert true == 0                 # the rules bots played exactly as rule_card would
    assert any(surprises(plays, seat, state.hands[seat], bid, view.trumps, view.turn_up)
               for seat in {play[0] for play in plays} for bid in range(10))


def test_inference_finds_the_rules_bots_bids_more_often_than_blind_guesses():
    hits = {"inferred": 0, "blind": 0}
    for seed in range(4):
        state = mid_deal(seed, 8)
        view = state.view(state.to_move)
        others = [s for s in range(3) if s != view.seat]
        for name, candidates in (("inferred", 60), ("blind", 1)):
            rng = random.Random(seed)
            for _ in range(10):
                layout = infer_layouts(view, rng, count=1, candidates=candidates)[0]
                hits[name] += sum(layout.bids[s] == state.bids[s] for s in others)
    assert hits["inferred"] > hits["blind"] + 10, hits


def test_search_bot_offers_only_what_it_expects_to_make():
    # Seat 0 holds all nine trumps (spades, the Joker acting as the turned-up 6S) and leads the
    # first trick: it takes all nine tricks whatever the others do.
    hands = ["7S 8S 9S 10S JS QS KS AS JK", "9C 10C JC QC KC AC 9D 10D JD",
             "QD KD AD 9H 10H JH QH KH AH"]
    game = nn.make("tricks")
    sure = game.setup(hands=hands, turn_up="6S", laid_aside=["6C 7C 8C", "6D 7D 8D", "6H 7H 8H"],
                      offers=[])
    assert sure.bids[0] == 9
    assert search_bot(sure.view(0)) == Offer("reveal")        # 60 for a certain bid of nine
    hopeless = game.setup(hands=hands, turn_up="6S", offers=[],
                          laid_aside=["6D 7D 8D", "6C 7C 8C", "6H 7H 8H"])
    assert hopeless.bids[0] == 0
    assert search_bot(hopeless.view(0)) == PASS               # a failed premium pays the others
    assert SearchBot(offers=False)(sure.view(0)) == PASS
    # speaking second (seat 2 is the dealer's left): a pass before it changes nothing, but an
    # earlier reveal wins whatever it says
    for before, offer in (("pass", Offer("reveal")), ("reveal", PASS)):
        second = game.setup(hands=hands, turn_up="6S", dealer=1, offers=[before],
                            laid_aside=["6C 7C 8C", "6D 7D 8D", "6H 7H 8H"])
        assert second.to_move == 0 and search_bot(second.view(0)) == offer


def test_exact_search_finds_the_only_way_to_make_a_bid():
    # Seat 0 plays last to a trick of 7H, 8H, holding 6H and 9H, and wants exactly one more
    # trick. The 9 wins now, and the 6 later loses to the Ace: 4 tricks, the bid, 30 for success.
    # Ducking with the 6 leaves the 9 to lose to the King and Ace: 3 tricks.
    layout = Layout(hands=(tuple(cards("6H 9H")), tuple(cards("AH")), tuple(cards("KH"))),
                    trick=tuple(cards("7H 8H")), leader=1, taken=(3, 2, 2), bids=(4, 9, 9),
                    premium=None, trumps="S", turn_up=None)
    assert solve(layout.after(C("9H")), {})[0] == 4 + 30
    assert solve(layout.after(C("6H")), {})[0] == 3


def lower_end(differences) -> float:
    """The lower end of a 95% confidence interval of the mean (normal approximation)."""
    return statistics.fmean(differences) - 1.96 * statistics.stdev(differences) / len(differences) ** 0.5


def test_rules_bot_beats_random_play():
    """Rules bot against two random players, 6 games of 9 deals (54 deals, about a second).

    The differences are wide (standard deviation about 27 points per deal: random offers win or
    lose premiums of 30 and 60), so 18 deals were too few (lower end -4); with 54 the mean is +25
    and the lower end of the 95% interval about +18.
    """
    rng = random.Random(1)
    differences = head_to_head(rules_bot, lambda view: random_bot(view, rng), games=6, deals=9)
    assert lower_end(differences) > 0, statistics.fmean(differences)


@pytest.mark.slow                    # a match decided by a sequential test: make test-all
def test_search_bot_beats_the_rules_bot_on_the_same_cards():
    """The default search bot against the rules bot on the same cards: 3 games of 9 deals, the
    search bot at seat 0, 1 and 2 in turn (27 deals, about 8 seconds on an idle machine).

    The measure is the duplicate margin: how much more the seat's points exceed the other two's
    average with the search bot in it than with the rules bot, deal by deal, so a failed declare
    or reveal counts against it. The premiums of 30 and 60 make it jumpy: for this seed the mean
    is about +17 per deal with a standard deviation of about 40, so the lower end of the 95%
    interval is about +2 on these 27 deals (+4 on 36, below 0 on 18); the seed is fixed, so the
    result is too, and benchmarks/tricks_bots.py measures on more deals. Bidding and play alone
    (``offers=False``) gain less but more steadily: see benchmarks/tricks_bots.py.
    """
    differences = duplicate_match(search_bot, rules_bot, games=3, deals=9, measure="margin")
    assert len(differences) == 27
    assert lower_end(differences) > 0, (statistics.fmean(differences), lower_end(differences))
