"""The logic of a live table for Ninety-Nine, the trick-taking game, in plain Python.

A ``TricksController`` owns the game state and the bots; the notebook widgets of
``ninetynine.tricks.table`` and the terminal of ``ninetynine.tricks.console`` only show
what it exposes and forward clicks to it, so the whole table is tested without a browser.

A deal has three steps for you, and the bots answer after each of your moves:

1. **bid**: click three cards of your hand (``click_card``; a second click puts one back), watch
   the running bid ("Your bid: 5 tricks"), then ``lay_aside()``;
2. **offer**: ``offer("declare")``, ``offer("reveal")`` or ``offer("pass")``;
3. **play**: click a card to play it to the trick.

    >>> import ninetynine as nn
    >>> table = TricksController(nn.make("tricks"), seed=1)
    >>> table.hand_buttons()[0].name
    'King of Clubs'
    >>> table.lay_aside()                       # no cards chosen yet: refused, nothing changes
    False
    >>> table.message
    'A bid lays aside exactly three cards: you have chosen none, so choose 3 more.'
    >>> [table.click_card(card) for card in ("KC", "KH", "6D")]
    [True, True, True]
    >>> table.bid_sentence()
    'Your bid: 5 tricks.'
    >>> table.lay_aside()
    True
    >>> table.latest[0]
    'You lay aside the King of Clubs, the 6 of Diamonds and the King of Hearts, a bid of 5 tricks.'

Every click returns True when it did something, or False with one sentence in ``message`` saying
what is wrong and what is allowed; a refused click changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ninetynine import text
from ninetynine.cards import SUIT_NAMES, Card, CardError
from ninetynine.core import IllegalMove
from ninetynine.frontend import sentences
from ninetynine.frontend.base import Summary, TableBase

from . import events as ev
from . import words as tricks_words
from .bidding import bid_values
from .cards import JOKER, acts_as, bid_value, parse_card, suit_of, trick_winner, trumps_name
from .moves import OFFERS, Bid, PlayCard
from .state import TRICKS

#: The offer buttons: what each says (its accessible name too) and the move it sends.
OFFER_BUTTONS = (("Pass", "pass"),
                 ("Declare: play with your bid cards face up, premium 30", "declare"),
                 ("Reveal: play with your bid cards and hand face up, premium 60", "reveal"))


@dataclass(frozen=True)
class CardButton:
    """One card of your hand as a button.

    ``name`` is what the button says and what a screen reader reads: "Queen of Spades", "the Joker,
    as the 7 of Hearts", with ", selected" added while it is chosen for the bid. ``card`` is the
    card text that a click sends back ("QS", "JK"). ``playable`` is False for a card the rules
    do not let you play now (show it disabled), and ``reason`` then says why in one sentence
    ("Hearts were led and you hold some, so play one of them."); both are only set while you play
    to a trick.
    """

    name: str
    card: str
    selected: bool
    playable: bool = True
    reason: str = ""


@dataclass(frozen=True)
class TrickCard:
    """One card on the table in a trick: who played it (``seat``, and ``who`` in words), the
    card text (``card``, "QS") and its name in words (``name``, "Queen of Spades", "the Joker,
    as the 7 of Hearts"); ``led`` for the first card of the trick."""

    seat: int
    who: str
    card: str
    name: str
    led: bool


@dataclass(frozen=True)
class TrickView:
    """A trick as a table draws it: its ``number`` (1 to 9), the ``cards`` played so far in
    order, the ``winner`` (a seat, once the trick is finished; else None) and one ``sentence``
    that tells all of it."""

    number: int
    cards: tuple[TrickCard, ...]
    winner: int | None
    sentence: str


class TricksController(TableBase):
    """A table of Ninety-Nine: you at ``seat``, bots at the two other seats (all three when
    watching).

    game    ``nn.make("tricks")`` (options ``trumps`` and ``deals``); None makes the default game
    seat    your seat (0, 1 or 2)
    bots    a bot name ("tricks_rules", "tricks_search", "tricks_random"), a callable
            ``bot(view) -> move``, or a list with one per seat
    seed    the first game is ``game.new_game(seed)``; "New game" deals seed + 1, seed + 2, ...
    names   optional names of the three seats, used in every sentence
    watch   True: bots play every seat, and you step through their moves
    state   start from this position instead of dealing a new game
    """

    HISTORY_LINES = 16
    RUN_UNTIL = ev.DealScored
    START_EVENT = ev.DealStarted
    NEXT_LABEL = "Next deal"
    WATCHING = ("You are watching the bots play every seat: press Step or Run to the end of the "
                "deal.")

    def __init__(self, game=None, seat: int = 0, bots="tricks_rules", seed: int = 0,
                 names: Sequence[str] | None = None, watch: bool = False, state=None):
        if game is None:
            import ninetynine as nn
            game = state.game if state is not None else nn.make("tricks")
        self.selected: list[Card] = []           # the cards chosen for your bid, in click order
        super().__init__(game, seat, bots, seed, names, watch, state)

    # --- what the table shows ----------------------------------------------------------------

    @property
    def phase(self) -> str:
        """"bid", "offer", "play" or "over"."""
        return self.state.phase

    def status(self) -> str:
        """Whose turn it is and what they do now; or, when the game is over, who won."""
        state = self.state
        if state.is_over:
            return game_over_status(state.standings(), self.you, self.names)
        if self.paused:
            return sentences.paused_status(self.summary.heading, self.NEXT_LABEL)
        where = f"Deal {state.deal} of {self.game.deals}"
        if state.phase == "play":
            where += f", trick {state.trick_number} of {TRICKS}"
        if self.your_turn:
            return f"{where}: your turn to {self._your_task()}."
        who = self._name(state.to_move)
        doing = {"bid": "lay aside three cards", "offer": "declare, reveal or pass",
                 "play": "play a card"}[state.phase]
        return f"{where}: {who} is to {doing}."

    def _your_task(self) -> str:
        state = self.state
        if state.phase == "bid":
            return "bid: lay aside three cards"
        if state.phase == "offer":
            return "declare, reveal or pass"
        if not state.trick:
            return "lead: play any card"
        led = SUIT_NAMES[suit_of(state.trick[0], state.turn_up)]
        return f"play a card: {led} were led, so play {led} if you have any"

    def deal_sentence(self) -> str:
        """The deal, the dealer, the turn-up and trumps in words (while the table pauses after
        a deal, the finished deal's)."""
        started = self._deal_started()
        deal, dealer, turn_up, trumps = (
            (started.deal, started.dealer, started.turn_up, started.trumps) if started else
            (self.state.deal, self.state.dealer, self.state.turn_up, self.state.trumps))
        dealer = self._name(dealer, inside=True)
        verb = "deal" if dealer == "you" else "deals"
        deals = f"Deal {deal} of {self.game.deals}; {dealer} {verb}."
        if turn_up is None:
            turned = "No card is turned up"
        else:
            turned = f"The turn-up is {tricks_words.card_words(turn_up)}"
        trumps = f"trumps are {trumps_name(trumps)}" if trumps else "no trumps"
        return f"{deals} {turned}: {trumps}."

    def current_trick(self) -> TrickView | None:
        """The trick on the table now, card by card (None outside the play, and while the table
        pauses after a deal: then ``last_trick`` holds the ninth trick)."""
        state = self.state
        if state.phase != "play" or self.paused:
            return None
        return self._trick_view(state.trick_number, state.leader, state.trick, None)

    def last_trick(self) -> TrickView | None:
        """The last finished trick of this deal (None before the first one). While the table
        pauses after a deal it is the deal's ninth trick, kept until Next deal."""
        state = self.state
        if self.paused:
            won = [e for e in self._group_events if type(e) is ev.TrickWon]
            if not won:
                return None
            last = won[-1]
            leader = (last.seat - last.cards.index(last.card)) % state.players
            return self._trick_view(last.trick, leader, last.cards, last.seat)
        if not state.tricks_played:
            return None
        leader, cards = state.tricks_played[-1]
        winner = (leader + trick_winner(cards, state.trumps, state.turn_up)) % state.players
        return self._trick_view(len(state.tricks_played), leader, cards, winner)

    def trick_sentence(self) -> str:
        """The trick on the table: who led, who played what, the suit to follow, who is next."""
        trick = self.current_trick()
        if trick is None:
            return "No trick is being played: the cards are played after the bids and offers."
        return trick.sentence

    def last_trick_sentence(self) -> str:
        """The last finished trick of this deal ("" before the first one)."""
        trick = self.last_trick()
        return "" if trick is None else trick.sentence

    def _trick_view(self, number: int, leader: int, cards, winner: int | None) -> TrickView:
        """A trick as cards by seat, with the sentence that tells it."""
        players = self.state.players
        played = tuple(TrickCard((leader + i) % players, self._name((leader + i) % players),
                                 str(card), self.card_name(card), i == 0)
                       for i, card in enumerate(cards))
        if winner is not None:
            plays = ", ".join(f"{self._name(c.seat, inside=True)} {'led' if c.led else 'played'} "
                              f"{self.card_words(self._card(c.card))}" for c in played)
            won = self._name(winner, inside=True)
            last = "Last trick" if not self.paused else f"The last trick of deal {self._deal()}"
            sentence = (f"{last}, number {number}: {plays}; "
                        f"{won} {'win' if won == 'you' else 'wins'} it.")
            return TrickView(number, played, winner, sentence)
        head = f"Trick {number} of {TRICKS}"
        if not played:
            who = self._name(leader, inside=True)
            sentence = f"{head}: {who} {'lead' if who == 'you' else 'leads'}; no card is played yet."
            return TrickView(number, played, None, sentence)
        plays = ", ".join(f"{self._name(c.seat, inside=True)} {'led' if c.led else 'played'} "
                          f"{self.card_words(self._card(c.card))}" for c in played)
        led = SUIT_NAMES[suit_of(cards[0], self.state.turn_up)]
        next_up = self._name(self.state.to_move, inside=True)
        sentence = (f"{head}: {plays}. {led} must be followed by anyone who holds them; "
                    f"{next_up} {'play' if next_up == 'you' else 'plays'} next.")
        return TrickView(number, played, None, sentence)

    @staticmethod
    def _card(text: str) -> Card:
        return parse_card(text)

    def _deal(self) -> int:
        """The number of the deal the table shows (the finished one while paused)."""
        scored = [e for e in self._group_events if type(e) is ev.DealScored]
        return scored[-1].deal if self.paused and scored else self.state.deal

    def _deal_started(self):
        """While the table pauses after a deal, the DealStarted event of that deal (None when
        not paused, or when the table began in the middle of the deal)."""
        if not self.paused:
            return None
        return next((e for e in self._group_events if type(e) is ev.DealStarted), None)

    def _turn_up(self):
        """The turn-up of the deal the table shows (the finished one while paused)."""
        started = self._deal_started()
        return started.turn_up if started else self.state.turn_up

    def seat_lines(self) -> list[str]:
        """One sentence per seat: bid (when known), tricks taken, cards in hand, offers. While
        the table pauses after a deal, the seats of that finished deal, as its summary tells it
        (the next deal is dealt already, but not shown until Next deal)."""
        state, view = self.state, self.view
        scored = [e for e in self._group_events if type(e) is ev.DealScored] if self.paused else []
        if scored:
            return [self._finished_seat_line(seat, scored[-1]) for seat in range(state.players)]
        bids = state.bids if self.watch else view.known_bids
        lines = []
        for seat in range(state.players):
            parts = [self._name(seat)]
            if bids[seat] is not None:
                parts.append(f"bid {text.plural(bids[seat], 'trick')}")
            elif view.has_bid[seat]:
                parts.append("bid face down")
            else:
                parts.append("no bid yet")
            parts.append(f"{text.plural(state.tricks_taken[seat], 'trick')} taken")
            parts.append(f"{text.plural(len(state.hands[seat]), 'card')} in hand")
            offer = state.offers[seat]
            if offer is not None and state.phase == "offer":
                parts.append("passed" if offer == "pass" else f"offers to {offer}")
            if state.to_move == seat:
                parts.append("to move")
            line = parts[0] + ": " + ", ".join(parts[1:])
            if self.watch:
                line += "; holds " + tricks_words.cards_words(state.hands[seat])
            lines.append(line + ".")
        return lines

    def _finished_seat_line(self, seat: int, scored) -> str:
        """A seat at the end of a deal: "Seat 2: bid 3 tricks, 5 tricks taken, 2 points."."""
        bid = scored.bids[seat]
        parts = [f"bid {text.plural(bid, 'trick')}" if bid is not None else "bid face down",
                 f"{text.plural(scored.tricks[seat], 'trick')} taken",
                 text.plural(scored.points[seat], "point")]
        return f"{self._name(seat)}: {', '.join(parts)}."

    def exposed_lines(self) -> list[str]:
        """The cards face up this deal: a declarer's bid cards, a revealer's hand too."""
        state, lines = self.state, []
        for seat in range(state.players):
            cards = state.exposed_bid(seat)
            if cards is None:
                continue
            who = self._name(seat)
            kind = state.premium[1]
            lines.append(f"{who} {kind}{'' if who == 'You' else 's'}: the bid cards face up are "
                         f"{self.cards_words(cards)}, a bid of "
                         f"{text.plural(bid_value(cards, state.turn_up), 'trick')}.")
            hand = state.exposed_hand(seat)
            if hand is not None:
                lines.append(f"{'Your' if who == 'You' else who + chr(39) + 's'} hand is face up: "
                             f"{self.cards_words(hand) if hand else 'no cards left'}.")
        return lines

    def score_lines(self) -> list[str]:
        """Points of every finished deal, then the totals."""
        state = self.state
        lines = [f"Deal {number}: " + self._per_seat(points)
                 for number, points in enumerate(state.deal_points, start=1)]
        lines.append("Totals: " + self._per_seat(state.scores))
        return lines

    def _per_seat(self, numbers) -> str:
        return ", ".join(f"{self._name(seat)} {number}"
                         for seat, number in enumerate(numbers)) + "."

    def hand_buttons(self) -> list[CardButton]:
        """Your cards, in hand order (none when watching, or while the table pauses after a
        deal). When it is your turn to play to a trick, a card you may not play has
        ``playable`` False and the reason in ``reason``: show it disabled, with the reason as
        its description."""
        if self.watch or self.paused:
            return []
        playing = self.your_turn and self.state.phase == "play"
        legal = {move.card for move in self.state.legal_moves()} if playing else set()
        buttons = []
        for card in self.state.hands[self.seat]:
            name = self.card_name(card) + (", selected" if card in self.selected else "")
            if playing and card not in legal:
                reason = self._must_follow()
                buttons.append(CardButton(name, str(card), False, False, reason))
            else:
                buttons.append(CardButton(name, str(card), card in self.selected))
        return buttons

    def _must_follow(self) -> str:
        """Why a card cannot be played to this trick, in one sentence."""
        led = SUIT_NAMES[suit_of(self.state.trick[0], self.state.turn_up)]
        return f"{led} were led and you hold some, so play one of them."

    def bidding(self) -> bool:
        """True while you choose the three cards of your bid."""
        return self.your_turn and self.state.phase == "bid"

    def offering(self) -> bool:
        """True while you choose to declare, reveal or pass."""
        return self.your_turn and self.state.phase == "offer"

    def bid_sentence(self) -> str:
        """The bid of the cards chosen so far, in words."""
        chosen = len(self.selected)
        if chosen == 0:
            return "Choose three cards to lay aside as your bid."
        value = text.plural(bid_value(self.selected, self.state.turn_up), "trick")
        if chosen == 3:
            return f"Your bid: {value}."
        return (f"Your bid so far: {value} from {text.plural(chosen, 'card')}; "
                f"choose {3 - chosen} more.")

    def bid_values_sentence(self) -> str:
        """The bids your hand can make (clubs 3, hearts 2, spades 1, diamonds 0 each)."""
        values = bid_values(self.state.hands[self.seat], self.state.turn_up)
        return (f"Your hand can bid {text.join_words([str(v) for v in values], 'or')} tricks "
                "(each club laid aside counts 3, each heart 2, each spade 1, each diamond 0).")

    def card_name(self, card: Card) -> str:
        """A card's name on its button: "Queen of Spades", "the Joker, as the 7 of Hearts"."""
        if card != JOKER:
            return card.name
        stands_for = acts_as(card, self._turn_up())
        return "the Joker" if stands_for == JOKER else f"the Joker, as the {stands_for.name}"

    def card_words(self, card: Card) -> str:
        """A card in a sentence: "the Queen of Spades", "the Joker (as the 7 of Hearts)"."""
        stands_for = acts_as(card, self._turn_up())
        if card == JOKER and stands_for != JOKER:
            return f"the Joker (as the {stands_for.name})"
        return tricks_words.card_words(card)

    def cards_words(self, cards) -> str:
        return text.join_words([self.card_words(card) for card in cards])

    # --- clicks ------------------------------------------------------------------------------

    def click_card(self, card) -> bool:
        """You clicked a card of your hand: while bidding, choose it (or put it back); during
        the play, play it to the trick."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        try:
            card = card if isinstance(card, Card) else parse_card(str(card))
        except CardError as error:
            return self._refuse(str(error))
        hand = self.state.hands[self.seat]
        if card not in hand:
            return self._refuse(f"You do not hold {tricks_words.card_words(card)}: choose a card "
                                "of your hand.")
        if self.state.phase == "bid":
            return self._toggle(card)
        if self.state.phase == "offer":
            return self._refuse("First declare, reveal or pass with the buttons: the cards are "
                                "played after the offers.")
        return self._play(PlayCard(card))

    def _toggle(self, card: Card) -> bool:
        if card in self.selected:
            self.selected.remove(card)
            self._tell(f"You put back {self.card_words(card)}. {self.bid_sentence()}")
            return True
        if len(self.selected) == 3:
            return self._refuse("You have chosen three cards already: click one of them to put "
                                "it back, or press Lay aside these three.")
        self.selected.append(card)
        self._tell(f"You choose {self.card_words(card)}. {self.bid_sentence()}")
        return True

    def lay_aside(self) -> bool:
        """Lay aside the three chosen cards as your bid; the bots then bid (and more)."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        if self.state.phase != "bid":
            return self._refuse(self._engine_refusal(Bid((JOKER, JOKER, JOKER))))
        chosen = len(self.selected)
        if chosen != 3:
            have = "none" if chosen == 0 else text.NUMBER_WORDS[chosen]
            return self._refuse(f"A bid lays aside exactly three cards: you have chosen {have}, "
                                f"so choose {3 - chosen} more.")
        return self._play(Bid.of(self.selected))

    def offer(self, kind: str) -> bool:
        """Say "declare", "reveal" or "pass" after the bids."""
        refusal = self._refuse_unless_your_turn()
        if refusal:
            return self._refuse(refusal)
        moves = {offer.kind: offer for offer in OFFERS}
        if kind not in moves:
            return self._refuse(f"'{kind}' is not an offer: choose declare, reveal or pass.")
        return self._play(moves[kind])

    def next_deal(self) -> bool:
        """The "Next deal" button, once a deal is scored: the same as ``next_round``."""
        return self.next_round()

    # --- inside: playing moves and running the bots -------------------------------------------

    def _clear_choice(self) -> None:
        self.selected = []

    def _engine_refusal(self, move) -> str:
        """The engine's sentence refusing ``move`` now (tried on a copy: nothing changes)."""
        try:
            self.state.copy().play(move)
        except IllegalMove as error:
            return str(error)
        return "That is not allowed now."

    def _heading(self, event=None) -> str:
        deal = event.deal if event is not None else self.state.deal
        return f"Deal {deal} of {self.game.deals}"

    def _summary(self, events: list) -> Summary:
        """Each seat's points for the deal, broken down (tricks + bid bonus + premium), and the
        totals; at the end of the game, who won."""
        scored = next(e for e in reversed(events) if type(e) is ev.DealScored)
        lines = tricks_words.deal_breakdown(scored, self.you, self.names)
        lines.append(tricks_words.totals_line(scored.totals, scored.deal, self.you, self.names))
        if self.state.is_over:
            lines.append(winner_words(self.state.standings(), self.you, self.names))
            return Summary("game", sentences.game_over_heading(), tuple(lines), "New game")
        heading = f"Deal {scored.deal} of {self.game.deals} is scored."
        return Summary("deal", heading, tuple(lines), self.NEXT_LABEL)

    def _redact(self, event, you: int):
        return ev.redact(event, you)

    def _sentences(self, events: list) -> list[str]:
        return tricks_words.narrate(events, self.you, self.names)


# --- sentences only the table needs -------------------------------------------------------------

def game_over_status(standings, you: int | None, names) -> str:
    """The status line once the last deal is scored: who won, with what total."""
    return f"The game is over. {winner_words(standings, you, names)} Press New game to play again."


def winner_words(standings, you: int | None, names) -> str:
    """"You win with 120 points." / "Seat 1 and Seat 2 share the highest total, 95 points."."""
    best = [s for s in standings if s.rank == 1]
    who = [tricks_words.seat_name(s.seat, you, names) for s in best]
    points = text.plural(best[0].score, "point")
    if len(best) == 1:
        return f"{who[0]} {'win' if who[0] == 'You' else 'wins'} with {points}."
    return f"{text.join_words(who)} share the highest total, {points}."


def grading_line(game) -> str:
    """What a table shows in a notebook run headless by a grader."""
    return (f"A live table of Ninety-Nine, the trick-taking game, for {game.players} players and "
            f"{game.deals} deals appears here when the notebook runs in Jupyter.")
