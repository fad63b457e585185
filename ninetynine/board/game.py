"""The Game of 99 with its options, positions for teaching, and checked saves.

>>> state = BoardGame(players=2).new_game(seed=1)
>>> [len(hand) for hand in state.hands]     # the opening draws: one card each
[1, 1]
"""
from __future__ import annotations

from collections import Counter

from ..protocol import Declaration, declare
from .moves import CARDS, parse_card
from .saving import state_from_json, state_to_json
from .state import BoardState
from .validation import validate

PLAYER_COUNTS = (2, 3, 4, 6)


class BoardGame:
    """The Game of 99 for 2, 3, 4 or 6 players (4 and 6 play in teams of two, partners alternate).

    table_penalties   False (default): illegal plays and draws are refused with the reason.
                      True: they are penalised as in source 003 (the card is lost / shown).
    replay_ties       True (default): a tie clears the board and play begins again.
    """

    name = "board"

    def __init__(self, players: int = 2, table_penalties: bool = False, replay_ties: bool = True):
        if isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise ValueError(f"The Game of 99 is played by 2, 3, 4 or 6 players, not {players!r}.")
        for option, value in (("table_penalties", table_penalties), ("replay_ties", replay_ties)):
            if not isinstance(value, bool):
                raise ValueError(f"{option} must be True or False, not {value!r}.")
        self.players = players
        self.teams = players // 2 if players in (4, 6) else players
        self.table_penalties = table_penalties
        self.replay_ties = replay_ties

    @property
    def options(self) -> dict:
        return {"players": self.players, "table_penalties": self.table_penalties,
                "replay_ties": self.replay_ties}

    def new_game(self, seed=None) -> BoardState:
        state = BoardState(self, seed)
        events: list = []
        state._start(events)
        state.history.extend(events)
        return state

    def setup(self, markers: dict | None = None, hands=None, to_move: int = 0, deck=None,
              discard=None, seed=0) -> BoardState:
        """A position: ``markers={52: 0, 37: 1}`` (square -> seat), hands as text ("0 37 99").

        deck: card text, top card first; None shuffles every card not placed elsewhere.
        """
        state = BoardState(self, seed)
        markers = markers or {}
        try:
            state.hands = [_cards(h) for h in (hands if hands is not None else [""] * self.players)]
            state.discard = _cards(discard or "")
            state.deck = _cards(deck) if deck is not None else []
        except ValueError as error:
            raise ValueError(str(error)) from None
        for square, seat in markers.items():
            if not (isinstance(square, int) and 0 <= square <= 99):
                raise ValueError(f"Squares are numbered 0 to 99, not {square!r}.")
            if not (isinstance(seat, int) and 0 <= seat < self.players):
                raise ValueError(f"Square {square} is given to seat {seat!r}, but seats are 0 to "
                                 f"{self.players - 1}.")
            state.owner[square] = seat
        state.to_move = to_move
        validate(state)
        if deck is None:
            used = Counter(card for hand in state.hands for card in hand) + Counter(state.discard)
            state.deck = [card for card in CARDS if not used[card]]
            state.rng.shuffle(state.deck)
        return state

    def from_json(self, text: str) -> BoardState:
        """Load a saved game, refusing a corrupt or impossible one with a clear message."""
        return state_from_json(self, text)

    def save(self, state: BoardState) -> str:
        """``state`` as JSON text (``state.to_json()`` asks its game)."""
        return state_to_json(state)

    def __repr__(self) -> str:
        return f"BoardGame(players={self.players})"


def _cards(text) -> list:
    if isinstance(text, str):
        return [parse_card(word) for word in text.replace(",", " ").split()]
    return [card if not isinstance(card, (str, int)) else parse_card(str(card)) for card in text]


#: what every tool needs to know about The Game of 99 (``ninetynine.protocol``)
DECLARATION = declare(Declaration(
    name="board", title="The Game of 99", build=BoardGame, players=PLAYER_COUNTS,
    bots=("ninetynine.board.bots:BOTS",), words="ninetynine.board.words", events="ninetynine.board.events",
    table="ninetynine.board.table:BoardTable", console="ninetynine.board.console:run",
    encoding="ninetynine.board.encoding:BoardEncoding", default_players=2,
    conformance=tuple({"players": n} for n in PLAYER_COUNTS)))
BoardGame.declaration = DECLARATION
