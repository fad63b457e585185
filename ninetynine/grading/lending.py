"""Lending the grader's objects to a learner's process: the engine stays here, the test plays it.

Exercise 20 grades a learner's test of a Quentin C engine by running it on the real engine, where
it must pass, and on engines with bugs planted in them, where it must fail. Were those engines
*sent* to the learner's process, their code would be there to read: a "test" that looked at the
engine's class, its rule set or the names of its methods could tell every planted engine from the
real one and catch every bug without testing anything. So the engines are **lent** instead::

    with lend(game, to=test_engine) as engine:      # the exercise's ``outcome``
        test_engine(engine)

The game and every state made from it stay in the grader's process. The learner's function gets a
stand-in, the same for every engine, that plays the grader's engine from there:

- a ``LentGame`` for the game and a ``LentState`` for each state: two classes of this module,
  with the same attributes and methods whichever engine is behind them;
- each object's **data as plain values** (a *mirror*): a game's options and rule set, a state's
  count, tokens, hands, deck, discard, turn, history and the rest, and whether it is over. The rule
  set is always the kit's own of that name (``QUENTIN_C``), whatever rule set the engine plays.
  Reading the data is local and costs nothing;
- **methods that ask the grader**, while the learner's function runs (a callback of the channel,
  ``channel.Server.callback``): ``game.new_game``, ``setup``, ``from_json``, ``parse_cards``;
  ``state.play``, ``legal_moves``, ``copy``, ``view``, ``to_json``, ``standings``,
  ``parse_move``, and ``copy.copy``/``copy.deepcopy``. The engine answers here, and the answer
  crosses as data - moves, events, views and cards are the kit's own classes - together with the
  new data of every lent object the call changed (a copy that shares a list with its original
  changes both);
- **never the engine's code, class or rule set**: answers are pickled by a strict pickler
  (``_Strict``) that refuses anything but plain data, the kit's own values and classes, and the
  lent objects, and that puts the kit's rule set of the same name wherever the engine's own rule
  set would go (a view's ``rules``). An error the engine raises crosses as its class - the kit's,
  or the nearest built-in - and its message, with the names of the engine's own classes and
  functions put back to the kit's.

The data behaves as a kit state's own. A state's lists are the state's own lists: the grader says
which of its lists each one is, so a list changed in place stays the same list (``hand =
state.hands[0]`` follows the hand as it is played), a list the engine replaced is a new list, and
two states that share a list in the grader share it here (a copy that shares its hands with the
original is seen to share them, ``copy.hands is state.hands``). What the learner's code changes in
a state's data - a field set, a list changed in place - is made on the grader's state before the
next call asks it anything, as ``ninetynine.testing.check_game`` needs to try other deals of the
hidden cards. The legal moves come with each change, worked out in the grader, which keeps them
as a state asked for them does, until its next move, and forgets them, as if never asked, when
the state's data changes otherwise (``_Lending.prefetch``): a move costs one crossing, ``play``,
naming one of those moves by its place.

What crosses is kept small, since a test makes thousands of moves: a list that changed sends only
the part between the items it starts and ends with as before (a card drawn from the deck, one
played onto the pile, the events a move added to a history); a list of the kit's standard cards
goes as their text ("7C AS"); each event or move crosses once, then as its number in a table both
sides keep for the lending (``_Known``); and each side finds out whether anything changed by
comparisons made in C (``_Watch``).

What is different from the kit's classes, for every engine alike: ``type(state)`` is
``LentState``; private attributes (``rng``, ``_legal``), the game's internal tables (``effect_of``,
``outcomes``) and ``from_view`` are not lent; the game's data cannot be changed; a lent object
stops answering when the learner's function returns (its data stays readable); and a test may hold
at most ``OBJECT_LIMIT`` lent states at once.

Cost: a crossing (a call that asks the grader) takes about 0.5-0.6 ms, the grader's and the
learner's work together, against some 0.2 ms for a move of a test on a local engine
(``docs/instructors.md`` gives exercise 20's figures).

Outside the grader - in the learner's notebook, and where the checks call a plain function -
``lend`` gives the game itself, so the same helpers work everywhere.
"""
from __future__ import annotations

import builtins
import copy as _copy
import dataclasses
import io
import itertools
import operator
import pickle
import re
import sys
import time
import types
import weakref
from typing import Any, NamedTuple

from ..cards import STANDARD_CARDS
from ..counting.game import CountingGame
from ..counting.moves import Play
from ..counting.rules import RULE_SETS, RuleSet
from ..counting.state import CountingState

#: the data of each kind of object that the learner's process holds and reads locally
GAME_FIELDS = ("rules", "players", "tokens", "hand_size", "auto_draw", "starter", "rounds", "name",
               "options")
STATE_FIELDS = ("game", "rules", "players", "hand_size", "count", "direction", "round", "tokens",
                "points", "hands", "deck", "discard", "to_move", "phase", "order", "in_round",
                "round_points", "starter", "last_loser", "eliminated_at", "plays", "history",
                "last_round")
FIELDS = {"game": GAME_FIELDS, "state": STATE_FIELDS}
#: fields the learner's code may not change (a game holds no position; a state keeps its game)
READ_ONLY = {"game": frozenset(GAME_FIELDS),
             "state": frozenset({"game", "rules", "players", "hand_size"})}
WRITABLE = {kind: tuple(name for name in fields if name not in READ_ONLY[kind])
            for kind, fields in FIELDS.items()}
#: a state's properties, worked out by the engine after each change
DERIVED = ("is_over", "winner", "alive")
#: the methods the grader answers, for each kind of object (``play_legal``: ``play`` of one of
#: the legal moves that came with the state's data, named by its place among them)
METHODS = {"game": frozenset({"new_game", "setup", "from_json", "parse_cards"}),
           "state": frozenset({"legal_moves", "play", "play_legal", "copy", "view", "to_json",
                               "standings", "parse_move", "__copy__", "__deepcopy__"})}
#: the most objects one learner's function may hold at once (each is kept in the grader)
OBJECT_LIMIT = 10_000
#: lists, and the kit's values (events, moves), remembered on both sides before they are forgotten
LIST_LIMIT = 50_000
VALUE_LIMIT = 200_000
_MISSING = object()
_FOUND: dict = {}
#: what a value that holds nothing else can be: crosses as it is, whatever holds it
_PLAIN = frozenset({int, str, bool, float, type(None)})
#: the kit's frozen records (events, moves, cards, standings): they hold no list of a state's,
#: and each crosses once per lending, then as its number (``_Known``). Filled by ``_strict_table``.
_FROZEN: set = set()
#: a list of the kit's standard cards crosses as their text ("7C AS"), turned into text and back
#: by lookups made in C: each process has its own card objects, one per text
_CARD_TEXT = {id(card): text for text, card in STANDARD_CARDS.items()}


