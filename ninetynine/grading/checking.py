"""Small helpers for check cells, so that checks read as plain statements of what is wanted.

>>> from ninetynine.counting.rules import Effect
>>> behaviour(Effect((10, -10)), 5)
((0, 15), False, False, False)
"""
from __future__ import annotations

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


def bidding_match(my_bid, deals: int, seed: int) -> list[tuple[float, float]]:
    """Per deal of Ninety-Nine, what bidding with ``my_bid`` instead of the rules bot's bidding
    changes, everything else the same: a pair (points, made), each averaged over the three seats -
    how many more points the seat scores, and how many more times (-1, 0 or 1) it makes its bid.

    ``my_bid(hand, trumps, turn_up)`` returns three cards of the 12-card ``hand`` to lay aside.
    Deal ``i`` is dealt from the seed ``f"bidding/{seed}/{i}"``. For each seat in turn the deal is
    played twice - that seat bidding with ``my_bid``, then with ``choose_bid`` - while the other
    two seats bid with ``choose_bid``; nobody offers a premium, and every card is played by the
    rules bot's ``rule_card``. The cards and the others' bids are the same in both, so the luck
    of the deal cancels out and only the bid makes a difference. A seat whose bid lays aside the
    same cards as the rules bot's plays exactly the same, so that deal is not played again (0, 0).
    """
    from ninetynine.bots.tricks import choose_bid, rule_card
    from ninetynine.tricks import PASS, Bid, PlayCard, TricksGame

    game = TricksGame(deals=1)

    def play(trios, deal_seed) -> tuple[list[int], list[bool]]:
        """Each seat's points, and whether it made its bid."""
        state = game.new_game(deal_seed)
        for _ in range(3):
            state.play(Bid.of(trios[state.to_move]))
        for _ in range(3):
            state.play(PASS)
        bids = state.bids
        while state.phase == "play":
            seat = state.to_move
            state.play(PlayCard(rule_card(state.hands[seat], state.trick,
                                          bids[seat] - state.tricks_taken[seat], state.trumps,
                                          state.turn_up)))
        made = [taken == bid for taken, bid in zip(state.tricks_taken, bids)]
        return state.deal_points[-1], made

    differences = []
    for i in range(deals):
        deal_seed = f"bidding/{seed}/{i}"
        state = game.new_game(deal_seed)
        hands, trumps, turn_up = state.hands, state.trumps, state.turn_up
        rules = [set(choose_bid(hand, trumps, turn_up).cards) for hand in hands]
        usual, points, made = None, 0.0, 0.0
        for seat in range(3):
            mine = my_bid(list(hands[seat]), trumps, turn_up)
            try:
                mine = set(getattr(mine, "cards", mine))
            except TypeError:       # not a collection of cards at all
                mine = set()
            if len(mine) != 3 or not mine <= set(hands[seat]):
                raise ValueError("my_bid must return three different cards of the hand it is "
                                 f"given; for {' '.join(map(str, hands[seat]))} it did not.")
            if mine == rules[seat]:
                continue
            usual = usual or play(rules, deal_seed)
            new = play([mine if s == seat else rules[s] for s in range(3)], deal_seed)
            points += new[0][seat] - usual[0][seat]
            made += new[1][seat] - usual[1][seat]
        differences.append((points / 3, made / 3))
    return differences


# --- answers written by the learner, not borrowed from the kit --------------------------------


def calls(run, functions) -> list[str]:
    """The names of ``functions`` that run while ``run()`` runs, however they are reached.

    A check uses it to see that a learner wrote an answer instead of calling the kit's own. A
    function is recognised by its code, so another name, a rule set's field
    (``QUENTIN_C.penalties``), a wrapper or a cache around it hides nothing.

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
    """True when ``run()`` hands one of ``things`` to a Python function, or returns one.

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


def ask(function, *args, call: str | None = None):
    """``function(*args)``, with an error it raises turned into a sentence naming the call.

    So a check that tries many inputs says which one broke the learner's function; ``call``
    names the call in words when its arguments do not read well (a bot's view). The
    exercise's own stub (``NotImplementedError``) is left as it is: the grader words it.

    >>> ask(int, "7")
    7
    >>> ask(int, "seven")
    Traceback (most recent call last):
    ...
    AssertionError: int('seven') raised ValueError: invalid literal for int() with base 10: 'seven'
    """
    try:
        return function(*args)
    except NotImplementedError:
        raise
    except Exception as error:  # noqa: BLE001 - any error of the learner's code becomes a sentence
        name = getattr(function, "__name__", "the function")
        call = call or f"{name}({', '.join(map(_shown, args))})"
        detail = f": {error}" if str(error) else ""
        raise AssertionError(f"{call} raised {type(error).__name__}{detail}") from None


def _shown(value) -> str:
    """An argument as a learner would write it: cards by their text."""
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_shown(item) for item in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    if type(value).__name__ == "Card":
        return str(value)
    return repr(value)


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
    """

    _MISSING = object()

    def __init__(self, function, **names):
        self.space = getattr(function, "__globals__", {})
        self.names = names

    def __enter__(self):
        self.old = {name: self.space.get(name, self._MISSING) for name in self.names}
        self.space.update(self.names)
        return self

    def __exit__(self, *exc):
        for name, value in self.old.items():
            if value is self._MISSING:
                self.space.pop(name, None)
            else:
                self.space[name] = value
        return False


def answer(words, function, *args):
    """``function(*args)``, with an error it raises turned into a sentence that starts with
    ``words`` (the input in words, or a function returning them, called only then), so that the
    learner sees which input broke it. The exercise's own stub (``NotImplementedError``) is left
    as it is: the grader words it.

    >>> answer("For the text 'seven'", int, "seven")
    Traceback (most recent call last):
    ...
    AssertionError: For the text 'seven', int raised ValueError: invalid literal for int() with base 10: 'seven'
    """
    try:
        return function(*args)
    except NotImplementedError:
        raise
    except Exception as error:  # noqa: BLE001 - any error of the learner's code becomes a sentence
        detail = f": {error}" if str(error) else ""
        words = words() if callable(words) else words
        raise AssertionError(f"{words}, {getattr(function, '__name__', 'the function')} raised "
                             f"{type(error).__name__}{detail}") from None


def positions(games: int, seed: int, rules: str = "quentin_c", players: int = 2) -> list:
    """The view of every turn of ``games`` seeded games of random play: positions to ask a bot
    about (whose moves they are does not matter), such as ``calls`` needs.

    >>> views = positions(games=2, seed=0)
    >>> len(views) > 10, all(view.legal_moves for view in views)
    (True, True)
    """
    import random
    game = nn.make(rules, players=players)
    chooser = random.Random(seed)
    views = []
    for number in range(games):
        state = game.new_game(seed=seed * 1000 + number)
        while not state.is_over:
            views.append(state.view(state.to_move))
            state.play(chooser.choice(state.legal_moves()))
    return views
