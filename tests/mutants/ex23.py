"""Exercise 23 (a best response and exploitability on a game tree): plausible wrong answers."""
from . import Mutant

BEST, EXPLOIT = "best-response", "exploitability"
OWN = "memo[node] = value(children[node][choose(infoset[node])])"
SIGN = "sign = 1 if seat == 0 else -1"
OTHERS = "stack.extend((child, reach * p) for p, child in zip(table[infoset[node]], children[node]))"
START = 'stack = [(node, p) for p, node in tree["roots"]]'
TOTAL = 'return sum(p * value(node) for p, node in tree["roots"])'
WEIGHED = "totals[action] += reach * value(child)"
AVERAGE = "return (best_response_value(tree, table, 0) + best_response_value(tree, table, 1)) / 2"

MUTANTS = [
    Mutant("a choice node by node, as if the seat saw everything",
           {OWN: "memo[node] = max(value(child) for child in children[node])"}, {BEST}),
    Mutant("seat 1's winnings not turned round", {SIGN: "sign = 1"}, {BEST}),
    Mutant("the other seat's probabilities left out of the weights",
           {OTHERS: "stack.extend((child, reach) for p, child in zip(table[infoset[node]], children[node]))"},
           {BEST}),
    Mutant("the nodes of a set not weighed at all", {WEIGHED: "totals[action] += value(child)"}, {BEST}),
    Mutant("the deals' probabilities left out of the weights",
           {START: 'stack = [(node, 1) for p, node in tree["roots"]]'}, {BEST}),
    Mutant("the deals added up, not weighed", {TOTAL: 'return sum(value(node) for p, node in tree["roots"])'},
           {BEST}),
    Mutant("the worst move, not the best",
           {"max(range(len(totals)), key=totals.__getitem__)": "min(range(len(totals)), key=totals.__getitem__)"},
           {BEST}),
    Mutant("the value of the table itself, no best response",
           {OWN: "memo[node] = sum(p * value(child) for p, child in zip(table[infoset[node]], children[node]))"},
           {BEST}),
    Mutant("the kit's best response",
           {SIGN: "kit = object.__new__(cfr.GameTree)\n"
                  "    kit.mover, kit.infoset, kit.payoff = mover, infoset, payoff\n"
                  "    kit.children, kit.roots = children, [(p, node) for p, node in tree['roots']]\n"
                  "    kit.moves_of = [list(range(len(row))) for row in table]\n"
                  "    return cfr.best_response(kit, table, seat)[0]\n    " + SIGN}, {BEST}),
    Mutant("not halved", {AVERAGE: "return best_response_value(tree, table, 0) + best_response_value(tree, table, 1)"},
           {EXPLOIT}),
    Mutant("seat 0 alone", {AVERAGE: "return best_response_value(tree, table, 0)"}, {EXPLOIT}),
    Mutant("the difference of the two seats",
           {AVERAGE: "return (best_response_value(tree, table, 0) - best_response_value(tree, table, 1)) / 2"},
           {EXPLOIT}),
    Mutant("the larger of the two seats",
           {AVERAGE: "return max(best_response_value(tree, table, 0), best_response_value(tree, table, 1))"},
           {EXPLOIT}),
]
