"""The bots, weakest first; a bot is a function ``bot(view) -> move``. ``random`` is the kit's;
``sevens`` plays the answer to the face-up puzzle (notebook 19): make the target, else leave a gap
to it that is a multiple of 7, else play the lowest card."""
from ninetynine.bots.basic import random_bot


def sevens_bot(view):
    gaps = {move: view.target - view.total - move.card for move in view.legal_moves}
    return (next((move for move, gap in gaps.items() if gap == 0), None)
            or next((move for move, gap in gaps.items() if gap > 0 and gap % 7 == 0), None)
            or view.legal_moves[0])


RACE_BOTS = {"random": random_bot, "sevens": sevens_bot}
