"""The Ninety-Nine table's logic, tested through simulated clicks (no widgets, no browser).

Every test clicks as a player would (cards of the hand, Lay aside these three, Pass / Declare /
Reveal, Step, Run to the end of the deal, New game) and checks the game against the engine: what
the click did, that the bots answered, and that a refused click says one sentence and changes
nothing.
"""
from __future__ import annotations

import random

import pytest

import ninetynine as nn
from ninetynine.tricks import events as ev
from ninetynine.text import plural
from ninetynine.tricks import words as tricks_text
from ninetynine.tricks.bidding import bid_values
from ninetynine.tricks.cards import bid_value, parse_card
from ninetynine.tricks.controller import TricksController


def one_sentence(text: str) -> bool:
    return text.endswith(".") and ". " not in text and not text[:1].islower()


def assert_refused(table: TricksController, click, *args) -> None:
    """The click is refused with one sentence; the game and the chosen cards are as before."""
    before, selected = table.state.to_json(), list(table.selected)
    assert click(*args) is False
    assert one_sentence(table.message), table.message
    assert table.latest == [table.message]
    assert table.state.to_json() == before and table.selected == selected


def cards(text: str) -> list:
    return [parse_card(word) for word in text.split()]


# A play position: trick 1, seat 0 (the dealer's left) led the 7 of Hearts; seat 1 to play.
HANDS_AFTER_LEAD = ["6C 7C 8C 9C 10C JC QC KC",            # seat 0 has led its ninth card, 7H
                    "AC 6D 7D 8D 9D 10D 8H 9H AS",         # seat 1 holds hearts: must follow
                    "JD QD KD AD 6S 7S 8S 9S 10S"]
LAID_ASIDE = ["6H QS KS", "JS 10H JH", "QH KH AH"]


def play_position(seat: int = 1, **kwargs) -> TricksController:
    game = nn.make("tricks")
    state = game.setup(hands=HANDS_AFTER_LEAD, turn_up="JK", laid_aside=LAID_ASIDE, trick="7H",
                       leader=0)
    return TricksController(game, seat=seat, state=state, **kwargs)


# --- whole games by clicks ----------------------------------------------------------------------

def click_a_turn(table: TricksController, rng: random.Random) -> None:
    """Your turn by clicks, whatever the step; then it is your turn again or the game is over."""
    state = table.state
    if state.phase == "bid":
        hand = [button.card for button in table.hand_buttons()]
        chosen = rng.sample(hand, 4)
        for card in chosen[:3]:
            assert table.click_card(card) is True, table.message
        assert_refused(table, table.click_card, chosen[3])            # a fourth card
        assert table.click_card(chosen[0]) is True                    # put one back ...
        assert_refused(table, table.lay_aside)                         # ... two cards: no bid
        assert table.click_card(chosen[3]) is True
        picked = [parse_card(card) for card in chosen[1:]]
        value = bid_value(picked, state.turn_up)
        assert table.bid_sentence() == f"Your bid: {plural(value, 'trick')}."
        assert table.lay_aside() is True, table.message
        assert sorted(map(str, state.laid_aside[table.seat])) == sorted(map(str, picked))
    elif state.phase == "offer":
        kind = rng.choice(["pass", "pass", "declare", "reveal"])
        assert table.offer(kind) is True, table.message
    else:
        hand = [button.card for button in table.hand_buttons()]
        legal = {str(move) for move in state.legal_moves()}
        for card in rng.sample(hand, len(hand)):
            if card in legal:
                assert table.click_card(card) is True, table.message
                break
            assert_refused(table, table.click_card, card)
            assert table.message.startswith("You must follow suit:")
    assert table.is_over or table.paused or table.state.to_move == table.seat


