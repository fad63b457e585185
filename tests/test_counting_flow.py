"""RULES.md Part 1, the flow of a game: order of resolution, turns, elimination, rounds, drawing,
the RS Games and classic safety rules and the Taiwanese match."""
import pytest

import ninetynine as nn
from ninetynine.core import Standing
from ninetynine.counting import DRAW, END
from ninetynine.counting import events as ev


def kinds(events):
    return [type(e).__name__ for e in events]


def cards(text):
    return nn.counting.CountingGame("quentin_c").parse_cards(text)


# --- order of resolution --------------------------------------------------------------------

def test_penalties_then_skip_then_draw_then_next_player():
    state = nn.make("quentin_c", players=3).setup(count=23, hands=["JC 2C", "3D", "4D"],
                                                  deck="5H 6H")
    events = state.play("JC")
    assert kinds(events) == ["CardPlayed", "TokensLost", "TokensLost", "PlayerSkipped", "CardDrawn"]
    assert events[3] == ev.PlayerSkipped(1, 0)
    assert events[4] == ev.CardDrawn(0, nn.parse_card("5H"))
    assert state.to_move == 2 and state.deck == cards("6H")


def test_a_bust_ends_the_round_and_drops_the_pending_skip_or_reverse():
    for card in ("JC", "4C"):
        state = nn.make("quentin_c", players=3).setup(count=97, hands=[f"{card} 9C", "3D", "4D"])
        events = state.play(card)
        assert kinds(events)[:3] == ["CardPlayed", "TokensLost", "RoundOver"]
        assert "PlayerSkipped" not in kinds(events) and "DirectionReversed" not in kinds(events)
        assert state.direction == 1 and state.round == 2


def test_two_living_players_reverse_has_no_turn_effect_but_skip_replays():
    game = nn.make("quentin_c", players=3)
    state = game.setup(count=10, hands=["4C 9C", "", "5D"], tokens=[9, 0, 9])
    events = state.play("4C")
    assert "DirectionReversed" not in kinds(events) and state.count == 14 and state.to_move == 2
    state = game.setup(count=10, hands=["JC 9C", "", "5D"], tokens=[9, 0, 9])
    events = state.play("JC")
    assert ev.PlayerSkipped(2, 0) in events and state.to_move == 0


def test_skips_count_living_players_only():
    state = nn.make("quentin_c", players=4).setup(count=10, hands=["JC 9C", "", "5D", "6D"],
                                                  tokens=[9, 0, 9, 9])
    events = state.play("JC")
    assert ev.PlayerSkipped(2, 0) in events and state.to_move == 3


def test_reverse_then_skip_walk_the_other_way():
    state = nn.make("quentin_c", players=4).setup(count=10, hands=["4C 9C", "5D", "6D", "7D"])
    state.play("4C")
    assert state.direction == -1 and state.to_move == 3


# --- elimination, game over, standings -------------------------------------------------------

def test_elimination_moves_the_hand_under_the_discard_pile():
    state = nn.make("quentin_c", players=3).setup(
        count=27, hands=["6C 9C", "3D 4D", "5D"], tokens=[9, 1, 9], discard="2H", deck="7H")
    events = state.play("6C")
    assert ev.PlayerEliminated(1) in events
    assert state.hands[1] == [] and state.discard == cards("3D 4D 2H 6C")
    assert state.to_move == 2 and not state.in_round[1] and not state.is_over


def test_a_player_who_eliminates_themself_does_not_draw():
    state = nn.make("quentin_c", players=3).setup(
        count=27, hands=["KC 9C", "3D", "5D"], tokens=[1, 9, 9], deck="7H")
    events = state.play("KC")
    assert kinds(events) == ["CardPlayed", "TokensLost", "PlayerEliminated"]
    assert state.deck == cards("7H") and state.hands[0] == [] and state.to_move == 1


def test_a_seat_out_at_the_start_of_its_turn_ranks_above_the_seat_out_just_before():
    """Seat 0 passes 33 and is out; then seat 1 starts its turn with no cards and is out too."""
    state = nn.make("quentin_c", players=3).setup(count=30, hands=["KC", "", "7C"],
                                                  tokens=[1, 3, 5], deck="", discard="")
    state.play("KC")
    assert [(s.rank, s.seat) for s in state.standings()] == [(1, 2), (2, 1), (3, 0)]


def test_seats_out_by_the_same_penalty_share_their_rank():
    state = nn.make("quentin_c", players=3).setup(count=93, hands=["6C 3D", "4C", "5C"],
                                                  tokens=[9, 2, 2], deck="", discard="")
    state.play("6C")                              # lands on 99: both others lose 2 tokens
    assert state.is_over
    assert [(s.rank, s.seat) for s in state.standings()] == [(1, 0), (2, 1), (2, 2)]


