"""Small helpers for check cells, so that checks read as plain statements of what is wanted.

>>> from ninetynine.counting.rules import Effect
>>> behaviour(Effect((10, -10)), 5)
((0, 15), False, False, False)
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import ninetynine as nn
from ninetynine.counting.rules import MAX_COUNT


def behaviour(effect, count: int, floor: int = 0) -> tuple:
    """What a card does at ``count``: the counts it can lead to (sorted), reverse, skip, choose_next.

    Two effects with the same behaviour at every count are the same card, however written.
    """
    results = tuple(sorted({max(floor, effect.apply(count, amount)) for amount in effect.amounts}))
    return results, bool(effect.reverse), bool(effect.skip), bool(effect.choose_next)


def different_cards(mine: dict, reference: dict, floor: int = 0) -> list[str]:
    """Card keys of ``reference`` whose effect in ``mine`` behaves differently at some count."""
    return [key for key, effect in reference.items()
            if key in mine and any(behaviour(mine[key], count, floor) != behaviour(effect, count, floor)
                                   for count in range(MAX_COUNT + 1))]


def match(bot, opponent, games: int, seed: int, rules: str = "quentin_c", **options) -> int:
    """Games ``bot`` wins out of ``games`` two-player games against ``opponent``.

    ``ninetynine.arena.tournament`` plays them: seats rotate and each pair of games is dealt
    from one seed, so a result never depends on which seat was lucky.
    """
    from ninetynine.arena import tournament
    results = tournament(nn.make(rules, players=2, **options), [bot, opponent], games, seed)
    return list(results.wins.values())[0]


class MatchVerdict(NamedTuple):
    """What ``match_test`` decided, and on how many games."""

    passed: bool
    games: int
    wins: int


def match_test(bot, opponent, seed: int, rules: str = "quentin_c", weak: float = 0.64,
               good: float = 0.76, bar: float = 0.70, error: float = 0.005, batch: int = 20,
               least: int = 40, most: int = 600, **options) -> MatchVerdict:
    """Does ``bot`` win at least ``bar`` of its two-player games against ``opponent``? Wald's
    sequential test of "wins ``weak`` of its games" against "wins ``good``", ``batch`` games at
    a time, so that clear cases stop early.

    Batch ``b`` is ``tournament(game, [bot, opponent], batch, seed * 10_000 + b)`` (seats rotate,
    each pair of games dealt from one seed). From ``least`` games on, after each batch the
    evidence for ``good`` over ``weak`` is weighed - each win adds log(good / weak), each loss
    log((1 - good) / (1 - weak)) - and the test passes once it is above log((1 - error) /
    error), about 5.3, fails once it is below minus that; so a bot winning only ``weak`` of its
    games passes at most about ``error`` of the time, and one winning ``good`` fails at most
    about as often. After ``most`` games it passes when the bot won at least ``bar`` of them.
    With the defaults the evidence changes sides at a winning rate of 70%.
    """
    import math

    from ninetynine.arena import tournament
    game = nn.make(rules, players=2, **options)
    up, down = math.log(good / weak), math.log((1 - good) / (1 - weak))
    edge = math.log((1 - error) / error)
    wins = games = 0
    for number in range(most // batch):
        results = tournament(game, [bot, opponent], batch, seed * 10_000 + number)
        wins += list(results.wins.values())[0]
        games += batch
        evidence = wins * up + (games - wins) * down
        if games >= least and abs(evidence) >= edge:
            return MatchVerdict(evidence > 0, games, wins)
    return MatchVerdict(wins >= bar * games, games, wins)


class Gain(NamedTuple):
    """What one bid was worth against the rules bot's, on average over its layouts."""

    points: float       # points the seat scored more, per deal
    made: float         # how much more often it made its bid (-1 to 1)
    same: bool          # True when it laid aside the rules bot's own cards (then 0, 0)


#: how many deals of the other 24 cards each hand is judged on (the first is the real deal)
LAYOUTS = 8


