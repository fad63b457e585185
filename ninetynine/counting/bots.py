"""Bots for the running-total games: a cautious bot, an expert bot and a search bot.

Each takes a view (``state.view(seat)``) and returns one of ``view.legal_moves``. They work for
all four rule sets, and for a new rule set too, because they ask the rule set what each card does
(see ``reading.py``) instead of knowing card names.

**cautious_bot** looks one play ahead and at nothing else. It never loses tokens when it has a
card that avoids it, plays ordinary number cards before special ones (the 9, Ace, 10, 2, 4 and
Jack; the Pass, Skip, -10, Reverse and 99 cards), and among number cards keeps the count low.

**expert_bot** looks three plays ahead, with card counting for the two it cannot see:

1. *my play*: what it costs me and the others now (landing on 33 or 66, reaching 99, a bust);
2. *the next player's reply*: the unseen cards give the chance that the next player holds each
   kind of card; they will play their best one, so the bot works out the expected best of their
   hand (a trap such as a count of 31 with two players leaves most cards losing a token);
3. *my answer after that*: the best my remaining cards (and the card I draw) can do then, so
   escape cards (the 9, the 10 as -10, the Pass) are kept for danger rather than wasted.

Under the Taiwanese rules nobody loses tokens: a player with no playable card drops out of the
round with the fewest points. There the expert plays to leave the next player stuck and to keep
itself from being stuck; with a 5 it names the next player at random, as source 002 says a
computer player does (RULES 1.5), so it values a 5 by the average over the seats it may name.

**search_bot** imagines the game: it guesses the cards it cannot see, plays each of its moves
out to the end of the round in many such guesses, and keeps the expert's move unless another one
does better beyond doubt. It is built in steps at the end of this module (Monte Carlo search).

>>> import ninetynine as nn
>>> state = nn.make("quentin_c", players=2).setup(count=27, hands=["6C 9D KH", "7C 7D 7H"])
>>> str(expert_bot(state.view(0)))      # the 6 lands on 33: the opponent loses a token
'6C'
>>> str(cautious_bot(state.view(0)))    # the 6 is a number card that costs nothing
'6C'
"""
from __future__ import annotations

import math
import random
from collections import Counter

from ninetynine.core import deal_around
from ninetynine.protocol import random_bot

from .moves import DRAW, END, Play
from .reading import Reader, next_seat, plays, reader_of
from .rules import MAX_COUNT

# How much the expert cares about each thing, in tokens (token games) or in chances of dropping
# out (Taiwanese). These were tuned by playing the bots against each other (benchmarks/bots.py).
OTHERS_WEIGHT_MANY = 0.6   # with 3+ players, a token lost by each other player is worth this much
MY_ANSWER_WEIGHT = 0.8     # step 3 is further away and less certain than steps 1 and 2
KEEP_ESCAPES = 0.05        # the cost of spending a card by its escape power (0..1)
STUCK_WEIGHT = 1.0         # Taiwanese: the next player being stuck, as against me being stuck


def draw_or_end(view):
    """Manual drawing: draw whenever the hand is short and there is a card to draw."""
    if DRAW in view.legal_moves and len(view.hand) < view.hand_size:
        return DRAW
    return END


def _outcome_of(reader: Reader, move: Play, count: int):
    """The (amount, new, mine, theirs, ends) outcome that ``move`` chooses at ``count``."""
    for outcome in reader.outcomes(reader.group_of[move.card], count):
        if outcome.amount == move.amount:
            return outcome
    raise ValueError(f"{move} is not a way to play that card at a count of {count}.")


# --- the cautious bot ---------------------------------------------------------------------------


def cautious_bot(view):
    """Avoid losing tokens; spend number cards first and special cards last (weakest first).

    Among moves that cost the same, a number card beats a special card; among number cards the
    one that keeps the count lowest wins; among special cards the one that is worst at getting
    out of danger goes first (a Jack before a 9). Ties go to the first legal move. A card that
    names the next player (the Taiwanese 5) names one at random, as the rules ask of a bot, from
    a generator seeded by the view: the same view always gets the same move.
    """
    if view.phase == "draw":
        return draw_or_end(view)
    reader = reader_of(view)

    def key(indexed):
        index, move = indexed
        group = reader.group_of[move.card]
        _, new, mine, _, _ = _outcome_of(reader, move, view.count)
        special = reader.special[group]
        return (mine, new > MAX_COUNT, special, reader.escape[group] if special else 0, new, index)

    moves = plays(view)
    return _name_at_random(view, moves, min(enumerate(moves), key=key)[1])


