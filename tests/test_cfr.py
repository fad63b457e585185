"""Counterfactual regret minimization (``ninetynine.cfr``) on rock-paper-scissors and on Tiny
Ninety-Nine (``tiny99``): regret matching on exact values, the deals and their probabilities,
convergence, best responses and the exploitability of the kit's bots."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import pytest

import ninetynine as nn
from ninetynine import cfr
from ninetynine.bots import cautious_bot, expert_bot, random_bot


@pytest.fixture(scope="module")
def tree():
    return cfr.GameTree(nn.make("tiny99"))


@pytest.fixture(scope="module")
def solved(tree):
    solver = cfr.CFR(tree, plus=True)
    solver.run(20)
    return solver


# --- regret matching ----------------------------------------------------------------------------

def test_regret_matching_plays_in_proportion_to_positive_regret():
    assert cfr.regret_matching({"a": 2, "b": 1, "c": -1}) == {"a": 2 / 3, "b": 1 / 3, "c": 0}
    assert cfr.regret_matching({"a": 0, "b": -1, "c": -5}) == {"a": 1 / 3, "b": 1 / 3, "c": 1 / 3}
    assert cfr.regret_matching({"a": 0.5, "b": 0.5}) == {"a": 0.5, "b": 0.5}
    assert cfr.regret_matching({"only": -2}) == {"only": 1.0}


# --- rock-paper-scissors as a kit game: one hidden choice each ----------------------------------

BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


@dataclass(frozen=True)
class RPSView:
    seat: int
    to_move: int | None
    legal_moves: tuple
    history: tuple = ()


@dataclass
class RPS:
    """Seat 0 chooses, then seat 1 chooses without seeing it: the smallest imperfect-information
    game, with its one equilibrium (a third each) known exactly."""
    chosen: list = field(default_factory=list)
    players: int = 2

    @property
    def to_move(self):
        return None if len(self.chosen) == 2 else len(self.chosen)

    @property
    def is_over(self):
        return self.to_move is None

    def legal_moves(self):
        return [] if self.is_over else ["rock", "paper", "scissors"]

    def play(self, move):
        self.chosen.append(move)

    def copy(self):
        return RPS(list(self.chosen))

    def view(self, seat):
        return RPSView(seat, self.to_move, tuple(self.legal_moves()) if seat == self.to_move else (),
                       tuple(self.chosen[:1]) if seat == 0 else ())

    def hidden_from(self, seat):
        return {}

    def standings(self):
        a, b = self.chosen
        if a == b:
            return [nn.Standing(1, 0, 0), nn.Standing(1, 1, 0)]
        first = 0 if BEATS[a] == b else 1
        return [nn.Standing(1, first, 1), nn.Standing(2, 1 - first, 0)]


class RPSGame:
    name, players = "rps", 2

    def new_game(self, seed=None):
        return RPS()


def test_cfr_finds_rock_paper_scissors_equilibrium_and_exploitability_falls():
    tree = cfr.GameTree(RPSGame())
    assert (tree.deals, tree.infosets) == (1, 2)           # seat 1 cannot see seat 0's choice
    for plus in (False, True):
        solver = cfr.CFR(tree, plus=plus)
        for number in range(2):                 # start from "always rock", far from equilibrium
            solver.regrets[number] = [5.0, 0.0, 0.0]
            solver.strategy[number] = [1.0, 0.0, 0.0]
        seen = []
        for iterations in (10, 90, 900):
            solver.run(iterations)
            seen.append(cfr.exploitability(tree, solver.average_table()))
        assert seen[0] > seen[1] > seen[2] and seen[2] < 0.01, seen
    for row in solver.average_table():
        assert row == pytest.approx([1 / 3] * 3, abs=0.02)
    # always rock: a best response (paper) wins every game
    rock = lambda view: {"rock": 1.0}  # noqa: E731
    assert cfr.exploitability(tree, rock) == pytest.approx(1.0)
    assert cfr.exploitability(tree, cfr.uniform_policy) == pytest.approx(0.0)


# --- Tiny Ninety-Nine ---------------------------------------------------------------------------

def test_the_deals_of_the_small_game_are_every_arrangement_with_exact_probabilities():
    deals = cfr.deals(nn.make("tiny99"))
    assert len(deals) == 168                                 # 8! / (5! 2!): five 5s, two 2s
    assert sum(p for p, _ in deals) == Fraction(1)
    assert {p for p, _ in deals} == {Fraction(1, 168)}
    arrangements = {tuple(map(str, s.hands[0] + s.hands[1] + s.deck)) for _, s in deals}
    assert len(arrangements) == 168
    for _, state in deals[:5]:
        assert sorted(map(str, state.hands[0] + state.hands[1] + state.deck)) == \
            sorted(map(str, nn.make("tiny99").rules.deck))


def test_deals_with_repeated_items_weigh_each_arrangement_by_its_permutations():
    game = nn.make("tiny99", players=3)                   # 8 cards: 2 + 2 + 2 dealt, 2 left
    deals = cfr.deals(game)
    assert sum(p for p, _ in deals) == 1
    assert len(deals) == 8 * 7 * 6 // 2                    # where the 10 and the two 2s lie


def test_cfr_plus_brings_the_small_game_under_one_hundredth(tree, solved):
    assert cfr.exploitability(tree, solved.average_table()) < 0.01
    assert cfr.exploitability(tree, solved.average_policy()) == \
        pytest.approx(cfr.exploitability(tree, solved.average_table()))


def test_the_equilibrium_mixes_where_a_pure_choice_would_be_exploited(tree, solved):
    table = solved.average_table()
    purified = [[1.0 if action == row.index(max(row)) else 0.0 for action in range(len(row))]
                for row in table]
    assert cfr.exploitability(tree, purified) > 0.01 > cfr.exploitability(tree, table)


def test_sets_that_differ_only_in_the_order_of_the_first_hand_get_one_strategy(tree, solved):
    table, groups = solved.average_table(), {}
    for (shown, _), number in tree.sets.items():
        groups.setdefault(shown, []).append(number)
    assert any(len(numbers) > 1 for numbers in groups.values())
    for numbers in groups.values():
        first = dict(zip(tree.moves_of[numbers[0]], table[numbers[0]]))
        for number in numbers[1:]:
            assert dict(zip(tree.moves_of[number], table[number])) == pytest.approx(first)


def test_exploitability_falls_with_iterations_for_plain_cfr_too(tree):
    solver = cfr.CFR(tree, plus=False, alternating=False)
    solver.run(2)
    early = cfr.exploitability(tree, solver.average_table())
    solver.run(6)
    assert cfr.exploitability(tree, solver.average_table()) < early


def test_a_best_response_beats_every_pure_strategy_tried(tree):
    table = cfr.policy_table(tree, cfr.bot_policy(cautious_bot))
    best, choice = cfr.best_response(tree, table, 0)
    for pick in (0, -1):                                   # always the first, or the last, move
        mine = [list(row) for row in table]
        for number, seat in enumerate(tree.seat_of):
            if seat == 0:
                row = [0.0] * len(mine[number])
                row[pick] = 1.0
                mine[number] = row
        assert cfr.policy_value(tree, mine) <= best + 1e-12
    for bot in (random_bot, cautious_bot, expert_bot):     # the bots in seat 0 against cautious
        mine = [list(row) for row in table]
        theirs = cfr.policy_table(tree, cfr.bot_policy(bot))
        for number, seat in enumerate(tree.seat_of):
            if seat == 0:
                mine[number] = theirs[number]
        assert cfr.policy_value(tree, mine) <= best + 1e-12
    # and the best response, played, earns exactly its value
    mine = [list(row) for row in table]
    for number, action in choice.items():
        mine[number] = [1.0 if a == action else 0.0 for a in range(len(mine[number]))]
    assert cfr.policy_value(tree, mine) == pytest.approx(best)


def test_the_equilibrium_is_less_exploitable_than_every_kit_bot(tree, solved):
    equilibrium = cfr.exploitability(tree, solved.average_table())
    bots = {name: cfr.exploitability(tree, cfr.bot_policy(bot))
            for name, bot in (("random", random_bot), ("cautious", cautious_bot),
                              ("expert", expert_bot))}
    assert all(equilibrium < value <= 1 for value in bots.values()), bots
    assert bots["random"] > bots["cautious"]


def test_policies_are_checked_and_cfr_is_deterministic(tree):
    with pytest.raises(ValueError, match="not a legal move"):
        cfr.policy_table(tree, lambda view: {"nonsense": 1.0})
    with pytest.raises(ValueError, match="add up to"):
        cfr.policy_table(tree, lambda view: {view.legal_moves[0]: 0.5})
    runs = []
    for _ in range(2):
        solver = cfr.CFR(tree)
        solver.run(3)
        runs.append(solver.average_table())
    assert runs[0] == runs[1]
    with pytest.raises(ValueError, match="two-player"):
        cfr.GameTree(nn.make("tiny99", players=3))
