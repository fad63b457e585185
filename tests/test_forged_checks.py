"""Exercises 20 and 21 decided in the grader: a learner who forges a check's verdict in its own
process gains nothing.

Until these exercises' checks ran in the grader, their check code ran inside the learner's
sandbox and only ``{"passed": ...}`` came back, so one line in a cell -
``c._SERVER.op_check = lambda m: {"passed": True}`` - got full marks (13 of 13 and 11 of 11,
checked before the change). Now every check of both runs in the grader (``runner.Placement``:
the source notebooks' ``grader-helpers`` cells are defined in the grader), exercise 21's
``check_game`` too (``grading.game_check``): the learner's process only answers calls with plain
data, and no request asks it for a verdict. The submissions are built here from the learners'
notebooks in ``exercises/``, graded in the sandbox, each attack beside an honest control.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from machine import skip_without_bwrap
from ninetynine.grading.channel import Learner
from ninetynine.grading.notebooks import BEGIN_SOLUTION, read
from ninetynine.grading.runner import GRADED, TAMPERED, grade_submission

ROOT = Path(__file__).resolve().parents[1]

skip_without_bwrap("forged submissions")

#: Each forgery graded in a sandbox: ``make test-all`` runs them (the ``slow`` mark, pyproject.toml).
pytestmark = [pytest.mark.usefixtures("grading_mode"), pytest.mark.slow]

FORGE_THE_CHECK = ('import ninetynine.grading.channel as c; '
                   'c.current_server().op_check = lambda m: {"passed": True}')
FORGE_EXEC = '''import builtins
real_exec = builtins.exec


def exec(code, *spaces):
    "Run the code, and let no check fail."
    try:
        real_exec(code, *spaces)
    except Exception:
        pass


builtins.exec = exec'''
#: the moves of one seeded game, the first legal move each time (run here and in the sandbox)
TURNS = """

def turns(game):
    state, moves = game.new_game(seed=3), []
    while not state.is_over and len(moves) < 300:
        moves.append((state.to_move, str(state.legal_moves()[0])))
        state.play(state.legal_moves()[0])
    return moves
"""
STUB = re.compile(r"# YOUR CODE HERE\n\s*raise NotImplementedError\(\)")


def submission(tmp_path: Path, name: str, exercise: str, forgery: str, answers: list[str]) -> Path:
    """The learner's notebook of ``exercise``, its first stubs replaced by ``answers`` (in
    order), and ``forgery`` in a cell of its own after the answers."""
    notebook = read(ROOT / "exercises" / f"{exercise}.ipynb")
    for cell in notebook.cells:
        while answers and cell.cell_type == "code" and STUB.search(cell.source):
            cell.source = STUB.sub(lambda _: answers.pop(0), cell.source, count=1)
    notebook.cells.insert(3, nbformat.v4.new_code_cell(forgery))
    path = tmp_path / f"{name}-{exercise}.ipynb"
    nbformat.write(notebook, path)
    return path


def solution_regions(exercise: str, first: int, last: int) -> list[str]:
    """The reference solution's regions ``first`` to ``last`` (counted from 0), as code."""
    code = "\n".join(cell.source for cell in read(ROOT / "solutions" / f"{exercise}.ipynb").cells
                     if cell.cell_type == "code")
    regions = re.findall(rf"{BEGIN_SOLUTION}\n(.*?)\n\s*### END SOLUTION", code, flags=re.S)
    return [region.strip() for region in regions[first:last + 1]]


def verdicts(result) -> dict[str, bool]:
    return {check.grade_id: check.passed for check in result.checks}


def test_a_forged_check_of_exercise_20_gets_the_true_score(tmp_path):
    # a test that plays nothing: it passes the real engine (1 point) and catches no bug
    path = submission(tmp_path, "vic", "20-property-test", FORGE_THE_CHECK, ["pass"])
    result = grade_submission(path, ROOT / "solutions" / "20-property-test.ipynb", "vic", 30)
    assert result.status == GRADED, result
    assert verdicts(result) == {"real-engine": True, "count": False, "cards": False,
                                "tokens": False, "turns": False, "copies-and-views": False}
    assert result.score == 1
    assert all(check.message.startswith("Your test passed on an engine")
               for check in result.checks if not check.passed), result.checks


