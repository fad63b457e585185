"""The search bot of the counting games (``bots.counting.search_bot``) and the engine's worlds.

A search bot imagines whole games from what it can see (``CountingState.from_view``), so the
tests check three things: the imagined worlds agree with the view, the bot is fair (it gets a
view and nothing else, so the hidden cards cannot change its move) and deterministic, and its
moves are legal under every rule set and table size. Its strength against ``expert_bot`` is a
statistical claim, measured in ``benchmarks/search_bot.py``, not here.
"""
from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

import ninetynine as nn
from ninetynine.arena import play_game
from ninetynine.bots import COUNTING_BOTS, bots_for, expert_bot
from ninetynine.bots import counting as search
from ninetynine.counting.bots import search_bot
from ninetynine.counting import CountingState, CountingView, Play
from ninetynine.counting.rules import RULE_SETS
from ninetynine.testing.checks import state_lists
from ninetynine.testing.objects import reachable

RULES = list(RULE_SETS)


def player_counts(rules: str) -> list[int]:
    """Every table size of a rule set (the classic rules' 2-13 as a spread)."""
    allowed = list(RULE_SETS[rules].players)
    return allowed if len(allowed) <= 5 else [2, 3, 4, 7, 13]


def position(rules: str, players: int, seed: int, moves: int):
    """A game ``moves`` moves in, played by the expert; fewer where the game would end sooner
    (a short rule set such as tiny99), so that a seat is always to move."""
    state = nn.make(rules, players=players).new_game(seed=seed)
    for _ in range(moves):
        after = state.copy()
        after.play(expert_bot(after.view(after.to_move)))
        if after.is_over:
            break
        state = after
    return state


def hidden_cards_redealt(state, seat: int, seed: int):
    """A copy of ``state`` in which the cards ``seat`` cannot see are dealt again at random:
    the other hands and the deck hold other cards (of the same sizes), all else is equal."""
    other = state.copy()
    places = other.hidden_from(seat)
    pool = [card for cards in places.values() for card in cards]
    random.Random(seed).shuffle(pool)
    for cards in places.values():
        cards[:], pool = pool[:len(cards)], pool[len(cards):]
    return other


# --- the bot is offered wherever the counting bots are -----------------------------------------


def test_search_is_a_counting_bot_by_name():
    assert COUNTING_BOTS["search"] is search_bot
    assert "search" in bots_for("quentin_c") and "search" not in bots_for("board")