def bidding_gains(my_bid, seed, layouts: int = LAYOUTS):
    """Hand after hand of Ninety-Nine, what bidding with ``my_bid`` instead of the rules bot's
    bidding (``choose_bid``) is worth: a ``Gain`` per hand, endlessly (take as many as needed).

    ``my_bid(hand, trumps, turn_up)`` returns three cards of the 12-card ``hand`` to lay aside
    (anything else, or an error, stops the match with a sentence naming the hand).
    Hand ``i`` is seat ``i % 3``'s hand of the deal dealt from the seed ``f"bidding/{seed}/{i}"``.
    It is judged on ``layouts`` duplicate deals: the real deal, then the same hand and turn-up
    with the other 24 cards dealt again to the other two seats. Each is played twice, the seat
    laying aside ``my_bid``'s cards, then the rules bot's; the other two seats bid like the
    rules bot, nobody offers a premium, and every card is played by the rules bot's
    ``rule_card``. The cards and the others' bids are the same in both, so the luck of the deal
    cancels out and only the bid makes a difference. A hand where ``my_bid`` lays aside the
    rules bot's own cards plays exactly the same: it is not played at all (gain 0, same=True).

    The rules bot's bidding and play are worked out by ``_Deal``, a faster copy of
    ``choose_bid`` and ``rule_card`` (``agrees_with_the_rules_bot`` proves them the same).
    """
    import random
    from itertools import count

    from ninetynine.tricks import FULL_DECK, TricksGame
    from ninetynine.tricks.cards import sorted_cards
    from ninetynine.tricks.words import card_words, cards_words

    game = TricksGame(deals=1)
    for i in count():
        state = game.new_game(f"bidding/{seed}/{i}")
        seat, trumps, turn_up = i % 3, state.trumps, state.turn_up
        hand = list(state.hands[seat])

        def words():
            return f"For the hand {cards_words(hand)}, with {card_words(turn_up)} turned up"

        mine = answer(words, my_bid, list(hand), trumps, turn_up)
        cards = getattr(mine, "cards", mine)            # a Bid is three cards too
        mine = frozenset(cards) if isinstance(cards, (list, tuple, set, frozenset)) else frozenset()
        if len(mine) != 3 or len(cards) != 3 or not mine <= set(hand):
            raise AssertionError(f"{words()}, my_bid did not return three different cards of that "
                                 "hand.")
        deal = _Deal(trumps, turn_up)
        rules = deal.rules_aside(hand)
        if mine == rules:
            yield Gain(0.0, 0.0, True)
            continue
        others = [card for card in FULL_DECK if card not in hand and card != turn_up]
        shuffler = random.Random(f"bidding/{seed}/{i}/layouts")
        points = made = 0.0
        for layout in range(layouts):
            if layout == 0:
                opponents = [state.hands[s] for s in range(3) if s != seat]
            else:
                shuffler.shuffle(others)
                opponents = [sorted_cards(others[:12]), sorted_cards(others[12:])]
            hands = opponents[:seat] + [hand] + opponents[seat:]
            asides = [rules if s == seat else deal.rules_aside(h) for s, h in enumerate(hands)]
            usual = deal.result(hands, asides, seat)
            asides[seat] = mine
            new = deal.result(hands, asides, seat)
            points += new[0] - usual[0]
            made += new[1] - usual[1]
        yield Gain(points / layouts, made / layouts, False)


def bidding_match(my_bid, hands: int, seed, layouts: int = LAYOUTS) -> list[Gain]:
    """The first ``hands`` gains of ``bidding_gains``: a ``Gain`` per hand (points, made, same)."""
    from itertools import islice
    return list(islice(bidding_gains(my_bid, seed, layouts), hands))


class Verdict(NamedTuple):
    """What ``bidding_test`` decided, and on how many hands."""

    passed: bool
    hands: int          # how many hands it took to decide
    mean: float         # points gained per deal over those hands


