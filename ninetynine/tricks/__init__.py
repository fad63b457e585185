"""Ninety-Nine, the three-player trick-taking game (source 001; RULES.md Part 2).

Each deal, every player lays aside three cards as a bid (clubs 3 tricks, hearts 2, spades 1,
diamonds 0), may offer to declare or reveal, then tries to take exactly that many of the nine
tricks.

>>> import ninetynine as nn
>>> state = nn.make("tricks").new_game(seed=1)
>>> state.play("pass") # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
IllegalMove: It is not the time for that: ...

Where the source is silent, this kit decides (and the notebooks say so):

- **The Joker follows the turn-up's suit**: it is a copy of the turn-up in every way, so it
  belongs to the turn-up's suit for following suit and for bidding, and ranks as the turn-up in a
  trick. With a 9 turned up (no trumps) it is that 9. A turned-up Joker is held by nobody.
- **Bids are made in turn** from the dealer's left, face down: the engine needs an order, and no
  player sees another's cards, so the order changes nothing.
- **Offers are one round**, in seat order from the dealer's left, each seat saying ``declare``,
  ``reveal`` or ``pass`` once, knowing the earlier offers. Every offer is always legal; when all
  have spoken, a reveal beats any declare, and between equal offers the first from the dealer's
  left wins. Only the winner's cards are exposed and only the winner earns (or pays) a premium.
- **Who deals first**: seat 2, so that seat 0, the dealer's left, bids and leads first (as seat 0
  starts the other games); the deal then passes to the left (seat 0, seat 1, ...).
- **Bid cards are shown only to prove a bid** (source 001: "only shown to prove that a bid has
  been fulfilled"): at the end of a deal each seat that made its bid turns its cards up
  (``BidShown``); a declared or revealed bid is face up already; a missed bid that was never
  declared or revealed stays face down, and other seats' views never hold its cards or value.
  The engine still scores every seat, as the table does by the tricks and the shown cards.
- Under ``trumps="results"`` the 36 cards are dealt 12 each with no turn-up and no Joker.
"""
from .cards import (DECK, FULL_DECK, JOKER, RANKS, SUIT_VALUES, acts_as, bid_value, card_name,
                    parse_card, trick_winner, trumps_of)
from .game import TricksGame
from .moves import DECLARE, PASS, REVEAL, Bid, Offer, PlayCard, parse_move
from .scoring import score_deal
from .state import TricksState, TricksView, playable
from .bidding import bid_options, bid_values

__all__ = ["TricksGame", "TricksState", "TricksView", "Bid", "Offer", "PlayCard", "DECLARE",
           "REVEAL", "PASS", "JOKER", "DECK", "FULL_DECK", "RANKS", "SUIT_VALUES", "acts_as",
           "bid_value", "bid_options", "bid_values", "card_name", "parse_card", "parse_move", "playable",
           "score_deal", "trick_winner", "trumps_of"]