def _name_at_random(view, moves: list, best: Play) -> Play:
    """``best``, or - for a card that names the next player (the Taiwanese 5) - the same card
    naming a seat chosen at random, as RULES 1.5 asks of a computer player (source 002). The
    generator is seeded by the view, so the same view always gets the same move."""
    if best.target is None:
        return best
    targets = [move for move in moves if (move.card, move.amount) == (best.card, best.amount)]
    return random.Random(f"{view.round}:{len(view.history)}:{view.seat}:{view.count}").choice(targets)


# --- the expert bot -----------------------------------------------------------------------------


def expert_bot(view):
    """Play each rule set well by looking three plays ahead with card counting (see the module)."""
    if view.phase == "draw":
        return draw_or_end(view)
    reader = reader_of(view)
    unseen = reader.unseen(view)
    score = _places_score if reader.places else _tokens_score
    shared: dict = {}                # work that the candidate moves can share
    scores: dict = {}                # cards of one group played the same way score the same
    moves = plays(view)
    for move in moves:
        same = (reader.group_of[move.card], move.amount, move.target)
        if same not in scores:
            scores[same] = score(view, reader, unseen, move, shared)
    # A card that names the next player names one at random (RULES 1.5), so a way to play it is
    # worth the average over the seats it may name.
    named: dict = {}
    for (group, amount, _), value in scores.items():
        named.setdefault((group, amount), []).append(value)

    def worth(indexed) -> tuple:
        index, move = indexed
        values = named[(reader.group_of[move.card], move.amount)]
        return (sum(values) / len(values), -index)

    return _name_at_random(view, moves, max(enumerate(moves), key=worth)[1])


def _best_of_hand(chances: list[tuple[float, float]], cards: int) -> float:
    """The expected best value of a hand of ``cards`` cards drawn from a pool of card kinds.

    ``chances`` lists (probability of the kind, value to the holder), any order. The best card
    of the hand is of kind i when the hand holds one of kind i and none better:
    P = (1 - better)^cards - (1 - better - p_i)^cards (drawing with replacement, a close
    approximation for a hand of a few cards from a deck of dozens).
    """
    total, better = 0.0, 0.0
    for p, value in sorted(chances, key=lambda pair: -pair[1]):
        share = (1 - better) ** cards - max(0.0, 1 - better - p) ** cards
        total += share * value
        better += p
    return total


def _probabilities(unseen: list[int]) -> list[tuple[int, float]]:
    total = sum(unseen)
    if total <= 0:
        return []
    return [(group, left / total) for group, left in enumerate(unseen) if left > 0]


# --- token games: Quentin C, RS Games, classic --------------------------------------------------


def _tokens_score(view, reader: Reader, unseen: list[int], move: Play, shared: dict) -> float:
    """Tokens I expect to come out ahead by, over my play, the reply and my answer."""
    others = sum(view.in_round) - 1
    weight = 1.0 if others == 1 else OTHERS_WEIGHT_MANY
    group = reader.group_of[move.card]
    _, new, mine, theirs, ends = _outcome_of(reader, move, view.count)
    value = -mine + weight * theirs * others
    value -= KEEP_ESCAPES * reader.escape[group]
    if ends:
        return value
    rest = list(view.hand)
    rest.remove(move.card)
    answer = _Answer(view, reader, [reader.group_of[card] for card in rest], unseen,
                     reader.values(others, weight), shared)
    follower = next_seat(view, view.seat, reader.groups[group], move.target)
    if follower == view.seat:        # a skip with two players: I play again
        return value + answer(new)
    cards = view.hand_sizes[follower] or 1
    my_turn_next = others == 1
    chances = []
    for group_o, p in answer.probabilities:
        best = None
        for _, new_o, mine_o, theirs_o, ends_o in reader.outcomes(group_o, new):
            theirs_value = -mine_o + weight * theirs_o * others
            my_value = -theirs_o + weight * mine_o
            if my_turn_next:
                # Two players: what is good for them is bad for me, so they pick what leaves
                # me worst off, my answer included (a minimax view of their reply).
                if not ends_o:
                    my_value += MY_ANSWER_WEIGHT * answer(new_o)
                theirs_value = -my_value
            if best is None or theirs_value > best[0]:
                best = (theirs_value, my_value)
        chances.append((p, best))
    return value + _expected_reply(chances, cards)


def _expected_reply(chances, cards: int) -> float:
    """Like ``_best_of_hand``, but the holder picks by their value and we add up ours."""
    total, better = 0.0, 0.0
    for p, (_, mine) in sorted(chances, key=lambda item: -item[1][0]):
        share = (1 - better) ** cards - max(0.0, 1 - better - p) ** cards
        total += share * mine
        better += p
    return total


