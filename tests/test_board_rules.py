"""The rules of The Game of 99 (RULES.md Part 3), through positions and whole random games.

The promises every game keeps - saves, copies, the same seed, hidden cards - are checked by
``tests/test_conformance.py``."""
import json
import random
import re

import pytest

import ninetynine as nn
from ninetynine.board import DRAW, BoardCard, Discard, Place
from ninetynine.board import events as ev


def game(**options):
    return nn.make("board", **options)


# --- options and the start -------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 5, 7, "2", True])
def test_bad_player_counts_are_refused_with_the_allowed_ones(players):
    with pytest.raises(ValueError, match="2, 3, 4 or 6 players"):
        game(players=players)


def test_bad_flags_are_refused():
    with pytest.raises(ValueError, match="table_penalties must be True or False"):
        game(table_penalties="yes")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_lowest_shown_card_begins_and_everyone_draws_one(players):
    state = game(players=players).new_game(seed=5)
    chosen = next(e for e in state.history if type(e) is ev.FirstPlayerChosen)
    assert chosen.first == min(range(players), key=lambda seat: chosen.cards[seat].value)
    assert state.to_move == chosen.first
    assert [len(hand) for hand in state.hands] == [1] * players
    draws = [e.seat for e in state.history if type(e) is ev.BoardCardDrawn]
    assert draws == [(chosen.first + i) % players for i in range(players)]
    assert len(state.deck) == 100 - players


