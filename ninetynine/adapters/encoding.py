"""What the OpenSpiel and PettingZoo adapters know about a game: its encoding.

An encoding turns a game's moves into action numbers and its views into numbers, and builds the
whole worlds a search samples. The adapters know no game by name: they read the game's
declaration (``ninetynine.protocol``), whose ``encoding`` field names the class to use
(``"ninetynine.counting.encoding:CountingEncoding"`` for the running-total games, and so on),
and ``encoding_of(game)`` builds it. A game declared without one (a game of your own, registered
with ``nn.register(game)``) gets ``GenericEncoding``, which learns what it needs from the
protocol alone.

``GameEncoding`` is the base every encoding extends. What it holds, for both adapters:

- ``moves``: every move the game can ever allow, in action order; ``action_of(move)`` and
  ``move_of(action)`` turn one into the other;
- ``natural_length``: the most moves a game can last, or None when the rules set no bound;
- ``pieces(perfect_recall)`` and ``fill(parts, view, perfect_recall)``: OpenSpiel's observation
  and information-state tensors, as named pieces of given shapes (``has_tensors`` False: none);
- ``parts`` and ``observe(view, vector, at)``: PettingZoo's observation vector, as named
  ``Part``\\ s (``at``: the slice of each part);
- ``world(view, rng, state=None)``: a whole state the view's seat cannot tell from the real one;
- ``matches(view)``: can a view come from a table with this game's options?
- ``public_events(state, start)``, ``whose_turn(state)``, ``move_words(move)``: what a
  spectator hears, in the game's words;
- ``chance_items`` and ``new_state(rng)``: explicit chance for OpenSpiel (below), when the game
  offers it.

Explicit chance
---------------
OpenSpiel's exact algorithms (CFR, best response, exploitability) need every random event of a
game as a *chance node*: a list of outcomes with their probabilities. A game of the kit draws
its randomness from its state's generator (``state.rng``, see ``ninetynine.protocol``) inside
``play``: every shuffle of a deck, every random choice. So the adapter can make that randomness
explicit for any game whose every random draw goes through that generator's ``shuffle`` and
``choice``, whatever the game: it hands the state a ``ChanceScript``, a generator that answers
each draw with outcomes decided beforehand and raises ``ChanceNeeded`` (saying what is to be
shuffled or chosen) when it has none left. The adapter then plays the move again on a fresh copy
of the state once chance has decided (OpenSpiel: chance nodes, one outcome at a time), so a move
that shuffles is played only once its whole shuffle is known.

A shuffle of n items is n chance nodes, each fixing the next item of the new order: each
*distinct* item left is an outcome (with repeated items, copies are one outcome), with
probability copies left / items left, which makes every order exactly as likely as the kit's
uniform shuffle does. When only copies of one item are left, the rest of the order is forced and
no chance node is made. ``choice(seq)`` is one chance node, each place in ``seq`` with
probability 1 / len(seq). Any other draw (``random()``, ``randrange``, ...) is refused in one
sentence: the game does not offer explicit chance then.

An encoding offers explicit chance by listing ``chance_items`` (every item a shuffle of the game
can hold, in a fixed order: a chance outcome is an item's place in it) and ``new_state(rng)`` (a
new game whose deal draws from ``rng``: it cannot be ``game.new_game(seed)``, which makes its own
generator). ``CountingEncoding`` does, for every rule set.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, fields, is_dataclass

from ..protocol import DECLARATIONS, Declaration, resolve
from ..grammar import plural

__all__ = ["GameEncoding", "GenericEncoding", "Part", "encoding_of", "encoding_class",
           "ChanceScript", "ChanceNeeded",
           "one_hot", "relative", "per_seat", "cards_into", "seats_of", "view_items",
           "NOT_OBSERVED", "LEARNING_GAMES"]

#: view fields that are not part of an observation: the history (the information state adds
#: it), the legal moves (the adapters give them apart), and objects that never change in a game
NOT_OBSERVED = ("history", "legal_moves", "rules", "options")


@dataclass(frozen=True)
class Part:
    """One named part of an observation vector: ``size`` numbers from ``low`` to ``high``."""

    name: str
    size: int
    high: float
    low: float = 0.0


# --- helpers the encodings share ------------------------------------------------------------------

def one_hot(array, index) -> None:
    """Set ``array[index]`` to 1 (nothing when ``index`` is None)."""
    if index is not None:
        array[index] = 1


def relative(view, seat: int, players: int) -> int:
    """Where ``seat`` sits counted from the view's seat: 0 itself, 1 the next seat, ..."""
    return (seat - view.seat) % players


