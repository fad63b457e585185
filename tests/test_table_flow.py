"""The tables' flow, as the controllers and terminals give it (issue 11): pauses with summaries at
the end of a round or deal, a log grouped by round that never repeats itself, settings that say
what they changed, refusals in words, and junk input answered in one sentence.

No widgets and no browser: the front ends only render what these controllers expose.
"""
from __future__ import annotations

import io
import random
import re

import ninetynine as nn
from ninetynine.counting import events as ev
from ninetynine.tricks import events as tricks_ev
from ninetynine.board.console import BoardConsole
from ninetynine.board.controller import BoardController
from ninetynine.counting.console import ConsoleGame
from ninetynine.counting.controller import TableController
from ninetynine.tricks.console import TricksConsole
from ninetynine.tricks.controller import TricksController

#: A card code such as "KH", "10S" or "JK" standing alone: what a screen reader spells out.
CARD_CODE = re.compile(r"\b(10|[2-9AJQK])[CDHS]\b|\bJK\b")


def no_repeats(lines: list[str]) -> bool:
    return all(line != before for before, line in zip(lines, lines[1:]))


def refused(table, click, *args) -> str:
    """Click, check it was refused in one sentence with nothing changed, return the sentence."""
    before = (table.state.to_json(), len(table.lines), table.summary)
    assert click(*args) is False
    assert table.latest == [table.message] and table.message.endswith(".")
    assert (table.state.to_json(), len(table.lines), table.summary) == before
    return table.message


# --- the running-total games: a round ends, the table waits -------------------------------------

def bust_position() -> TableController:
    """You (seat 0) hold only the King of Hearts at 95: playing it busts and ends round 1."""
    game = nn.make("quentin_c", players=2, tokens=5)
    state = game.setup(count=95, hands=["KH", "7C 7D"], tokens=[5, 5])
    return TableController(game, bots="cautious", state=state)


def test_a_round_ends_in_a_summary_that_waits_for_next_round():
    table = bust_position()
    assert table.click_card("KH") is True
    assert table.latest[-2:] == ["You bust at 105 and lose 2 tokens.", "Round 1 is over."]
    assert table.paused and table.summary.kind == "round"
    assert table.summary.heading == "Round 1 is over." and table.summary.button == "Next round"
    assert table.summary.lines == ("You lost 2 tokens: 2 for busting at 105.",
                                   "Seat 1 lost nothing.", "Tokens left: you 3, Seat 1 5.")
    # while it waits: the count that ended the round, no hand, clicks refused in one sentence
    assert table.count == 105 and table.hand_buttons() == [] and not table.your_turn
    assert table.status() == "Round 1 is over: press Next round to go on."
    assert refused(table, table.click_card, str(table.state.hands[0][0])) == \
        "Round 1 is over: press Next round first, then play."
    refused(table, table.draw)
    # the next round was dealt by the engine, but is told only after Next round
    assert not any(line.startswith("Round 2") for line in table.lines)
    assert [group.heading for group in table.log] == ["Round 1"]
    assert table.next_round() is True
    assert not table.paused and table.summary is None
    assert table.latest[0].startswith("Round 2 begins: each player is dealt 3 cards.")
    assert [group.heading for group in table.log] == ["Round 1", "Round 2"]
    assert table.log[1].lines == table.latest
    assert table.count == table.state.count and table.hand_buttons()
    assert refused(table, table.next_round).startswith("Next round is for the end of a round")


def test_the_last_round_ends_the_game_with_who_won():
    game = nn.make("quentin_c", players=2, tokens=1)
    table = TableController(game, bots="cautious",
                            state=game.setup(count=95, hands=["KH", "7C"], tokens=[1, 1]))
    assert table.click_card("KH") is True
    assert table.is_over and not table.paused
    assert table.summary.kind == "game" and table.summary.button == "New game"
    assert table.summary.lines[0] == "You lost 1 token: 1 for busting at 105."
    assert table.summary.lines[-1] == "Seat 1 wins."
    assert refused(table, table.next_round) == table.GAME_OVER
    assert table.new_game() is True and table.summary is None and table.log[0].heading == "Round 1"


