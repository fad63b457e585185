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

#: A search with alpha-beta and a transposition table that keeps the value found after a cut-off
#: (only a bound) as if it were exact: notebook 15's classic slip.
TT_KEEPS_BOUNDS = '''    table = _TABLE
    key = (state.count, tuple(sorted(map(str, state.hands[0]))), tuple(sorted(map(str, state.hands[1]))),
           tuple(map(str, state.deck)), state.to_move, tuple(state.tokens))
    if key in table:
        return table[key]
    me = state.to_move
    best = None
    for move in state.legal_moves():
        after = state.copy()
        events = after.play(move)
        won = sum(e.tokens if e.seat != me else -e.tokens for e in events if isinstance(e, TokensLost))
        if any(isinstance(e, (RoundOver, GameOver)) for e in events):
            score = won
        elif after.to_move == me:
            score = won + value(after, alpha - won, beta - won)
        else:
            score = won - value(after, won - beta, won - alpha)
        if best is None or score > best:
            best = score
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    table[key] = best
    return best
'''
SOLUTION_BODY = '''    me = state.to_move
    best = None
    for move in state.legal_moves():
        after = state.copy()
        events = after.play(move)
        won = sum(e.tokens if e.seat != me else -e.tokens for e in events if isinstance(e, TokensLost))
        if any(isinstance(e, (RoundOver, GameOver)) for e in events):
            score = won
        elif after.to_move == me:
            score = won + value(after)
        else:
            score = won - value(after)
        if best is None or score > best:
            best = score
    return best
'''
MUTANTS.append(Mutant(
    "transposition-table-keeps-bounds",
    {"def value(state) -> int:": "_TABLE = {}\n\n\ndef value(state, alpha=-10 ** 9, beta=10 ** 9) -> int:",
     SOLUTION_BODY: TT_KEEPS_BOUNDS}, {EVERYWHERE}, visible=False))
