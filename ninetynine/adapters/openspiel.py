"""Every game of the kit's registry as a Python game of OpenSpiel (``pyspiel``).

>>> from ninetynine.adapters import openspiel as nos
>>> nos.register()                                   # doctest: +SKIP
>>> game = pyspiel.load_game("python_ninetynine_quentin_c", {"players": 4})   # doctest: +SKIP

``register()`` registers every declared game (``ninetynine.protocol.DECLARATIONS``: the kit's
four rule sets, ``board`` and ``tricks``, and every game or rule set registered since with
``nn.register``) as ``python_ninetynine_<name>``, and each game that offers explicit chance
(the running-total rule sets) also as ``python_ninetynine_<name>_explicit`` (see Chance below);
call it again after registering a game of your own. A game's options are the game parameters (``players``, ``tokens``, ``trumps``, ...; their
defaults are the game's; options that are not numbers, text or True/False keep their defaults),
plus ``rng_seed`` and, where the game sets no bound on its length, ``max_moves``. The numbers of
players are the declaration's ``players``.

The adapter knows no game by name: what it knows of a game comes from its encoding
(``ninetynine.adapters.encoding``), the class its declaration names (``CountingEncoding``,
``TricksEncoding``, ``BoardEncoding``), or ``GenericEncoding`` for a game declared without one.
How the adapter answers OpenSpiel's questions, and why:

Chance: *sampled stochastic* under ``python_ninetynine_<name>``, and *explicit stochastic* under
    ``python_ninetynine_<name>_explicit`` for every game whose encoding offers it: every
    running-total rule set (``quentin_c``, ``rs_games``, ``classic``, ``taiwanese``, ``tiny99``
    and any rule set registered since), as ``load_game(name, chance="explicit", **options)``.

    *Why two names, not a parameter:* OpenSpiel's chance mode is part of a game's type, which it
    registers once per name (``pyspiel.registered_games()``, and algorithms read it from there);
    a parameter would leave the registered type wrong for half of the games it loads. The
    sampled games keep their name, parameters and behaviour, so earlier code, the tests and
    notebook 20 are unchanged, and their simulations stay cheap (a deal is one step).

    *Explicit chance* (``ninetynine.adapters.encoding``, "Explicit chance"): every shuffle the
    game makes - each round's deck, a reshuffle of the discard pile, the Taiwanese draw for the
    order of play - is a run of chance nodes fixing the new order card by card (each distinct
    card left, with probability copies left / cards left), and a random starter is one chance
    node over the seats. The deal of a new game comes first; a move that deals a new round or
    reshuffles is followed by the chance nodes of that shuffle, and is played whole once chance
    has decided (until then ``kit`` is the state before the move). Cards drawn later were fixed
    by the deck's order, which no view shows, so information states are what they are with
    sampled chance; before the deal every string is empty and every tensor zero. Nothing is
    random, so there is no ``rng_seed``; OpenSpiel serializes a state as its actions
    (``random_sim_test(..., serialize=True)`` passes), and its CFR, best response and
    exploitability run on a game small enough (``tiny99``).

    *Sampled chance only:* the board game and the tricks game. Their encodings (in their own
    folders) list no chance outcomes: a 100-card deck's orders, or the deals of the tricks game,
    are far too many for any exact algorithm, so explicit chance would only add hundreds of
    chance nodes per deal for nothing; they could offer it the same way (``chance_items`` and
    ``new_state`` in their encodings) if they draw only through ``state.rng``'s ``shuffle`` and
    ``choice``. A game of your own keeps sampled chance too (the generic encoding cannot deal a
    new game with a generator of its choosing).

    *Sampled chance:* The kit shuffles and deals with each state's own seeded random
    generator, inside ``play`` (a new round is dealt before ``play`` returns). So the
    generator is part of the state: a clone or a saved state plays on exactly alike, and
    ``resample_from_infostate`` gives each sampled world a fresh generator (its future shuffles
    are hidden too). ``new_initial_state()`` deals with the next seed of a generator seeded by
    the ``rng_seed`` parameter, so a game object repeats its sequence of deals; OpenSpiel clones
    a Python state by making a new one first, so clones draw from that sequence too. For one
    given deal, wrap a kit state: ``game.state_from_kit(nn.make(...).new_game(seed))``.

Information: imperfect. Every string and tensor a seat receives is built from
    ``state.view(seat)`` alone, the same view the kit's bots receive (``ninetynine.testing``
    checks those views against ``state.hidden_from(seat)``). The *observation* is the view
    without its history; the *information state* adds the history as the seat saw it (other
    players' drawn or laid-aside cards hidden), so the information-state string is a complete
    record of what the seat knows (perfect recall). The information-state *tensor* has a fixed
    size, so it cannot hold a whole history of unbounded length: it is the observation plus, for
    the kit's games, each seat's cards seen played this round or deal (the board game: the
    discards), and the number of events the seat has seen. It is a function of the information
    state (equal in every world the seat cannot tell apart: OpenSpiel's resampling check tests
    exactly that), not a complete record of it. A game of your own gets the generic vector of
    its view's fields (see ``GenericEncoding``).

Returns: at the end of the game only (reward model "terminal"), from ``state.standings()``:
    each seat gets (seats ranked below it - seats ranked above it) / (players - 1). The winner
    of a game with no tie gets +1, the last -1; equal ranks score alike; with teams (the board
    game) partners share their team's rank; a seat missing from the standings (a game of yours
    stopped by ``max_moves`` before its end) ranks with the last. The returns add up to 0
    (zero-sum), and lie in [-1, 1].

Length: OpenSpiel needs a bound on the number of moves; the encoding gives the game's own
    (``natural_length``). The tricks game has exactly 33 moves a deal; the Taiwanese rules at
    most 52 a round (no reshuffle); the board game without replayed ties at most 200. The other
    rules reshuffle (and the board game replays ties), and a game of your own has no known
    bound: there the ``max_moves`` parameter (default 10000) stops a game, and it is scored by
    the standings at that moment. In random play the longest of 100 default games took 418
    moves (RS Games) and 703 (the board game).

Actions: each game has a fixed list of every move it can ever allow (``num_distinct_actions``),
    the encoding's ``moves``, and an action is a move's place in that list:
    ``game.action_of(move)`` and ``game.move_of(action)`` turn one into the other. The lists
    are the PettingZoo adapter's (see ``ninetynine.adapters.pettingzoo``).

Search: ``resample_from_infostate(player, sampler)`` builds a whole world the player cannot
    tell from the real one. The kit's games build it from the player's view only: the cards it
    cannot see are dealt at random to the places it cannot see into (other hands, the deck, other
    seats' laid-aside cards), keeping every size the view shows and, in the tricks game, the
    suits a seat has shown it lacks. A game of your own is dealt again from a copy of the real
    state: the items of its hidden places (``state.hidden_from(player)``) shuffled among them. It
    does not weigh worlds by how likely the other players' past choices make them. That is what
    OpenSpiel's Python ``ISMCTSBot`` needs (its C++ ``ISMCTSBot`` cannot resample a Python game,
    and crashes). ``ismcts_bot(name, ...)`` turns that bot into a kit bot ``bot(view) -> move``,
    for ``nn.tournament`` and the tables (the kit's games: it sees the view alone).

What the adapter asks of a game is the protocol (``ninetynine.protocol``), nothing more: the
seats come from ``game.players``, a state is shown and saved by ``to_json`` (and its ``rng``, if
it has one), and a game without ``options`` has no parameters but ``rng_seed`` and ``max_moves``.
"""
from __future__ import annotations

