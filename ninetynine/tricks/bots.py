"""Bots for Ninety-Nine, the trick-taking game, from simple to strong.

- ``random_bot``: any legal move (it lays aside random cards and makes random offers).
- ``rules_bot``: lays aside the three cards whose bid best matches its estimate of the tricks the
  other nine cards will take, never offers a premium, then plays to take *exactly* its bid: it
  tries to win tricks while it is short, and ducks once it has enough.
- ``SearchBot``: tries the few bids closest to its estimate on sampled deals played out by
  the rules bot's play, and keeps the best. Before play it declares or reveals when play-outs say
  that raises its expected margin over the others. In play it guesses the cards it cannot see
  (``infer_layouts``): the unseen cards are dealt to the other hands consistently with its view
  (exposed cards, suits a player has shown to be out of), the cards left over are the hidden bid
  cards, and guesses are weighted by how well they explain the others' bids and play so far. It
  scores each of its moves on every guess: with few cards left, by an exact search of the
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

import math
import random
from itertools import combinations

from ninetynine.cards import Card
from ninetynine.protocol import random_bot

from .cards import DECK, FULL_DECK, bid_value, power, strength_in_trick, suit_of, trick_winner
from .moves import PASS, Bid, Offer, PlayCard
from .scoring import score_deal
from .state import playable

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
    for chosen in combinations(range(len(hand)), 3):     # by place: no card compared to another
        trio = tuple(hand[place] for place in chosen)
        rest = [card for place, card in enumerate(hand) if place not in chosen]
        gap = abs(estimate_tricks(rest, trumps, turn_up) - bid_value(trio, turn_up))
        if best_gap is None or gap < best_gap - 1e-9:
            best, best_gap = trio, gap
    return Bid(best)


# --- playing to the bid ---------------------------------------------------------------------------

def _strength(card: Card, trumps: str, turn_up: Card | None) -> tuple[int, int]:
    return (1 if trumps and suit_of(card, turn_up) == trumps else 0, power(card, turn_up))


def rule_card(hand, trick, need: int, trumps: str, turn_up: Card | None) -> Card:
    """The card to play: win cheaply while ``need`` (tricks still wanted) is above 0, else duck."""
    options = playable(hand, trick, turn_up)
    key = lambda card: _strength(card, trumps, turn_up)  # noqa: E731
    if not trick:
        return max(options, key=key) if need > 0 else min(options, key=key)
    led = suit_of(trick[0], turn_up)
    to_beat = max(strength_in_trick(card, led, trumps, turn_up) for card in trick)
    winning, losing = [], []
    for card in options:            # a card played last wins if it beats every card before it
        (winning if strength_in_trick(card, led, trumps, turn_up) > to_beat else losing).append(card)
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
        hand = hands[seat]
        place = hand.index(card)             # found by identity at once: the card is the hand's
        hands[seat] = hand[:place] + hand[place + 1:]
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


def finish(layout: Layout) -> Layout:
    """The deal played to its end with every player using ``rule_card``."""
    while any(layout.hands):
        seat = layout.to_move()
        need = layout.bids[seat] - layout.taken[seat]
        layout = layout.after(rule_card(layout.hands[seat], layout.trick, need, layout.trumps,
                                        layout.turn_up))
    return layout


def play_out(layout: Layout) -> tuple[int, ...]:
    """Finish the deal with every player using ``rule_card``; return the deal's scores."""
    return finish(layout).scores()


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


#: how sharply a guess at hidden laid-aside cards is preferred when their bid matches what the
#: seat's nine cards for play should take (the weight falls by e**-3 per trick of mismatch)
BID_SHARPNESS = 3.0
#: the weight a guess keeps for each card a seat played that rule-based play would not have chosen
SURPRISE = 0.25
#: the share of play-outs making the bid needed to declare, and to reveal. Measured on 81 deals
#: against rules bots: play-outs making it 50-70% of the time were made only 45% of the time,
#: above 80% about 85% of the time. Revealing shows the hand, which helps searching opponents.
DECLARE_AT, REVEAL_AT = 0.75, 0.85


def _deal_hands(view, rng: random.Random, tries: int = 50):
    """Deal the unseen cards to the other seats' hands at random, respecting voids; return the
    hands (a tuple per seat) and the cards left over (laid aside by the others, or out of play)."""
    me, hidden, lacks = view.seat, unseen(view), voids(view)
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
            return tuple(hands[s] for s in range(view.players)), pool
    raise RuntimeError("No layout of the unseen cards fits this view.")


