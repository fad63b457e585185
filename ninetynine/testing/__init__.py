"""A conformance suite for any game that follows the kit's protocol: ``check_game``.

Every game of the kit promises the same things (``docs/architecture.md``, "The protocol"): stable
legal moves, refusals that change nothing, independent copies, faithful saves, the same game for
the same seed, an end, a result that adds up, and views that hide what they must. ``check_game``
plays many seeded games with random legal moves and checks every promise, so a new game - yours
too - is tested by the same few lines as the kit's own::

    from ninetynine.testing import check_game
    assert check_game(my_game) == []

It returns a list of failures, each one sentence that names the check, the seed and the move,
and says what went wrong (an empty list when everything holds)::

    copy independence, seed 3, after move 12 (AS +11): playing on the copy changed the original
    (the save differs at ['hands'][1]).

``random_game(game, seed=3, moves=12)`` gives you that very position, to look at it yourself.
Each check reports one failure per seed at most, and three seeds at most (then how many more).

The checks
----------
The legal moves and the end of the game are checked after every move; the rest look closely at
three positions of each game (the start, one chosen at random, the end). ``runner.py`` tells how.

- **legal moves**: ``legal_moves()`` gives the same list twice, in the same order, with no move
  twice; each legal move can be played (some are tried on copies, half of them as their text
  when the state has ``parse_move``);
- **game over**: ``is_over`` exactly when ``to_move`` is None, moves exactly while the game goes
  on, no winner before the end; **game end**: every game ends within ``max_moves`` moves;
- **standings**: at the end every seat is ranked once, ranks run from 1 up, the winner is ranked
  first, and ``winner`` is None only when first place is shared;
- **illegal moves**: moves that are not legal here (moves legal elsewhere in the game, their
  text, text that is no move, None) raise ``IllegalMove`` (or another ``ValueError``) with a
  message, and the save (``to_json``) is the same before and after;
- **same seed**: two games made with one seed, given the same moves, give the same legal moves,
  the same events and the same save, whatever else uses Python's shared ``random`` meanwhile;
- **copy independence**: a copy starts equal; playing the copy on leaves the original as it
  was, playing the original on leaves the copy as it was, and the copy then plays the same moves
  with the same legal moves and events, to the same position;
- **save and load**: ``game.from_json(state.to_json())`` loads, saves the same text, and plays
  on exactly like the original (the same legal moves, events and position);
- **move text** (for states with ``parse_move``): ``parse_move(str(move)) == move``;
- **views**: asking for a view changes nothing, and no view holds one of the state's own lists
  (a bot that changed it would change the game);
- **hidden information**: no view shows what its seat may not know (below, and ``hidden.py``).

The declaration of hidden information
-------------------------------------
What may a seat not know? Only the game can say, so each game says it with one method on its
state, ``hidden_from(seat)``. It answers a dict: for each hidden place, a name (used in the
sentences) and the state's own list of what lies there. For the running-total game::

    def hidden_from(self, seat):
        hidden = {f"seat {other}'s hand": hand
                  for other, hand in enumerate(self.hands) if other != seat}
        hidden["the deck"] = self.deck
        return hidden

Three rules make the answer useful:

1. return the state's own lists, not copies: the check changes them in a copy of the state;
2. list only places whose contents could be swapped among them as far as ``seat`` can tell -
   the sizes of the places may be public, which cards lie where and in what order may not;
3. leave out what the seat may see: its own hand, cards face up (a revealed hand, a declared
   bid), the discard pile. A game with no secrets returns ``{}``.

From that answer the check builds other worlds: it deals the hidden cards differently among
the hidden places (and, across one move, swaps two hidden cards, one of them a card the move
carries, such as the card another seat draws). The seat cannot tell these worlds apart, so its
view must be exactly the same in all of them; where it is not, the sentence names the part of
the view that gave the secret away. It also walks the view, as a curious bot would, and fails a
view that holds a hidden list itself.

What the check assumes
----------------------
Only the protocol: ``game.new_game(seed)`` and ``game.from_json(text)``; ``state.to_move``,
``is_over``, ``winner``, ``standings()`` (objects with ``.seat`` and ``.rank``),
``legal_moves()``, ``play(move)`` (returns a list of events, raises ``IllegalMove`` - a
``ValueError`` - for a move it refuses), ``view(seat)``, ``copy()``, ``to_json()``; the number of
seats in ``state.players`` or ``game.players``; and ``hidden_from(seat)``. Moves and events are
compared with ``==``, or part by part when their class has no ``==``.

Limits
------
- The games are random legal moves: a rule reached only by careful play may never be tried.
- The worlds are compared at a position and across the next move. A secret from an earlier
  round that a view still shows (a hand of the last deal, kept in the history) is out of reach
  once the cards are dealt again: a game keeps its own tests of what its events hide.
- A world the rules themselves tell apart is not used. Where the rules announce something about
  a hidden hand (RS Games' "no safe card", the Taiwanese "no playable card"), the move is skipped
  rather than the announcement called a leak.

With the default 50 games, ``check_game`` takes from one to five seconds for a game of the kit.

>>> import ninetynine as nn
>>> check_game(nn.make("quentin_c", players=3), games=3)
[]
>>> state = nn.make("quentin_c", players=2).setup(count=10, hands=["6C 9D", "7C 7D"], deck="2C 3C")
>>> {place: " ".join(map(str, cards)) for place, cards in state.hidden_from(0).items()}
{"seat 1's hand": '7C 7D', 'the deck': '2C 3C'}
"""
from __future__ import annotations

