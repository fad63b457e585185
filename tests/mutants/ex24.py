"""Exercise 24 (the expectimax value of an open-hand endgame with the deck face down): plausible
wrong answers."""
from . import Mutant

NO_CHANCE, DRAWS, JACK, EXACT = ("expectimax-no-chance", "expectimax-draws", "expectimax-jack",
                                 "expectimax-exact")
ALL = {NO_CHANCE, DRAWS, JACK, EXACT}
WON = "won = sum(e.tokens if e.seat != me else -e.tokens for e in events if isinstance(e, TokensLost))"
WORLDS = "worlds = [with_on_top(state, card) for card in state.deck] or [state.copy()]"
AVERAGE = "score = total / len(worlds)"
LOOP = '''        total = Fraction(0)
        for world in worlds:
            events = world.play(move)
            won = sum(e.tokens if e.seat != me else -e.tokens for e in events if isinstance(e, TokensLost))
            if any(isinstance(e, (RoundOver, GameOver)) for e in events):
                total += won
            elif world.to_move == me:
                total += won + expectimax(world)
            else:
                total += won - expectimax(world)
        score = total / len(worlds)
'''
# The same loop, each draw's score kept in a list: what a mutant then does with the list.
SCORES = '''        scores = []
        for world in worlds:
            events = world.play(move)
            won = sum(e.tokens if e.seat != me else -e.tokens for e in events if isinstance(e, TokensLost))
            if any(isinstance(e, (RoundOver, GameOver)) for e in events):
                scores.append(Fraction(won))
            elif world.to_move == me:
                scores.append(won + expectimax(world))
            else:
                scores.append(won - expectimax(world))
'''
# The player sees the card it will draw before choosing: for each card on top, the best move.
CLAIRVOYANT = '''    me = state.to_move
    cards = list(state.deck)
    worlds = [with_on_top(state, card) for card in cards] or [state.copy()]
    total = Fraction(0)
    for world in worlds:
        best = None
        for move in world.legal_moves():
            after = world.copy()
            events = after.play(move)
            won = sum(e.tokens if e.seat != me else -e.tokens for e in events if isinstance(e, TokensLost))
            if any(isinstance(e, (RoundOver, GameOver)) for e in events):
                score = Fraction(won)
            elif after.to_move == me:
                score = won + expectimax(after)
            else:
                score = won - expectimax(after)
            if best is None or score > best:
                best = score
        total += best
    return total / len(worlds)
'''

MUTANTS = [
    # Tokens counted from the wrong side: what I lose counted as a win.
    Mutant("sign-flipped", {WON: WON.replace("e.tokens if e.seat != me else -e.tokens",
                                             "-e.tokens if e.seat != me else e.tokens")}, ALL),
    # The other player's value added as if it were mine.
    Mutant("no-negation", {"total += won - expectimax(world)": "total += won + expectimax(world)"},
           ALL),
    # The worst move taken for the best.
    Mutant("min-not-max", {"score > best": "score < best"}, ALL),
    # The deck's order taken as known: the card on top now is the card drawn (notebook 15's solve).
    Mutant("fixed-deck", {WORLDS: "worlds = [state.copy()]"}, {DRAWS, JACK, EXACT}),
    # The luckiest draw counted, as if the player chose the card too.
    Mutant("luckiest-draw", {LOOP: SCORES + "        score = max(scores)\n"}, {DRAWS, JACK, EXACT}),
    # The unluckiest draw counted: a cautious player, not an average.
    Mutant("unluckiest-draw", {LOOP: SCORES + "        score = min(scores)\n"}, {DRAWS, JACK, EXACT}),
    # The card drawn known before the move is chosen: an average of each order's best move.
    Mutant("draw-seen-before-choosing",
           {"    me = state.to_move\n    best = None\n": CLAIRVOYANT + "    best = None\n"},
           {DRAWS, JACK, EXACT}),
    # One draw too many in the average.
    Mutant("averaged-over-one-more", {AVERAGE: "score = total / (len(worlds) + 1)"}, ALL),
    # Floats instead of exact fractions: a third is not exact.
    Mutant("floats", {"total = Fraction(0)": "total = 0.0"}, {DRAWS, JACK, EXACT}),
    # The Jack's extra turn forgotten: the other player's value subtracted after every move.
    Mutant("jack-forgotten",
           {"            elif world.to_move == me:\n                total += won + expectimax(world)\n": ""},
           ALL),
    # The move that ends the round scored as nothing, instead of what it won or lost.
    Mutant("end-scores-nothing", {"                total += won\n": "                total += 0\n"}, ALL),
    # Only the end of the round looked for: when the last token goes the game is over, and the
    # search goes on into a finished game (no moves: its best stays None).
    Mutant("game-over-missed", {"(RoundOver, GameOver)": "RoundOver"}, {NO_CHANCE, DRAWS}, visible=False),
    # The kit's expectimax asked for the answer.
    Mutant("asks-the-kit", {"    me = state.to_move\n": "    from ninetynine.classic_search import Expectimax\n"
                                                          "    return Expectimax().value(state)\n"
                                                          "    me = state.to_move\n"}, {EXACT}),
]
