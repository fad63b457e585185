"""Ninety-Nine with its options, positions for teaching and testing, and the checks they share.

>>> game = TricksGame()
>>> state = game.new_game(seed=7)
>>> state.phase, state.to_move, [len(hand) for hand in state.hands]
('bid', 0, [12, 12, 12])
"""
from __future__ import annotations

from collections import Counter

from ..cards import CardError
from ..protocol import Declaration, declare
from .cards import JOKER, SUITS, parse_card, sorted_cards, trumps_of
from .state import HAND, PLAYERS, TRICKS, TricksState, deck_of

TRUMP_RULES = ("turn-up", "results")
PHASES = ("bid", "offer", "play", "over")
OFFER_KINDS = ("declare", "reveal", "pass")


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
        state.to_move = expected_to_move(state) if _is_seat(dealer) and _is_seat(state.leader) else 0
        validate(state)
        return state

    def from_json(self, text: str) -> TricksState:
        """Load a saved game, refusing a corrupt or impossible one with a clear message."""
        from .saving import state_from_json
        return state_from_json(self, text)

    def __repr__(self) -> str:
        return f"TricksGame(trumps={self.trumps!r}, deals={self.deals})"


def _cards(text) -> list:
    if isinstance(text, str):
        return [parse_card(word) for word in text.replace(",", " ").split()]
    return [card if not isinstance(card, str) else parse_card(card) for card in text]


def _is_seat(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS


def _is_count(value, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def expected_to_move(state: TricksState) -> int | None:
    """Whose turn it is, worked out from the cards: used to build and to check positions."""
    first = (state.dealer + 1) % PLAYERS
    if state.phase == "over":
        return None
    if state.phase == "bid":
        return (first + sum(bool(cards) for cards in state.laid_aside)) % PLAYERS
    if state.phase == "offer":
        return (first + sum(offer is not None for offer in state.offers)) % PLAYERS
    return (state.leader + len(state.trick)) % PLAYERS


def validate(state: TricksState) -> None:
    """Refuse a position that could not occur in a game, with one sentence saying why."""
    game = state.game
    if state.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {state.phase!r}.")
    if not _is_seat(state.dealer) or not _is_seat(state.leader):
        raise ValueError(f"dealer and leader must be seats from 0 to {PLAYERS - 1}.")
    if not (isinstance(state.deal, int) and 1 <= state.deal <= game.deals):
        raise ValueError(f"deal must be a whole number from 1 to {game.deals}, not {state.deal!r}.")
    for name in ("hands", "laid_aside", "scores", "tricks_taken", "offers"):
        if not isinstance(getattr(state, name), list) or len(getattr(state, name)) != PLAYERS:
            raise ValueError(f"{name} must give one entry for each of the {PLAYERS} seats.")
    if not all(isinstance(score, int) and not isinstance(score, bool) for score in state.scores):
        raise ValueError("scores must be whole numbers.")
    _check_cards(state)
    if game.trumps == "turn-up" and state.trumps != trumps_of(state.turn_up):
        raise ValueError("The trumps must be the turn-up card's suit (none for a 9 or the Joker).")
    if game.trumps == "results" and state.trumps not in ("",) + SUITS:
        raise ValueError(f"trumps must be one of C, D, H, S or '' for none, not {state.trumps!r}.")
    _check_sizes(state)
    if state.to_move != expected_to_move(state):
        raise ValueError(f"It must be seat {expected_to_move(state)}'s turn in this position, "
                         f"not seat {state.to_move}'s.")


def _check_cards(state: TricksState) -> None:
    deck = deck_of(state.game)
    placed = Counter(card for hand in state.hands for card in hand)
    placed.update(card for cards in state.laid_aside for card in cards)
    placed.update(state.trick)
    placed.update(card for _, cards in state.tricks_played for card in cards)
    if state.turn_up is not None:
        placed[state.turn_up] += 1
    for card, number in placed.items():
        if card not in deck:
            raise ValueError(f"The {'Joker' if card == JOKER else card.name} is not in this game's "
                             "deck (trumps='results' plays without the Joker).")
        if number > 1:
            raise ValueError(f"The {'Joker' if card == JOKER else card.name} appears {number} "
                             "times; there is one of each card.")


def _check_sizes(state: TricksState) -> None:
    """Hand sizes, bids, offers and tricks must fit the phase."""
    sizes = [len(hand) for hand in state.hands]
    aside = [len(cards) for cards in state.laid_aside]
    first = (state.dealer + 1) % PLAYERS
    order = [(first + step) % PLAYERS for step in range(PLAYERS)]
    if state.phase == "bid":
        done = [aside[seat] == 3 for seat in order]
        if any(size not in (0, 3) for size in aside) or done != sorted(done, reverse=True):
            raise ValueError("During bidding, the seats from the dealer's left lay aside three "
                             "cards each in turn.")
        if any(sizes[s] != (HAND - 3 if aside[s] else HAND) for s in range(PLAYERS)):
            raise ValueError(f"During bidding each hand holds {HAND} cards ({HAND - 3} after "
                             "laying three aside).")
        return
    if aside != [3] * PLAYERS:
        raise ValueError("After bidding every seat has laid aside exactly three cards.")
    if state.phase == "offer":
        said = [state.offers[seat] is not None for seat in order]
        if sizes != [TRICKS] * PLAYERS or said != sorted(said, reverse=True) or all(said):
            raise ValueError(f"During the offers every hand holds {TRICKS} cards and the seats "
                             "from the dealer's left speak in turn.")
        if any(offer not in OFFER_KINDS + (None,) for offer in state.offers):
            raise ValueError("Each offer must be 'declare', 'reveal' or 'pass'.")
        return
    premium = state.premium
    if premium is not None and (len(premium) != 2 or not _is_seat(premium[0])
                                or premium[1] not in ("declare", "reveal")):
        raise ValueError("premium must be None or (seat, 'declare' or 'reveal').")
    if not all(_is_count(taken, TRICKS) for taken in state.tricks_taken):
        raise ValueError(f"tricks_taken must be whole numbers from 0 to {TRICKS}.")
    done = sum(state.tricks_taken)
    if state.phase == "over":
        if sizes != [0] * PLAYERS or state.trick:
            raise ValueError("When the game is over no cards are left in play.")
        return
    if len(state.trick) >= PLAYERS or done >= TRICKS:
        raise ValueError(f"A trick in progress holds 0 to 2 cards, and at most {TRICKS - 1} tricks "
                         "are finished.")
    played = {(state.leader + i) % PLAYERS for i in range(len(state.trick))}
    for seat in range(PLAYERS):
        if sizes[seat] != TRICKS - done - (seat in played):
            raise ValueError(f"With {done} tricks finished, seat {seat} should hold "
                             f"{TRICKS - done - (seat in played)} cards, not {sizes[seat]}.")


#: what every tool needs to know about Ninety-Nine, the trick-taking game (``ninetynine.protocol``)
DECLARATION = declare(Declaration(
    name="tricks", title="Ninety-Nine, the trick-taking game", build=TricksGame, players=(PLAYERS,),
    bots=("ninetynine.bots:TRICKS_BOTS",), words="ninetynine.tricks.text", events="ninetynine.tricks.events",
    table="ninetynine.ui.tricks_widgets:TricksTable", console="ninetynine.ui.tricks_console:run",
    encoding="ninetynine.tricks.encoding:TricksEncoding",
    conformance=({}, {"trumps": "results", "deals": 2})))
TricksGame.declaration = DECLARATION