def bidding_test(my_bid, seed, good: float = 1.0, error: float = 0.005, most: int = 1200,
                 batch: int = 25, least: int = 100) -> Verdict:
    """Does ``my_bid`` bid better than the rules bot? Wald's sequential test of "gains nothing"
    against "gains ``good`` points per deal", on ``bidding_gains`` 25 hands at a time.

    After each batch (from ``least`` hands on) the evidence for "gains ``good``" over "gains
    nothing" is weighed: (good / variance) x (total gain - hands x good / 2), with the variance
    of one hand's gain measured so far. The test passes once the evidence is above log(1 /
    error) - about 5.3, so that a bidder gaining nothing passes at most about ``error`` of the
    time - and fails once it is below minus that; after ``most`` hands it passes when the
    average gain is at least ``good / 2``. Clear cases stop early: random bids are told after
    100 hands, a bidder that loses a point per deal within about 250. Exercise 15 states what
    this means for bidders as good as its solution, and for bidders that gain nothing.
    """
    import math
    import statistics

    edge = math.log((1 - error) / error)
    gains: list[float] = []
    for gain in bidding_gains(my_bid, seed):
        gains.append(gain.points)
        n = len(gains)
        if n % batch and n < most:
            continue
        mean = statistics.fmean(gains)
        if n >= most:
            return Verdict(mean >= good / 2, n, mean)
        if n < least:
            continue
        variance = max(statistics.variance(gains), 1.0)
        evidence = good / variance * (sum(gains) - n * good / 2)
        if abs(evidence) >= edge:
            return Verdict(evidence > 0, n, mean)
    raise AssertionError("unreachable")     # bidding_gains never ends


class _Deal:
    """One deal's cards as the rules bot sees them, for laying aside and playing fast.

    ``rules_aside(hand)`` is ``set(choose_bid(hand, trumps, turn_up).cards)`` and ``result``
    plays a deal with ``rule_card`` for every seat, as ``ninetynine.tricks.bots.finish`` does,
    on numbers worked out once per deal instead of once per card played: a card is its place
    in the deck, with its suit (0-3), its rank for ``rule_card`` (16 more for a trump), its
    chance of a trick for ``estimate_tricks`` and the tricks it bids.
    """

    def __init__(self, trumps, turn_up):
        from itertools import combinations

        from ninetynine.tricks.bots import SIDE_CHANCE, TRUMP_CHANCE
        from ninetynine.tricks import FULL_DECK, SUIT_VALUES
        from ninetynine.tricks.cards import power, suit_of
        self.cards = [card for card in FULL_DECK if card != turn_up]
        self.number = {card: i for i, card in enumerate(self.cards)}
        self.suit, self.key, self.chance, self.worth = [], [], [], []
        for card in self.cards:
            suit, rank = suit_of(card, turn_up), power(card, turn_up)
            trump = bool(trumps) and suit == trumps
            self.suit.append("CDHS".index(suit))
            self.key.append((16 if trump else 0) + rank)
            self.chance.append((TRUMP_CHANCE if trump else SIDE_CHANCE)[rank])
            self.worth.append(SUIT_VALUES[suit])
        self.long = [0.5 if trumps == suit else 0.25 for suit in "CDHS"]
        self.trios = list(combinations(range(12), 3))

    def rules_aside(self, hand) -> frozenset:
        """The cards ``choose_bid`` lays aside: the first of the 220 ways (in ``combinations``
        order) whose bid is closest to ``estimate_tricks`` of the nine cards kept."""
        numbers = [self.number[card] for card in hand]
        suits = [self.suit[n] for n in numbers]
        size = [suits.count(suit) for suit in range(4)]
        # what laying aside 1, 2 or 3 cards of a suit takes off its long-suit bonus
        bonus = [[max(0, size[s] - r - 3) * self.long[s] for r in range(4)] for s in range(4)]
        less = [[bonus[s][r] - bonus[s][0] for r in range(4)] for s in range(4)]
        total = sum(self.chance[n] for n in numbers) + sum(b[0] for b in bonus)
        cost = [self.chance[n] + self.worth[n] for n in numbers]
        best, best_gap = None, None
        for trio in self.trios:
            a, b, c = trio
            sa, sb, sc = suits[a], suits[b], suits[c]
            if sa == sb:
                change = less[sa][3] if sb == sc else less[sa][2] + less[sc][1]
            elif sb == sc:
                change = less[sa][1] + less[sb][2]
            elif sa == sc:
                change = less[sa][2] + less[sb][1]
            else:
                change = less[sa][1] + less[sb][1] + less[sc][1]
            gap = abs(total + change - cost[a] - cost[b] - cost[c])
            if best_gap is None or gap < best_gap - 1e-9:
                best, best_gap = trio, gap
        return frozenset(hand[i] for i in best)

    def taken(self, hands, bids) -> list[int]:
        """Tricks each seat takes when every seat plays ``rule_card`` to its bid, seat 0 leading
        the first trick (hands in hand order: between cards of equal rank, the first)."""
        hands = [[self.number[card] for card in hand] for hand in hands]
        suit, order = self.suit, self.key.__getitem__
        taken, leader = [0, 0, 0], 0
        for _ in range(len(hands[0])):
            best, winner, led = -2, leader, None
            for place in range(3):
                seat = (leader + place) % 3
                hand, need = hands[seat], bids[seat] - taken[seat]
                if place == 0:
                    card = max(hand, key=order) if need > 0 else min(hand, key=order)
                    led = suit[card]
                else:
                    options = [card for card in hand if suit[card] == led] or hand
                    winning = [card for card in options if self._strength(card, led) > best]
                    losing = [card for card in options if card not in winning]
                    if need > 0:
                        card = (min(options, key=order) if not winning else
                                min(winning, key=order) if place == 2 else max(winning, key=order))
                    else:
                        card = max(losing, key=order) if losing else min(winning, key=order)
                strength = self._strength(card, led)
                if strength > best:
                    best, winner = strength, seat
                hand.remove(card)
            taken[winner] += 1
            leader = winner
        return taken

    def _strength(self, card: int, led: int) -> int:
        """``trick_winner``'s order: any trump, then the suit led, then the rest (never wins)."""
        key = self.key[card]
        return key + 32 if key >= 16 else key if self.suit[card] == led else -1

    def result(self, hands, asides, seat) -> tuple[int, bool]:
        """The seat's points and whether it made its bid, every seat laying ``asides[s]`` aside."""
        from ninetynine.tricks import score_deal
        kept = [[card for card in hand if card not in aside] for hand, aside in zip(hands, asides)]
        bids = [sum(self.worth[self.number[card]] for card in aside) for aside in asides]
        taken = self.taken(kept, bids)
        return score_deal(taken, bids)[seat], taken[seat] == bids[seat]


