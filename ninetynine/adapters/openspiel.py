"""The kit's six games as Python games of OpenSpiel (``pyspiel``).

>>> from ninetynine.adapters import openspiel as nos
>>> nos.register()                                   # doctest: +SKIP
>>> game = pyspiel.load_game("python_ninetynine_quentin_c", {"players": 4})   # doctest: +SKIP

``register()`` registers every game of the kit (``quentin_c``, ``rs_games``, ``classic``,
``taiwanese``, ``tricks``, ``board``) as ``python_ninetynine_<name>``. The kit's options are the
game parameters (``players``, ``tokens``, ``trumps``, ...; their defaults are the kit's), plus
``rng_seed`` and, where the rules set no bound on a game's length, ``max_moves``.

How the adapter answers OpenSpiel's questions, and why:

Chance: *sampled stochastic*. The kit shuffles and deals with each state's own seeded random
    generator, inside ``play`` (a new round is dealt before ``play`` returns). Explicit chance
    nodes would have to list every order of a 52-card deck (about 8 x 10^67 outcomes), or deal
    card by card as hundreds of chance nodes per round that no algorithm here needs. So the
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
    each seat, the cards it has been seen to play this round or deal (the board game: to
    discard), and the number of events the seat has seen. It is a function of the information
    state (equal in every world the seat cannot tell apart: OpenSpiel's resampling check tests
    exactly that), not a complete record of it.

Returns: at the end of the game only (reward model "terminal"), from ``state.standings()``:
    each seat gets (seats ranked below it - seats ranked above it) / (players - 1). The winner
    of a game with no tie gets +1, the last -1; equal ranks score alike; with teams (the board
    game) partners share their team's rank. The returns add up to 0 (zero-sum), and lie in
    [-1, 1].

Length: OpenSpiel needs a bound on the number of moves. The tricks game has exactly
    33 moves a deal; the Taiwanese rules at most 52 a round (no reshuffle); the board game
    without replayed ties at most 200 (every card is drawn once and leaves a hand once). The
    other rules reshuffle (and the board game replays ties), so no bound exists: there the
    ``max_moves`` parameter (default 10000) stops a game, and it is scored by the standings at
    that moment. In random play the longest of 100 default games took 418 moves (RS Games)
    and 703 (the board game).

Actions: each game has a fixed list of every move it can ever allow (``num_distinct_actions``),
    and an action is a move's place in that list: ``game.action_of(move)`` and
    ``game.move_of(action)`` turn one into the other. Counting games: each distinct card with
    each of its values (and, for the Taiwanese 5, each seat it may name), then DRAW and END.
    Tricks: each set of three of the 37 cards as a bid (7770), the three offers, each card
    played. Board: "play k on s" for every card k and square s >= k (5050), draw, and each
    discard.

Search: ``resample_from_infostate(player, sampler)`` builds a whole world from the player's view
    only: the cards that player cannot see are dealt at random to the places it cannot see into
    (other hands, the deck, other seats' laid-aside cards), keeping every size the view shows
    and, in the tricks game, the suits a seat has shown it lacks. It does not weigh worlds by
    how likely the other players' past choices make them. That is what OpenSpiel's Python
    ``ISMCTSBot`` needs (its C++ ``ISMCTSBot`` cannot resample a Python game, and crashes).
    ``ismcts_bot(name, ...)`` turns that bot into a kit bot ``bot(view) -> move``, for
    ``nn.tournament`` and the tables.
"""
from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import fields
from itertools import combinations

import numpy as np

try:
    import pyspiel
except ImportError as error:          # pragma: no cover - the message is the point
    raise ImportError("The OpenSpiel adapter needs the open-spiel package: install the "
                      "ecosystem extra, pip install 'ninetynine[ecosystem]'.") from error

from ..core import deal_around, load, make

#: the kit's games, in the order the kit registers them
GAME_NAMES = ("quentin_c", "rs_games", "classic", "taiwanese", "tricks", "board")
PREFIX = "python_ninetynine_"
#: where the rules set no bound on a game's length, a game stops after this many moves
DEFAULT_MAX_MOVES = 10_000