def test_the_game_ends_with_one_player_left_and_standings_rank_later_eliminations_higher():
    state = nn.make("quentin_c", players=3).setup(count=27, hands=["6C", "3D", ""],
                                                  tokens=[5, 1, 0])
    events = state.play("6C")
    assert kinds(events)[-2:] == ["PlayerEliminated", "GameOver"]
    assert events[-1] == ev.GameOver(0)
    assert state.is_over and state.to_move is None and state.winner == 0
    assert state.legal_moves() == []
    assert state.standings() == [Standing(1, 0, 5), Standing(2, 1, 0), Standing(3, 2, 0)]


def test_players_eliminated_together_share_a_rank():
    state = nn.make("quentin_c", players=3).setup(count=27, hands=["6C", "3D", "4D"],
                                                  tokens=[5, 1, 1])
    state.play("6C")
    assert state.standings() == [Standing(1, 0, 5), Standing(2, 1, 0), Standing(2, 2, 0)]


def test_playing_after_the_game_is_over_is_refused():
    state = nn.make("quentin_c", players=2).setup(count=27, hands=["6C", "3D"], tokens=[5, 1])
    state.play("6C")
    with pytest.raises(nn.IllegalMove, match="over"):
        state.play("3D")


# --- who starts a round ------------------------------------------------------------------------

@pytest.mark.parametrize("starter, tokens, expected", [
    ("rotate", [9, 9, 9, 9], 1), ("rotate", [9, 0, 9, 9], 2), ("first", [9, 9, 9, 9], 0),
    ("first", [0, 9, 9, 9], 1), ("loser", [9, 9, 9, 9], 2), ("loser", [9, 9, 1, 9], 3)])
def test_who_starts_the_next_round(starter, tokens, expected):
    """Seat 2 busts and ends round 1, which seat 0 started."""
    hands = [(f"3{suit}" if t else "") for t, suit in zip(tokens, "CDHS")]
    hands[2] = "KC"
    state = nn.make("quentin_c", players=4, starter=starter).setup(
        count=95, hands=hands, tokens=tokens, to_move=2)
    events = state.play("KC")
    started = events[-1]
    assert isinstance(started, ev.RoundStarted) and started.round == 2
    assert started.starter == expected == state.to_move


def test_a_position_set_up_in_a_later_round_rotates_on_from_that_rounds_starter():
    game = nn.make("quentin_c", players=4)
    state = game.setup(count=95, hands=["KC", "5C", "6C", "7C"], round=3)
    assert state.starter == 2                     # round 3 of a game nobody has left
    assert state.play("KC")[-1] == ev.RoundStarted(4, 3, (0, 1, 2, 3), 3)
    state = game.setup(count=95, hands=["KC", "5C", "6C", "7C"], round=3, starter=0)
    assert state.play("KC")[-1].starter == 1
    with pytest.raises(ValueError, match=r"starter must be the seat \(0 to 3\) that started"):
        game.setup(count=95, hands=["KC", "5C", "6C", "7C"], round=3, starter=4)


def test_rotate_starts_round_1_with_seat_0_and_every_round_with_the_next_seat():
    state = nn.make("quentin_c", players=3, tokens=50).new_game(seed=3)
    starters = [state.to_move]
    while state.round < 5:
        round_now = state.round
        state.play(state.legal_moves()[0])
        if state.round != round_now:
            starters.append(state.starter)
    assert starters == [0, 1, 2, 0, 1]


def test_random_starter_is_seeded_and_picks_living_seats():
    game = nn.make("quentin_c", players=4, starter="random")
    seen = {game.new_game(seed=s).to_move for s in range(30)}
    assert seen == {0, 1, 2, 3}
    assert [game.new_game(seed=s).to_move for s in range(10)] == \
           [game.new_game(seed=s).to_move for s in range(10)]


def test_direction_resets_every_round():
    state = nn.make("quentin_c", players=3).setup(count=95, hands=["KC", "3D", "4D"], direction=-1)
    state.play("KC")
    assert state.direction == 1


# --- manual drawing ------------------------------------------------------------------------------

def manual(**setup):
    return nn.make("quentin_c", players=2, auto_draw=False).setup(**setup)