SNIFFERS = {
    "by its type": 'assert type(game).__name__ == "CountingGame", "a planted engine"',
    "by its state's type": 'assert type(game.new_game(seed=0)).__name__ == "CountingState", "planted"',
    "by its rule set's name": 'assert game.rules.name == "quentin_c", "a planted rule set"',
}


@pytest.mark.parametrize("how", SNIFFERS)
def test_a_test_that_tells_a_planted_engine_by_a_name_catches_nothing(tmp_path, how):
    """The real engine the checks use is a ``Planted`` with nothing replaced, and planted rule
    sets keep Quentin C's name: a "test" that only looks at names catches no bug, at most it
    passes the real engine as a test that does nothing would (``type(game)`` on the real engine
    was ``CountingGame``, and such a test got 11 of 11)."""
    path = submission(tmp_path, "yul", "20-property-test", "pass", [SNIFFERS[how]])
    result = grade_submission(path, ROOT / "solutions" / "20-property-test.ipynb", "yul", 30)
    assert result.status == GRADED and result.score <= 1, result.checks
    assert not any(check.passed for check in result.checks if check.grade_id != "real-engine")


#: A "test" of exercise 20 that plays nothing: it tells an engine by how it is built - the classes
#: of the game and of its states, their attributes, each method's name, code and source, the rule
#: set (is it Quentin C's own, its floor, its penalties' name, code and source) - and fails on an
#: engine built otherwise than the real one. Which is the real one, it learns either from the
#: first engine it is given (the checks start with the real engine) or from the exercise's own
#: ``Planted()``, made in its process. The test_engine it defines replaces the learner's.
STRUCTURE = '''import inspect

from ninetynine.counting.rules import QUENTIN_C


def shape(thing):
    "The class of `thing`, its attributes, and each method's name, code and source."
    kind = type(thing)
    methods = []
    for klass in kind.__mro__:
        for name, value in sorted(vars(klass).items()):
            if name == "__slotnames__":      # what pickling a class adds to it
                continue
            function = getattr(value, "__func__", value)
            code = getattr(function, "__code__", None)
            try:
                source = inspect.getsource(function)
            except (OSError, TypeError):
                source = None
            methods.append((klass.__qualname__, name, code.co_code if code else None, source))
    return kind.__module__, kind.__qualname__, sorted(vars(thing)), methods


def structure(game):
    "Everything about an engine but how it plays."
    rules, state = game.rules, game.new_game(seed=0)
    penalties = rules.penalties
    try:
        said = inspect.getsource(penalties)
    except (OSError, TypeError):
        said = None
    return (shape(game), shape(state), sorted(type(state).__dict__), rules is QUENTIN_C, rules.name,
            rules.floor, penalties.__name__, penalties.__code__.co_code, said)


REAL = []
'''
LEARNS = {
    "from the first engine": '''

def test_engine(game):
    seen = structure(game)
    if not REAL:
        REAL.append(seen)            # the checks start with the real engine
    assert seen == REAL[0], "an engine built otherwise than the real one"
''',
    "from Planted() in its own process": '''

def test_engine(game):
    assert structure(game) == structure(Planted(players=game.players)), (
        "an engine built otherwise than the real one")
''',
}
BY_VALUE = ("        with lent as engine:\n            test_engine(engine)\n",
            "        test_engine(game)\n")


def engines_sent_by_value(tmp_path: Path) -> Path:
    """Exercise 20's solution as it was graded before its engines were lent: each engine sent to
    the learner's process by value (its classes and functions with cloudpickle), the learner's
    test run on it there."""
    notebook = read(ROOT / "solutions" / "20-property-test.ipynb")
    helpers = [cell for cell in notebook.cells if BY_VALUE[0] in cell.source]
    assert len(helpers) == 1, "the solution's outcome() no longer lends the engine as expected"
    helpers[0].source = helpers[0].source.replace(*BY_VALUE)
    path = tmp_path / "by-value" / "20-property-test.ipynb"
    path.parent.mkdir()
    nbformat.write(notebook, path)
    return path


