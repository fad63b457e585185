"""Exercise 16, the value of an open-hand endgame: wrong answers a learner might write."""
from mutants import Mutant

ENDS, BOTH, JACK, EVERYWHERE = "value-round-ends", "value-both-players", "value-jack", "value-everywhere"
ALL = {ENDS, BOTH, JACK, EVERYWHERE}

MUTANTS = [
    # The other player's value subtracted after every move, the Jack's extra turn forgotten.
    Mutant("jack-forgotten", {"        elif after.to_move == me:\n            score = won + value(after)\n": ""},
           {JACK, EVERYWHERE}),
    # The other player's perspective forgotten: their value added as if it were mine.
    Mutant("no-negation", {"score = won - value(after)": "score = won + value(after)"},
           {BOTH, JACK, EVERYWHERE}),
    # Tokens counted from the wrong side: what I lose counted as a win.
    Mutant("sign-flipped", {"e.tokens if e.seat != me else -e.tokens": "-e.tokens if e.seat != me else e.tokens"},
           ALL),
    # The move that ends the round scored as nothing, instead of what it won or lost.
    Mutant("end-scores-nothing", {"            score = won\n": "            score = 0\n"}, ALL),
    # The worst move taken for the best.
    Mutant("min-not-max", {"score > best": "score < best"}, ALL),
    # Only the other player's losses counted: busting and passing a milestone cost nothing.
    Mutant("own-losses-ignored", {"e.tokens if e.seat != me else -e.tokens": "e.tokens if e.seat != me else 0"},
           ALL),
    # One token counted for each TokensLost event, whatever it says: a bust or a 99 counts 1, not 2.
    Mutant("one-token-an-event", {"e.tokens if e.seat != me else -e.tokens": "1 if e.seat != me else -1"},
           ALL),
    # A horizon: six plays ahead and no further, so long endgames are cut short.
    Mutant("horizon", {"def value(state) -> int:": "def value(state, depth=6) -> int:",
                       "    me = state.to_move\n": "    me = state.to_move\n    if depth == 0:\n        return 0\n",
                       "score = won + value(after)": "score = won + value(after, depth - 1)",
                       "score = won - value(after)": "score = won - value(after, depth - 1)"},
           {EVERYWHERE}, visible=False),
    # Only the end of the round looked for: when the last token goes, the game is over, and the
    # search goes on into a finished game (no moves: its best stays None).
    Mutant("game-over-missed", {"(RoundOver, GameOver)": "RoundOver"}, {ENDS, EVERYWHERE}, visible=False),
    # The kit's search asked for the answer.
    Mutant("asks-the-kit", {"    me = state.to_move\n": "    from ninetynine.search import solve as ask\n"
                                                          "    return ask(state)\n    me = state.to_move\n"},
           {EVERYWHERE}, visible=False),
]
