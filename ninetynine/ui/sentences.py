"""The sentences of the live table.

Every sentence a player reads comes from ``ninetynine.text``, the kit's one source of words; this
module only picks the right function. The few sentences only a table needs (a refused click, the
prompt to choose a card's value) are written below, each in its own small function, until they
move into ``ninetynine.text``. Every sentence works when read aloud: no meaning by colour or
symbol alone.
"""
from __future__ import annotations

from dataclasses import replace

from .. import text


def narrate(events: list, you: int | None, names) -> list[str]:
    """The events in sentences, "you" for your seat."""
    return text.narrate(events, you=you, names=names)


def seat_name(seat: int, you: int | None, names) -> str:
    return text.seat_name(seat, you=you, names=names)


def status(view, names, you: int | None, over: bool, standings) -> str:
    """Whose turn, the count and the direction; or, when the game is over, who won.

    ``you`` None is a spectator (watch mode): the view is read with no seat as "you".
    """
    if over:
        return game_over_status(standings, you, names)
    if you is None:
        view = replace(view, seat=None)
    return text.status(view, names=names)


def choice_name(move, you: int | None, names) -> str:
    """A choice button's words: "The Ace of Spades as plus 11", "The 5 of Hearts, naming Seat 2
    to play next"."""
    words = text.move_name(move, you=you, names=names)
    return words[:1].upper() + words[1:]


# --- sentences only the table needs (to move into ninetynine.text) ---------------------------

def seat_summary(state, seat: int, you: int | None, names, hand=None) -> str:
    """One seat in a sentence: "Seat 2: 7 tokens, 3 cards." (with the cards when shown)."""
    who = seat_name(seat, you, names)
    if state.rules.scoring == "tokens":
        tokens = state.tokens[seat]
        score = "out of the game" if tokens == 0 else text.plural(tokens, "token")
    else:
        score = text.plural(state.points[seat], "point")
    cards = text.plural(len(state.hands[seat]), "card")
    line = f"{who}: {score}, {cards}"
    if hand:
        line += " (" + ", ".join(card.name for card in hand) + ")"
    if state.to_move == seat:
        line += ", to move"
    return line + "."


def game_over_status(standings, you: int | None, names) -> str:
    """The status line once the game has ended."""
    winner = text.winner_sentence(standings, you=you, names=names)
    return f"The game is over. {winner} Press New game to play again."


def choose_prompt(card) -> str:
    return f"Choose how to play the {card.name} with one of the buttons below your hand."


def choose_card_first() -> str:
    return "That choice belongs to another card: click a card in your hand first."


def draw_or_end() -> str:
    return "You have played your card: now press Draw or End turn."


def play_a_card_first() -> str:
    return "Play a card first: Draw and End turn come after it."


def draws_automatically() -> str:
    return "This table draws automatically after each card: there is no Draw or End turn step."


def always_draws(rules) -> str:
    return (f"Under {rules.title} the draw is always automatic: tick Automatic draw, or choose "
            "another rule set.")


def settings_refusal(error: ValueError) -> str:
    """The engine's sentence about a bad option, in the words of the settings row."""
    sentence = str(error)
    for option, label in (("hand_size", "hand size"), ("auto_draw", "automatic draw")):
        sentence = sentence.replace(option, label)
    return sentence[:1].upper() + sentence[1:]


def cannot_play(card) -> str:
    return f"The {card.name} cannot be played now: click another card."


def grading_line(game) -> str:
    """What a table shows in a notebook run headless by a grader."""
    return (f"A live table of {game.rules.title} for {game.players} players appears here "
            "when the notebook runs in Jupyter.")