def per_seat(view, values, players: int) -> list:
    """``values`` (one per seat) reordered from the view's seat onwards."""
    return [values[(view.seat + step) % players] for step in range(players)]


def cards_into(vector, where: slice, cards, position: dict) -> None:
    """Count ``cards`` into ``vector[where]``, each at its ``position``."""
    for card in cards:
        vector[where.start + position[card]] += 1


def seats_of(view) -> int | None:
    """How many seats a view's table has: ``view.players``, else ``len(view.hand_sizes)``, else
    None (unknown)."""
    seats = getattr(view, "players", None)
    if seats is None and getattr(view, "hand_sizes", None) is not None:
        seats = len(view.hand_sizes)
    return seats


def view_items(view) -> list[tuple[str, object]]:
    """A view's observed fields, ``(name, value)`` in order: a dataclass's (or a named tuple's)
    fields, else its attributes by name; the history, the legal moves and fixed objects left out."""
    if is_dataclass(view):
        items = [(f.name, getattr(view, f.name)) for f in fields(view)]
    elif hasattr(view, "_asdict"):                  # a named tuple
        items = list(view._asdict().items())
    else:
        items = sorted(vars(view).items())
    return [(name, value) for name, value in items
            if name not in NOT_OBSERVED and not name.startswith("_")]


# --- explicit chance: a generator whose draws are decided beforehand ------------------------------

class ChanceNeeded(Exception):
    """Raised by a ``ChanceScript`` with no outcome left: what the game asked chance for.

    ``kind`` is ``"shuffle"`` (``items``: the list to put in a random order) or ``"choice"``
    (``items``: the sequence to choose one of)."""

    def __init__(self, kind: str, items: list):
        super().__init__(f"chance must decide a {kind} of {len(items)} items")
        self.kind, self.items = kind, items


class ChanceScript(random.Random):
    """A random generator that draws nothing: each ``shuffle`` and ``choice`` takes the next of
    ``outcomes`` (a shuffle: the items in their new order; a choice: the place chosen), and raises
    ``ChanceNeeded`` when none is left. See "Explicit chance" above.

    >>> script = ChanceScript([["b", "a", "c"], 1])
    >>> deck = ["a", "b", "c"]
    >>> script.shuffle(deck); deck
    ['b', 'a', 'c']
    >>> script.choice([5, 6, 7])
    6
    >>> script.shuffle(deck)
    Traceback (most recent call last):
    ...
    ninetynine.adapters.encoding.ChanceNeeded: chance must decide a shuffle of 3 items
    """

    def __init__(self, outcomes=()):
        super().__init__(0)
        self.outcomes, self.used = list(outcomes), 0

    def _next(self, kind: str, items):
        if self.used == len(self.outcomes):
            raise ChanceNeeded(kind, list(items))
        self.used += 1
        return self.outcomes[self.used - 1]

    def shuffle(self, x) -> None:
        order = self._next("shuffle", x)
        if sorted(map(repr, order)) != sorted(map(repr, x)):
            raise ValueError("The game shuffled other items than chance decided: its random "
                             "draws do not repeat when its move is played again.")
        x[:] = order

    def choice(self, seq):
        return seq[self._next("choice", seq)]

    def _refuse(self, *args, **kwargs):
        raise ValueError("This game draws random numbers other than shuffles and choices, so "
                         "the adapter cannot list its chance outcomes: it offers sampled chance "
                         "only.")

    random = getrandbits = _randbelow = randrange = randint = uniform = sample = choices = _refuse


# --- the base --------------------------------------------------------------------------------------

