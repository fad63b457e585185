"""Rules of Ninety-Nine, the trick-taking game (RULES.md Part 2), one rule at a time."""
from itertools import product

import pytest

import ninetynine as nn
from ninetynine.tricks import (JOKER, TricksGame, acts_as, bid_options, bid_value, parse_card,
                               score_deal, trick_winner, trumps_of)
from ninetynine.tricks import events as ev
from ninetynine.tricks.cards import RESULT_TRUMPS
from ninetynine.tricks.moves import Bid

C = parse_card
LAID = ["6C 7C 8C", "6D 7D 8D", "9S 10S JS"]     # bids 9, 0 and 3


def cards(text):
    return [C(word) for word in text.split()]


def position(hands, turn_up="QS", **kw):
    kw.setdefault("laid_aside", LAID)
    return TricksGame().setup(hands=hands, turn_up=turn_up, **kw)


# --- the deck and the turn-up ---------------------------------------------------------------------

def test_deck_has_37_cards_from_6_to_ace_and_the_joker():
    state = nn.make("tricks").new_game(seed=3)
    dealt = [card for hand in state.hands for card in hand] + [state.turn_up]
    assert len(dealt) == len(set(dealt)) == 37
    assert {card.rank for card in dealt} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK"}
    assert [len(hand) for hand in state.hands] == [12, 12, 12]


@pytest.mark.parametrize("turn_up, trumps", [("QS", "S"), ("6H", "H"), ("9C", ""), ("JK", "")])
def test_turn_up_sets_trumps_except_a_nine_or_the_joker(turn_up, trumps):
    assert trumps_of(C(turn_up)) == trumps


def test_new_deals_use_the_turn_up_suit_for_trumps():
    for seed in range(20):
        state = nn.make("tricks").new_game(seed=seed)
        assert state.trumps == trumps_of(state.turn_up)
        assert state.turn_up not in [card for hand in state.hands for card in hand]


# --- tricks ---------------------------------------------------------------------------------------

def test_highest_card_of_the_suit_led_wins_without_trumps():
    assert trick_winner(cards("KH AD QH"), trumps="") == 0
    assert trick_winner(cards("KH AD AH"), trumps="") == 2


def test_any_trump_beats_the_suit_led_and_the_highest_trump_wins():
    assert trick_winner(cards("AH 6S KH"), trumps="S") == 1
    assert trick_winner(cards("AH 6S 7S"), trumps="S") == 2
    assert trick_winner(cards("6S AH KH"), trumps="S") == 0


def test_must_follow_suit_when_able():
    state = position(["AH KD", "6H 7S", "QD 8H"], tricks_taken=[3, 2, 2], leader=0, dealer=2)
    state.play("AH")
    assert [str(m) for m in state.legal_moves()] == ["6H"]
    before = state.to_json()
    with pytest.raises(nn.IllegalMove, match="follow suit"):
        state.play("7S")
    assert state.to_json() == before


def test_a_player_without_the_suit_led_may_play_any_card():
    state = position(["AH KD", "9D 7S", "QD 8H"], tricks_taken=[3, 2, 2], leader=0, dealer=2)
    state.play("AH")
    assert [str(m) for m in state.legal_moves()] == ["9D", "7S"]
    state.play("7S")                      # spades are trumps: the 7 wins
    events = state.play("8H")
    won = [e for e in events if isinstance(e, ev.TrickWon)][0]
    assert (won.seat, str(won.card)) == (1, "7S")
    assert state.to_move == 1 and state.leader == 1        # the winner leads next


# --- the Joker ------------------------------------------------------------------------------------

def test_joker_is_a_copy_of_the_turn_up_for_bidding():
    assert acts_as(JOKER, C("6H")) == C("6H")
    assert bid_value([JOKER, C("6D"), C("7D")], turn_up=C("6H")) == 2
    assert bid_value([JOKER, C("6D"), C("7D")], turn_up=C("AC")) == 3


def test_joker_follows_the_turn_up_suit_and_ranks_as_the_turn_up():
    # turn-up 6H: hearts are trumps and the Joker is the 6 of Hearts
    state = position(["KH 9D", "JK AS", "QH 8S"], turn_up="6H", tricks_taken=[3, 2, 2],
                     leader=0, dealer=2)
    state.play("KH")
    assert [str(m) for m in state.legal_moves()] == ["JK"]     # the Joker is a heart: follow
    state.play("JK")
    events = state.play("QH")
    assert [e.seat for e in events if isinstance(e, ev.TrickWon)] == [0]   # a 6 loses to K, Q


