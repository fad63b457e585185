"""The state of a game of The Game of 99 (source 003; RULES.md Part 3).

A turn is exactly one of PLAY (a card, and a marker on an empty square it allows), DRAW (only
with fewer than five cards) or DISCARD. Five or more markers of one player or team in a row,
column or diagonal win. When every card has been played or discarded without a line, the game
is a tie, and with ``replay_ties`` the board is cleared and play begins again.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core import IllegalMove, Standing, rank_standings
from . import events as ev
from .layout import longest_line_through
from .moves import (CARDS, DRAW, HAND_LIMIT, BoardCard, BoardMove, Discard, DrawCard, Place, is_square,
                    parse_move)


class BoardState:
    """A game of The Game of 99 in progress. Build one with ``nn.make("board").new_game(seed)``."""

    def __init__(self, game, seed=None):
        self.game = game
        self.players = game.players
        self.rng = random.Random(seed)
        self.owner: list[int | None] = [None] * 100    # square -> seat holding it
        self.hands: list[list[BoardCard]] = [[] for _ in range(self.players)]
        self.deck: list[BoardCard] = []                  # top card first
        self.discard: list[BoardCard] = []
        self.to_move: int | None = None
        self.first = 0
        self.game_number = 1
        self.winning_team: int | None = None
        self.winning_line: tuple[int, ...] = ()
        self.history: list = []
        self._legal: list[BoardMove] | None = None

    # --- reading the state -------------------------------------------------------------------

    def team(self, seat: int) -> int:
        """Partners sit alternately: with 4 players seats 0 and 2 are team 0; with 6, 0 and 3."""
        return seat % self.game.teams

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def winner(self) -> int | None:
        """The seat that completed the winning line (see ``winning_team``), or None."""
        for event in reversed(self.history):
            if type(event) is ev.LineCompleted:
                return event.seat
        return None

    def standings(self) -> list[Standing]:
        """The winning team first (partners share rank 1); everyone else shares the next rank."""
        def key(seat):
            return 1 if self.team(seat) == self.winning_team else 0
        order = sorted(range(self.players), key=key, reverse=True)
        return rank_standings(order, key, key)

    def squares_for(self, card: BoardCard) -> list[int]:
        """The empty squares the card "k to 99" allows: numbered k or higher."""
        return [square for square in range(card.value, 100) if self.owner[square] is None]

    def legal_moves(self) -> list[BoardMove]:
        """Plays (card by card, squares in order), then draw, then discards."""
        if self._legal is None:
            self._legal = self._compute_legal_moves()
        return list(self._legal)

    def _compute_legal_moves(self) -> list[BoardMove]:
        if self.to_move is None:
            return []
        hand = sorted(set(self.hands[self.to_move]))
        moves: list[BoardMove] = [Place(card, square) for card in hand for square in self.squares_for(card)]
        if len(self.hands[self.to_move]) < HAND_LIMIT and self.deck:
            moves.append(DRAW)
        moves.extend(Discard(card) for card in hand)
        return moves

    def parse_move(self, text: str) -> BoardMove:
        return parse_move(text)

    # --- making a move -----------------------------------------------------------------------

    def play(self, move: BoardMove | str) -> list:
        """Make a move for the player to move; return its events. IllegalMove changes nothing.

        With ``table_penalties`` an illegal play (a square below the card) or an illegal draw (a
        full hand) is not refused but penalised, as at a real table.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        seat = self.to_move
        events: list = []
        if move in self.legal_moves():
            self._apply(seat, move, events)
        elif self.game.table_penalties and self._penalty_applies(seat, move):
            self._penalise(seat, move, events)
        else:
            raise IllegalMove(self._why_illegal(move))
        self._legal = None
        if self.to_move is not None:
            self._next_turn(seat, events)
        self.history.extend(events)
        return events

    def _apply(self, seat: int, move: BoardMove, events: list) -> None:
        if isinstance(move, DrawCard):
            self._draw(seat, events)
        elif isinstance(move, Discard):
            self.hands[seat].remove(move.card)
            self.discard.append(move.card)
            events.append(ev.BoardCardDiscarded(seat, move.card))
        else:
            self.hands[seat].remove(move.card)
            self.discard.append(move.card)
            self.owner[move.square] = seat
            team = self.team(seat)
            events.append(ev.MarkerPlaced(seat, move.card, move.square, team))
            line = longest_line_through(
                move.square, lambda sq: self.owner[sq] is not None and self.team(self.owner[sq]) == team)
            if len(line) >= 5:
                self.winning_team, self.winning_line = team, line
                events.append(ev.LineCompleted(seat, team, line))
                self._finish(seat, team, events)

    def _penalty_applies(self, seat: int | None, move: BoardMove) -> bool:
        """Under ``table_penalties``: is ``move`` one a real table punishes (a play below the
        card, a draw with a full hand) rather than one that cannot be made at all?"""
        if seat is None or (isinstance(move, Place) and not is_square(move.square)):
            return False
        hand = self.hands[seat]
        if isinstance(move, Place):
            return move.card in hand and self.owner[move.square] is None and not move.card.allows(move.square)
        return isinstance(move, DrawCard) and len(hand) >= HAND_LIMIT and bool(self.deck)

    def _penalise(self, seat: int, move: BoardMove, events: list) -> None:
        if isinstance(move, Place):
            self.hands[seat].remove(move.card)
            self.discard.append(move.card)
            events.append(ev.IllegalPlayPenalised(seat, move.card, move.square))
        else:
            card = self.deck.pop(0)
            self.deck.insert(self.rng.randrange(len(self.deck) + 1), card)
            events.append(ev.IllegalDrawPenalised(seat, card))

    def _draw(self, seat: int, events: list) -> None:
        card = self.deck.pop(0)
        self.hands[seat].append(card)
        events.append(ev.BoardCardDrawn(seat, card))

    def _next_turn(self, seat: int, events: list) -> None:
        """Pass the turn to the left; tie when no card is left anywhere; skip players who can do nothing."""
        for _ in range(self.players):
            if not self.deck and not any(self.hands):
                self._tie(events)
                return
            seat = (seat + 1) % self.players
            if self.hands[seat] or self.deck:
                self.to_move = seat
                return
            events.append(ev.TurnPassed(seat))

    def _tie(self, events: list) -> None:
        replay = self.game.replay_ties
        events.append(ev.BoardTied(self.game_number, replay))
        if replay:
            self.game_number += 1
            self._start(events)
        else:
            self._finish(None, None, events)

    def _finish(self, seat: int | None, team: int | None, events: list) -> None:
        self.to_move = None
        events.append(ev.BoardGameOver(seat, team))

    def _start(self, events: list) -> None:
        """Clear the board, choose who begins by showing cards, shuffle, and make the opening draws."""
        self.owner = [None] * 100
        self.hands = [[] for _ in range(self.players)]
        self.discard = []
        shown = list(CARDS)
        self.rng.shuffle(shown)
        cards = tuple(shown[:self.players])
        self.first = min(range(self.players), key=lambda seat: cards[seat].value)
        events.append(ev.FirstPlayerChosen(tuple(range(self.players)), cards, self.first))
        self.deck = list(CARDS)
        self.rng.shuffle(self.deck)
        for step in range(self.players):
            self._draw((self.first + step) % self.players, events)
        self.to_move = self.first
        self._legal = None

    # --- explaining refusals -----------------------------------------------------------------

    def _why_illegal(self, move) -> str:
        if self.to_move is None:
            return "The game is over: no more moves can be made."
        hand = self.hands[self.to_move]
        if isinstance(move, DrawCard):
            if len(hand) >= HAND_LIMIT:
                return f"You hold {HAND_LIMIT} cards, the most allowed: play or discard instead of drawing."
            return "The deck is empty: play or discard a card instead."
        if not isinstance(move, (Place, Discard)):
            return f"{move!r} is not a move: write 'play 37 on 52', 'draw' or 'discard 37'."
        if move.card not in hand:
            held = ", ".join(card.name for card in sorted(hand)) or "no cards"
            return f"You do not hold the card {move.card.name}: you hold {held}."
        if isinstance(move, Place) and not is_square(move.square):
            return f"There is no square {move.square!r}: the squares are numbered 0 to 99."
        if self.owner[move.square] is not None:
            return f"Square {move.square} is already taken: choose an empty square."
        return (f"The card {move.card.name} allows only squares {move.card.value} and higher, "
                f"not square {move.square}.")

    # --- copies, views and saving --------------------------------------------------------------

    def copy(self) -> "BoardState":
        other = object.__new__(BoardState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.owner = list(self.owner)
        other.hands = [list(hand) for hand in self.hands]
        other.deck, other.discard, other.history = list(self.deck), list(self.discard), list(self.history)
        other._legal = None
        return other

    def view(self, seat: int) -> "BoardView":
        if not 0 <= seat < self.players:
            raise ValueError(f"There is no seat {seat}: seats are 0 to {self.players - 1}.")
        return BoardView(
            seat=seat, players=self.players, team=self.team(seat), teams=self.game.teams,
            owner=list(self.owner), hand=list(self.hands[seat]),
            hand_sizes=[len(hand) for hand in self.hands], deck_size=len(self.deck),
            discard=list(self.discard), to_move=self.to_move,
            legal_moves=self.legal_moves() if seat == self.to_move else [],
            history=[ev.redact(e, seat) for e in self.history])

    def hidden_from(self, seat: int) -> dict[str, list]:
        """What ``seat`` may not know, for ``ninetynine.testing``: the other hands (a partner's
        too) and the deck; each entry is the state's own list, only its size is public."""
        hidden = {f"seat {other}'s hand": hand for other, hand in enumerate(self.hands) if other != seat}
        hidden["the deck"] = self.deck
        return hidden

    def to_json(self) -> str:
        return self.game.save(self)

    def __repr__(self) -> str:
        where = "game over" if self.is_over else f"seat {self.to_move} to move"
        return f"<board game {self.game_number}, {100 - self.owner.count(None)} markers, {where}>"


@dataclass
class BoardView:
    """What one seat may know: the board, its own hand, the sizes of the others', the discards."""

    seat: int
    players: int
    team: int
    teams: int
    owner: list
    hand: list
    hand_sizes: list
    deck_size: int
    discard: list
    to_move: int | None
    legal_moves: list
    history: list = field(default_factory=list, repr=False)   # other players' drawn cards hidden

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def parse_move(self, text: str) -> BoardMove:
        return parse_move(text)
