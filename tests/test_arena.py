"""Tests of the arena: whole games, seat rotation, win counting, and the Wilson interval."""
from __future__ import annotations

import math

import pytest

import ninetynine as nn
from ninetynine.arena import BotError, GameRecord, play_game, tournament, wilson
from ninetynine.bots import cautious_bot, expert_bot
from ninetynine.counting import CountingView, Play
from ninetynine.counting.events import CardDrawn, CardPlayed, GameOver


@pytest.mark.parametrize("rules", ["quentin_c", "rs_games", "classic", "taiwanese"])
def test_play_game_plays_to_the_end_and_records_it(rules):
    game = nn.make(rules, players=3)
    record = play_game(game, ["expert", "cautious", "random"], seed=4)
    assert isinstance(record, GameRecord)
    assert record.seed == 4 and record.bots == ("expert", "cautious", "random")
    assert isinstance(record.events[-1], GameOver)
    assert record.events[-1].winner == record.winner
    assert [s.seat for s in record.standings if s.rank == 1] == (
        [record.winner] if record.winner is not None else
        [s.seat for s in record.standings if s.rank == 1])
    plays = sum(isinstance(e, CardPlayed) for e in record.events)
    assert record.moves == plays                      # automatic drawing: every move is a play


def test_play_game_counts_draw_moves_under_manual_drawing():
    game = nn.make("quentin_c", players=2, auto_draw=False, tokens=2)
    record = play_game(game, ["expert", "cautious"], seed=2)
    plays = sum(isinstance(e, CardPlayed) for e in record.events)
    assert record.moves > plays


def test_a_game_name_makes_a_table_with_one_seat_per_bot():
    record = play_game("rs_games", ["cautious", "cautious", "expert", "random"], seed=1)
    assert len(record.standings) == 4


def test_the_same_seed_replays_the_same_game_even_with_random_bots():
    game = nn.make("quentin_c", players=3)
    first = play_game(game, ["random", "random", "cautious"], seed=9)
    again = play_game(game, ["random", "random", "cautious"], seed=9)
    other = play_game(game, ["random", "random", "cautious"], seed=10)
    assert first.events == again.events and first.moves == again.moves
    assert first.events != other.events


def test_bots_get_views_with_their_own_cards_only():
    seen = []

    def spy(view):
        assert isinstance(view, CountingView)
        for event in view.history:
            if isinstance(event, CardDrawn) and event.seat != view.seat:
                assert event.card is None             # others' draws are hidden
        seen.append(view.seat)
        return cautious_bot(view)

    play_game(nn.make("quentin_c", players=2, tokens=2), [spy, spy], seed=3)
    assert set(seen) == {0, 1}


def test_an_illegal_move_names_the_bot_and_the_move():
    def stubborn(view):
        return "END"                                  # never legal with automatic drawing

    with pytest.raises(BotError, match=r"'stubborn' in seat 1 chose END"):
        play_game(nn.make("quentin_c", players=2), ["cautious", stubborn], seed=0)


def test_a_card_the_bot_does_not_hold_is_refused():
    def cheat(view):
        held = set(view.hand)
        other = next(card for card in view.rules.deck if card not in held)
        return Play(other)

    with pytest.raises(BotError, match="cheat"):
        play_game(nn.make("rs_games", players=2), [cheat, "random"], seed=0)


def test_wrong_line_ups_are_refused_before_playing():
    game = nn.make("quentin_c", players=3)
    with pytest.raises(ValueError, match="3 seats"):
        play_game(game, ["expert", "random"], seed=0)
    with pytest.raises(ValueError, match="no bot called 'genius'"):
        tournament(nn.make("quentin_c", players=2), ["expert", "genius"], 2)
    with pytest.raises(ValueError, match="games must be"):
        tournament(nn.make("quentin_c", players=2), ["expert", "random"], 0)


def test_a_bot_of_another_game_is_refused_by_name():
    with pytest.raises(ValueError, match="'board_search' for this game: choose one of random, "
                                         "cautious, expert"):
        tournament(nn.make("quentin_c", players=2), ["expert", "board_search"], 2)
    with pytest.raises(ValueError, match="'expert' for this game: choose one of board_random"):
        play_game(nn.make("board", players=2), ["board_heuristic", "expert"], seed=0)
    record = play_game(nn.make("board", players=2), ["board_heuristic", "board_random"], seed=0)
    assert record.bots == ("board_heuristic", "board_random")


