"""Ninety-Nine with its options, positions for teaching and testing, and the checks they share.

>>> game = TricksGame()
>>> state = game.new_game(seed=7)
>>> state.phase, state.to_move, [len(hand) for hand in state.hands]
('bid', 0, [12, 12, 12])
"""
from __future__ import annotations

from ..cards import CardError
from ..protocol import Declaration, declare
from .cards import parse_card, sorted_cards, trumps_of
from .saving import state_from_json, state_to_json
from .state import PLAYERS, TricksState
from .validation import expected_to_move, is_seat, validate

TRUMP_RULES = ("turn-up", "results")


class TricksGame:
    """Ninety-Nine for three players.

    trumps   "turn-up" (default): the 37th card sets trumps (a 9 or the Joker: no trumps), and
             the Joker acts as the turn-up. "results": 36 cards, no Joker; the first deal has no
             trumps, then clubs / hearts / spades / diamonds when 3 / 2 / 1 / 0 players made
             their bid in the deal before.
    deals    how many deals make a game (default 9, so each player deals three times).
    """

    name = "tricks"
    players = PLAYERS
    #: seat 2 deals first, so seat 0 (the dealer's left) bids and leads first, as in the other games
    first_dealer = 2

    def __init__(self, trumps: str = "turn-up", deals: int = 9):
        if trumps not in TRUMP_RULES:
            raise ValueError(f"trumps must be 'turn-up' or 'results', not {trumps!r}.")
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 99:
            raise ValueError(f"deals must be a whole number from 1 to 99, not {deals!r}.")
        self.trumps = trumps
        self.deals = deals

    @property
    def options(self) -> dict:
        """The options that rebuild this game: ``TricksGame(**game.options)``."""
        return {"trumps": self.trumps, "deals": self.deals}

    def new_game(self, seed=None) -> TricksState:
        """A new game: shuffled and dealt; the dealer's left is the first to bid."""
        state = TricksState(self, seed)
        events: list = []
        state._start_deal(events)
        state.history.extend(events)
        return state

    def setup(self, hands, turn_up=None, trumps: str | None = None, dealer: int = 2,
              laid_aside=None, offers=None, premium=None, leader: int | None = None,
              trick="", tricks_taken=None, scores=None, deal: int = 1, seed=0) -> TricksState:
        """A position for teaching and testing. The phase follows from what is given:

        - no ``laid_aside``: bidding; ``hands`` are 12 cards each (text such as "6C 9D KH ...");
        - ``laid_aside`` (three cards per seat) and ``offers`` (the offers made so far, from the
          dealer's left, e.g. ``["pass"]``): the offers;
        - ``laid_aside`` without ``offers``: the play. ``premium`` is (seat, "declare" or
          "reveal") or None; ``leader`` (default: the dealer's left) led ``trick``, the cards
          already played to the current trick; ``tricks_taken`` counts the finished tricks.

        ``turn_up`` names the turned-up card (required unless trumps="results", where ``trumps``
        names the trump suit letter or "" for none). Cards not named anywhere are out of play.
        """
        state = TricksState(self, seed)
        try:
            state.hands = [sorted_cards(_cards(hand)) for hand in hands]
            state.laid_aside = ([sorted_cards(_cards(cards)) for cards in laid_aside]
                                if laid_aside is not None else [[] for _ in range(PLAYERS)])
            state.trick = _cards(trick)
            state.turn_up = parse_card(turn_up) if isinstance(turn_up, str) else turn_up
        except CardError as error:
            raise ValueError(str(error)) from None
        if self.trumps == "turn-up":
            if state.turn_up is None:
                raise ValueError("turn_up must name the turned-up card, such as 'QS' or 'JK'.")
            if trumps is not None and trumps != trumps_of(state.turn_up):
                raise ValueError("With trumps='turn-up' the turn-up card sets trumps: leave out trumps.")
            state.trumps = trumps_of(state.turn_up)
        else:
            if state.turn_up is not None:
                raise ValueError("With trumps='results' no card is turned up: leave out turn_up.")
            state.trumps = trumps or ""
        state.deal, state.dealer = deal, dealer
        state.scores = list(scores) if scores is not None else [0] * PLAYERS
        state.tricks_taken = list(tricks_taken) if tricks_taken is not None else [0] * PLAYERS
        if laid_aside is None:
            state.phase = "bid"
        elif offers is not None:
            state.phase = "offer"
            state.offers = [None] * PLAYERS
            for step, kind in enumerate(offers):
                state.offers[(dealer + 1 + step) % PLAYERS] = kind
        else:
            state.phase = "play"
            if premium is not None and not isinstance(premium, (tuple, list)):
                raise ValueError("premium must be None or (seat, 'declare' or 'reveal').")
            state.premium = tuple(premium) if premium is not None else None
        state.leader = (dealer + 1) % PLAYERS if leader is None else leader
        state.to_move = expected_to_move(state) if is_seat(dealer) and is_seat(state.leader) else 0
        validate(state)
        return state

    def from_json(self, text: str) -> TricksState:
        """Load a saved game, refusing a corrupt or impossible one with a clear message."""
        return state_from_json(self, text)

    def save(self, state: TricksState) -> str:
        """``state`` as JSON text (``state.to_json()`` asks its game)."""
        return state_to_json(state)

    def __repr__(self) -> str:
        return f"TricksGame(trumps={self.trumps!r}, deals={self.deals})"


def _cards(text) -> list:
    if isinstance(text, str):
        return [parse_card(word) for word in text.replace(",", " ").split()]
    return [card if not isinstance(card, str) else parse_card(card) for card in text]


#: what every tool needs to know about Ninety-Nine, the trick-taking game (``ninetynine.protocol``)
DECLARATION = declare(Declaration(
    name="tricks", title="Ninety-Nine, the trick-taking game", build=TricksGame, players=(PLAYERS,),
    bots=("ninetynine.tricks.bots:BOTS",), words="ninetynine.tricks.words", events="ninetynine.tricks.events",
    table="ninetynine.tricks.table:TricksTable", console="ninetynine.tricks.console:run",
    encoding="ninetynine.tricks.encoding:TricksEncoding",
    conformance=({}, {"trumps": "results", "deals": 2})))
TricksGame.declaration = DECLARATION