def test_a_whole_game_keeps_every_round_in_the_log_without_repeats_or_prompts():
    game = nn.make("quentin_c", players=3, tokens=2)
    table = TableController(game, bots="random", seed=11)
    rng, rounds_seen = random.Random(1), 0
    for _ in range(2000):
        if table.is_over:
            break
        if table.paused:
            rounds_seen += 1
            assert table.summary.heading == f"Round {table.state.round - 1} is over."
            table.next_round()
        elif table.choice_buttons():
            prompt = table.latest
            assert table.choose(rng.choice(table.choice_buttons()).move) is True
            assert prompt[0] not in table.lines          # prompts live in the status line only
        else:
            table.click_card(rng.choice(table.hand_buttons()).card)
    assert table.is_over and rounds_seen >= 1
    headings = [group.heading for group in table.log]
    assert headings == [f"Round {n}" for n in range(1, table.state.round + 1)]
    assert no_repeats(table.lines)
    played = sum(type(e) is ev.CardPlayed for e in table.state.history)
    assert sum(line.count(" play") for line in table.lines) >= played   # the whole game is kept


def test_watching_stops_at_each_round_and_goes_on_with_next_round():
    table = TableController(nn.make("classic", players=3, tokens=1), watch=True, seed=4,
                            bots="random")
    assert table.run() is True
    assert table.paused or table.is_over
    refused(table, table.run)
    refused(table, table.step)
    while table.next_round() or table.run():
        assert not table.paused or table.summary.kind == "round"
    assert table.is_over and table.summary.kind == "game"
    assert no_repeats(table.lines)


# --- settings that say what they do ---------------------------------------------------------------

def test_choosing_a_rule_set_keeps_what_still_holds_and_says_what_changed():
    table = TableController(nn.make("classic", players=6, tokens=5, auto_draw=False), seed=1)
    settings, sentence = table.settings_for("taiwanese")
    assert settings == {"rules": "taiwanese", "players": 5, "bots": "expert", "hand_size": 3,
                        "tokens": None, "auto_draw": True}
    assert sentence == ('Under the Taiwanese "99 Rules": players go from 6 to 5 (these rules allow '
                        "2 to 5); tokens and manual drawing do not apply, since the game is "
                        "scored in points; every other setting is kept.")
    assert sentence.count(". ") == 0                           # one sentence
    settings, sentence = table.settings_for("quentin_c")
    assert (settings["players"], settings["tokens"], settings["auto_draw"]) == (6, 5, False)
    assert sentence.startswith("Under Quentin C every setting still holds")
    points = TableController(nn.make("taiwanese", players=4), seed=1)
    settings, sentence = points.settings_for("rs_games")
    assert (settings["players"], settings["hand_size"], settings["tokens"]) == (4, 5, 9)
    assert "each player starts with 9 tokens" in sentence
    assert points.applicable_settings() == {"rules": True, "players": True, "bots": True,
                                            "hand_size": True, "tokens": False,
                                            "auto_draw": False}
    assert points.applicable_settings("rs_games")["tokens"] is True
    assert points.apply_settings(**settings) is True
    assert points.game.players == 4 and points.game.hand_size == 5 and points.game.tokens == 9
    assert points.latest[0] == ("New game: RS Games, 4 players, 5 cards each, 9 tokens each, "
                                "automatic draw, expert bots.")
    assert points.settings_for("nope")[1].startswith("There is no rule set called 'nope'")


# --- words, not codes -----------------------------------------------------------------------------