class GameEncoding:
    """What both adapters need to know about one game (see the module's docstring).

    A subclass lists its moves and calls ``GameEncoding.__init__(self, game, moves)``.
    """

    #: the most moves a game can last (None: no bound; OpenSpiel then takes ``max_moves``)
    natural_length: int | None = None
    #: does the encoding give OpenSpiel tensors (``pieces`` and ``fill``)?
    has_tensors: bool = True
    #: PettingZoo's observation vector, as named parts
    parts: list[Part] = []
    #: explicit chance (see the module's docstring): every item a shuffle can hold, in a fixed
    #: order (a chance outcome is an item's place here); empty: sampled chance only
    chance_items: tuple = ()

    def __init__(self, game, moves):
        self.game = game
        self.players = game.players
        self.moves = tuple(moves)
        self.index = {move: action for action, move in enumerate(self.moves)}
        if len(self.index) != len(self.moves):
            raise ValueError("Two actions stand for the same move: the action list must not repeat.")

    def action_of(self, move) -> int:
        """The action of a move (ValueError in one sentence for a move not in the list)."""
        try:
            return self.index[move]
        except (KeyError, TypeError):
            raise ValueError(self._not_a_move(move)) from None

    def _not_a_move(self, move) -> str:
        return (f"{move} is not a move of this game: an action stands for one of its "
                f"{len(self.moves)} moves, such as {self.moves[0]}.")

    def move_of(self, action: int):
        """The move an action stands for."""
        return self.moves[action]

    # OpenSpiel's tensors
    def pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        """The named pieces of OpenSpiel's tensor and their shapes."""
        raise NotImplementedError

    def fill(self, parts: dict, view, perfect_recall: bool) -> None:
        """Fill the pieces (zeros to begin with) from ``view``."""
        raise NotImplementedError

    # PettingZoo's vector
    def observe(self, view, vector, at: dict) -> None:
        """Fill PettingZoo's observation ``vector`` (zeros) from ``view``; ``at[name]`` is the
        slice of each part."""
        raise NotImplementedError

    def world(self, view, rng: random.Random, state=None):
        """A whole state agreeing with everything ``view`` shows, what it hides dealt at random
        with ``rng``. ``state`` is the real state when the caller holds it (the kit's games need
        only the view)."""
        raise NotImplementedError

    @property
    def explicit_chance(self) -> bool:
        """Does the game offer explicit chance (``chance_items`` and ``new_state``)?"""
        return bool(self.chance_items)

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes a chance node can have: an item of ``chance_items``, or a place in
        the sequence of a ``choice`` (at most one per seat, or per item)."""
        return max(len(self.chance_items), self.players) if self.chance_items else 0

    def new_state(self, rng: random.Random):
        """A new game (a ``State``) whose deal draws every random number from ``rng`` (explicit
        chance); the state keeps ``rng`` as its ``state.rng``."""
        raise NotImplementedError

    def matches(self, view) -> bool:
        """Can ``view`` come from a table with this game's options (seats, options, deals)?"""
        options = getattr(self.game, "options", {})
        seen = getattr(view, "options", None)
        seats = seats_of(view)
        return ((seats is None or seats == self.players)
                and (seen is None or seen == options)
                and getattr(view, "deals", options.get("deals")) == options.get("deals"))

    def public_events(self, state, start: int = 0) -> list:
        """The events from ``start`` on as a spectator may know them: an event every seat's view
        shows alike is public; otherwise the first seat's version that differs from the real one
        (another seat's drawn card, hidden) stands for it."""
        history = list(state.history)[start:]
        told = [list(state.view(seat).history)[start:] for seat in range(self.players)]
        if any(len(seen) != len(history) for seen in told):
            return []                       # views that do not follow the history event by event
        public = []
        for at, event in enumerate(history):
            versions = [seen[at] for seen in told]
            public.append(next((version for version in versions if version != event), event))
        return public

    def whose_turn(self, state) -> str:
        """Whose turn it is, in the third person."""
        return f"It is Seat {state.to_move}'s turn."

    def move_words(self, move) -> str:
        """A move in words (by default its text)."""
        return str(move)


# --- the generic encoding: a game of your own ----------------------------------------------------