def agrees_with_the_rules_bot(deals: int, seed=0) -> bool:
    """True when ``_Deal`` lays aside and plays exactly as ``choose_bid`` and ``rule_card`` do,
    on ``deals`` deals (the rules bot's bids, and random bids so that every need is tried).

    >>> agrees_with_the_rules_bot(deals=40)
    True
    """
    import random
    from ninetynine.tricks.bots import Layout, choose_bid, finish
    from ninetynine.tricks import TricksGame, bid_value
    chooser = random.Random(seed)
    for i in range(deals):
        state = TricksGame(deals=1).new_game(f"agree/{seed}/{i}")
        deal = _Deal(state.trumps, state.turn_up)
        rules = [set(choose_bid(hand, state.trumps, state.turn_up).cards) for hand in state.hands]
        if rules != [set(deal.rules_aside(hand)) for hand in state.hands]:
            return False
        if i % 2:
            rules = [set(chooser.sample(hand, 3)) for hand in state.hands]
        kept = [tuple(c for c in hand if c not in aside) for hand, aside in zip(state.hands, rules)]
        bids = [bid_value(aside, state.turn_up) for aside in rules]
        played = finish(Layout(tuple(kept), (), 0, (0, 0, 0), tuple(bids), None, state.trumps,
                               state.turn_up))
        if list(played.taken) != deal.taken(kept, bids):
            return False
    return True


# --- answers written by the learner, not borrowed from the kit --------------------------------


def calls(run, functions) -> list[str]:
    """The names of ``functions`` that run in this process while ``run()`` runs, however they
    are reached.

    A check uses it to tell a learner, in their own notebook, that their answer calls the kit's
    own instead of being written. A function is recognised by its code, so another name, a rule
    set's field (``QUENTIN_C.penalties``), a wrapper or a cache around it hides nothing here.
    It is a hint, not a guard: it watches with a profile hook, which code in the same process
    can switch off. Under the grader the learner's code runs in another process, where the
    exercise's answers are not there to call at all (``withheld.py``), so ``calls`` sees nothing
    and a call of a withheld answer fails the check with its own sentence.

    >>> from ninetynine.counting.rules import QUENTIN_C, quentin_c_penalties
    >>> calls(lambda: QUENTIN_C.penalties(27, 33), [quentin_c_penalties])
    ['quentin_c_penalties']
    >>> calls(lambda: 27 + 6, [quentin_c_penalties])
    []
    """
    names = {function.__code__: function.__name__ for function in functions}
    seen: set[str] = set()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in names:
            seen.add(names[frame.f_code])

    _profiled(run, profile)
    return sorted(seen)


