"""What can happen, as frozen facts; ``@event`` files each by name for saves (unique in the kit)."""
from ninetynine.core import event


@event
class RaceCardPlayed:
    """``seat`` played ``card``, and the total became ``total``."""
    seat: int
    card: int
    total: int


@event
class RaceCardDrawn:
    """``seat`` drew ``card`` (None in the other seat's view)."""
    seat: int
    card: int | None


@event
class RaceWon:
    """``seat`` won, the total ending at ``total`` with ``target`` to make."""
    seat: int
    total: int
    target: int