def test_teams_sit_alternately():
    four, six = game(players=4).new_game(seed=1), game(players=6).new_game(seed=1)
    assert [four.team(s) for s in range(4)] == [0, 1, 0, 1]
    assert [six.team(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]


# --- the three moves -------------------------------------------------------------------------

def test_a_card_allows_every_empty_square_from_its_number_up():
    state = game().setup(markers={99: 1, 98: 0}, hands=["95 0", "50"])
    assert [m.square for m in state.legal_moves() if isinstance(m, Place) and m.card.value == 95] == [95, 96, 97]
    assert len([m for m in state.legal_moves() if isinstance(m, Place) and m.card.value == 0]) == 98


def test_playing_places_a_marker_and_passes_the_turn_to_the_left():
    state = game(players=3).setup(hands=["37", "1", "2"], to_move=0)
    events = state.play("play 37 on 52")
    assert state.owner[52] == 0 and state.hands[0] == [] and state.to_move == 1
    assert events[0] == ev.MarkerPlaced(0, BoardCard(37), 52, 0)


def test_a_square_below_the_card_or_taken_is_refused_and_nothing_changes():
    state = game().setup(markers={60: 1}, hands=["50", "1"])
    before = state.to_json()
    with pytest.raises(nn.IllegalMove, match="only squares 50 and higher, not square 49"):
        state.play("play 50 on 49")
    with pytest.raises(nn.IllegalMove, match="already taken"):
        state.play("play 50 on 60")
    with pytest.raises(nn.IllegalMove, match="do not hold"):
        state.play("play 51 on 70")
    assert state.to_json() == before


def test_drawing_needs_fewer_than_five_cards():
    state = game().setup(hands=["1 2 3 4 5", "6"])
    assert DRAW not in state.legal_moves()
    with pytest.raises(nn.IllegalMove, match="5 cards, the most allowed"):
        state.play("draw")
    state = game().setup(hands=["1 2 3 4", "6"], deck="77 78")
    state.play("draw")
    assert state.hands[0][-1] == BoardCard(77) and state.deck == [BoardCard(78)]


def test_discarding_puts_the_card_face_up():
    state = game().setup(markers={99: 1}, hands=["99", "6"])
    state.play(Discard(BoardCard(99)))
    assert state.discard[-1] == BoardCard(99) and state.hands[0] == []


@pytest.mark.parametrize("text, message", [
    ("play 37 52", "is not a move"), ("play 100 on 5", "number from 0 to 99"),
    ("play 3 on 120", "squares are numbered 0 to 99"), ("discard", "is not a move"), ("", "is not a move"),
])
def test_bad_move_text_says_what_is_wrong(text, message):
    state = game().new_game(seed=1)
    with pytest.raises(nn.IllegalMove, match=message):
        state.play(text)


def test_move_text_round_trips():
    state = game().new_game(seed=3)
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move


# --- winning, ties, penalties ----------------------------------------------------------------

def test_five_in_a_diagonal_wins_the_sources_example():
    state = game().setup(markers={72: 0, 58: 0, 20: 0, 14: 0}, hands=["3", "9"])
    events = state.play("play 3 on 4")
    assert state.is_over and state.winner == 0 and state.winning_team == 0
    assert sorted(state.winning_line) == [4, 14, 20, 58, 72]
    assert type(events[-1]) is ev.BoardGameOver
    assert [s.seat for s in state.standings() if s.rank == 1] == [0]


def test_blocking_square_4_stops_the_line():
    state = game().setup(markers={72: 0, 58: 0, 20: 0, 14: 0}, hands=["9", "2"], to_move=1)
    state.play("play 2 on 4")
    state.play("discard 9")
    assert not state.is_over


def test_a_team_wins_with_markers_of_both_partners():
    # Row 4 of the board reads 88 43 30 11 0 1 ...: seats 0 and 2 are partners.
    state = game(players=4).setup(markers={88: 0, 43: 2, 30: 0, 11: 2}, hands=["0", "5", "6", "7"])
    state.play("play 0 on 0")
    assert state.is_over and state.winning_team == 0
    assert {s.seat for s in state.standings() if s.rank == 1} == {0, 2}


def test_more_than_five_in_a_line_also_wins():
    state = game().setup(markers={88: 0, 43: 0, 11: 0, 0: 0, 1: 0}, hands=["30", "5"])
    state.play("play 30 on 30")
    assert state.is_over and len(state.winning_line) == 6


def test_a_tie_is_replayed_by_default():
    state = game().setup(hands=["50", ""], deck="")
    events = state.play("discard 50")
    tie = next(e for e in events if type(e) is ev.BoardTied)
    assert tie.replay and not state.is_over and state.game_number == 2
    assert state.owner == [None] * 100 and len(state.deck) == 98


def test_a_tie_ends_the_game_without_replays():
    state = game(replay_ties=False).setup(hands=["50", ""], deck="")
    state.play("discard 50")
    assert state.is_over and state.winner is None


def test_a_player_with_nothing_to_do_is_passed():
    state = game(players=3).setup(hands=["50", "", "60"], deck="")
    events = state.play("discard 50")
    assert ev.TurnPassed(1) in events and state.to_move == 2


def test_table_penalties_an_illegal_play_loses_the_card():
    state = game(table_penalties=True).setup(hands=["50 60", "1"])
    events = state.play("play 50 on 10")
    assert events[0] == ev.IllegalPlayPenalised(0, BoardCard(50), 10)
    assert state.owner[10] is None and state.hands[0] == [BoardCard(60)] and state.to_move == 1


def test_table_penalties_an_illegal_draw_shows_the_card_and_shuffles_it_back():
    state = game(table_penalties=True).setup(hands=["1 2 3 4 5", "6"], deck="40 41 42")
    events = state.play("draw")
    assert events[0] == ev.IllegalDrawPenalised(0, BoardCard(40))
    assert sorted(card.value for card in state.deck) == [40, 41, 42] and len(state.hands[0]) == 5


@pytest.mark.parametrize("penalties", [False, True])
def test_squares_off_the_board_and_things_that_are_not_moves_are_refused(penalties):
    state = game(table_penalties=penalties).setup(hands=["5 6", "7"], to_move=0)
    before = state.to_json()
    for move, words in [(Place(BoardCard(5), 150), "There is no square 150: the squares are "
                                                   "numbered 0 to 99."),
                        (Place(BoardCard(5), -1), "There is no square -1"),
                        (Place(BoardCard(5), "7"), "There is no square '7'"),
                        (None, "None is not a move"), (123, "123 is not a move")]:
        with pytest.raises(nn.IllegalMove, match=re.escape(words)):
            state.play(move)
    assert state.to_json() == before


def test_table_penalties_end_with_the_game():
    state = game(table_penalties=True).setup(markers={72: 0, 58: 0, 20: 0, 14: 0},
                                             hands=["0 5", "4 3"], to_move=0)
    state.play("play 0 on 4")
    assert state.is_over
    for move in ("draw", "discard 5", "play 3 on 4", "play 5 on 1"):
        with pytest.raises(nn.IllegalMove, match="The game is over"):
            state.play(move)


def test_table_penalties_never_allow_a_taken_square():
    state = game(table_penalties=True).setup(markers={10: 1}, hands=["50", "1"])
    with pytest.raises(nn.IllegalMove, match="already taken"):
        state.play("play 50 on 10")


# --- positions and saves ---------------------------------------------------------------------

def test_impossible_positions_are_refused():
    with pytest.raises(ValueError, match="appears 2 times"):
        game().setup(hands=["5 5", ""])
    with pytest.raises(ValueError, match="most allowed is 5"):
        game().setup(hands=["1 2 3 4 5 6", ""])
    with pytest.raises(ValueError, match="seats are 0 to 1"):
        game().setup(markers={5: 2})


def test_corrupt_saves_are_refused():
    state = game().new_game(seed=2)
    data = json.loads(state.to_json())
    data["hands"][1] = data["hands"][0]
    with pytest.raises(nn.CorruptSave, match="appears 2 times"):
        game().from_json(json.dumps(data))
    with pytest.raises(nn.CorruptSave, match="not valid JSON"):
        game().from_json(state.to_json()[:-5])


# --- whole random games ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_games_end_with_a_winner_and_conserve_cards(players):
    rng = random.Random(players)
    for seed in range(8):
        state = game(players=players).new_game(seed=seed)
        while not state.is_over:
            cards = sum(map(len, state.hands)) + len(state.deck) + len(state.discard)
            assert cards == 100 and sum(o is not None for o in state.owner) <= len(state.discard)
            state.play(rng.choice(state.legal_moves()))
        assert state.winner is not None or state.game.replay_ties is False


def test_views_hide_other_hands_and_the_deck():
    state = game(players=3).new_game(seed=4)
    for _ in range(20):
        state.play(random.Random(1).choice(state.legal_moves()))
    view = state.view(1)
    assert view.hand == state.hands[1] and not hasattr(view, "deck") and not hasattr(view, "hands")
    hidden = [e for e in view.history if type(e) is ev.BoardCardDrawn and e.seat != 1]
    assert hidden and all(e.card is None for e in hidden)


def test_different_seeds_give_different_games():
    def play(seed):
        state, rng = game().new_game(seed=seed), random.Random(9)
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
        return state.to_json()
    assert play(11) != play(12)