def _channel():
    """The channel's module (loaded wherever a lending runs: the grader, the learner's side).

    Kept in a private table, not in a global of its own: the grader's fingerprint of the kit
    (``integrity.py``) describes a module held by a global, and the grader's process, which has
    lent engines before, must describe this module as the learner's fresh process does."""
    found = _FOUND.get("channel")
    if found is None:
        from . import channel as found
        _FOUND["channel"] = found
    return found


def _same(one, other) -> bool:
    """Equal plain values (a learner's value whose ``==`` fails counts as changed)."""
    if one is other:
        return True
    try:
        return bool(one == other)
    except Exception:  # noqa: BLE001 - whatever the learner's code put there
        return False


def _alike(items, agreed) -> bool:
    """The same items, the very same objects, in the same order."""
    return len(items) == len(agreed) and not any(map(operator.is_not, items, agreed))


def _changed_part(found: list, agreed: list) -> tuple[int, int]:
    """``(start, stop)``: ``agreed[start:stop]`` is what changed to make ``found`` - the part
    between the items both start with and the items both end with, the very same objects (a
    drawn card leaves the top of the deck, a played card joins the discard pile, a history
    grows at its end). Both scans run in C."""
    shortest = min(len(found), len(agreed))
    start = next(itertools.compress(itertools.count(), map(operator.is_not, found, agreed)),
                 shortest)
    end = next(itertools.compress(itertools.count(), map(operator.is_not, reversed(found),
                                                         reversed(agreed))), shortest)
    return start, len(agreed) - min(end, shortest - start)


class _Watch:
    """The lists one object holds, to see in C whether any changed since last agreed: its flat
    lists and their agreed copies side by side (compared by value), and its lists of lists
    (hands) with their copies (compared item by item, by identity)."""

    __slots__ = ("agreed", "flat", "nested", "nested_agreed")

    def __init__(self):
        self.flat, self.agreed, self.nested, self.nested_agreed = [], [], [], []

    def add(self, found: list, agreed: list, nested: bool) -> None:
        if nested:
            self.nested.append(found)
            self.nested_agreed.append(agreed)
        else:
            self.flat.append(found)
            self.agreed.append(agreed)

    def moved(self) -> list:
        """The lists that changed (a list of lists only if it holds other lists now)."""
        moved = list(itertools.compress(self.flat, map(operator.ne, self.flat, self.agreed)))
        for found, agreed in zip(self.nested, self.nested_agreed):
            if not _alike(found, agreed):
                moved.append(found)
        return moved


# --- the learner's side -------------------------------------------------------------------------


_SESSIONS: dict = {}        # the current lending's number -> its _Session (only the latest)
_RECEIVING: list = []       # the session whose answer is being unpickled (``_list_ref`` ...)
_GET = {kind: operator.itemgetter(*fields) for kind, fields in WRITABLE.items() if fields}


class _Failure:
    """An error the grader's engine raised, as data: ``_Lent._ask`` raises it again here."""

    __slots__ = ("error",)

    def __init__(self, error: dict):
        self.error = error


