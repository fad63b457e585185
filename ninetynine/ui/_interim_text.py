"""INTERIM stand-in for ``ninetynine.text`` while that module is being written. Delete this file
(and the fallback import in ``sentences.py``) as soon as ``ninetynine.text`` exists."""
from __future__ import annotations


def seat_name(seat, you=None, names=None) -> str:
    if seat == you:
        return "You"
    return names[seat] if names else f"Seat {seat}"


def move_name(move) -> str:
    if not hasattr(move, "card"):
        return "draw a card" if str(move) == "DRAW" else "end the turn"
    words = f"the {move.card.name}"
    if move.amount is not None:
        words += f" as {'plus' if move.amount > 0 else 'minus'} {abs(move.amount)}"
    return words


def narrate(events, you=None, names=None) -> list[str]:
    lines = []
    for event in events:
        fields = ", ".join(f"{k} {seat_name(v, you, names) if k in ('seat', 'by') else v}"
                           for k, v in ((k, getattr(event, k)) for k in event.__dataclass_fields__))
        lines.append(f"{type(event).__name__}: {fields}.")
    return lines


def status(view, names=None) -> str:
    who = seat_name(view.to_move, view.seat, names)
    way = "in seat order" if view.direction == 1 else "against seat order"
    return f"The count is {view.count}. {who} to move; play goes {way}."