# --- rendering views as text ----------------------------------------------------------------------

#: view fields that are not part of the observation: the history (the information state adds
#: it), the legal moves (OpenSpiel gives them apart), and objects that never change in a game
_NOT_OBSERVED = ("history", "legal_moves", "rules", "options")


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
    return type(event).__name__ + " " + " ".join(_text(getattr(event, f.name)) for f in fields(event))


def observation_text(view) -> str:
    """The view without its history, as one line of ``name=value`` pairs."""
    return " ".join(f"{f.name}={_text(getattr(view, f.name))}" for f in fields(view)
                    if f.name not in _NOT_OBSERVED)


def information_state_text(view) -> str:
    """The observation, then the history as the seat saw it, one event a line."""
    return "\n".join([observation_text(view)] + [_event_text(event) for event in view.history])


# --- the three families of games: moves, tensors and sampled worlds -------------------------------

class _Family:
    """What the adapter needs to know about one kind of game (counting, tricks, board)."""

    #: every move the game can ever allow, in action order
    moves: tuple
    #: is there a bound on the number of moves? (None: no, a ``max_moves`` parameter is needed)
    natural_length: int | None

    def __init__(self, kit_game):
        self.kit_game = kit_game
        self.players = kit_game.players
        self.index = {move: action for action, move in enumerate(self.moves)}

    def action_of(self, move) -> int:
        try:
            return self.index[move]
        except KeyError:
            raise ValueError(f"{move!r} is not a move of this game.") from None

    def pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        raise NotImplementedError

    def fill(self, parts: dict, view, perfect_recall: bool) -> None:
        raise NotImplementedError

    def world(self, view, rng: random.Random):
        """A whole kit state agreeing with everything ``view`` shows, hidden cards dealt at random."""
        raise NotImplementedError


def _one_hot(array, index) -> None:
    if index is not None:
        array[index] = 1


class _Counting(_Family):
    """The running-total games: one engine, four rule sets."""

    def __init__(self, kit_game):
        game, n = kit_game, kit_game.players
        from ..counting.moves import DRAW, END
        self.cards = list(dict.fromkeys(game.rules.deck))            # distinct cards, deck order
        self.card_index = {card: i for i, card in enumerate(self.cards)}
        moves = []
        for card in self.cards:
            names_next = game.effect_of[card].choose_next
            for play, _ in game.plays_of[card]:
                if names_next:
                    moves += [game.play_of(card, play.amount, seat) for seat in range(n)]
                else:
                    moves.append(play)
        self.moves = tuple(moves + [DRAW, END])
        rules = game.rules
        self.natural_length = None if rules.reshuffle else game.rounds * len(rules.deck)
        super().__init__(kit_game)

    def pieces(self, perfect_recall):
        n, d = self.players, len(self.cards)
        pieces = [("seat", (n,)), ("to_move", (n,)), ("hand", (d,)), ("discard", (d,)),
                  ("count", (101,)), ("direction", (1,)), ("draw_step", (1,)),
                  ("tokens", (n,)), ("points", (n,)), ("hand_sizes", (n,)), ("in_round", (n,)),
                  ("out_of_game", (n,)), ("deck_size", (1,)), ("round", (1,))]
        if perfect_recall:
            pieces += [("played_this_round", (n, d)), ("events_so_far", (1,))]
        return pieces

    def fill(self, parts, view, perfect_recall):
        index = self.card_index
        _one_hot(parts["seat"], view.seat)
        _one_hot(parts["to_move"], view.to_move)
        for card in view.hand:
            parts["hand"][index[card]] += 1
        for card in view.discard:
            parts["discard"][index[card]] += 1
        _one_hot(parts["count"], min(max(view.count, 0), 100))
        parts["direction"][0] = view.direction == 1
        parts["draw_step"][0] = view.phase == "draw"
        if view.tokens:
            parts["tokens"][:] = view.tokens
        if view.points:
            parts["points"][:] = view.points
        parts["hand_sizes"][:] = view.hand_sizes
        parts["in_round"][:] = view.in_round
        parts["out_of_game"][:] = [at is not None for at in view.eliminated_at]
        parts["deck_size"][0] = view.deck_size
        parts["round"][0] = view.round
        if perfect_recall:
            from ..counting.events import CardPlayed, RoundStarted
            played = parts["played_this_round"]
            for event in view.history:
                if type(event) is RoundStarted:
                    played.fill(0)
                elif type(event) is CardPlayed:
                    played[event.seat, index[event.card]] += 1
            parts["events_so_far"][0] = len(view.history)

    def world(self, view, rng, tries: int = 200):
        """See ``_Family.world``. A player whose turn has begun has passed the start-of-turn
        checks: under the Taiwanese rules it holds a card it can play, under the RS Games rules
        a safe card (else it would have left the round, or paid). So when another seat is to
        move, deals that fail its check are dealt again (after ``tries`` failures, the last deal
        stands)."""
        from ..bots.counting import unseen_cards
        from ..counting.state import CountingState
        unseen = unseen_cards(view)
        mover = view.to_move
        check = mover is not None and mover != view.seat and view.phase == "play" and (
            self.kit_game.rules.scoring == "places" or self.kit_game.rules.no_safe_card_penalty)
        for _ in range(tries):
            pool = list(unseen)
            rng.shuffle(pool)
            hands, rest = deal_around(view, pool)
            world = CountingState.from_view(view, self.kit_game, hands, rest,
                                            random.Random(rng.getrandbits(64)), check=False)
            if not check or (world.legal_moves() if self.kit_game.rules.scoring == "places"
                             else world._has_safe_card(mover)):
                break
        world.history = list(view.history)
        world.round_points = list(view.round_points)
        return world