class _Answer:
    """``answer(count)``: the best I can do at ``count`` with my remaining cards and, if I will
    draw, one more card from the unseen ones (its expected value).

    The expected value with a drawn card depends only on the count and on the best of my known
    cards, so it is remembered in ``shared`` under (count, best known value) for the whole
    decision: the candidate moves of one turn reuse each other's work.
    """

    def __init__(self, view, reader: Reader, rest_groups: list[int], unseen: list[int], values,
                 shared: dict):
        self.rest_groups, self.values, self.shared = rest_groups, values, shared
        self.probabilities = _probabilities(unseen)
        self.draws = _will_draw(view)

    def __call__(self, count: int) -> float:
        values = self.values
        known = max((values[g][count] for g in self.rest_groups), default=None)
        if not self.draws:
            return known if known is not None else -1.0
        key = (count, known)
        found = self.shared.get(key)
        if found is None:
            found = self.shared[key] = self._with_a_draw(count, known)
        return found

    def _with_a_draw(self, count: int, known: float | None) -> float:
        values = self.values
        if known is None:
            return sum(p * values[g][count] for g, p in self.probabilities)
        return sum(p * (v if (v := values[g][count]) > known else known)
                   for g, p in self.probabilities)


def _will_draw(view) -> bool:
    return view.deck_size > 0 or (view.rules.reshuffle and len(view.discard) > 1)


# --- Taiwanese: places, not tokens ----------------------------------------------------------------


def _places_score(view, reader: Reader, unseen: list[int], move: Play, shared: dict) -> float:
    """The chance the next player is stuck, minus the chance I am stuck at my next turn."""
    group = reader.group_of[move.card]
    _, new, _, _, _ = _outcome_of(reader, move, view.count)
    value = -KEEP_ESCAPES * reader.escape[group]
    rest = list(view.hand)
    rest.remove(move.card)
    if not rest and not view.deck_size:
        return value + 2.0           # my last card: I finish, the best result there is
    rest_groups = [reader.group_of[card] for card in rest]
    probabilities = _probabilities(unseen)
    follower = next_seat(view, view.seat, reader.groups[group], move.target)
    cards = view.hand_sizes[follower] or 1
    stuck_chance = sum(p for g, p in probabilities if not reader.outcomes(g, new))
    value += STUCK_WEIGHT * stuck_chance ** cards
    # If they can play, they play one of their playable cards; then it may be my turn.
    if sum(view.in_round) == 2:
        playable = [(g, p) for g, p in probabilities if reader.outcomes(g, new)]
        total = sum(p for _, p in playable)
        if total > 0:
            risk = 0.0
            for g, p in playable:
                outcomes = reader.outcomes(g, new)
                risk += p / total * max(_stuck_risk(view, reader, rest_groups, probabilities, o[1])
                                        for o in outcomes)
            value -= (1 - stuck_chance ** cards) * risk
    return value


def _stuck_risk(view, reader: Reader, rest_groups: list[int], probabilities, count: int) -> float:
    """The chance that none of my cards (the remaining ones and the one I draw) can be played."""
    if any(reader.outcomes(g, count) for g in rest_groups):
        return 0.0
    if view.deck_size == 0:           # nothing left to draw
        return 1.0
    return sum(p for g, p in probabilities if not reader.outcomes(g, count))


# --- the search bot: Monte Carlo search over guessed worlds ---------------------------------------
#
# The search bot imagines games and keeps the move that works out best in them. It is built in
# steps, each a small change to the one before (notebooks 17 and 17b build them one by one):
#
# 1. **Flat Monte Carlo** (``flat_monte_carlo``): guess the hidden cards (``sample_world``), try
#    each of my moves in the guessed world, let every player finish the round with a quick policy
#    (``playout``, ``PlayoutPolicy``) and score the round (``round_rewards``). Many guesses later,
#    play the move with the best average. Every move is tried in the same guesses with the same
#    luck, so that the averages differ by what the moves do more than by the luck of the draw.
# 2. **UCB1** (``ucb1``, ``flat_ucb``): rather than giving every move the same playouts, spend
#    them where they help: mostly on the moves that look best so far, sometimes on the others.
# 3. **A tree over move sequences** (``move_sequence_mcts``, once called ``ismcts``): grow a tree
#    of move sequences (my move, the next player's reply, my answer ...), choosing with UCB1 at
#    every node, each player for their own reward, in a new guessed world for every playout.
#    A node merges the worlds in which I drew different cards, so it is not an information set.
#    **A tree over information sets** (``information_set_mcts``): single-observer ISMCTS
#    (Cowling, Powley and Whitehouse 2012), whose nodes are what the searching seat knows - the
#    moves seen and its own hand - with availability counts in UCB1.
# 4. **A race that starts from the expert** (``race``, the bot itself): step 1, but a move is
#    dropped as soon as it is clearly behind, and the expert's move is kept unless another move
#    beats it beyond doubt.
#
# Why step 4? A round's result swings by several tokens with the cards, so a few hundred playouts
# separate moves only roughly, and the playouts' quick policy is weaker than the expert, so their
# verdicts lean a little. Measured at the same budget (``benchmarks/search_bot.py --steps``),
# steps 1 to 3 play about as well as the expert or worse; step 4 beats it: the search corrects
# the expert where the playouts are sure, and the race spends playouts only on close decisions.
#
# Everything is seeded from the view, so the same view always gets the same move, and the budget
# is a number of playouts, not a time: a busy machine makes the bot slower, never different.

