"""Every sentence about The Game of 99: its events, moves, board and table, in words.

The board game's words live here; ``ninetynine.text`` hands the board game's events to
``describe``. As everywhere in the kit, every sentence works read aloud (squares and cards are
numbers in words, owners are named, never shown by colour alone) and comes in two forms: the
"you" form for the reader's seat and the third person for everyone else.

Owners of squares are named from the reader's side: "yours", "your partner's" (4 and 6 players
play in teams of two, partners sitting alternately), "Seat 1's", or "empty". On drawn boards each
team also has a letter mark (``MARKS``): X, O and Z.

>>> from . import events as ev
>>> from .moves import BoardCard
>>> describe(ev.MarkerPlaced(0, BoardCard(37), 52, 0), you=0)
'You play the card 37 to 99 and put a marker on square 52.'
>>> describe(ev.MarkerPlaced(1, BoardCard(4), 4, 1), you=0)
'Seat 1 plays the card 4 to 99 and puts a marker on square 4.'
>>> allowed_squares(BoardCard(37), [s for s in range(37, 100) if s not in (52, 60)])
'The card 37 to 99 allows squares 37 to 99 except 52 and 60.'
"""
from __future__ import annotations

from collections.abc import Sequence

from ..text import (NUMBER_WORDS, capitalised, join_words, plural, seat_in_sentence, seat_name,
                    seat_with_verb)
from . import events as ev
from .layout import LAYOUT, POSITION
from .moves import HAND_LIMIT, BoardCard, Discard, DrawCard, Place

Names = Sequence[str] | None

#: The letter that marks each team's squares on a drawn board (team 0 is X, team 1 O, team 2 Z).
MARKS = ("X", "O", "Z")


def teams_for(players: int) -> int:
    """How many sides play: 2 and 3 players play alone, 4 and 6 in teams of two."""
    return players // 2 if players in (4, 6) else players


# --- cards, squares and moves ------------------------------------------------------------------

def card_name(card: BoardCard) -> str:
    """ "the card 37 to 99"."""
    return f"the card {card.name}"


def move_name(move) -> str:
    """A move in words: "play the card 37 to 99 on square 52", "draw a card", "discard the card
    37 to 99"."""
    if isinstance(move, DrawCard):
        return "draw a card"
    if isinstance(move, Discard):
        return f"discard {card_name(move.card)}"
    if isinstance(move, Place):
        return f"play {card_name(move.card)} on square {move.square}"
    return str(move)