def test_joker_as_a_trump_beats_the_suit_led():
    state = position(["AS 9D", "JK 10D", "QS 8S"], turn_up="6H", tricks_taken=[3, 2, 2],
                     leader=0, dealer=2)
    state.play("AS")
    state.play("JK")                                            # void in spades: trumps in
    events = state.play("QS")
    won = [e for e in events if isinstance(e, ev.TrickWon)][0]
    assert (won.seat, won.card) == (1, JOKER)


def test_joker_under_a_turned_up_nine_is_that_nine_with_no_trumps():
    state = position(["10H 8S", "JK 7S", "AS 10D"], turn_up="9H", tricks_taken=[3, 2, 2],
                     leader=0, dealer=2)
    assert state.trumps == ""
    state.play("10H")
    assert [str(m) for m in state.legal_moves()] == ["JK"]     # a heart (the 9) must follow
    state.play("JK")
    events = state.play("AS")
    assert [e.seat for e in events if isinstance(e, ev.TrickWon)] == [0]   # 10 beats the 9


# --- bids -----------------------------------------------------------------------------------------

def test_bid_values_count_clubs_three_hearts_two_spades_one_diamonds_nothing():
    assert bid_value(cards("6C 7C 8C")) == 9
    assert bid_value(cards("6S 7H 8D")) == 3
    assert bid_value(cards("AD KD QD")) == 0


def test_bid_options_list_the_bids_a_hand_can_make():
    hand = cards("6C 7C 8D 9D 10D JD QD KD AD 6H 7H 8H")
    options = bid_options(hand)
    assert sorted(options) == [0, 2, 3, 4, 5, 6, 7, 8]     # no 9 and no 1 (one club, no spade)
    assert all(bid_value(bid.cards) == value for value, bids in options.items() for bid in bids)
    assert sum(map(len, options.values())) == 220           # 12 choose 3


def test_any_three_cards_are_a_legal_bid_and_the_bid_is_laid_aside():
    state = nn.make("tricks").new_game(seed=5)
    assert len(state.legal_moves()) == 220
    hand = list(state.hands[0])
    trio = " ".join(str(card) for card in hand[-3:])
    events = state.play(f"bid {trio}")
    assert events == [ev.BidLaidAside(0, tuple(hand[-3:]), bid_value(hand[-3:], state.turn_up))]
    assert len(state.hands[0]) == 9 and state.laid_aside[0] == hand[-3:]
    assert state.to_move == 1 and state.phase == "bid"


def test_bid_text_round_trips_in_any_card_order():
    move = Bid.of(cards("QH 6D 7S"))
    assert str(move) == "bid 6D QH 7S"              # hand order: clubs, diamonds, hearts, spades
    assert nn.make("tricks").new_game(seed=0).parse_move("BID qh 7s 6d") == move


@pytest.mark.parametrize("text, words", [("bid 6D 7S", "exactly three"), ("bid 6D 6D 7S", "different"),
                                         ("bid 2C 7S QH", "not in the Ninety-Nine deck"),
                                         ("hello there", "not a move"), ("", "empty")])
def test_malformed_moves_are_refused_with_a_reason(text, words):
    state = nn.make("tricks").new_game(seed=0)
    with pytest.raises(nn.IllegalMove, match=words):
        state.play(text)


@pytest.mark.parametrize("thing", [None, 123, ("bid",)])
def test_things_that_are_not_moves_are_refused_as_such(thing):
    state = nn.make("tricks").new_game(seed=0)
    with pytest.raises(nn.IllegalMove, match=r"is not a move: lay aside three cards"):
        state.play(thing)


# --- declaring and revealing ----------------------------------------------------------------------

def offers_position(dealer=2):
    hands = ["AC KC QC JC 10C 9C 8C 7C 6C", "AD KD QD JD 10D 9D 8D 7D 6D",
             "AH KH QH JH 10H 9H 8H 7H 6H"]
    laid = ["AS KS QS", "JS 10S 9S", "8S 7S 6S"]
    return TricksGame().setup(hands=hands, turn_up="JK", laid_aside=laid, offers=[], dealer=dealer)


