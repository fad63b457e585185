"""Exercise 13 (Ninety-Nine: who wins a trick): plausible wrong answers."""
from . import Mutant

TIER = "tier = 2 if trumps and card.suit == trumps else 1 if card.suit == led else 0"
RANK = "return (tier, RANKS.index(card.rank))"
ALL = {"winner-examples", "winner-joker"}

MUTANTS = [
    Mutant("trumps forgotten", {TIER: "tier = 1 if card.suit == led else 0"}, ALL),
    Mutant("the highest card wins whatever its suit",
           {TIER: "tier = 2 if trumps and card.suit == trumps else 1"}, ALL),
    Mutant("the Ace low", {RANK: 'return (tier, (("A",) + RANKS[:-1]).index(card.rank))'}, ALL),
    Mutant("ranks compared as text", {RANK: "return (tier, card.rank)"}, ALL),
    Mutant("the first trump wins, not the highest",
           {RANK: "return (tier, RANKS.index(card.rank) if tier < 2 else -position)"}, ALL),
    Mutant("the turn-up's suit is trumps, even for a 9 or with no turn-up",
           {TIER: "tier = 2 if card.suit == turn_up.suit else 1 if card.suit == led else 0"}, ALL),
    Mutant("the Joker kept as it is", {"return turn_up if card == JOKER else card": "return card"},
           {"winner-joker"}),
    Mutant("a Joker led leads no suit", {"led = real(trick[0]).suit": "led = trick[0].suit"},
           {"winner-joker"}),
    Mutant("the Joker as the highest trump",
           {RANK: "return (3, 0) if trick[position] == JOKER else (tier, RANKS.index(card.rank))"},
           {"winner-joker"}),
    Mutant("the winning card instead of its place",
           {"return max(range(len(trick)), key=strength)":
            "return trick[max(range(len(trick)), key=strength)]"}, ALL),
]
