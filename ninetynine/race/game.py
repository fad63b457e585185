"""The game: its options, checked; the deal; loading a save; the declaration every tool reads."""
import random

from ninetynine.protocol import Declaration, declare
from .saving import load
from .state import RaceState
from .words import show

DECK = tuple(value for value in range(1, 7) for _ in range(4))     # four each of 1 to 6


class RaceGame:
    """Two seats play cards onto a total: making exactly ``target`` wins, passing it loses."""
    name, title, players = "race", "Race to 31", 2

    def __init__(self, target: int = 31, hand_size: int = 4):
        for option, value, most in [("target", target, sum(DECK)), ("hand_size", hand_size, len(DECK) // 2)]:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
                raise ValueError(f"{option} must be a whole number from 1 to {most}, not {value!r}.")
        self.target, self.hand_size = target, hand_size
        self.options = {"target": target, "hand_size": hand_size}

    def new_game(self, seed=None) -> RaceState:
        """Two hands dealt from a deck shuffled by ``seed`` (the same seed, the same game)."""
        deck, n = list(DECK), self.hand_size
        random.Random(seed).shuffle(deck)
        return RaceState(self, [deck[:n], deck[n:2 * n]], deck[2 * n:])

    def from_json(self, text: str) -> RaceState:
        """The state saved as ``text``; a save that is not one of this game's: ``CorruptSave``."""
        return RaceState(self, **load(self, text))


#: what every tool needs to know (``ninetynine.protocol``); table, terminal, encoding: generic
DECLARATION = declare(Declaration(
    name="race", title="Race to 31", build=RaceGame, players=(2,), default_players=2, show=show,
    bots=("ninetynine.race.bots:BOTS",), words="ninetynine.race.words", events="ninetynine.race.events",
    conformance=({}, {"target": 50, "hand_size": 6})))
RaceGame.declaration = DECLARATION
