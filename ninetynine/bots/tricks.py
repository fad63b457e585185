"""Bots for Ninety-Nine, the trick-taking game, from simple to strong.

- ``random_bot``: any legal move (it lays aside random cards and makes random offers).
- ``rules_bot``: lays aside the three cards whose bid best matches its estimate of the tricks the
  other nine cards will take, never offers a premium, then plays to take *exactly* its bid: it
  tries to win tricks while it is short, and ducks once it has enough.
- ``SearchBot``: tries the few bids closest to its estimate on sampled deals played out by
  the rules bot's play, and keeps the best; in play it deals the cards it cannot see at random, but
  consistently with its view (exposed cards, and suits a player has shown to be out of), and scores
  each of its moves on every such sample: with few cards left, by an exact search of the
  remaining tricks (every player maximising their own score for the deal), otherwise by playing
  the deal out with ``rules_bot``'s play. It picks the move with the best average.

Every bot is a function of its view only (``SearchBot`` seeds its generator from the view), so the
same position always gets the same move.

>>> import ninetynine as nn
>>> state = nn.make("tricks").new_game(seed=1)
>>> rules_bot(state.view(0)) in state.legal_moves()
True
"""
from __future__ import annotations

import random
from itertools import combinations

from ..cards import Card
from ..tricks.cards import DECK, FULL_DECK, bid_value, power, suit_of, trick_winner
from ..tricks.moves import PASS, Bid, PlayCard
from ..tricks.scoring import score_deal
from ..tricks.state import playable
from . import random_bot

# Chance of taking a trick, by rank (6 ... Ace), for a trump and for a card of another suit.
TRUMP_CHANCE = (0.30, 0.30, 0.35, 0.40, 0.50, 0.60, 0.75, 0.90, 1.00)
SIDE_CHANCE = (0.00, 0.00, 0.02, 0.04, 0.06, 0.12, 0.28, 0.55, 0.88)


# --- bidding ------------------------------------------------------------------------------------

def estimate_tricks(cards, trumps: str, turn_up: Card | None) -> float:
    """A rough count of the tricks these cards will take: high cards and trumps, plus length."""
    total, length = 0.0, {}
    for card in cards:
        suit, rank = suit_of(card, turn_up), power(card, turn_up)
        length[suit] = length.get(suit, 0) + 1
        total += TRUMP_CHANCE[rank] if trumps and suit == trumps else SIDE_CHANCE[rank]
    for suit, count in length.items():
        if count >= 4:      # long suits take late tricks, long trumps most of all
            total += (count - 3) * (0.5 if suit == trumps else 0.25)
    return total


def choose_bid(hand, trumps: str, turn_up: Card | None) -> Bid:
    """The three cards to lay aside: the bid closest to what the other nine should take."""
    best, best_gap = None, None
    for trio in combinations(hand, 3):
        rest = [card for card in hand if card not in trio]
        gap = abs(estimate_tricks(rest, trumps, turn_up) - bid_value(trio, turn_up))
        if best_gap is None or gap < best_gap - 1e-9:
            best, best_gap = trio, gap
    return Bid(best)


# --- playing to the bid ---------------------------------------------------------------------------

def _strength(card: Card, trumps: str, turn_up: Card | None) -> tuple[int, int]:
    return (1 if trumps and suit_of(card, turn_up) == trumps else 0, power(card, turn_up))


def _wins(trick, card, trumps: str, turn_up) -> bool:
    cards = list(trick) + [card]
    return trick_winner(cards, trumps, turn_up) == len(cards) - 1


