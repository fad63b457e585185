"""Exercise 6, a bot that beats cautious_bot: bots that should not pass.

The random ones draw from a generator seeded by the position (as the kit's cautious_bot does),
so that they play the same way however often and in whatever order the checks run them.
"""
from mutants import Mutant

VISIBLE, HIDDEN = "beats-cautious", "beats-cautious-often"
KEEP = 'keep = {"9": 6, "10": 5, "A": 3, "4": 1}'
BEST = "    return max(view.legal_moves, key=score)"
SEEDED = ("    import random\n"
          "    chooser = random.Random(f'{SEED}:{view.round}:{len(view.history)}:{view.count}')\n")
MINE = ("    def mine(m):\n"
        "        return sum(p.tokens for p in view.rules.penalties(view.count, count_after(view, m))\n"
        "                   if p.who == 'player')\n")
# The seed that makes "keep only the 10" pass the visible sequential test by luck, found by trying
# seeds 1, 2, 3... as a learner might: the first to pass it (the hidden test then fails it).
LUCKY = 109


def seeded(seed: int, rule: str) -> str:
    return SEEDED.replace("SEED", str(seed)) + rule


MUTANTS = [
    # The kit's own bot under another name: as good as cautious_bot, and not the learner's.
    Mutant("cautious-bot-renamed", {BEST: "    return cautious_bot(view)"}, {VISIBLE, HIDDEN}),
    # The kit's stronger bot under another name.
    Mutant("expert-bot-renamed",
           {BEST: "    from ninetynine.bots import expert_bot\n    return expert_bot(view)"},
           {VISIBLE, HIDDEN}),
    # Random, with one obvious fix: never go over 99.
    Mutant("avoids-going-over-only",
           {BEST: seeded(0, "    safe = [m for m in view.legal_moves if count_after(view, m) <= 99]\n"
                            "    return chooser.choice(safe or view.legal_moves)")}, {VISIBLE, HIDDEN}),
    # Random among the moves that cost it nothing: what beats random_bot, not cautious_bot.
    Mutant("avoids-every-penalty-at-random",
           {BEST: seeded(0, MINE + "    least = min(map(mine, view.legal_moves))\n"
                                   "    return chooser.choice([m for m in view.legal_moves if mine(m) == least])")},
           {VISIBLE, HIDDEN}),
    # Makes the others pay, but spends its 9, 10 and Ace like any card: no better than cautious.
    Mutant("forgets-to-keep-escape-cards", {KEEP: "keep = {}"}, {VISIBLE, HIDDEN}),
    # Keeps only its 10, random among equal moves, with the seed that passed the visible match.
    Mutant("lucky-seed-for-the-visible-match",
           {KEEP: 'keep = {"10": 5}',
            BEST: seeded(LUCKY, "    best = max(map(score, view.legal_moves))\n"
                                "    return chooser.choice([m for m in view.legal_moves if score(m) == best])")},
           {HIDDEN}, visible=False),
]
