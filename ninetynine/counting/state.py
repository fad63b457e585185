"""The state machine of the running-total game.

One class runs all four rule sets: it asks its ``RuleSet`` what each card does and what each play
costs. A turn goes through these steps (RULES.md 1.1, "order of resolution"):

1. at the start of a turn: an empty hand costs tokens (or, in RS Games, a hand with no safe card);
   under the Taiwanese rules a player with no playable card leaves the round;
2. the player plays: the count changes (never below the floor), then bust, 99, landing and
   passing are charged, players with no tokens are eliminated, and the game or round may end;
3. otherwise reverse and skip take effect, the player draws (or, in manual mode, chooses DRAW or
   END), and the next player's turn starts.

When a round ends, the next one is dealt before ``play`` returns.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..cards import Card
from ..core import IllegalMove, Standing, rank_standings
from . import events as ev
from .moves import DRAW, END, Draw, EndTurn, Move, Play, parse_move
from .rules import MAX_COUNT, Effect
from .words import moves_words        # the engine's refusals name cards in words


class CountingState:
    """A game of the running-total family in progress. Build one with ``game.new_game(seed)``."""

    def __init__(self, game, seed=None, rng: random.Random | int | None = None):
        self.game = game
        self.rules = game.rules
        self.players = game.players
        self.hand_size = game.hand_size
        # a whole-number seed makes its generator when the state first needs one (see ``rng``):
        # a position from ``setup`` is often played a move or two and never shuffles
        self.rng = rng if rng is not None else seed if type(seed) is int else random.Random(seed)
        n = self.players
        self.count = 0
        self.direction = 1
        self.round = 0
        self.tokens = [game.tokens] * n if self.rules.scoring == "tokens" else []
        self.points = [0] * n if self.rules.scoring == "places" else []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = []          # top card first
        self.discard: list[Card] = []       # top card last
        self.to_move: int | None = None
        self.phase = "play"                 # "play", or "draw" for manual drawing's second step
        self.order = list(range(n))         # seats in playing order this round
        self.in_round = [True] * n          # still playing this round (alive, or not yet placed)
        self.round_points: list[int | None] = [None] * n   # Taiwanese places won this round
        self.starter = 0
        self.last_loser: int | None = None
        #: per seat, None while in the game, else its place in the order of eliminations (1, 2 ...;
        #: seats eliminated by the same penalty share a number; 0: before the position was set up)
        self.eliminated_at: list[int | None] = [None] * n
        self.plays = 0
        self.history: list = []
        self._seen: list[list] = [[] for _ in range(n)]  # each seat's redacted history, kept up to date lazily
        self._after_draw: int | None = None  # who moves after the draw step
        self._deck_has_copies = game.deck_has_copies
        self._places = self.rules.scoring == "places"   # Taiwanese: places and points, no tokens
        self._names_next = game.names_next      # a card names the next player (the Taiwanese 5)
        self.last_round: int | None = None      # a search's world may stop after this round
        self._legal: list[Move] | None = None    # cached legal moves, rebuilt after each move
        self._outcomes: list = []               # for each legal move: see game.outcomes

    # --- the random generator ------------------------------------------------------------------

    @property
    def rng(self) -> random.Random:
        """The state's own random generator: it shuffles every deck of the game.

        Copying a generator costs more than copying the rest of a state, and most copies (a
        search tries thousands) never shuffle. So ``copy()`` lets the copy and the original
        share one generator and marks it shared; whichever of them needs a random number
        first takes its own copy here, and the shared one is never changed.
        """
        if self._rng is None:                   # a seed only, so far: see the setter
            self._rng, self._rng_shared = random.Random(self._rng_seed), False
        elif self._rng_shared:
            own = random.Random(0)              # (seeded: cheaper than from the system's entropy)
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random | int) -> None:
        """A generator, or an int: the seed of a generator made when the state first needs one.
        A guessed world of a search (``bots.counting.sample_world``) gets a seed, because most
        worlds are played to the end of the round before their deck runs out, and making a
        generator costs more than dealing the world."""
        if isinstance(generator, int):
            self._rng, self._rng_seed, self._rng_shared = None, generator, False
        else:
            self._rng, self._rng_shared = generator, False

    # --- reading the state -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def winner(self) -> int | None:
        """The seat that won, or None while the game goes on or when nobody wins outright."""
        if not self.is_over:
            return None
        if self.rules.scoring != "places":        # the one seat with tokens left, when there is one
            alive = [seat for seat, tokens in enumerate(self.tokens) if tokens > 0]
            if len(alive) == 1:                   # (every playout of a search ends here: no table)
                return alive[0]
        table = self.standings()
        leaders = [s for s in table if s.rank == 1]
        return leaders[0].seat if len(leaders) == 1 else None

    @property
    def alive(self) -> list[int]:
        """Seats still in the game (tokens left), or, under the Taiwanese rules, every seat."""
        if self.rules.scoring == "places":
            return list(range(self.players))
        return [seat for seat, tokens in enumerate(self.tokens) if tokens > 0]

    def standings(self) -> list[Standing]:
        """Seats best first. Tokens, then later elimination; or total points (Taiwanese)."""
        if self.rules.scoring == "places":
            key = lambda seat: self.points[seat]  # noqa: E731
            score = key
        else:
            def key(seat):
                at = self.eliminated_at[seat]
                return (self.tokens[seat], float("inf") if at is None else at)
            score = lambda seat: self.tokens[seat]  # noqa: E731
        order = sorted(range(self.players), key=key, reverse=True)
        return rank_standings(order, key, score)

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now, in a stable order (hand order, then value order)."""
        if self._legal is None:
            self._legal = self._compute_legal_moves()
        return list(self._legal)

    def parse_move(self, text: str) -> Move:
        """Read move text (``"AS +11"``, ``"5H >2"``, ``"DRAW"``); raise IllegalMove if malformed."""
        return parse_move(text, self.rules, self.players)

    def _compute_legal_moves(self) -> list[Move]:
        """The legal moves; ``self._outcomes`` gets, for each, what it does (effect, new count,
        penalties: see ``game.outcomes``)."""
        seat = self.to_move
        if seat is None or self.phase == "draw":
            self._outcomes = []
            if seat is None:
                return []
            return [DRAW, END] if self._can_draw(seat) else [END]
        hand = self.hands[seat]
        if self._deck_has_copies:               # RS Games: offer each kind of card once
            hand = list(dict.fromkeys(hand))
        count, game, outcomes = self.count, self.game, []
        for card in hand:                       # the game remembers each card's outcomes by count
            plays = game.outcome_table[card].get(count) or game.outcomes(card, count)
            if self._names_next and plays[0].effect.choose_next:
                plays = self._with_targets(plays, seat)
            outcomes += plays
        policy = self.rules.unsafe_plays
        if policy != "allowed":
            safe = [outcome for outcome in outcomes if outcome.new <= MAX_COUNT]
            if policy == "never" or safe:
                outcomes = safe
        self._outcomes = outcomes
        return [outcome.play for outcome in outcomes]

    def _outcomes_of(self, card: Card, seat: int) -> tuple:
        """The plays of one card with what each does, as ``game.outcomes`` gives them."""
        plays = self.game.outcomes(card, self.count)
        return self._with_targets(plays, seat) if plays[0].effect.choose_next else plays

    def _with_targets(self, plays, seat: int) -> tuple:
        """A card that names the next player (the Taiwanese 5): one play per seat it may name."""
        targets = [t for t in self.order if t != seat and self.in_round[t]]
        return tuple(outcome._replace(play=self.game.play_of(outcome.play.card, outcome.play.amount, t))
                     for outcome in plays for t in targets)

    # --- making a move -----------------------------------------------------------------------

    def play(self, move: Move | str) -> list:
        """Make a move for the player to move; return its events. Raises IllegalMove, changing nothing."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if self._legal is None:
            self._legal = self._compute_legal_moves()
        index = self._index_of(move)
        self._legal = None
        events: list = []
        seat = self.to_move
        if type(move) is Play:
            _, effect, new, penalties, played = self._outcomes[index]   # worked out in advance
            events.append(played[seat])                                  # CardPlayed
            if self._places:
                self._play_for_places(seat, move, effect, new, events)
            else:
                self._play_for_tokens(seat, move, effect, new, penalties, events)
        elif move is DRAW:
            self._draw(seat, events)
            self._begin_turn(self._after_draw, events)
        else:
            events.append(ev.TurnEnded(seat))
            self._begin_turn(self._after_draw, events)
        self.history.extend(events)
        return events

    def _index_of(self, move: Move) -> int:
        """Where ``move`` is among the legal moves, or IllegalMove saying why it is not there.

        A bot usually hands back one of the very objects ``legal_moves()`` gave it (moves are
        built once per game), so we look for that object first: comparing objects by identity
        is much cheaper than comparing their fields.
        """
        for index, legal in enumerate(self._legal):
            if legal is move:
                return index
        try:
            return self._legal.index(move)       # an equal move built elsewhere: "AS +11" typed
        except ValueError:
            raise IllegalMove(self._why_illegal(move)) from None

    def _play_card(self, seat: int, move: Play, new: int) -> None:
        """Move the card to the discard pile and set the count to ``new``."""
        card = move.card
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.count = new
        self.plays += 1

    def _play_for_tokens(self, seat: int, move: Play, effect: Effect, new: int, penalties: tuple,
                         events: list) -> None:
        self._play_card(seat, move, new)
        if penalties:                           # rules.penalties(old, new), worked out in advance
            round_over = self._charge(seat, move, penalties, events)
            if self._eliminate_and_check_game_over(events):
                return
            if round_over:
                self._end_round(round_over, seat, events)
                return
        if effect.reverse or effect.skip or effect.choose_next:
            following = self._turn_effects(seat, effect, move, events)
        else:
            following = self._next_seat(seat)
        if self.tokens[seat] == 0:
            self._begin_turn(following, events)
        elif self.game.auto_draw:
            self._draw(seat, events)
            self._begin_turn(following, events)
        else:
            self.phase = "draw"
            self._after_draw = following

    def _charge(self, seat: int, move: Play, penalties: tuple, events: list) -> str | None:
        """Take the tokens that ``seat``'s play costs; return the reason if the round ends."""
        round_over = None
        for penalty in penalties:
            losers = [seat] if penalty.who == "player" else [
                s for s in range(self.players) if s != seat and self.tokens[s] > 0]
            for loser in losers:
                busted_with = move.card if penalty.reason == "bust" else None
                self._lose_tokens(loser, penalty.tokens, penalty.reason, seat, events, busted_with)
            if penalty.ends_round:
                round_over = penalty.reason
        return round_over

    def _play_for_places(self, seat: int, move: Play, effect: Effect, new: int, events: list) -> None:
        self._play_card(seat, move, new)
        following = self._turn_effects(seat, effect, move, events)
        self._draw(seat, events)
        if not self.hands[seat]:                # only a player who finishes can settle the round
            self._place(seat, "finished", events)
            if self._round_is_settled(seat, events):
                return
        self._begin_turn(following, events)

    def _turn_effects(self, seat: int, effect, move: Play, events: list) -> int:
        """Apply reverse, skip or the named next player; return who plays next."""
        if effect.reverse and sum(self.in_round) > 2:
            self.direction = -self.direction
            events.append(ev.DirectionReversed(seat, self.direction))
        if effect.choose_next:
            events.append(ev.NextPlayerChosen(seat, move.target))
            return move.target
        following = self._next_seat(seat)
        if effect.skip:
            events.append(ev.PlayerSkipped(following, seat))
            following = self._next_seat(following)
        return following

    def _next_seat(self, seat: int) -> int:
        """The next seat in playing order and direction that is still in the round."""
        order, in_round, direction = self.order, self.in_round, self.direction
        n = len(order)
        i = order.index(seat)
        for _ in range(n):
            i = (i + direction) % n
            if in_round[order[i]]:
                return order[i]
        return seat

    def _lose_tokens(self, seat: int, tokens: int, reason: str, by: int, events: list,
                     card: Card | None = None) -> None:
        lost = min(tokens, self.tokens[seat])
        self.tokens[seat] -= lost
        self.last_loser = seat
        events.append(ev.TokensLost(seat, lost, reason, by, self.tokens[seat], card))

    def _eliminate_and_check_game_over(self, events: list) -> bool:
        """Seats that just reached 0 tokens leave the game; True if the game is over."""
        if 0 not in self.tokens:        # nobody is out of tokens: the quick answer, most times
            return False
        leaving = [seat for seat in range(self.players) if self.tokens[seat] == 0 and self.in_round[seat]]
        if not leaving:                 # nobody left, so the two or more players in the game stay
            return False
        order = 1 + max((at for at in self.eliminated_at if at is not None), default=0)
        for seat in leaving:
            self.in_round[seat] = False
            self.eliminated_at[seat] = order
            self.discard[0:0] = self.hands[seat]   # under the pile
            self.hands[seat] = []
            events.append(ev.PlayerEliminated(seat))
        if len(self.alive) <= 1:
            self._game_over(events)
            return True
        return False

    def _game_over(self, events: list) -> None:
        self.to_move = None
        self.phase = "play"
        events.append(ev.GameOver(self.winner))

    def _draw(self, seat: int, events: list) -> None:
        hand = self.hands[seat]
        if len(hand) >= self.hand_size:
            return
        if not self.deck and self.rules.reshuffle and len(self.discard) > 1:
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.deck)
            events.append(ev.DeckReshuffled(len(self.deck)))
        deck = self.deck
        if deck:
            card = deck.pop(0)
            hand.append(card)
            events.append(self.game.drawn[seat][card])     # CardDrawn, built once per game
            if not deck and not self.rules.reshuffle:
                events.append(ev.DeckRanOut())
        elif self.rules.scoring == "tokens":
            events.append(ev.DrawSkipped(seat))

    def _can_draw(self, seat: int) -> bool:
        if len(self.hands[seat]) >= self.hand_size:
            return False
        return bool(self.deck) or (self.rules.reshuffle and len(self.discard) > 1)

    # --- turns and rounds --------------------------------------------------------------------

    def _begin_turn(self, seat: int, events: list) -> None:
        """Give ``seat`` the turn, after the start-of-turn checks (which may end the round)."""
        while True:
            self.to_move, self.phase, self._legal = seat, "play", None
            hand = self.hands[seat]
            if self._places:
                self._legal = self._compute_legal_moves()
                if self._legal:
                    return
                self._place(seat, "out", events)
                if self._round_is_settled(seat, events):
                    return
                seat = self._next_seat(seat)
                continue
            if not hand:
                return self._turn_start_penalty(seat, self.rules.empty_hand_penalty,
                                                "empty_hand", events)
            if self.rules.no_safe_card_penalty and not self._has_safe_card(seat):
                return self._turn_start_penalty(seat, self.rules.no_safe_card_penalty,
                                                "no_safe_card", events)
            return

    def _has_safe_card(self, seat: int) -> bool:
        return any(outcome.new <= MAX_COUNT for card in self.hands[seat]
                   for outcome in self._outcomes_of(card, seat))

    def _turn_start_penalty(self, seat: int, tokens: int, reason: str, events: list) -> None:
        self._lose_tokens(seat, tokens, reason, seat, events)
        if not self._eliminate_and_check_game_over(events):
            self._end_round(reason, seat, events)

    def _place(self, seat: int, how: str, events: list) -> None:
        """Taiwanese rules: ``seat`` leaves the round, ``how`` is "finished" (the high places),
        "out" (the low places) or "last" (the last player left takes the place that is left)."""
        unplaced = [p for p in range(1, self.players + 1) if p not in self.round_points]
        if how == "last":
            points = unplaced[0]
            events.append(ev.PlayerLastInRound(seat, points))
        elif how == "finished":
            points = max(unplaced)
            events.append(ev.PlayerFinished(seat, points))
        else:
            points = min(unplaced)
            events.append(ev.PlayerOut(seat, points))
            self.discard.extend(self.hands[seat])
            self.hands[seat] = []
        self.round_points[seat] = points
        self.points[seat] += points
        self.in_round[seat] = False

    def _round_is_settled(self, seat: int, events: list) -> bool:
        """Taiwanese rules: when one player is left in the round, they take the last place value."""
        left = [s for s in range(self.players) if self.in_round[s]]
        if len(left) > 1:
            return False
        for last_one in left:
            self._place(last_one, "last", events)
        self._end_round("placed", None, events)
        return True

    def _end_round(self, reason: str, seat: int | None, events: list) -> None:
        events.append(ev.RoundOver(self.round, reason, seat))
        if self.round == self.last_round or (self._places and self.round >= self.game.rounds):
            self._game_over(events)
            return
        self._start_round(events)

    def _start_round(self, events: list) -> None:
        """Shuffle a full deck, choose who starts, deal, and give the first turn."""
        self.round += 1
        self.count, self.direction, self.phase = 0, 1, "play"
        n = self.players
        if self.rules.scoring == "places":
            self.in_round = [True] * n
            self.round_points = [None] * n
        else:
            self.in_round = [tokens > 0 for tokens in self.tokens]
        self.hands = [[] for _ in range(n)]
        self.discard = []
        self.order = list(range(n))
        self.starter = self._choose_starter(events)
        self.deck = list(self.rules.deck)
        self.rng.shuffle(self.deck)
        h = self.hand_size
        for seat in self.order:
            if self.in_round[seat]:
                self.hands[seat], self.deck = self.deck[:h], self.deck[h:]
        events.append(ev.RoundStarted(self.round, self.starter, tuple(self.order), h))
        self._begin_turn(self.starter, events)

    def _choose_starter(self, events: list) -> int:
        living = [s for s in range(self.players) if self.in_round[s]]
        rule = self.game.starter
        if rule == "draw":
            deck = list(self.rules.deck)
            self.rng.shuffle(deck)
            drawn = {seat: deck.pop() for seat in living}
            self.order = sorted(living, key=lambda s: (drawn[s].rank_order, drawn[s].suit_order),
                                reverse=True)
            events.append(ev.OrderDrawn(tuple(self.order), tuple(drawn[s] for s in self.order)))
            return self.order[0]
        if rule == "random":
            return self.rng.choice(living)
        if rule == "loser" and self.last_loser is not None:
            return self._first_living_from(self.last_loser, living)
        if rule == "rotate" and self.round > 1:
            return self._first_living_from(self.starter + 1, living)
        return living[0]

    def _first_living_from(self, seat: int, living: list[int]) -> int:
        for step in range(self.players):
            candidate = (seat + step) % self.players
            if candidate in living:
                return candidate
        return living[0]

    # --- explaining refusals -----------------------------------------------------------------

    def _why_illegal(self, move) -> str:
        """One sentence: why ``move`` is not legal here, and what is allowed."""

        legal = self._legal or []
        allowed = moves_words(legal, you=self.to_move)
        if self.to_move is None:
            return "The game is over: no more moves can be made."
        if not isinstance(move, (Play, Draw, EndTurn)):
            return f"{move!r} is not a move: play {moves_words(legal[:1])}, for example."
        if self.phase == "draw":
            if move is DRAW and DRAW not in legal:
                full = len(self.hands[self.to_move]) >= self.hand_size
                return (f"You cannot draw: {'your hand is full' if full else 'there is no card left to draw'}"
                        "; end your turn instead.")
            return f"You have played your card: now {allowed}."
        if not isinstance(move, Play):
            what = "Drawing" if move is DRAW else "Ending the turn"
            return f"{what} is only possible after playing a card: play {allowed}."
        card = move.card
        if card not in self.hands[self.to_move]:
            return f"You do not hold the {card.name}: play {allowed}."
        effect = self.game.effect_of[card]
        if effect.has_choice and move.amount not in effect.amounts:
            return f"The {card.name} counts {' or '.join(f'{a:+d}' for a in effect.amounts)}."
        if not effect.has_choice and move.amount is not None:
            return f"The {card.name} has no choice of value: play it as it is."
        if effect.choose_next and (move.target is None or not self._can_name(move.target)):
            targets = ", ".join(f"Seat {s}" for s in self.order if self._can_name(s))
            return f"The {card.name} must name another player still in the round: {targets}."
        same_card = [m for m in legal if isinstance(m, Play) and m.card == card]
        if same_card:
            return (f"At a count of {self.count} the {card.name} can only be played as "
                    f"{moves_words(same_card, you=self.to_move).split(' as ', 1)[-1]}: other "
                    f"values would go over {MAX_COUNT}.")
        if self.rules.unsafe_plays == "never":
            return (f"The {card.name} would take the count over {MAX_COUNT}, which these rules "
                    f"never allow: play {allowed}.")
        return (f"The {card.name} would take the count over {MAX_COUNT}, and you hold a card that "
                f"does not: play {allowed}.")

    def _can_name(self, seat: int) -> bool:
        return 0 <= seat < self.players and seat != self.to_move and self.in_round[seat]

    # --- copies, views and saving --------------------------------------------------------------

    def copy(self) -> "CountingState":
        """An independent copy: playing on it never changes this state (random generator included).

        Search copies states by the thousand, so this is kept cheap: every list is copied
        (the history too), the generator is shared until one side needs it (see ``rng``), the
        legal moves are shared (they are never changed in place, only replaced), and each seat's
        redacted history is rebuilt only if the copy is asked for a view.
        """
        other = object.__new__(CountingState)
        other.__dict__.update(self.__dict__)
        self._rng_shared = other._rng_shared = True
        other.tokens = self.tokens.copy()
        other.points = self.points.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.order = self.order.copy()
        other.in_round = self.in_round.copy()
        other.round_points = self.round_points.copy()
        other.eliminated_at = self.eliminated_at.copy()
        other.history = self.history.copy()
        other.hands = [hand.copy() for hand in self.hands]
        other._seen = [[] for _ in self._seen]
        return other

    def view(self, seat: int) -> "CountingView":
        """What ``seat`` may know: its own hand, the sizes of the others', and everything public."""
        if not 0 <= seat < self.players:
            raise ValueError(f"There is no seat {seat}: seats are 0 to {self.players - 1}.")
        return CountingView(
            seat=seat, rules=self.rules, players=self.players, hand_size=self.hand_size,
            count=self.count, direction=self.direction, round=self.round,
            tokens=list(self.tokens), points=list(self.points), hand=list(self.hands[seat]),
            hand_sizes=[len(h) for h in self.hands], deck_size=len(self.deck),
            discard=list(self.discard), to_move=self.to_move, phase=self.phase,
            order=list(self.order), in_round=list(self.in_round),
            legal_moves=self.legal_moves() if seat == self.to_move else [],
            history=self._history_seen_by(seat),
            options=self.game.options, starter=self.starter, round_points=list(self.round_points),
            eliminated_at=list(self.eliminated_at), last_loser=self.last_loser,
            after_draw=self._after_draw if self.phase == "draw" else None, plays=self.plays,
        )

    @classmethod
    def from_view(cls, view: "CountingView", game, hands: list[list[Card]], deck: list[Card],
                  rng: random.Random | int | None = None, check: bool = True,
                  round_only: bool = False) -> "CountingState":
        """A whole state that agrees with everything ``view`` shows, its hidden cards filled in.

        A bot cannot see the other hands or the deck, but it can *imagine* them: ``hands`` gives
        every seat's hand (the view's own seat holds ``view.hand``, each other seat as many cards
        as ``view.hand_sizes`` says) and ``deck`` the deck, top card first (``view.deck_size``
        cards). The state then plays on like a real game. Search bots try their moves in such
        worlds, which the seat cannot tell apart from the real one (*determinizations*).

        game    the table: ``CountingGame(view.rules, **view.options)``
        rng     the world's random generator, for its later shuffles, or the seed of one made
                when the world first shuffles (by default seeded with 0)
        check   refuse cards that do not fit the view (ValueError); a caller that deals from the
                unseen cards (``bots.counting.sample_world``) may skip the check, which costs
                more than dealing
        round_only  the world ends (``is_over``) when this round does, instead of dealing the
                next: all that a search scoring one round needs, and cheaper

        The world's history starts empty: it is a position, not a record of how it came about.
        """
        if check:
            _check_world(view, game, hands, deck)
        state = cls(game, rng=rng if rng is not None else 0)
        state.count, state.direction, state.round = view.count, view.direction, view.round
        state.tokens, state.points = list(view.tokens), list(view.points)
        state.hands = [list(hand) for hand in hands]
        state.deck, state.discard = list(deck), list(view.discard)
        state.to_move, state.phase, state._after_draw = view.to_move, view.phase, view.after_draw
        state.order, state.in_round = list(view.order), list(view.in_round)
        state.round_points, state.eliminated_at = list(view.round_points), list(view.eliminated_at)
        state.starter, state.last_loser, state.plays = view.starter, view.last_loser, view.plays
        if round_only:
            state.last_round = view.round
        return state

    def _history_seen_by(self, seat: int) -> list:
        """The history as ``seat`` may see it (other players' drawn cards hidden).

        Each seat's redacted copy is extended with the events since its last view, so a view
        costs a list copy, not a pass over the whole game.
        """
        seen = self._seen[seat]
        if len(seen) > len(self.history):       # the history was replaced (a loaded game)
            seen.clear()
        for event in self.history[len(seen):]:
            seen.append(ev.redact(event, seat))
        return list(seen)

    def hidden_from(self, seat: int) -> dict[str, list]:
        """What ``seat`` may not know, for ``ninetynine.testing``: the other hands and the deck.

        Each entry is the state's own list; as far as ``seat`` can tell, any of these cards could
        lie in any of these places (only their sizes are public).
        """
        hidden = {f"seat {other}'s hand": hand for other, hand in enumerate(self.hands) if other != seat}
        hidden["the deck"] = self.deck
        return hidden

    def to_json(self) -> str:
        """The whole state as JSON text: the game writes it (``saving.py``), so that the rules
        of play here need not know how a save is written."""
        return self.game.save(self)

    def __repr__(self) -> str:
        return (f"<{self.rules.name} round {self.round}, count {self.count}, "
                f"{'game over' if self.is_over else f'seat {self.to_move} to move'}>")