import random
from dataclasses import fields, is_dataclass
from functools import lru_cache

import numpy as np

try:
    import pyspiel
except ImportError as error:          # pragma: no cover - the message is the point
    raise ImportError("The OpenSpiel adapter needs the open-spiel package: install the "
                      "ecosystem extra, pip install 'ninetynine[ecosystem]'.") from error

from ..protocol import DECLARATIONS, declaration, make
from .encoding import ChanceNeeded, ChanceScript, GameEncoding, encoding_of, view_items

PREFIX = "python_ninetynine_"
#: the explicit-chance version of a game is registered as ``PREFIX + name + EXPLICIT``
EXPLICIT = "_explicit"
#: where the rules set no bound on a game's length, a game stops after this many moves
DEFAULT_MAX_MOVES = 10_000


# --- rendering views as text ----------------------------------------------------------------------

def _text(value) -> str:
    """A value of a view as short text: cards as "QS", lists joined by spaces, None as "-"."""
    kind = type(value)
    if kind is list or kind is tuple:
        return "[" + " ".join(map(_text, value)) + "]"
    if value is None:
        return "-"
    if kind is bool:
        return "yes" if value else "no"
    return str(value)


@lru_cache(maxsize=1 << 16)
def _event_text(event) -> str:
    """An event as one line: its kind and its fields, e.g. ``CardPlayed 0 AS 11 0 11``.

    Events never change (frozen dataclasses), and the same ones are rendered again at every
    step of a game, so the texts are remembered."""
    if not is_dataclass(event):
        return type(event).__name__ + " " + str(event)
    return type(event).__name__ + " " + " ".join(_text(getattr(event, f.name)) for f in fields(event))


