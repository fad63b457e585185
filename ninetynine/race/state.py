"""A game in progress (``RaceState``): the protocol's calls; and what one seat may know (``RaceView``)."""
from dataclasses import dataclass, replace

from ninetynine.core import IllegalMove, Standing
from .events import RaceCardDrawn, RaceCardPlayed, RaceWon
from .moves import Play, parse_move
from .saving import save


@dataclass(frozen=True)
class RaceView:
    """What one seat may know, in tuples (never the state's own lists)."""
    seat: int
    hand: tuple
    total: int
    target: int
    to_move: int | None
    hand_sizes: tuple
    deck_size: int
    legal_moves: tuple          # the seat's moves when it is to move, else ()
    history: tuple              # the other seat's draws without their card


class RaceState:
    """Two hands (lowest card first), the deck (top card last), the total, and who moves."""
    parse_move = staticmethod(parse_move)
    to_json = save                                         # the state as JSON text (saving.py)

    def __init__(self, game, hands, deck, total=0, to_move=0, winner=None, history=()):
        self.game = game                                   # the rules: its target
        self.hands, self.deck, self.history = [sorted(hand) for hand in hands], list(deck), list(history)
        self.total, self.to_move, self.winner = total, to_move, winner   # to_move None: over

    is_over = property(lambda self: self.to_move is None)

    def legal_moves(self) -> list[Play]:
        """One ``Play`` per different value in the mover's hand, lowest first."""
        return [] if self.is_over else [Play(card) for card in sorted(set(self.hands[self.to_move]))]

    def play(self, move) -> list:
        """Make ``move`` (a ``Play`` or its text) and return the events it caused."""
        move = parse_move(move)
        if self.is_over:
            raise IllegalMove("The game is over: nobody moves any more.")
        if move not in self.legal_moves():
            raise IllegalMove(f"You hold no {move.card}: play {' or '.join(map(str, self.legal_moves()))}.")
        seat, target = self.to_move, self.game.target
        self.hands[seat].remove(move.card)
        self.total += move.card
        events = [RaceCardPlayed(seat, move.card, self.total)]
        if self.total >= target:                       # exactly the target wins, past it loses
            self.winner, self.to_move = (seat if self.total == target else 1 - seat), None
            events.append(RaceWon(self.winner, self.total, target))
        else:
            if self.deck:
                events.append(RaceCardDrawn(seat, self.deck.pop()))
                self.hands[seat] = sorted(self.hands[seat] + [events[-1].card])
            self.to_move = 1 - seat
        self.history += events
        return events

    def standings(self) -> list[Standing]:
        """The winner (score 1), then the other seat (score 0); nobody before the end."""
        return [] if self.winner is None else [Standing(1, self.winner, 1), Standing(2, 1 - self.winner, 0)]

    def copy(self) -> "RaceState":
        """An independent copy: the attributes are ``__init__``'s arguments, and it makes new lists."""
        return RaceState(**vars(self))

    def view(self, seat: int) -> RaceView:
        seen = tuple(replace(event, card=None) if type(event) is RaceCardDrawn and event.seat != seat
                     else event for event in self.history)
        return RaceView(seat, tuple(self.hands[seat]), self.total, self.game.target, self.to_move,
                        tuple(map(len, self.hands)), len(self.deck),
                        tuple(self.legal_moves()) if seat == self.to_move else (), seen)

    def hidden_from(self, seat: int) -> dict:
        """What ``seat`` may not know: the other hand and the deck (the state's own lists)."""
        return {"the other hand": self.hands[1 - seat], "the deck": self.deck}
