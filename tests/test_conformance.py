"""The conformance suite (``ninetynine.testing.check_game``) on every game of the kit, on a small
game written from scratch, and on copies of the games broken on purpose: each planted bug must be
reported, in a sentence that names the check and says what went wrong.

Bugs are planted in subclasses made here (``planted``): the engine itself is never changed.
"""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass

import pytest

import ninetynine as nn
from ninetynine.board.state import BoardState
from ninetynine.counting.state import CountingState
from ninetynine.testing import CHECK_NAMES, check_game, random_game
from ninetynine.tricks.state import TricksState

# --- every game of the kit conforms ---------------------------------------------------------------

# Every registered game (every rule set too) with each set of options its declaration names, so a
# game or rule set is tested the moment it registers; 20 games each (check_game's default is 50).
GAMES = [(name, options, 20) for name, declared in nn.GAMES.items() for options in declared.conformance]


def _name(name, options, _):
    return "-".join([name] + [f"{key}={value}" for key, value in options.items()])


@pytest.mark.parametrize("name, options, games", GAMES, ids=[_name(*entry) for entry in GAMES])
def test_every_game_of_the_kit_keeps_every_promise(name, options, games):
    assert check_game(nn.make(name, **options), games=games) == []


def test_random_game_rebuilds_the_position_a_failure_names():
    game = nn.make("quentin_c", players=3)
    state = random_game(game, seed=3, moves=12)
    again = game.new_game(seed=3)
    mover = random.Random(3)
    for _ in range(12):
        again.play(mover.choice(again.legal_moves()))
    assert state.to_json() == again.to_json()
    assert random_game(game, seed=3).is_over


# --- a game written from scratch, as a learner would -------------------------------------------

@dataclass
class Standing:
    rank: int
    seat: int
    score: int


class HighCard:
    """Two players each hold three of the cards 1-9 and play them face up in turn; of each pair,
    the higher card scores a point for its player. The three cards left over stay face down."""

    players = 2

    def new_game(self, seed=None):
        return HighCardState(seed)

    def from_json(self, text):
        state = HighCardState(0)
        state.__dict__.update(json.loads(text))
        return state


class HighCardState:
    def __init__(self, seed):
        cards = list(range(1, 10))
        random.Random(seed).shuffle(cards)
        self.players = 2
        self.hands = [sorted(cards[:3]), sorted(cards[3:6])]
        self.left_over = cards[6:]
        self.table, self.points, self.history = [], [0, 0], []
        self.to_move = 0

    @property
    def is_over(self):
        return self.to_move is None

    @property
    def winner(self):
        if not self.is_over or self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] > self.points[1] else 1

    def standings(self):
        order = sorted(range(2), key=lambda seat: -self.points[seat])
        tie = self.points[0] == self.points[1]
        return [Standing(1 if tie or place == 0 else 2, seat, self.points[seat])
                for place, seat in enumerate(order)]

    def legal_moves(self):
        return [] if self.is_over else list(self.hands[self.to_move])

    def play(self, move):
        if isinstance(move, str) and move.isdigit():
            move = int(move)
        if move not in self.legal_moves():
            raise nn.IllegalMove(f"{move!r} is not a card you can play: play one of "
                                 f"{self.legal_moves()}.")
        seat = self.to_move
        self.hands[seat].remove(move)
        self.table.append(move)
        events = [("played", seat, move)]
        if len(self.table) == 2:
            scorer = 0 if self.table[0] > self.table[1] else 1
            self.points[scorer] += 1
            events.append(("point", scorer))
            self.table = []
        self.to_move = None if not any(self.hands) else 1 - seat
        self.history += events
        return events

    def view(self, seat):
        return {"seat": seat, "hand": list(self.hands[seat]), "table": list(self.table),
                "points": list(self.points), "to_move": self.to_move, "history": list(self.history)}

    def copy(self):
        return copy.deepcopy(self)

    def to_json(self):
        return json.dumps(self.__dict__)

    def hidden_from(self, seat):
        return {"the other hand": self.hands[1 - seat], "the cards left over": self.left_over}