@pytest.mark.parametrize("offers, winner", [
    (["declare", "reveal", "declare"], (1, "reveal")),     # a reveal overcalls a declare
    (["declare", "pass", "declare"], (0, "declare")),      # equal offers: first from dealer's left
    (["reveal", "pass", "reveal"], (0, "reveal")),
    (["pass", "declare", "reveal"], (2, "reveal")),
    (["pass", "pass", "pass"], None),
])
def test_offers_resolve_by_priority(offers, winner):
    state = offers_position()
    events = []
    for offer in offers:
        events += state.play(offer)
    assert state.premium == winner
    assert state.phase == "play" and state.to_move == 0
    if winner is None:
        assert isinstance(events[-1], ev.NoPremium)
    else:
        assert isinstance(events[-1], ev.BidExposed) and events[-1].premium == (30 if winner[1] == "declare" else 60)


def test_offers_start_at_the_dealers_left():
    state = offers_position(dealer=0)
    assert state.to_move == 1
    for offer in ["declare", "declare", "pass"]:
        state.play(offer)
    assert state.premium == (1, "declare") and state.to_move == 1


def test_exposed_bid_and_revealed_hand_are_in_every_view():
    state = offers_position()
    for offer in ["pass", "reveal", "declare"]:
        state.play(offer)
    for seat in range(3):
        view = state.view(seat)
        assert view.exposed_bids[1] == cards("9S 10S JS")
        assert view.exposed_hands[1] == state.hands[1]
        assert view.exposed_bids[0] is None and view.exposed_bids[2] is None
        assert view.known_bids[1] == 3
    state.play(state.legal_moves()[0])
    state.play(state.legal_moves()[0])                 # the revealed hand shrinks as it plays
    assert state.view(0).exposed_hands[1] == state.hands[1] and len(state.hands[1]) == 8


def test_declared_bid_shows_only_the_bid_cards():
    state = offers_position()
    for offer in ["declare", "pass", "pass"]:
        state.play(offer)
    view = state.view(2)
    assert view.exposed_bids[0] == cards("QS KS AS") and view.exposed_hands[0] is None


# --- scoring --------------------------------------------------------------------------------------

def test_one_point_per_trick_whatever_the_bid():
    assert score_deal([4, 3, 2], [9, 9, 9]) == [4, 3, 2]


@pytest.mark.parametrize("tricks, bids, expected", [
    ([4, 3, 2], [4, 9, 9], [34, 3, 2]),        # one succeeds: 30
    ([4, 3, 2], [4, 3, 9], [24, 23, 2]),       # two: 20 each
    ([4, 3, 2], [4, 3, 2], [14, 13, 12]),      # three: 10 each
])
def test_success_bonus_depends_on_how_many_succeed(tricks, bids, expected):
    assert score_deal(tricks, bids) == expected


def test_premium_goes_to_a_successful_declarer_or_revealer():
    assert score_deal([4, 3, 2], [4, 9, 9], premium=(0, "declare")) == [64, 3, 2]
    assert score_deal([4, 3, 2], [4, 9, 9], premium=(0, "reveal")) == [94, 3, 2]


def test_premium_goes_to_each_opponent_when_the_declarer_fails():
    assert score_deal([4, 3, 2], [5, 3, 9], premium=(0, "declare")) == [4, 63, 32]
    assert score_deal([4, 3, 2], [5, 3, 9], premium=(0, "reveal")) == [4, 93, 62]


def test_99_is_the_most_points_one_deal_can_give():
    best = 0
    for tricks in product(range(10), repeat=3):
        if sum(tricks) != 9:
            continue
        # only whether each bid is made matters: bid the tricks taken, or one more
        for bids in product(*[(taken, taken + 1) for taken in tricks]):
            for premium in [None] + [(s, k) for s in range(3) for k in ("declare", "reveal")]:
                best = max(best, max(score_deal(tricks, bids, premium)))
    assert best == 99
    # reached by revealing a bid of nine, taking every trick, while both others fail
    assert score_deal([9, 0, 0], [9, 1, 2], premium=(0, "reveal")) == [99, 0, 0]