class _Tricks(_Family):
    """Ninety-Nine, the three-player trick-taking game."""

    def __init__(self, kit_game):
        from ..tricks.cards import FULL_DECK
        from ..tricks.moves import DECLARE, PASS, REVEAL, Bid, PlayCard
        self.deck = FULL_DECK                        # 37 cards; trumps="results" leaves out the Joker
        self.card_index = {card: i for i, card in enumerate(self.deck)}
        bids = [Bid.of(trio) for trio in combinations(self.deck, 3)]
        self.moves = tuple(bids + [PASS, DECLARE, REVEAL] + [PlayCard(card) for card in self.deck])
        self.natural_length = 33 * kit_game.deals        # 3 bids, 3 offers, 27 cards a deal
        super().__init__(kit_game)

    def pieces(self, perfect_recall):
        c = len(self.deck)
        pieces = [("seat", (3,)), ("to_move", (3,)), ("dealer", (3,)), ("leader", (3,)),
                  ("phase", (4,)), ("trumps", (5,)), ("turn_up", (c,)), ("hand", (c,)),
                  ("laid_aside", (c,)), ("trick", (3, c)), ("hand_sizes", (3,)),
                  ("has_bid", (3,)), ("known_bids", (3, 11)), ("offers", (3, 4)),
                  ("premium", (3, 2)), ("exposed_bids", (3, c)), ("exposed_hands", (3, c)),
                  ("tricks_taken", (3,)), ("scores", (3,)), ("deal", (1,))]
        if perfect_recall:
            pieces += [("played_this_deal", (3, c)), ("events_so_far", (1,))]
        return pieces

    def fill(self, parts, view, perfect_recall):
        index = self.card_index
        _one_hot(parts["seat"], view.seat)
        _one_hot(parts["to_move"], view.to_move)
        _one_hot(parts["dealer"], view.dealer)
        _one_hot(parts["leader"], view.leader)
        _one_hot(parts["phase"], ("bid", "offer", "play", "over").index(view.phase))
        _one_hot(parts["trumps"], ("C", "D", "H", "S", "").index(view.trumps))
        if view.turn_up is not None:
            parts["turn_up"][index[view.turn_up]] = 1
        for name in ("hand", "laid_aside"):
            for card in getattr(view, name):
                parts[name][index[card]] = 1
        for place, card in enumerate(view.trick):
            parts["trick"][place, index[card]] = 1
        parts["hand_sizes"][:] = view.hand_sizes
        parts["has_bid"][:] = view.has_bid
        for seat, bid in enumerate(view.known_bids):
            parts["known_bids"][seat, 10 if bid is None else bid] = 1
        for seat, offer in enumerate(view.offers):
            parts["offers"][seat, (None, "pass", "declare", "reveal").index(offer)] = 1
        if view.premium is not None:
            parts["premium"][view.premium[0], ("declare", "reveal").index(view.premium[1])] = 1
        for name in ("exposed_bids", "exposed_hands"):
            for seat, cards in enumerate(getattr(view, name)):
                for card in cards or ():
                    parts[name][seat, index[card]] = 1
        parts["tricks_taken"][:] = view.tricks_taken
        parts["scores"][:] = view.scores
        parts["deal"][0] = view.deal
        if perfect_recall:
            tricks = list(view.tricks_played) + ([(view.leader, tuple(view.trick))] if view.trick else [])
            for leader, cards in tricks:
                for place, card in enumerate(cards):
                    parts["played_this_deal"][(leader + place) % 3, index[card]] = 1
            parts["events_so_far"][0] = len(view.history)

    def world(self, view, rng):
        from ..bots.tricks import _deal_hands
        from ..tricks.cards import sorted_cards
        from ..tricks.events import DealScored
        from ..tricks.state import TricksState
        hands, leftover = _deal_hands(view, rng)
        world = TricksState(self.kit_game)
        world.rng = random.Random(rng.getrandbits(64))
        world.deal, world.dealer, world.phase = view.deal, view.dealer, view.phase
        world.turn_up, world.trumps = view.turn_up, view.trumps
        world.hands = [sorted_cards(hand) for hand in hands]
        laid_aside = []
        for seat in range(3):
            if seat == view.seat:
                laid_aside.append(list(view.laid_aside))
            elif view.exposed_bids[seat] is not None:
                laid_aside.append(list(view.exposed_bids[seat]))
            elif view.has_bid[seat]:
                laid_aside.append(sorted_cards(leftover[:3]))
                leftover = leftover[3:]
            else:
                laid_aside.append([])
        world.laid_aside = laid_aside
        world.offers, world.premium = list(view.offers), view.premium
        world.leader, world.trick = view.leader, list(view.trick)
        world.tricks_played = list(view.tricks_played)
        world.tricks_taken, world.scores = list(view.tricks_taken), list(view.scores)
        world.deal_points = [list(points) for points in view.deal_points]
        scored = [event for event in view.history if type(event) is DealScored]
        world.last_made = sum(scored[-1].made) if scored else None
        world.to_move = view.to_move
        world.history = list(view.history)
        return world