@pytest.mark.parametrize("seat, options, bots", [
    (0, {}, "tricks_rules"),
    (1, {"deals": 2}, "tricks_random"),
    (2, {"deals": 3, "trumps": "results"}, "tricks_rules"),
])
def test_whole_games_by_clicks_with_the_bots_answering(seat, options, bots):
    game = nn.make("tricks", **options)
    table = TricksController(game, seat=seat, bots=bots, seed=seat + 5)
    rng = random.Random(seat)
    clicks = 0
    while not table.is_over:
        if table.paused:                        # a deal is scored: its summary waits
            assert table.summary.kind == "deal" and table.summary.button == "Next deal"
            assert table.last_trick().number == 9 and table.current_trick() is None
            assert table.next_round() is True
            continue
        click_a_turn(table, rng)
        clicks += 1
        assert clicks < 500
    state = table.state
    scored = [e for e in state.history if type(e) is ev.DealScored]
    assert [e.deal for e in scored] == list(range(1, game.deals + 1))
    assert clicks == game.deals * (1 + 1 + 9)        # each deal: your bid, your offer, 9 cards
    assert table.score_lines()[-1] == "Totals: " + ", ".join(
        f"{tricks_text.seat_name(s, seat)} {t}" for s, t in enumerate(state.scores)) + "."
    assert len(table.score_lines()) == game.deals + 1
    assert [sum(points) for points in zip(*state.deal_points)] == state.scores
    assert table.status().startswith("The game is over.")
    # the table tells the deal as your seat sees it: a missed bid of another seat, never
    # declared or revealed, stays face down
    assert tricks_text.describe(ev.redact(scored[-1], seat), seat) in table.lines
    assert_refused(table, table.click_card, table.state.hands[seat][0]
                   if table.state.hands[seat] else "QS")
    assert table.message == "The game is over: press New game to play again."


def test_the_narration_is_the_engines_events_in_words():
    table = TricksController(nn.make("tricks", deals=1), seed=2)
    hand = table.state.hands[0]
    start = len(table.state.history)
    for card in hand[:3]:
        table.click_card(card)
    assert table.lay_aside() is True
    new = [ev.redact(e, 0) for e in table.state.history[start:]]
    assert table.latest == tricks_text.narrate(new, 0)
    assert table.latest[1] == "Seat 1 lays three cards aside face down."   # bots answered at once
    assert table.state.phase == "offer" and table.state.to_move == 0
    assert table.lines[-len(table.latest):] == table.latest


def test_the_end_of_a_deal_shows_made_bids_and_keeps_missed_ones_face_down():
    # Source 001: bid cards "are only shown to prove that a bid has been fulfilled".
    game = nn.make("tricks")
    state = game.setup(hands=["AS", "KS", "QS"], turn_up="QH", tricks_taken=[2, 3, 3], leader=0,
                       laid_aside=["6C 7C 8C", "6D 7D 8D", "9S 10S JS"])    # bids 9, 0 and 3
    table = TricksController(game, state=state)
    assert table.click_card("AS") is True                       # the bots play the last cards
    assert ("Seat 2 made its bid and shows the cards laid aside: the 9 of Spades, the 10 of "
            "Spades and the Jack of Spades, a bid of 3 tricks.") in table.latest
    scored = next(line for line in table.latest if line.startswith("Deal 1 is scored."))
    assert "Seat 1 took 3 tricks, missed a bid that stays face down, and scores 3;" in scored
    assert "You took 3 tricks, bid 9, missed it, and score 3;" in scored
    assert not any("6 of Diamonds" in line for line in table.lines)     # seat 1's hidden bid
    watching = TricksController(game, state=game.setup(
        hands=["AS", "KS", "QS"], turn_up="QH", tricks_taken=[2, 3, 3], leader=0,
        laid_aside=["6C 7C 8C", "6D 7D 8D", "9S 10S JS"]), watch=True)
    watching.run()                                   # watching all seats, you see every bid
    assert any("Seat 1 took 3 tricks, bid 0, missed it" in line for line in watching.lines)


def test_the_running_bid_and_the_bids_a_hand_can_make():
    table = TricksController(nn.make("tricks"), seed=4)
    state = table.state
    hand = state.hands[0]
    assert table.bid_sentence() == "Choose three cards to lay aside as your bid."
    values = bid_values(hand, state.turn_up)
    assert table.bid_values_sentence().startswith(
        "Your hand can bid " + ", ".join(map(str, values[:-1])) + f" or {values[-1]} tricks")
    table.click_card(hand[0])
    table.click_card(hand[5])
    value = bid_value([hand[0], hand[5]], state.turn_up)
    assert table.bid_sentence().startswith(f"Your bid so far: {value} trick")
    assert table.bid_sentence().endswith("from 2 cards; choose 1 more.")
    table.click_card(hand[-1])
    value = bid_value([hand[0], hand[5], hand[-1]], state.turn_up)
    assert table.bid_sentence() == f"Your bid: {plural(value, 'trick')}."
    names = [b.name for b in table.hand_buttons() if b.selected]
    assert len(names) == 3 and all(name.endswith(", selected") for name in names)


# --- the steps of a deal --------------------------------------------------------------------------