def test_a_finished_deal_is_scored_and_the_next_dealt_by_the_next_seat():
    state = position(["AS", "KS", "QS"], turn_up="QH", tricks_taken=[2, 3, 3], leader=0, dealer=2,
                     premium=(1, "declare"), scores=[10, 20, 30])
    state.play("AS")
    state.play("KS")
    events = state.play("QS")
    scored = [e for e in events if isinstance(e, ev.DealScored)][0]
    # taken [3, 3, 3]; bids [9, 0, 3]: only seat 2 succeeds (30); seat 1 declared and failed
    assert scored.tricks == (3, 3, 3) and scored.bids == (9, 0, 3)
    assert scored.made == (False, False, True)
    assert scored.points == (3 + 30, 3, 3 + 30 + 30)
    assert state.scores == [43, 23, 93]
    started = [e for e in events if isinstance(e, ev.DealStarted)][0]
    assert (started.deal, started.dealer) == (2, 0)
    assert state.phase == "bid" and state.to_move == 1


def test_game_ends_after_the_last_deal_with_shared_first_place():
    state = TricksGame(deals=1).setup(hands=["AS", "KS", "QS"], turn_up="QH",
                                       laid_aside=["6C 7C 8C", "6D 7D 8D", "6H 7H 8H"],
                                       tricks_taken=[2, 3, 3], leader=0, dealer=2,
                                       scores=[0, 0, 0])
    for card in ("AS", "KS", "QS"):
        events = state.play(card)
    assert state.is_over and state.to_move is None and state.phase == "over"
    # taken [3, 3, 3], bids [9, 0, 6]: nobody succeeds, so 3 points each: a three-way tie
    assert state.scores == [3, 3, 3]
    assert state.winner is None and [s.rank for s in state.standings()] == [1, 1, 1]
    assert events[-1] == ev.MatchOver(None)
    with pytest.raises(nn.IllegalMove, match="over"):
        state.play("AS")


# --- the bid cards at the end of a deal ------------------------------------------------------------
# Source 001: bid cards "remain face down until the end of the round, and are only shown to prove
# that a bid has been fulfilled". A declared or revealed bid is face up already.

def last_trick_of(premium):
    """Seat 0 leads the last trick; taken [3, 3, 3] against the bids 9, 0 and 3 (LAID)."""
    state = position(["AS", "KS", "QS"], turn_up="QH", tricks_taken=[2, 3, 3], leader=0, dealer=2,
                     premium=premium)
    state.play("AS")
    state.play("KS")
    return state, state.play("QS")


def test_a_made_bid_is_shown_and_a_missed_one_stays_face_down():
    state, events = last_trick_of(premium=(1, "declare"))
    # seat 2 made its bid of 3; seat 0 missed (bid 9); seat 1 declared 0 and missed
    assert [e for e in events if isinstance(e, ev.BidShown)] == [
        ev.BidShown(2, tuple(cards("9S 10S JS")), 3)]          # seat 1's cards are up already
    scored = [e for e in events if isinstance(e, ev.DealScored)][0]
    assert scored.shown == (False, True, True) and scored.bids == (9, 0, 3)
    assert ev.redact(scored, 0).bids == (9, 0, 3)              # your own bid you know
    assert ev.redact(scored, 1).bids == ev.redact(scored, 2).bids == (None, 0, 3)
    for seat in range(3):
        seen = [e for e in state.view(seat).history if isinstance(e, ev.DealScored)]
        assert seen == [ev.redact(scored, seat)]


@pytest.mark.parametrize("premium, shown, turned_up", [
    ((0, "reveal"), (True, False, True), [2]),     # a revealed bid that missed is known to all
    ((2, "declare"), (False, False, True), []),    # a declared bid that made: nothing to turn up
    (None, (False, False, True), [2]),
])
def test_a_declared_or_revealed_bid_is_known_at_the_end_made_or_not(premium, shown, turned_up):
    _, events = last_trick_of(premium)
    scored = [e for e in events if isinstance(e, ev.DealScored)][0]
    assert scored.shown == shown
    assert [e.seat for e in events if isinstance(e, ev.BidShown)] == turned_up
    for you in range(3):
        known = tuple(bid if up or seat == you else None
                      for seat, (bid, up) in enumerate(zip((9, 0, 3), shown)))
        assert ev.redact(scored, you).bids == known