import random

from .runner import CHECK_NAMES, GameRun, Report, crashed

__all__ = ["check_game", "random_game", "CHECK_NAMES"]


def check_game(game, games: int = 50, seed: int = 0, max_moves: int = 10_000) -> list[str]:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...) of ``game`` with random legal
    moves and check every promise of the protocol; return the failures as sentences, [] if none.

    max_moves   a game still going after this many moves fails "game end"
    Each check reports at most one failure per seed, and three seeds per check (then it says how
    many more seeds failed it).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number from 1 up, not {games!r}.")
    report, run = Report(), _run_for(game)
    for number in range(seed, seed + games):
        try:
            run(game, number, max_moves, report).run()
        except Exception as error:           # a game so broken that the checks themselves stop
            report.add("play", number, "", f"the checks of this game stopped: {crashed(error)}")
    return report.sentences()


#: how ``check_game`` plays a kind of game object that is not an ordinary one (``play_with``)
_RUNS: dict[type, type] = {}


def play_with(kind: type, run: type) -> None:
    """Have ``check_game`` check game objects of class ``kind`` with ``run`` (a ``GameRun``
    subclass). The grader adds its own (``ninetynine/grading/game_check.py``): a learner's game
    held in the learner's process (a ``ninetynine.grading.channel.Remote``) is checked by the same
    checks, decided in the grader, asking the learner's game in few messages."""
    _RUNS[kind] = run


def _run_for(game) -> type:
    """The run that checks ``game``: ``GameRun``, unless ``play_with`` named another for its kind."""
    for kind, run in _RUNS.items():
        if isinstance(game, kind):
            return run
    return GameRun


def random_game(game, seed: int, moves: int | None = None):
    """The game ``check_game`` plays with ``seed``, after ``moves`` moves (None: to the end).

    A failure "seed 3, after move 12" is the position ``random_game(game, seed=3, moves=12)``.

    >>> import ninetynine as nn
    >>> state = random_game(nn.make("board", players=2), seed=3, moves=4)
    >>> len(state.history) > 4
    True
    """
    state = game.new_game(seed=seed)
    mover = random.Random(seed)
    played = 0
    while not state.is_over and (moves is None or played < moves):
        state.play(mover.choice(state.legal_moves()))
        played += 1
    return state
