"""Exercise 21, a game of your own (Fifteen): wrong games a learner might write."""
from mutants import Mutant

MOVES, RULES, RESULT, VIEW = "moves", "play-rules", "result", "view"
SAVES, DEAL, CHECK_GAME = "copy-save", "deal", "check-game"

ENDINGS = ('            if self.total >= TARGET:\n'
           '                winner, reason = (seat, "fifteen") if self.total == TARGET else '
           '(1 - seat, "over")\n'
           '            elif not self.hands[seat]:\n'
           '                winner, reason = seat, "last card"\n')
HIDDEN_HISTORY = ("history = tuple(replace(event, card=None) if type(event) is Drew and "
                  "event.seat != seat\n                        else event for event in "
                  "self.history)")

MUTANTS = [
    # --- moves and their text ---
    # Two 3s in the hand become two moves "3".
    Mutant("a-value-listed-twice", {"sorted(set(self.hands[self.to_move]))":
                                    "sorted(self.hands[self.to_move])"}, {MOVES, CHECK_GAME}),
    # Draw offered whatever the stock holds: drawing from an empty stock then crashes.
    Mutant("draw-offered-from-an-empty-stock",
           {"plays + ([DRAW] if self.stock else [])": "plays + [DRAW]"},
           {MOVES, RULES, CHECK_GAME}),
    # Any number reads as a card: '0' and '6' are moves (refused later, but they are no text of
    # Fifteen).
    Mutant("any-number-is-a-card", {'if text in {"1", "2", "3", "4", "5"}:':
                                    "if isinstance(text, str) and text.isdigit():"}, {MOVES}),

    # --- the rules of play ---
    # "Draw is always allowed": only plays are checked, so a draw from an empty stock crashes
    # (IndexError) instead of being refused.
    Mutant("draw-never-checked", {"if move not in self.legal_moves():":
                                  "if move != DRAW and move not in self.legal_moves():"},
           {RULES, CHECK_GAME}),
    # Off by one at the target: exactly 15 does not end the game, only passing it does.
    Mutant("fifteen-is-not-enough", {"if self.total >= TARGET:": "if self.total > TARGET:"},
           {RULES}),
    # Passing 15 taken for a win of the player who did it.
    Mutant("past-fifteen-wins", {'else (1 - seat, "over")': 'else (seat, "over")'}, {RULES}),
    # The last card is looked at first: a last card that takes the total past 15 still wins.
    Mutant("last-card-beats-passing-fifteen",
           {ENDINGS: '            if not self.hands[seat]:\n'
                     '                winner, reason = seat, "last card"\n'
                     '            elif self.total >= TARGET:\n'
                     '                winner, reason = (seat, "fifteen") if self.total == TARGET '
                     'else (1 - seat, "over")\n'},
           {RULES}, visible=False),
    # The last-card rule forgotten: a player can be left with no card and no move.
    Mutant("last-card-forgotten",
           {'            elif not self.hands[seat]:\n'
            '                winner, reason = seat, "last card"\n': ""}, {RULES, CHECK_GAME}),
    # The winner goes into the events but not into the state.
    Mutant("winner-not-kept", {"        self.winner = winner\n": ""}, {RULES, CHECK_GAME}),

    # --- the result ---
    # Standings by seat order, so the loser can come first.
    Mutant("standings-in-seat-order",
           {"return [nn.Standing(1, self.winner, 1), nn.Standing(2, 1 - self.winner, 0)]":
            "return [nn.Standing(1 if seat == self.winner else 2, seat, int(seat == self.winner))"
            " for seat in (0, 1)]"}, {RESULT, CHECK_GAME}),

    # --- views and hidden information ---
    # The view shows the hand of the seat to move, not the seat's own: the other hand, at times.
    Mutant("view-shows-the-movers-hand", {"tuple(self.hands[seat])":
                                          "tuple(self.hands[self.to_move])"}, {VIEW, CHECK_GAME}),
    # The view's history keeps the card the other seat drew.
    Mutant("view-shows-every-draw", {HIDDEN_HISTORY: "history = tuple(self.history)"},
           {VIEW, CHECK_GAME}),
    # The declaration gives copies, so check_game cannot build its other worlds.
    Mutant("hidden-from-gives-copies", {'"the other hand": self.hands[1 - seat]':
                                        '"the other hand": list(self.hands[1 - seat])'},
           {CHECK_GAME}),

    # --- copies and saves ---
    # The copy shares the history: playing on the copy writes into the original's history.
    Mutant("copy-shares-the-history",
           {"other.winner, other.history = self.winner, list(self.history)":
            "other.winner, other.history = self.winner, self.history"}, {SAVES, CHECK_GAME}),
    # The copy shares the stock: a draw on the copy takes a card from the original's stock.
    Mutant("copy-shares-the-stock",
           {"other = FifteenState(self.hands, self.stock, self.total, self.to_move)":
            "other = FifteenState(self.hands, self.stock, self.total, self.to_move)\n"
            "        other.stock = self.stock"}, {SAVES, CHECK_GAME}),
    # A shallow copy: a new state object, but the same lists of hands, stock and history, so a
    # move on the copy moves the original's cards too (caught through play alone, as the grader
    # holds the learner's states only through the channel).
    Mutant("copy-is-shallow",
           {"other = FifteenState(self.hands, self.stock, self.total, self.to_move)\n"
            "        other.winner, other.history = self.winner, list(self.history)\n"
            "        return other":
            "import copy\n        return copy.copy(self)"}, {SAVES, CHECK_GAME}),
    # The save drops a field: its own saves cannot be loaded.
    Mutant("save-drops-the-winner",
           {'"to_move": self.to_move, "winner": self.winner, "history": history':
            '"to_move": self.to_move, "history": history'}, {SAVES, CHECK_GAME}),
    # The load forgets a field: a finished game comes back without its winner.
    Mutant("load-forgets-the-winner", {'        state.winner = data["winner"]\n': ""},
           {SAVES, CHECK_GAME}),

    # --- the deal ---
    # Python's shared generator instead of the seed's: the same seed deals another game.
    Mutant("deal-ignores-the-seed", {"random.Random(seed).shuffle(deck)": "random.shuffle(deck)"},
           {DEAL, CHECK_GAME}),
]