@dataclass
class CountingView:
    """What one seat may know. Bots receive this, never the state itself."""

    seat: int
    rules: object
    players: int
    hand_size: int
    count: int
    direction: int
    round: int
    tokens: list[int]
    points: list[int]
    hand: list[Card]
    hand_sizes: list[int]
    deck_size: int
    discard: list[Card]
    to_move: int | None
    phase: str
    order: list[int]
    in_round: list[bool]
    legal_moves: list
    history: list = field(default_factory=list, repr=False)
    """Every event so far, with other players' drawn cards hidden."""
    # The rest is public too, and lets a bot rebuild a whole game from the view and a guess at
    # the hidden cards (``CountingState.from_view``): the table's options, who started the
    # round, Taiwanese places already taken this round, the order of eliminations, who lost
    # tokens last, who moves after a manual draw step, and how many cards have been played.
    options: dict = field(default_factory=dict, repr=False)
    starter: int = 0
    round_points: list = field(default_factory=list, repr=False)
    eliminated_at: list = field(default_factory=list, repr=False)
    last_loser: int | None = field(default=None, repr=False)
    after_draw: int | None = field(default=None, repr=False)
    plays: int = field(default=0, repr=False)

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.rules, self.players)


def _check_world(view: CountingView, game, hands: list, deck: list) -> None:
    """Refuse, in one sentence, hidden cards that do not fit ``view`` (see ``from_view``)."""
    if game.rules is not view.rules or game.players != view.players \
            or game.hand_size != view.hand_size:
        raise ValueError("The game does not match the view: build it with "
                         "CountingGame(view.rules, **view.options).")
    if len(hands) != view.players:
        raise ValueError(f"Give one hand for each of the {view.players} seats, not {len(hands)}.")
    if list(hands[view.seat]) != list(view.hand):
        raise ValueError(f"Seat {view.seat} holds {' '.join(map(str, view.hand)) or 'nothing'}, "
                         "as its view shows: its hand cannot be guessed differently.")
    for seat, hand in enumerate(hands):
        if len(hand) != view.hand_sizes[seat]:
            raise ValueError(f"Seat {seat} holds {view.hand_sizes[seat]} cards, not {len(hand)}.")
    if len(deck) != view.deck_size:
        raise ValueError(f"The deck holds {view.deck_size} cards, not {len(deck)}.")
    left = Counter(view.rules.deck)
    left.subtract(view.discard)
    for card in [card for hand in hands for card in hand] + list(deck):
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"The {card.name} ({card}) is placed more often than the deck holds "
                             "it, counting the discard pile.")

