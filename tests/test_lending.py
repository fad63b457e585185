"""Lending the grader's engines to a learner's function (``ninetynine.grading.lending``).

Exercise 20's checks lend each engine - the real one and those with planted bugs - to the learner's
``test_engine``: the engine stays in the grader's process, and the learner's process gets a
``LentGame`` that plays it from there. These tests hold the promises of the module docstring, each
in a real sandbox: a lent engine plays as the grader's own, down to the identity of its lists;
nothing of a planted engine (its classes, functions, names, rule set) reaches the learner's
process; what the learner's process can see is the same for every engine; and lending leaves the
kit's fingerprint as it was. ``tests/test_forged_checks.py`` grades the attack that needed them.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from machine import skip_without_bwrap
from ninetynine.counting.events import TokensLost
from ninetynine.counting.rules import QUENTIN_C, Penalty, quentin_c_penalties
from ninetynine.counting.state import CountingState
from ninetynine.grading import integrity
from ninetynine.grading.channel import Learner
from ninetynine.grading.lending import LentGame, lend
from ninetynine.grading.notebooks import read
from ninetynine.testing import check_game

ROOT = Path(__file__).resolve().parents[1]

skip_without_bwrap("lent engines")


def planted_class():
    """Exercise 20's ``Planted``, from its solution's helpers, defined here (the grader's side)."""
    space = {"__name__": "__main__"}
    exec(compile(read(ROOT / "solutions" / "20-property-test.ipynb").cells[1].source,
                 "<the exercise's helpers>", "exec"), space)
    return space["Planted"]


def show_draws(self, seat):
    seen = CountingState.view(self, seat)
    seen.history = list(self.history)
    return seen


def share_hands(self):
    twin = CountingState.copy(self)
    twin.hands, twin.__class__ = self.hands, type(self)
    return twin


def landing_pays(old, new):
    return tuple(Penalty(p.who, -p.tokens, p.reason, p.ends_round) if p.reason == "landing" else p
                 for p in quentin_c_penalties(old, new))


def lose_them_all(self, seat, tokens, reason, by, events, card=None):
    self.tokens[seat] -= tokens
    self.last_loser = seat
    events.append(TokensLost(seat, tokens, reason, by, self.tokens[seat], card))


#: run in the learner's process (no exercise helpers there: whatever names a planted engine
#: would show could only have come from the grader)
LEARNER = '''import gc
import inspect
import random

from ninetynine.counting.rules import QUENTIN_C
from ninetynine.testing import check_game


def conformance(game):
    return check_game(game, games=3)


def everything_about(game):
    "What a test could look at besides playing: the same for every engine, or it tells them apart."
    state = game.new_game(seed=1)
    twin = state.copy()
    seen = {
        "types": [type(game).__module__, type(game).__qualname__, type(state).__qualname__,
                  type(twin).__qualname__, type(state.view(0)).__qualname__],
        "class dicts": [sorted(vars(type(game))), sorted(vars(type(state)))],
        "attributes": [sorted(vars(game)), sorted(vars(state)), sorted(dir(state))],
        "rules": [game.rules is state.rules is state.view(0).rules, game.rules is QUENTIN_C],
        "sources": [inspect.getsource(type(state).play), inspect.getsource(type(game).new_game)],
        "errors": [],
    }
    for poke in (lambda: state.view(9), lambda: state.view("x"), lambda: state.play("nonsense"),
                 lambda: game.from_json("{}"), lambda: game.setup(count=-5), lambda: state.view()):
        try:
            poke()
        except Exception as error:
            seen["errors"].append(f"{type(error).__name__}: {error}")
    return seen


def search(names):
    "Every object of this process whose name, text or code holds one of the grader's names."
    found = []
    for thing in gc.get_objects():
        module = getattr(thing, "__module__", None)
        if isinstance(module, str) and module.startswith("ninetynine"):
            continue                 # the kit's own code (its docstrings may name examples)
        texts = [getattr(thing, "__qualname__", ""), getattr(thing, "__name__", "")]
        if isinstance(thing, str):
            texts.append(thing)
        code = getattr(thing, "__code__", None)
        if code is not None:
            texts += [code.co_name, code.co_filename, *map(str, code.co_consts)]
        for text in texts:
            if isinstance(text, str) and any(name in text for name in names):
                found.append(repr(thing)[:80])
    return found


def play_about(game):
    "Play, copy, save, view, load and set up positions, as a test would, and provoke errors."
    said = []
    for seed in range(3):
        state = twin = game.new_game(seed=seed)
        mover = random.Random(seed)
        try:
            while not state.is_over:
                twin = state.copy()
                if not twin.is_over:
                    twin.play(mover.choice(twin.legal_moves()))
                state.play(mover.choice(state.legal_moves()))
            game.from_json(state.to_json()).view(0)
            said.append([state.view(seat).history[-3:] for seat in range(game.players)])
        except Exception as error:
            said.append(f"{type(error).__name__}: {error}")
    game.setup(count=20, hands=["6C 9D", "7C 7D", "2C"], deck="3C 4C")
    for poke in (lambda: state.view(), lambda: state.play(), lambda: twin.copy(1)):
        try:
            poke()
        except TypeError:
            pass
    return said
'''


@pytest.fixture(scope="module")
def learner():
    with Learner() as learner:
        learner.run(LEARNER)
        yield learner


def lent_call(learner, name, game):
    function = learner.function(name)
    with lend(game, to=function) as engine:
        return function(engine)


def test_check_game_finds_in_a_lent_engine_what_it_finds_in_the_grader_s(learner):
    """``check_game`` changes the hidden lists of copies and deep copies and asks for views: the
    learner's changes are made on the grader's states, so it finds the same failures, worded the
    same, as on the engine itself - none on the real engine."""
    Planted = planted_class()
    for game in (Planted(), Planted(view=show_draws), Planted(copy=share_hands)):
        assert lent_call(learner, "conformance", game) == check_game(game, games=3)
    assert lent_call(learner, "conformance", Planted()) == []


def test_nothing_of_a_planted_engine_reaches_the_learner_s_process(learner):
    """After playing, copying, saving, loading and viewing planted engines, and provoking their
    errors, nothing in the learner's process - no function, class, code or text - holds the names
    of the planted engine's classes, functions or rule set; and the game's rule set there is the
    kit's own Quentin C."""
    Planted = planted_class()
    engines = [Planted(view=show_draws, copy=share_hands, _lose_tokens=lose_them_all),
               Planted(rules=QUENTIN_C.variant(floor=-10, penalties=landing_pays))]
    here = {"__name__": "here"}
    exec(LEARNER, here)
    for game in engines:            # and it played there as here, to the same errors
        assert lent_call(learner, "play_about", game) == here["play_about"](game)
    names = ["Planted", "show_draws", "share_hands", "lose_them_all", "landing_pays",
             "<the exercise's helpers>", "test_lending"]
    assert learner.call("search", names) == []
    assert learner.call("search", ["play_about"]) != []     # the control: its own function is found


def test_what_the_learner_s_process_can_see_is_the_same_for_every_engine(learner):
    """The classes, their dictionaries, the attributes, the sources of the methods, the rule set
    and the errors that do not come from play are the same for the real engine and for engines
    with bugs planted in their methods and in their rule set."""
    Planted = planted_class()
    real = lent_call(learner, "everything_about", Planted())
    for planted in (Planted(view=show_draws, copy=share_hands, _lose_tokens=lose_them_all),
                    Planted(rules=QUENTIN_C.variant(floor=-10, penalties=landing_pays))):
        assert lent_call(learner, "everything_about", planted) == real
    assert real["types"][1:3] == [LentGame.__qualname__, "LentState"]
    assert real["rules"] == [True, True]


def test_lending_leaves_the_kit_s_fingerprint_as_it_was(learner):
    """The grader compares a fingerprint of the kit in the learner's fresh process with its own,
    and the grader's process lends engine after engine: what lending keeps (the channel's module,
    tables of sent values) is private data that the fingerprint leaves out."""
    before = integrity.fingerprint(["ninetynine.grading.lending"])
    lent_call(learner, "everything_about", planted_class()())
    assert integrity.fingerprint(["ninetynine.grading.lending"]) == before
