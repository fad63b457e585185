"""The two trees of the counting games' search (``bots.counting``): the move-sequence tree
(``move_sequence_mcts``, once called ``ismcts``) and single-observer information-set MCTS
(``information_set_mcts``, Cowling, Powley and Whitehouse 2012).

The information-set tree is checked for what makes it one: a node is what the searching seat
knows (the moves seen and its own hand), so after its own move and draw the tree splits by the
card drawn, while a move-sequence node would merge them; and for what every bot owes: legal
moves, the same move for the same view, and a move the hidden cards cannot change. Its strength
is measured in ``benchmarks/ismcts.py``, not here.
"""
from __future__ import annotations

import pytest

from ninetynine.bots import counting as search
from ninetynine.counting.rules import RULE_SETS

from test_search_bot import hidden_cards_redealt, position

RULES = list(RULE_SETS)


def test_the_old_name_is_the_move_sequence_tree():
    assert search.ismcts is search.move_sequence_mcts


@pytest.mark.parametrize("rules", RULES)
def test_information_set_search_plays_legal_moves_under_every_rule_set(rules):
    state = position(rules, 3, seed=2, moves=3)
    for _ in range(6):
        if state.is_over:
            break
        view = state.view(state.to_move)
        move = search.information_set_mcts(view, 40)
        assert move in view.legal_moves
        state.play(move)


@pytest.mark.parametrize("rules", RULES)
def test_the_hidden_cards_cannot_change_the_information_set_move(rules):
    for seed in range(3):
        state = position(rules, 2, seed=seed, moves=5 + 4 * seed)
        if state.is_over:
            continue
        seat = state.to_move
        other = hidden_cards_redealt(state, seat, seed)
        assert search.information_set_mcts(other.view(seat), 60) == \
            search.information_set_mcts(state.view(seat), 60)


def test_the_same_view_gets_the_same_information_set_move():
    state = position("quentin_c", 2, seed=6, moves=7)
    view = state.view(state.to_move)
    first = search.information_set_mcts(view, 80)
    assert search.information_set_mcts(view, 80) == first
    assert search.information_set_mcts(state.copy().view(state.to_move), 80) == first


def test_a_node_is_what_the_searching_seat_knows():
    """After my move (and my draw) the next node is chosen by my new hand: one move leads to
    several nodes, one per hand I may hold, and every node's edges were reached with that hand.
    The move-sequence tree has one child per move."""
    state = position("quentin_c", 2, seed=3, moves=6)
    view = state.view(state.to_move)
    root = search.information_set_tree(view, 300)
    reader = search.reader_of(view)
    assert sum(edge.visits for edge in root.edges.values()) == 300
    for kind, edge in root.edges.items():
        assert edge.seat == view.seat
        assert {len(hand) for hand in edge.after} == {len(view.hand)}    # played one, drew one
        for hand in edge.after:                      # what I kept is in every hand I may hold
            kept = sorted(reader.group_of[card] for card in view.hand)
            kept.remove(kind[0])
            assert all(hand.count(group) >= kept.count(group) for group in kept)
    assert max(len(edge.after) for edge in root.edges.values()) > 1    # split by the card drawn


def test_availability_lies_between_the_visits_and_the_arrivals():
    """A move's ``available`` counts the arrivals at its node in which it was legal: never fewer
    than the times it was chosen, never more than the arrivals (each arrival chooses one edge)."""
    state = position("quentin_c", 2, seed=3, moves=6)
    view = state.view(state.to_move)
    root = search.information_set_tree(view, 600)
    nodes = [node for edge in root.edges.values() for node in edge.after.values()]
    assert nodes
    for node in nodes:
        arrivals = sum(child.visits for child in node.edges.values())
        for child in node.edges.values():
            assert child.visits <= child.available <= arrivals
    assert any(child.available < sum(c.visits for c in node.edges.values())
               for node in nodes for child in node.edges.values())   # some moves not always legal