class _Session:
    """The learner's half of one lending: the lent objects and lists it holds, and what it last
    agreed with the grader about each, so that it can tell what the learner's code changed.

    Per object: its fields as last agreed (``sent``), their identities (``ids``) and the lists
    it held (``watched``); per list: its items as last agreed (``seen``). Whether the learner's
    code changed anything is then a comparison of the fields' identities and of each list with
    its agreed copy, made in C (``clean``; the common case: nothing changed); what it changed is
    worked out only then (``writes``)."""

    def __init__(self, number: int):
        self.number = number                  # the grader's callback for this lending
        self.live: dict[int, weakref.ref] = {}   # object number -> its LentGame / LentState
        self.kinds: dict[int, str] = {}
        self.sent: dict[int, dict] = {}       # object number -> {field: value as last agreed}
        self.ids: dict[int, tuple] = {}       # object number -> id() of each writable field's value
        self.watched: dict[int, _Watch] = {}  # object number -> the lists it held
        self.derived: dict[int, dict] = {}    # object number -> {property: ("value", v) or error}
        self.legal: dict[int, list] = {}      # object number -> its legal moves, sent with its data
        self.lists: dict[int, list] = {}      # token -> the list
        self.tokens: dict[int, int] = {}      # id(list) -> token
        self.seen: dict[int, list] = {}       # token -> its items as last agreed
        self.nested: set[int] = set()         # tokens of lists that hold lists (hands)
        self.values: list = []                # the kit's values the grader sent, by number
        self.released: list[int] = []         # objects the learner let go of, to tell the grader
        self.made = itertools.count(-1, -1)   # tokens of lists made here count down

    @classmethod
    def of(cls, number: int) -> "_Session":
        session = _SESSIONS.get(number)
        if session is None:
            _SESSIONS.clear()                 # an earlier lending's objects keep their session
            session = _SESSIONS[number] = cls(number)
        return session

    def proxy(self, number: int, kind: str) -> "_Lent":
        ref = self.live.get(number)
        found = ref() if ref is not None else None
        if found is None:
            found = object.__new__(_CLASSES[kind])
            object.__setattr__(found, "_session", self)
            object.__setattr__(found, "_number", number)
            self.live[number] = weakref.ref(found)
            self.kinds[number] = kind
        return found

    def list(self, token: int) -> list:
        found = self.lists.get(token)
        if found is None:
            found = self.lists[token] = []
            self.tokens[id(found)] = token
        return found

    def receive(self, updates) -> None:
        """Apply what the grader sent with an answer: lists' new items, objects' new data, and
        their properties and legal moves; forget the lists the grader forgot."""
        lists, fields, derived, dropped = updates
        rewatch = bool(dropped)
        for token, start, stop, items, nested in lists:
            if type(items) is str:
                items = list(map(STANDARD_CARDS.__getitem__, items.split()))
            found = self.lists.get(token)
            if found is None:
                found = self.list(token)
            found[start:stop] = items
            agreed = self.seen.get(token)
            if agreed is None:
                self.seen[token] = list(found)
            else:                         # in place: ``watched`` holds it
                agreed[start:stop] = items
            if nested:                    # a list of lists, as the grader says
                self.nested.add(token)
                rewatch = True
            elif token in self.nested:
                self.nested.discard(token)
                rewatch = True
        for number, kind, values in fields:
            proxy = self.proxy(number, kind)
            proxy.__dict__.update(values)
            self.sent.setdefault(number, {}).update(values)
        for number, properties, legal in derived:
            self.derived[number] = properties
            self.legal[number] = legal
        for token in dropped or ():
            found = self.lists.pop(token, None)
            if found is not None:
                self.tokens.pop(id(found), None)
            self.seen.pop(token, None)
            self.nested.discard(token)
        # every state whose data changed (a list it shares with another too) comes with its
        # properties: its data as it now is is agreed. The lists it holds are looked at again
        # only if a field now holds another list, or a list of lists changed
        relisted = {number for number, _, values in fields
                    if any(type(value) is list for value in values.values())}
        for number, _, _ in derived:
            ref = self.live.get(number)
            proxy = ref() if ref is not None else None
            if proxy is not None:
                self.agree(number, proxy,
                           rewatch or number in relisted or number not in self.watched)

    def agree(self, number: int, proxy, rewatch: bool = True) -> None:
        """Record the object's data as it now is: what the grader and this side agree on."""
        get = _GET.get(self.kinds.get(number, ""))
        if get is None or number not in self.sent:
            return
        try:
            values = get(proxy.__dict__)
        except KeyError:                  # a field the learner's code took away: always changed
            self.ids.pop(number, None)
            return
        if not rewatch:
            self.ids[number] = tuple(map(id, values))
            return
        watch = _Watch()
        for value in values:
            if type(value) is list and not self._watch(value, watch):
                self.ids.pop(number, None)    # a list this side never agreed on: changed
                return
        self.ids[number] = tuple(map(id, values))
        self.watched[number] = watch

    def _watch(self, found: list, watch: _Watch) -> bool:
        """Add ``found`` and, for a list of lists, each list in it to ``watch``; False if one of
        them was never agreed on."""
        token = self.tokens.get(id(found))
        agreed = self.seen.get(token)
        if agreed is None:
            return False
        nested = token in self.nested
        watch.add(found, agreed, nested)
        return not nested or all(self._watch(item, watch) for item in found if type(item) is list)

    def clean(self, number: int, proxy) -> bool:
        """Has the learner's code left this object's data as the grader last sent it? The same
        values in its fields, and in each list it held the same items (for a list of lists, the
        very same lists)."""
        agreed = self.ids.get(number)
        if agreed is None:
            return False
        try:
            if tuple(map(id, _GET[self.kinds[number]](proxy.__dict__))) != agreed:
                return False
        except KeyError:
            return False
        return not self.watched[number].moved()

    def take_released(self) -> list | None:
        if not self.released:
            return None
        numbers, self.released = self.released, []
        for number in numbers:
            ref = self.live.get(number)
            if ref is not None and ref() is not None:
                continue                  # made again since (the grader named it meanwhile)
            for table in (self.live, self.sent, self.ids, self.watched, self.derived, self.legal,
                          self.kinds):
                table.pop(number, None)
        return numbers

    # what the learner's code changed, to be made on the grader's objects before it is asked
    def writes(self) -> list | None:
        """``[lists, fields]``: every change the learner's code made to the lent states' data
        since the grader last sent it, or None. A list is described by its token and items, each
        item ``["L", token]`` (a list) or ``["V", value]``; a field by its object, name and
        value."""
        changed = []
        for number in list(self.sent):
            if self.kinds.get(number) != "state":
                continue
            ref = self.live.get(number)
            proxy = ref() if ref is not None else None
            if proxy is not None and not self.clean(number, proxy):
                changed.append((number, proxy))
        if not changed:
            return None
        lists, fields, done = [], [], set()
        for number, proxy in changed:
            self._changes(number, proxy, self.sent[number], lists, fields, done)
        for number, proxy in changed:
            self.agree(number, proxy)
        return [lists, fields] if lists or fields else None

    def _changes(self, number, proxy, sent, lists, fields, done) -> None:
        own = proxy.__dict__
        for name in WRITABLE[self.kinds.get(number, "state")]:
            value, old = own.get(name, _MISSING), sent.get(name, _MISSING)
            if value is old:
                if type(value) is list:
                    self._describe(value, lists, done)
            elif value is not _MISSING and (type(value) is list or type(old) is list
                                            or not _same(value, old)):
                fields.append([number, name, self._describe(value, lists, done)])
                sent[name] = value

    def _describe(self, value, lists, done) -> list:
        if type(value) is not list:
            return ["V", value]
        token = self.tokens.get(id(value))
        if token is None:
            token = next(self.made)
            self.lists[token], self.tokens[id(value)] = value, token
        if token in done:
            return ["L", token]
        done.add(token)
        agreed = self.seen.get(token)
        if agreed is None or not _alike(value, agreed):
            items = [self._describe(item, lists, done) for item in value]
            lists.append([token, items])
            if agreed is None:
                self.seen[token] = list(value)
            else:
                agreed[:] = value
            if any(item[0] == "L" for item in items):
                self.nested.add(token)
            else:
                self.nested.discard(token)
        elif token in self.nested:
            for item in value:
                if type(item) is list:
                    self._describe(item, lists, done)
        return ["L", token]


def _unsealed(number: int, payload: bytes):
    """An answer of the grader's lending ``number``, on the learner's side: its value (the lent
    objects in it made or found here), after applying the data it brought."""
    session = _Session.of(number)
    _RECEIVING.append(session)
    try:
        _, outcome, value, updates = pickle.loads(payload)
    finally:
        _RECEIVING.pop()
    session.receive(updates)
    return _Failure(value) if outcome == "error" else value


def _lent_ref(number: int, kind: str):
    """The learner's stand-in for the grader's object ``number`` (made the first time)."""
    return _RECEIVING[-1].proxy(number, kind)


def _list_ref(token: int) -> list:
    """The learner's list for the grader's list ``token`` (its items come with the answer)."""
    return _RECEIVING[-1].list(token)


def _known(numbers: tuple, new: list, as_tuple: bool = False):
    """A list of the kit's values (events, moves, cards), by their numbers in this lending:
    ``new`` holds those sent for the first time, which take the next numbers."""
    values = _RECEIVING[-1].values
    if new:
        values += new
    items = list(map(values.__getitem__, numbers))
    return tuple(items) if as_tuple else items


def _forget_values() -> None:
    """The grader starts its table of sent values afresh (``VALUE_LIMIT``): so does this side."""
    _RECEIVING[-1].values.clear()