#: the budget of steps 1-3: playouts per decision
PLAYOUTS = 300
#: how much UCB1 explores: c in total/visits + c * sqrt(ln(available) / visits), in tokens
EXPLORATION = 3.0
#: in a playout, how often a player plays a random move instead of the policy's
NOISE = 0.1
#: in a playout, how much a player minds what the next player can make of the count
REPLY_WEIGHT = 1.0
#: in a playout, the cost of spending a card by its escape power (0..1), in tokens
SPEND_ESCAPES = 0.3
#: a round's reward (in tokens) for being knocked out of the game, or for winning it
ELIMINATION = 3.0
#: playouts of the token games stop after this many moves and estimate the rest of the round
PLAYOUT_DEPTH = 8
#: Taiwanese playouts (no table of count values there) stop after this many moves and share
#: the places left out evenly (None: play the round out)
PLACES_DEPTH = 10
#: racing (``race``): the most playouts, the worlds before the first comparison, how often to
#: compare, and how many standard errors behind the leader drop a move
RACE_PLAYOUTS = 600
RACE_FIRST = 12
RACE_EVERY = 4
RACE_Z = 2.0
#: and how many standard errors a move must be ahead of the expert's to be played instead
PRIOR_Z = 2.0

_TABLES: dict = {}


def table_of(view):
    """The game that ``view`` is played at (its rules and options), built once and then shared."""
    from .game import CountingGame
    key = (id(view.rules), tuple(sorted(view.options.items())))
    game = _TABLES.get(key)
    if game is None or game.rules is not view.rules:
        game = _TABLES[key] = CountingGame(view.rules, **view.options)
    return game


def unseen_cards(view) -> list:
    """The cards I cannot see, in deck order: a full deck minus my hand and the discard pile.

    They are exactly the other players' hands and the deck (eliminated players' cards go under
    the discard pile, and a reshuffle puts the discards back into the deck).
    """
    deck = view.rules.deck
    if not _has_copies(deck):               # every card once: a set says what has been seen
        seen = set(view.hand)
        seen.update(view.discard)
        return [card for card in deck if card not in seen]
    left = Counter(view.hand)               # RS Games: count the copies
    left.update(view.discard)
    unseen = []
    for card in deck:
        if left[card] > 0:
            left[card] -= 1
        else:
            unseen.append(card)
    return unseen


_COPIES: dict = {}


def _has_copies(deck: tuple) -> bool:
    """Does ``deck`` hold a card more than once (RS Games)? Worked out once per deck: searches
    ask at every guessed world."""
    found = _COPIES.get(id(deck))
    if found is None or found[0] is not deck:
        found = _COPIES[id(deck)] = (deck, len(set(deck)) < len(deck))
    return found[1]


def sample_world(view, rng: random.Random, unseen: list | None = None):
    """One guess at the hidden cards: a whole state that agrees with everything ``view`` shows.

    The unseen cards are shuffled and dealt: each other seat gets as many as it holds, the deck
    the rest. The seat cannot tell such a world from the real one (it is a *determinization*).
    The world ends with the round, which is all the search scores.
    """
    from .state import CountingState
    pool = list(unseen_cards(view) if unseen is None else unseen)
    rng.shuffle(pool)
    hands, rest = deal_around(view, pool)
    deck = rest[:view.deck_size]
    world_seed = rng.getrandbits(32)        # for the world's own generator, if it reshuffles
    return CountingState.from_view(view, table_of(view), hands, deck, world_seed, check=False,
                                   round_only=True)


def round_rewards(world, view) -> list[float]:
    """What the round was worth to each seat, from ``view``'s position to the end of ``world``.

    Token games: the tokens the other players lost (on average) minus the tokens I lost, and
    ``ELIMINATION`` less for being knocked out of the game (more for winning it). Taiwanese
    rules: my place in the round, from -1 (first out) to 1 (first to finish).
    """
    n = view.players
    if view.points:                                  # Taiwanese: places, 1 (worst) to n (best)
        places = [world.points[s] - view.points[s] + (view.round_points[s] or 0) for s in range(n)]
        return [(2 * place - n - 1) / (n - 1) for place in places]
    lost = [before - after for before, after in zip(view.tokens, world.tokens)]
    playing = [s for s in range(n) if view.tokens[s] > 0]
    won = world.winner if len(world.alive) <= 1 else None
    rewards = []
    for seat in range(n):
        others = [lost[s] for s in playing if s != seat]
        reward = sum(others) / max(1, len(others)) - lost[seat]
        if view.tokens[seat] > 0 and world.tokens[seat] == 0:
            reward -= ELIMINATION
        if won == seat:
            reward += ELIMINATION
        rewards.append(reward)
    return rewards