def test_a_small_game_written_from_scratch_conforms():
    assert check_game(HighCard(), games=30) == []


def test_a_small_game_that_shows_the_cards_left_over_is_caught():
    class Peeking(HighCardState):
        def view(self, seat):
            return {**super().view(seat), "left_over": list(self.left_over)}

    class PeekingGame(HighCard):
        def new_game(self, seed=None):
            state = super().new_game(seed)
            state.__class__ = Peeking
            return state

    failures = check_game(PeekingGame(), games=5)
    assert failures and all(f.startswith("hidden information") for f in failures), failures
    assert "view['left_over']" in failures[0]


def test_a_game_without_the_declaration_is_told_how_to_add_it():
    class Undeclared(HighCardState):
        hidden_from = None

    class UndeclaredGame(HighCard):
        def new_game(self, seed=None):
            state = super().new_game(seed)
            state.__class__ = Undeclared
            return state

    failures = check_game(UndeclaredGame(), games=3)
    assert failures == ["hidden information: the states of this game have no hidden_from(seat) "
                        "method, so nothing can be checked about what the views hide: add one (see "
                        "ninetynine.testing), returning {} for a game with no hidden information."]


# --- bugs planted in copies of the kit's games ---------------------------------------------------

class planted:
    """A copy of ``game`` whose states have some methods replaced: ``planted(game, view=leaky)``.

    Its states are instances of a subclass of the game's state class made here, so the engine
    is untouched; copies and loaded games stay broken the same way.
    """

    def __init__(self, game, **methods):
        self.game = game
        base = type(game.new_game(seed=0))

        def copy(state):
            other = base.copy(state)
            other.__class__ = type(state)
            return other
        methods.setdefault("copy", copy)
        self.state_class = type(f"Planted{base.__name__}", (base,), methods)

    def __getattr__(self, name):
        return getattr(self.game, name)

    def _planted(self, state):
        state.__class__ = self.state_class
        return state

    def new_game(self, seed=None):
        return self._planted(self.game.new_game(seed=seed))

    def from_json(self, text):
        return self._planted(self.game.from_json(text))


def only(failures, check):
    """The failures of one check; the sentences must start with its name and a seed."""
    assert failures, "the planted bug was not reported"
    found = [f for f in failures if f.startswith(check + ",")]
    assert found, failures
    assert all(f.split(",")[0].split(":")[0] in CHECK_NAMES for f in failures), failures
    return found


QUENTIN = nn.make("quentin_c", players=3)


def test_a_view_that_shows_a_card_of_another_hand():
    def view(self, seat):
        seen = CountingState.view(self, seat)
        seen.peek = self.hands[(seat + 1) % self.players][:1]
        return seen
    found = only(check_game(planted(QUENTIN, view=view), games=3), "hidden information")
    assert "view(0) differs at view.peek[0]" in found[0]
    assert "when the cards hidden from seat 0 are dealt differently among seat 1's hand, seat " \
           "2's hand and the deck" in found[0]


def test_a_view_that_shows_the_top_of_the_deck():
    def view(self, seat):
        seen = CountingState.view(self, seat)
        seen.next_card = self.deck[0] if self.deck else None
        return seen
    found = only(check_game(planted(QUENTIN, view=view), games=3), "hidden information")
    assert "view.next_card" in found[0]


@pytest.mark.parametrize("name, base", [("quentin_c", CountingState), ("tricks", TricksState),
                                        ("board", BoardState)])
def test_a_view_whose_history_keeps_the_hidden_cards(name, base):
    # the engines redact another seat's drawn card (or laid-aside bid) in each view's history
    def view(self, seat):
        seen = base.view(self, seat)
        seen.history = list(self.history)
        return seen
    found = only(check_game(planted(nn.make(name), view=view), games=4), "hidden information")
    assert "after this move view(" in found[0] and "view.history[" in found[0]
    assert "the view tells seat" in found[0]