class _Board(_Family):
    """The Game of 99: cards "k to 99" put markers on a board of 100 squares."""

    def __init__(self, kit_game):
        from ..board.moves import CARDS, DRAW, Discard, Place
        places = [Place(card, square) for card in CARDS for square in range(card.value, 100)]
        self.moves = tuple(places + [DRAW] + [Discard(card) for card in CARDS])
        self.natural_length = None if kit_game.replay_ties else 200
        super().__init__(kit_game)

    def pieces(self, perfect_recall):
        n = self.players
        pieces = [("seat", (n,)), ("to_move", (n,)), ("markers", (n, 100)), ("hand", (100,)),
                  ("discard", (100,)), ("hand_sizes", (n,)), ("deck_size", (1,))]
        if perfect_recall:
            pieces += [("discarded_by", (n, 100)), ("events_so_far", (1,))]
        return pieces

    def fill(self, parts, view, perfect_recall):
        _one_hot(parts["seat"], view.seat)
        _one_hot(parts["to_move"], view.to_move)
        for square, owner in enumerate(view.owner):
            if owner is not None:
                parts["markers"][owner, square] = 1
        for card in view.hand:
            parts["hand"][card.value] = 1
        for card in view.discard:
            parts["discard"][card.value] = 1
        parts["hand_sizes"][:] = view.hand_sizes
        parts["deck_size"][0] = view.deck_size
        if perfect_recall:
            from ..board.events import BoardCardDiscarded, BoardTied
            for event in view.history:
                if type(event) is BoardTied:
                    parts["discarded_by"].fill(0)
                elif type(event) is BoardCardDiscarded:
                    parts["discarded_by"][event.seat, event.card.value] = 1
            parts["events_so_far"][0] = len(view.history)

    def world(self, view, rng):
        from ..board.events import BoardTied, FirstPlayerChosen
        from ..board.moves import CARDS
        from ..board.state import BoardState
        seen = set(view.hand) | set(view.discard)
        pool = [card for card in CARDS if card not in seen]
        rng.shuffle(pool)
        world = BoardState(self.kit_game)
        world.rng = random.Random(rng.getrandbits(64))
        hands, rest = deal_around(view, pool)
        world.hands, world.deck = hands, rest[:view.deck_size]
        world.owner, world.discard = list(view.owner), list(view.discard)
        world.to_move = view.to_move
        world.history = list(view.history)
        chosen = [event for event in view.history if type(event) is FirstPlayerChosen]
        world.first = chosen[-1].first if chosen else 0
        world.game_number = 1 + sum(type(event) is BoardTied for event in view.history)
        return world