class PlayoutPolicy:
    """How everyone plays in the imagined rounds: greedily, with the next player in mind.

    A move is worth what it does now (tokens the others lose minus tokens I lose, escape cards
    spent last) minus what the next player can expect to make of the count it leaves, holding
    a hand of random unseen cards: the value of their best card (card counting, as in
    ``expert_bot``). Under the Taiwanese rules a move is worth the chance that the next player
    has no card to play at all. All of this depends only on the kind of card and the count, so
    it is worked out once per decision and looked up at every move of every playout. Ties are
    broken at random, and with chance ``NOISE`` any legal move is played.
    """

    def __init__(self, view, reader: Reader):
        self.reader = reader
        chances = _probabilities(reader.unseen(view))
        cards = view.hand_size
        if reader.places:                # the chance that the next player is stuck at a count
            self.after = [STUCK_WEIGHT * sum(p for g, p in chances if not reader.outcomes(g, count))
                          ** cards for count in range(MAX_COUNT + 1)]
        else:                            # minus the next player's expected best card at a count
            values = reader.values(1, 1.0)
            self.after = [-REPLY_WEIGHT * _best_of_hand([(p, values[g][count]) for g, p in chances],
                                                        cards) for count in range(MAX_COUNT + 1)]
        self.scores: list[list] = [[None] * (MAX_COUNT + 1) for _ in reader.groups]

    def score(self, group: int, count: int) -> tuple:
        """((amount, value), ...): what each way of playing a card of ``group`` at ``count`` is worth."""
        found = self.scores[group][count]
        if found is None:
            reader, found = self.reader, []
            for amount, new, mine, theirs, ends in reader.outcomes(group, count):
                value = theirs - mine - SPEND_ESCAPES * reader.escape[group]
                if not ends and new <= MAX_COUNT:
                    value += self.after[new]
                found.append((amount, value))
            found = self.scores[group][count] = tuple(found)
        return found

    def __call__(self, world, rng: random.Random):
        """The move of the player to move in ``world``."""
        moves = world.legal_moves()
        if world.phase == "draw":                    # a manual draw step: draw when possible
            return DRAW if DRAW in moves else END
        if len(moves) == 1:
            return moves[0]
        if rng.random() < NOISE:
            return rng.choice(moves)
        group_of, count = self.reader.group_of, world.count
        best, best_value = [], None
        for move in moves:
            for amount, value in self.score(group_of[move.card], count):
                if amount == move.amount:
                    break
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[0] if len(best) == 1 else rng.choice(best)


def playout(world, view, rng: random.Random, policy: PlayoutPolicy) -> list[float]:
    """Play ``world`` on, everyone following ``policy``, and return each seat's reward.

    A playout ends with the round, or after ``PLAYOUT_DEPTH`` moves (``PLACES_DEPTH`` under the
    Taiwanese rules): what happens later depends mostly on cards nobody holds yet, so the rest of
    the round is estimated instead (``estimated_rewards``), which is quicker and less noisy.
    """
    depth = PLACES_DEPTH if policy.reader.places else PLAYOUT_DEPTH
    moves = 0
    while not world.is_over:
        if moves == depth:
            return estimated_rewards(world, view, policy.reader)
        world.play(policy(world, rng))
        moves += 1
    return round_rewards(world, view)


def estimated_rewards(world, view, reader: Reader) -> list[float]:
    """The rewards of a round not played to its end: what it brought so far plus an estimate.

    Token games: the player to move gets what ``count_values`` says the rest of the round is
    worth at this count, and the others share the opposite. Taiwanese rules: the places not
    taken yet are shared out evenly among the players still in the round.
    """
    n = view.players
    if reader.places:
        places = [world.points[s] - view.points[s] + (view.round_points[s] or 0) for s in range(n)]
        left = [s for s in range(n) if world.in_round[s]]
        share = (sum(range(1, n + 1)) - sum(places)) / max(1, len(left))
        return [(2 * (share if s in left else places[s]) - n - 1) / (n - 1) for s in range(n)]
    rewards = round_rewards(world, view)
    value = count_values(reader, view.hand_size)[world.count]
    playing = [s for s in range(n) if world.in_round[s]]
    for seat in playing:
        rewards[seat] += value if seat == world.to_move else -value / max(1, len(playing) - 1)
    return rewards