def observation_text(view) -> str:
    """The view without its history, as one line of ``name=value`` pairs."""
    return " ".join(f"{name}={_text(value)}" for name, value in view_items(view))


def information_state_text(view) -> str:
    """The observation, then the history as the seat saw it, one event a line."""
    return "\n".join([observation_text(view)] + [_event_text(event) for event in view.history])


# --- the OpenSpiel game, state and observer -------------------------------------------------------

#: OpenSpiel's game parameters take numbers, text and True/False
_PARAMETER_TYPES = (bool, int, float, str)
#: each declaration's default parameters, whether its encoding gives tensors and offers explicit
#: chance, worked out once
_DEFAULTS: dict[int, tuple] = {}


def _defaults(name: str) -> tuple[dict, bool, bool]:
    declared = declaration(name)
    known = _DEFAULTS.get(id(declared))
    if known is None or known[0] is not declared:
        kit_game = declared.make()
        encoding = encoding_of(kit_game)
        parameters = {key: value for key, value in getattr(kit_game, "options", {}).items()
                      if isinstance(value, _PARAMETER_TYPES)}
        parameters["rng_seed"] = 0
        if encoding.natural_length is None:
            parameters["max_moves"] = DEFAULT_MAX_MOVES
        known = _DEFAULTS[id(declared)] = (declared, parameters, encoding.has_tensors,
                                           encoding.explicit_chance)
    return known[1], known[2], known[3]


def _parameters(name: str, explicit: bool = False) -> dict:
    """The game parameters of ``name``: the game's options with their defaults, ``rng_seed``
    (not with explicit chance: nothing is random then), and ``max_moves`` where the game gives no
    bound on its length."""
    parameters = dict(_defaults(name)[0])
    if explicit:
        del parameters["rng_seed"]
    return parameters


def offers_explicit_chance(name: str) -> bool:
    """Does the declared game ``name`` offer explicit chance (its encoding says)?"""
    return _defaults(name)[2]