def _family_of(kit_game) -> _Family:
    if kit_game.name == "tricks":
        return _Tricks(kit_game)
    if kit_game.name == "board":
        return _Board(kit_game)
    return _Counting(kit_game)


# --- the OpenSpiel game, state and observer -------------------------------------------------------

def _parameters(name: str) -> dict:
    """The game parameters of ``name``: the kit's options with their defaults, ``rng_seed``,
    and ``max_moves`` where the rules give no bound on a game's length."""
    return dict(_default_parameters(name))


@lru_cache(maxsize=None)
def _default_parameters(name: str) -> tuple:
    kit_game = make(name)
    parameters = dict(kit_game.options)
    parameters["rng_seed"] = 0
    if _family_of(kit_game).natural_length is None:
        parameters["max_moves"] = DEFAULT_MAX_MOVES
    return tuple(parameters.items())


def _player_range(name: str) -> tuple[int, int]:
    if name == "tricks":
        return 3, 3
    if name == "board":
        from ..board.game import PLAYER_COUNTS
        return min(PLAYER_COUNTS), max(PLAYER_COUNTS)
    from ..counting.rules import RULE_SETS
    players = RULE_SETS[name].players
    return players.start, players.stop - 1


def game_type(name: str) -> "pyspiel.GameType":
    """The OpenSpiel game type of the kit's game ``name`` (see the module's docstring)."""
    low, high = _player_range(name)
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"Ninety-Nine kit: {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name),
    )


class NinetyNineGame(pyspiel.Game):
    """One of the kit's games, with its options, as an OpenSpiel game.

    Beyond OpenSpiel's API: ``kit_game`` (the kit's game object), ``action_of(move)``,
    ``move_of(action)``, ``state_from_kit(kit_state)``.
    """

    def __init__(self, name: str, params: dict | None = None):
        params = dict(params or {})
        defaults = _parameters(name)
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            raise ValueError(f"{PREFIX + name} has no parameter {unknown[0]!r}: its parameters "
                             f"are {', '.join(defaults)}.")
        values = {**defaults, **params}
        options = {key: values[key] for key in make(name).options}
        self.kit_game = make(name, **options)
        self.family = _family_of(self.kit_game)
        natural = self.family.natural_length
        #: the game stops after this many moves (the rules' own bound, or max_moves)
        self.max_moves = min(bound for bound in (natural, values.get("max_moves")) if bound is not None)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.family.moves),
            max_chance_outcomes=0,
            num_players=self.kit_game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_moves,
        )
        super().__init__(game_type(name), info, values)
        self._seeds = random.Random(values["rng_seed"])

    def new_initial_state(self, params=None) -> "NinetyNineState":
        """A new game, dealt with the next seed of this game's sequence (``rng_seed``)."""
        return NinetyNineState(self, seed=self._seeds.getrandbits(63))

    def state_from_kit(self, kit_state) -> "NinetyNineState":
        """An OpenSpiel state around a state of the kit (say ``nn.make(...).new_game(seed)``)."""
        if kit_state.game.name != self.kit_game.name or kit_state.game.options != self.kit_game.options:
            raise ValueError(f"The kit state is a game of {kit_state.game.name} with options "
                             f"{kit_state.game.options}; this game is {self.kit_game.name} with "
                             f"{self.kit_game.options}.")
        return NinetyNineState(self, kit_state=kit_state)

    def action_of(self, move) -> int:
        """The action (a number from 0 to num_distinct_actions - 1) of a move of the kit."""
        return self.family.action_of(move)

    def move_of(self, action: int):
        """The kit's move for an action."""
        if not 0 <= action < len(self.family.moves):
            raise ValueError(f"Actions are numbered 0 to {len(self.family.moves) - 1}, not {action}.")
        return self.family.moves[action]

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
        return ViewObserver(self.family, perfect_recall)