#: how many seeded random games ``GenericEncoding`` plays to meet a game's moves and values, the
#: most moves it plays in one of them, and in all of them (long games: fewer games)
LEARNING_GAMES, LEARNING_MOVES, LEARNING_BUDGET = 200, 1000, 50_000
#: the range of a number of the generic observation vector
BIG = float(2 ** 24)


def _natural(value) -> tuple:
    """A sort key for moves and values by their text, numbers in it compared as numbers."""
    text = str(value)
    return (type(value).__name__, [int(part) if i % 2 else part
                                   for i, part in enumerate(re.split(r"(\d+)", text))])


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, complex)


def _key(value):
    try:
        hash(value)
        return value
    except TypeError:
        return str(value)


class GenericEncoding(GameEncoding):
    """The encoding of a game declared without one, built from the protocol alone.

    **Moves.** ``game.all_moves()`` when the game offers it. Otherwise the encoding plays
    ``LEARNING_GAMES`` seeded random games (seeds 0, 1, ...; at most ``LEARNING_MOVES`` moves
    each, and no new game once ``LEARNING_BUDGET`` moves are played) and lists every legal move it meets, sorted by its text: the same list every time. A
    move met later that is not in the list (a rare one that random play never offered) is refused
    in one sentence that asks for ``all_moves``. Moves must be hashable (frozen dataclasses are).

    **Observations.** One vector for both adapters, from the view's fields (the history and the
    legal moves left out), each field a part of the vector as the random games showed it: a
    number (or None, written -1) is one number; a list of numbers that always had the same length
    is one number per place (``hand_sizes``); any other list is a count of each item met
    (``hand``); anything else is one-hot over the values met. Values never met in those games are
    left out. The information-state tensor adds the number of events seen. The strings of
    OpenSpiel are the view's text, as for every game.

    **Worlds.** From the real state: a copy whose hidden places (``state.hidden_from(seat)``)
    are dealt their items again at random, each keeping its size (a place sorted before stays
    sorted), and whose ``rng``, if it has one, is seeded afresh. A deal that changes the seat's
    view is dealt again; after 50 failures the copy is kept as it was.

    **Length.** No bound is known: OpenSpiel's ``max_moves`` parameter stops a game.
    """

    def __init__(self, game):
        all_moves = getattr(game, "all_moves", None)
        met, values, self.games_played = self._play_random_games(game, need_moves=all_moves is None)
        moves = list(all_moves()) if all_moves is not None else sorted(met, key=_natural)
        GameEncoding.__init__(self, game, moves)
        self.learnt = all_moves is None
        self.layout = []                     # (name, kind, vocabulary) per field
        parts = []
        for name, seen in values.items():
            if all(_is_number(v) or v is None for v in seen):
                self.layout.append((name, "number", None))
                parts.append(Part(name, 1, BIG, -BIG))
            elif all(isinstance(v, (list, tuple)) for v in seen):
                lengths = {len(v) for v in seen}
                if len(lengths) == 1 and all(_is_number(x) for v in seen for x in v):
                    self.layout.append((name, "places", lengths.pop()))
                    parts.append(Part(name, self.layout[-1][2], BIG, -BIG))
                else:
                    items = sorted({_key(x) for v in seen for x in v}, key=_natural)
                    self.layout.append((name, "counts", {x: i for i, x in enumerate(items)}))
                    parts.append(Part(name, len(items), BIG))
            else:
                kinds = sorted({_key(v) for v in seen}, key=_natural)
                self.layout.append((name, "one-hot", {v: i for i, v in enumerate(kinds)}))
                parts.append(Part(name, len(kinds), 1))
        self.parts = [part for part in parts if part.size]
        self.size = sum(part.size for part in self.parts)

    def _not_a_move(self, move) -> str:
        if not self.learnt:
            return (f"{move} is not a move of this game: it is not in the list "
                    f"{self.game.name}.all_moves() gives.")
        return (f"{move} is not a move the adapters know for {self.game.name}: it never came up in "
                f"the {plural(self.games_played, 'random game')} that listed the game's moves, so give the game "
                f"an all_moves() method that lists every move it can allow.")

    @staticmethod
    def _play_random_games(game, need_moves: bool):
        """The moves and the values of each view field met in seeded random games."""
        met: dict = {}
        values: dict[str, list] = {}
        seen_values: dict[str, set] = {}
        played = games = 0
        for seed in range(LEARNING_GAMES):
            if played >= LEARNING_BUDGET:
                break
            games += 1
            state, rng = game.new_game(seed=seed), random.Random(seed)
            for step in range(LEARNING_MOVES + 1):
                for seat in range(game.players):
                    for name, value in view_items(state.view(seat)):
                        key = repr(value)
                        if key not in seen_values.setdefault(name, set()):
                            seen_values[name].add(key)
                            values.setdefault(name, []).append(value)
                if state.is_over or step == LEARNING_MOVES:
                    break
                legal = list(state.legal_moves())
                if need_moves:
                    met.update(dict.fromkeys(legal))
                state.play(rng.choice(legal))
                played += 1
        return list(met), values, games

    def vector(self, view):
        """The generic observation of a view, as a list of numbers."""
        out = []
        items = dict(view_items(view))
        for name, kind, vocabulary in self.layout:
            value = items.get(name)
            if kind == "number":
                out.append(-1.0 if value is None or not _is_number(value) else float(value))
            elif kind == "places":
                numbers = [float(x) for x in list(value or ())[:vocabulary] if _is_number(x)]
                out += numbers + [0.0] * (vocabulary - len(numbers))
            elif kind == "counts":
                counts = [0.0] * len(vocabulary)
                for item in value or ():
                    if _key(item) in vocabulary:
                        counts[vocabulary[_key(item)]] += 1
                out += counts
            else:
                flags = [0.0] * len(vocabulary)
                if _key(value) in vocabulary:
                    flags[vocabulary[_key(value)]] = 1.0
                out += flags
        return out

    def pieces(self, perfect_recall):
        pieces = [("observation", (self.size,))]
        return pieces + [("events_so_far", (1,))] if perfect_recall else pieces

    def fill(self, parts, view, perfect_recall):
        parts["observation"][:] = self.vector(view)
        if perfect_recall:
            parts["events_so_far"][0] = len(view.history)

    def observe(self, view, vector, at):
        vector[:] = self.vector(view)

    def world(self, view, rng, state=None, tries: int = 50):
        if state is None:
            raise ValueError(f"{self.game.name} has no encoding of its own, so a world is built "
                             "from the real state: the bot needs the state, not the view alone.")
        seat = view.seat
        for _ in range(tries):
            world = state.copy()
            places = world.hidden_from(seat)
            pool = [item for items in places.values() for item in items]
            rng.shuffle(pool)
            at = 0
            for items in places.values():
                was_sorted = _sorted(items)
                items[:] = pool[at:at + len(items)]
                at += len(items)
                if was_sorted:
                    items.sort()
            self._reseed(world, rng)
            if world.view(seat) == view:
                return world
        world = state.copy()
        self._reseed(world, rng)
        return world

    @staticmethod
    def _reseed(world, rng) -> None:
        if isinstance(getattr(world, "rng", None), random.Random):
            world.rng = random.Random(rng.getrandbits(64))

    def whose_turn(self, state) -> str:
        title = getattr(self.game, "title", self.game.name)
        return f"{title}: it is Seat {state.to_move}'s turn ({plural(len(state.history), 'event')} so far)."


def _sorted(items: list) -> bool:
    try:
        return len(items) > 1 and items == sorted(items)
    except TypeError:
        return False


# --- finding a game's encoding ---------------------------------------------------------------------

def encoding_class(game) -> type:
    """The encoding class of a game, from its declaration (``GenericEncoding`` when it names
    none, or when the game is not registered)."""
    own = getattr(game, "declaration", None)
    declared = own if isinstance(own, Declaration) else DECLARATIONS.get(getattr(game, "name", None))
    if declared is None or declared.encoding is None:
        return GenericEncoding
    return resolve(declared.encoding)


def encoding_of(game) -> GameEncoding:
    """The encoding of a game object (``nn.make(...)``), as its declaration names it."""
    return encoding_class(game)(game)