def past_plays(view) -> list[tuple]:
    """The cards the other seats played this deal, each with what that seat knew when it played:
    (seat, the trick before its card, tricks it had taken, the card, the cards it played later)."""
    tricks = list(view.tricks_played) + ([(view.leader, tuple(view.trick))] if view.trick else [])
    taken, plays = [0] * view.players, []
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            seat = (leader + i) % view.players
            if seat != view.seat:
                plays.append((seat, tuple(cards[:i]), taken[seat], card))
        if len(cards) == view.players:
            taken[(leader + trick_winner(cards, view.trumps, view.turn_up)) % view.players] += 1
    return [(seat, before, had, card, tuple(c for s, _, _, c in plays[k + 1:] if s == seat))
            for k, (seat, before, had, card) in enumerate(plays)]


def surprises(plays, seat: int, hand, bid: int, trumps: str, turn_up) -> int:
    """How many of ``seat``'s past cards ``rule_card`` would not have played, had the seat held
    ``hand`` now and bid ``bid``: a measure of how unlikely this guess makes its play so far."""
    count = 0
    for who, before, had, card, later in plays:
        if who == seat:
            held = tuple(hand) + (card,) + later
            count += rule_card(held, before, bid - had, trumps, turn_up) != card
    return count


def _guess_bids(view, hands, leftover, plays, rng: random.Random) -> tuple[list[int], float]:
    """Lay the left-over cards aside for the seats whose bids are hidden, choosing among the ways
    to split them by how well each fits (see ``infer_layouts``); return the bids and the weight
    of this guess. Without enough left-over cards (a set-up position with cards out of play), a
    hidden bid is what that seat's nine cards should take."""
    me, turn_up, trumps = view.seat, view.turn_up, view.trumps
    played = played_by(view)
    bids = [view.bid if s == me else bid_value(view.exposed_bids[s], turn_up)
            if view.exposed_bids[s] is not None else None for s in range(view.players)]
    hidden = [s for s in range(view.players) if bids[s] is None]
    expected = {s: estimate_tricks(hands[s] + played[s], trumps, turn_up) for s in hidden}
    if len(leftover) < 3 * len(hidden):
        for s in hidden:
            bids[s] = min(9, round(expected[s]))
        return bids, 1.0
    leftover = leftover[:3 * len(hidden)]

    def split_at(chosen):        # by place, as in choose_bid: no card compared to another
        return (tuple(leftover[p] for p in chosen),
                tuple(card for p, card in enumerate(leftover) if p not in chosen))
    splits = [()] if not hidden else [(leftover,)] if len(hidden) == 1 else \
        [split_at(chosen) for chosen in combinations(range(len(leftover)), 3)]
    cache: dict = {}

    def fit(seat, trio) -> float:
        bid = bid_value(trio, turn_up)
        if (seat, bid) not in cache:
            odd = surprises(plays, seat, hands[seat], bid, trumps, turn_up)
            cache[seat, bid] = math.exp(-BID_SHARPNESS * abs(expected[seat] - bid)) * SURPRISE ** odd
        return cache[seat, bid]

    weights = [math.prod(fit(s, trio) for s, trio in zip(hidden, split)) for split in splits]
    total = sum(weights)
    split = rng.choices(splits, weights)[0] if total > 0 else splits[0]
    for s, trio in zip(hidden, split):
        bids[s] = bid_value(trio, turn_up)
    return bids, total


def sample_layout(view, rng: random.Random, tries: int = 50) -> Layout:
    """One guess at the hidden cards: the unseen cards dealt to the other seats' hands respecting
    voids, and the cards left over laid aside by the seats whose bids are hidden (see
    ``infer_layouts``, which weighs many such guesses)."""
    return infer_layouts(view, rng, count=1, candidates=1)[0]


def infer_layouts(view, rng: random.Random, count: int, candidates: int) -> list[Layout]:
    """``count`` guesses at the hidden cards, drawn from ``candidates`` random deals weighted by
    how well each explains what this seat has seen: the hidden bid cards are the cards nobody can
    have in hand, and a guess is likelier when each other seat's bid is what its nine cards for
    play should take (as ``rules_bot`` bids) and when its cards so far are what playing to that bid
    would have chosen (as ``rules_bot`` plays). Likely guesses may be drawn more than once."""
    plays = past_plays(view)
    pool, weights = [], []
    for _ in range(candidates):
        hands, leftover = _deal_hands(view, rng)
        bids, weight = _guess_bids(view, hands, leftover, plays, rng)
        pool.append(Layout(hands, tuple(view.trick), view.leader, tuple(view.tricks_taken),
                           tuple(bids), view.premium, view.trumps, view.turn_up))
        weights.append(weight)
    if sum(weights) <= 0:
        weights = [1.0] * len(pool)
    return rng.choices(pool, weights, k=count)