def rule_card(hand, trick, need: int, trumps: str, turn_up: Card | None) -> Card:
    """The card to play: win cheaply while ``need`` (tricks still wanted) is above 0, else duck."""
    options = playable(hand, trick, turn_up)
    key = lambda card: _strength(card, trumps, turn_up)  # noqa: E731
    if not trick:
        return max(options, key=key) if need > 0 else min(options, key=key)
    winning = [card for card in options if _wins(trick, card, trumps, turn_up)]
    losing = [card for card in options if card not in winning]
    if need > 0:
        if not winning:
            return min(options, key=key)
        return min(winning, key=key) if len(trick) == 2 else max(winning, key=key)
    return max(losing, key=key) if losing else min(winning, key=key)


def rules_bot(view):
    """Bid what the other nine cards should take, never offer, then play to take exactly the bid."""
    if view.phase == "bid":
        return choose_bid(view.hand, view.trumps, view.turn_up)
    if view.phase == "offer":
        return PASS
    need = view.bid - view.tricks_taken[view.seat]
    return PlayCard(rule_card(view.hand, view.trick, need, view.trumps, view.turn_up))


# --- a deal with every card known, for sampling and search -------------------------------------

class Layout:
    """One guess at the hidden cards, with everything needed to finish and score the deal."""

    __slots__ = ("hands", "trick", "leader", "taken", "bids", "premium", "trumps", "turn_up")

    def __init__(self, hands, trick, leader, taken, bids, premium, trumps, turn_up):
        self.hands, self.trick, self.leader, self.taken = hands, trick, leader, taken
        self.bids, self.premium, self.trumps, self.turn_up = bids, premium, trumps, turn_up

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def after(self, card: Card) -> "Layout":
        """The layout after the player to move plays ``card`` (a new object)."""
        seat = self.to_move()
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick, leader, taken = self.trick + (card,), self.leader, self.taken
        if len(trick) == 3:
            winner = (leader + trick_winner(trick, self.trumps, self.turn_up)) % 3
            taken = tuple(t + (s == winner) for s, t in enumerate(taken))
            trick, leader = (), winner
        return Layout(tuple(hands), trick, leader, taken, self.bids, self.premium, self.trumps,
                      self.turn_up)

    def scores(self) -> tuple[int, ...]:
        return tuple(score_deal(self.taken, self.bids, self.premium))


def solve(layout: Layout, memo: dict) -> tuple[int, ...]:
    """Exact max-n search: the deal's scores when every player maximises their own score."""
    if not any(layout.hands):
        return layout.scores()
    key = (layout.hands, layout.trick, layout.leader, layout.taken)
    if key in memo:
        return memo[key]
    seat = layout.to_move()
    best = None
    for card in playable(layout.hands[seat], layout.trick, layout.turn_up):
        result = solve(layout.after(card), memo)
        if best is None or result[seat] > best[seat]:
            best = result
    memo[key] = best
    return best


def play_out(layout: Layout) -> tuple[int, ...]:
    """Finish the deal with every player using ``rule_card``; return the deal's scores."""
    while any(layout.hands):
        seat = layout.to_move()
        need = layout.bids[seat] - layout.taken[seat]
        layout = layout.after(rule_card(layout.hands[seat], layout.trick, need, layout.trumps,
                                        layout.turn_up))
    return layout.scores()


def voids(view) -> list[set[str]]:
    """Suits each seat has shown it lacks, by not following the suit led this deal."""
    out = [set() for _ in range(view.players)]
    tricks = list(view.tricks_played)
    if view.trick:
        tricks.append((view.leader, tuple(view.trick)))
    for leader, cards in tricks:
        led = suit_of(cards[0], view.turn_up)
        for i, card in enumerate(cards[1:], start=1):
            if suit_of(card, view.turn_up) != led:
                out[(leader + i) % view.players].add(led)
    return out


def played_by(view) -> list[tuple[Card, ...]]:
    """The cards each seat has played this deal."""
    out = [[] for _ in range(view.players)]
    tricks = list(view.tricks_played) + ([(view.leader, tuple(view.trick))] if view.trick else [])
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            out[(leader + i) % view.players].append(card)
    return [tuple(cards) for cards in out]