def test_a_test_that_tells_engines_by_how_they_are_built_catches_no_bug(tmp_path):
    """Issue 28: planted engines cannot be told from the real one by type, rule set, attributes
    or method names - only by playing. The checks lend every engine (``lending.lend``): it stays
    in the grader, and the learner's test gets a ``LentGame``, the same for every engine, with the
    kit's own rule set and data as plain values. The control: graded as before, with the engines
    sent by value, each "test" of ``LEARNS`` got 11 of 11. Now neither catches a bug, while the
    reference solution, graded in the same process after them, gets 11 of 11 (its fingerprint of
    the kit matches the learner's though the grader has lent engines before)."""
    by_value = engines_sent_by_value(tmp_path)
    for number, (learns, code) in enumerate(LEARNS.items()):
        attack = submission(tmp_path, f"zed{number}", "20-property-test", STRUCTURE + code,
                            ["pass"])
        notebook = read(attack)         # without the try-it cell: it runs it on engines of its own
        notebook.cells = [cell for cell in notebook.cells
                          if "try-it" not in cell.metadata.get("tags", [])]
        nbformat.write(notebook, attack)
        control = grade_submission(attack, by_value, "zed", 60)
        assert (control.status, control.score, control.max_score) == (GRADED, 11, 11), (
            learns, control.checks)

        result = grade_submission(attack, ROOT / "solutions" / "20-property-test.ipynb", "zed", 60)
        assert result.status == GRADED, (learns, result)
        caught = [check for check in result.checks if check.grade_id != "real-engine"]
        assert not any(check.passed for check in caught), (learns, result.checks)
        assert result.score == (learns == "from the first engine"), (learns, result.checks)
        assert all(check.message.startswith(("Your test passed on an engine",
                                             "Your test fails on the real engine"))
                   for check in caught), (learns, result.checks)

    reference = submission(tmp_path, "ref", "20-property-test", "pass",
                           solution_regions("20-property-test", 0, 0))
    graded = grade_submission(reference, ROOT / "solutions" / "20-property-test.ipynb", "ref", 60)
    assert (graded.status, graded.score, graded.max_score) == (GRADED, 11, 11), graded.checks


#: Exercise 21's ``FifteenGame`` as a stub that fails ``check_game`` and forges its verdict in its
#: own process, while the check runs (``check_game`` alone asks ``new_game(seed=...)`` by keyword).
FORGERIES = {
    # the one line that got full marks when check-game ran in the learner's process
    "op_check replaced": FORGE_THE_CHECK,
    # a passing answer written on the grader's pipe, under the id of the question being asked
    "a passing reply on the pipe": '''import ninetynine.grading.channel as channel


class FifteenGame:
    name, players = "fifteen", 2

    def new_game(self, *args, **kwargs):
        if "seed" in kwargs:
            server = channel.current_server()
            server.answer({"passed": True, "id": server.asked[-1]})
        raise NotImplementedError()
''',
    # every question answered "passed" from then on, by the server class's own method
    "every question answered passed": '''import ninetynine.grading.channel as channel


class FifteenGame:
    name, players = "fifteen", 2

    def new_game(self, *args, **kwargs):
        if "seed" in kwargs:
            channel.Server.op_steps = lambda server, message: {"passed": True}
        raise NotImplementedError()
''',
}


@pytest.fixture(scope="module")
def reference_21(tmp_path_factory):
    """The honest control: the reference solution of exercise 21, graded in the same run."""
    answers = solution_regions("21-your-own-game", 0, 9)
    path = submission(tmp_path_factory.mktemp("ref"), "ref", "21-your-own-game", "pass", answers)
    return grade_submission(path, ROOT / "solutions" / "21-your-own-game.ipynb", "ref", 60)


@pytest.mark.parametrize("forgery", FORGERIES)
def test_a_forged_verdict_of_check_game_scores_nothing(tmp_path, forgery, reference_21):
    """Exercise 21's check-game is decided in the grader (``game_check.ChannelGameRun``): no
    request asks the learner's process for a verdict, so a forged one is never read as one. A
    learner's process that answers "passed" to the questions instead fails them: an answer that
    is no answer to the question asked, or one under another question's id, stops the process."""
    # parse_move and legal_moves written (the 'moves' check), the rest left as stubs
    answers = solution_regions("21-your-own-game", 0, 1)
    path = submission(tmp_path, "wes", "21-your-own-game", FORGERIES[forgery], answers)
    result = grade_submission(path, ROOT / "solutions" / "21-your-own-game.ipynb", "wes", 30)
    game_check = verdicts(result)["check-game"], result.checks[-1].points
    assert game_check == (False, 0), result.checks
    if forgery == "a passing reply on the pipe":     # the channel stopped the process
        assert (result.status, result.score) == ("kernel stopped", 0), result
    else:
        assert result.status == GRADED and result.score == 1, result
        assert verdicts(result) == {"moves": True, "play-rules": False, "result": False,
                                    "view": False, "copy-save": False, "deal": False,
                                    "check-game": False}, result.checks
        assert "`new_game` is not written yet" in result.checks[-1].message
    assert (reference_21.status, reference_21.score, reference_21.max_score) == (GRADED, 13, 13), \
        reference_21.checks