class _KitBox:
    """Holds a state's kit state, dealt when first needed.

    OpenSpiel clones a Python state by making a new state and deep-copying the old one's
    attributes into it: the box deep-copies with the kit's own ``copy()`` (which shares the game
    and its tables), and a box not yet dealt copies its seed, so the clone deals alike. It
    pickles (OpenSpiel's ``serialize``) through the kit's checked save, ``to_json``.
    """

    __slots__ = ("seed", "state")

    def __init__(self, seed=None, state=None):
        self.seed, self.state = seed, state

    def __deepcopy__(self, memo):
        return _KitBox(self.seed, None if self.state is None else self.state.copy())

    def __reduce__(self):
        if self.state is None:
            return (_KitBox, (self.seed,))
        return (_loaded_box, (self.seed, self.state.to_json()))


def _loaded_box(seed, text: str) -> _KitBox:
    return _KitBox(seed, load(text))


class NinetyNineState(pyspiel.State):
    """A state of one of the kit's games, for OpenSpiel. ``kit`` is the kit's own state."""

    def __init__(self, game: NinetyNineGame, seed=None, kit_state=None):
        super().__init__(game)
        self._box = _KitBox(seed, kit_state)
        self._moves = 0

    @property
    def kit(self):
        """The kit's state (``legal_moves()``, ``play()``, ``view(seat)`` ...)."""
        box = self._box
        if box.state is None:
            box.state = self.get_game().kit_game.new_game(seed=box.seed)
        return box.state

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.kit.to_move

    def _legal_actions(self, player: int) -> list[int]:
        index = self.get_game().family.index
        return sorted(index[move] for move in self.kit.legal_moves())

    def _apply_action(self, action: int) -> None:
        move = self.get_game().move_of(action)
        self.kit.play(move)
        self._moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.get_game().move_of(action))

    def is_terminal(self) -> bool:
        return self.kit.is_over or self._moves >= self.get_game().max_moves

    def returns(self) -> list[float]:
        """0 for everyone until the end; then each seat's (seats below - seats above) / (n - 1)."""
        n = self.get_game().num_players()
        if not self.is_terminal():
            return [0.0] * n
        rank = {standing.seat: standing.rank for standing in self.kit.standings()}
        return [sum((rank[seat] < rank[other]) - (rank[seat] > rank[other])
                    for other in range(n)) / (n - 1) for seat in range(n)]

    def view(self, seat: int):
        """The kit's view of ``seat``: everything the adapter shows that seat comes from it."""
        return self.kit.view(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "NinetyNineState":
        """A world ``player_id`` cannot tell from this one, built from its view only.

        The hidden cards are dealt at random (see the module's docstring); the world gets its own
        random generator, seeded from ``probability_sampler`` (OpenSpiel's
        ``UniformProbabilitySampler`` or any callable giving numbers in [0, 1)).
        """
        seed = int(probability_sampler() * 2 ** 53)
        game = self.get_game()
        world = game.family.world(self.kit.view(player_id), random.Random(seed))
        state = NinetyNineState(game, kit_state=world)
        state._moves = self._moves
        return state

    def __str__(self) -> str:
        """The whole state, hidden cards included (for debugging: never shown to a seat)."""
        kit = self.kit
        lines = [repr(kit), f"moves {self._moves}"]
        for name, value in sorted(vars(kit).items()):
            if name.startswith("_") or name in ("game", "rules", "history"):
                continue
            if name == "rng":
                continue
            lines.append(f"{name}={_text(value)}")
        lines.append(f"history: {len(kit.history)} events"
                     + (f", last {_event_text(kit.history[-1])}" if kit.history else ""))
        lines.append(f"generator {hash(kit.rng.getstate())}")
        return "\n".join(lines)


class ViewObserver:
    """OpenSpiel's observer (see ``open_spiel/python/observation.py``), built on views.

    ``tensor`` is one flat numpy array; ``dict`` names its parts (views of the same memory).
    """

    def __init__(self, family: _Family, perfect_recall: bool):
        self.family, self.perfect_recall = family, perfect_recall
        pieces = family.pieces(perfect_recall)
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict, start = {}, 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state: NinetyNineState, player: int) -> None:
        self.tensor.fill(0)
        self.family.fill(self.dict, state.view(player), self.perfect_recall)

    def string_from(self, state: NinetyNineState, player: int) -> str:
        view = state.view(player)
        return information_state_text(view) if self.perfect_recall else observation_text(view)