def game_type(name: str, explicit: bool = False) -> "pyspiel.GameType":
    """The OpenSpiel game type of the declared game ``name`` (see the module's docstring), with
    explicit chance when ``explicit``."""
    declared = declaration(name)
    tensors = _defaults(name)[1]
    if explicit and not offers_explicit_chance(name):
        raise ValueError(f"{name} offers sampled chance only: its encoding lists no chance "
                         "outcomes (see ninetynine.adapters.encoding, Explicit chance).")
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=PREFIX + name + (EXPLICIT if explicit else ""),
        long_name=f"Ninety-Nine kit: {declared.title}" + (", explicit chance" if explicit else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if explicit else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(declared.players),
        min_num_players=min(declared.players),
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name, explicit),
    )


class NinetyNineGame(pyspiel.Game):
    """One declared game, with its options, as an OpenSpiel game.

    Beyond OpenSpiel's API: ``kit_game`` (the kit's game object), ``encoding`` (what the adapter
    knows of it), ``explicit`` (explicit chance?), ``action_of(move)``, ``move_of(action)``,
    ``state_from_kit(kit_state)``.
    """

    def __init__(self, name: str, params: dict | None = None, explicit: bool = False):
        params = dict(params or {})
        defaults = _parameters(name, explicit)
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            why = " (with explicit chance nothing is random)" if unknown[0] == "rng_seed" else ""
            raise ValueError(f"{PREFIX + name + (EXPLICIT if explicit else '')} has no parameter "
                             f"{unknown[0]!r}{why}: its parameters are {', '.join(defaults)}.")
        self.explicit = explicit
        values = {**defaults, **params}
        options = {key: values[key] for key in defaults if key not in ("rng_seed", "max_moves")}
        self.kit_game = make(name, **options)
        self.encoding: GameEncoding = encoding_of(self.kit_game)
        natural = self.encoding.natural_length
        #: the game stops after this many moves (the rules' own bound, or max_moves)
        self.max_moves = min(bound for bound in (natural, values.get("max_moves")) if bound is not None)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.moves),
            max_chance_outcomes=self.encoding.max_chance_outcomes if explicit else 0,
            num_players=self.kit_game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_moves,
        )
        super().__init__(game_type(name, explicit), info, values)
        self._seeds = random.Random(values.get("rng_seed", 0))

    def new_initial_state(self, params=None) -> "NinetyNineState":
        """A new game, dealt with the next seed of this game's sequence (``rng_seed``); with
        explicit chance, the game before its deal: chance nodes deal it."""
        if self.explicit:
            return NinetyNineState(self, chance=_Chance(None))
        return NinetyNineState(self, seed=self._seeds.getrandbits(63))

    def state_from_kit(self, kit_state) -> "NinetyNineState":
        """An OpenSpiel state around a state of the kit (say ``nn.make(...).new_game(seed)``)."""
        game = getattr(kit_state, "game", None)     # a state may not say its game: trusted
        mine = self.kit_game
        if game is not None and (game.name != mine.name or
                                 getattr(game, "options", {}) != getattr(mine, "options", {})):
            raise ValueError(f"The kit state is a game of {game.name} with options "
                             f"{getattr(game, 'options', {})}; this game is {mine.name} with "
                             f"{getattr(mine, 'options', {})}.")
        return NinetyNineState(self, kit_state=kit_state)

    def action_of(self, move) -> int:
        """The action (a number from 0 to num_distinct_actions - 1) of a move of the kit."""
        return self.encoding.action_of(move)

    def move_of(self, action: int):
        """The kit's move for an action."""
        if not 0 <= action < len(self.encoding.moves):
            raise ValueError(f"Actions are numbered 0 to {len(self.encoding.moves) - 1}, not {action}.")
        return self.encoding.move_of(action)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer: the observation by default, the information state with perfect recall."""
        if params:
            raise ValueError(f"The observer takes no parameters, not {params}.")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("The games offer one seat's view only: public information with the "
                             "seat's own private information (PrivateInfoType.SINGLE_PLAYER).")
        return ViewObserver(self.encoding, perfect_recall)


class _KitBox:
    """Holds a state's kit state, dealt when first needed.

    OpenSpiel clones a Python state by making a new state and deep-copying the old one's
    attributes into it: the box deep-copies with the kit's own ``copy()`` (which shares the game
    and its tables), and a box not yet dealt copies its seed, so the clone deals alike. It
    pickles (OpenSpiel's ``serialize``) through the game's own save, ``to_json``, read back by
    the game's ``from_json`` (the game itself is found again by its name and options).
    """

    __slots__ = ("game", "seed", "state")

    def __init__(self, game, seed=None, state=None):
        self.game, self.seed, self.state = game, seed, state

    def __deepcopy__(self, memo):
        return _KitBox(self.game, self.seed, None if self.state is None else self.state.copy())

    def __reduce__(self):
        options = dict(getattr(self.game, "options", {}))
        text = None if self.state is None else self.state.to_json()
        return (_loaded_box, (self.game.name, options, self.seed, text))


def _loaded_box(name: str, options: dict, seed, text) -> _KitBox:
    game = make(name, **options)
    return _KitBox(game, seed, None if text is None else game.from_json(text))


class _Chance:
    """Explicit chance in progress: what chance has decided so far for one move (``move``, an
    action; None for the deal of a new game). ``draws`` are the draws decided whole (a shuffle's
    order, a choice's place), ``kind`` and ``items`` the draw being decided (None: not asked for
    yet), ``chosen`` its items so far."""

    def __init__(self, move, draws=(), kind=None, items=None, chosen=()):
        self.move, self.draws, self.kind = move, list(draws), kind
        self.items, self.chosen = items, list(chosen)

    def __deepcopy__(self, memo):       # items are immutable (cards): the lists are copied
        return _Chance(self.move, self.draws, self.kind, self.items, self.chosen)

    def left(self) -> dict:
        """The items the shuffle still has to place, and how many of each (a dict keeps the
        order in which they first come)."""
        left: dict = {}
        for item in self.items:
            left[item] = left.get(item, 0) + 1
        for item in self.chosen:
            left[item] -= 1
        return {item: copies for item, copies in left.items() if copies}

    def __str__(self) -> str:
        asked = "" if self.kind is None else f"; {self.kind} of {len(self.items)}: " + " ".join(
            map(str, self.chosen))
        return f"chance for {'the deal' if self.move is None else f'action {self.move}'}: " \
               f"{len(self.draws)} draws decided{asked}"


class NinetyNineState(pyspiel.State):
    """A state of a declared game, for OpenSpiel. ``kit`` is the game's own state.

    With explicit chance, a move whose play draws on the state's generator is played on a copy
    of the kit state whose generator is a ``ChanceScript``; when the script runs out of outcomes
    (``ChanceNeeded``), the state becomes a chance node until chance has decided that draw, and
    the move is played again on a fresh copy (see ``ninetynine.adapters.encoding``). Until the
    move is played whole, ``kit`` is the state before it.
    """

    def __init__(self, game: NinetyNineGame, seed=None, kit_state=None, chance: _Chance | None = None):
        super().__init__(game)
        self._box = _KitBox(game.kit_game, seed, kit_state)
        self._moves = 0
        self._chance = chance

    @property
    def kit(self):
        """The kit's state (``legal_moves()``, ``play()``, ``view(seat)`` ...)."""
        box = self._box
        if box.state is None:
            if self.get_game().explicit:
                self._resolve()                 # a new game's first draw: chance nodes
                if box.state is None:
                    raise ValueError("The game is not dealt yet: chance deals it first "
                                     "(state.is_chance_node()).")
            else:
                box.state = self.get_game().kit_game.new_game(seed=box.seed)
        return box.state

    @property
    def dealt(self) -> bool:
        """Is there a kit state yet? (Not at the chance nodes of an explicit deal: there every
        string is empty and every tensor zero.)"""
        return self._box.state is not None or not self.get_game().explicit

    def current_player(self) -> int:
        if self._chance is not None:
            if self._chance.kind is None:
                self._resolve()
            if self._chance is not None:
                return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.kit.to_move

    def _legal_actions(self, player: int) -> list[int]:
        action_of = self.get_game().encoding.action_of
        return sorted(action_of(move) for move in self.kit.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node and their probabilities (explicit chance): the
        next item of a shuffle (each distinct item left, copies left / items left), or a place
        in the sequence of a choice (each alike)."""
        chance = self._chance
        if chance is None or self.current_player() != pyspiel.PlayerId.CHANCE:
            raise ValueError("This is not a chance node.")
        if chance.kind == "choice":
            return [(place, 1 / len(chance.items)) for place in range(len(chance.items))]
        left = chance.left()
        total = sum(left.values())
        index = self._chance_index()
        return sorted((index[item], copies / total) for item, copies in left.items())

    def _chance_index(self) -> dict:
        game = self.get_game()
        index = getattr(game, "_chance_index", None)
        if index is None:
            index = game._chance_index = {item: at for at, item in
                                          enumerate(game.encoding.chance_items)}
        return index

    def _apply_action(self, action: int) -> None:
        chance = self._chance
        if chance is not None:
            if chance.kind == "choice":
                chance.draws.append(action)
                chance.kind = None
            else:
                chance.chosen.append(self.get_game().encoding.chance_items[action])
            self._resolve()
        elif self.get_game().explicit:
            self._chance = _Chance(action)
            self._moves += 1
            self._resolve()
        else:
            self.kit.play(self.get_game().move_of(action))
            self._moves += 1

    def _resolve(self) -> None:
        """Explicit chance: play the pending move (or deal the new game) with the draws decided
        so far; if it needs another, ask chance for it (``_chance.kind``); draws with one
        outcome only are decided here, without a chance node."""
        chance = self._chance
        while True:
            if chance.kind == "shuffle":
                left = chance.left()
                if len(left) > 1:
                    return                              # chance decides the next item
                chance.chosen += [item for item, copies in left.items() for _ in range(copies)]
                chance.draws.append(chance.chosen)
            elif chance.kind == "choice":
                if len(chance.items) > 1:
                    return                              # chance decides the place
                chance.draws.append(0)
            chance.kind, chance.items, chance.chosen = None, None, []
            game = self.get_game()
            script = ChanceScript(chance.draws)
            try:
                if chance.move is None:
                    played = game.encoding.new_state(script)
                else:
                    played = self._box.state.copy()
                    played.rng = script
                    played.play(game.move_of(chance.move))
            except ChanceNeeded as needed:
                if needed.kind == "choice" and len(needed.items) > game.encoding.max_chance_outcomes:
                    raise ValueError(f"The game chose among {len(needed.items)} items, more than "
                                     "its chance nodes can list.") from None
                chance.kind, chance.items = needed.kind, needed.items
                continue
            played.rng = ChanceScript()                 # nothing random happens outside play
            self._box.state, self._chance = played, None
            return

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            chance = self._chance
            if chance is not None and chance.kind == "choice":
                return f"Chance chose {chance.items[action]}"
            return f"Chance shuffled {self.get_game().encoding.chance_items[action]}"
        return str(self.get_game().move_of(action))

    def is_terminal(self) -> bool:
        if self._chance is not None:
            return False
        return self.kit.is_over or self._moves >= self.get_game().max_moves

    def returns(self) -> list[float]:
        """0 for everyone until the end; then each seat's (seats below - seats above) / (n - 1)."""
        n = self.get_game().num_players()
        if not self.is_terminal():
            return [0.0] * n
        rank = {standing.seat: standing.rank for standing in self.kit.standings()}
        last = max(rank.values(), default=1)
        rank = [rank.get(seat, last) for seat in range(n)]
        return [sum((rank[seat] < rank[other]) - (rank[seat] > rank[other])
                    for other in range(n)) / (n - 1) for seat in range(n)]

    def view(self, seat: int):
        """The kit's view of ``seat``: everything the adapter shows that seat comes from it."""
        return self.kit.view(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "NinetyNineState":
        """A world ``player_id`` cannot tell from this one (see the module's docstring).

        The world gets its own random generator, seeded from ``probability_sampler`` (OpenSpiel's
        ``UniformProbabilitySampler`` or any callable giving numbers in [0, 1)).
        """
        seed = int(probability_sampler() * 2 ** 53)
        game = self.get_game()
        world = game.encoding.world(self.kit.view(player_id), random.Random(seed), self.kit)
        state = NinetyNineState(game, kit_state=world)
        state._moves = self._moves
        return state

    def __str__(self) -> str:
        """The whole state, hidden cards included (for debugging: never shown to a seat): the
        moves made, the game's own save, and the state's random generator if it has one (with
        explicit chance: what chance has decided of a move being played)."""
        if self.get_game().explicit:
            lines = [f"moves {self._moves}"]
            if self._box.state is not None:
                lines.append(self._box.state.to_json())
            if self._chance is not None:
                lines.append(str(self._chance))
            return "\n".join(lines)
        kit = self.kit
        lines = [f"moves {self._moves}", kit.to_json()]
        rng = getattr(kit, "rng", None)
        if isinstance(rng, random.Random):
            lines.append(f"generator {hash(rng.getstate())}")
        return "\n".join(lines)


class ViewObserver:
    """OpenSpiel's observer (see ``open_spiel/python/observation.py``), built on views.

    ``tensor`` is one flat numpy array; ``dict`` names its parts (views of the same memory).
    A game whose encoding gives no tensors has an empty one.
    """

    def __init__(self, encoding: GameEncoding, perfect_recall: bool):
        self.encoding, self.perfect_recall = encoding, perfect_recall
        pieces = encoding.pieces(perfect_recall) if encoding.has_tensors else []
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict, start = {}, 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state: NinetyNineState, player: int) -> None:
        self.tensor.fill(0)
        if self.dict and state.dealt:
            self.encoding.fill(self.dict, state.view(player), self.perfect_recall)

    def string_from(self, state: NinetyNineState, player: int) -> str:
        if not state.dealt:
            return ""                   # explicit chance, before the deal: nothing to know yet
        view = state.view(player)
        return information_state_text(view) if self.perfect_recall else observation_text(view)


# --- registering, and OpenSpiel's bots as kit bots -------------------------------------------------

def _game_class(name: str, explicit: bool = False) -> type:
    """A subclass of NinetyNineGame for one game, as OpenSpiel registers a class per game.

    (Registering a plain function instead makes the interpreter abort as it exits.)"""
    def __init__(self, params=None):
        NinetyNineGame.__init__(self, name, params, explicit)
    return type(f"NinetyNine_{name}{EXPLICIT if explicit else ''}", (NinetyNineGame,),
                {"__init__": __init__})


#: the registered class of each game, by name (filled by ``register``; explicit chance: by the
#: name with ``EXPLICIT`` after it)
GAME_CLASSES: dict[str, type] = {}


def register() -> list[str]:
    """Register every declared game with OpenSpiel (each once; a game registered with
    ``nn.register`` since the last call joins now); return their OpenSpiel names (sampled
    chance). A game whose encoding offers explicit chance is registered a second time, as
    ``python_ninetynine_<name>_explicit`` (``explicit_names()`` lists them)."""
    known = {info.short_name for info in pyspiel.registered_games()}
    for name in DECLARATIONS:
        if PREFIX + name not in known:
            GAME_CLASSES[name] = _game_class(name)
            pyspiel.register_game(game_type(name), GAME_CLASSES[name])
        if offers_explicit_chance(name) and PREFIX + name + EXPLICIT not in known:
            GAME_CLASSES[name + EXPLICIT] = _game_class(name, explicit=True)
            pyspiel.register_game(game_type(name, True), GAME_CLASSES[name + EXPLICIT])
    return [PREFIX + name for name in DECLARATIONS]


def explicit_names() -> list[str]:
    """The OpenSpiel names of the declared games registered with explicit chance too."""
    register()
    return [PREFIX + name + EXPLICIT for name in DECLARATIONS if offers_explicit_chance(name)]


def load_game(name: str, chance: str = "sampled", **options) -> NinetyNineGame:
    """``pyspiel.load_game("python_ninetynine_<name>", options)``, registering the games first;
    ``chance="explicit"``: ``python_ninetynine_<name>_explicit``."""
    if chance not in ("sampled", "explicit"):
        raise ValueError(f"chance is 'sampled' or 'explicit', not {chance!r}.")
    register()
    if chance == "explicit" and not offers_explicit_chance(name):
        game_type(name, explicit=True)                  # refuses in one sentence
    return pyspiel.load_game(PREFIX + name + (EXPLICIT if chance == "explicit" else ""), options)


def kit_bot(game: NinetyNineGame, bot, seed: int = 0):
    """An OpenSpiel bot (anything with ``step(state) -> action``) as a kit bot ``bot(view) -> move``.

    The bot is handed a world built from the view alone (as ``resample_from_infostate`` builds
    them), so it can know nothing the seat does not: a search bot such as ISMCTS resamples its
    own worlds from there. (A game whose encoding builds worlds from the real state, a game of
    your own, cannot be played this way: the encoding refuses in one sentence.)
    """
    rng = random.Random(seed)

    def play(view):
        if not game.encoding.matches(view):
            kit_game = game.kit_game
            raise ValueError(f"This OpenSpiel bot plays {kit_game.name} with "
                             f"{getattr(kit_game, 'options', {})}: give it the same options as "
                             "the table it plays at.")
        world = game.encoding.world(view, rng)
        state = game.state_from_kit(world)
        move = game.move_of(bot.step(state))
        if move not in view.legal_moves:
            raise ValueError(f"The OpenSpiel bot chose {move}, which is not legal here.")
        return move

    play.__name__ = f"openspiel_{type(bot).__name__}"
    return play


def ismcts_bot(name: str, simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1,
               seed: int = 0, max_world_samples: int = -1, **options):
    """OpenSpiel's Python ISMCTS bot (random roll-outs to the end of the game), as a kit bot.

    ``name`` and ``options`` choose the game, as in ``nn.make(name, **options)``: the bot must
    play at a table with those options. ``simulations`` is the number of ISMCTS simulations per
    decision; each samples a world from the view (``max_world_samples=-1``: a new one each
    time), walks the tree with UCT (``uct_c``) and plays ``rollouts`` random games to the end.

    >>> bot = ismcts_bot("quentin_c", simulations=50, players=3, tokens=2)   # doctest: +SKIP
    >>> nn.tournament(nn.make("quentin_c", players=3, tokens=2),
    ...               [bot, "expert", "expert"], games=30)                    # doctest: +SKIP
    """
    from open_spiel.python.algorithms import ismcts, mcts
    game = load_game(name, **options)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts,
                                            random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=uct_c,
                           max_simulations=simulations, max_world_samples=max_world_samples,
                           random_state=np.random.RandomState(seed + 1))
    worlds = random.Random(seed + 2)       # the bot's worlds are seeded too: a match repeats
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.random))
    play = kit_bot(game, bot, seed)
    play.__name__ = f"ismcts_{simulations}"
    return play


__all__ = ["register", "load_game", "explicit_names", "offers_explicit_chance", "EXPLICIT", "game_type", "NinetyNineGame", "NinetyNineState",
           "ViewObserver", "kit_bot", "ismcts_bot", "observation_text", "information_state_text",
           "GAME_CLASSES", "PREFIX"]
