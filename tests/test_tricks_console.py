"""Ninety-Nine in the terminal: piped input, numbered cards, bids, offers, refusals, EOF, options.

Most tests drive ``TricksConsole`` with text streams; one runs it as a real process with its input
piped, as a player's shell would.
"""
from __future__ import annotations

import io
import subprocess
import sys
from ninetynine.cli import main
from pathlib import Path

import ninetynine as nn
from ninetynine.tricks import events as ev
from ninetynine.tricks import words as tricks_text
from ninetynine.tricks.cards import bid_value
from ninetynine.tricks.console import TricksConsole, choose_bots, run
from ninetynine.tricks.controller import TricksController

ROOT = Path(__file__).resolve().parent.parent


def console(lines: str, seed: int = 1, deals: int = 9, **options) -> tuple[TricksConsole, str]:
    out = io.StringIO()
    game = TricksConsole(nn.make("tricks", deals=deals, **options), seed=seed, plain=True,
                         stdin=io.StringIO(lines), stdout=out)
    assert game.run() == 0
    return game, out.getvalue()


def test_bidding_by_three_numbers_lays_those_cards_aside():
    fresh = nn.make("tricks").new_game(seed=1)
    hand = fresh.hands[0]
    game, out = console("1 5 9\nq\n")
    chosen = (hand[0], hand[4], hand[8])
    value = bid_value(chosen, fresh.turn_up)
    assert ev.BidLaidAside(0, chosen, value) in game.table.state.history
    assert f"You lay aside {tricks_text.cards_words(chosen)}, a bid of {value} tricks." in out
    assert "Seat 1 lays three cards aside face down." in out
    assert "Type declare, reveal or pass." in out
    assert out.rstrip().endswith("Totals: You 0, Seat 1 0, Seat 2 0.")


def test_bid_text_offers_and_playing_by_number():
    fresh = nn.make("tricks").new_game(seed=1)
    hand = fresh.hands[0]
    bid = " ".join(str(card) for card in hand[-3:])
    game, out = console(f"bid {bid}\ndeclare\n1\nq\n")
    state = game.table.state
    assert state.premium == (0, "declare")
    assert "You offer to declare." in out and "You declare a bid of" in out
    first = state.history[[type(e) for e in state.history].index(ev.CardToTrick)]
    assert first == ev.CardToTrick(0, hand[0], 1)                  # card 1 of the nine left
    assert f"You play {tricks_text.card_words(hand[0])} to trick 1." in out


def test_refusals_say_one_sentence_and_change_nothing():
    game, out = console("1 2\n1 1 2\n99\n9\ndeclare\nQZ\nfrobnicate\n\nq\n")
    state = game.table.state
    assert state.phase == "bid" and not state.laid_aside[0]
    assert ("A bid lays aside exactly three different cards: type three numbers, such as "
            "1 5 9.") in out
    assert "There is no card 99: your cards are numbered 1 to 12." in out
    assert "It is not the time for that: now lay aside three cards" in out
    assert "Nothing was typed: your bid:" in out
    assert len([e for e in state.history if type(e) is ev.BidLaidAside]) == 0


def test_not_following_suit_is_refused_in_words():
    game = nn.make("tricks")
    state = game.setup(hands=["AC 6D 7D 8D 9D 10D 8H 9H AS", "JD QD KD AD 6S 7S 8S 9S 10S",
                              "6C 7C 8C 9C 10C JC QC KC"], turn_up="JK", dealer=1,
                       laid_aside=["6H QS KS", "JS 10H JH", "QH KH AH"], trick="7H")
    out = io.StringIO()
    player = TricksConsole(game, seed=1, plain=True, stdin=io.StringIO("t\n1\n7\nq\n"),
                           stdout=out)
    player.table = TricksController(game, state=state)       # you (seat 0) must follow Hearts
    before = state.to_json()
    player.show_table()
    assert player.handle(player.ask("?")) is True                # t: the trick
    assert player.handle(player.ask("?")) is True                # 1: the Ace of Clubs
    assert player.table.state.to_json() == before
    assert player.handle(player.ask("?")) is False               # 7: the 8 of Hearts
    text = out.getvalue()
    assert ("Trick 1 of 9: Seat 2 led the 7 of Hearts. Hearts must be followed by anyone who "
            "holds them; you play next.") in text
    assert "You must follow suit: Hearts were led and you hold some" in text
    assert "You play the 8 of Hearts to trick 1." in text


