"""Arguments on their way to the learner: the trusted side pickles them, the learner's side
unpickles them. Only the learner's side ever unpickles, so this direction is safe for the
trusted side.

``KitPickler`` sends the kit's dataclasses by the fields they are made of (a card works out its
hash again on the other side) and the kit's module-level objects (rule sets, games) by their
path, so that the learner's code gets its own copies; ``pickled`` falls back to ``cloudpickle``
for a check cell's functions and classes. Two savings, because a match sends thousands of
views: each of the kit's events is made once on the learner's side and shared (``_event``), and
a view sends only the events of its history that the learner's side does not hold yet
(``Histories``, the trusted side's half, and ``_history``, the learner's side's half).
"""
from __future__ import annotations

import base64
import collections
import functools
import io
import operator
import pickle
import sys

from ninetynine.kit_paths import KIT, KIT_PATHS, init_fields, positional, resolve
from .running_server import given_value


def _by_name(value):
    """Pickle a kit module-level object by its path (the learner's side finds its own)."""
    path = KIT_PATHS.path_of(value)
    return (resolve, (path,)) if path else value.__reduce_ex__(pickle.HIGHEST_PROTOCOL)


_GETTERS: dict = {}


def _from_fields(value):
    """Pickle a kit dataclass as a call of its class with the fields it is made of: fast, and a
    card's hash is worked out again (each process hashes text its own way). One of the kit's
    module-level objects (``QUENTIN_C``, inside a game sent by value) goes by its name, so that
    the learner's side uses its own."""
    path = KIT_PATHS.path_of(value)
    if path is not None:
        return resolve, (path,)
    kind = type(value)
    return kind, fields_getter(kind)(value)


def event_fields(value):
    """Pickle one of the kit's events (frozen; the bulk of every view is its history) as its
    fields, which the learner's side makes into an event with ``_event``."""
    kind = type(value)
    return _event, (kind, fields_getter(kind)(value))


_EVENTS: dict = {}      # (event class, fields) -> the event with those fields, in this process


def _event(kind, fields):
    """An event, on the learner's side: each one is made once and then shared. A match sends
    thousands of views whose histories repeat the same events, and making a frozen dataclass
    takes several times as long as finding it again (an event never changes once made)."""
    try:
        found = _EVENTS.get((kind, fields))
    except TypeError:                       # a field that cannot be a key: make it each time
        return kind(*fields)
    if found is None:
        if len(_EVENTS) >= 100_000:
            _EVENTS.clear()
        found = _EVENTS[kind, fields] = kind(*fields)
    return found


class Histories:
    """The views' histories one learner's side already holds, so that a view sends only the
    events after them (the trusted side's half; ``_history`` is the other).

    A match sends thousands of views, and each view's history repeats the one before it with an
    event or two more: sent whole, the history is most of what a call costs. Instead, each
    history the learner's side is sent stays there under a *slot* number (at most ``SLOTS``, the
    least recently used given up first), and a view whose history begins with the events held
    under a slot sends the slot, how many of its events to keep and the events after them. The
    learner's side rebuilds the whole list, a new one for every view: its code may change what
    it is given, never what is held.

    Nothing is assumed about what arrived: the slots a message writes are ``pending`` until its
    answer comes back without an error (``commit``); after an error (``forget``) every history
    is sent whole again. Holding a history gives the learner's side nothing it was not sent."""

    SLOTS = 8

    def __init__(self):
        self.held: dict[int, tuple] = {}       # slot -> the events the learner's side holds there
        self.pending: dict[int, tuple] = {}    # slots the message being pickled writes
        self._table, self._made_for = {}, (None, None)    # the table, and what it was made for

    def table(self, given: dict | None) -> dict:
        """``KitPickler``'s table with ``given`` and a reducer for each kit view (a dataclass
        with a ``history`` field): one plain dictionary, which the pickler looks up in C."""
        base = KitPickler.table()
        made_for = self._made_for
        if made_for[0] != KitPickler._built or made_for[1] is not given:
            table = {**base, **(given or {})}
            for kind, reducer in base.items():
                fields = init_fields(kind) if reducer is _from_fields else ()
                if "history" in fields:
                    table[kind] = self.reducer(kind, fields.index("history"))
            self._table, self._made_for = table, (KitPickler._built, given)
        return self._table

    def reducer(self, kind, index: int):
        """A reducer for the view class ``kind``, whose field number ``index`` is its history."""
        getter = fields_getter(kind)

        def reduce(view):
            fields = getter(view)
            history = fields[index]
            if type(history) is list and history:
                fields = fields[:index] + (self.since(history),) + fields[index + 1:]
            return kind, fields
        return reduce

    def since(self, history: list) -> _HistorySince:
        events = tuple(history)
        slots = {**self.held, **self.pending}
        found, keep = None, 0
        for slot, held in slots.items():
            size = len(held)
            if keep < size <= len(events) and events[size - 1] is held[-1] and events[:size] == held:
                found, keep = slot, size
        if found is None:
            free = [slot for slot in range(self.SLOTS) if slot not in slots]
            found = free[0] if free else next(iter(slots))   # the least recently used (a slot an
            # earlier view of this message wrote is fine too: the learner's side reads in order)
        self.pending[found] = events
        return _HistorySince(found, keep, events[keep:])

    def commit(self) -> None:
        for slot, events in self.pending.items():
            self.held.pop(slot, None)
            self.held[slot] = events           # the most recently used last
        self.pending.clear()

    def forget(self) -> None:
        self.held.clear()
        self.pending.clear()