def test_the_terminal_plays_against_the_search_bot():
    """``ninetynine play --bots search`` with piped input: the bots answer and the game goes on."""
    typed = "3\n" * 6 + "q\n"
    done = subprocess.run([sys.executable, "-m", "ninetynine", "play", "--bots", "search", "--seed",
                           "1"], input=typed, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "the search bot plays Seat 1 and Seat 2" in done.stdout
    assert "Seat 1 plays" in done.stdout


# --- worlds built from a view ------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_a_sampled_world_agrees_with_everything_the_view_shows(rules):
    state = position(rules, 3, seed=4, moves=17)
    view = state.view(state.to_move)
    world = search.sample_world(view, random.Random(1))
    seen = world.view(view.seat)
    for name in ("count", "direction", "round", "tokens", "points", "hand", "hand_sizes",
                 "deck_size", "discard", "to_move", "phase", "order", "in_round", "legal_moves",
                 "starter", "round_points", "eliminated_at", "last_loser", "plays", "options"):
        assert getattr(seen, name) == getattr(view, name), name
    # the hidden cards are the unseen ones, each card as often as the deck holds it
    dealt = Counter(card for seat, hand in enumerate(world.hands) if seat != view.seat for card in hand)
    assert dealt + Counter(world.deck) == Counter(search.unseen_cards(view))


def test_from_view_refuses_cards_that_do_not_fit():
    state = nn.make("quentin_c", players=2).setup(count=27, hands=["6C 9D KH", "7C 7D 7H"], deck="2C 3C")
    view = state.view(0)
    game = search.table_of(view)
    hands = [list(state.hands[0]), list(state.hands[1])]
    world = CountingState.from_view(view, game, hands, list(state.deck))
    assert world.hands == state.hands and world.deck == state.deck and world.count == 27
    with pytest.raises(ValueError, match="holds 3 cards, not 2"):
        CountingState.from_view(view, game, [hands[0], hands[1][:2]], list(state.deck))
    with pytest.raises(ValueError, match="its hand cannot be guessed differently"):
        CountingState.from_view(view, game, [hands[1], hands[0]], list(state.deck))
    with pytest.raises(ValueError, match="more often than the deck holds"):
        CountingState.from_view(view, game, [hands[0], hands[0]], list(state.deck))
    with pytest.raises(ValueError, match="The deck holds 2 cards, not 1"):
        CountingState.from_view(view, game, hands, list(state.deck)[:1])


def test_a_world_of_one_round_ends_with_the_round():
    state = nn.make("quentin_c", players=2).setup(count=95, hands=["KC KD", "9C 9D"], deck="2C 3C")
    view = state.view(0)
    world = CountingState.from_view(view, search.table_of(view), [list(h) for h in state.hands],
                                    list(state.deck), round_only=True)
    world.play("KC")                            # a bust: the round ends, and with it the world
    assert world.is_over and world.round == 1 and world.tokens == [7, 9]
    state.play("KC")                            # the real game deals round 2
    assert not state.is_over and state.round == 2


# --- fair and deterministic ----------------------------------------------------------------------


def test_the_arena_hands_bots_views_only_and_a_view_reaches_nothing_of_the_state():
    got = []

    def spy(view):
        got.append(view)
        return search_bot(view)
    play_game(nn.make("quentin_c", players=2), [spy, "expert"], seed=3)
    assert got and all(type(view) is CountingView for view in got)
    state = position("quentin_c", 3, seed=2, moves=9)
    lists = state_lists(state)
    for seat in range(3):
        for path, part in reachable(state.view(seat), "view"):
            assert not isinstance(part, CountingState), path
            assert id(part) not in lists, f"{path} is the state's own list"
            assert part is not state.rng, path


@pytest.mark.parametrize("rules", RULES)
def test_the_hidden_cards_cannot_change_the_move(rules):
    """Worlds that differ only in what the seat cannot see give the same view, so the same move:
    a bot that peeked at the other hands or the deck would tell them apart."""
    for seed in range(3):
        state = position(rules, 2, seed=seed, moves=5 + 4 * seed)
        if state.is_over:
            continue
        seat = state.to_move
        other = hidden_cards_redealt(state, seat, seed)
        assert other.hands[seat] == state.hands[seat]
        assert search_bot(other.view(seat)) == search_bot(state.view(seat))


@pytest.mark.parametrize("rules", RULES)
def test_the_same_view_gets_the_same_move(rules):
    state = position(rules, 3, seed=8, moves=4)
    for _ in range(6):
        if state.is_over:
            break
        view = state.view(state.to_move)
        first = search_bot(view)
        assert search_bot(view) == first
        assert search_bot(state.copy().view(state.to_move)) == first     # an equal view too
        state.play(first)


def test_each_step_of_the_search_is_seeded_by_the_view():
    state = position("quentin_c", 2, seed=6, moves=7)
    view = state.view(state.to_move)
    for step in (search.flat_monte_carlo, search.flat_ucb, search.ismcts, search.race):
        assert step(view, 60) == step(view, 60)
        assert step(view, 60) in view.legal_moves


# --- legal everywhere -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_search_bot_plays_legal_moves_at_every_table_size(rules):
    for players in player_counts(rules):
        state = nn.make(rules, players=players).new_game(seed=players)
        bots = [search_bot if seat % 2 == 0 else expert_bot for seat in range(players)]
        for _ in range(3 * players):
            if state.is_over:
                break
            view = state.view(state.to_move)
            move = bots[state.to_move](view)
            assert move in view.legal_moves
            state.play(move)


def information_set_bot(view):
    """Single-observer ISMCTS at a small budget, drawing as the search bot draws."""
    return search.draw_or_end(view) if view.phase == "draw" else search.information_set_mcts(view, 30)


@pytest.mark.parametrize("bot", [search_bot, information_set_bot])
@pytest.mark.parametrize("rules", ["quentin_c", "rs_games"])
def test_search_bot_handles_manual_drawing(rules, bot):
    state = nn.make(rules, players=3, auto_draw=False).new_game(seed=5)
    for _ in range(30):
        if state.is_over:
            break
        view = state.view(state.to_move)
        move = bot(view)
        assert move in view.legal_moves
        state.play(move)


def test_search_bot_finishes_whole_games_under_every_rule_set():
    for rules in RULES:
        record = play_game(nn.make(rules, players=2, **({"rounds": 1} if rules == "taiwanese" else
                                                         {"tokens": 2})), ["search", "expert"], seed=1)
        assert record.standings


# --- sensible ------------------------------------------------------------------------------------


@pytest.mark.parametrize("count, hand, best", [
    (27, "6C 9D KH", "6C"),          # the 6 lands on 33: the opponent loses a token
    (89, "10C 5D 6H", "10C +10"),    # 99: the opponent loses 2
    (95, "KC 9D QH", "9D"),          # everything else busts
    (31, "KC 9D 5H", "9D"),          # the 9 is the only card that does not pass 33
])
def test_search_bot_sees_what_a_play_does_now(count, hand, best):
    state = nn.make("quentin_c", players=2).setup(count=count, hands=[hand, "7C 7D 7H"])
    assert str(search_bot(state.view(0))) == best


def test_taiwanese_search_bot_names_a_player_still_in_the_round():
    state = nn.make("taiwanese", players=3).setup(count=50, hands=["5C", "7C 8C", "9D 3H"],
                                                   round_points=[None, None, None])
    move = search_bot(state.view(0))
    assert isinstance(move, Play) and move.target in (1, 2)