def test_offers_expose_the_declarers_cards_to_everyone():
    def declaring_bot(view):
        return nn.tricks.DECLARE if view.phase == "offer" else nn.bots.get("tricks_rules")(view)

    table = TricksController(nn.make("tricks"), seat=1, bots=declaring_bot, seed=3)
    # seat 0, the dealer's left, has bid already: now you (seat 1)
    assert table.state.phase == "bid" and table.state.to_move == 1
    for card in table.state.hands[1][:3]:
        table.click_card(card)
    assert table.lay_aside() is True
    assert table.state.phase == "offer" and table.state.to_move == 1
    assert "Seat 0 offers to declare." in table.latest
    assert table.offer("pass") is True
    state = table.state
    assert state.premium == (0, "declare")                 # seat 0 offered first
    exposed = table.exposed_lines()
    assert exposed == [f"Seat 0 declares: the bid cards face up are "
                       f"{table.cards_words(state.laid_aside[0])}, a bid of "
                       f"{plural(bid_value(state.laid_aside[0], state.turn_up), 'trick')}."]
    assert table.seat_lines()[0].startswith(f"Seat 0: bid {state.bids[0]} trick")
    assert table.seat_lines()[2].startswith("Seat 2: bid face down")


def test_a_reveal_shows_the_whole_hand():
    table = TricksController(nn.make("tricks"), seed=8)
    for card in table.state.hands[0][:3]:
        table.click_card(card)
    table.lay_aside()
    assert table.offer("reveal") is True
    hand = table.state.hands[0]
    assert table.exposed_lines()[1] == f"Your hand is face up: {table.cards_words(hand)}."
    assert any(line.startswith("You reveal a bid of") for line in table.latest)


def test_the_trick_in_words_and_following_suit():
    table = play_position(seat=1)
    assert table.trick_sentence() == ("Trick 1 of 9: Seat 0 led the 7 of Hearts. Hearts must be "
                                      "followed by anyone who holds them; you play next.")
    assert table.status() == ("Deal 1 of 9, trick 1 of 9: your turn to play a card: Hearts were "
                              "led, so play Hearts if you have any.")
    assert table.deal_sentence() == ("Deal 1 of 9; Seat 2 deals. The turn-up is the Joker: "
                                     "no trumps.")
    assert_refused(table, table.click_card, "AC")               # not following suit
    assert table.message.startswith("You must follow suit: Hearts were led")
    assert table.click_card("9H") is True
    assert table.latest[0] == "You play the 9 of Hearts to trick 1."
    assert table.latest[1].startswith("Seat 2 plays ")
    won = [e for e in table.state.history if type(e) is ev.TrickWon][0]
    assert won.cards[:2] == tuple(cards("7H 9H"))
    assert table.last_trick_sentence().startswith("Last trick, number 1: Seat 0 led the 7 of "
                                                  "Hearts, you played the 9 of Hearts")


def test_the_joker_is_named_as_the_card_it_stands_for():
    game = nn.make("tricks")
    state = game.setup(hands=["JK 6C 7C 8C 9C 10C JC QC AD", "6D 7D 8D 9D 10D JD QD KD 6S",
                              "7S 8S 9S 10S JS QS KS AS 6H"],
                       turn_up="7H", laid_aside=["KC AC 8H", "9H 10H JH", "QH KH AH"])
    table = TricksController(game, state=state)
    assert table.hand_buttons()[-1].name == "the Joker, as the 7 of Hearts"
    assert table.deal_sentence().endswith("The turn-up is the 7 of Hearts: trumps are Hearts.")
    assert table.click_card("JK") is True
    assert table.latest[0] == "You play the Joker to trick 1."
    assert len(table.state.tricks_played) == 1
    assert table.last_trick_sentence().startswith(
        "Last trick, number 1: you led the Joker (as the 7 of Hearts), Seat 1 played ")


# --- refusals -------------------------------------------------------------------------------------

def test_refused_clicks_say_one_sentence_and_change_nothing():
    table = TricksController(nn.make("tricks"), seed=1)
    hand = table.state.hands[0]
    assert_refused(table, table.lay_aside)                          # no cards chosen
    table.click_card(hand[0])
    table.click_card(hand[1])
    assert_refused(table, table.lay_aside)                          # a bid of two cards
    assert table.message == ("A bid lays aside exactly three cards: you have chosen two, so "
                             "choose 1 more.")
    assert_refused(table, table.offer, "declare")                   # not yet
    assert table.message.startswith("It is not the time for that")
    assert_refused(table, table.offer, "shout")
    assert_refused(table, table.click_card, "ZZ")                   # no such card
    other = table.state.hands[1][0]
    assert_refused(table, table.click_card, str(other))            # not in your hand
    assert_refused(table, table.play, "bid 6D 7S")                  # two cards typed
    assert_refused(table, table.step)                               # not watching
    table.click_card(hand[2])
    assert table.lay_aside() is True
    assert_refused(table, table.click_card, table.state.hands[0][0])   # cards come after offers
    assert table.message.startswith("First declare, reveal or pass")
    assert_refused(table, table.lay_aside)
    table.offer("pass")
    assert_refused(table, table.lay_aside)                          # bidding is over