class _Lent:
    """What ``LentGame`` and ``LentState`` share: a number in the grader, the data as attributes,
    and ``_ask``, which has the grader run a method of its object."""

    __slots__ = ("__dict__", "__weakref__", "_session", "_number")
    _KIND = ""

    def _ask(self, method: str, *args, **kwargs):
        channel = _FOUND.get("channel") or _channel()
        session, server = self._session, channel.current_server()
        if server is None:
            raise RuntimeError(f"The grader's {self._KIND} can only be played while the grader "
                               "runs your function.")
        writes, released = session.writes(), session.take_released()
        if writes is None and released is None and not kwargs and (
                not args or (len(args) == 1 and type(args[0]) is int)):
            # the common calls (play one of the legal moves, copy, view a seat, save) as one
            # short text, which the channel carries as it is: "12 play_legal 3"
            request = (f"{self._number} {method} {args[0]}" if args
                       else f"{self._number} {method}",)
        else:
            request = (self._number, method, list(args), kwargs, writes, released)
        answer = server.callback(session.number, request, {})
        if type(answer) is _Failure:
            channel.raise_error(answer.error)
        return answer

    def __setattr__(self, name, value):
        if name in READ_ONLY[self._KIND]:
            raise AttributeError(f"The {self._KIND}'s {name} cannot be changed.")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in FIELDS[self._KIND]:
            raise AttributeError(f"The {self._KIND}'s {name} cannot be deleted.")
        object.__delattr__(self, name)

    def __del__(self):
        try:
            self._session.released.append(self._number)
        except Exception:  # noqa: BLE001 - a half-made object, or the interpreter shutting down
            pass

    def __reduce__(self):
        raise TypeError(f"A {type(self).__name__} stands for the grader's {self._KIND}: it cannot "
                        "be pickled (use to_json() for a state).")


class LentGame(_Lent):
    """A game that the grader lent to your function: the game itself stays in the grader's
    process, and this stand-in plays it from here. Its data (``rules``, ``players``, ``tokens``,
    ``hand_size``, ``options`` ...) is read here; ``new_game``, ``setup``, ``from_json`` and
    ``parse_cards`` ask the grader, and each state they make is a ``LentState``."""

    __slots__ = ()
    _KIND = "game"

    def new_game(self, seed=None):
        return self._ask("new_game", seed)

    def setup(self, *args, **position):
        return self._ask("setup", *args, **position)

    def from_json(self, text):
        return self._ask("from_json", text)

    def parse_cards(self, text):
        return self._ask("parse_cards", text)

    def __copy__(self):
        return self         # a game holds no position

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return f"CountingGame({self.rules.name!r}, players={self.players})"


class LentState(_Lent):
    """A state of a game the grader lent to your function (``LentGame``): the state stays in the
    grader's process. Its data - ``count``, ``tokens``, ``hands``, ``deck``, ``discard``,
    ``to_move``, ``in_round``, ``history`` and the rest - is read here, and what your code
    changes in it is made on the grader's state before the next call; ``is_over``, ``winner``
    and ``alive`` are as the grader's engine works them out. ``play``, ``copy``, ``view``,
    ``to_json``, ``standings``, ``parse_move`` and ``legal_moves`` ask the grader (the legal
    moves come with each change)."""

    __slots__ = ()
    _KIND = "state"

    def _property(self, name: str):
        how, value = self._session.derived.get(self._number, {}).get(name, ("value", None))
        if how == "error":
            _channel().raise_error(value)
        return value

    is_over = property(lambda self: self._property("is_over"), doc="True when the game is over.")
    winner = property(lambda self: self._property("winner"), doc="The seat that won, or None.")
    alive = property(lambda self: list(self._property("alive") or ()),
                     doc="Seats still in the game.")

    def legal_moves(self):
        session, number = self._session, self._number
        legal = session.legal.get(number)
        if legal is not None and session.clean(number, self):
            return list(legal)
        return self._ask("legal_moves")

    def play(self, move):
        legal = self._session.legal.get(self._number)
        if legal:           # one of the legal moves that came with the data: its place will do
            index = next(itertools.compress(itertools.count(), map(operator.is_, legal,
                                                                   itertools.repeat(move))), None)
            if index is not None:
                return self._ask("play_legal", index)
        return self._ask("play", move)

    def copy(self):
        return self._ask("copy")

    def view(self, seat):
        return self._ask("view", seat)

    def to_json(self):
        return self._ask("to_json")

    def standings(self):
        return self._ask("standings")

    def parse_move(self, text):
        return self._ask("parse_move", text)

    def hidden_from(self, seat):
        """What ``seat`` may not know: the other hands and the deck, as this state's own lists
        (as the kit's ``CountingState.hidden_from``; changing them changes the grader's state)."""
        hidden = {f"seat {other}'s hand": hand for other, hand in enumerate(self.hands)
                  if other != seat}
        hidden["the deck"] = self.deck
        return hidden

    def __copy__(self):
        return self._ask("__copy__")

    def __deepcopy__(self, memo):
        return self._ask("__deepcopy__")

    def __repr__(self):
        return (f"<{self.rules.name} round {self.round}, count {self.count}, "
                f"{'game over' if self.is_over else f'seat {self.to_move} to move'}>")


_CLASSES = {"game": LentGame, "state": LentState}


# --- the grader's side --------------------------------------------------------------------------


def _learner_of(function):
    """The channel's ``Learner`` behind ``function`` when it is a learner's function in its
    sandbox (a ``channel.Remote``), else None (a plain function of this process)."""
    channel = sys.modules.get(__package__ + ".channel")
    if channel is None or not isinstance(function, channel.Remote):
        return None
    learner = function._learner
    return learner if isinstance(learner, channel.Learner) else None


class lend:
    """``with lend(game, to=function) as engine: function(engine)``: while inside, ``engine``
    stands for ``game`` in the learner's process, and the grader answers its calls; ``game`` and
    its states stay here (the module docstring). When ``function`` is a plain function of this
    process (the learner's notebook, a test of the checks), ``engine`` is ``game`` itself.

    ``grader_seconds``: the time this process spent answering, less the engine's own - its
    bookkeeping, which a local engine does not need. The learner's function waits for it, and a
    check that times the function leaves it out (exercise 20's ``outcome``); 0 for a plain
    function.

    >>> import ninetynine as nn
    >>> game = nn.make("quentin_c", players=3)
    >>> with lend(game, to=print) as engine:
    ...     engine is game
    True
    """

    def __init__(self, game, to):
        self.game, self.to = game, to
        self.learner = self.lending = None

    @property
    def grader_seconds(self) -> float:
        return self.lending.spent if self.lending is not None else 0.0

    def __enter__(self):
        self.learner = _learner_of(self.to)
        if self.learner is None:
            return self.game
        self.lending = _Lending(next(self.learner.callback_numbers), self.game)
        self.learner.callbacks[self.lending.number] = self.lending.answer
        return _Handle(self.lending, self.game)

    def __exit__(self, *exc):
        if self.lending is not None:
            self.learner.callbacks.pop(self.lending.number, None)
            self.lending.close()
        return False