def test_manual_draw_is_a_second_step_draw_or_end():
    state = manual(count=10, hands=["3C 4C 5C", "6D"], deck="7H 8H")
    events = state.play("3C")
    assert kinds(events) == ["CardPlayed"] and state.to_move == 0 and state.phase == "draw"
    assert state.legal_moves() == [DRAW, END]
    with pytest.raises(nn.IllegalMove, match="now draw a card or end the turn"):
        state.play("4C")
    events = state.play("DRAW")
    assert events == [ev.CardDrawn(0, nn.parse_card("7H"))] and state.to_move == 1
    state.play("6D")
    assert state.play(END) == [ev.TurnEnded(1)] and state.to_move == 0 and state.hands[1] == []


def test_manual_draw_needs_something_to_draw():
    state = manual(count=10, hands=["3C 4C", "6D"], deck="", discard="")
    state.play("3C")
    assert state.legal_moves() == [END]
    with pytest.raises(nn.IllegalMove, match="You cannot draw: there is no card left to draw; "
                                             "end your turn instead."):
        state.play(DRAW)


def test_draw_and_end_are_refused_before_playing():
    state = manual(count=10, hands=["3C 4C", "6D"])
    with pytest.raises(nn.IllegalMove, match="only possible after playing"):
        state.play("DRAW")


def test_a_turn_that_starts_with_no_cards_costs_3_and_ends_the_round():
    state = manual(count=10, hands=["3C", "6D 7D"], deck="8H")
    state.play("3C")
    state.play("END")
    state.play("6D")
    events = state.play("END")
    assert events[1] == ev.TokensLost(0, 3, "empty_hand", 0, 6)
    assert events[2] == ev.RoundOver(1, "empty_hand", 0) and state.round == 2


# --- the deck ----------------------------------------------------------------------------------

def test_an_empty_deck_is_rebuilt_from_the_discard_pile_except_its_top_card():
    state = nn.make("quentin_c", players=2).setup(count=10, hands=["6C 9C", "3D"], deck="",
                                                  discard="2H 3H 4H")
    events = state.play("6C")
    assert kinds(events) == ["CardPlayed", "DeckReshuffled", "CardDrawn"]
    assert events[1] == ev.DeckReshuffled(3)
    assert state.discard == cards("6C")
    assert sorted(map(str, state.deck + [events[2].card])) == ["2H", "3H", "4H"]


def test_with_nothing_to_draw_the_player_does_not_draw():
    state = nn.make("quentin_c", players=2).setup(count=10, hands=["6C 9C", "3D"], deck="")
    events = state.play("6C")
    assert kinds(events) == ["CardPlayed", "DrawSkipped"] and state.hands[0] == cards("9C")


# --- RS Games: no safe card ----------------------------------------------------------------------

def rs(**setup):
    return nn.make("rs_games", players=3).setup(**setup)


def test_rs_no_safe_card_costs_1_and_ends_the_round():
    state = rs(count=95, hands=["1 PASS", "5 6", "PASS"])
    events = state.play("1")
    assert events[-3:-1] == [ev.TokensLost(1, 1, "no_safe_card", 1, 8),
                             ev.RoundOver(1, "no_safe_card", 1)]


def test_rs_a_skipped_player_is_not_checked():
    state = rs(count=95, hands=["SKIP 1", "5 6", "PASS"])
    events = state.play("SKIP")
    assert "TokensLost" not in kinds(events) and state.to_move == 2


def test_rs_the_99_card_is_always_safe():
    state = rs(count=95, hands=["1 PASS", "99 6", "PASS"])
    state.play("1")
    assert state.to_move == 1 and state.tokens == [9, 9, 9]


def test_rs_an_unsafe_card_may_be_played_while_holding_a_safe_one():
    state = rs(count=95, hands=["9 1", "PASS", "PASS"])
    assert [str(m) for m in state.legal_moves()] == ["9", "1"]
    events = state.play("9")
    assert ev.TokensLost(0, 1, "bust", 0, 8, state.rules.parse_card("9")) in events


def test_rs_setup_runs_the_start_of_turn_check():
    state = rs(count=95, hands=["7 8", "PASS", "PASS"])
    assert state.history[:2] == [ev.TokensLost(0, 1, "no_safe_card", 0, 8),
                                 ev.RoundOver(1, "no_safe_card", 0)]
    assert state.round == 2 and state.legal_moves()


# --- classic: play safe when you can -------------------------------------------------------------

def classic(**setup):
    return nn.make("classic", players=3).setup(**setup)


def test_classic_must_play_safe_when_possible():
    state = classic(count=95, hands=["KH 2C", "3D", "4D"])
    assert [str(m) for m in state.legal_moves()] == ["2C"]
    before = state.to_json()
    with pytest.raises(nn.IllegalMove, match="hold a card that does not"):
        state.play("KH")
    assert state.to_json() == before