_COUNT_VALUES: dict = {}


def count_values(reader: Reader, hand_size: int) -> list[float]:
    """``values[count]``: what the rest of the round is worth, in tokens, to the player to move
    at ``count`` with a hand of random cards, if every player plays the card that is best now
    and for the count it leaves (the next player's value at that count counts against them).

    The values depend on each other (a 9 leaves the count where it is), so they are found by
    *value iteration*: start from 0 everywhere and work every count out again from the last
    values until nothing changes. Once per rule set and table size, a few hundredths of a second.
    """
    key = (id(reader), hand_size)
    if key not in _COUNT_VALUES:
        chances = _probabilities(list(reader.size))
        share = 1.0 / max(1, reader.players - 1)     # the next player's gain, shared by the others
        values = [0.0] * (MAX_COUNT + 1)
        for _ in range(60):
            new_values = [_best_of_hand([(p, _best_play(reader, g, count, values, share))
                                         for g, p in chances], hand_size)
                          for count in range(MAX_COUNT + 1)]
            change = max(abs(a - b) for a, b in zip(values, new_values))
            values = new_values
            if change < 1e-4:
                break
        _COUNT_VALUES[key] = values
    return _COUNT_VALUES[key]


def _best_play(reader: Reader, group: int, count: int, values: list[float], share: float) -> float:
    """The best way to play a card of ``group`` at ``count``, by ``count_values``' reckoning."""
    best = None
    for _, new, mine, theirs, ends in reader.outcomes(group, count):
        value = theirs - mine
        if not ends and new <= MAX_COUNT:
            value -= share * values[new]
        best = value if best is None else max(best, value)
    return -3.0 if best is None else best


def kind_of(move, reader: Reader):
    """Moves that do the same thing are one move to the search: a Queen and a King of Quentin C,
    played the same way, are the same ``(effect group, amount, named seat)``."""
    if not isinstance(move, Play):
        return move
    return (reader.group_of[move.card], move.amount, move.target)


def kinds(moves, reader: Reader) -> dict:
    """The legal moves by kind, each kind with its first move (in hand order)."""
    found: dict = {}
    for move in moves:
        found.setdefault(kind_of(move, reader), move)
    return found


def search_rng(view, seed: int = 0) -> random.Random:
    """A generator seeded by the view (and a bot's seed): the same view, the same move."""
    hand = " ".join(map(str, view.hand))
    return random.Random(f"{seed}:{view.round}:{len(view.history)}:{view.seat}:{view.count}:{hand}")


def _search_setup(view, seed: int):
    """What every step needs: the reader, a seeded generator, the kinds of move, the unseen
    cards and the playout policy."""
    reader = reader_of(view)
    return reader, search_rng(view, seed), kinds(view.legal_moves, reader), unseen_cards(view), \
        PlayoutPolicy(view, reader)


# Step 1: flat Monte Carlo ----------------------------------------------------------------------

