"""Random play under every rule set and every player count, checking what must always hold in
the running-total game: cards are conserved, tokens never rise, Taiwanese places add up, views
show their own seat what they should, and wrong moves of this game (a value the card does not
have, DRAW out of place, a seat named by a card that names none) change nothing.

The promises every game keeps - stable legal moves, an end, copies and saves that are independent
and faithful, the same game for the same seed, standings that agree with the winner, views that
hide what they must - are checked for every rule set by ``tests/test_conformance.py``.
"""
import random
from collections import Counter

import pytest
import ninetynine as nn
from ninetynine.counting import DRAW, Play
from ninetynine.counting import events as ev
from ninetynine.counting.rules import RULE_SETS

TABLES = [(name, players) for name, rules in RULE_SETS.items() for players in rules.players]
VARIANTS = [("quentin_c", {"auto_draw": False}), ("quentin_c", {"starter": "loser", "hand_size": 13}),
            ("rs_games", {"auto_draw": False, "starter": "random"}), ("classic", {"starter": "first"}),
            ("taiwanese", {"starter": "rotate", "rounds": 2}), ("rs_games", {"hand_size": 13})]
MAX_PLAYS = 30_000


def check_position(state, game, full_deck):
    """What must hold after every move."""
    assert Counter(card for hand in state.hands for card in hand) + Counter(state.deck) \
        + Counter(state.discard) == full_deck
    assert all(len(hand) <= game.hand_size for hand in state.hands)
    if state.is_over:
        return
    assert 0 <= state.count <= 99 and state.in_round[state.to_move]
    for seat in range(game.players):
        if not state.in_round[seat] and game.rules.scoring == "tokens":
            assert state.hands[seat] == []


def check_view(state, seat):
    view = state.view(seat)
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == [len(hand) for hand in state.hands]
    assert view.deck_size == len(state.deck)
    assert view.legal_moves == (state.legal_moves() if seat == state.to_move else [])
    assert view.history == [ev.redact(event, seat) for event in state.history]


def an_illegal_move(state, rng):
    """A move the rules refuse here: a card not in hand, a wrong value, DRAW out of place."""
    legal = state.legal_moves()
    held = set(state.hands[state.to_move]) if state.to_move is not None else set()
    not_held = [card for card in state.rules.deck if card not in held]
    candidates = [DRAW if DRAW not in legal else Play(rng.choice(not_held))]
    for move in legal:
        if isinstance(move, Play):
            candidates.append(Play(move.card, 55))
            candidates.append(Play(move.card, move.amount, state.to_move))
    return rng.choice([m for m in candidates if m not in legal])


def play_randomly(game, seed):
    """Play one game with random legal moves; return the state and the list of moves."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    full_deck = Counter(game.rules.deck)
    tokens, moves, placements = list(state.tokens), [], []
    while not state.is_over:
        assert len(moves) < MAX_PLAYS, "the game does not end"
        move = rng.choice(state.legal_moves())
        if len(moves) % 7 == 0:
            before = state.to_json()
            with pytest.raises(nn.IllegalMove):
                state.play(an_illegal_move(state, rng))
            assert state.to_json() == before
            check_view(state, rng.randrange(game.players))
        events = state.play(move)
        moves.append(move)
        placements += [e.points for e in events if isinstance(e, (ev.PlayerFinished, ev.PlayerOut,
                                                                         ev.PlayerLastInRound))]
        for e in events:
            if isinstance(e, ev.RoundOver) and game.rules.scoring == "places":
                assert sorted(placements) == list(range(1, game.players + 1))
                placements = []
        assert all(now <= then for now, then in zip(state.tokens, tokens)), "tokens rose"
        tokens = list(state.tokens)
        check_position(state, game, full_deck)
    return state, moves


@pytest.mark.parametrize("name, players", TABLES, ids=[f"{n}-{p}" for n, p in TABLES])
def test_random_games_keep_every_invariant(name, players):
    game = nn.make(name, players=players)
    state, moves = play_randomly(game, seed=players)
    if game.rules.scoring == "places":
        assert sum(state.points) == game.rounds * players * (players + 1) // 2
    else:
        assert sum(t > 0 for t in state.tokens) <= 1


@pytest.mark.parametrize("name, options", VARIANTS, ids=[f"{n}-{o}" for n, o in VARIANTS])
def test_random_games_with_options(name, options):
    game = nn.make(name, players=4, **options)
    play_randomly(game, seed=11)


def _ends_next(state) -> bool:
    """Could the next move end the game? (Then the copy is taken here, with moves still to come.)"""
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        if after.is_over:
            return True
    return False


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_copy_deals_the_same_future_and_copies_of_copies_stay_apart(name):
    """copy() shares the random generator until one side needs it: both must still deal the same
    rounds and reshuffles, and neither may disturb the other (or a copy of the copy)."""
    game = nn.make(name, players=3)
    state = game.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(25):                             # fewer where the game is short (tiny99)
        if _ends_next(state):
            break
        state.play(rng.choice(state.legal_moves()))
    twin, saved = state.copy(), state.to_json()
    grandchild = twin.copy()
    moves = []
    while not twin.is_over:
        moves.append(rng.choice(twin.legal_moves()))
        twin.play(moves[-1])
    assert state.to_json() == saved                 # the original did not move
    for move in moves:                              # and replays the twin's game exactly
        state.play(move)
    assert state.history == twin.history and state.to_json() == twin.to_json()
    for move in moves:                              # the copy of the copy too
        grandchild.play(move)
    assert grandchild.history == twin.history