class _HistorySince:
    """A view's history as the events after those held under ``slot`` (``Histories.since``)."""

    __slots__ = ("keep", "new", "slot")

    def __init__(self, slot: int, keep: int, new: tuple):
        self.slot, self.keep, self.new = slot, keep, new

    def __reduce__(self):
        return _history, (self.slot, self.keep, self.new)


_HELD: dict = {}        # slot -> a history, on the learner's side (see ``Histories``)


def _history(slot: int, keep: int, new: tuple) -> list:
    """A view's history, on the learner's side: the first ``keep`` events held under ``slot``,
    then ``new``; held under ``slot`` from now on."""
    held = _HELD.get(slot, ())
    if len(held) < keep:
        raise ValueError("the channel lost a view's history: the grader's side must resend it")
    _HELD[slot] = events = held[:keep] + tuple(new)
    return list(events)


def fields_getter(kind):
    """A function giving the fields an instance of the dataclass ``kind`` is made from, as a
    tuple, read all at once (``operator.attrgetter``); made once per type."""
    getter = _GETTERS.get(kind)
    if getter is None:
        names = init_fields(kind)
        getter = _GETTERS[kind] = (lambda v: ()) if not names else (
            (lambda v, get=operator.attrgetter(names[0]): (get(v),)) if len(names) == 1
            else operator.attrgetter(*names))
    return getter


class KitPickler(pickle.Pickler):
    """Pickles kit dataclasses that work out some fields (cards) from the others, and the kit's
    module-level objects (rule sets, games) by name; everything else as ``pickle`` does. The
    table is looked up by exact type, in C, so other values cost nothing more."""

    _tables: dict = {}
    _built = 0              # how many times the table was made (``Histories.table`` follows it)

    @classmethod
    def table(cls) -> dict:
        if len(sys.modules) != KIT_PATHS.loaded:
            KIT_PATHS.path_of(None)
            cls._tables.clear()
        if not cls._tables:
            table = {}
            for name in [n for n in list(sys.modules) if n == KIT or n.startswith(KIT + ".")]:
                for value in list(vars(sys.modules[name]).values()):
                    if isinstance(value, type) and value.__module__ == name and positional(value):
                        table[value] = event_fields if name.endswith(".events") else _from_fields
            for path in list(KIT_PATHS.paths.values()):
                value = resolve(path)
                kind = type(value)
                if kind.__module__.startswith(KIT) and kind not in table and not isinstance(value, type):
                    table[kind] = _by_name
            cls._tables.update(table)
            cls._built += 1
        return cls._tables

    def __init__(self, file, protocol, given: dict | None = None, histories: Histories | None = None):
        super().__init__(file, protocol)
        if histories is not None:
            self.dispatch_table = histories.table(given)
        else:
            self.dispatch_table = collections.ChainMap(given, self.table()) if given else self.table()


def pickled(value, given: dict | None = None, histories: Histories | None = None) -> str:
    """``value`` pickled for the learner's side: kit values by their fields or names, the
    exercise's given classes (``given``: class -> reducer, see ``Learner.give``) by their fields,
    views with only the events of their history that the learner's side does not hold yet
    (``histories``, which then holds them as pending), and, when plain ``pickle`` cannot (a
    check cell's functions, a class made in a check), by value with ``cloudpickle``, kit values
    and given classes still pickled as above, histories whole."""
    buffer = io.BytesIO()
    try:
        KitPickler(buffer, pickle.HIGHEST_PROTOCOL, given, histories).dump(value)
    except Exception:  # noqa: BLE001 - functions of a check cell: by value
        if histories is not None:
            histories.pending.clear()
        buffer = io.BytesIO()
        _ByValue(buffer, collections.ChainMap(given or {}, KitPickler.table())).dump(value)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


@functools.lru_cache(maxsize=None)
def _by_value_pickler() -> type:
    import cloudpickle

    class ByValue(cloudpickle.Pickler):
        """cloudpickle's pickler (functions and classes of a check by value), with the kit's
        values and the given classes pickled as ``KitPickler`` does: the C pickler reads its
        table once, when it starts, so it is set before."""

        def __init__(self, file, table):
            self.dispatch_table = collections.ChainMap(table, cloudpickle.Pickler.dispatch_table)
            super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
    return ByValue


def _ByValue(file, table):
    return _by_value_pickler()(file, table)


def given_reducer(name: str, cls):
    """How an instance of the given class ``cls`` is sent: by its fields, to be made on the
    learner's side with the learner's own class called ``name`` (``running_server.given_value``)."""
    fields = init_fields(cls)
    return lambda value: (given_value, (name, {field: getattr(value, field) for field in fields}))


def unpickled(text: str):
    """What ``pickled`` wrote, unpickled: on the learner's side only."""
    return pickle.loads(base64.b64decode(text))