class SearchBot:
    """Infer the hidden cards, solve or play out each guess, choose the best average move.

    samples      how many guesses at the hidden cards to score per decision
    candidates   how many random deals the guesses are drawn from (weighted by ``infer_layouts``)
    exact_cards  search exactly once every hand holds at most this many cards (else play out)
    offers       whether to declare or reveal when the sampled play-outs say it pays
    seed         mixed with the position to seed each decision's generator
    """

    def __init__(self, samples: int = 24, exact_cards: int = 3, seed: int = 0,
                 candidates: int = 96, offers: bool = True):
        self.samples, self.exact_cards, self.seed = samples, exact_cards, seed
        self.candidates, self.offers = candidates, offers

    def _rng(self, view, phase: str) -> random.Random:
        return random.Random(f"{self.seed}/{phase}/{view.deal}/{view.seat}/"
                             f"{' '.join(map(str, view.hand))}/{' '.join(map(str, view.trick))}/"
                             f"{view.tricks_taken}/{view.offers}")

    def __call__(self, view):
        if view.phase == "bid":
            return self.choose_bid(view)
        if view.phase == "offer":
            return self.choose_offer(view) if self.offers else PASS
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        rng = self._rng(view, "play")
        totals = [0.0] * len(moves)
        exact = max(view.hand_sizes) <= self.exact_cards
        for layout in infer_layouts(view, rng, self.samples, self.candidates):
            memo: dict = {}
            for i, move in enumerate(moves):
                child = layout.after(move.card)
                totals[i] += (solve(child, memo) if exact else play_out(child))[view.seat]
        return moves[max(range(len(moves)), key=lambda i: totals[i])]

    def choose_offer(self, view):
        """Declare or reveal when this seat's bid looks safe enough: made in at least
        ``DECLARE_AT`` (``REVEAL_AT``) of the guesses at the hidden cards, played out by
        ``rule_card``. A failed premium pays each opponent, so an offer raises the seat's expected
        margin over the others by 30 (60) x (2p - 1): it pays once p is above one half, but these
        play-outs are optimistic in the middle range, hence the higher thresholds."""
        earlier = [offer for offer in view.offers if offer in ("declare", "reveal")]
        layouts = infer_layouts(view, self._rng(view, "offer"), self.samples, self.candidates)
        made = sum(finish(layout).taken[view.seat] == view.bid for layout in layouts) / len(layouts)
        if made >= REVEAL_AT and "reveal" not in earlier:
            return Offer("reveal")
        if made >= DECLARE_AT and not earlier:
            return Offer("declare")
        return PASS

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
        return (f"SearchBot(samples={self.samples}, candidates={self.candidates}, "
                f"exact_cards={self.exact_cards}, offers={self.offers}, seed={self.seed})")


search_bot = SearchBot()

#: the lead wires these into ninetynine.bots.BOTS
BOTS = {"tricks_random": random_bot, "tricks_rules": rules_bot, "tricks_search": search_bot}


# --- matches -------------------------------------------------------------------------------------

def head_to_head(challenger, incumbent, games: int, deals: int = 9, seed: int = 0,
                 trumps: str = "turn-up") -> list[float]:
    """Per deal, the challenger's points minus the incumbents' average points.

    Game g seats the challenger at seat g % 3 and the incumbent bot at the other two seats, so
    every seat is used; game g is dealt with seed ``seed + g``.
    """
    from .events import DealScored
    from .game import TricksGame
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


def _seat_result(points: list[int], seat: int, measure: str) -> float:
    """A seat's points in one deal, or its margin over the other two seats' average."""
    if measure == "points":
        return points[seat]
    return points[seat] - (sum(points) - points[seat]) / 2


def duplicate_match(challenger, incumbent, games: int, deals: int = 9, seed: int = 0,
                    trumps: str = "turn-up", measure: str = "points") -> list[float]:
    """Per deal, how much better a seat does with the challenger than with the incumbent.

    Game g is played twice with seed ``seed + g``: with the challenger at seat g % 3 and the
    incumbent at the other seats, then with the incumbent at every seat. The shuffles do not depend
    on the moves, so both games see the same cards (under trumps="turn-up") and the luck of the
    deal cancels out: only the challenger's decisions make the difference.

    ``measure="points"`` compares the seat's points; ``measure="margin"`` its points minus the
    other two seats' average, which also charges a failed declare or reveal (its premium goes to
    the opponents, not away from the seat).
    """
    from .game import TricksGame
    if measure not in ("points", "margin"):
        raise ValueError(f"measure must be 'points' or 'margin', not {measure!r}.")
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
            runs.append([_seat_result(points, seat, measure) for points in state.deal_points])
        differences.extend(a - b for a, b in zip(*runs))
    return differences
