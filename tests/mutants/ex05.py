"""Exercise 5, a bot that beats random_bot: bots that should not pass.

The random ones draw from a generator seeded by the position (as the kit's cautious_bot does),
so that they play the same way however often and in whatever order the checks run them.
"""
from mutants import Mutant

VISIBLE, HIDDEN = "beats-random", "beats-random-often"
BEST = "    return max(view.legal_moves, key=score)"
SEEDED = ("    import random\n"
          "    chooser = random.Random(f'{SEED}:{view.round}:{len(view.history)}:{view.count}')\n")


def random_bot_that(rule: str, seed: int = 0) -> dict:
    """The solution's last line replaced by a random choice among the moves ``rule`` keeps."""
    return {BEST: SEEDED.replace("SEED", str(seed)) + rule}


SAFE = "    safe = [m for m in view.legal_moves if count_after(view, m) <= 99] or view.legal_moves\n"
LAND = ("    pay = {m: sum(p.tokens for p in view.rules.penalties(view.count, count_after(view, m))\n"
        "                  if p.who == 'others') for m in safe}\n"
        "    safe = [m for m in safe if pay[m] == max(pay.values())]\n")
# A seed that makes "avoid going over 99 and make them pay" pass the visible sequential test by
# luck, found by trying seeds as a learner might (it takes hundreds: the test passes this 87% bot
# about 1 time in 250); the hidden test then fails it.
LUCKY = 952

MUTANTS = [
    # The kit's weakest bot under another name.
    Mutant("random-bot-renamed", {BEST: "    return random_bot(view)"}, {VISIBLE, HIDDEN}),
    # Random, with one obvious fix: never go over 99.
    Mutant("avoids-going-over-only", random_bot_that(SAFE + "    return chooser.choice(safe)"),
           {VISIBLE, HIDDEN}),
    # Keep the count as low as possible (it never pays a penalty it can avoid, but it spends its
    # 9s and 10s at once and never makes the other player pay).
    Mutant("lowest-count",
           {BEST: "    return min(view.legal_moves, key=lambda move: count_after(view, move))"},
           {VISIBLE, HIDDEN}),
    # Two fixes: never go over 99, and land on 33, 66 or 99 when it can; passing 33 and 66 is
    # still left to chance.
    Mutant("avoids-going-over-and-lands",
           random_bot_that(SAFE + LAND + "    return chooser.choice(safe)"), {VISIBLE, HIDDEN}),
    # The same bot with the seed a learner kept after the visible match happened to pass.
    Mutant("lucky-seed-for-the-visible-match",
           random_bot_that(SAFE + LAND + "    return chooser.choice(safe)", LUCKY), {HIDDEN},
           visible=False),
    # The kit's own cautious_bot under another name.
    Mutant("cautious-bot-renamed",
           {BEST: "    from ninetynine.bots import cautious_bot\n    return cautious_bot(view)"},
           {VISIBLE, HIDDEN}),
    # The kit's expert only when the count is high.
    Mutant("expert-bot-when-in-danger",
           {BEST: "    from ninetynine.bots import expert_bot\n"
                  "    if view.count > 80:\n        return expert_bot(view)\n" + BEST},
           {VISIBLE, HIDDEN}),
]