# --- tournaments --------------------------------------------------------------------------------


def test_tournament_rotates_seats_so_every_bot_sits_everywhere_equally():
    """Six games at three seats: each bot sits in each seat in exactly two games."""
    game = nn.make("quentin_c", players=3, tokens=1)
    games_started = []
    original = game.new_game

    def new_game(seed=None):                          # count the games as they start
        games_started.append(seed)
        return original(seed)

    game.new_game = new_game
    sittings = set()                                  # (bot, game number, seat)

    def recorder(name):
        def bot(view):
            sittings.add((name, len(games_started), view.seat))
            return cautious_bot(view)
        bot.__name__ = name
        return bot

    names = ["first", "second", "third"]
    results = tournament(game, [recorder(name) for name in names], games=6, seed=0)
    assert results.games == 6 and len(games_started) == 6
    for name in names:
        seats = sorted(seat for bot, _, seat in sittings if bot == name)
        assert seats == [0, 0, 1, 1, 2, 2]
    # game i seats the bot listed j at (j + i) % 3: in the second game "first" sits in seat 1
    assert ("first", 2, 1) in sittings and ("third", 2, 0) in sittings


def test_tournament_counts_every_game_and_is_repeatable():
    game = nn.make("classic", players=2)
    one = tournament(game, ["cautious", "random"], games=10, seed=5)
    two = tournament(game, ["cautious", "random"], games=10, seed=5)
    assert one.wins == two.wins
    assert sum(one.wins.values()) + one.shared == 10
    assert sum(sum(by_seat) for by_seat in one.seats.values()) == sum(one.wins.values())
    assert one.rate("cautious") == one.wins["cautious"] / 10
    assert one.interval("cautious") == wilson(one.wins["cautious"], 10)
    assert "10 games" in str(one)


def test_tournament_games_of_a_group_share_the_deal():
    """Both games of a group start from the same seed: the first hands dealt are the same."""
    game = nn.make("quentin_c", players=2)
    dealt = []
    original = game.new_game

    def new_game(seed=None):
        state = original(seed)
        dealt.append([list(hand) for hand in state.hands])
        return state

    game.new_game = new_game
    tournament(game, ["cautious", "random"], games=4, seed=1)
    assert dealt[0] == dealt[1] and dealt[2] == dealt[3] and dealt[0] != dealt[2]


def test_the_same_bot_twice_gets_two_labels():
    results = tournament(nn.make("quentin_c", players=2, tokens=2), ["cautious", "cautious"], 4)
    assert set(results.wins) == {"cautious", "cautious#2"}


# --- the Wilson interval -----------------------------------------------------------------------


def test_wilson_matches_the_textbook_example():
    """60 successes in 100 trials: the 95% Wilson interval is 0.502 to 0.691."""
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.5020, abs=5e-4) and high == pytest.approx(0.6906, abs=5e-4)


def test_wilson_is_the_root_pair_of_its_quadratic():
    """The Wilson bounds are the rates p where |p_hat - p| = z * sqrt(p(1-p)/n) exactly."""
    for wins, n in [(1, 7), (30, 40), (500, 1000)]:
        p_hat = wins / n
        for bound in wilson(wins, n):
            assert abs(p_hat - bound) == pytest.approx(1.96 * math.sqrt(bound * (1 - bound) / n))


def test_wilson_behaves_at_the_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0 < high < 0.2
    low, high = wilson(20, 20)
    assert 0.8 < low < 1 and high == 1.0
    assert wilson(50, 100, z=2.576)[0] < wilson(50, 100)[0]        # 99% is wider than 95%
    assert wilson(500, 1000)[0] > wilson(50, 100)[0]               # more games, narrower
    with pytest.raises(ValueError):
        wilson(5, 3)


def test_expert_beats_random_in_a_three_player_game_more_than_its_share():
    """A quick sanity check with three seats: the expert wins more than a third of the games."""
    results = tournament(nn.make("quentin_c", players=3, tokens=3),
                         [expert_bot, "random", "random"], games=30, seed=2)
    assert results.rate("expert") > 1 / 3