def test_classic_with_no_safe_card_any_card_busts():
    state = classic(count=95, hands=["KH QH", "3D", "4D"])
    assert [str(m) for m in state.legal_moves()] == ["KH", "QH"]
    events = state.play("QH")
    assert events[0] == ev.CardPlayed(0, nn.parse_card("QH"), None, 95, 105)
    assert events[1] == ev.TokensLost(0, 1, "bust", 0, 2, nn.parse_card("QH"))   # the card is recorded
    assert events[2] == ev.RoundOver(1, "bust", 0)


def test_classic_king_of_spades_is_safe_at_99():
    state = classic(count=99, hands=["KS QH", "3D", "4D"])
    assert [str(m) for m in state.legal_moves()] == ["KS"]


# --- Taiwanese ---------------------------------------------------------------------------------

def test_taiwanese_order_is_drawn_highest_card_first():
    state = nn.make("taiwanese", players=4).new_game(seed=11)
    drawn, started = state.history[0], state.history[1]
    assert isinstance(drawn, ev.OrderDrawn) and isinstance(started, ev.RoundStarted)
    keys = [(c.rank_order, c.suit_order) for c in drawn.cards]
    assert keys == sorted(keys, reverse=True)
    assert started.order == drawn.seats and sorted(drawn.seats) == [0, 1, 2, 3]
    assert state.to_move == drawn.seats[0] == started.starter
    assert all(len(hand) == 5 for hand in state.hands) and len(state.deck) == 32


def taiwanese(players=3, **setup):
    return nn.make("taiwanese", players=players).setup(**setup)


def test_taiwanese_never_reshuffles():
    state = taiwanese(count=10, hands=["3C 4C", "5D", "6D"], deck="", discard="2H 3H 4H")
    events = state.play("3C")
    assert kinds(events) == ["CardPlayed"] and state.deck == []


def test_taiwanese_the_5_names_any_other_player_still_in_the_round():
    state = taiwanese(4, count=10, hands=["5C 3C", "", "6H", "6D"], round_points=[None, 1, None, None])
    assert [str(m) for m in state.legal_moves()] == ["5C >2", "5C >3", "3C"]
    events = state.play("5C >2")
    assert ev.NextPlayerChosen(0, 2) in events and state.to_move == 2
    state.play(state.legal_moves()[0])
    assert state.to_move == 3      # play continues from the named seat in the current direction


def test_taiwanese_naming_yourself_is_refused():
    state = taiwanese(count=10, hands=["5C 3C", "5D", "6D"])
    with pytest.raises(nn.IllegalMove, match="another player"):
        state.play("5C >0")


def test_taiwanese_emptying_your_hand_finishes_with_the_highest_free_place():
    state = taiwanese(count=10, hands=["3C", "5D 2D", "6D 2H"], deck="")
    events = state.play("3C")
    assert ev.PlayerFinished(0, 3) in events and state.round_points[0] == 3
    assert state.to_move == 1


def test_taiwanese_no_playable_card_puts_you_out_with_the_lowest_free_place():
    state = taiwanese(count=90, hands=["9C 3C", "8D 9D", "KD 2H"], deck="")
    events = state.play("9C")
    assert events[1] == ev.PlayerOut(1, 1) and state.to_move == 2
    assert state.hands[1] == [] and state.discard[-2:] == cards("8D 9D")


def test_taiwanese_last_player_left_takes_the_remaining_place_and_the_round_ends():
    state = taiwanese(count=90, hands=["9C 3C", "8D 9D", ""], deck="", round_points=[None, None, 3],
                      points=[0, 0, 3])
    events = state.play("9C")
    assert ev.PlayerOut(1, 1) in events and ev.PlayerLastInRound(0, 2) in events
    assert ev.RoundOver(1, "placed", None) in events
    assert state.points == [2, 1, 3] and state.round == 2


def test_taiwanese_the_last_card_drawn_says_the_deck_is_empty_once():
    state = taiwanese(count=10, hands=["3C 4C", "5D 2D", "6D 2H"], deck="9S")
    events = state.play("3C")
    assert events[-2:] == [ev.CardDrawn(0, nn.parse_card("9S")), ev.DeckRanOut()]
    assert ev.DeckRanOut() not in state.play("2D")            # said once; nobody draws now


def test_taiwanese_rounds_option_sets_the_match_length():
    state = nn.make("taiwanese", players=3, rounds=2).new_game(seed=5)
    while not state.is_over:
        state.play(state.legal_moves()[-1])
    assert state.round == 2 and sorted(state.points) != [0, 0, 0]
    assert sum(state.points) == 2 * (1 + 2 + 3)
    ranks = [s.rank for s in state.standings()]
    assert ranks[0] == 1 and ranks == sorted(ranks)
