"""A move, ``Play(4)``, and its text ``4``, read back by ``parse_move``. Two errors for two mistakes:
text that is no move raises ``UnreadableMove`` here; a card you do not hold, ``IllegalMove`` in play."""
from dataclasses import dataclass

from ninetynine.core import UnreadableMove


@dataclass(frozen=True)
class Play:
    """Play the card of this value, from 1 to 6."""
    card: int

    def __str__(self):
        return str(self.card)


def parse_move(text) -> Play:
    """The move written ``text``; a ``Play`` is returned as it is."""
    if isinstance(text, Play):
        return text
    if isinstance(text, str) and text.strip() in ("1", "2", "3", "4", "5", "6"):
        return Play(int(text))
    raise UnreadableMove(f"{text!r} is not a move: write a card's value, from 1 to 6, such as '4'.")