class _Handle:
    """The lent game as an argument of the learner's function: pickled, it is the learner's
    ``LentGame`` with its data (sealed once, however often it is pickled)."""

    def __init__(self, lending: "_Lending", game):
        self.lending, self.game, self.sealed = lending, game, None

    def __reduce__(self):
        if self.sealed is None:
            self.sealed = self.lending.seal(Outcome("value", self.game))
        return _unsealed, (self.lending.number, self.sealed)


class Outcome(NamedTuple):
    """What one lent call came to: ``kind`` "value" (its ``value``) or "error" (the engine's
    error as data)."""

    kind: str
    value: Any


class _Sealed:
    """An answer already pickled by ``_Strict``: the channel carries its bytes as they are."""

    __slots__ = ("number", "payload")

    def __init__(self, number: int, payload: bytes):
        self.number, self.payload = number, payload

    def __reduce__(self):
        return _unsealed, (self.number, self.payload)


class _ListRef:
    """One of the grader's lists, in an answer: the learner's list of the same token."""

    __slots__ = ("token",)

    def __init__(self, token: int):
        self.token = token

    def __reduce__(self):
        return _list_ref, (self.token,)


class _LentRef:
    """One of the lent objects, in an answer: the learner's stand-in of the same number."""

    __slots__ = ("kind", "number")

    def __init__(self, number: int, kind: str):
        self.number, self.kind = number, kind

    def __reduce__(self):
        return _lent_ref, (self.number, self.kind)


class _Known:
    """A list (or tuple) of the kit's frozen values - events, moves, cards - in an answer: their
    numbers in the lending's table of values sent, each value sent the first time only. The
    numbers are given as the answer is pickled, so that the learner's side, which unpickles in
    the same order, has every value before its number comes."""

    __slots__ = ("items", "lending", "as_tuple")

    def __init__(self, lending: "_Lending", items, as_tuple: bool):
        self.lending, self.items, self.as_tuple = lending, items, as_tuple

    def __reduce__(self):
        numbers, new = self.lending.numbered(self.items)
        return _known, (numbers, new, self.as_tuple)


class _Forget:
    """At the start of an answer: the learner's side forgets the values sent so far."""

    def __reduce__(self):
        return _forget_values, ()


class _Round:
    """What one answer sends besides its value: lists' items, objects' data and properties."""

    def __init__(self):
        #: (token, start, stop, items, nested): the list's [start:stop] is now items (card text,
        #: or a list); nested: it holds lists
        self.lists: list = []
        self.fields: list = []      # (number, kind, {field: value})
        self.derived: list = []     # (number, properties, legal moves)
        self.verdicts: dict = {}    # token -> did this list change (each list looked at once)
        self.dropped: list | None = None


_READ = {kind: operator.attrgetter(*fields) for kind, fields in FIELDS.items()}


