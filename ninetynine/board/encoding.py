"""The Game of 99, the board game, for the OpenSpiel and PettingZoo adapters: ``BoardEncoding``."""
from __future__ import annotations

import random

from ..adapters.encoding import GameEncoding, Part, one_hot, per_seat, relative
from ..core import deal_around
from .moves import CARDS, DRAW, HAND_LIMIT, Discard, Place


class BoardEncoding(GameEncoding):
    """The board game for the adapters.

    Actions: "play k on s" for every card k and square s >= k (5,050), ``draw``, and "discard k"
    for every card (100): 5,151 actions.

    Length: without replayed ties at most 200 moves (every card is drawn once and leaves a hand
    once); with them, no bound.
    """

    def __init__(self, game):
        moves = [Place(card, square) for card in CARDS for square in range(card.value, 100)]
        moves += [DRAW] + [Discard(card) for card in CARDS]
        super().__init__(game, moves)
        self.natural_length = None if game.replay_ties else 200
        n = game.players
        self.parts = [Part("squares", 100, game.teams), Part("hand", 100, 1),
                      Part("discard", 100, 1), Part("hand sizes", n, HAND_LIMIT),
                      Part("deck size", 1, len(CARDS)), Part("to move", n, 1)]

    # --- OpenSpiel's tensors: absolute seats --------------------------------------------------

    def pieces(self, perfect_recall):
        n = self.players
        pieces = [("seat", (n,)), ("to_move", (n,)), ("markers", (n, 100)), ("hand", (100,)),
                  ("discard", (100,)), ("hand_sizes", (n,)), ("deck_size", (1,))]
        if perfect_recall:
            pieces += [("discarded_by", (n, 100)), ("events_so_far", (1,))]
        return pieces

    def fill(self, parts, view, perfect_recall):
        one_hot(parts["seat"], view.seat)
        one_hot(parts["to_move"], view.to_move)
        for square, owner in enumerate(view.owner):
            if owner is not None:
                parts["markers"][owner, square] = 1
        for card in view.hand:
            parts["hand"][card.value] = 1
        for card in view.discard:
            parts["discard"][card.value] = 1
        parts["hand_sizes"][:] = view.hand_sizes
        parts["deck_size"][0] = view.deck_size
        if perfect_recall:
            from .events import BoardCardDiscarded, BoardTied
            for event in view.history:
                if type(event) is BoardTied:
                    parts["discarded_by"].fill(0)
                elif type(event) is BoardCardDiscarded:
                    parts["discarded_by"][event.seat, event.card.value] = 1
            parts["events_so_far"][0] = len(view.history)

    # --- PettingZoo's vector: seats and teams counted from the observer ------------------------

    def observe(self, view, vector, at):
        n, teams = self.players, self.game.teams
        for square, holder in enumerate(view.owner):
            if holder is not None:     # 1 for the observing seat's team, 2 the next team, ...
                vector[at["squares"].start + square] = (holder % teams - view.team) % teams + 1
        for name, cards in (("hand", view.hand), ("discard", view.discard)):
            for card in cards:
                vector[at[name].start + card.value] += 1
        vector[at["hand sizes"]] = per_seat(view, view.hand_sizes, n)
        vector[at["deck size"]] = view.deck_size
        if view.to_move is not None:
            vector[at["to move"].start + relative(view, view.to_move, n)] = 1

    # --- sampled worlds ------------------------------------------------------------------------

    def world(self, view, rng, state=None):
        """A whole state from ``view`` alone: the cards it cannot see dealt at random to the
        other hands and the deck, keeping their sizes."""
        from .events import BoardTied, FirstPlayerChosen
        from .state import BoardState
        seen = set(view.hand) | set(view.discard)
        pool = [card for card in CARDS if card not in seen]
        rng.shuffle(pool)
        world = BoardState(self.game)
        world.rng = random.Random(rng.getrandbits(64))
        hands, rest = deal_around(view, pool)
        world.hands, world.deck = hands, rest[:view.deck_size]
        world.owner, world.discard = list(view.owner), list(view.discard)
        world.to_move = view.to_move
        world.history = list(view.history)
        chosen = [event for event in view.history if type(event) is FirstPlayerChosen]
        world.first = chosen[-1].first if chosen else 0
        world.game_number = 1 + sum(type(event) is BoardTied for event in view.history)
        return world

    # --- words ---------------------------------------------------------------------------------

    def public_events(self, state, start=0):
        from .events import redact
        return [redact(event, None) for event in state.history[start:]]

    def whose_turn(self, state):
        from .words import status
        return status(state.view(state.to_move), you=None)

    def move_words(self, move):
        from .words import move_name
        return move_name(move)