def touches(run, things) -> bool:
    """True when ``run()`` hands one of ``things`` to a Python function, or returns one (in
    this process: a hint for the learner's own notebook, like ``calls``; under the grader the
    exercise's tables are withheld from the learner's process instead).

    ``things`` are compared by identity (text by its value). It finds a kit table read on the
    way to an answer: ``RS_GAMES.effect(card)`` gives the rule set to a method,
    ``copy.deepcopy(RS_GAMES.effects)`` the table to a function, ``nn.make("rs_games")`` its
    name, and ``dict(RS_GAMES.effects)`` returns the kit's own effects.

    >>> import copy
    >>> from ninetynine.counting.rules import RS_GAMES
    >>> touches(lambda: copy.deepcopy(RS_GAMES.effects), [RS_GAMES.effects])
    True
    >>> touches(lambda: {"PASS": RS_GAMES.effects["PASS"]}, [RS_GAMES.effects["PASS"]])
    True
    >>> touches(lambda: {"PASS": "pass"}, [RS_GAMES, "rs_games"])
    False
    """
    objects = [thing for thing in things if not isinstance(thing, str)]
    texts = {thing for thing in things if isinstance(thing, str)}
    found = []

    def known(value) -> bool:
        if isinstance(value, str):
            return value in texts
        return any(value is thing for thing in objects)

    def profile(frame, event, arg):
        if event == "call" and not found and any(known(v) for v in frame.f_locals.values()):
            found.append(frame.f_code.co_name)

    result = _profiled(run, profile)
    values = list(result.values()) if isinstance(result, dict) else (
        list(result) if isinstance(result, (list, tuple, set)) else [])
    return bool(found) or known(result) or any(known(value) for value in values)


def kit_objects(rules) -> list:
    """The objects only the kit's rule set ``rules`` holds: the rule set, its table of effects,
    and each effect no other rule set of the kit shares (for ``touches``)."""
    from ninetynine.counting.rules import RULE_SETS
    shared = [effect for other in RULE_SETS.values() if other is not rules
              for effect in other.effects.values()]
    return [rules, rules.effects] + [effect for effect in rules.effects.values()
                                     if not any(effect is s for s in shared)]


def _profiled(run, profile):
    """``run()`` with ``profile`` watching every Python call; the profiler before is put back."""
    import sys
    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        return run()
    finally:
        sys.setprofile(before)


# --- The Game of 99 and Ninety-Nine: inputs in words, the kit's own answers ------------------