def test_refusals_name_cards_in_words():
    game = nn.make("taiwanese", players=3)
    table = TableController(game, bots="cautious",
                            state=game.setup(count=99, hands=["AC KS QC", "7C", "8C"]))
    said = refused(table, table.click_card, "AC")
    assert "the King of Spades" in said and not CARD_CODE.search(said), said
    tricks = TricksController(nn.make("tricks"), seed=1)
    tricks.click_card("KC")
    assert not CARD_CODE.search(refused(tricks, tricks.offer, "declare"))
    assert not CARD_CODE.search(refused(tricks, tricks.click_card, "QS"))


def test_cards_you_may_not_play_are_marked_with_the_reason():
    game = nn.make("tricks")
    state = game.setup(hands=["6C 7C 8C 9C 10C JC QC KC", "AC 6D 7D 8D 9D 10D 8H 9H AS",
                              "JD QD KD AD 6S 7S 8S 9S 10S"], turn_up="JK",
                       laid_aside=["6H QS KS", "JS 10H JH", "QH KH AH"], trick="7H", leader=0)
    table = TricksController(game, seat=1, state=state)
    buttons = {button.card: button for button in table.hand_buttons()}
    assert [card for card, button in buttons.items() if button.playable] == ["8H", "9H"]
    assert buttons["AC"].reason == "Hearts were led and you hold some, so play one of them."
    assert buttons["AC"].name == "Ace of Clubs"
    trick = table.current_trick()
    assert (trick.number, trick.winner) == (1, None)
    assert [(c.seat, c.card, c.name, c.led) for c in trick.cards] == [(0, "7H", "7 of Hearts",
                                                                      True)]


# --- Ninety-Nine: a deal ends, its score is broken down -------------------------------------------

def last_trick_position(seat1_hand: str) -> TricksController:
    """Trick 9 of deal 1 of 2: you (seat 0) declared a bid of 4 and lead the Ace of Clubs."""
    game = nn.make("tricks", deals=2)
    state = game.setup(hands=["AC", seat1_hand, "QC"], turn_up="QS", dealer=2,
                       laid_aside=["6C 8S 6D", "7C 7S 8D", "9D 10D JD"], premium=(0, "declare"),
                       tricks_taken=[3, 4, 1])
    return TricksController(game, state=state, bots="tricks_rules")


def test_a_deal_ends_in_its_score_broken_down_and_the_ninth_trick_stays():
    table = last_trick_position("KC")
    assert table.click_card("AC") is True
    assert table.paused and table.summary.kind == "deal"
    assert table.summary.heading == "Deal 1 of 2 is scored." and table.summary.button == "Next deal"
    assert table.summary.lines == (
        "You score 54: 4 tricks + 20 for making the bid of 4 + 30 premium for the declare.",
        "Seat 1 scores 24: 4 tricks + 20 for making the bid of 4.",
        "Seat 2 scores 1: 1 trick (a missed bid that stays face down).",
        "Totals after deal 1: you 54, Seat 1 24, Seat 2 1.")
    last = table.last_trick()
    assert last.number == 9 and last.winner == 0
    assert [(c.seat, c.name) for c in last.cards] == [(0, "Ace of Clubs"), (1, "King of Clubs"),
                                                      (2, "Queen of Clubs")]
    assert table.last_trick_sentence() == (
        "The last trick of deal 1, number 9: you led the Ace of Clubs, Seat 1 played the King of "
        "Clubs, Seat 2 played the Queen of Clubs; you win it.")
    assert table.current_trick() is None and table.hand_buttons() == []
    assert table.status() == "Deal 1 of 2 is scored: press Next deal to go on."
    refused(table, table.lay_aside)
    assert table.next_deal() is True and not table.paused
    assert table.latest[0].startswith("Deal 2: ") and table.last_trick() is None
    assert [group.heading for group in table.log] == ["Deal 1 of 2", "Deal 2 of 2"]