def test_the_end_of_a_deal_is_told_as_you_see_it():
    # Source 001: bid cards "are only shown to prove that a bid has been fulfilled".
    game = nn.make("tricks")
    state = game.setup(hands=["AS", "KS", "QS"], turn_up="QH", tricks_taken=[2, 3, 3], leader=0,
                       laid_aside=["6C 7C 8C", "6D 7D 8D", "9S 10S JS"])    # bids 9, 0 and 3
    out = io.StringIO()
    player = TricksConsole(game, seed=1, plain=True, stdin=io.StringIO("1\n"), stdout=out)
    player.table = TricksController(game, state=state)
    assert player.handle(player.ask("?")) is False              # 1: the Ace of Spades
    text = out.getvalue()
    assert ("Seat 2 made its bid and shows the cards laid aside: the 9 of Spades, the 10 of "
            "Spades and the Jack of Spades, a bid of 3 tricks.") in text
    assert "Seat 1 took 3 tricks, missed a bid that stays face down, and scores 3;" in text
    assert "You took 3 tricks, bid 9, missed it, and score 3;" in text


def test_help_hand_trick_and_scores():
    game, out = console("?\nh\nt\ns\nq\n")
    assert ("Each club laid aside bids 3 tricks, each heart 2, each spade 1 and each "
            "diamond 0.") in out
    assert "a missed bid stays face down, unless it was declared or revealed." in out
    assert game.hand_sentence() in out and game.hand_sentence().startswith("Your hand: 1, the ")
    assert "No trick is being played" in out
    assert "You: no bid yet, 0 tricks taken, 12 cards in hand, to move." in out


def test_the_end_of_the_input_quits_and_a_whole_game_plays_to_the_end():
    _, out = console("")
    assert "You leave the game. Scores now:" in out
    # bid cards 1 2 3, pass, then always the first card that follows suit (enough lines for 2 deals)
    game = TricksConsole(nn.make("tricks", deals=2), seed=3, plain=True, stdin=io.StringIO(),
                         stdout=io.StringIO())
    answers = []
    while not game.table.is_over:
        state = game.table.state
        if game.table.paused:                 # the deal's summary: Enter goes on
            line = ""
        elif state.phase == "bid":
            line = "1 2 3"
        elif state.phase == "offer":
            line = "pass"
        else:
            card = state.legal_moves()[0].card
            line = str(state.hands[0].index(card) + 1)
        answers.append(line)
        assert game.handle(line) is False
    out = io.StringIO()
    replay = TricksConsole(nn.make("tricks", deals=2), seed=3, plain=True,
                           stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    assert replay.run() == 0
    text = out.getvalue()
    assert replay.table.state.to_json() == game.table.state.to_json()      # same seed, same input
    assert "Deal 2 is scored." in text and "The game is over." in text
    assert "Final scores:" in text
    assert text.count("The game is over") == 1 and " with " not in text.split("The game is over")[1]
    lines = text.splitlines()                  # each deal told once, no sentence twice in a row
    assert all(line != before for before, line in zip(lines, lines[1:]))
    assert sum("is turned up" in line or "The turn-up is" in line for line in lines) == 2
    assert lines.count("Deal 1 of 2 is scored.") == 1


def test_bot_choices_and_command_line_options(capsys):
    assert choose_bots("search,random") == ["tricks_search", "tricks_random"]
    assert choose_bots(None) == ["tricks_rules", "tricks_rules"]
    tricks = nn.make("tricks")
    assert run(tricks, bots="genius", seed=1, plain=True) == 2
    assert capsys.readouterr().err.strip() == ("'genius' is not a bot of Ninety-Nine: choose one "
                                               "of tricks_rules, tricks_search or tricks_random.")
    assert main(["play", "--game", "tricks", "--seed", "1", "--deals", "0", "--plain"]) == 2
    assert capsys.readouterr().err.startswith("--deals must be a whole number")
    assert main(["play", "--game", "tricks", "--seed", "1", "--tokens", "5"]) == 2
    assert "--tokens is not an option of Ninety-Nine" in capsys.readouterr().err
    assert main(["play", "--game", "tricks", "--seed", "1", "--players", "4"]) == 2
    out = io.StringIO()
    assert run(nn.make("tricks", trumps="results", deals=1), seed=2, plain=True,
               stdin=io.StringIO("q\n"), stdout=out) == 0
    assert "the results of each deal set the next deal's trumps" in out.getvalue()
    assert "no card is turned up" in out.getvalue()


def test_piped_input_in_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "ninetynine.tricks.console", "--seed", "1", "--deals", "1",
         "--plain"], input="h\n1 2 3\npass\n", capture_output=True, text=True, cwd=ROOT,
        timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Ninety-Nine, the trick-taking game, 1 deal, ")
    assert "You pass." in lines and "Nobody declares or reveals." in lines
    assert lines[-2:] == ["You leave the game. Scores now:", "Totals: You 0, Seat 1 0, Seat 2 0."]
    assert not any("\x1b[" in line for line in lines)           # plain: no colour codes