def squares_words(squares) -> str:
    """Square numbers in words, runs of three or more as ranges: "3, 5 and 40 to 99"."""
    squares = sorted(squares)
    runs: list[list[int]] = []
    for square in squares:
        if runs and square == runs[-1][-1] + 1:
            runs[-1].append(square)
        else:
            runs.append([square])
    words = [f"{run[0]} to {run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs]
    words = ", ".join(words).split(", ")
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def board_words(owner) -> str:
    """A board of The Game of 99 in words, every marker named, for a check's message.

    >>> board = [None] * 100
    >>> board_words(board)
    'an empty board'
    >>> board[40], board[99] = 0, 1
    >>> board_words(board)
    'a board with seat 0 on square 40 and seat 1 on square 99'
    >>> board_words([1] * 40 + [None] + [1] * 59)
    'a board where every square but 40 is taken by seat 1'
    """
    seats = sorted({seat for seat in owner if seat is not None})
    empty = [square for square, seat in enumerate(owner) if seat is None]
    if not seats:
        return "an empty board"
    if len(seats) == 1 and len(empty) < 50:
        taken = f"every square but {squares_words(empty)} is" if empty else "every square is"
        return f"a board where {taken} taken by seat {seats[0]}"
    parts = []
    for seat in seats:
        mine = [square for square, holder in enumerate(owner) if holder == seat]
        parts.append(f"seat {seat} on square{'s' if len(mine) > 1 else ''} {squares_words(mine)}")
    return "a board with " + (parts[0] if len(parts) == 1 else
                              ", ".join(parts[:-1]) + " and " + parts[-1])


def board_squares(owner, card) -> list[int]:
    """The engine's answer: the empty squares The Game of 99 lets ``card`` take on ``owner``."""
    state = nn.make("board", players=2).setup(
        markers={square: 0 for square, seat in enumerate(owner) if seat is not None},
        hands=["", ""], deck="")
    return state.squares_for(card)


def board_team(seat: int, players: int) -> int:
    """The engine's answer: the team of ``seat`` in a game of ``players`` players (partners sit
    alternately, so the seat modulo the game's number of teams).

    >>> [board_team(seat, 6) for seat in range(6)]
    [0, 1, 2, 0, 1, 2]
    """
    return seat % nn.make("board", players=players).teams


class standing_in:
    """While inside ``with standing_in(function, name=stand_in):``, the learner's ``function``
    finds ``stand_in`` wherever it uses ``name`` (its module's global names); afterwards
    everything is as it was. A check of one function uses it to put the kit's answer in place
    of another function the learner wrote, so that a mistake there is not counted twice.

    >>> def double(x):
    ...     return twice(x)
    >>> twice = lambda x: 0
    >>> with standing_in(double, twice=lambda x: 2 * x):
    ...     double(4)
    8
    >>> double(4)
    0

    Under the grader the learner's function runs in another process, and each call of a stand-in
    crosses back to the grader (about 0.3 ms). A check whose learner's function calls a stand-in
    thousands of times names, in ``ahead``, the arguments it will be called with (``{name: [args,
    ...]}``): the grader sends the stand-in's answers to those with it, and calls with any other
    arguments still cross. (Exercise 12's ``possible_bids`` asks ``bid_of`` about each of the 220
    three-card sets of a hand.)
    """

    _MISSING = object()

    def __init__(self, function, ahead: dict | None = None, **names):
        self.space = getattr(function, "__globals__", {})
        self.names = names
        remote = getattr(type(function), "_stand_in", None)   # a learner's function in its sandbox
        self.remote = remote(function, names, ahead or {}) if remote else None

    def __enter__(self):
        if self.remote is not None:
            self.remote.__enter__()
            return self
        self.old = {name: self.space.get(name, self._MISSING) for name in self.names}
        self.space.update(self.names)
        return self

    def __exit__(self, *exc):
        if self.remote is not None:
            return self.remote.__exit__(*exc)
        for name, value in self.old.items():
            if value is self._MISSING:
                self.space.pop(name, None)
            else:
                self.space[name] = value
        return False


def _learner_of(function):
    """The ``channel.Learner`` whose process holds ``function`` when it is a learner's function
    seen from the grader (a ``Remote``); None for a function of this process."""
    import sys
    channel = sys.modules.get("ninetynine.grading.channel")   # loaded only by the grader
    if channel is None or not isinstance(function, channel.Remote):
        return None
    learner = getattr(function, "_learner", None)
    return learner if isinstance(learner, channel.Learner) else None


def timed_call(function, *args):
    """``function(*args)`` and the processor seconds it used: ``(result, seconds)``.

    A budget check times the learner's code with this, wherever that code runs. In the learner's
    own notebook (and in a process that runs it directly) it is this thread's processor time, so
    that other threads of the process do not count. Under the grader the learner's function is a
    handle to the sandbox: the call crosses the channel, and the time is what the kernel counts
    for the whole sandbox - its processes and threads - which nothing in the learner's code can
    change.
    """
    learner = _learner_of(function)
    if learner is not None:
        before = learner.cpu_seconds()
        result = learner.call(function, *args)
        return result, learner.cpu_seconds() - before
    clock = _thread_clock()
    start = clock()
    result = function(*args)
    return result, clock() - start


@functools.lru_cache(maxsize=None)
def _thread_clock():
    """This thread's processor time where the system has one; else the process's (Pyodide).
    Found once: a budget check times every move with it."""
    import sys
    import time
    if sys.platform == "emscripten":
        return time.process_time
    try:
        time.thread_time()
        return time.thread_time
    except (AttributeError, OSError):
        return time.process_time


def yardstick(view, playouts: int = 90, seed: int = 0) -> None:
    """The work a bot's time budget is measured against (``Budget``): ``playouts`` random
    playouts, each in a world guessed from ``view`` (``sample_world``) and played at random to
    the end of the view's round - about what a simple Monte Carlo bot does for one move.

    Timed on the same machine as the bot, moments apart and on the same positions, it makes a
    budget mean the same on a fast machine, a slow or busy one, and in the browser site.
    """
    import random

    from ninetynine.counting.bots import sample_world
    rng = random.Random(seed)
    for _ in range(playouts):
        world = sample_world(view, rng)          # a guessed world ends with the view's round
        while not world.is_over:
            world.play(rng.choice(world.legal_moves()))


class Budget:
    """A bot with a stopwatch, held to a processor-time budget that means the same everywhere.

    Each move of ``bot`` is timed with ``timed_call`` (its own processor time, where it runs:
    other programs on the machine do not count), and the ``yardstick`` is timed here on the same
    view for each of the first ``after`` moves, then on every ``every``-th. From move ``after``
    on, the bot's average time a move may be at most ``times`` the yardstick's average; a move
    past that raises an ``AssertionError`` that says so. Use it as the bot in a match
    (``match_test(Budget(my_bot, 3), ...)``), or ask it for single moves with ``answer``.

    A fixed number of milliseconds would fail a good bot on a slow laptop, a busy machine or in
    the browser, and pass a slow bot on a fast machine; the yardstick slows down with the bot.

    >>> budget = Budget(lambda view: view.legal_moves[0], times=3)
    >>> for view in positions(games=1, seed=0, tokens=1)[:5]:
    ...     move = budget(view)
    >>> budget.moves, budget.spent / budget.moves <= budget.allowed()
    (5, True)
    """

    YARDSTICK_WORDS = "90 random playouts in guessed worlds"

    def __init__(self, bot, times: float, after: int = 4, every: int = 1, name: str = "my_bot"):
        self.bot, self.times, self.after, self.every, self.__name__ = bot, times, after, every, name
        self.moves, self.spent = 0, 0.0
        self.measured, self.yardstick_spent = 0, 0.0

    def __call__(self, view):
        """The bot's move in ``view``, timed and held to the budget."""
        move, seconds = timed_call(self.bot, view)
        self._count(view, seconds)
        return move

    def answer(self, words, view):
        """``__call__``, with an error the bot raises turned into a sentence that starts with
        ``words`` (as ``answer`` does)."""
        move, seconds = timed_answer(words, self.bot, view)
        self._count(view, seconds)
        return move

    def allowed(self) -> float:
        """The budget on this machine, now: seconds of processor time a move."""
        return self.times * self.yardstick_spent / max(1, self.measured)

    def _count(self, view, seconds: float) -> None:
        self.moves += 1
        self.spent += seconds
        if self.moves <= self.after or self.moves % self.every == 0:
            if not self.measured:
                yardstick(view, playouts=3)          # untimed: the first call fills caches
            clock = _thread_clock()
            start = clock()
            yardstick(view)
            self.yardstick_spent += clock() - start
            self.measured += 1
        average, allowed = self.spent / self.moves, self.allowed()
        assert self.moves < self.after or average <= allowed, (
            f"{self.__name__} took {1000 * average:.0f} ms of processor time a move on average "
            f"over {self.moves} moves; its budget on this machine is {1000 * allowed:.0f} ms, "
            f"{self.times:g} times what {self.YARDSTICK_WORDS} took on the same positions.")


def answer(words, function, *args):
    """``function(*args)``, with an error it raises turned into a sentence that starts with
    ``words`` (the input in words, or a function returning them, called only then), so that the
    learner sees which input broke it; where the error came from a line of the learner's own, the
    sentence ends with that line (``exercise.raised``). The exercise's own stub
    (``NotImplementedError``) becomes ``exercise.Unwritten``, whose one sentence names the
    function still to write.

    >>> answer("For the text 'seven'", int, "seven")
    Traceback (most recent call last):
    ...
    AssertionError: For the text 'seven', int raised ValueError: invalid literal for int() with base 10: 'seven'.
    >>> def stub():
    ...     raise NotImplementedError()
    >>> answer("For nothing", stub)
    Traceback (most recent call last):
    ...
    ninetynine.exercise.Unwritten: `stub` is not written yet: replace `raise NotImplementedError()` in its cell with your code.
    """
    try:
        return function(*args)
    except NotImplementedError as error:
        raise _unwritten(error, function) from None
    except Exception as error:  # noqa: BLE001 - any error of the learner's code becomes a sentence
        raise _worded(words, function, error) from None


def answers(words, function, inputs) -> list:
    """``[function(*args) for args in inputs]``, each error turned into a sentence that starts
    with ``words(*args)`` (the input in words), as ``answer`` does for one call.

    For a check that asks a function without state about many inputs: under the grader the
    learner's function runs in another process, and ``answers`` asks it about all of them in a
    few messages (``Learner.call_many``) instead of crossing once per input. Every input is asked,
    in order; the first that raised is reported.

    >>> answers(lambda text: f"For the text {text!r}", int, [("7",), ("11",)])
    [7, 11]
    >>> answers(lambda text: f"For the text {text!r}", int, [("7",), ("seven",)])
    Traceback (most recent call last):
    ...
    AssertionError: For the text 'seven', int raised ValueError: invalid literal for int() with base 10: 'seven'.
    """
    inputs = [tuple(args) for args in inputs]
    learner = _learner_of(function)
    if learner is not None:
        replies = learner.call_many(function, [(args, {}) for args in inputs])
    else:
        replies = []
        for args in inputs:
            try:
                replies.append(("value", function(*args)))
            except NotImplementedError as error:
                raise _unwritten(error, function) from None
            except Exception as error:  # noqa: BLE001 - worded below
                replies.append(("error", error))
    found = []
    for args, (kind, value) in zip(inputs, replies):
        if kind == "error":
            if isinstance(value, NotImplementedError):
                raise _unwritten(value, function) from None
            raise _worded(lambda: words(*args), function, value) from None
        found.append(value)
    return found


def timed_answer(words, function, *args):
    """``answer`` that also gives the processor seconds the call used: ``(result, seconds)``,
    timed by ``timed_call``."""
    try:
        return timed_call(function, *args)
    except NotImplementedError as error:
        raise _unwritten(error, function) from None
    except Exception as error:  # noqa: BLE001
        raise _worded(words, function, error) from None


def _worded(words, function, error) -> AssertionError:
    """The learner's ``error`` as one sentence: the input, the function, the error, and the
    learner's own line where its traceback holds one (``exercise.raised``)."""
    from ninetynine.exercise import learner_line, raised
    words = words() if callable(words) else words
    place = learner_line(error)
    return AssertionError(raised(f"{words}, {getattr(function, '__name__', 'the function')}",
                                 type(error).__name__, str(error), *(place or ())))


def _unwritten(error: BaseException, function) -> NotImplementedError:
    """The exercise's stub as ``exercise.Unwritten``: the function whose stub raised (from the
    traceback, in the learner's own process), else the function the check called."""
    from ninetynine.exercise import Unwritten, stub_name
    return Unwritten(stub_name(error, getattr(function, "__name__", None)))


def positions(games: int, seed: int, rules: str = "quentin_c", players: int = 2,
              **options) -> list:
    """The view of every turn of ``games`` seeded games of random play: positions to ask a bot
    about (whose moves they are does not matter), such as ``calls`` needs. ``options`` are the
    game's (``tokens=1`` for one-token games, say).

    >>> views = positions(games=2, seed=0)
    >>> len(views) > 10, all(view.legal_moves for view in views)
    (True, True)
    >>> {tuple(view.tokens) for view in positions(games=2, seed=0, tokens=1)}
    {(1, 1)}
    """
    import random
    game = nn.make(rules, players=players, **options)
    chooser = random.Random(seed)
    views = []
    for number in range(games):
        state = game.new_game(seed=seed * 1000 + number)
        while not state.is_over:
            views.append(state.view(state.to_move))
            state.play(chooser.choice(state.legal_moves()))
    return views
