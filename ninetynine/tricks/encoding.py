"""Ninety-Nine, the trick-taking game, for the OpenSpiel and PettingZoo adapters: ``TricksEncoding``."""
from __future__ import annotations

import random
from itertools import combinations

from ..adapters.encoding import GameEncoding, Part, cards_into, one_hot, per_seat, relative
from .cards import FULL_DECK, SUITS, sort_key, sorted_cards
from .moves import OFFERS, Bid, PlayCard
from .state import PLAYERS, TRICKS, deck_of

PHASES = ("bid", "offer", "play", "over")
KINDS = ("declare", "reveal", "pass")


class TricksEncoding(GameEncoding):
    """The trick-taking game for the adapters.

    Actions: every bid (three cards of the deck, in the order of ``itertools.combinations`` over
    the deck sorted as hands are), then ``declare``, ``reveal``, ``pass``, then playing each
    card: 7,810 actions with the Joker (trumps by turn-up), 7,179 without it.

    Length: exactly 33 moves a deal (3 bids, 3 offers, 27 cards).
    """

    def __init__(self, game):
        #: the game's deck, sorted as hands are (the actions and PettingZoo's vector)
        self.deck = sorted(deck_of(game), key=sort_key)
        self.position = {card: i for i, card in enumerate(self.deck)}
        #: all 37 cards (OpenSpiel's tensor, whatever the trumps)
        self.card_index = {card: i for i, card in enumerate(FULL_DECK)}
        moves = [Bid(trio) for trio in combinations(self.deck, 3)] + list(OFFERS)
        moves += [PlayCard(card) for card in self.deck]
        super().__init__(game, moves)
        self.natural_length = 33 * game.deals
        d, n = len(self.deck), PLAYERS
        self.parts = [Part("hand", d, 1), Part("laid aside", d, 1),
                      Part("exposed bids", (n - 1) * d, 1), Part("exposed hands", (n - 1) * d, 1),
                      Part("trick", n * d, 1), Part("played this deal", d, 1), Part("turn-up", d, 1),
                      Part("trumps", len(SUITS) + 1, 1), Part("phase", 4, 1), Part("dealer", n, 1),
                      Part("leader", n, 1), Part("to move", n, 1), Part("offers", n * 3, 1),
                      Part("premium", n * 2, 1), Part("known bids", n, 10),
                      Part("tricks taken", n, TRICKS), Part("scores", n, 99 * game.deals),
                      Part("deal", 1, game.deals)]

    # --- OpenSpiel's tensors: absolute seats --------------------------------------------------

    def pieces(self, perfect_recall):
        c = len(FULL_DECK)
        pieces = [("seat", (3,)), ("to_move", (3,)), ("dealer", (3,)), ("leader", (3,)),
                  ("phase", (4,)), ("trumps", (5,)), ("turn_up", (c,)), ("hand", (c,)),
                  ("laid_aside", (c,)), ("trick", (3, c)), ("hand_sizes", (3,)),
                  ("has_bid", (3,)), ("known_bids", (3, 11)), ("offers", (3, 4)),
                  ("premium", (3, 2)), ("exposed_bids", (3, c)), ("exposed_hands", (3, c)),
                  ("tricks_taken", (3,)), ("scores", (3,)), ("deal", (1,))]
        if perfect_recall:
            pieces += [("played_this_deal", (3, c)), ("events_so_far", (1,))]
        return pieces

    def fill(self, parts, view, perfect_recall):
        index = self.card_index
        one_hot(parts["seat"], view.seat)
        one_hot(parts["to_move"], view.to_move)
        one_hot(parts["dealer"], view.dealer)
        one_hot(parts["leader"], view.leader)
        one_hot(parts["phase"], PHASES.index(view.phase))
        one_hot(parts["trumps"], ("C", "D", "H", "S", "").index(view.trumps))
        if view.turn_up is not None:
            parts["turn_up"][index[view.turn_up]] = 1
        for name in ("hand", "laid_aside"):
            for card in getattr(view, name):
                parts[name][index[card]] = 1
        for place, card in enumerate(view.trick):
            parts["trick"][place, index[card]] = 1
        parts["hand_sizes"][:] = view.hand_sizes
        parts["has_bid"][:] = view.has_bid
        for seat, bid in enumerate(view.known_bids):
            parts["known_bids"][seat, 10 if bid is None else bid] = 1
        for seat, offer in enumerate(view.offers):
            parts["offers"][seat, (None, "pass", "declare", "reveal").index(offer)] = 1
        if view.premium is not None:
            parts["premium"][view.premium[0], ("declare", "reveal").index(view.premium[1])] = 1
        for name in ("exposed_bids", "exposed_hands"):
            for seat, cards in enumerate(getattr(view, name)):
                for card in cards or ():
                    parts[name][seat, index[card]] = 1
        parts["tricks_taken"][:] = view.tricks_taken
        parts["scores"][:] = view.scores
        parts["deal"][0] = view.deal
        if perfect_recall:
            tricks = list(view.tricks_played) + ([(view.leader, tuple(view.trick))] if view.trick else [])
            for leader, cards in tricks:
                for place, card in enumerate(cards):
                    parts["played_this_deal"][(leader + place) % 3, index[card]] = 1
            parts["events_so_far"][0] = len(view.history)

    # --- PettingZoo's vector: seats counted from the observer ----------------------------------

    def observe(self, view, vector, at):
        n, d, position = PLAYERS, len(self.deck), self.position
        cards_into(vector, at["hand"], view.hand, position)
        cards_into(vector, at["laid aside"], view.laid_aside, position)
        for seat in range(n):
            step = relative(view, seat, n)
            if step:
                for name, shown in (("exposed bids", view.exposed_bids[seat]),
                                    ("exposed hands", view.exposed_hands[seat])):
                    block = slice(at[name].start + (step - 1) * d, at[name].start + step * d)
                    cards_into(vector, block, shown or [], position)
        for offset, card in enumerate(view.trick):
            step = relative(view, (view.leader + offset) % n, n)
            vector[at["trick"].start + step * d + position[card]] = 1
        for _, cards in view.tricks_played:
            cards_into(vector, at["played this deal"], cards, position)
        if view.turn_up is not None:
            vector[at["turn-up"].start + position[view.turn_up]] = 1
        vector[at["trumps"].start + (SUITS.index(view.trumps) if view.trumps else len(SUITS))] = 1
        vector[at["phase"].start + PHASES.index(view.phase)] = 1
        vector[at["dealer"].start + relative(view, view.dealer, n)] = 1
        vector[at["leader"].start + relative(view, view.leader, n)] = 1
        if view.to_move is not None:
            vector[at["to move"].start + relative(view, view.to_move, n)] = 1
        for seat, offer in enumerate(view.offers):
            if offer is not None:
                vector[at["offers"].start + relative(view, seat, n) * 3 + KINDS.index(offer)] = 1
        if view.premium is not None:
            seat, kind = view.premium
            vector[at["premium"].start + relative(view, seat, n) * 2 + KINDS.index(kind)] = 1
        vector[at["known bids"]] = [0 if bid is None else bid + 1
                                    for bid in per_seat(view, view.known_bids, n)]
        vector[at["tricks taken"]] = per_seat(view, view.tricks_taken, n)
        vector[at["scores"]] = per_seat(view, view.scores, n)
        vector[at["deal"]] = view.deal

    # --- sampled worlds ------------------------------------------------------------------------

    def world(self, view, rng, state=None):
        """A whole state from ``view`` alone: the cards it cannot see dealt at random to the
        hands and laid-aside bids it cannot see, keeping every size the view shows and the suits
        a seat has shown it lacks."""
        from ..bots.tricks import _deal_hands
        from .events import DealScored
        from .state import TricksState
        hands, leftover = _deal_hands(view, rng)
        world = TricksState(self.game)
        world.rng = random.Random(rng.getrandbits(64))
        world.deal, world.dealer, world.phase = view.deal, view.dealer, view.phase
        world.turn_up, world.trumps = view.turn_up, view.trumps
        world.hands = [sorted_cards(hand) for hand in hands]
        laid_aside = []
        for seat in range(PLAYERS):
            if seat == view.seat:
                laid_aside.append(list(view.laid_aside))
            elif view.exposed_bids[seat] is not None:
                laid_aside.append(list(view.exposed_bids[seat]))
            elif view.has_bid[seat]:
                laid_aside.append(sorted_cards(leftover[:3]))
                leftover = leftover[3:]
            else:
                laid_aside.append([])
        world.laid_aside = laid_aside
        world.offers, world.premium = list(view.offers), view.premium
        world.leader, world.trick = view.leader, list(view.trick)
        world.tricks_played = list(view.tricks_played)
        world.tricks_taken, world.scores = list(view.tricks_taken), list(view.scores)
        world.deal_points = [list(points) for points in view.deal_points]
        scored = [event for event in view.history if type(event) is DealScored]
        world.last_made = sum(scored[-1].made) if scored else None
        world.to_move = view.to_move
        world.history = list(view.history)
        return world

    def matches(self, view):
        """Beyond the seats and deals: a turn-up exactly when the trumps are turned up."""
        return super().matches(view) and (view.turn_up is None) == (self.game.trumps == "results")

    # --- words ---------------------------------------------------------------------------------

    def public_events(self, state, start=0):
        from .events import redact
        return [redact(event, None) for event in state.history[start:]]

    def whose_turn(self, state):
        from .words import tricks_turn
        return tricks_turn(state.view(state.to_move))

    def move_words(self, move):
        from .words import card_words, cards_words
        if isinstance(move, Bid):
            return f"a bid of {cards_words(move.cards)}"
        if isinstance(move, PlayCard):
            return card_words(move.card)
        return str(move)                 # an offer: "declare", "reveal" or "pass"