def test_a_view_that_holds_a_hidden_list_itself():
    def view(self, seat):
        seen = CountingState.view(self, seat)
        seen.hand_of_next = self.hands[(seat + 1) % self.players]
        return seen
    found = only(check_game(planted(QUENTIN, view=view), games=2), "hidden information")
    assert "view(0) holds seat 1's hand itself, at view.hand_of_next" in found[0]


def test_a_view_that_shares_a_list_with_the_state():
    def view(self, seat):
        seen = CountingState.view(self, seat)
        seen.discard = self.discard
        return seen
    found = only(check_game(planted(QUENTIN, view=view), games=2), "views")
    assert found[0] == ("views, seed 0, at the start: view(0) holds the state's own state.discard "
                        "at view.discard, so a bot that changes it changes the game: give the view "
                        "a copy.")


def test_a_copy_that_shares_a_list():
    def shallow(self):
        other = CountingState.copy(self)
        other.hands = self.hands
        other.__class__ = type(self)
        return other
    found = only(check_game(planted(QUENTIN, copy=shallow), games=2), "copy independence")
    assert found[0] == ("copy independence, seed 0, at the start: playing on the copy changed the "
                        "original (the save differs at ['hands'][0]).")


def test_a_copy_that_reads_the_original_until_it_plays():
    # copy on write: the copy's hands are the original's until the copy itself plays, so playing
    # on the copy leaves the original alone, but playing on the original changes the copy
    class LazyCopy(CountingState):
        hands = property(lambda self: self.__dict__.get("own", self.original.hands),
                         lambda self, hands: self.__dict__.__setitem__("own", hands))

        def play(self, move):
            if "own" not in self.__dict__:
                self.own = [list(hand) for hand in self.original.hands]
            return CountingState.play(self, move)

    def lazy_copy(self):
        other = CountingState.copy(self)
        del other.__dict__["hands"]             # read through the property from now on
        other.original, other.__class__ = self, LazyCopy
        return other
    found = only(check_game(planted(QUENTIN, copy=lazy_copy), games=2), "copy independence")
    assert "playing on the original changed the copy made here (the save differs at ['hands']" \
        in found[0]


def test_a_copy_that_shares_its_random_generator():
    def shared_rng(self):
        other = CountingState.copy(self)
        other.rng = self.rng
        other.__class__ = type(self)
        return other
    found = only(check_game(planted(QUENTIN, copy=shared_rng), games=3), "copy independence")
    assert "changed the original (the save differs at ['rng']" in found[0]


def test_a_save_that_drops_a_field():
    # the direction of play is saved as 1 whatever it is: the loaded game saves the same text,
    # so only playing it on shows the difference
    def to_json(self):
        data = json.loads(CountingState.to_json(self))
        data["direction"] = 1
        return json.dumps(data)
    found = only(check_game(planted(QUENTIN, to_json=to_json), games=10), "save and load")
    assert "the game loaded from this position's save" in found[0]
    assert "continued differently" in found[0] or "offers other legal moves" in found[0] \
        or "differs there" in found[0]


def test_a_save_that_cannot_be_loaded():
    def to_json(self):
        data = json.loads(CountingState.to_json(self))
        del data["plays"]
        return json.dumps(data)
    found = only(check_game(planted(QUENTIN, to_json=to_json), games=2), "save and load")
    assert found[0].startswith("save and load, seed 0, at the start: game.from_json refused the "
                               "game's own save: CorruptSave (The saved game has no 'plays' "
                               "field.)")


def test_an_illegal_move_that_is_accepted():
    def play(self, move):
        legal = self.legal_moves()
        if isinstance(move, str):
            move = self.parse_move(move)
        return CountingState.play(self, move if move in legal or not legal else legal[0])
    found = only(check_game(planted(QUENTIN, play=play), games=2), "illegal moves")
    assert found[0].endswith("was accepted, but it is not in legal_moves().")


def test_a_refusal_that_changes_the_state():
    def play(self, move):
        self.plays += 1                  # counted before the move is checked
        try:
            return CountingState.play(self, move)
        except nn.IllegalMove:
            raise
    found = only(check_game(planted(QUENTIN, play=play), games=2), "illegal moves")
    assert "changed the state (the save differs at ['plays'])" in found[0]