class _Lending:
    """The grader's half of one lending: the objects lent (by number), the lists of theirs the
    learner's side holds (by token), the kit's values it was sent (by number), and what was last
    agreed about each."""

    def __init__(self, number: int, game):
        if not isinstance(game, CountingGame) \
                or RULE_SETS.get(getattr(game.rules, "name", None)) is None:
            raise TypeError("lend() lends a running-total game (CountingGame) whose rule set is "
                            "named after one of the kit's.")
        self.number = number
        self.objects: dict[int, object] = {}
        self.kinds: dict[int, str] = {}
        self.numbers: dict[int, int] = {}      # id(object) -> its number
        self.counter = itertools.count(1)
        self.known: dict[int, tuple] = {}      # object number -> (its fields, their id()s), agreed
        self.watched: dict[int, _Watch] = {}   # object number -> the lists it held
        self.lists: dict[int, list] = {}       # token -> list (kept alive: its id stays its own)
        self.tokens: dict[int, int] = {}       # id(list) -> token
        self.seen: dict[int, list | None] = {} # token -> its items as last agreed
        self.nested: set[int] = set()          # tokens of lists that hold lists (hands)
        self.list_numbers = itertools.count(1)
        self.values: dict[int, int] = {}       # id(value) -> its number in the learner's table
        self.sent: list = []                   # the values sent, by number (kept alive)
        self.forget = False                    # start the table of values afresh
        #: object number -> the legal moves sent with its data, and how to forget them
        self.prefetched: dict[int, tuple] = {}
        self.touched = False                   # the learner's code changed some data
        self.hidden: dict[str, str] = {}       # the engine's own names -> the kit's
        self.pattern = None
        self.classes: set = set()
        self.buffer = self.pickler = None      # ``dumps``: one pickler for every answer
        self.dropped: list | None = None       # lists forgotten (``collect``), to tell the learner
        self.spent = 0.0                       # seconds answering, less the engine's own (``lend``)
        self.engine = 0.0                      # seconds of the engine's own in the answer at hand
        self.closed = False
        _strict_table()

    def close(self) -> None:
        self.closed = True
        for table in (self.objects, self.lists, self.prefetched, self.values, self.known,
                      self.watched):
            table.clear()
        self.sent = []

    # --- objects and names ---
    def ref(self, thing) -> _LentRef:
        """The number of a game or state lent to the learner's side (lent now if it is new)."""
        number = self.numbers.get(id(thing))
        if number is None:
            if len(self.objects) >= OBJECT_LIMIT:
                raise MemoryError(f"Your test holds more than {OBJECT_LIMIT:,} of the grader's "
                                  "states at once: let go of the ones it no longer needs.")
            number = next(self.counter)
            self.objects[number], self.numbers[id(thing)] = thing, number
            self.kinds[number] = "game" if isinstance(thing, CountingGame) else "state"
            self.hide(type(thing))
            if isinstance(thing, CountingGame):
                self.hide_rules(thing.rules)
        return _LentRef(number, self.kinds[number])

    def release(self, numbers) -> None:
        for number in numbers:
            thing = self.objects.pop(number, None) if isinstance(number, int) else None
            if thing is not None:
                self.numbers.pop(id(thing), None)
                for table in (self.kinds, self.known, self.watched, self.prefetched):
                    table.pop(number, None)

    def numbered(self, items) -> tuple[tuple, list]:
        """``(numbers, new)`` for the kit's values ``items``: each value's number in the learner's
        table, and the values it does not have yet, which take the next numbers."""
        values = self.values
        numbers = list(map(values.get, map(id, items)))
        new: list = []
        if None in numbers:
            for index, number in enumerate(numbers):
                if number is None:
                    item = items[index]
                    number = values.get(id(item))
                    if number is None:
                        number = values[id(item)] = len(self.sent)
                        self.sent.append(item)
                        new.append(item)
                    numbers[index] = number
        return tuple(numbers), new

    def hide(self, cls: type) -> None:
        """Remember the names of ``cls`` and its functions, when they are not the kit's, and the
        kit's names to say instead in an error's message (``PlantedState`` -> ``CountingState``)."""
        if cls in self.classes:
            return
        self.classes.add(cls)
        kit = next((c for c in cls.__mro__ if c.__module__.startswith("ninetynine.")), object)
        for own in cls.__mro__:
            if own is kit:
                break
            self.hidden[own.__qualname__] = kit.__qualname__
            self.hidden[own.__name__] = kit.__name__
            for name, value in vars(own).items():
                if isinstance(value, types.FunctionType):
                    self.hidden[value.__qualname__] = f"{kit.__qualname__}.{name}"
                    self.hidden[value.__name__] = name
        self.pattern = None

    def hide_rules(self, rules) -> None:
        public = RULE_SETS[rules.name]
        for field in dataclasses.fields(rules):
            mine, theirs = getattr(rules, field.name, None), getattr(public, field.name, None)
            if isinstance(mine, types.FunctionType) and mine is not theirs:
                self.hidden[mine.__qualname__] = getattr(theirs, "__qualname__", field.name)
                self.hidden[mine.__name__] = getattr(theirs, "__name__", field.name)
        self.pattern = None

    def disguised(self, text: str) -> str:
        hidden = {name: kit for name, kit in self.hidden.items() if name and name != kit}
        if not hidden:
            return text
        if self.pattern is None:
            names = sorted(hidden, key=len, reverse=True)
            self.pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")
        return self.pattern.sub(lambda found: hidden.get(found.group(1), found.group(1)), text)

    def error_data(self, error: BaseException) -> dict:
        """An error of the engine, as the learner's side reads it: its class if it is the kit's or
        a built-in one (else the nearest built-in), its message with the engine's names hidden."""
        data = _channel().error_data(error)
        data["text"] = self.disguised(str(data.get("text", "")))
        if not data.get("kit") and not isinstance(getattr(builtins, data["name"], None), type):
            data["name"] = (data.get("bases") or ["Exception"])[0]
        return data

    # --- one answer ---
    def answer(self, *request):
        """A call the learner's side makes (``_Lent._ask``): drop the objects it let go of, make
        the changes its code made to their data, run the method here; the answer sealed. The
        request is ``number, method, args, kwargs, writes, released``, or for a call with at most
        one whole number and nothing else to tell, one text: ``"number method [argument]"``."""
        if self.closed:
            raise RuntimeError("The grader no longer lends this game: your function has returned.")
        started = time.perf_counter()
        try:
            return self._answer(request)
        finally:
            self.spent += time.perf_counter() - started - self.engine
            self.engine = 0.0

    def _answer(self, request):
        if len(request) == 1 and type(request[0]) is str:
            words = request[0].split()
            if not 2 <= len(words) <= 3 or not all(word.lstrip("-").isdigit()
                                                   for word in words[:1] + words[2:]):
                raise ValueError("not a request of a lent object")
            number, method, args = int(words[0]), words[1], [int(word) for word in words[2:]]
            kwargs, writes, released = {}, None, None
        elif len(request) == 6:
            number, method, args, kwargs, writes, released = request
        else:
            raise ValueError("not a request of a lent object")
        if released:
            self.release(released)
        try:
            if writes:
                self.apply(writes)
            if len(self.lists) > LIST_LIMIT:
                self.collect()
            target, kind = self.objects.get(number), self.kinds.get(number)
            if target is None:
                raise RuntimeError("This object of the grader's is no longer lent.")
            if method not in METHODS[kind]:
                raise AttributeError(f"The grader's {kind} has no method {method!r} to lend.")
            args, kwargs = list(args), dict(kwargs)
            if args or kwargs:
                _check_plain(args)
                _check_plain(kwargs)
            started = time.perf_counter()
            try:
                outcome = Outcome("value", self.call(number, target, method, args, kwargs))
            finally:
                self.engine = time.perf_counter() - started
        except Exception as error:  # noqa: BLE001 - the engine's error, or a refused request
            outcome = Outcome("error", self.error_data(error))
        return _Sealed(self.number, self.seal(outcome))

    def call(self, number, target, method, args, kwargs):
        if method == "play_legal":
            legal = self.prefetched.get(number, (None,))[0]
            if legal is None or len(args) != 1 or type(args[0]) is not int \
                    or not 0 <= args[0] < len(legal):
                raise ValueError("That move is not one of the legal moves the grader sent.")
            return target.play(legal[args[0]])
        if method == "__copy__":
            return _copy.copy(target)
        if method == "__deepcopy__":     # as check_game's deep copy: the game is shared
            return _copy.deepcopy(target, {id(target.game): target.game})
        return getattr(target, method)(*args, **kwargs)

    def apply(self, writes) -> None:
        """Make on the grader's objects what the learner's code changed in their data: first
        forget the legal moves worked out for the learner's side (an untouched state would work
        them out from its data as the learner's code left it)."""
        for _, own, cached, before in self.prefetched.values():
            if own.get("_legal") is cached:
                own.update(before)
        lists, fields = writes
        for token, _ in lists:
            if isinstance(token, int) and token < 0 and token not in self.lists:
                made = self.lists[token] = []
                self.tokens[id(made)], self.seen[token] = token, None
        for token, items in lists:
            found = self.lists.get(token)
            if found is None:
                raise ValueError("The test changed a list the grader no longer knows.")
            found[:] = [self.item(item) for item in items]
            agreed = self.seen.get(token)
            if agreed is None:
                self.seen[token] = list(found)
            else:
                agreed[:] = found
            if any(type(item) is list for item in found):
                self.nested.add(token)
        for number, name, item in fields:
            thing, kind = self.objects.get(number), self.kinds.get(number)
            if thing is None or name not in WRITABLE.get(kind, ()):
                raise AttributeError(f"The test cannot change {name!r} of the grader's {kind}.")
            setattr(thing, name, self.item(item))
        self.touched = True               # every state is looked at field by field

    def item(self, item):
        kind, value = item
        if kind == "L":
            found = self.lists.get(value)
            if found is None:
                raise ValueError("The test used a list the grader no longer knows.")
            return found
        _check_plain(value)
        return value

    def collect(self) -> list:
        """Forget the lists that no lent object holds any more (their tokens are told to the
        learner's side, which forgets them too)."""
        kept: set = set()

        def walk(value):
            if type(value) is list:
                token = self.tokens.get(id(value))
                if token is not None and token not in kept:
                    kept.add(token)
                    if token in self.nested:
                        for item in value:
                            walk(item)
        for number, thing in self.objects.items():
            for name in FIELDS[self.kinds[number]]:
                walk(getattr(thing, name, None))
        dropped = [token for token in self.lists if token not in kept]
        for token in dropped:
            found = self.lists.pop(token)
            self.tokens.pop(id(found), None)
            self.seen.pop(token, None)
            self.nested.discard(token)
        self.dropped = (self.dropped or []) + dropped
        return dropped

    def seal(self, outcome: "Outcome") -> bytes:
        """``(outcome.kind, value, updates)`` pickled strictly; if the engine answered with something
        that is not plain data, an error instead, and everything is sent afresh next time."""
        work = _Round()
        work.dropped, self.dropped = self.dropped, None
        if len(self.sent) > VALUE_LIMIT:
            self.values.clear()
            self.sent = []
            self.forget = True
        mark = len(self.sent)
        try:
            value = self.wire(outcome.value, work) if outcome.kind == "value" else outcome.value
            self.updates(work)
            payload = self.dumps((outcome.kind, value,
                                  (work.lists, work.fields, work.derived, work.dropped)))
        except Exception:  # noqa: BLE001 - not plain data: nothing of it may cross
            for item in self.sent[mark:]:           # the values numbered for it were not sent
                self.values.pop(id(item), None)
            del self.sent[mark:]
            self.known.clear()
            self.watched.clear()
            self.seen = dict.fromkeys(self.seen)
            refusal = {"name": "TypeError", "bases": ["TypeError", "Exception"], "kit": [],
                       "text": "The engine answered with something that is not plain data."}
            payload = self.dumps(("error", refusal, ([], [], [], work.dropped)))
        self.touched = False
        return payload

    def dumps(self, value) -> bytes:
        if self.pickler is None:
            self.buffer = io.BytesIO()
            self.pickler = _Strict(self.buffer, _strict_table())
        buffer, pickler = self.buffer, self.pickler
        buffer.seek(0)
        buffer.truncate()
        pickler.clear_memo()
        try:                              # first, whether the learner's side forgets its values
            pickler.dump((_Forget() if self.forget else None, *value))
        except BaseException:
            self.pickler = None           # a pickler that failed midway is not used again
            raise
        self.forget = False
        return buffer.getvalue()

    def wire(self, value, work: _Round, depth: int = 0):
        """``value`` as it crosses: lent objects as references, the lent objects' own lists as
        references (the learner's side has them), lists of the kit's frozen values by their
        numbers (``_Known``), everything else as it is."""
        kind = type(value)
        if kind in _PLAIN:
            return value
        if depth > 50:
            raise ValueError("a value nested too deeply to lend")
        if kind is list or kind is tuple:
            if kind is list and id(value) in self.tokens:
                return _ListRef(self.sync(value, work)[0])
            types_ = set(map(type, value))
            if types_ and _FROZEN.issuperset(types_):    # events, moves, cards: by number
                return _Known(self, value, kind is tuple)
            if _PLAIN.issuperset(types_):
                return value
            items = [self.wire(item, work, depth + 1) for item in value]
            if _alike(items, value):
                return value
            return items if kind is list else tuple(items)
        if kind is dict:
            items = {self.wire(key, work, depth + 1): self.wire(item, work, depth + 1)
                     for key, item in value.items()}
            return value if _alike(list(items.values()), list(value.values())) else items
        shape = _shape(kind)
        if shape == "lent":
            return self.ref(value)
        if shape == "rebuild":
            fields = _channel().fields_getter(kind)(value)
            items = tuple(self.wire(item, work, depth + 1) for item in fields)
            return value if _alike(items, fields) else kind(*items)
        return value

    def sync(self, found: list, work: _Round, moved: bool = False) -> tuple[int, bool]:
        """The token of one of the lent objects' lists, after putting in ``work`` what changed
        in it since last agreed (``_changed_part``); and whether it, or a list it holds, changed.
        ``moved``: it is known to have changed."""
        token = self.tokens.get(id(found))
        if token is None:
            token = next(self.list_numbers)
            self.lists[token], self.tokens[id(found)], self.seen[token] = found, token, None
        elif token in work.verdicts:
            return token, work.verdicts[token]
        work.verdicts[token] = False
        agreed = self.seen.get(token)
        nested = token in self.nested
        if agreed is not None and not moved and (
                _alike(found, agreed) if nested else found == agreed):
            changed = False
            if nested:
                for item in found:
                    if type(item) is list and self.sync(item, work)[1]:
                        changed = True
            work.verdicts[token] = changed
            return token, changed
        if agreed is None:
            start, stop, part = 0, 0, found
        else:
            start, stop = _changed_part(found, agreed)
            part = found[start:len(found) - (len(agreed) - stop)]
        whole = agreed is None or (start == 0 and stop == len(agreed))
        texts = list(map(_CARD_TEXT.get, map(id, part)))
        if None not in texts:             # the kit's standard cards only: as their text
            items = " ".join(texts)
        else:
            items = [_ListRef(self.sync(item, work)[0]) if type(item) is list else item
                     for item in part]
            if any(type(item) is _ListRef for item in items):
                self.nested.add(token)
                nested = True
            elif _FROZEN.issuperset(map(type, items)):      # events: by number
                items = _Known(self, items, False)
        if whole and not (type(items) is list and any(type(item) is _ListRef for item in items)):
            self.nested.discard(token)    # all its items are new, and none is a list
            nested = False
        work.lists.append((token, start, stop, items, nested))
        if agreed is None:
            self.seen[token] = list(found)
        else:
            agreed[:] = found
        work.verdicts[token] = True
        if nested:                        # a hand changed in place inside changed hands
            for item in found:
                if type(item) is list:
                    self.sync(item, work)
        return token, True

    def updates(self, work: _Round) -> None:
        """Put in ``work`` the data of every lent object that changed (all of it for an object
        the learner's side does not have yet), and the properties and legal moves of each."""
        done: set = set()
        while True:
            waiting = [number for number in self.objects if number not in done]
            if not waiting:
                return
            for number in waiting:
                done.add(number)
                self.update(number, work)

    def update(self, number: int, work: _Round) -> None:
        """Put in ``work`` what changed in one object's data since last agreed: first whether
        anything did, made in C - the identities of its fields, and each list it held against
        its agreed copy - then, for an object that changed, field by field."""
        thing, kind = self.objects[number], self.kinds[number]
        known = self.known.get(number)
        if kind == "game" and known is not None:
            return                        # a game's data never changes
        try:
            values = _READ[kind](thing)
        except Exception:  # noqa: BLE001 - a broken engine: what it lacks reads None
            values = tuple(getattr(thing, name, None) for name in FIELDS[kind])
        ids = tuple(map(id, values))
        watch = self.watched.get(number)
        full = known is None or watch is None or self.touched
        if full:                          # new to the learner's side, or changed by its code
            rebound, moved = range(len(values)), []
        else:                             # the fields whose value is another object now (in C)
            rebound = list(itertools.compress(itertools.count(), map(operator.ne, ids, known[1])))
            moved = watch.moved()
            if not rebound and not moved:
                return                    # nothing changed: the common case
        relisted = full
        for found in moved:
            self.sync(found, work, moved=True)
            relisted = relisted or self.tokens.get(id(found)) in self.nested
        sent = {}
        for index in rebound:
            value = values[index]
            old = _MISSING if known is None else known[0][index]
            if type(value) is list:           # one of the object's own lists
                token = self.sync(value, work)[0]
                if value is not old:
                    sent[FIELDS[kind][index]], relisted = _ListRef(token), True
            elif old is _MISSING or type(old) is list or not _same(value, old):
                sent[FIELDS[kind][index]] = self.wire(value, work, 1)
                relisted = relisted or type(old) is list
        self.known[number] = (values, ids)
        if relisted:                      # the lists it holds are not those it held
            watch = _Watch()
            for value in values:
                if type(value) is list:
                    self.watch(value, watch)
            self.watched[number] = watch
        if sent:
            work.fields.append((number, kind, sent))
        if kind == "state":
            work.derived.append((number, self.derive(thing, work),
                                 self.prefetch(number, thing, work)))

    def watch(self, found: list, watch: _Watch) -> None:
        """Add ``found`` and, for a list of lists, each list in it to ``watch``."""
        token = self.tokens[id(found)]
        nested = token in self.nested
        watch.add(found, self.seen[token], nested)
        if nested:
            for item in found:
                if type(item) is list:
                    self.watch(item, watch)

    def derive(self, state, work: _Round) -> dict:
        found = {}
        for name in DERIVED:
            try:
                value = getattr(state, name)
                found[name] = ("value", value if type(value) in _PLAIN
                               else self.wire(value, work, 1))
            except Exception as error:  # noqa: BLE001 - the engine's error, read as data
                found[name] = ("error", self.error_data(error))
        return found

    def prefetch(self, number: int, state, work: _Round):
        """The state's legal moves, for the learner's side to have with its data (None if the
        engine fails: the learner's side asks, and gets the error). A ``CountingState`` keeps
        them until its next move, and works them out when first asked, from its data as it then
        is: so the legal moves worked out here are forgotten, as if never asked, whenever the
        state's data changes otherwise than by its own move - the learner's code changed it
        (``apply``), or another state that shares a list with it moved (here)."""
        own = state.__dict__
        earlier = self.prefetched.get(number)
        if earlier is not None and own.get("_legal") is earlier[2]:
            own.update(earlier[3])
        before = {name: own.get(name) for name in ("_legal", "_outcomes")}
        try:
            legal = list(state.legal_moves())
        except Exception:  # noqa: BLE001
            own.update(before)
            self.prefetched.pop(number, None)
            return None
        self.prefetched[number] = (legal, own, own.get("_legal"), before)
        return self.wire(legal, work, 1)


