"""Every declared game as a PettingZoo AEC environment, for reinforcement learning.

`PettingZoo <https://pettingzoo.farama.org>`_ is the multi-agent cousin of Gymnasium: an *AEC*
(agent-environment cycle) environment lets one agent act at a time, which is how card games go.
``env(name, **options)`` wraps any game of the registry (the kit's, and any registered with
``nn.register``), with the options ``nn.make`` takes::

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

The module knows no game by name: what it knows of a game is the encoding its declaration names
(``ninetynine.adapters.encoding``; the OpenSpiel adapter reads the same one), or the generic
encoding for a game declared without one.

**Actions.** Each game has a fixed list of every move it can ever offer (``Encoding.moves``), and
an action is an index into it, so the action space is ``Discrete(len(moves))``:

- the counting games: for each distinct card of the deck in deck order, each of its plays (the
  Ace of Spades as +1, then as +11; the Taiwanese 5 naming seat 0, 1, ...), then ``DRAW`` and
  ``END`` when drawing is manual. Quentin C has 60 actions: 52 cards, one more for each Ace
  and each 10 (they count two ways); 62 with manual drawing;
- Ninety-Nine (tricks): every bid (three cards of the 37, 7,770 of them, in the order of
  ``itertools.combinations`` over the deck sorted as hands are), then ``declare``, ``reveal``,
  ``pass``, then playing each of the 37 cards: 7,810 actions (7,179 under trumps by results,
  which has no Joker);
- The Game of 99 (board): "play k on s" for every card k and square s >= k (5,050), ``draw``, and
  "discard k" for every card (100): 5,151 actions;
- a game of your own: ``game.all_moves()`` if the game offers it, else every move met in up to 200
  seeded random games, sorted by its text (``GenericEncoding``).

``Encoding.action(move)`` and ``Encoding.move(action)`` turn one into the other.

**Observations** are what PettingZoo's classic games give: a dict with ``"observation"``, a flat
``float32`` vector, and ``"action_mask"``, 1 for each legal action of the agent to move (all 0
for the others). The vector is built from ``state.view(seat)`` and nothing else, so it holds
nothing the seat may not know; two states that give a seat the same view give it the same
observation. Seats are *relative*: in every per-seat part, the first entry is the observing seat,
then the seat after it in seat number, and so on. ``Encoding.parts`` names the parts (a card
vector holds how many of each card, in the order of the deck), and ``Encoding.decode(vector)``
splits a vector into them. The history is left out: the encoding is compact, not complete. A game
of your own gets one part per field of its view (a number, a number per place, a count of each
item, or one-hot over its values, as the random games showed them), in absolute seats.

**Rewards** come once, when the game ends: +1 for each seat ranked first in
``state.standings()`` (a board game's winning team: both partners), -1 for every other seat, and 0
for everyone when all seats share first place. The end of the game, not of a round, because the
kit judges a bot by the games it wins (``arena.tournament``), and a reward per round would teach
an agent to save tokens rather than to win. For a reward per round of a counting game, play
one-token games (``tokens=1``): a game is then one round.

**Rendering.** With ``render_mode="ansi"``, ``render()`` returns what a spectator at the table
would hear since the last call, in the game's own sentences: the public events (drawn cards and
laid-aside bids stay face down; for a game of your own, each event as a seat that may not see
all of it knows it) and whose turn it is.

A move the rules do not allow raises ``ValueError`` with one sentence naming the legal actions,
and changes nothing. This module needs the ``ecosystem`` extra (``pettingzoo`` and ``numpy``).
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import IllegalMove
from ..protocol import make
from ..text import narrate
from .encoding import GameEncoding, Part, encoding_of

__all__ = ["env", "Encoding", "Part", "encoding_for", "NinetyNineEnv"]


class Encoding:
    """A game's moves as action indices and its views as observation vectors, for PettingZoo.

    Build one with ``encoding_for(game)``. ``moves`` lists every move the game can offer;
    ``parts`` the named parts of an observation, in order; ``scheme`` is the game's own encoding
    (``ninetynine.adapters.encoding``), which both adapters share.
    """

    def __init__(self, game, scheme: GameEncoding | None = None):
        self.game = game
        self.scheme = scheme if scheme is not None else encoding_of(game)
        self.moves = list(self.scheme.moves)
        self.parts = list(self.scheme.parts)
        self._probe = None
        self.slices: dict[str, slice] = {}
        start = 0
        for part in self.parts:
            self.slices[part.name] = slice(start, start + part.size)
            start += part.size
        self.size = start
        self.low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.parts]
                                  or [np.zeros(0, np.float32)])
        self.high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.parts]
                                   or [np.zeros(0, np.float32)])

    def action(self, move) -> int:
        """The action index of a move (a move object, or its text read by the game's rules)."""
        if isinstance(move, str):
            move = self._parse(move)
        return self.scheme.action_of(move)

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
            mask[self.scheme.action_of(move)] = 1
        return mask

    def observe(self, view) -> np.ndarray:
        """The observation vector of a view (see the module's docstring)."""
        vector = np.zeros(self.size, np.float32)
        self.scheme.observe(view, vector, self.slices)
        return vector

    def decode(self, vector) -> dict[str, np.ndarray]:
        """An observation vector split into its named parts."""
        return {name: np.asarray(vector)[where] for name, where in self.slices.items()}

    def move_words(self, move) -> str:
        """A move in words, in the game's own sentences ("the Ace of Spades as plus 11")."""
        return self.scheme.move_words(move)

    def _parse(self, text: str):
        """Move text read by the game's own rules; ValueError with the engine's sentence if bad."""
        if self._probe is None:                  # any state of the game reads its move text
            self._probe = self.game.new_game(seed=0)
        parse = getattr(self._probe, "parse_move", None)
        if parse is None:
            known = {str(move): move for move in self.moves}
            if text not in known:
                raise ValueError(f"{text!r} is not a move of this game: write one of "
                                 f"{', '.join(list(known)[:10])}.")
            return known[text]
        try:
            return parse(text)
        except IllegalMove as error:
            raise ValueError(str(error)) from None


def _whole_number(value) -> int | None:
    """An action as a Python int (NumPy integers included), or None for anything else."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    return None


def encoding_for(game) -> Encoding:
    """The action list and observation parts of a game (``nn.make(...)``), from the encoding
    its declaration names."""
    return Encoding(game)


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
            raise ValueError(f"Action {action} ({self.encoding.move_words(move)}) is not legal for {agent} now: "
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
        public = self.encoding.scheme.public_events(self.game_state, self._told)
        self._told = len(history)
        lines = narrate(public) if public else []
        if not self.game_state.is_over:
            lines.append(self.encoding.scheme.whose_turn(self.game_state))
        return "\n".join(lines)

    def close(self):
        pass


def env(name: str, render_mode: str | None = None, **options) -> NinetyNineEnv:
    """A PettingZoo AEC environment of the game ``name`` (as ``nn.make(name, **options)``)."""
    return NinetyNineEnv(name, render_mode=render_mode, **options)