def test_a_refusal_that_raises_the_wrong_error():
    def play(self, move):
        if move is None:
            raise TypeError("no move")
        return CountingState.play(self, move)
    found = only(check_game(planted(QUENTIN, play=play), games=2), "illegal moves")
    assert "refusing None raised TypeError (no move) instead of IllegalMove, a ValueError" \
        in found[0]


def test_legal_moves_in_an_unstable_order():
    def legal_moves(self):
        moves = CountingState.legal_moves(self)
        random.shuffle(moves)
        return moves
    found = only(check_game(planted(QUENTIN, legal_moves=legal_moves), games=2), "legal moves")
    assert "legal_moves() gave two different lists when asked twice" in found[0]


def test_a_game_that_never_ends():
    def lose_nothing(self, seat, tokens, reason, by, events, card=None):
        CountingState._lose_tokens(self, seat, 0, reason, by, events, card)
    found = only(check_game(planted(QUENTIN, _lose_tokens=lose_nothing), games=1, max_moves=500),
                 "game end")
    assert found == ["game end, seed 0: the game is not over after 500 moves (if it may really "
                     "last longer, raise max_moves)."]


def test_a_game_that_ignores_its_seed():
    game = planted(QUENTIN)
    game.new_game = lambda seed=None: game._planted(QUENTIN.new_game(seed=None))
    found = only(check_game(game, games=2), "same seed")
    assert found[0].startswith("same seed, seed 0, at the start: two games made with this seed "
                               "differ (the save differs at ")


def test_a_winner_who_is_not_first_in_the_standings():
    last = property(lambda self: None if not self.is_over else self.standings()[-1].seat)
    found = only(check_game(planted(QUENTIN, winner=last), games=2), "standings")
    assert "is not ranked first in the standings" in found[0]


def test_is_over_that_disagrees_with_to_move():
    never = property(lambda self: False)
    found = only(check_game(planted(QUENTIN, is_over=never), games=1), "game over")
    assert "is_over is False but to_move is None" in found[0]


def test_a_declaration_that_gives_copies():
    def hidden_from(self, seat):
        return {name: list(items) for name, items in CountingState.hidden_from(self, seat).items()}
    found = only(check_game(planted(QUENTIN, hidden_from=hidden_from), games=2),
                 "hidden information")
    assert "hidden_from(0) must return the state's own lists, not copies" in found[0]


def test_a_crash_names_the_place_in_the_code():
    def view(self, seat):
        raise KeyError("oops")
    found = only(check_game(planted(QUENTIN, view=view), games=1), "views")
    assert "KeyError ('oops') was raised in test_conformance.py line" in found[0]


def test_failures_are_capped_at_three_seeds_per_check():
    def legal_moves(self):
        moves = CountingState.legal_moves(self)
        random.shuffle(moves)
        return moves
    failures = check_game(planted(QUENTIN, legal_moves=legal_moves), games=6)
    found = [f for f in failures if f.startswith("legal moves")]
    assert len(found) == 4
    assert found[-1] == "legal moves: the same check failed with 3 more seeds (3, 4, 5)."


def test_a_game_that_draws_on_the_shared_random_generator():
    def start_round(self, events):
        CountingState._start_round(self, events)
        random.shuffle(self.deck)                      # Python's shared generator, not self.rng
    found = only(check_game(planted(QUENTIN, _start_round=start_round), games=2), "same seed")
    # the first round is dealt before the planted class takes over: the second one differs
    assert "the second game made with this seed gave other events (at events[" in found[0]


def test_a_view_that_shows_a_missed_bid_at_the_end():
    # At the end of a deal a missed bid stays face down, its value too (DealScored is redacted)
    from ninetynine.tricks import events as tricks_events

    def view(self, seat):
        seen = TricksState.view(self, seat)
        seen.history = [event if type(event) is tricks_events.DealScored else redacted
                        for event, redacted in zip(self.history, seen.history)]
        return seen
    found = only(check_game(planted(nn.make("tricks", deals=1), view=view), games=10),
                 "hidden information")
    assert "view.history[" in found[0] and ".bids[" in found[0]
