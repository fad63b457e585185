"""Class tournaments: learners' bots play each other in a league, and are rated.

``ninetynine tournament SUBMISSION... --game NAME`` (``command.py``) reads every learner's bot
(``my_bot`` in a strategy exercise's notebook or a ``.py`` file; ``my_bid`` for the trick-taking
game) and plays a league:

- ``referee.py``: the schedule (every line-up of bots plays the same deals, seats rotated) and one
  game: the referee holds the real state and asks each seat's contestant for a move; a bot that
  crashes, is too slow or answers an illegal move forfeits that game with a reason;
- ``contestants.py``: what the referee talks to (the kit's own bots, and a learner's file run in
  this process for the kit's tests); ``sandboxed.py``: a learner's file in its own sandbox,
  reached through the grader's plain-data channel (``grading.channel``); ``idle.py``: the
  processor time a sandbox uses between its moves;
- ``plain.py``: a view as plain data, and back; ``seat.py``: the learner's side of a seat;
- ``run.py``: the league played here, or on a Dask cluster (``--scheduler``);
- ``results.py``: ratings (openskill), win rates with Wilson intervals, head-to-head, the CSV
  files and the HTML report.
"""