def test_the_end_of_a_deal_in_words_as_a_seat_sees_it():
    from ninetynine.tricks.words import narrate
    _, events = last_trick_of(premium=(1, "declare"))
    end = [ev.redact(e, 1) for e in events if type(e) in (ev.BidShown, ev.DealScored)]
    words = narrate(end, you=1)
    assert words[0] == ("Seat 2 made its bid and shows the cards laid aside: the 9 of Spades, "
                        "the 10 of Spades and the Jack of Spades, a bid of 3 tricks.")
    assert words[1].startswith("Deal 1 is scored. Seat 0 took 3 tricks, missed a bid that stays "
                               "face down, and scores 33; You took 3 tricks, bid 0, missed it, "
                               "and score 3; Seat 2 took 3 tricks, bid 3, made it")
    assert "9" not in words[1].split("Totals")[0].replace("Deal 1", "")   # seat 0's bid of 9


# --- trumps by results ----------------------------------------------------------------------------

def test_results_trumps_first_deal_has_no_trumps_and_no_joker():
    state = nn.make("tricks", trumps="results").new_game(seed=2)
    assert state.trumps == "" and state.turn_up is None
    assert JOKER not in [card for hand in state.hands for card in hand]
    assert sum(map(len, state.hands)) == 36


def test_results_trumps_follow_how_many_made_their_bid():
    state = nn.make("tricks", trumps="results", deals=6).new_game(seed=4)
    seen = set()
    while not state.is_over:
        events = state.play(state.legal_moves()[-1])
        for scored, started in zip(events, events[1:]):
            if isinstance(scored, ev.DealScored) and isinstance(started, ev.DealStarted):
                assert started.trumps == RESULT_TRUMPS[sum(scored.made)]
                assert started.turn_up is None
                seen.add(sum(scored.made))
    assert seen                     # at least one change of trumps was checked


def test_results_trumps_position_rejects_the_joker():
    with pytest.raises(ValueError, match="Joker"):
        TricksGame(trumps="results").setup(hands=["JK", "KS", "QS"], trumps="C",
                                           laid_aside=LAID, tricks_taken=[2, 3, 3])


# --- options and positions ------------------------------------------------------------------------

@pytest.mark.parametrize("options, words", [({"trumps": "random"}, "trumps must be"),
                                            ({"deals": 0}, "deals must be"),
                                            ({"deals": "9"}, "deals must be"),
                                            ({"players": 4}, "players")])
def test_bad_options_are_refused_in_one_sentence(options, words):
    with pytest.raises((ValueError, TypeError), match=words):
        nn.make("tricks", **options)


def test_deals_option_sets_the_length_of_the_game():
    state = nn.make("tricks", deals=2).new_game(seed=1)
    while not state.is_over:
        state.play(state.legal_moves()[0])
    assert sum(isinstance(e, ev.DealScored) for e in state.history) == 2


@pytest.mark.parametrize("kwargs, words", [
    (dict(hands=["AS 9D", "KS", "QS"]), "should hold"),
    (dict(hands=["AS", "KS", "QS"], turn_up="AS"), "appears 2 times"),
    (dict(hands=["AS", "KS", "QS"], turn_up=None), "turn_up must"),
    (dict(hands=["AS", "KS", "QS"], tricks_taken=[9, 0, 0]), "at most 8"),
    (dict(hands=["AS", "KS", "QS"], premium=(4, "declare")), "premium"),
])
def test_impossible_positions_are_refused(kwargs, words):
    kwargs.setdefault("turn_up", "QH")
    kwargs.setdefault("tricks_taken", [2, 3, 3])
    with pytest.raises(ValueError, match=words):
        TricksGame().setup(laid_aside=LAID, **kwargs)


def test_an_event_class_may_not_take_another_events_name():
    # Saves name events by class name alone, so a clash would load the wrong class.
    from ninetynine.core import EVENT_TYPES, event
    before = dict(EVENT_TYPES)
    with pytest.raises(TypeError, match="DealStarted"):
        @event
        class DealStarted:          # the tricks game already has an event of this name
            deal: int
    assert EVENT_TYPES == before and EVENT_TYPES["DealStarted"] is ev.DealStarted