def unseen(view) -> list[Card]:
    """Cards this seat cannot see: in other hands, laid aside face down, or out of play."""
    seen = set(view.hand) | set(view.laid_aside) | set(view.trick)
    seen.update(card for _, cards in view.tricks_played for card in cards)
    if view.turn_up is not None:
        seen.add(view.turn_up)
    for cards in view.exposed_bids + view.exposed_hands:
        seen.update(cards or ())
    deck = FULL_DECK if view.turn_up is not None else DECK
    return [card for card in deck if card not in seen]


def sample_layout(view, rng: random.Random, tries: int = 50) -> Layout:
    """Deal the unseen cards to the other seats' hands, respecting voids (the rest are laid aside
    or out of play). A hidden bid is guessed as what that seat's nine cards for play should take."""
    me, hidden, lacks, played = view.seat, unseen(view), voids(view), played_by(view)
    others = [s for s in range(view.players) if s != me]
    for attempt in range(tries):
        pool = list(hidden)
        rng.shuffle(pool)
        hands = {me: tuple(view.hand)}
        # the seat with more known voids chooses first; on the last try voids are ignored
        for seat in sorted(others, key=lambda s: -len(lacks[s])):
            if view.exposed_hands[seat] is not None:
                hands[seat] = tuple(view.exposed_hands[seat])
                continue
            fits = [c for c in pool if attempt == tries - 1
                    or suit_of(c, view.turn_up) not in lacks[seat]]
            if len(fits) < view.hand_sizes[seat]:
                break
            hands[seat] = tuple(fits[:view.hand_sizes[seat]])
            pool = [c for c in pool if c not in hands[seat]]
        else:
            bids = []
            for seat in range(view.players):
                if seat == me:
                    bids.append(view.bid)
                elif view.exposed_bids[seat] is not None:
                    bids.append(bid_value(view.exposed_bids[seat], view.turn_up))
                else:       # assume they bid what their nine cards for play should take
                    nine = hands[seat] + played[seat]
                    bids.append(min(9, round(estimate_tricks(nine, view.trumps, view.turn_up))))
            return Layout(tuple(hands[s] for s in range(view.players)), tuple(view.trick),
                          view.leader, tuple(view.tricks_taken), tuple(bids), view.premium,
                          view.trumps, view.turn_up)
    raise RuntimeError("No layout of the unseen cards fits this view.")