def test_views_that_share_the_states_list_fail_check_game_when_graded(tmp_path, reference_21):
    """An identity bug, found in the grader: the view holds the state's own list of the seat's
    hand (a bot that changed it would change the game). The grader tells the lists apart by
    their numbers in the learner's process."""
    answers = solution_regions("21-your-own-game", 0, 9)
    assert "tuple(self.hands[seat])" in answers[4], "the view's region moved"
    answers[4] = answers[4].replace("tuple(self.hands[seat])", "self.hands[seat]")
    path = submission(tmp_path, "yan", "21-your-own-game", "pass", answers)
    result = grade_submission(path, ROOT / "solutions" / "21-your-own-game.ipynb", "yan", 60)
    assert result.status == GRADED, result
    failed = {check.grade_id for check in result.checks if not check.passed}
    assert failed == {"view", "check-game"}, result.checks
    assert "view(0) holds the state's own state.hands[0] at view.hand" in \
        result.checks[-1].message, result.checks[-1]
    assert reference_21.score == 13, reference_21.checks


def test_replacing_exec_in_the_learners_process_fails_the_submission(tmp_path):
    path = submission(tmp_path, "xan", "21-your-own-game", FORGE_EXEC, [])
    result = grade_submission(path, ROOT / "solutions" / "21-your-own-game.ipynb", "xan", 30)
    assert (result.status, result.score) == (TAMPERED, 0), result
    assert "built-in functions" in result.message


def test_given_classes_cross_by_their_fields_and_planted_games_arrive_whole():
    """The channel's part: the exercise's given dataclasses come back as the grader's own
    (a learner's ``__eq__`` that is always true is gone), go there as the learner's own;
    attributes set on a learner's object are set there; one object is one ``Remote``; and a
    game with a planted bug, sent by value, plays there exactly as here."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Played:
        seat: int
        card: int

    space = {"__name__": "__main__"}
    exec(compile(read(ROOT / "solutions" / "20-property-test.ipynb").cells[1].source,
                 "helpers", "exec"), space)
    from ninetynine.counting.state import CountingState

    def skip_too_many(self, seat, effect, move, events):
        following = CountingState._turn_effects(self, seat, effect, move, events)
        return self._next_seat(following) if effect.skip else following

    exec(TURNS, space)
    planted = space["Planted"](players=3, _turn_effects=skip_too_many)
    with Learner() as learner:
        learner.run('''from dataclasses import dataclass
import ninetynine as nn


@dataclass(frozen=True)
class Played:
    seat: int
    card: int

    def __eq__(self, other):
        return True


class Box:
    pass


box = Box()


def history():
    return [Played(0, 3), Played(1, 4)]


def knows(event):
    return type(event) is Played and event == "anything"


def same(one, other):
    return one is other


def whole_deck(game):
    from collections import Counter
    return Counter(game.rules.deck) == Counter(nn.make("quentin_c").rules.deck)''' + TURNS)
        learner.give({"Played": Played})
        names = learner.names()
        got = names["history"]()
        assert got == [Played(0, 3), Played(1, 4)] and got != [Played(0, 3), Played(1, 5)]
        assert type(got[0]) is Played
        assert names["knows"](Played(2, 5)) is True          # the learner's own class there
        box = names["box"]
        box.total = 9
        assert box.total == 9 and names["same"](box, box) and learner.names()["box"] is box
        turns = space["turns"]
        assert names["turns"](planted) == turns(planted) != turns(space["Planted"](players=3))
        assert names["whole_deck"](planted)        # its cards hashed there, not here


def test_attributes_read_ahead_are_never_stale():
    """Under grader-side helpers a getattr, call or setattr also brings the object's attributes
    and methods, kept until the learner's code next runs: reading a state field by field crosses
    once, and nothing read is older than the learner's last code."""
    with Learner() as learner:
        learner.run('''class Tally:
    def __init__(self):
        self.n, self.seen = 0, []

    def bump(self):
        self.n += 1
        self.seen.append(self.n)

    @property
    def peek(self):
        self.n += 10          # reading this runs the learner's code
        return self.n''')
        learner.read_ahead = True
        trips = []
        request = learner._request
        learner._request = lambda message, timeout=None: trips.append(message["op"]) or request(message, timeout)
        tally = learner.names()["Tally"]()
        assert (tally.n, tally.seen) == (0, []) and trips == ["names", "call"]   # came with the call
        tally.seen.append(99)                     # a fresh copy each time: the cache is untouched
        tally.bump()
        assert (tally.n, tally.seen) == (1, [1]) and trips[-1] == "call"
        tally.n = 5
        assert tally.n == 5 and trips[-1] == "setattr"
        assert tally.peek == 15 and tally.n == 15 and trips.count("getattr") == 1


