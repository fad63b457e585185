"""A running-total game: a rule set plus table options, and the way to start or load a state.

>>> game = CountingGame("quentin_c", players=3)
>>> state = game.new_game(seed=7)
>>> state.round, state.count, len(state.hands[0])
(1, 0, 3)
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..cards import Card, CardError, parse_cards
from ..protocol import Declaration, declare
from .events import CardDrawn, CardPlayed
from .moves import Play
from .rules import MAX_COUNT, RULE_SETS, Effect, RuleSet
from .saving import state_from_json, state_to_json
from .state import CountingState
from .validation import validate


def _check_range(name: str, value, allowed: range, why: str = "") -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        raise ValueError(f"{name} must be a whole number from {allowed.start} to {allowed.stop - 1}"
                         f"{why}, not {value!r}.")


class PlayOutcome(NamedTuple):
    """One play of a card at a count, worked out in advance (``CountingGame.outcomes``)."""

    play: Play
    effect: Effect
    new: int                # the count after the play (the floor applied)
    penalties: tuple        # what the play costs: rules.penalties(count, new)
    played: tuple           # played[seat]: the CardPlayed event of seat making this play


class Tables:
    """What a game works out from its rule set and number of players alone, shared by every game
    made with the same two: a notebook, a test or a search makes games by the hundred, and each
    would otherwise work out every card's outcomes again (a new game played once took 1.5 to 2
    times as long as one played at a table made before).

    effect_of[card]        the card's effect at a table of this size
    plays_of[card]         its plays, each with the value it adds (the Ace: "AS +1" and "AS +11")
    play_objects[card, amount, target]   the one shared Play object of each move
    outcome_table[card][count]    the answers of ``CountingGame.outcomes``, filled as needed
    drawn[seat][card]      the event of ``seat`` drawing ``card``

    A rule set is frozen, but its ``effects`` tables are dictionaries that a learner could change
    in place: the tables are made again when they no longer match what they were made from.
    """

    _made: dict = {}            # (id(rules), players) -> (rules, effects then, tables)

    def __init__(self, rules: RuleSet, players: int):
        self.effect_of = {card: rules.effect(card, players) for card in set(rules.deck)}
        self.plays_of: dict[Card, tuple[tuple[Play, int], ...]] = {}
        self.play_objects: dict[tuple, Play] = {}
        self.outcome_table: dict[Card, dict[int, tuple]] = {card: {} for card in self.effect_of}
        for card, effect in self.effect_of.items():
            if effect.has_choice:
                plays = tuple((Play(card, amount), amount) for amount in effect.amounts)
            else:
                plays = ((Play(card), effect.amounts[0]),)
            self.plays_of[card] = plays
            for play, _ in plays:
                self.play_objects[card, play.amount, None] = play
                if effect.choose_next:
                    for seat in range(players):
                        self.play_objects[card, play.amount, seat] = Play(card, play.amount, seat)
        # Events never change once made, so the commonest ones are built once and shared too.
        self.drawn = [{card: CardDrawn(seat, card) for card in self.effect_of}
                      for seat in range(players)]

    @classmethod
    def of(cls, rules: RuleSet, players: int) -> "Tables":
        """The tables of ``rules`` at a table of ``players``: made once, then shared."""
        effects = (rules.effects, rules.effects_with_players)
        made = cls._made.get((id(rules), players))
        if made is not None and made[0] is rules and made[1] == effects:
            return made[2]
        tables = cls(rules, players)
        if len(cls._made) >= 256:           # rule sets made by the hundred (a property test)
            cls._made.clear()
        cls._made[id(rules), players] = (rules, (dict(rules.effects), {
            size: dict(table) for size, table in rules.effects_with_players.items()}), tables)
        return tables


class CountingGame:
    """The running-total game under one rule set with checked options.

    players, tokens, hand_size   within the rule set's ranges (tokens: not for Taiwanese rules)
    auto_draw    True: draw right after playing; False: a second step, DRAW or END
    starter      who starts each round: "rotate", "first", "random", "loser" ("draw": Taiwanese)
    rounds       Taiwanese rules: how many rounds make a match
    """

    def __init__(self, rules: str | RuleSet = "quentin_c", players: int | None = None,
                 tokens: int | None = None, hand_size: int | None = None,
                 auto_draw: bool = True, starter: str | None = None, rounds: int = 5):
        if isinstance(rules, str):
            if rules not in RULE_SETS:
                raise ValueError(f"There is no rule set called '{rules}': choose one of "
                                 f"{', '.join(RULE_SETS)}.")
            rules = RULE_SETS[rules]
        self.rules = rules
        self.players = rules.default_players if players is None else players
        _check_range("players", self.players, rules.players, f" for {rules.title}")
        if rules.scoring == "places":
            if tokens is not None:
                raise ValueError(f"{rules.title} scores points, not tokens: leave out tokens.")
            if auto_draw is not True:
                raise ValueError(f"Under {rules.title} players always draw automatically: leave "
                                 "out auto_draw.")
            self.tokens = 0
        else:
            self.tokens = rules.default_tokens if tokens is None else tokens
            _check_range("tokens", self.tokens, rules.tokens)
        self.hand_size = rules.default_hand_size if hand_size is None else hand_size
        _check_range("hand_size", self.hand_size, rules.hand_sizes)
        if self.players * self.hand_size > len(rules.deck):
            raise ValueError(f"{self.players} players with {self.hand_size} cards each need "
                             f"{self.players * self.hand_size} cards, but the deck has only "
                             f"{len(rules.deck)}: use fewer players or a smaller hand.")
        if not isinstance(auto_draw, bool):
            raise ValueError(f"auto_draw must be True or False, not {auto_draw!r}.")
        self.auto_draw = auto_draw
        self.starter = rules.starters[0] if starter is None else starter
        if self.starter not in rules.starters:
            raise ValueError(f"starter must be one of {', '.join(rules.starters)} for "
                             f"{rules.title}, not {starter!r}.")
        if rules.scoring == "places":
            _check_range("rounds", rounds, range(1, 101))
        self.rounds = rounds
        # Each card's effect at this table, its plays, what each play does at each count, and
        # the commonest events: worked out once for a rule set and a number of players, and
        # shared by every game made with them (see ``Tables``), so that a turn only looks
        # things up and a new game starts with what earlier games worked out.
        tables = Tables.of(rules, self.players)
        self.effect_of, self.plays_of = tables.effect_of, tables.plays_of
        self.outcome_table, self.drawn, self._play_objects = tables.outcome_table, tables.drawn, tables.play_objects
        self.names_next = any(effect.choose_next for effect in self.effect_of.values())
        self.deck_has_copies = len(self.effect_of) < len(rules.deck)     # RS Games

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def options(self) -> dict:
        """The options that rebuild this game: ``CountingGame(name, **game.options)``."""
        options = {"players": self.players, "hand_size": self.hand_size, "starter": self.starter}
        if self.rules.scoring == "places":
            options["rounds"] = self.rounds
        else:
            options.update(tokens=self.tokens, auto_draw=self.auto_draw)
        return options

    def play_of(self, card: Card, amount: int | None = None, target: int | None = None) -> Play:
        """The one shared Play object for a card (value, named seat): moves are built once."""
        return self._play_objects[card, amount, target]

    def outcomes(self, card: Card, count: int) -> tuple[PlayOutcome, ...]:
        """The plays of ``card`` at ``count``, each a ``PlayOutcome``: the count after it, what
        it costs (``rules.penalties(count, new)``) and ``played[seat]``, the ``CardPlayed`` event
        of ``seat`` making that play.

        The floor is applied, and a value of a two-way card that would go over 99 is left out,
        unless every value would: then only the one that goes over least (the Ace as +1 at 99).
        These depend on nothing but the card and the count, so each answer is worked out once
        and remembered: a turn then costs a dictionary look-up per card in hand.
        """
        known = self.outcome_table[card]
        if count not in known:
            effect, rules = self.effect_of[card], self.rules
            results = []
            for play, amount in self.plays_of[card]:
                new = max(rules.floor, effect.apply(count, amount))
                played = tuple(CardPlayed(seat, card, play.amount, count, new)
                               for seat in range(self.players))
                results.append(PlayOutcome(play, effect, new, rules.penalties(count, new), played))
            if len(results) > 1:
                results = ([r for r in results if r.new <= MAX_COUNT]
                           or [min(results, key=lambda r: r.new)])
            known[count] = tuple(results)
        return known[count]

    def parse_cards(self, text) -> list[Card]:
        return parse_cards(text, self.rules.parse_card)

    def new_game(self, seed=None) -> CountingState:
        """A new game: shuffled, dealt, and the first player to move."""
        state = CountingState(self, seed)
        events: list = []
        state._start_round(events)
        state.history.extend(events)
        return state

    @property
    def declaration(self) -> Declaration:
        """This game's declaration (``ninetynine.register(game)`` reads it)."""
        return declaration_of(self.rules)

    def setup(self, count: int = 0, hands=None, tokens=None, to_move: int = 0, direction: int = 1,
              deck=None, discard=None, points=None, round: int = 1, round_points=None,
              starter: int | None = None, seed=0) -> CountingState:
        """A position in the middle of a round, for teaching and testing.

        hands     one entry per seat: card text ("6C 9D KH"), a list of cards, or "" for none
        deck      card text, top card first; "" is an empty deck; None shuffles the unseen cards
        discard   card text, top card last
        tokens / points   per seat (tokens default to the game's starting tokens)
        round_points      Taiwanese rules: for seats already out of this round, the points they
                          took (None for seats still playing)
        starter   the seat that started this round, from which the next round's starter follows
                  (``starter="rotate"``); by default the seat that starts round ``round`` of a
                  game nobody has left: seat (round - 1) mod players, or the next living seat

        The turn of ``to_move`` then starts as in a game: its start-of-turn checks run, and any
        events they cause (an empty hand, no safe card, no playable card) are in ``state.history``.
        """
        n = self.players
        state = CountingState(self, seed)
        state.round = round
        state.count, state.direction, state.to_move = count, direction, to_move
        try:
            state.hands = [self.parse_cards(h) for h in (hands if hands is not None else [""] * n)]
            state.discard = self.parse_cards(discard or "")
            if deck is not None:
                state.deck = self.parse_cards(deck)
        except CardError as error:
            raise ValueError(str(error)) from None
        if len(state.hands) != n:
            raise ValueError(f"hands must give one hand for each of the {n} seats, not {len(state.hands)}.")
        if self.rules.scoring == "tokens":
            state.tokens = list(tokens) if tokens is not None else [self.tokens] * n
            state.in_round = [isinstance(t, int) and t > 0 for t in state.tokens]
            state.eliminated_at = [None if alive else 0 for alive in state.in_round]
        else:
            if tokens is not None:
                raise ValueError(f"{self.rules.title} has no tokens: give points instead.")
            state.points = list(points) if points is not None else [0] * n
            state.round_points = list(round_points) if round_points is not None else [None] * n
            state.in_round = [p is None for p in state.round_points]
        state.starter = 0 if starter is None else starter
        validate(state)
        if starter is None:
            living = [seat for seat in range(n) if state.in_round[seat]]
            state.starter = state._first_living_from((round - 1) % n, living)
        if deck is None:
            state.deck = unseen_cards(state)
            state.rng.shuffle(state.deck)
        state.history = []
        if to_move is not None:
            # The turn starts as in play: an empty hand or (RS Games) no safe card costs tokens,
            # and under the Taiwanese rules a player with no playable card is out. The events
            # are kept in state.history, so a notebook can show them.
            state._begin_turn(to_move, state.history)
        return state

    def from_json(self, text: str) -> CountingState:
        """Load a saved game, refusing a corrupt or impossible one with a clear message."""
        return state_from_json(self, text)

    def save(self, state: CountingState) -> str:
        """``state`` as JSON text (``state.to_json()`` asks its game)."""
        return state_to_json(state)

    def __repr__(self) -> str:
        return f"CountingGame({self.rules.name!r}, players={self.players})"


