"""Exercise 25 (alpha-beta graded on its values and on the positions it expands): plausible wrong
answers. Several get every value right: only the positions they expand give them away."""
from . import Mutant

VALUES, EXPANDS, WINDOW, WRITTEN = ("alphabeta-values", "alphabeta-expands", "alphabeta-window",
                                    "alphabeta-written")
CUT = "        if alpha >= beta:\n            break\n"
RAISE = "        alpha = max(alpha, score)\n"
APPEND = "    expanded.append(state)\n"
HORIZON = "    if depth == 0:\n        return evaluate(state)\n"
OTHER = "score = won - alphabeta(after, depth - 1, won - beta, won - alpha, expanded)"
AGAIN = "score = won + alphabeta(after, depth - 1, alpha - won, beta - won, expanded)"

MUTANTS = [
    # Plain negamax with a window nobody uses: every value right, every move looked at.
    Mutant("no-cut-off", {CUT: ""}, {EXPANDS, WINDOW}),
    # A cut-off only when alpha is above beta, not when it reaches it.
    Mutant("cut-off-only-above-beta", {"if alpha >= beta:": "if alpha > beta:"}, {EXPANDS, WINDOW}),
    # alpha never raised: the window never narrows, so no cut-off is ever found.
    Mutant("alpha-never-raised", {RAISE: ""}, {EXPANDS, WINDOW}),
    # The window passed down turned round but not shifted by the tokens the move won.
    Mutant("window-not-shifted", {OTHER: "score = won - alphabeta(after, depth - 1, -beta, -alpha, expanded)"},
           {EXPANDS, WINDOW}),
    # After a Jack the window turned round as if the other player moved next.
    Mutant("jack-window-turned", {AGAIN: "score = won + alphabeta(after, depth - 1, won - beta, won - alpha, expanded)"},
           {EXPANDS, WINDOW}),
    # 0 at the horizon, as notebook 15, instead of the guess.
    Mutant("zero-at-the-horizon", {HORIZON: "    if depth == 0:\n        return 0\n"},
           {VALUES, EXPANDS, WINDOW}),
    # A position at the horizon counted as expanded too.
    Mutant("horizon-counted", {HORIZON + APPEND: APPEND + HORIZON}, {EXPANDS, WINDOW}),
    # Each position appended after its moves were tried: the same positions, in another order.
    Mutant("appended-after-its-moves", {APPEND: "", "    return best\n": "    expanded.append(state)\n    return best\n"},
           {EXPANDS, WINDOW}),
    # The moves tried from the last to the first.
    Mutant("moves-in-reverse", {"for move in state.legal_moves():": "for move in reversed(state.legal_moves()):"},
           {EXPANDS, WINDOW}),
    # Fail-hard: alpha or beta returned instead of the best score found: other numbers outside
    # the window, and, through them, other cut-offs.
    Mutant("fail-hard", {CUT + "    return best\n": "        if alpha >= beta:\n            return beta\n"
                                                    "    return alpha\n"}, {EXPANDS, WINDOW}),
    # The move that ends the round scored as nothing.
    Mutant("round-end-scores-nothing", {"            score = won\n": "            score = 0\n"},
           {VALUES, EXPANDS, WINDOW}),
    # The kit's alpha-beta asked for everything: caught by what it calls.
    Mutant("asks-the-kit", {HORIZON: "    from ninetynine.classic_search import alphabeta as kit\n"
                                     "    return kit(state, depth, alpha, beta, evaluate, expanded)\n" + HORIZON},
           {WRITTEN}),
]
