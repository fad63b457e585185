"""The logic of a live table for the running-total games, in plain Python.

A ``TableController`` owns the game state and the bots. Front-ends (the notebook widgets of
``ninetynine.counting.table``) only show what it exposes and forward clicks to it, so the whole table
can be tested without a browser::

    >>> import ninetynine as nn
    >>> game = nn.make("quentin_c", players=2)
    >>> table = TableController(game, bots="cautious", state=game.setup(count=27, hands=["6C 9D KH", "7C 7D 7H"]))
    >>> [button.name for button in table.hand_buttons()]
    ['6 of Clubs', '9 of Diamonds', 'King of Hearts']
    >>> table.click_card("6C")          # play it; the bot answers at once
    True
    >>> table.latest[:2]
    ['You play the 6 of Clubs. The count is 33.', 'You land on 33: Seat 1 loses a token.']
    >>> table.state.to_move
    0

Every click returns True when it changed the game, or False with one sentence in ``message``
saying what is wrong and what is allowed; a refused click changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ninetynine.core import IllegalMove
from ninetynine.frontend import sentences
from ninetynine.frontend.base import Summary, TableBase

from . import events as ev
from . import table_words
from .game import CountingGame
from .moves import DRAW, END, Play
from .rules import RULE_SETS


@dataclass(frozen=True)
class CardButton:
    """One card of your hand as a button: ``name`` is what the button says ("6 of Clubs"),
    ``card`` the card text that a click sends back (``"6C"``). ``playable`` is False for a card
    the rules do not let you play now (show it disabled), and ``reason`` then says why in one
    sentence; both are only set when it is your turn to play a card."""

    name: str
    card: str
    playable: bool = True
    reason: str = ""


@dataclass(frozen=True)
class LastPlay:
    """The last card a seat played this round: ``card`` (its text, ``"7H"``), and ``new`` True
    when it was played since your own last card (the bots' answers to your move)."""

    card: str
    new: bool


@dataclass(frozen=True)
class ChoiceButton:
    """One way to play the chosen card: ``name`` is the button's words, ``move`` the move text."""

    name: str
    move: str


class TableController(TableBase):
    """A table of one game: you at ``seat``, bots at every other seat (every seat when watching).

    game    a running-total game (``nn.make("quentin_c", players=3)``)
    seat    your seat
    bots    a bot name ("random", "cautious", "expert"), a callable, or a list with one per seat
    seed    the first game is ``game.new_game(seed)``; "New game" deals seed + 1, seed + 2, ...
    names   optional names of the seats, used in every sentence
    watch   True: bots play every seat, and you step through their moves
    state   start from this position instead of dealing a new game
    """

    MAX_BOT_MOVES = 100_000
    RUN_UNTIL = ev.RoundOver
    START_EVENT = ev.RoundStarted
    NEXT_LABEL = "Next round"

    def __init__(self, game, seat: int = 0, bots="expert", seed: int = 0,
                 names: Sequence[str] | None = None, watch: bool = False, state=None):
        # The rule sets the settings row offers: the kit's four, plus the game's own if it is a
        # learner's variant (so a table of a new rule set can still be re-dealt and resized).
        self.rule_sets = {**RULE_SETS, game.rules.name: game.rules}
        self.pending: str | None = None   # the card waiting for a choice of value or target
        super().__init__(game, seat, bots, seed, names, watch, state)

    # --- what the table shows ----------------------------------------------------------------

    @property
    def count(self) -> int:
        """The count; while the table pauses after a round, the count that ended it."""
        if self.paused:
            plays = [e for e in self._group_events if type(e) is ev.CardPlayed]
            if plays:
                return plays[-1].new
        return self.state.count

    @property
    def manual_draw(self) -> bool:
        """True when a turn has a second step: Draw or End turn."""
        return not self.game.auto_draw

    @property
    def drawing(self) -> bool:
        """True while you must choose Draw or End turn."""
        return self.your_turn and self.state.phase == "draw"

    def status(self) -> str:
        """Whose turn it is, the count and the direction, in words; while the table pauses, what
        to press to go on."""
        if self.paused:
            return sentences.paused_status(self.summary.heading, self.NEXT_LABEL)
        return table_words.status(self.view, self.names, self.you, self.state.is_over,
                                self.state.standings())

    def seat_lines(self) -> list[str]:
        """One sentence per seat: tokens or points, cards in hand (and the cards when watching)."""
        state = self.state
        lines = []
        for seat in range(state.players):
            hand = state.hands[seat] if self.watch else None
            lines.append(table_words.seat_summary(state, seat, self.you, self.names, hand))
        return lines

    def last_plays(self) -> list[LastPlay | None]:
        """Each seat's last card this round (the round that ended, while the table pauses after
        it), None for a seat that has played none; ``new`` marks the cards played since yours.

        >>> import ninetynine as nn
        >>> table = TableController(nn.make("quentin_c", players=3), seed=4)
        >>> table.last_plays()                       # you play first: nothing is on the felt
        [None, None, None]
        >>> table.click_card("QH")                   # the bots answer at once
        True
        >>> table.last_plays()
        [LastPlay(card='QH', new=False), LastPlay(card='KS', new=True), LastPlay(card='QS', new=True)]
        """
        plays = [e for e in self._group_events if type(e) is ev.CardPlayed]
        yours = max((i for i, play in enumerate(plays) if play.seat == self.seat), default=-1)
        last: list[LastPlay | None] = [None] * self.state.players
        for i, play in enumerate(plays):
            last[play.seat] = LastPlay(str(play.card), i > yours and play.seat != self.seat)
        return last

    def hand_buttons(self) -> list[CardButton]:
        """Your cards, in hand order (none when watching, or while the table pauses between
        rounds: the summary takes the hand's place)."""
        if self.watch or self.paused:
            return []
        playing = self.your_turn and self.state.phase != "draw"
        playable = {move.card for move in self.state.legal_moves() if isinstance(move, Play)}
        return [CardButton(card.name, str(card)) if not playing or card in playable else
                CardButton(card.name, str(card), False, self._why_not(card))
                for card in self.state.hands[self.seat]]

    def choice_buttons(self) -> list[ChoiceButton]:
        """The ways to play the card you clicked, when it has several (Ace as 1 or as 11)."""
        if self.pending is None:
            return []
        return [ChoiceButton(table_words.choice_name(move, self.you, self.names), str(move))
                for move in self._legal_plays_of(self.pending)]

    # --- clicks ------------------------------------------------------------------------------

    def click_card(self, card: str) -> bool:
        """You clicked a card: play it, or, if it can be played several ways, offer the choices."""
        refusal = self._refuse_unless_your_play()
        if refusal:
            return self._refuse(refusal)
        try:
            parsed = self.game.rules.parse_card(card)
        except ValueError as error:
            return self._refuse(str(error))
        plays = self._legal_plays_of(str(parsed))
        if len(plays) == 1:
            return self._play(plays[0])
        if not plays:
            return self._refuse(self._why_not(parsed))
        self.pending = str(parsed)
        self._tell(table_words.choose_prompt(parsed))
        return True

    def choose(self, move: str) -> bool:
        """You clicked one of the choice buttons (a move text such as ``"AS +11"``)."""
        refusal = self._refuse_unless_your_play()
        if refusal:
            return self._refuse(refusal)
        try:
            parsed = self.state.parse_move(move)
        except IllegalMove as error:
            return self._refuse(str(error))
        if self.pending is None or not isinstance(parsed, Play) or str(parsed.card) != self.pending:
            return self._refuse(table_words.choose_card_first())
        return self._play(parsed)

    def draw(self) -> bool:
        """Manual drawing: take a card, and the turn passes."""
        return self._second_step(DRAW)

    def end_turn(self) -> bool:
        """Manual drawing: end the turn without drawing."""
        return self._second_step(END)

    def settings(self) -> dict:
        """The current settings, in the form ``apply_settings`` takes."""
        game = self.game
        bots = self.bots_choice if isinstance(self.bots_choice, str) else "custom"
        return {"rules": game.name, "players": game.players, "bots": bots,
                "hand_size": game.hand_size, "tokens": game.tokens or None,
                "auto_draw": game.auto_draw}

    def applicable_settings(self, rules: str | None = None) -> dict[str, bool]:
        """Which settings mean something under ``rules`` (the current rule set by default):
        tokens and manual drawing exist only in games scored in tokens. A front end hides the
        fields marked False (they are ignored by ``apply_settings``)."""
        tokens = self.rule_sets[rules or self.game.name].scoring == "tokens"
        return {"rules": True, "players": True, "bots": True, "hand_size": True,
                "tokens": tokens, "auto_draw": tokens}

    def settings_for(self, rules: str, current: dict | None = None) -> tuple[dict, str]:
        """The settings row after choosing the rule set ``rules``, and ONE sentence saying what
        that changed.

        Everything still valid under the new rules is kept (players, hand size, tokens, the draw,
        bots); a value the new rules do not allow moves to the nearest one they do, and the
        sentence says so. ``current`` is the row as it stands (this table's settings by default).
        A refused name gives (the current settings, the refusal).
        """
        current = dict(current or self.settings())
        if rules not in self.rule_sets:
            return current, self._no_rule_set(rules)
        new = self.rule_sets[rules]
        changes = []
        players = _nearest(current["players"], new.players)
        if players != current["players"]:
            changes.append(sentences.setting_moved("players", current["players"], players,
                                                   new.players))
        hand_size = _nearest(current["hand_size"], new.hand_sizes)
        if hand_size != current["hand_size"]:
            changes.append(sentences.setting_moved("the hand size", current["hand_size"],
                                                   hand_size, new.hand_sizes))
        while players * hand_size > len(new.deck) and hand_size > 1:
            hand_size -= 1
        if hand_size < min(current["hand_size"], new.hand_sizes.stop - 1):
            changes.append(table_words.too_few_cards(hand_size, len(new.deck)))
        tokens, auto_draw = None, True
        if new.scoring == "tokens":
            tokens = _nearest(current["tokens"] or new.default_tokens, new.tokens)
            auto_draw = current["auto_draw"]
            if not current["tokens"]:
                changes.append(table_words.tokens_apply(tokens))
            elif tokens != current["tokens"]:
                changes.append(sentences.setting_moved("tokens", current["tokens"], tokens,
                                                       new.tokens))
        elif current["tokens"] or not current["auto_draw"]:
            changes.append(table_words.TOKENS_DO_NOT_APPLY)
        settings = {**current, "rules": rules, "players": players, "hand_size": hand_size,
                    "tokens": tokens, "auto_draw": auto_draw}
        return settings, table_words.rules_change(new, changes)

    def apply_settings(self, rules: str, players: int, bots, hand_size: int,
                       tokens: int | None = None, auto_draw: bool = True) -> bool:
        """Rebuild the game with new settings and deal a new game; a bad combination is refused.

        ``tokens`` and ``auto_draw`` do not apply to rule sets that score points (Taiwanese):
        there the tokens are ignored and the draw is always automatic.
        """
        if rules not in self.rule_sets:
            return self._refuse(self._no_rule_set(rules))
        rule_set = self.rule_sets[rules]
        options = {"players": players, "hand_size": hand_size}
        if rule_set.scoring == "tokens":
            options.update(tokens=tokens, auto_draw=auto_draw)
        elif auto_draw is not True:
            return self._refuse(table_words.always_draws(rule_set))
        if bots == "custom":
            bots = self.bots_choice
        try:
            game = CountingGame(rule_set, **options)
            chosen = self._bots_for(bots, game.players)
        except ValueError as error:
            return self._refuse(sentences.settings_refusal(error))
        if self.names is not None and len(self.names) != game.players:
            self.names = None
        self.game, self.bots, self.bots_choice = game, chosen, bots
        self.seat = min(self.seat, game.players - 1)
        self.new_game()
        self.latest = [table_words.new_settings(game, bots), *self.latest]
        return True

    def _no_rule_set(self, rules) -> str:
        return f"There is no rule set called {rules!r}: choose one of {', '.join(self.rule_sets)}."

    # --- inside: playing moves and running the bots -------------------------------------------

    def _clear_choice(self) -> None:
        self.pending = None

    def _second_step(self, move) -> bool:
        if not self.manual_draw:
            return self._refuse(table_words.draws_automatically())
        if not self.drawing:
            refusal = self._refuse_unless_your_play()
            return self._refuse(refusal or table_words.play_a_card_first())
        return self._play(move)

    def _legal_plays_of(self, card: str) -> list:
        """Your legal moves with this card (by its text)."""
        return [m for m in self.state.legal_moves() if isinstance(m, Play) and str(m.card) == card]

    def _why_not(self, card) -> str:
        """The engine's sentence saying why ``card`` cannot be played now."""
        effect = self.game.effect_of.get(card)
        amount = effect.amounts[0] if effect is not None and effect.has_choice else None
        target = next((s for s in range(self.game.players) if s != self.seat), None) \
            if effect is not None and effect.choose_next else None
        try:
            self.state.copy().play(Play(card, amount, target))
        except IllegalMove as error:
            return str(error)
        return table_words.cannot_play(card)

    def _refuse_unless_your_play(self) -> str:
        """The sentence refusing a card click now, or "" when you may play a card."""
        refusal = self._refuse_unless_your_turn()
        if not refusal and self.state.phase == "draw":
            return table_words.draw_or_end()
        return refusal

    def _heading(self, event=None) -> str:
        return f"Round {event.round if event is not None else self.state.round}"

    def _summary(self, events: list) -> Summary:
        """What each seat lost (or scored) this round and why, where everyone stands; at the
        end of the game, who won."""
        return table_words.round_summary(events, self.state, self.you, self.names, self.NEXT_LABEL)

    def _redact(self, event, you: int):
        return ev.redact(event, you)

    def _sentences(self, events: list) -> list[str]:
        return sentences.narrate(events, self.you, self.names)


def _nearest(value, allowed: range) -> int:
    """``value`` if ``allowed`` holds it, else the nearest end of ``allowed``."""
    if not isinstance(value, int) or isinstance(value, bool):
        return allowed.start
    return min(max(value, allowed.start), allowed.stop - 1)