def unseen_cards(state: CountingState) -> list[Card]:
    """The cards of a full deck that are in no hand, not in the deck and not on the discard pile."""
    remaining = Counter(state.rules.deck)
    remaining.subtract(card for hand in state.hands for card in hand)
    remaining.subtract(state.deck)
    remaining.subtract(state.discard)
    unseen = []
    for card in state.rules.deck:
        if remaining[card] > 0:
            remaining[card] -= 1
            unseen.append(card)
    return unseen


# --- the declaration: one for each rule set ------------------------------------------------------

def declaration_of(rules: RuleSet) -> Declaration:
    """What every tool needs to know about the running-total game under ``rules``
    (``ninetynine.protocol``). A rule set of your own is declared by
    ``ninetynine.register(CountingGame(my_rules))``: the terminal, the tables, the league and
    both adapters then play it."""
    sizes = tuple(rules.players)
    return Declaration(
        name=rules.name, title=rules.title, players=sizes,
        build=lambda **options: CountingGame(rules, **options),
        bots=("ninetynine.counting.bots:BOTS",), words="ninetynine.counting.words",
        events="ninetynine.counting.events",
        table="ninetynine.counting.table:Table", console="ninetynine.counting.console:run",
        encoding="ninetynine.counting.encoding:CountingEncoding",
        # a head-to-head table unless a match is scored by places, where a third seat makes
        # the places mean something (the league's tables before declarations)
        default_players=2 if rules.scoring == "tokens" else 3,
        conformance=({"players": 3}, {"players": min(sizes), **_second_way(rules)},
                     {"players": min(4, max(sizes))}))


def _second_way(rules: RuleSet) -> dict:
    """An option that changes how a game goes, for the conformance suite: drawing as a move of
    its own where the rules allow it, else a shorter match."""
    return {"auto_draw": False} if rules.scoring == "tokens" else {"rounds": 2}


for _rules in RULE_SETS.values():
    declare(declaration_of(_rules))
