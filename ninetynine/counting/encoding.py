"""The running-total games for the OpenSpiel and PettingZoo adapters: ``CountingEncoding``.

Every rule set (the kit's four and any made with ``RuleSet.variant``) declares this encoding,
so a rule set of your own is a game of both adapters too.
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..adapters.encoding import GameEncoding, Part, cards_into, one_hot, per_seat, relative
from ..core import deal_around
from .moves import DRAW, END
from .rules import MAX_COUNT


class CountingEncoding(GameEncoding):
    """A running-total game, any rule set, for the adapters.

    Actions: for each distinct card of the deck in deck order, each of its plays (the Ace of
    Spades as +1, then as +11; the Taiwanese 5 naming seat 0, 1, ...), then ``DRAW`` and ``END``
    when drawing is manual. Quentin C has 60 actions (62 with manual drawing).

    Length: ``rounds`` times the deck when the rules never reshuffle (the Taiwanese rules);
    otherwise no bound.

    Explicit chance (OpenSpiel's ``python_ninetynine_<name>_explicit``): every rule set. The
    engine draws from its state's generator only to shuffle (each round's deck, a reshuffle of
    the discard pile, the Taiwanese draw for the order of play) and to choose a random starter,
    so every one of those is chance nodes: a deck's order card by card, each distinct card left
    with probability copies left / cards left (``chance_items``: the distinct cards in deck
    order). Cards drawn later were fixed by that order, which no view shows.
    """

    def __init__(self, game):
        n = game.players
        #: the distinct cards, in deck order (RS Games: 15 kinds of card, 4 copies each)
        self.cards = list(dict.fromkeys(game.rules.deck))
        self.card_index = {card: i for i, card in enumerate(self.cards)}
        moves = []
        for card in self.cards:
            for play, _ in game.plays_of[card]:
                if game.effect_of[card].choose_next:
                    moves += [game.play_of(card, play.amount, seat) for seat in range(n)]
                else:
                    moves.append(play)
        if not game.auto_draw:
            moves += [DRAW, END]
        super().__init__(game, moves)
        self.chance_items = tuple(self.cards)
        rules = game.rules
        self.natural_length = None if rules.reshuffle else game.rounds * len(rules.deck)
        copies = max(rules.deck.count(card) for card in self.cards)
        self.places = rules.scoring == "places"
        self.score = (Part("points", n, game.rounds * n) if self.places
                      else Part("tokens", n, game.tokens))
        rounds = game.rounds if self.places else n * game.tokens + 1
        d = len(self.cards)
        self.parts = [Part("hand", d, copies), Part("discard", d, copies),
                      Part("count", 1, 2 * MAX_COUNT), Part("direction", 1, 1, -1),
                      Part("draw step", 1, 1), Part("round", 1, rounds),
                      Part("deck size", 1, len(rules.deck)), self.score,
                      Part("hand sizes", n, game.hand_size), Part("in round", n, 1),
                      Part("to move", n, 1)]

    def new_state(self, rng):
        """A new game dealt with ``rng`` (explicit chance): ``game.new_game`` with a given
        generator."""
        from .state import CountingState
        state = CountingState(self.game, rng=rng)
        events: list = []
        state._start_round(events)
        state.history.extend(events)
        return state

    # --- OpenSpiel's tensors: absolute seats --------------------------------------------------

    def pieces(self, perfect_recall):
        n, d = self.players, len(self.cards)
        pieces = [("seat", (n,)), ("to_move", (n,)), ("hand", (d,)), ("discard", (d,)),
                  ("count", (101,)), ("direction", (1,)), ("draw_step", (1,)),
                  ("tokens", (n,)), ("points", (n,)), ("hand_sizes", (n,)), ("in_round", (n,)),
                  ("out_of_game", (n,)), ("deck_size", (1,)), ("round", (1,))]
        if perfect_recall:
            pieces += [("played_this_round", (n, d)), ("events_so_far", (1,))]
        return pieces

    def fill(self, parts, view, perfect_recall):
        index = self.card_index
        one_hot(parts["seat"], view.seat)
        one_hot(parts["to_move"], view.to_move)
        for card in view.hand:
            parts["hand"][index[card]] += 1
        for card in view.discard:
            parts["discard"][index[card]] += 1
        one_hot(parts["count"], min(max(view.count, 0), 100))
        parts["direction"][0] = view.direction == 1
        parts["draw_step"][0] = view.phase == "draw"
        if view.tokens:
            parts["tokens"][:] = view.tokens
        if view.points:
            parts["points"][:] = view.points
        parts["hand_sizes"][:] = view.hand_sizes
        parts["in_round"][:] = view.in_round
        parts["out_of_game"][:] = [at is not None for at in view.eliminated_at]
        parts["deck_size"][0] = view.deck_size
        parts["round"][0] = view.round
        if perfect_recall:
            from .events import CardPlayed, RoundStarted
            played = parts["played_this_round"]
            for event in view.history:
                if type(event) is RoundStarted:
                    played.fill(0)
                elif type(event) is CardPlayed:
                    played[event.seat, index[event.card]] += 1
            parts["events_so_far"][0] = len(view.history)

    # --- PettingZoo's vector: seats counted from the observer ----------------------------------

    def observe(self, view, vector, at):
        n = self.players
        cards_into(vector, at["hand"], view.hand, self.card_index)
        cards_into(vector, at["discard"], view.discard, self.card_index)
        vector[at["count"]] = view.count
        vector[at["direction"]] = view.direction
        vector[at["draw step"]] = view.phase == "draw"
        vector[at["round"]] = view.round
        vector[at["deck size"]] = view.deck_size
        vector[at[self.score.name]] = per_seat(view, view.points if self.places else view.tokens, n)
        vector[at["hand sizes"]] = per_seat(view, view.hand_sizes, n)
        vector[at["in round"]] = per_seat(view, view.in_round, n)
        if view.to_move is not None:
            vector[at["to move"].start + relative(view, view.to_move, n)] = 1

    # --- sampled worlds ------------------------------------------------------------------------

    def world(self, view, rng, state=None, tries: int = 200):
        """A whole state from ``view`` alone, the cards it cannot see dealt at random. A player
        whose turn has begun has passed the start-of-turn checks: under the Taiwanese rules it
        holds a card it can play, under the RS Games rules a safe card (else it would have left
        the round, or paid). So when another seat is to move, deals that fail its check are
        dealt again (after ``tries`` failures, the last deal stands)."""
        from ..bots.counting import unseen_cards
        from .state import CountingState
        game = self.game
        unseen = unseen_cards(view)
        mover = view.to_move
        check = mover is not None and mover != view.seat and view.phase == "play" and (
            game.rules.scoring == "places" or game.rules.no_safe_card_penalty)
        for _ in range(tries):
            pool = list(unseen)
            rng.shuffle(pool)
            hands, rest = deal_around(view, pool)
            world = CountingState.from_view(view, game, hands, rest,
                                            random.Random(rng.getrandbits(64)), check=False)
            if not check or (world.legal_moves() if game.rules.scoring == "places"
                             else world._has_safe_card(mover)):
                break
        world.history = list(view.history)
        world.round_points = list(view.round_points)
        return world

    # --- words ---------------------------------------------------------------------------------

    def public_events(self, state, start=0):
        from .events import redact
        return [redact(event, None) for event in state.history[start:]]

    def whose_turn(self, state):
        from .words import status
        return status(replace(state.view(state.to_move), seat=None))

    def move_words(self, move):
        from .words import move_name
        return move_name(move)
