"""The Game of 99 with its options, positions for teaching, and checked saves.

>>> state = BoardGame(players=2).new_game(seed=1)
>>> [len(hand) for hand in state.hands]     # the opening draws: one card each
[1, 1]
"""
from __future__ import annotations

import json
from collections import Counter

from ..core import CorruptSave, event_from_dict, event_to_dict, read_save
from ..protocol import Declaration, declare
from .moves import CARDS, HAND_LIMIT, parse_card
from .state import BoardState

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
        data = read_save(text, "board", self.options)
        state = BoardState(self)
        try:
            state.owner = list(data["owner"])
            state.hands = [_cards(hand) for hand in data["hands"]]
            state.deck = _cards(data["deck"])
            state.discard = _cards(data["discard"])
            state.to_move = data["to_move"]
            state.first = data["first"]
            state.game_number = data["game_number"]
            state.winning_team = data["winning_team"]
            state.winning_line = tuple(data["winning_line"])
            version, internal, gauss = data["rng"]
            state.rng.setstate((version, tuple(internal), gauss))
            state.history = [event_from_dict(e, parse_card) for e in data["history"]]
        except KeyError as error:
            raise CorruptSave(f"The saved game has no '{error.args[0]}' field.") from None
        except (TypeError, ValueError) as error:
            raise CorruptSave(f"The saved game has a bad field ({error}).") from None
        if len(state.owner) != 100 or any(o is not None and o not in range(self.players) for o in state.owner):
            raise CorruptSave(f"The board must list 100 squares, each empty or held by a seat 0 to "
                              f"{self.players - 1}.")
        try:
            validate(state)
        except ValueError as error:
            raise CorruptSave(f"The saved game is impossible: {error}") from None
        return state

    def __repr__(self) -> str:
        return f"BoardGame(players={self.players})"


def _cards(text) -> list:
    if isinstance(text, str):
        return [parse_card(word) for word in text.replace(",", " ").split()]
    return [card if not isinstance(card, (str, int)) else parse_card(str(card)) for card in text]


def validate(state: BoardState) -> None:
    """Refuse a position that cannot occur, with one sentence saying why."""
    n = state.players
    if len(state.hands) != n:
        raise ValueError(f"hands must give one hand for each of the {n} seats.")
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_LIMIT:
            raise ValueError(f"Seat {seat} holds {len(hand)} cards; the most allowed is {HAND_LIMIT}.")
    placed = Counter(card for hand in state.hands for card in hand)
    placed.update(state.deck)
    placed.update(state.discard)
    for card, number in placed.items():
        if number > 1:
            raise ValueError(f"The card {card.name} appears {number} times; there is one of each card.")
    markers = sum(owner is not None for owner in state.owner)
    in_play = sum(map(len, state.hands)) + len(state.deck)
    if markers + in_play > 100:
        raise ValueError(f"{markers} markers need {markers} played cards, but only {100 - in_play} "
                         "cards are out of the hands and the deck.")
    if state.to_move is not None and not (isinstance(state.to_move, int) and 0 <= state.to_move < n):
        raise ValueError(f"to_move must be a seat from 0 to {n - 1}, not {state.to_move!r}.")


def state_to_json(state: BoardState) -> str:
    version, internal, gauss = state.rng.getstate()
    return json.dumps({
        "game": "board", "format": 1, "options": state.game.options,
        "owner": state.owner, "hands": [" ".join(map(str, hand)) for hand in state.hands],
        "deck": " ".join(map(str, state.deck)), "discard": " ".join(map(str, state.discard)),
        "to_move": state.to_move, "first": state.first, "game_number": state.game_number,
        "winning_team": state.winning_team, "winning_line": list(state.winning_line),
        "rng": [version, list(internal), gauss],
        "history": [event_to_dict(e) for e in state.history],
    })


#: what every tool needs to know about The Game of 99 (``ninetynine.protocol``)
DECLARATION = declare(Declaration(
    name="board", title="The Game of 99", build=BoardGame, players=PLAYER_COUNTS,
    bots=("ninetynine.bots:BOARD_BOTS",), words="ninetynine.board.text", events="ninetynine.board.events",
    table="ninetynine.ui.board_widgets:BoardTable", console="ninetynine.ui.board_console:run",
    encoding="ninetynine.board.encoding:BoardEncoding", default_players=2,
    conformance=tuple({"players": n} for n in PLAYER_COUNTS)))
BoardGame.declaration = DECLARATION
