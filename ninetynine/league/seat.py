"""The learner's side of a seat: turn a view sent as plain data into a move's text.

This module runs where the learner's bot runs (in its sandbox, or in-process for tests). It
rebuilds the view (``plain.from_plain``), asks the learner's function for a move and answers the
move's **text**. Nothing here is trusted by the referee: it parses the text itself and checks it
against the rules, so a learner who changes this module in their own process only changes what
their own bot answers.

Which function plays:

- ``my_bot(view) -> move``: a whole bot (exercises 05, 06 and 18 for the running-total game,
  11 for the board game, or any ``.py`` file that defines one);
- ``my_bid(hand, trumps, turn_up) -> three cards``: a bidder for Ninety-Nine, the trick-taking
  game (exercise 15); it lays the cards aside, and the kit's ``rules_bot`` does the rest (offers
  and card play), exactly as exercise 15's checks judge it.

Views arrive with their history in pieces: the first view of a game carries the whole history,
later ones only the events since the seat's last view (``HISTORY`` keeps the rest), so a long
game does not send its beginning again at every move.
"""
from __future__ import annotations

import dataclasses

from .plain import from_plain

#: the functions a learner's file may define, in the order they are looked for
BOT_NAMES = ("my_bot", "my_bid")

#: the history of the current game as this seat has seen it: the game's name (drawn at random by
#: the referee's side for each game, ``PlainSeat.begin``: it tells a new game from the last and
#: nothing else) and its events
HISTORY: dict = {"key": None, "events": []}


def player_name(namespace: dict) -> str:
    """The name of the learner's function that plays: ``my_bot``, else ``my_bid``; else a
    ``LookupError`` in one sentence."""
    for name in BOT_NAMES:
        if callable(namespace.get(name)):
            return name
    raise LookupError("The file defines neither my_bot(view) nor my_bid(hand, trumps, turn_up).")


def _view(data: dict, history: dict):
    """The view, its history put back together from the pieces sent so far."""
    view = from_plain(data)
    if data.get("key") is not None:
        if history["key"] != data["key"] or len(history["events"]) != data["start"]:
            history["key"], history["events"] = data["key"], []
            if data["start"]:
                raise RuntimeError("The seat lost the start of the game's history.")
        history["events"].extend(view.history)
        events = list(history["events"])            # the view's own kind of sequence again
        view = dataclasses.replace(view, history=tuple(events) if isinstance(view.history, tuple)
                                   else events)
    return view


def answer(namespace: dict, data: dict, history: dict = HISTORY) -> str:
    """The text of the move the learner's function chooses for the view in ``data``
    (``history``: where this seat keeps the game's history between views). Always a ``str``
    itself, never a subclass: the referee takes an answer that is not text as a sign that the
    league's code here was changed (``Sandboxed``)."""
    view = _view(data, history)
    name = player_name(namespace)
    if name == "my_bot":
        return _text(namespace["my_bot"](view))
    from ..bots.tricks import rules_bot
    from ..tricks.moves import Bid
    if view.phase != "bid":
        return _text(rules_bot(view))
    cards = namespace["my_bid"](list(view.hand), view.trumps, view.turn_up)
    return _text(Bid.of(getattr(cards, "cards", cards)))


def _text(move) -> str:
    """``str(move)`` as a plain ``str`` (a learner's ``__str__`` may return a subclass)."""
    return str.__str__(str(move))
