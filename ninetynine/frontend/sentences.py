"""The sentences every table shares, whatever the game: pauses, the end of the game, refused
settings, the card table's labels.

Every sentence a player reads comes from one place: a game's own sentences are in its folder
(``counting/table_words.py``, ``tricks/words.py``, ``board/words.py``, each with the hints its
hand shows, ``HAND_HINTS``), the events' in ``ninetynine.text``, and what every table says is
here. Every sentence works when read aloud: no meaning by colour or symbol alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import text


def narrate(events: list, you: int | None, names) -> list[str]:
    """The events in sentences, "you" for your seat."""
    return text.narrate(events, you=you, names=names)


def seat_name(seat: int, you: int | None, names) -> str:
    return text.seat_name(seat, you=you, names=names)


# --- the end of the game and the settings ----------------------------------------------------

def game_over_status(standings, you: int | None, names) -> str:
    """The status line once the game has ended."""
    winner = text.winner_sentence(standings, you=you, names=names)
    return f"The game is over. {winner} Press New game to play again."


def settings_refusal(error: ValueError) -> str:
    """The engine's sentence about a bad option, in the words of the settings row."""
    sentence = str(error)
    for option, label in (("hand_size", "hand size"), ("auto_draw", "automatic draw")):
        sentence = sentence.replace(option, label)
    return sentence[:1].upper() + sentence[1:]


def setting_moved(label: str, old, new, allowed: range) -> str:
    """"players go from 6 to 5 (these rules allow 2 to 5)"."""
    return (f"{label} {'go' if label == 'players' else 'goes'} from {old} to {new} (these rules "
            f"allow {allowed.start} to {allowed.stop - 1})")


# --- pauses: the end of a round, a deal or the game ------------------------------------------


def game_over_heading() -> str:
    return "The game is over."


def paused_status(heading: str, button: str) -> str:
    """The status line while a table waits: "Round 2 is over: press Next round to go on."."""
    return f"{heading[:-1]}: press {button} to go on."


def paused_refusal(heading: str, button: str) -> str:
    """A click refused while a table waits for Next round (or Next deal)."""
    return f"{heading[:-1]}: press {button} first, then play."


def not_paused(button: str) -> str:
    return f"{button} is for the end of a round or a deal: the game is going on, so play on."


@dataclass(frozen=True)
class Summary:
    """What a table (or a terminal) shows when a round, a deal or the game ends, while it waits.

    kind     "round", "deal" or "game"
    heading  one sentence: "Round 2 is over.", "Deal 3 of 9 is scored.", "The game is over."
    lines    sentences: who lost or scored what and why, then where everyone stands
    button   the label of the button that goes on: "Next round", "Next deal" or "New game"
    """

    kind: str
    heading: str
    lines: tuple[str, ...]
    button: str


# --- the card tables' words (frontend/cardtable.py draws them; the three tables fill them in) --------

#: Labels the card table's front end shows or gives to screen readers (cardtable.js reads them
#: from the model: the browser holds no English of its own).
TABLE_WORDS = {"felt": "Table", "seats": "Seats", "count": "Count", "to_move": "(to move)",
               "wins": "wins", "chosen": "chosen", "not_now": "not now",
               "choices": "Ways to play the card", "scrolling": "scrolling", "hand": "Your hand",
               "log": "What happened", "scores": "Scores", "face_up": "Cards face up",
               "hands": "Cards in hand", "just_played": "just played",
               "board": "Board", "board_label": "Board, 10 rows of 10 squares"}


def table_title(name: str, how_many: str) -> str:
    """A table's title: "Quentin C, 2 players", "Ninety-Nine, 9 deals"."""
    return f"{name}, {how_many}"