# --- registering, and OpenSpiel's bots as kit bots -------------------------------------------------

def _game_class(name: str) -> type:
    """A subclass of NinetyNineGame for one game, as OpenSpiel registers a class per game.

    (Registering a plain function instead makes the interpreter abort as it exits.)"""
    def __init__(self, params=None):
        NinetyNineGame.__init__(self, name, params)
    return type(f"NinetyNine_{name}", (NinetyNineGame,), {"__init__": __init__})


#: the registered class of each game
GAME_CLASSES = {name: _game_class(name) for name in GAME_NAMES}


def register() -> list[str]:
    """Register every game of the kit with OpenSpiel (once); return their OpenSpiel names."""
    known = {info.short_name for info in pyspiel.registered_games()}
    for name in GAME_NAMES:
        if PREFIX + name not in known:
            pyspiel.register_game(game_type(name), GAME_CLASSES[name])
    return [PREFIX + name for name in GAME_NAMES]


def load_game(name: str, **options) -> NinetyNineGame:
    """``pyspiel.load_game("python_ninetynine_<name>", options)``, registering the games first."""
    register()
    return pyspiel.load_game(PREFIX + name, options)


def kit_bot(game: NinetyNineGame, bot, seed: int = 0):
    """An OpenSpiel bot (anything with ``step(state) -> action``) as a kit bot ``bot(view) -> move``.

    The bot is handed a world built from the view alone (as ``resample_from_infostate`` builds
    them), so it can know nothing the seat does not: a search bot such as ISMCTS resamples its
    own worlds from there.
    """
    rng = random.Random(seed)

    def play(view):
        _check_table(game, view)
        world = game.family.world(view, rng)
        state = game.state_from_kit(world)
        move = game.move_of(bot.step(state))
        if move not in view.legal_moves:
            raise ValueError(f"The OpenSpiel bot chose {move}, which is not legal here.")
        return move

    play.__name__ = f"openspiel_{type(bot).__name__}"
    return play


def _check_table(game: NinetyNineGame, view) -> None:
    """Refuse, in one sentence, a view of a table whose options differ from the bot's game."""
    kit_game = game.kit_game
    options = getattr(view, "options", None)
    if view.players != kit_game.players or (options is not None and options != kit_game.options) \
            or getattr(view, "deals", kit_game.options.get("deals")) != kit_game.options.get("deals") \
            or (kit_game.name == "tricks" and (view.turn_up is None) != (kit_game.trumps == "results")):
        raise ValueError(f"This OpenSpiel bot plays {kit_game.name} with {kit_game.options}: give "
                         "it the same options as the table it plays at.")


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


__all__ = ["register", "load_game", "game_type", "NinetyNineGame", "NinetyNineState",
           "ViewObserver", "kit_bot", "ismcts_bot", "observation_text", "information_state_text",
           "GAME_NAMES", "PREFIX"]
