"""The state machine of Ninety-Nine, the three-player trick-taking game (RULES.md Part 2).

Each deal goes through three phases, and the next deal is dealt before ``play`` returns:

1. ``"bid"``: in seat order from the dealer's left, each player lays aside three cards
   (``bid 6D 7S QH``). The bids are made one after another, but nobody sees another's cards.
2. ``"offer"``: in the same order, each player says ``declare``, ``reveal`` or ``pass``. When all
   three have spoken, the best offer wins: a reveal beats any declare, and between equal offers
   the first from the dealer's left wins. The winner's bid cards (and, for a reveal, hand) are
   face up from then on.
3. ``"play"``: nine tricks; the dealer's left leads the first, the winner of each leads the next.
   At the end, each seat that took exactly its bid shows its bid cards (``BidShown``); a missed
   bid stays face down, unless it was declared or revealed, and the deal is scored.

After the last deal the phase is ``"over"`` and ``to_move`` is None.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from ..cards import SUIT_NAMES, Card
from ..core import IllegalMove, Standing, rank_standings
from . import events as ev
from .cards import (DECK, FULL_DECK, RESULT_TRUMPS, bid_value, card_name, sorted_cards,
                    suit_of, trick_winner, trumps_of)
from .moves import OFFERS, PASS, Bid, Move, Offer, PlayCard, parse_move
from .scoring import PREMIUMS, score_deal

PLAYERS = 3
HAND = 12
TRICKS = 9


class TricksState:
    """A game of Ninety-Nine in progress. Build one with ``game.new_game(seed)`` or ``game.setup``."""

    def __init__(self, game, seed=None):
        self.game = game
        self.players = PLAYERS
        self.rng = random.Random(seed)
        self.deal = 0
        self.dealer = game.first_dealer
        self.turn_up: Card | None = None
        self.trumps = ""
        self.phase = "bid"
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.laid_aside: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.offers: list[str | None] = [None] * PLAYERS
        self.premium: tuple[int, str] | None = None
        self.leader = 0
        self.trick: list[Card] = []                    # the current trick, leader's card first
        self.tricks_played: list[tuple[int, tuple[Card, ...]]] = []   # (leader, cards) this deal
        self.tricks_taken = [0] * PLAYERS
        self.scores = [0] * PLAYERS
        self.deal_points: list[list[int]] = []         # points of each finished deal
        self.last_made: int | None = None              # how many made their bid last deal
        self.to_move: int | None = None
        self.history: list = []
        self._seen: list[list] = [[] for _ in range(PLAYERS)]   # each seat's redacted history
        self._legal: list[Move] | None = None

    # --- reading the state -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once the game is over; None while playing or if tied."""
        if not self.is_over:
            return None
        leaders = [s for s in self.standings() if s.rank == 1]
        return leaders[0].seat if len(leaders) == 1 else None

    def standings(self) -> list[Standing]:
        """Seats by total score, best first; equal totals share a rank."""
        order = sorted(range(PLAYERS), key=lambda seat: self.scores[seat], reverse=True)
        return rank_standings(order, lambda seat: self.scores[seat], lambda seat: self.scores[seat])

    @property
    def trick_number(self) -> int:
        """The trick being played, 1 to 9 (0 before play starts)."""
        return sum(self.tricks_taken) + 1 if self.phase == "play" else 0

    @property
    def bids(self) -> list[int | None]:
        """Each seat's bid in tricks, None for a seat that has not laid its cards aside yet."""
        return [bid_value(cards, self.turn_up) if cards else None for cards in self.laid_aside]

    def exposed_bid(self, seat: int) -> list[Card] | None:
        """``seat``'s laid-aside cards if its bid is face up (it declared or revealed), else None."""
        if self.premium is not None and self.premium[0] == seat:
            return list(self.laid_aside[seat])
        return None

    def exposed_hand(self, seat: int) -> list[Card] | None:
        """``seat``'s hand if it revealed, else None."""
        if self.premium == (seat, "reveal"):
            return list(self.hands[seat])
        return None

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now, in a stable order (hand order for bids and cards)."""
        if self._legal is None:
            self._legal = self._compute_legal_moves()
        return list(self._legal)

    def parse_move(self, text: str) -> Move:
        """Read move text (``"bid 6D 7S QH"``, ``"reveal"``, ``"QH"``); raise IllegalMove if malformed."""
        return parse_move(text)

    def _compute_legal_moves(self) -> list[Move]:
        if self.to_move is None:
            return []
        hand = self.hands[self.to_move]
        if self.phase == "bid":
            return [Bid(trio) for trio in combinations(hand, 3)]
        if self.phase == "offer":
            return [PASS] + [offer for offer in OFFERS if offer is not PASS]
        return [PlayCard(card) for card in playable(hand, self.trick, self.turn_up)]

    # --- making a move -----------------------------------------------------------------------

    def play(self, move: Move | str) -> list:
        """Make a move for the player to move; return its events. Raises IllegalMove, changing nothing."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if move not in self.legal_moves():
            raise IllegalMove(self._why_illegal(move))
        self._legal = None
        events: list = []
        seat = self.to_move
        if isinstance(move, Bid):
            self._bid(seat, move, events)
        elif isinstance(move, Offer):
            self._offer(seat, move, events)
        else:
            self._play_card(seat, move.card, events)
        self.history.extend(events)
        return events

    def _next(self, seat: int) -> int:
        return (seat + 1) % PLAYERS

    def _bid(self, seat: int, move: Bid, events: list) -> None:
        for card in move.cards:
            self.hands[seat].remove(card)
        self.laid_aside[seat] = list(move.cards)
        events.append(ev.BidLaidAside(seat, move.cards, bid_value(move.cards, self.turn_up)))
        self.to_move = self._next(seat)
        if self.to_move == self._next(self.dealer):
            self.phase = "offer"

    def _offer(self, seat: int, move: Offer, events: list) -> None:
        self.offers[seat] = move.kind
        events.append(ev.OfferMade(seat, move.kind))
        self.to_move = self._next(seat)
        if self.to_move == self._next(self.dealer):
            self._settle_offers(events)

    def _settle_offers(self, events: list) -> None:
        """A reveal beats any declare; between equal offers the first from the dealer's left wins."""
        order = [(self.dealer + step) % PLAYERS for step in range(1, PLAYERS + 1)]
        self.premium = None
        for kind in ("reveal", "declare"):
            offering = [seat for seat in order if self.offers[seat] == kind]
            if offering:
                self.premium = (offering[0], kind)
                break
        if self.premium is None:
            events.append(ev.NoPremium(self.deal))
        else:
            seat, kind = self.premium
            hand = tuple(self.hands[seat]) if kind == "reveal" else ()
            events.append(ev.BidExposed(seat, kind, tuple(self.laid_aside[seat]),
                                        bid_value(self.laid_aside[seat], self.turn_up), hand,
                                        PREMIUMS[kind]))
        self.phase = "play"
        self.leader = self.to_move = self._next(self.dealer)

    def _play_card(self, seat: int, card: Card, events: list) -> None:
        self.hands[seat].remove(card)
        self.trick.append(card)
        number = self.trick_number
        events.append(ev.CardToTrick(seat, card, number))
        if len(self.trick) < PLAYERS:
            self.to_move = self._next(seat)
            return
        index = trick_winner(self.trick, self.trumps, self.turn_up)
        winner = (self.leader + index) % PLAYERS
        self.tricks_taken[winner] += 1
        events.append(ev.TrickWon(winner, number, self.trick[index], tuple(self.trick)))
        self.tricks_played.append((self.leader, tuple(self.trick)))
        self.trick = []
        self.leader = self.to_move = winner
        if sum(self.tricks_taken) == TRICKS:
            self._score_deal(events)

    def _score_deal(self, events: list) -> None:
        bids = self.bids
        points = score_deal(self.tricks_taken, bids, self.premium)
        made = tuple(taken == bid for taken, bid in zip(self.tricks_taken, bids))
        self.scores = [total + gained for total, gained in zip(self.scores, points)]
        self.deal_points.append(points)
        self.last_made = sum(made)
        # Bid cards are "only shown to prove that a bid has been fulfilled" (source 001): a seat
        # that made its bid turns its cards up; a declarer's or revealer's are up already; a
        # missed bid stays face down.
        exposed = [self.exposed_bid(seat) is not None for seat in range(PLAYERS)]
        for step in range(1, PLAYERS + 1):
            seat = (self.dealer + step) % PLAYERS
            if made[seat] and not exposed[seat]:
                events.append(ev.BidShown(seat, tuple(self.laid_aside[seat]), bids[seat]))
        shown = tuple(ok or up for ok, up in zip(made, exposed))
        events.append(ev.DealScored(self.deal, tuple(self.tricks_taken), tuple(bids), made, shown,
                                    tuple(points), tuple(self.scores)))
        if self.deal >= self.game.deals:
            self.phase, self.to_move = "over", None
            events.append(ev.MatchOver(self.winner))
        else:
            self._start_deal(events)

    def _start_deal(self, events: list) -> None:
        """Shuffle, deal twelve each one at a time from the dealer's left, and turn up the 37th."""
        self.deal += 1
        self.dealer = self.game.first_dealer if self.deal == 1 else self._next(self.dealer)
        results = self.game.trumps == "results"
        deck = list(DECK if results else FULL_DECK)
        self.rng.shuffle(deck)
        self.hands = [[] for _ in range(PLAYERS)]
        for i, card in enumerate(deck[:PLAYERS * HAND]):
            self.hands[(self.dealer + 1 + i) % PLAYERS].append(card)
        self.hands = [sorted_cards(hand) for hand in self.hands]
        if results:
            self.turn_up = None
            self.trumps = "" if self.last_made is None else RESULT_TRUMPS[self.last_made]
        else:
            self.turn_up = deck[PLAYERS * HAND]
            self.trumps = trumps_of(self.turn_up)
        self.laid_aside = [[] for _ in range(PLAYERS)]
        self.offers = [None] * PLAYERS
        self.premium = None
        self.trick, self.tricks_played = [], []
        self.tricks_taken = [0] * PLAYERS
        self.phase = "bid"
        self.leader = self.to_move = self._next(self.dealer)
        events.append(ev.DealStarted(self.deal, self.dealer, self.turn_up, self.trumps))

    # --- explaining refusals -----------------------------------------------------------------

    def _why_illegal(self, move) -> str:
        """One sentence: why ``move`` is not legal here, and what is allowed."""
        if self.to_move is None:
            return "The game is over: no more moves can be made."
        hand = self.hands[self.to_move]
        wanted = {"bid": "lay aside three cards of your hand, such as "
                         + _cards_words(hand[:3], "and"),
                  "offer": "declare, reveal or pass",
                  "play": "play " + _cards_words([m.card for m in self.legal_moves()
                                                  if isinstance(m, PlayCard)], "or")}[self.phase]
        kind = {Bid: "bid", Offer: "offer", PlayCard: "play"}.get(type(move))
        if kind is None:
            return f"{move!r} is not a move: {wanted}."
        if kind != self.phase:
            return f"It is not the time for that: now {wanted}."
        cards = move.cards if isinstance(move, Bid) else (move.card,) if kind == "play" else ()
        missing = [card for card in cards if card not in hand]
        if missing:
            return f"You do not hold the {card_name(missing[0])}: {wanted}."
        if kind == "play":
            led = suit_of(self.trick[0], self.turn_up)
            return f"You must follow suit: {SUIT_NAMES[led]} were led and you hold some, so {wanted}."
        return f"That move is not allowed now: {wanted}."

    # --- copies, views and saving --------------------------------------------------------------

    def copy(self) -> "TricksState":
        """An independent copy: playing on it never changes this state (random generator included)."""
        other = object.__new__(TricksState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(hand) for hand in self.hands]
        other.laid_aside = [list(cards) for cards in self.laid_aside]
        for name in ("offers", "trick", "tricks_played", "tricks_taken", "scores", "history"):
            setattr(other, name, list(getattr(self, name)))
        other.deal_points = [list(points) for points in self.deal_points]
        other._seen = [list(seen) for seen in self._seen]
        other._legal = None
        return other

    def view(self, seat: int) -> "TricksView":
        """What ``seat`` may know: its own cards, every exposed card, and everything public."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS:
            raise ValueError(f"There is no seat {seat!r}: seats are 0 to {PLAYERS - 1}.")
        return TricksView(
            seat=seat, players=PLAYERS, deal=self.deal, deals=self.game.deals, dealer=self.dealer,
            phase=self.phase, turn_up=self.turn_up, trumps=self.trumps,
            hand=list(self.hands[seat]), hand_sizes=[len(h) for h in self.hands],
            laid_aside=list(self.laid_aside[seat]), bid=self.bids[seat],
            has_bid=[bool(cards) for cards in self.laid_aside],
            exposed_bids=[self.exposed_bid(s) for s in range(PLAYERS)],
            exposed_hands=[self.exposed_hand(s) for s in range(PLAYERS)],
            offers=list(self.offers), premium=self.premium, leader=self.leader,
            trick=list(self.trick), trick_number=self.trick_number,
            tricks_played=list(self.tricks_played), tricks_taken=list(self.tricks_taken),
            scores=list(self.scores), deal_points=[list(p) for p in self.deal_points],
            to_move=self.to_move,
            legal_moves=self.legal_moves() if seat == self.to_move else [],
            history=self._history_seen_by(seat),
        )

    def _history_seen_by(self, seat: int) -> list:
        """The history as ``seat`` may see it (other seats' laid-aside cards face down).

        The view holds only this redacted copy, never the full history: a bot could otherwise read
        the hidden cards through it. Each seat's copy is extended with the events since its last
        view, so a view costs a list copy, not a pass over the whole game.
        """
        seen = self._seen[seat]
        if len(seen) > len(self.history):       # the history was replaced
            seen.clear()
        for event in self.history[len(seen):]:
            seen.append(ev.redact(event, seat))
        return list(seen)

    def hidden_from(self, seat: int) -> dict[str, list]:
        """What ``seat`` may not know, for ``ninetynine.testing``: each other seat's hand, unless
        it revealed, and its laid-aside cards, unless they are face up (declared or revealed, or
        shown at the end for a bid made). Each entry is the state's own list."""
        hidden = {}
        for other in range(PLAYERS):
            if other == seat:
                continue
            if self.exposed_hand(other) is None:
                hidden[f"seat {other}'s hand"] = self.hands[other]
            shown = self.phase == "over" and self.tricks_taken[other] == self.bids[other]
            if self.exposed_bid(other) is None and not shown:
                hidden[f"seat {other}'s laid-aside cards"] = self.laid_aside[other]
        return hidden

    def to_json(self) -> str:
        """The whole state as JSON text: the game writes it (``saving.py``), so that the rules
        of play here need not know how a save is written."""
        return self.game.save(self)

    def __repr__(self) -> str:
        where = "game over" if self.is_over else f"{self.phase}, seat {self.to_move} to move"
        return f"<tricks deal {self.deal} of {self.game.deals}, {where}>"


def playable(hand, trick, turn_up: Card | None) -> list[Card]:
    """The cards of ``hand`` that may go on ``trick``: the suit led if the hand has it, else any."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0], turn_up)
    following = [card for card in hand if suit_of(card, turn_up) == led]
    return following or list(hand)


@dataclass
class TricksView:
    """What one seat may know. Bots receive this, never the state itself.

    ``exposed_bids[s]`` / ``exposed_hands[s]`` are the cards of a seat that declared / revealed
    (None otherwise); ``laid_aside`` and ``bid`` are this seat's own; ``trick`` holds the current
    trick's cards, ``leader``'s first; ``tricks_played`` the finished tricks of this deal as
    (leader, cards).
    """

    seat: int
    players: int
    deal: int
    deals: int
    dealer: int
    phase: str
    turn_up: Card | None
    trumps: str
    hand: list[Card]
    hand_sizes: list[int]
    laid_aside: list[Card]
    bid: int | None
    has_bid: list[bool]
    exposed_bids: list
    exposed_hands: list
    offers: list
    premium: tuple[int, str] | None
    leader: int
    trick: list[Card]
    trick_number: int
    tricks_played: list
    tricks_taken: list[int]
    scores: list[int]
    deal_points: list
    to_move: int | None
    legal_moves: list
    #: every event so far, as this seat may see them (other seats' laid-aside cards hidden)
    history: list = field(default_factory=list, repr=False)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    @property
    def known_bids(self) -> list[int | None]:
        """Bids this seat knows: its own and any declared or revealed bid."""
        return [self.bid if s == self.seat else
                bid_value(self.exposed_bids[s], self.turn_up) if self.exposed_bids[s] else None
                for s in range(self.players)]


def deck_of(game) -> tuple[Card, ...]:
    """The deck a game uses: 37 cards with the Joker, 36 under trumps="results"."""
    return DECK if game.trumps == "results" else FULL_DECK


def _cards_words(cards, last: str) -> str:
    """Cards in words for a refusal: "the 7 of Hearts, the 9 of Hearts or the Ace of Hearts"."""
    words = [f"the {card_name(card)}" for card in cards]
    if len(words) <= 1:
        return "".join(words) or "no cards"
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