def test_a_missed_declaration_forfeits_the_premium_to_each_opponent():
    table = last_trick_position("6S")                      # seat 1 trumps the Ace: you miss
    assert table.click_card("AC") is True
    assert table.summary.lines[:3] == (
        "You score 3: 3 tricks (you bid 4 and missed, so the declared premium of 30 goes to "
        "each opponent).",
        "Seat 1 scores 35: 5 tricks + 30 premium forfeited by you (a missed bid that stays face "
        "down).",
        "Seat 2 scores 31: 1 trick + 30 premium forfeited by you (a missed bid that stays face "
        "down).")
    scored = [e for e in table.state.history if type(e) is tricks_ev.DealScored][-1]
    assert scored.points == (3, 35, 31)


def test_the_board_marks_the_winning_line_and_sums_up_the_game():
    table = BoardController(nn.make("board", players=2), watch=True, seed=2)
    assert table.run() is True and table.is_over
    line = table.winning_line()
    assert len(line) == 5 and all(table.square(n).in_line for n in line)
    assert sum(square.in_line for square in table.squares()) == 5
    assert table.summary.kind == "game" and table.summary.lines[-1].startswith("The game is over")
    assert [group.heading for group in table.log] == ["Game 1"] and no_repeats(table.lines)


# --- the terminals --------------------------------------------------------------------------------

def test_the_counting_terminal_pauses_between_rounds():
    game = nn.make("quentin_c", players=2, tokens=5)
    out = io.StringIO()
    console = ConsoleGame(game, bots="cautious", plain=True, stdout=out,
                          stdin=io.StringIO("1\nzz\n\nq\n"))
    console.state = game.setup(count=95, hands=["KH", "7C 7D"], tokens=[5, 5])
    assert console.run() == 0
    lines = out.getvalue().splitlines()
    over = lines.index("Round 1 is over.")
    assert lines[over + 1:over + 5] == ["You lost 2 tokens: 2 for busting at 105.",
                                        "Seat 1 lost nothing.", "Tokens left: you 3, Seat 1 5.",
                                        "Press Enter for round 2, or type q to quit."]
    assert lines[over + 5] == ("Round 1 is over: press Enter to deal round 2, or type q to "
                               "quit.")                           # zz: one sentence, no change
    assert lines[over + 7].startswith("Round 2 begins")           # Enter: the next round
    assert not any(line.startswith("Round 2") for line in lines[:over])


def test_the_tricks_terminal_answers_junk_in_one_sentence():
    out = io.StringIO()
    console = TricksConsole(nn.make("tricks"), seed=1, plain=True, stdout=out,
                            stdin=io.StringIO("zz\nclear\nbid zz yy xx\n1 2 3\nx\nzz\nq\n"))
    assert console.run() == 0
    text = out.getvalue()
    for typed in ("zz", "clear", "bid zz yy xx"):
        assert (f"'{typed}' is not a bid: type the numbers of three cards to lay aside, such as "
                "1 5 9, or ? for help.") in text
    for typed in ("x", "zz"):
        assert f"'{typed}' is not an offer: type declare, reveal or pass, or ? for help." in text
    assert console.table.phase == "offer" and console.table.state.offers[0] is None
    assert "valid suit" not in text and not CARD_CODE.search(text.split("Type ? for help.")[1])


def test_the_tricks_terminal_shows_a_deals_summary_and_waits():
    console = TricksConsole(nn.make("tricks", deals=2), plain=True, stdout=io.StringIO(),
                            stdin=io.StringIO())
    console.table = last_trick_position("KC")
    assert console.handle("1") is False and console.table.paused
    assert console.prompt() == "Press Enter for the next deal, or type q to quit."
    assert console.handle("1") is True and console.table.paused      # not a card now
    assert console.handle("") is False and not console.table.paused
    said = console.stdout.getvalue()
    assert "premium for the declare" not in said           # the summary is shown by run()
    console.table = last_trick_position("KC")
    console.table.click_card("AC")
    console.show_summary()
    said = console.stdout.getvalue().splitlines()
    assert said[-6:] == ["Deal 1 of 2 is scored.", console.table.last_trick_sentence(),
                         *console.table.summary.lines]