def test_a_bot_over_exercise_18_s_time_budget_fails_when_graded_in_the_sandbox(tmp_path):
    """The budget is the bot's own processor time, counted where it runs: under the grader the
    bot runs in the sandbox, so ``checking.timed_call`` reads the sandbox's processor time from
    the kernel (its cgroup) around a live call. Timed here, in the grader's process, the bot
    cost nothing, and a bot five times over the budget got full marks."""
    answers = solution_regions("18-monte-carlo-bot", 0, 2)
    answers[2] = answers[2].replace("for _ in range(WORLDS):", "for _ in range(5 * WORLDS):")
    path = submission(tmp_path, "zia", "18-monte-carlo-bot", "pass", answers)
    result = grade_submission(path, ROOT / "solutions" / "18-monte-carlo-bot.ipynb", "zia", 60)
    assert result.status == GRADED, result
    assert verdicts(result) == {"only-the-view": False, "reads-the-cards": True,
                                "holds-its-own": False, "holds-its-own-again": False}
    assert all("its budget on this machine is" in check.message for check in result.checks
               if not check.passed)


# --- a bot that reads the hidden cards of the check's own game -----------------------------------

#: Exercise 06's answer that plays at random, except when the real game it is asked about is in
#: its own process: then it tries each move on the real deal (the other hand and the deck
#: order), and wins. When checks were rehearsed, a check's match ran in the learner's process
#: first, where the calling frames held the real game, and the grader took the answers the
#: rehearsal recorded for the same views: this bot got full marks (checked before the fix). Now
#: nothing of a check runs in the learner's process.
PEEKER = '''import random
import sys

from ninetynine.bots import cautious_bot


def real_game(view):
    "The game behind this view, if the calling frames hold it."
    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if type(value).__name__ == "CountingState" and value.to_move == view.seat \\
                    and value.hands[view.seat] == view.hand and value.count == view.count:
                return value
        frame = frame.f_back
    return None


def my_bot(view):
    real = real_game(view)
    if real is None:
        return random.Random(f"{view.count}{view.hand}").choice(view.legal_moves)
    scores = {}
    for move in real.legal_moves():
        world = real.copy()
        world.play(move)
        while not world.is_over and world.round == real.round:
            world.play(cautious_bot(world.view(world.to_move)))
        scores[str(move)] = world.tokens[view.seat] - world.tokens[1 - view.seat]
    best = max(scores, key=scores.get)
    return next(move for move in view.legal_moves if str(move) == best)'''


def test_a_bot_that_reads_the_real_game_in_its_own_process_gains_nothing(tmp_path):
    """Exercise 06's matches run in the grader only (nothing of a check is rehearsed in the
    learner's process): it gets views, never the game, so the peeker plays at random and loses.
    (The exercise's try-it cells are left out: there the peeker does see its own match.)"""
    notebook = read(ROOT / "exercises" / "06-beat-cautious.ipynb")
    notebook.cells = [nbformat.v4.new_code_cell(PEEKER) if STUB.search(cell.source) else cell
                      for cell in notebook.cells if "try-it" not in cell.metadata.get("tags", [])]
    path = tmp_path / "una-06-beat-cautious.ipynb"
    nbformat.write(notebook, path)
    result = grade_submission(path, ROOT / "solutions" / "06-beat-cautious.ipynb", "una", 60)
    assert result.status == GRADED, result
    assert verdicts(result) == {"beats-cautious": False, "beats-cautious-often": False}, result.checks
    assert all(re.search(r"my_bot won \d+ of \d+ games", check.message)
               for check in result.checks), result.checks