class SearchBot:
    """Sample the hidden cards, solve or play out each sample, choose the best average move.

    samples      how many layouts of the hidden cards to try per decision
    exact_cards  search exactly once every hand holds at most this many cards (else play out)
    seed         mixed with the position to seed each decision's generator
    """

    def __init__(self, samples: int = 24, exact_cards: int = 3, seed: int = 0):
        self.samples, self.exact_cards, self.seed = samples, exact_cards, seed

    def __call__(self, view):
        if view.phase == "bid":
            return self.choose_bid(view)
        if view.phase != "play":
            return rules_bot(view)
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        rng = random.Random(f"{self.seed}/{view.deal}/{view.seat}/{' '.join(map(str, view.hand))}"
                            f"/{' '.join(map(str, view.trick))}/{view.tricks_taken}")
        totals = [0.0] * len(moves)
        exact = max(view.hand_sizes) <= self.exact_cards
        for _ in range(self.samples):
            layout = sample_layout(view, rng)
            memo: dict = {}
            for i, move in enumerate(moves):
                child = layout.after(move.card)
                totals[i] += (solve(child, memo) if exact else play_out(child))[view.seat]
        return moves[max(range(len(moves)), key=lambda i: totals[i])]

    def choose_bid(self, view, candidates: int = 8) -> Bid:
        """Try the ``candidates`` bids closest to the estimate on sampled deals, played out by
        ``rule_card`` (the others bid like ``rules_bot``); keep the best average score."""
        hand, trumps, turn_up = view.hand, view.trumps, view.turn_up

        def gap(trio):
            rest = [card for card in hand if card not in trio]
            return abs(estimate_tricks(rest, trumps, turn_up) - bid_value(trio, turn_up))

        trios = sorted(combinations(hand, 3), key=gap)[:candidates]
        rng = random.Random(f"{self.seed}/bid/{view.deal}/{view.seat}/{' '.join(map(str, hand))}")
        pool = [card for card in (FULL_DECK if turn_up is not None else DECK)
                if card not in hand and card != turn_up]
        first = (view.dealer + 1) % view.players
        totals = [0.0] * len(trios)
        for _ in range(self.samples):
            rng.shuffle(pool)
            hands, bids = [None] * 3, [0] * 3
            for k, seat in enumerate(s for s in range(3) if s != view.seat):
                dealt = pool[12 * k:12 * k + 12]
                aside = choose_bid(dealt, trumps, turn_up).cards
                hands[seat] = tuple(c for c in dealt if c not in aside)
                bids[seat] = bid_value(aside, turn_up)
            for i, trio in enumerate(trios):
                hands[view.seat] = tuple(c for c in hand if c not in trio)
                bids[view.seat] = bid_value(trio, turn_up)
                layout = Layout(tuple(hands), (), first, (0, 0, 0), tuple(bids), None, trumps,
                                turn_up)
                totals[i] += play_out(layout)[view.seat]
        return Bid(trios[max(range(len(trios)), key=lambda i: totals[i])])

    def __repr__(self) -> str:
        return f"SearchBot(samples={self.samples}, exact_cards={self.exact_cards}, seed={self.seed})"


search_bot = SearchBot()

#: the lead wires these into ninetynine.bots.BOTS
TRICKS_BOTS = {"tricks_random": random_bot, "tricks_rules": rules_bot, "tricks_search": search_bot}


# --- matches -------------------------------------------------------------------------------------

def head_to_head(challenger, incumbent, games: int, deals: int = 9, seed: int = 0,
                 trumps: str = "turn-up") -> list[float]:
    """Per deal, the challenger's points minus the incumbents' average points.

    Game g seats the challenger at seat g % 3 and the incumbent bot at the other two seats, so
    every seat is used; game g is dealt with seed ``seed + g``.
    """
    from ..tricks.game import TricksGame
    from ..tricks.events import DealScored
    game = TricksGame(trumps=trumps, deals=deals)
    differences = []
    for g in range(games):
        seat = g % 3
        bots = [challenger if s == seat else incumbent for s in range(3)]
        state = game.new_game(seed + g)
        while not state.is_over:
            for event in state.play(bots[state.to_move](state.view(state.to_move))):
                if isinstance(event, DealScored):
                    rest = [p for s, p in enumerate(event.points) if s != seat]
                    differences.append(event.points[seat] - sum(rest) / len(rest))
    return differences


def duplicate_match(challenger, incumbent, games: int, deals: int = 9, seed: int = 0,
                    trumps: str = "turn-up") -> list[float]:
    """Per deal, how many more points a seat scores with the challenger than with the incumbent.

    Game g is played twice with seed ``seed + g``: with the challenger at seat g % 3 and the
    incumbent at the other seats, then with the incumbent at every seat. The shuffles do not depend
    on the moves, so both games see the same cards (under trumps="turn-up") and the luck of the
    deal cancels out: only the challenger's decisions make the difference.
    """
    from ..tricks.game import TricksGame
    game = TricksGame(trumps=trumps, deals=deals)
    differences = []
    for g in range(games):
        seat = g % 3
        runs = []
        for bot in (challenger, incumbent):
            bots = [bot if s == seat else incumbent for s in range(3)]
            state = game.new_game(seed + g)
            while not state.is_over:
                state.play(bots[state.to_move](state.view(state.to_move)))
            runs.append([points[seat] for points in state.deal_points])
        differences.extend(a - b for a, b in zip(*runs))
    return differences
