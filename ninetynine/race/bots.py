"""The bots, weakest first, each ``bot(view) -> move``: ``random`` (the kit's), and ``sevens``, the
face-up puzzle's answer (notebooks 19 and 19b): make the target, else leave a multiple of 7, else the lowest."""
from ninetynine.protocol import random_bot


def sevens_bot(view):
    gaps = {move: view.target - view.total - move.card for move in view.legal_moves}
    return (next((move for move, gap in gaps.items() if gap == 0), None)
            or next((move for move, gap in gaps.items() if gap > 0 and gap % 7 == 0), None)
            or view.legal_moves[0])


BOTS = {"random": random_bot, "sevens": sevens_bot}