def flat_monte_carlo(view, playouts: int | None = None, seed: int = 0):
    """Try every kind of move in the same guessed worlds, with the same luck; keep the best average."""
    reader, rng, choices, unseen, policy = _search_setup(view, seed)
    playouts = PLAYOUTS if playouts is None else playouts
    if len(choices) == 1:
        return next(iter(choices.values()))
    totals = dict.fromkeys(choices, 0.0)
    for _ in range(max(1, playouts // len(choices))):
        world = sample_world(view, rng, unseen)
        luck = rng.getrandbits(32)
        for kind, move in choices.items():
            trial = world.copy()
            trial.play(move)
            totals[kind] += playout(trial, view, random.Random(luck), policy)[view.seat]
    return choices[max(choices, key=lambda kind: totals[kind])]


# Step 2: UCB1 ----------------------------------------------------------------------------------

def ucb1(total: float, visits: int, available: int, exploration: float | None = None) -> float:
    """The UCB1 score of a move: its average reward plus a bonus for being tried rarely.

    ``available`` counts the times the move could have been chosen (in a tree over information
    sets a move is not available in every guessed world). The bonus shrinks as the move is
    tried, so a move that keeps doing badly is dropped, but never for ever.
    """
    if exploration is None:
        exploration = EXPLORATION
    return total / visits + exploration * math.sqrt(math.log(available) / visits)


def flat_ucb(view, playouts: int | None = None, seed: int = 0):
    """Like ``flat_monte_carlo``, but UCB1 picks the move each playout tries."""
    reader, rng, choices, unseen, policy = _search_setup(view, seed)
    playouts = PLAYOUTS if playouts is None else playouts
    if len(choices) == 1:
        return next(iter(choices.values()))
    totals, visits = dict.fromkeys(choices, 0.0), dict.fromkeys(choices, 0)
    for done in range(playouts):
        untried = [kind for kind in choices if not visits[kind]]
        kind = untried[0] if untried else max(
            choices, key=lambda k: ucb1(totals[k], visits[k], done))
        world = sample_world(view, rng, unseen)
        world.play(choices[kind])
        totals[kind] += playout(world, view, rng, policy)[view.seat]
        visits[kind] += 1
    return choices[max(choices, key=lambda kind: visits[kind])]


# Step 3: a tree over move sequences ----------------------------------------------------------------

class Node:
    """A node of the move-sequence tree: the moves made so far from the root, by kind.

    ``seat`` made the move that leads here; ``total`` is the reward that seat got from the
    playouts through this node, ``visits`` how many there were, and ``available`` how many
    times the move could have been chosen (the other hands differ from world to world).
    """

    def __init__(self, seat: int | None = None):
        self.seat = seat
        self.children: dict = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def select(node: Node, world, reader: Reader, rng: random.Random):
    """The next move at ``node`` in ``world``: a kind of move not tried yet (the node grows a
    child for it), else the child with the best UCB1 score for the player to move.
    Returns (child, move, whether the child is new)."""
    choices = kinds(world.legal_moves(), reader)
    for kind in choices:
        if kind in node.children:
            node.children[kind].available += 1
    untried = [kind for kind in choices if kind not in node.children]
    if untried:
        kind = rng.choice(untried)
        child = node.children[kind] = Node(world.to_move)
        child.available = 1
        return child, choices[kind], True
    kind = max(choices, key=lambda k: ucb1(node.children[k].total, node.children[k].visits,
                                           node.children[k].available))
    return node.children[kind], choices[kind], False


def move_sequence_mcts(view, playouts: int | None = None, seed: int = 0):
    """Monte Carlo tree search over move sequences, one guessed world per playout: every
    playout guesses a world, walks down the tree with UCB1 (each player choosing for themself),
    adds one node, plays the round out and gives each node's mover their reward. The move tried
    most at the root is played.

    A node is the sequence of moves from the root and nothing else, so my later node merges
    worlds in which I drew different cards: it is *not* an information set (see
    ``information_set_mcts`` for one that is)."""
    reader, rng, choices, unseen, policy = _search_setup(view, seed)
    playouts = PLAYOUTS if playouts is None else playouts
    if len(choices) == 1:
        return next(iter(choices.values()))
    root = Node()
    for _ in range(playouts):
        world = sample_world(view, rng, unseen)
        node, path = root, []
        while not world.is_over:
            if world.phase == "draw":                # drawing is not a choice worth searching
                world.play(policy(world, rng))
                continue
            node, move, new = select(node, world, reader, rng)
            world.play(move)
            path.append(node)
            if new:
                break
        rewards = playout(world, view, rng, policy)
        for node in path:
            node.visits += 1
            node.total += rewards[node.seat]
    return choices[max(root.children, key=lambda kind: root.children[kind].visits)]


#: the old name of ``move_sequence_mcts`` (it is not an information-set search), kept for
#: notebooks and bot lists that import it
ismcts = move_sequence_mcts


# Step 4: a tree over information sets ----------------------------------------------------------

class InformationSet:
    """A node of the information-set tree: what the searching seat knows at a decision - the
    public moves since the root and its own hand - whoever is to move. ``edges`` holds the
    moves tried from here, by kind."""

    def __init__(self):
        self.edges: dict = {}


class Edge:
    """A kind of move tried from an information set: ``seat`` made it; ``total``, ``visits``
    and ``available`` as in ``Node``; ``after`` the information sets it led to, by what the
    searching seat saw next (its own hand, which a draw may have changed)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.after: dict = {}
        self.visits = 0
        self.available = 1
        self.total = 0.0


def observation(world, seat: int, reader: Reader) -> tuple:
    """What ``seat`` sees in ``world`` beyond the public moves: its own hand, by kind of card
    (cards that do the same thing are one card to the search, as in ``kind_of``)."""
    return tuple(sorted(reader.group_of[card] for card in world.hands[seat]))


def information_set_tree(view, playouts: int | None = None, seed: int = 0) -> InformationSet:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
    Whitehouse 2012), the tree it grows from ``view``.

    Every playout guesses a world (a *determinization*) and walks down the tree. A node is an
    information set of the searching seat: the moves seen since the root and the seat's own hand
    (by kind of card), so after my move and my draw the tree goes on in the node of what I drew. At each node
    the player to move picks by UCB1 among the moves legal in this world, where a move's
    ``available`` counts the visits in which it was legal (the other seats' moves depend on
    their guessed hands). One new edge per playout, then the playout policy to the end, and each
    edge's mover gets their reward."""
    reader, rng, _, unseen, policy = _search_setup(view, seed)
    playouts = PLAYOUTS if playouts is None else playouts
    root = InformationSet()
    for _ in range(playouts):
        world = sample_world(view, rng, unseen)
        node, path = root, []
        while not world.is_over:
            if world.phase == "draw":                # drawing is not a choice worth searching
                world.play(policy(world, rng))
                continue
            choices = kinds(world.legal_moves(), reader)
            for kind in choices:
                if kind in node.edges:
                    node.edges[kind].available += 1
            untried = [kind for kind in choices if kind not in node.edges]
            if untried:
                kind = rng.choice(untried)
                edge = node.edges[kind] = Edge(world.to_move)
            else:
                kind = max(choices, key=lambda k: ucb1(node.edges[k].total, node.edges[k].visits,
                                                       node.edges[k].available))
                edge = node.edges[kind]
            world.play(choices[kind])
            path.append(edge)
            if untried:
                break
            while not world.is_over and world.phase == "draw":
                world.play(policy(world, rng))
            node = edge.after.setdefault(observation(world, view.seat, reader), InformationSet())
        rewards = playout(world, view, rng, policy)
        for edge in path:
            edge.visits += 1
            edge.total += rewards[edge.seat]
    return root


def information_set_mcts(view, playouts: int | None = None, seed: int = 0):
    """The move tried most at the root of ``information_set_tree`` (SO-ISMCTS)."""
    reader = reader_of(view)
    choices = kinds(view.legal_moves, reader)
    if len(choices) == 1:
        return next(iter(choices.values()))
    root = information_set_tree(view, playouts, seed)
    return choices[max(root.edges, key=lambda kind: root.edges[kind].visits)]


# The bot: a race among the moves that starts from the expert's choice ----------------------------

def race(view, playouts: int | None = None, seed: int = 0, prior=expert_bot):
    """Flat Monte Carlo (step 1) run as a race, overruling a ``prior`` bot only when it is sure.

    Every few worlds each move is compared with the leader on the worlds both have played: the
    differences of their rewards, world by world, have a mean and a standard error, and a move
    more than ``RACE_Z`` standard errors behind is dropped (a paired z-test: the differences
    are taken world by world, so the luck of the deal cancels). Easy decisions end early, hard
    ones get the playouts.

    The playouts follow a quick policy, weaker than the expert, so their verdicts are noisy and
    a little biased. So the race starts from the move ``prior`` would play and keeps it unless
    another move beats it by ``PRIOR_Z`` standard errors: search corrects the expert where the
    playouts are sure, and trusts it elsewhere (``prior=None``: no prior, the best average wins).
    """
    reader, rng, choices, unseen, policy = _search_setup(view, seed)
    playouts = RACE_PLAYOUTS if playouts is None else playouts
    default = kind_of(prior(view), reader) if prior is not None and len(choices) > 1 else None
    rewards: dict = {kind: [] for kind in choices}
    running, spent, worlds = list(choices), 0, 0
    while len(running) > 1 and spent + len(running) <= playouts:
        world = sample_world(view, rng, unseen)
        luck = rng.getrandbits(32)
        worlds += 1
        for kind in running:
            trial = world.copy()
            trial.play(choices[kind])
            rewards[kind].append(playout(trial, view, random.Random(luck), policy)[view.seat])
        spent += len(running)
        if worlds >= RACE_FIRST and worlds % RACE_EVERY == 0:
            leader = max(running, key=lambda kind: _mean(rewards[kind]))
            running = [kind for kind in running
                       if kind == leader or not _sure_ahead(rewards[leader], rewards[kind])]
    best = max(running, key=lambda kind: _mean(rewards[kind]))
    if default in running and not _sure_ahead(rewards[best], rewards[default], PRIOR_Z):
        best = default
    return choices[best]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _sure_ahead(mine: list[float], theirs: list[float], z: float | None = None) -> bool:
    """Is ``mine`` ahead of ``theirs`` (rewards in the same worlds) by ``z`` standard errors
    (``RACE_Z`` if not given)?"""
    gaps = [a - b for a, b in zip(mine, theirs)]
    n = len(gaps)
    if n < 2:
        return False
    mean = sum(gaps) / n
    spread = math.sqrt(sum((gap - mean) ** 2 for gap in gaps) / (n - 1))
    return mean > (RACE_Z if z is None else z) * spread / math.sqrt(n)


def search_bot(view):
    """The expert's move, unless a race of playouts shows a better one beyond doubt (``race``)."""
    if view.phase == "draw":
        return draw_or_end(view)
    return race(view)


#: the running-total games' named bots, weakest first (``Declaration.bots``; ``ninetynine.bots``
#: gives them as ``COUNTING_BOTS``)
BOTS = {"random": random_bot, "cautious": cautious_bot, "expert": expert_bot, "search": search_bot}
