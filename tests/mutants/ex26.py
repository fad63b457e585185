"""Exercise 26 (an evaluation function graded by strength): plausible wrong answers. Only the
checks' sanity (a finite number, the position left as it was, the kit's evaluation not called)
and the matches can catch them: no check compares values."""
from . import Mutant

SANE, STRONG, AGAIN = "evaluate-sane", "evaluate-strong", "evaluate-strong-again"
MATCHES = {STRONG, AGAIN}
OVER = "    if state.is_over:\n        return 0\n"
SIDES = "me, other = state.to_move, 1 - state.to_move"
ALL_OVER = "        return now\n"
GUESS = "    return now + 0.5 * (held[0] - held[1])"

MUTANTS = [
    # Nothing counted beyond the horizon: the opponent's own search, so exactly half the games.
    Mutant("constant-zero", {OVER: "    return 0\n"}, MATCHES),
    # The value for the other player: the search prefers what is worst for it.
    Mutant("negated", {ALL_OVER: "        return -now\n", GUESS: "    return -(now + 0.5 * (held[0] - held[1]))"},
           MATCHES),
    # Seat 0's point of view whoever is to move ("my bot is seat 0"): right half the time.
    Mutant("seat-0-point-of-view",
           {ALL_OVER: "        return now if state.to_move == 0 else -now\n",
            GUESS: "    value = now + 0.5 * (held[0] - held[1])\n"
                   "    return value if state.to_move == 0 else -value"}, MATCHES),
    # The cards kept for later counted for the wrong player: the other's escapes are mine.
    Mutant("escapes-of-the-wrong-player", {"for seat in (me, other)": "for seat in (other, me)"}, MATCHES),
    # Only what one play wins at once, the cards kept for later left out: about 57% of games.
    Mutant("ignores-the-cards-held", {GUESS: "    return now"}, MATCHES),
    # The kit's evaluation asked for the answer: caught by what it calls.
    Mutant("asks-the-kit", {OVER: "    from ninetynine.classic_search import evaluate as kit\n"
                                  "    return kit(state)\n"}, {SANE}),
    # The hand sorted in place: the position given is changed.
    Mutant("sorts-the-hand-in-place", {SIDES: SIDES + "\n    state.hands[me].sort(key=str)"}, {SANE}),
    # The other player as "the next seat": seat 2 does not exist when seat 1 is to move.
    Mutant("other-player-out-of-range", {SIDES: "me, other = state.to_move, state.to_move + 1"},
           {SANE} | MATCHES),
]