_SHAPES: dict = {}


def _shape(kind: type) -> str:
    """How ``wire`` treats a value of ``kind``: a lent object (``lent``), a kit dataclass whose
    fields may hold the lent objects' lists (``rebuild``: a view), or as it is (``leaf``)."""
    found = _SHAPES.get(kind)
    if found is None:
        if issubclass(kind, (CountingGame, CountingState)):
            found = "lent"
        elif dataclasses.is_dataclass(kind) and not kind.__dataclass_params__.frozen \
                and kind.__module__.startswith("ninetynine.") and _channel().positional(kind):
            found = "rebuild"
        else:
            found = "leaf"
        _SHAPES[kind] = found
    return found


def _check_plain(value, depth: int = 0) -> None:
    """Refuse, from the learner's side, anything but plain data: numbers, text, None, the kit's
    values (cards, moves, events), and lists, tuples and dictionaries of them."""
    kind = type(value)
    if value is None or kind in (int, str, bool, float):
        return
    if depth > 100:
        raise ValueError("a value nested too deeply")
    if kind in (list, tuple, set, frozenset):
        for item in value:
            _check_plain(item, depth + 1)
        return
    if kind is dict:
        for key, item in value.items():
            _check_plain(key, depth + 1)
            _check_plain(item, depth + 1)
        return
    if dataclasses.is_dataclass(kind) and kind.__module__.startswith("ninetynine.") \
            and not kind.__module__.startswith("ninetynine.grading"):
        return
    raise TypeError("The grader's engine takes only plain data: numbers, text, cards, moves, and "
                    "lists of them.")