def test_a_click_while_a_bot_is_to_move_is_refused():
    table = play_position(seat=1)
    hands = [HANDS_AFTER_LEAD[0], HANDS_AFTER_LEAD[1].replace(" 9H", ""), HANDS_AFTER_LEAD[2]]
    table.state = nn.make("tricks").setup(hands=hands, turn_up="JK",
                                         laid_aside=LAID_ASIDE, trick="7H 9H", leader=0)
    assert table.state.to_move == 2
    assert_refused(table, table.click_card, "AC")
    assert table.message == "It is not your turn: Seat 2 is to move."
    assert_refused(table, table.offer, "pass")
    assert_refused(table, table.lay_aside)


# --- watching, positions, new games ---------------------------------------------------------------

def test_watch_mode_steps_and_runs_to_the_end_of_each_deal():
    table = TricksController(nn.make("tricks", deals=2), watch=True, seed=6)
    assert table.hand_buttons() == []
    assert table.latest == tricks_text.narrate(table.state.history)     # third person
    assert table.latest[0].startswith("Deal 1: Seat 2 deals; ")
    before = len(table.state.history)
    assert table.step() is True
    assert len(table.state.history) == before + 1
    assert table.latest == tricks_text.narrate(table.state.history[before:])
    assert_refused(table, table.click_card, str(table.state.hands[1][0]))
    assert table.message.startswith("You are watching")
    assert table.run() is True
    assert table.state.deal == 2 and table.state.phase == "bid"
    assert any(line.startswith("Deal 1 is scored.") for line in table.latest)
    assert table.paused and table.summary.heading == "Deal 1 of 2 is scored."
    assert_refused(table, table.run)                      # the summary waits for Next deal
    assert table.next_round() is True and table.latest[0].startswith("Deal 2: ")
    assert table.run() is True
    assert table.is_over and table.latest[-1].startswith("The game is over")
    assert_refused(table, table.step)
    assert all("holds" in line or "0 cards" in line for line in table.seat_lines())


def test_from_state_lets_the_bots_play_up_to_your_turn():
    table = play_position(seat=0)            # seat 1 and seat 2 play, then you lead trick 2 ...
    state = table.state
    assert state.to_move == 0 or state.is_over
    plays = [e for e in state.history if type(e) is ev.CardToTrick]
    assert plays and plays[0].seat == 1
    assert [b.card for b in table.hand_buttons()] == [str(c) for c in state.hands[0]]


def test_new_game_deals_the_next_seed_and_names_are_used():
    table = TricksController(nn.make("tricks"), seed=10, names=["Ada", "Bo", "Cy"])
    assert table.latest[0].startswith("Deal 1: Cy deals")
    first = table.state.to_json()
    assert table.new_game() is True
    assert table.state.to_json() != first
    assert table.state.to_json() == TricksController(nn.make("tricks"), seed=11).state.to_json()
    assert table.seat_lines()[1].startswith("Bo: no bid yet")
    with pytest.raises(ValueError):
        TricksController(nn.make("tricks"), seat=3)
    with pytest.raises(ValueError):
        TricksController(nn.make("tricks"), names=["Ada"])


def test_the_default_game_is_built_when_none_is_given():
    table = TricksController(seed=0)
    assert table.game.deals == 9 and table.game.trumps == "turn-up"


def test_while_a_deal_s_summary_waits_the_seats_tell_that_deal_as_the_summary_does():
    """Issue 32: at "Deal 1 of 9 is scored" the seats said "no bid yet, 0 tricks taken, 12 cards
    in hand" (the next deal, dealt already) while the summary said Seat 2 took 5 tricks."""
    table = TricksController(nn.make("tricks", deals=2), watch=True, seed=6)
    assert table.run() is True and table.paused
    scored = next(e for e in reversed(table.state.history) if type(e) is ev.DealScored)
    lines = table.seat_lines()
    assert len(lines) == 3
    for seat, line in enumerate(lines):
        assert f"{plural(scored.tricks[seat], 'trick')} taken" in line, line
        assert "no bid yet" not in line and "12 cards" not in line, line
        assert line.endswith(f", {plural(scored.points[seat], 'point')}."), line
    assert table.next_round() is True
    assert all("no bid yet" in line for line in table.seat_lines()), table.seat_lines()
