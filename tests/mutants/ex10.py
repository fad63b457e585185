"""Exercise 10 (The Game of 99: teams and lines of five): plausible wrong answers."""
from . import Mutant

LINES = {"lines-examples", "lines-everywhere"}

MUTANTS = [
    Mutant("two teams whatever the players",
           {"teams = players // 2 if players in (4, 6) else players": "teams = 2"}, {"teams"}),
    Mutant("partners side by side",
           {"return seat % teams": "return seat // 2 if players in (4, 6) else seat"}, {"teams"}),
    Mutant("six players as two teams of three",
           {"teams = players // 2 if players in (4, 6) else players":
            "teams = 2 if players in (4, 6) else players"}, {"teams"}),
    Mutant("three players as one team",
           {"if players in (4, 6) else players": "if players >= 3 else players"}, {"teams"}),
    Mutant("six needed (threshold off by one)", {"if run >= 5:": "if run > 5:"}, LINES),
    Mutant("four win (threshold off by one)", {"if run >= 5:": "if run >= 4:"}, LINES),
    Mutant("rows and columns only",
           {"((0, 1), (1, 0), (1, 1), (1, -1))": "((0, 1), (1, 0))"}, LINES),
    Mutant("one diagonal forgotten",
           {"((0, 1), (1, 0), (1, 1), (1, -1))": "((0, 1), (1, 0), (1, 1))"}, LINES),
    Mutant("walks one way from the square", {"for sign in (1, -1):": "for sign in (1,):"}, LINES),
    Mutant("the board wraps round at its left and top edges",
           {"inside = 0 <= row < 10 and 0 <= col < 10": "inside = row < 10 and col < 10"}, LINES),
    Mutant("the bottom row left out",
           {"inside = 0 <= row < 10 and 0 <= col < 10": "inside = 0 <= row < 9 and 0 <= col < 10"},
           LINES),
    Mutant("seats counted instead of teams",
           {"team_of(holder, players) == team": "holder == owner[square]"}, LINES),
    Mutant("any marker counts, the other team's too",
           {"return holder is not None and team_of(holder, players) == team":
            "return holder is not None"}, LINES),
    Mutant("an empty square not handled",
           {"    if owner[square] is None:\n        return False\n": ""}, LINES),
]