def test_a_tie_clears_the_board_after_a_pause():
    table = BoardController(nn.make("board", players=2), watch=True, seed=6, bots="board_random")
    assert table.run() is True and table.paused            # seed 6: game 1 ends in a tie
    assert table.summary.heading == "Game 1 is a tie." and table.summary.button == "Next game"
    assert table.status() == "Game 1 is a tie: press Next game to go on."
    refused(table, table.run)
    assert table.next_round() is True
    assert table.latest[0].startswith("To choose who begins") and not table.paused
    assert [group.heading for group in table.log] == ["Game 1", "Game 2"]


def test_the_board_terminal_pauses_after_a_tie():
    game = nn.make("board", players=2)
    out = io.StringIO()
    console = BoardConsole(game, plain=True, stdout=out, stdin=io.StringIO("x 1\nzz\n\nq\n"))
    console.state = game.setup(hands=["37", ""], deck="", to_move=0)   # the last card anywhere
    assert console.run() == 0
    lines = out.getvalue().splitlines()
    tie = next(i for i, line in enumerate(lines) if "game 1 is a tie" in line)
    assert lines[tie + 1:tie + 4] == [
        "Every card was played or discarded and nobody made a line of five, so game 1 counts for "
        "nobody: the board is cleared and game 2 begins.",
        "Press Enter for game 2, or type q to quit.",
        "Game 1 is a tie: press Enter to begin game 2, or type q to quit."]     # zz
    assert lines[tie + 5].startswith("To choose who begins")                   # Enter


def test_while_a_deal_pauses_the_table_still_shows_that_deal():
    table = TricksController(nn.make("tricks", deals=2), watch=True, seed=6)
    first = table.deal_sentence()
    assert table.run() is True and table.paused
    assert table.deal_sentence() == first and first.startswith("Deal 1 of 2; ")
    assert table.last_trick().number == 9 and table.current_trick() is None
    table.next_deal()
    assert table.deal_sentence().startswith("Deal 2 of 2; ") and table.last_trick() is None


def test_a_taiwanese_round_is_summed_up_in_points():
    table = TableController(nn.make("taiwanese", players=3, rounds=2), bots="random", seed=5)
    rng = random.Random(5)
    while not table.paused and not table.is_over:
        if table.choice_buttons():
            table.choose(rng.choice(table.choice_buttons()).move)
        else:
            table.click_card(rng.choice(table.hand_buttons()).card)
    lines = table.summary.lines
    assert table.summary.heading == "Round 1 is over." and len(lines) == 4
    assert all(re.fullmatch(r"(You|Seat \d) scored (no points this round|\d+ points?, .+)\.", line)
               for line in lines[:3]), lines
    assert lines[3] == "Points in the match: " + ", ".join(
        f"{'you' if seat == 0 else f'Seat {seat}'} {points}"
        for seat, points in enumerate(table.state.points)) + "."


def test_the_counting_table_marks_cards_the_rules_forbid():
    game = nn.make("classic", players=2)                    # the party rules: play safe if you can
    table = TableController(game, bots="cautious", state=game.setup(count=90, hands=["KH 3C",
                                                                                     "7C 7D"]))
    king, three = table.hand_buttons()
    assert three.playable and not king.playable and king.name == "King of Hearts"
    assert king.reason == ("The King of Hearts would take the count over 99, and you hold a card "
                           "that does not: play the 3 of Clubs.")
    assert refused(table, table.click_card, "KH") == king.reason


def test_a_table_from_a_played_position_logs_its_past_rounds_without_pausing_on_them():
    game = nn.make("quentin_c", players=3, tokens=9)
    state = game.new_game(seed=2)
    while state.round < 3:                                       # two rounds played by bots
        state.play(nn.bots.cautious_bot(state.view(state.to_move)))
    table = TableController(game, bots="cautious", state=state.copy())
    assert [group.heading for group in table.log][:3] == ["Round 1", "Round 2", "Round 3"]
    assert not table.paused or table.summary.heading != "Round 1 is over."