def _runs(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted numbers as runs of consecutive numbers: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs


def _run_words(runs: list[tuple[int, int]]) -> list[str]:
    """Runs of three or more as "4 to 7"; shorter runs as their numbers."""
    words: list[str] = []
    for first, last in runs:
        words += [f"{first} to {last}"] if last - first >= 2 else [str(n) for n in range(first, last + 1)]
    return words


def squares_words(squares: Sequence[int]) -> str:
    """Square numbers in words, runs shortened: "37 to 51, 53 and 54, and 99" style.

    >>> squares_words([4, 5, 6, 7, 20, 30, 31])
    '4 to 7, 20, 30 and 31'
    """
    return join_words(_run_words(_runs(squares)))


def allowed_squares(card: BoardCard, squares: Sequence[int]) -> str:
    """Which empty squares a card allows, in the shorter of two forms: the range with its taken
    squares excepted ("squares 37 to 99 except 52 and 60"), or the free runs listed.

    >>> allowed_squares(BoardCard(99), [])
    'The card 99 to 99 allows no square: square 99 is taken, so discard it or keep it.'
    >>> allowed_squares(BoardCard(90), [90, 91, 92])
    'The card 90 to 99 allows squares 90 to 92.'
    """
    name = card.name
    squares = sorted(squares)
    if not squares:
        taken = "square 99 is taken" if card.value == 99 else f"squares {card.value} to 99 are all taken"
        return f"The card {name} allows no square: {taken}, so discard it or keep it."
    if len(squares) == 1:
        return f"The card {name} allows only square {squares[0]}."
    listed = f"squares {squares_words(squares)}"
    first, last = squares[0], squares[-1]
    taken = [s for s in range(first, last + 1) if s not in set(squares)]
    excepted = f"squares {first} to {last}" + (f" except {squares_words(taken)}" if taken else "")
    best = excepted if len(excepted.split()) <= len(listed.split()) else listed
    return f"The card {name} allows {best}."


# --- owners ------------------------------------------------------------------------------------

def owner_words(holder: int | None, you: int | None, players: int, names: Names = None) -> str:
    """Who holds a square, from the reader's side: "empty", "yours", "your partner's", "Seat 1's"."""
    if holder is None:
        return "empty"
    if holder == you:
        return "yours"
    teams = teams_for(players)
    if you is not None and teams != players and holder % teams == you % teams:
        return "your partner's"
    return f"{seat_name(holder, None, names)}'s"


def team_members(team: int, players: int) -> list[int]:
    """The seats of one side: partners sit alternately (with 6 players, team 0 is seats 0 and 3)."""
    return [seat for seat in range(players) if seat % teams_for(players) == team]


def partner(players: int, you: int, names: Names = None) -> str:
    """Who plays on your side, in teams of two ("" when everyone plays alone).

    >>> partner(6, you=1)
    'Your partner is Seat 4: your markers count together, and you win or lose together.'
    """
    mates = [seat for seat in team_members(you % teams_for(players), players) if seat != you]
    if not mates:
        return ""
    return (f"Your partner is {join_words([seat_name(s, None, names) for s in mates])}: your markers "
            "count together, and you win or lose together.")


def legend(players: int, you: int | None = None, names: Names = None) -> str:
    """What the letter marks mean: "X marks your markers; O marks Seat 1's."

    >>> print(legend(4, you=0))
    X marks your team's markers (you and Seat 2); O marks the markers of Seat 1 and Seat 3.
    """
    parts = []
    for team in range(teams_for(players)):
        seats = team_members(team, players)
        mark = MARKS[team]
        if len(seats) == 1:
            whose = "your markers" if seats[0] == you else f"{seat_name(seats[0], None, names)}'s markers"
        elif you in seats:
            whose = f"your team's markers ({join_words([seat_in_sentence(s, you, names) for s in seats])})"
        else:
            whose = f"the markers of {join_words([seat_name(s, None, names) for s in seats])}"
        parts.append(f"{mark} marks {whose}")
    return "; ".join(parts) + "."


def square_label(square: int, holder: int | None, you: int | None, players: int,
                 names: Names = None, allowed: bool = False) -> str:
    """A square's name for buttons and screen readers: "square 52, empty, allowed", "square 4,
    yours", "square 20, Seat 1's"."""
    label = f"square {square}, {owner_words(holder, you, players, names)}"
    return label + ", allowed" if allowed else label


def board_rows(owner: Sequence[int | None], you: int | None, players: int,
               names: Names = None) -> list[str]:
    """The board read aloud, top row first: "Row 1: 92 empty, 93 yours, ...".

    >>> board_rows([None] * 100, 0, 2)[0][:40]
    'Row 1: 92 empty, 93 empty, 94 empty, 95 '
    """
    return [f"Row {number}: " + ", ".join(
        f"{square} {owner_words(owner[square], you, players, names)}" for square in line) + "."
        for number, line in enumerate(LAYOUT, start=1)]


def board_grid(owner: Sequence[int | None], players: int) -> list[str]:
    """The board drawn in text for the eye: each square's number and its team's mark, or a dot.

    >>> board_grid([0] + [None] * 99, 2)[4]
    '88 .  43 .  30 .  11 .   0 X   1 .   4 .  19 .  56 .  69 .'
    """
    teams = teams_for(players)

    def cell(square: int) -> str:
        holder = owner[square]
        return f"{square:>2} {'.' if holder is None else MARKS[holder % teams]}"
    return ["  ".join(cell(square) for square in line) for line in LAYOUT]


# --- events ------------------------------------------------------------------------------------

def _side(seat: int, you: int | None, names: Names, players: int | None) -> tuple[str, int]:
    """The side a seat plays for, in words, and how many seats that is: ("you and Seat 2", 2)
    for a team, or the seat alone when no teams play (or the player count is unknown)."""
    if players is None or teams_for(players) == players:
        return seat_in_sentence(seat, you, names), 1
    members = team_members(seat % teams_for(players), players)
    if you in members:
        members = [you] + [m for m in members if m != you]
    return join_words([seat_in_sentence(s, you, names) for s in members]), len(members)


def describe(event, you: int | None = None, names: Names = None, players: int | None = None) -> str:
    """One event of The Game of 99 in words; ``you`` is the reader's seat (None: third person).

    ``players`` (or ``names``) tells how many play, so that a team's win names both partners.

    >>> from .moves import BoardCard
    >>> describe(ev.BoardCardDrawn(1, None), you=0)
    'Seat 1 draws a card.'
    >>> describe(ev.BoardGameOver(2, 0), you=0, players=4)
    'The game is over: you and Seat 2 win.'
    """
    if players is None and names is not None:
        players = len(names)
    kind = type(event)
    if kind is ev.FirstPlayerChosen:
        shown = join_words([f"{seat_in_sentence(seat, you, names)} {'show' if seat == you else 'shows'} "
                       f"{card.name}" for seat, card in zip(event.seats, event.cards)])
        first = seat_with_verb(event.first, you, names, "begin")
        return f"To choose who begins, {shown}; {_lower_you(first)} with the lowest card."
    if kind is ev.BoardCardDrawn:
        if event.card is None:
            return f"{seat_with_verb(event.seat, you, names, 'draw')} a card."
        return f"{seat_with_verb(event.seat, you, names, 'draw')} {card_name(event.card)}."
    if kind is ev.MarkerPlaced:
        verb = "put" if event.seat == you else "puts"
        return (f"{seat_with_verb(event.seat, you, names, 'play')} {card_name(event.card)} and {verb} "
                f"a marker on square {event.square}.")
    if kind is ev.BoardCardDiscarded:
        return f"{seat_with_verb(event.seat, you, names, 'discard')} {card_name(event.card)}."
    if kind is ev.IllegalPlayPenalised:
        return (f"{seat_with_verb(event.seat, you, names, 'play')} {card_name(event.card)} on square "
                f"{event.square}, which it does not allow: the card is discarded and no marker "
                "is placed.")
    if kind is ev.IllegalDrawPenalised:
        return (f"{seat_with_verb(event.seat, you, names, 'try')} to draw with {HAND_LIMIT} cards in "
                f"hand: {card_name(event.card)} is shown to everyone and shuffled back into the "
                "deck.")
    if kind is ev.TurnPassed:
        have = "have" if event.seat == you else "has"
        return (f"{seat_name(event.seat, you, names)} {have} no card and the deck is empty, so "
                "the turn passes.")
    if kind is ev.LineCompleted:
        return f"{seat_with_verb(event.seat, you, names, 'complete')} {line_words(event.squares)}."
    if kind is ev.BoardTied:
        then = ("the board is cleared and a new game begins" if event.replay
                else "the game ends without a winner")
        return (f"Every card has been played or discarded with no line of five, so game "
                f"{event.game} is a tie: {then}.")
    if kind is ev.BoardGameOver:
        if event.winner is None:
            return "The game is over, with no winner."
        side, size = _side(event.winner, you, names, players)
        verb = "wins" if size == 1 and event.winner != you else "win"
        return f"The game is over: {side} {verb}."
    return f"{kind.__name__}."


def line_words(squares: Sequence[int]) -> str:
    """A line as a listener can picture it: which way it runs, how long it is, and its squares
    in board order, from the top left.

    >>> line_words((14, 4, 20, 58, 72))
    'a diagonal line of five: squares 14, 4, 20, 58 and 72'
    """
    ordered = sorted(squares, key=POSITION.__getitem__)
    rows = {POSITION[square][0] for square in ordered}
    columns = {POSITION[square][1] for square in ordered}
    way = "row" if len(rows) == 1 else "column" if len(columns) == 1 else "diagonal line"
    size = NUMBER_WORDS[len(ordered)] if len(ordered) < len(NUMBER_WORDS) else str(len(ordered))
    return f"a {way} of {size}: squares {join_words([str(square) for square in ordered])}"


def _lower_you(subject: str) -> str:
    return "you" + subject[3:] if subject.startswith("You") else subject


def narrate(events, you: int | None = None, names: Names = None, players: int | None = None) -> list[str]:
    """Sentences for a list of events, one per event."""
    return [describe(event, you, names, players) for event in events]


# --- the table ----------------------------------------------------------------------------------

def hand_sizes(view, names: Names = None, you: int | None = None) -> str:
    """Cards in every hand and in the deck: "You hold 3 cards; Seat 1 holds 2 cards; the deck
    has 90 cards." ``you`` is the reader's seat (None: everyone in the third person)."""
    parts = [f"{seat_with_verb(seat, you, names, 'hold')} {plural(size, 'card')}"
             for seat, size in enumerate(view.hand_sizes)]
    deck = "the deck is empty" if view.deck_size == 0 else f"the deck has {plural(view.deck_size, 'card')}"
    return capitalised("; ".join(parts) + f"; {deck}.")


def status(view, names: Names = None, you: int | None = None) -> str:
    """Whose turn it is and what they may do; ``you`` is the reader's seat (None: a spectator).

    >>> import ninetynine as nn
    >>> status(nn.make("board").setup(hands=["37", "5"], to_move=0).view(0), you=0)
    'It is your turn: play a card on a square it allows, draw or discard a card.'
    """
    if view.to_move is None:
        return "The game is over."
    if view.to_move != you:
        return f"It is {seat_name(view.to_move, None, names)}'s turn."
    actions = ["play a card on a square it allows"] if view.hand else []
    if len(view.hand) < HAND_LIMIT and view.deck_size:
        actions.append("draw")
    if view.hand:
        actions.append("discard a card")
    return f"It is your turn: {join_words(actions, 'or')}."


def hand(view) -> str:
    """Your hand with the slot numbers the terminal uses: "Your hand: 1, the card 37 to 99; ..."."""
    if not view.hand:
        return "Your hand is empty."
    return "Your hand: " + "; ".join(f"{slot}, {card_name(card)}"
                                     for slot, card in enumerate(view.hand, start=1)) + "."


def game_over_status(state, you: int | None = None, names: Names = None) -> str:
    """The status line once the game has ended: who won, and how to play again."""
    over = [e for e in state.history if type(e) is ev.BoardGameOver]
    said = describe(over[-1], you, names, state.players) if over else "The game is over."
    return f"{said} Press New game to play again."


def tie_heading(game: int) -> str:
    return f"Game {game} is a tie."


def tie_summary(game: int) -> str:
    """What a tie means, for the pause after it."""
    return (f"Every card was played or discarded and nobody made a line of five, so game {game} "
            f"counts for nobody: the board is cleared and game {game + 1} begins.")


# --- refusals of the table (the engine's own sentences explain illegal moves) -------------------

GAME_OVER = "The game is over: press New game to play again."
WATCHING = "You are watching the bots play every seat: press Step or Run."
ONLY_WHEN_WATCHING = "Step and Run are for watching the bots: you are playing at this table."
NO_CARD_SELECTED = "Select a card in your hand first, then a square it allows."
NOTHING_TO_DISCARD = "Select the card to discard in your hand first, then press Discard selected card."


def not_in_hand(card: BoardCard, held: Sequence[BoardCard]) -> str:
    cards = join_words([c.name for c in sorted(held)]) or "no cards"
    return f"You do not hold the card {card.name}: you hold {cards}."


def no_such_slot(typed: str, size: int) -> str:
    if size == 0:
        return f"There is no card {typed}: your hand is empty, so type d to draw."
    return f"There is no card {typed} in your hand: type a slot number from 1 to {size}."


def unknown_command(typed: str) -> str:
    return (f"'{typed}' is not understood: type 'play 37 on 52', a slot number, d, x and a slot "
            "number, b, h, s, ? or q.")


def not_a_square(typed: str) -> str:
    return f"'{typed}' is not a square: type a number from 0 to 99."


def help_text() -> list[str]:
    """The terminal's keys, one sentence each."""
    return [
        "Type 'play 37 on 52' to play the card 37 to 99 on square 52.",
        "Or type the slot number of a card, then the square when asked; an empty answer keeps the card.",
        "Type d to draw a card (only with fewer than five cards in hand).",
        "Type x and a slot number, or 'discard 37', to discard a card face up.",
        "Type b to read the board, h for your hand, s for the table, ? for this help, q to quit.",
        "A card 'k to 99' allows any empty square numbered k or higher; five markers in a line win.",
    ]


# --- the table's words -------------------------------------------------------------------------

#: what to do with your hand now, by the table's step ("" when nothing is to be done)
HAND_HINTS = {"play": "Press a card to select it; the board then shows the squares it allows. On "
                      "the board, the arrow keys move and Enter places the marker."}


def marks_line(legend: str) -> str:
    """Under the board: "Marks: X marks your markers; O marks Seat 1's markers."."""
    return f"Marks: {legend}"