def _strict_table() -> dict:
    """The channel's table of the kit's values (by their fields or names), with moves made once
    on the learner's side, as events are (``channel.pickling._event``); and the kit's frozen records,
    which ``wire`` sends by number."""
    table = _FOUND.get("table")
    if table is None:
        channel = _channel()
        table = _FOUND["table"] = {**channel.KitPickler.table(), Play: channel.event_fields}
        _FROZEN.update(kind for kind in table if dataclasses.is_dataclass(kind)
                       and kind.__dataclass_params__.frozen and kind is not RuleSet)
    return table


class _Strict(pickle.Pickler):
    """Pickles an answer of a lent engine, refusing everything but plain data, the kit's values
    and classes (``channel.kit_name``), and this module's references; a rule set goes as the kit's
    rule set of the same name, so that no engine's own rule set - nor its code - crosses."""

    def __init__(self, file, table: dict):
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self.dispatch_table = table
        self.channel = _channel()

    def reducer_override(self, value):
        kind = type(value)
        if kind in self.dispatch_table:
            if kind is not RuleSet:
                return NotImplemented
            public = RULE_SETS.get(getattr(value, "name", None))
            path = self.channel.KIT_PATHS.path_of(public) if public is not None else None
            if path is None:
                raise pickle.PicklingError("a rule set that is not the kit's")
            return self.channel.resolve, (path,)
        if kind in _OURS:
            return NotImplemented
        if isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
            if value in _KIT_NAMED:
                return NotImplemented    # the kit's classes and functions, by name
            if self.channel.kit_name(value):
                _KIT_NAMED.add(value)
                return NotImplemented
        raise pickle.PicklingError("not plain data")


#: this module's references, which pickle themselves (``__reduce__``)
_OURS = frozenset({_ListRef, _LentRef, _Known, _Forget})
#: the kit's classes and functions that answers have named (a planted engine's own are not the
#: kit's: they are refused, each time)
_KIT_NAMED: set = set()
