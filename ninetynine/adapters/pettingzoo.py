"""Every game of the kit as a PettingZoo AEC environment, for reinforcement learning.

`PettingZoo <https://pettingzoo.farama.org>`_ is the multi-agent cousin of Gymnasium: an *AEC*
(agent-environment cycle) environment lets one agent act at a time, which is how card games go.
``env(name, **options)`` wraps any game of the kit, with the options ``nn.make`` takes::

    from ninetynine.adapters import pettingzoo
    env = pettingzoo.env("quentin_c", players=2, render_mode="ansi")
    env.reset(seed=7)                       # the same deal as nn.make(...).new_game(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are named ``player_0``, ``player_1``...: ``player_N`` sits in seat N.

**Actions.** Each game has a fixed list of every move it can ever offer (``Encoding.moves``), and
an action is an index into it, so the action space is ``Discrete(len(moves))``:

- the counting games: for each distinct card of the deck in deck order, each of its plays (the
  Ace of Spades as +1, then as +11; the Taiwanese 5 naming seat 0, 1, ...), then ``DRAW`` and
  ``END`` when drawing is manual. Quentin C has 60 actions: 52 cards, one more for each Ace
  and each 10 (they count two ways); 62 with manual drawing;
- Ninety-Nine (tricks): every bid (three cards of the 37, 7,770 of them, in the order of
  ``itertools.combinations`` over the deck sorted as hands are), then ``declare``, ``reveal``,
  ``pass``, then playing each of the 37 cards: 7,810 actions;
- The Game of 99 (board): "play k on s" for every card k and square s >= k (5,050), ``draw``, and
  "discard k" for every card (100): 5,151 actions.

``Encoding.action(move)`` and ``Encoding.move(action)`` turn one into the other.

**Observations** are what PettingZoo's classic games give: a dict with ``"observation"``, a flat
``float32`` vector, and ``"action_mask"``, 1 for each legal action of the agent to move (all 0
for the others). The vector is built from ``state.view(seat)`` and nothing else, so it holds
nothing the seat may not know; two states that give a seat the same view give it the same
observation. Seats are *relative*: in every per-seat part, the first entry is the observing seat,
then the seat after it in seat number, and so on. ``Encoding.parts`` names the parts (a card
vector holds how many of each card, in the order of the deck), and ``Encoding.decode(vector)``
splits a vector into them. The history is left out: the encoding is compact, not complete.

**Rewards** come once, when the game ends: +1 for each seat ranked first in
``state.standings()`` (a board game's winning team: both partners), -1 for every other seat, and 0
for everyone when all seats share first place. The end of the game, not of a round, because the
kit judges a bot by the games it wins (``arena.tournament``), and a reward per round would teach
an agent to save tokens rather than to win. For a reward per round of a counting game, play
one-token games (``tokens=1``): a game is then one round.

**Rendering.** With ``render_mode="ansi"``, ``render()`` returns what a spectator at the table
would hear since the last call, in the kit's own sentences (``ninetynine.text``): the public
events (drawn cards and laid-aside bids stay face down) and whose turn it is.

A move the rules do not allow raises ``ValueError`` with one sentence naming the legal actions,
and changes nothing. This module needs the ``ecosystem`` extra (``pettingzoo`` and ``numpy``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import text
from ..core import IllegalMove, make

__all__ = ["env", "Encoding", "Part", "encoding_for", "NinetyNineEnv"]


@dataclass(frozen=True)
class Part:
    """One named part of an observation vector: ``size`` numbers from ``low`` to ``high``."""

    name: str
    size: int
    high: float
    low: float = 0.0


class Encoding:
    """A game's moves as action indices and its views as observation vectors.

    Build one with ``encoding_for(game)``. ``moves`` lists every move the game can offer;
    ``parts`` the named parts of an observation, in order.
    """

    def __init__(self, game, moves: list, parts: list[Part], fill):
        self.game = game
        self.moves = list(moves)
        self._index = {move: index for index, move in enumerate(self.moves)}
        if len(self._index) != len(self.moves):
            raise ValueError("Two actions stand for the same move: the action list must not repeat.")
        self.parts = list(parts)
        self._fill = fill
        self._probe = None
        self.slices: dict[str, slice] = {}
        start = 0
        for part in self.parts:
            self.slices[part.name] = slice(start, start + part.size)
            start += part.size
        self.size = start
        self.low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.parts])
        self.high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.parts])

    def action(self, move) -> int:
        """The action index of a move (a move object, or its text read by the game's rules)."""
        if isinstance(move, str):
            move = self._parse(move)
        try:
            return self._index[move]
        except KeyError:
            raise ValueError(f"{move} is not a move of this game: an action stands for one of its "
                             f"{len(self.moves)} moves, such as {self.moves[0]}.") from None

    def move(self, action) -> object:
        """The move an action index stands for."""
        index = _whole_number(action)
        if index is None or not 0 <= index < len(self.moves):
            raise ValueError(f"{action!r} is not an action: actions are whole numbers from 0 to "
                             f"{len(self.moves) - 1}.")
        return self.moves[index]

    def mask(self, view) -> np.ndarray:
        """1 for each action legal in ``view`` (its seat's legal moves), 0 elsewhere."""
        mask = np.zeros(len(self.moves), np.int8)
        for move in view.legal_moves:
            mask[self._index[move]] = 1
        return mask

    def observe(self, view) -> np.ndarray:
        """The observation vector of a view (see the module's docstring)."""
        vector = np.zeros(self.size, np.float32)
        self._fill(self, view, vector)
        return vector

    def decode(self, vector) -> dict[str, np.ndarray]:
        """An observation vector split into its named parts."""
        return {name: np.asarray(vector)[where] for name, where in self.slices.items()}

    def _parse(self, text: str):
        """Move text read by the game's own rules; ValueError with the engine's sentence if bad."""
        if self._probe is None:                  # any state of the game reads its move text
            self._probe = self.game.new_game(seed=0)
        try:
            return self._probe.parse_move(text)
        except IllegalMove as error:
            raise ValueError(str(error)) from None


def _whole_number(value) -> int | None:
    """An action as a Python int (NumPy integers included), or None for anything else."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    return None


def _relative(view, seat: int) -> int:
    """Where ``seat`` sits counted from the view's seat: 0 itself, 1 the next seat, ..."""
    return (seat - view.seat) % view.players


def _per_seat(view, values) -> list:
    """``values`` (one per seat) reordered from the view's seat onwards."""
    return [values[(view.seat + step) % view.players] for step in range(view.players)]


def _cards_into(vector, where: slice, cards, position: dict) -> None:
    for card in cards:
        vector[where.start + position[card]] += 1


# --- the counting games ----------------------------------------------------------------------

def _counting(game) -> Encoding:
    from ..counting import DRAW, END
    from ..counting.rules import MAX_COUNT
    rules, n = game.rules, game.players
    kinds = list(dict.fromkeys(rules.deck))          # RS Games: 15 kinds of card, 4 copies each
    moves = []
    for card in kinds:
        for play, _ in game.plays_of[card]:
            if game.effect_of[card].choose_next:
                moves += [game.play_of(card, play.amount, seat) for seat in range(n)]
            else:
                moves.append(play)
    if not game.auto_draw:
        moves += [DRAW, END]
    copies = max(rules.deck.count(card) for card in kinds)
    places = rules.scoring == "places"
    score = (Part("points", n, game.rounds * n) if places else Part("tokens", n, game.tokens))
    rounds = game.rounds if places else n * game.tokens + 1
    parts = [Part("hand", len(kinds), copies), Part("discard", len(kinds), copies),
             Part("count", 1, 2 * MAX_COUNT), Part("direction", 1, 1, -1), Part("draw step", 1, 1),
             Part("round", 1, rounds), Part("deck size", 1, len(rules.deck)), score,
             Part("hand sizes", n, game.hand_size), Part("in round", n, 1), Part("to move", n, 1)]
    position = {card: index for index, card in enumerate(kinds)}

    def fill(encoding, view, vector):
        at = encoding.slices
        _cards_into(vector, at["hand"], view.hand, position)
        _cards_into(vector, at["discard"], view.discard, position)
        vector[at["count"]] = view.count
        vector[at["direction"]] = view.direction
        vector[at["draw step"]] = view.phase == "draw"
        vector[at["round"]] = view.round
        vector[at["deck size"]] = view.deck_size
        vector[at[score.name]] = _per_seat(view, view.points if places else view.tokens)
        vector[at["hand sizes"]] = _per_seat(view, view.hand_sizes)
        vector[at["in round"]] = _per_seat(view, view.in_round)
        if view.to_move is not None:
            vector[at["to move"].start + _relative(view, view.to_move)] = 1

    return Encoding(game, moves, parts, fill)


# --- Ninety-Nine, the trick-taking game --------------------------------------------------------

def _tricks(game) -> Encoding:
    from ..tricks.cards import SUITS, sort_key
    from ..tricks.moves import OFFERS, Bid, PlayCard
    from ..tricks.state import PLAYERS, TRICKS, deck_of
    deck = sorted(deck_of(game), key=sort_key)
    moves = [Bid(trio) for trio in combinations(deck, 3)] + list(OFFERS)
    moves += [PlayCard(card) for card in deck]
    d, n = len(deck), PLAYERS
    parts = [Part("hand", d, 1), Part("laid aside", d, 1), Part("exposed bids", (n - 1) * d, 1),
             Part("exposed hands", (n - 1) * d, 1), Part("trick", n * d, 1),
             Part("played this deal", d, 1), Part("turn-up", d, 1),
             Part("trumps", len(SUITS) + 1, 1), Part("phase", 4, 1), Part("dealer", n, 1),
             Part("leader", n, 1), Part("to move", n, 1), Part("offers", n * 3, 1),
             Part("premium", n * 2, 1), Part("known bids", n, 10), Part("tricks taken", n, TRICKS),
             Part("scores", n, 99 * game.deals), Part("deal", 1, game.deals)]
    position = {card: index for index, card in enumerate(deck)}
    phases, kinds = ("bid", "offer", "play", "over"), ("declare", "reveal", "pass")

    def one_hot(vector, where: slice, index: int) -> None:
        vector[where.start + index] = 1

    def fill(encoding, view, vector):
        at = encoding.slices
        _cards_into(vector, at["hand"], view.hand, position)
        _cards_into(vector, at["laid aside"], view.laid_aside, position)
        for seat in range(n):
            step = _relative(view, seat)
            if step:
                for name, shown in (("exposed bids", view.exposed_bids[seat]),
                                    ("exposed hands", view.exposed_hands[seat])):
                    block = slice(at[name].start + (step - 1) * d, at[name].start + step * d)
                    _cards_into(vector, block, shown or [], position)
        for offset, card in enumerate(view.trick):
            step = _relative(view, (view.leader + offset) % n)
            one_hot(vector, at["trick"], step * d + position[card])
        for _, cards in view.tricks_played:
            _cards_into(vector, at["played this deal"], cards, position)
        if view.turn_up is not None:
            one_hot(vector, at["turn-up"], position[view.turn_up])
        one_hot(vector, at["trumps"], SUITS.index(view.trumps) if view.trumps else len(SUITS))
        one_hot(vector, at["phase"], phases.index(view.phase))
        one_hot(vector, at["dealer"], _relative(view, view.dealer))
        one_hot(vector, at["leader"], _relative(view, view.leader))
        if view.to_move is not None:
            one_hot(vector, at["to move"], _relative(view, view.to_move))
        for seat, offer in enumerate(view.offers):
            if offer is not None:
                one_hot(vector, at["offers"], _relative(view, seat) * 3 + kinds.index(offer))
        if view.premium is not None:
            seat, kind = view.premium
            one_hot(vector, at["premium"], _relative(view, seat) * 2 + kinds.index(kind))
        vector[at["known bids"]] = [0 if bid is None else bid + 1
                                    for bid in _per_seat(view, view.known_bids)]
        vector[at["tricks taken"]] = _per_seat(view, view.tricks_taken)
        vector[at["scores"]] = _per_seat(view, view.scores)
        vector[at["deal"]] = view.deal

    return Encoding(game, moves, parts, fill)


# --- The Game of 99, the board game -----------------------------------------------------------

def _board(game) -> Encoding:
    from ..board.moves import CARDS, DRAW, HAND_LIMIT, Discard, Place
    moves = [Place(card, square) for card in CARDS for square in range(card.value, 100)]
    moves += [DRAW] + [Discard(card) for card in CARDS]
    n, teams = game.players, game.teams
    parts = [Part("squares", 100, teams), Part("hand", 100, 1), Part("discard", 100, 1),
             Part("hand sizes", n, HAND_LIMIT), Part("deck size", 1, len(CARDS)),
             Part("to move", n, 1)]

    def fill(encoding, view, vector):
        at = encoding.slices
        for square, holder in enumerate(view.owner):
            if holder is not None:     # 1 for the observing seat's team, 2 the next team, ...
                vector[at["squares"].start + square] = (holder % teams - view.team) % teams + 1
        for name, cards in (("hand", view.hand), ("discard", view.discard)):
            for card in cards:
                vector[at[name].start + card.value] += 1
        vector[at["hand sizes"]] = _per_seat(view, view.hand_sizes)
        vector[at["deck size"]] = view.deck_size
        if view.to_move is not None:
            vector[at["to move"].start + _relative(view, view.to_move)] = 1

    return Encoding(game, moves, parts, fill)


def encoding_for(game) -> Encoding:
    """The action list and observation parts of a game (``nn.make(...)``)."""
    if game.name == "tricks":
        return _tricks(game)
    if game.name == "board":
        return _board(game)
    return _counting(game)


# --- the environment ---------------------------------------------------------------------------

class NinetyNineEnv(AECEnv):
    """A game of the kit as a PettingZoo AEC environment; build one with ``env(name, **options)``.

    ``game_state`` is the kit's own state of the game in progress (``game_state.view(seat)`` for
    a kit bot playing a seat; PettingZoo keeps the name ``state`` for a global observation, which
    a game of hidden cards does not offer), and ``encoding`` turns its moves and views into
    actions and observations.
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, **options):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' (the table in sentences) or None, not "
                             f"{render_mode!r}.")
        self.game = make(name, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ninetynine_{name}_v0"}
        self.encoding = encoding_for(self.game)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = spaces.Box(self.encoding.low, self.encoding.high, dtype=np.float32)
        mask = spaces.Box(0, 1, (len(self.encoding.moves),), dtype=np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": box, "action_mask": mask})
                                   for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(self.encoding.moves))
                              for agent in self.possible_agents}
        self.game_state = None
        self._seeds = random.Random()
        self._told = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """Deal a new game: with ``seed``, the game ``nn.make(name, **options).new_game(seed)``;
        without, a seed drawn from the last one given (or at random if none was)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_state = self.game.new_game(
            seed=seed if seed is not None else self._seeds.getrandbits(32))
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._told = 0
        self.agent_selection = self.possible_agents[self.game_state.to_move]

    def observe(self, agent):
        view = self.game_state.view(self._seat[agent])
        return {"observation": self.encoding.observe(view), "action_mask": self.encoding.mask(view)}

    def step(self, action):
        """Play the move ``action`` stands for, for the agent whose turn it is."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.game_state.legal_moves()
        move = self.encoding.move(action)            # ValueError for anything but an action
        if move not in legal:
            allowed = sorted(self.encoding.action(m) for m in legal)
            choose = (f"one of the actions {', '.join(map(str, allowed))}" if len(allowed) <= 10 else
                      f"one of the {len(allowed)} actions its action mask marks with 1, such as "
                      f"{allowed[0]}")
            raise ValueError(f"Action {action} ({_move_words(move)}) is not legal for {agent} now: "
                             f"choose {choose}.")
        self._cumulative_rewards[agent] = 0
        self.game_state.play(move)
        self.rewards = {agent: 0 for agent in self.agents}
        if self.game_state.is_over:
            self.rewards = self._final_rewards()
            self.terminations = {agent: True for agent in self.agents}
            # each agent is then told the end (and steps None), from the seat after this one
            self.agent_selection = self._in_turn_from(agent)[0]
        else:
            self.agent_selection = self.possible_agents[self.game_state.to_move]
        self._accumulate_rewards()

    def _in_turn_from(self, agent) -> list[str]:
        seat = self._seat[agent]
        return [self.possible_agents[(seat + step) % len(self.possible_agents)]
                for step in range(1, len(self.possible_agents) + 1)]

    def _final_rewards(self) -> dict[str, int]:
        table = self.game_state.standings()
        first = {standing.seat for standing in table if standing.rank == 1}
        if len(first) == len(table):
            return {agent: 0 for agent in self.agents}
        return {agent: 1 if self._seat[agent] in first else -1 for agent in self.agents}

    def render(self):
        """The public events since the last call and whose turn it is, in the kit's sentences."""
        if self.render_mode is None:
            raise ValueError("This environment was made without a render mode: make it with "
                             "render_mode='ansi' to read the game in sentences.")
        if self.game_state is None:
            return "No game yet: call reset() to deal one."
        history = self.game_state.history
        public = [_redact(event) for event in history[self._told:]]
        self._told = len(history)
        lines = text.narrate(public) if public else []
        if not self.game_state.is_over:
            lines.append(_whose_turn(self.game_state))
        return "\n".join(lines)

    def close(self):
        pass


def _redact(event):
    """An event as a spectator may hear it: no seat's hidden cards (``redact`` for no seat)."""
    module = type(event).__module__
    if module.startswith("ninetynine.tricks"):
        from ..tricks.events import redact
    elif module.startswith("ninetynine.board"):
        from ..board.events import redact
    else:
        from ..counting.events import redact
    return redact(event, None)


def _move_words(move) -> str:
    """A move in words, from the game's own sentences ("the Ace of Spades as plus 11")."""
    module = type(move).__module__
    if module.startswith("ninetynine.board"):
        from ..board import text as board_text
        return board_text.move_name(move)
    if module.startswith("ninetynine.tricks"):
        from ..tricks import text as tricks_text
        from ..tricks.moves import Bid, PlayCard
        if isinstance(move, Bid):
            return f"a bid of {tricks_text.cards_words(move.cards)}"
        if isinstance(move, PlayCard):
            return tricks_text.card_words(move.card)
        return str(move)                 # an offer: "declare", "reveal" or "pass"
    return text.move_name(move)


def _whose_turn(state) -> str:
    """Whose turn it is, in the third person, from the game's own sentences."""
    view = state.view(state.to_move)
    if state.game.name == "board":
        from ..board import text as board_text
        return board_text.status(view, you=None)
    if state.game.name == "tricks":
        return text.tricks_turn(view)
    return text.status(replace(view, seat=None))


def env(name: str, render_mode: str | None = None, **options) -> NinetyNineEnv:
    """A PettingZoo AEC environment of the game ``name`` (as ``nn.make(name, **options)``)."""
    return NinetyNineEnv(name, render_mode=render_mode, **options)
