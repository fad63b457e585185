"""``check_game`` through the grader's channel: the conformance suite decided in the grader, the
learner's game answering from its own process.

Exercise 21 ends with ``check_game(FifteenGame())``: fifty seeded games of random moves, every
promise of the protocol checked (``ninetynine.testing``). When the grader checks a learner's
notebook, the learner's ``FifteenGame`` lives in the learner's sandboxed process and the grader
holds it as a ``channel.Remote``. ``check_game`` then runs ``ChannelGameRun`` instead of
``GameRun``: the same three passes, the same random choices (the same seeded generators, drawn
from in the same order), the same sentences - and every verdict decided here, by this module and
``ninetynine.testing``. The learner's process only answers calls with plain data; nothing of the
check runs there, so nothing it does there (a patched channel, a forged answer on its pipe) can
say that a check passed.

**Few messages.** For exercise 21's 210 games ``check_game`` makes about 100,000 calls and
reads of the game, and one call through the channel costs 0.15 to 0.3 ms: half a minute, where
one process takes one second. So the calls are written down ahead (``Ask``) and made in one message
(``Learner.steps``) wherever the next calls do not depend on the answers: what pass 1 reads of a
position comes with the move that led to it; a stretch of the replay, with the copies and saved
games that follow it, is one message; so is the first look at a position (its legal moves, its
declaration, its views, a copy), each other world built for the hidden information, and the
rest of a position's checks (the moves played on fresh copies, the move texts, the refusals, the
save loaded back). Where the next call depends on the last answer - the next random move of a
game or of a copy played on - one message goes per move.

**Identity.** Some promises are about *which* object: a view must not hold one of the state's
own lists, ``hidden_from`` must answer the state's own lists, a copy must not share them. The
grader asks for those lists by **number** (``Learner.steps``' ``"numbers"``: the learner's side
numbers each object once, for good), and compares numbers where ``GameRun`` compares ``id()``: a
list the learner's process answers under the same number is the same list there (``Held``).
Which lists a view or a state holds, the learner's side walks there (``held_in``,
``checks.state_containers``) and answers as numbers; the grader decides what they mean. Each
world for the hidden information is made there by the kit's own ``hidden.independent_world``
(the state's copy, or a deep copy when the copy shares a hidden list), in the same message as
the cards written into it, and the grader verifies by the numbers of its lists that it shares
none with the state's.

**The checks of ``ninetynine.testing``, reused.** Many checks are small functions that ask a
state a few things and judge the answers (``checks.game_over_consistent``). They run here on a
``Said``: an object made of the answers already asked, which gives them to the function as the
state would have. A function that asks something it was not asked for raises ``Unasked``: a
mistake of this module, never the learner's.

**Differences from one process**, none of which a game whose reads change nothing can see:

- a position's reads (``legal_moves()``, ``is_over``, ``to_move``, ``winner``, ``to_json()``) are
  asked with the message they fit in, each once, sometimes once more than ``GameRun`` asks them
  (its legal moves with each move of a copy played on, even the last);
- what a state declares hidden (``hidden_from``) is asked once per position, where ``GameRun``
  asks again for each world;
- once a check has failed, the calls written down after it in the same message are still made,
  on the copies and worlds that check was looking at, or on the state it then stops looking at
  (the refusals of illegal moves are all tried, and the state's save asked once, after them);
- a world whose declaration raises right after a move is not used (``GameRun`` would then try
  the other move on it).

And one limit: a view crosses the channel by the fields it is made of (a given class's or a kit
view's), so something set on a view besides its fields (``view.peek = ...``) is not compared
between worlds; the walk for the state's lists, made there, still sees it.
"""
from __future__ import annotations

import itertools
import random

from ..testing import checks, hidden, play_with
from ..testing.objects import multiset, reachable, swapped
from ..testing.runner import PLAYOUT, GameRun, alike, crashed, seats_of, where_unlike
from .channel import Remote, Step, StepAnswer


# --- asking -------------------------------------------------------------------------------------

class Ask:
    """Calls and reads of the learner's objects, written down, then made in one message::

        ask = Ask(learner)
        state = ask.call(game, "new_game", seed=3)      # a Step: what this call will make
        text = ask.call(state, "to_json")               # ... used by a later step
        ask.send()
        ask[text].result()                              # the save, or the learner's error raised

    ``reply="none"`` answers only whether a step raised; ``reply="numbers"`` answers pairs
    ``(label, object)`` by the objects' numbers (see the module docstring); ``when=(step, "ok")``
    or ``(step, "failed")`` makes a step only if that earlier step succeeded or raised."""

    def __init__(self, learner):
        self.learner, self.steps, self.answers = learner, [], []

    def call(self, on, name, *args, reply="value", when=None, **kwargs) -> Step:
        return self._add(("call", on, name, args, kwargs, reply, _when(when)))

    def get(self, on, name, reply="value") -> Step:
        return self._add(("get", on, name, (), {}, reply, None))

    def apply(self, function, *args, reply="value") -> Step:
        """``function(*args)`` in the learner's process: a function of this kit (or a built-in),
        found there by its name."""
        return self._add(("call", function, None, args, {}, reply, None))

    def _add(self, step: tuple) -> Step:
        self.steps.append(step)
        return Step(len(self.steps) - 1)

    def send(self) -> "Ask":
        self.answers = self.learner.steps(self.steps) if self.steps else []
        return self

    def __getitem__(self, step: Step) -> StepAnswer:
        return self.answers[step.index]


def _when(when):
    return None if when is None else (when[0].index, when[1])


class Unasked(BaseException):
    """A check asked a ``Said`` for something that was not asked of the learner's process: a
    mistake of this module. A ``BaseException``, so that no check takes it for the game's error."""


class Said:
    """One of the learner's objects as a check function of ``ninetynine.testing`` sees it, made of
    answers already asked: ``Said(is_over=answer)`` reads ``is_over`` as that ``StepAnswer`` (its
    value, or its error raised) as often as it is read; ``Said(legal_moves=Said.calls(a, b))``
    answers the first call of ``legal_moves`` with ``a``, the second with ``b``. A plain value is
    given as it is. Anything else raises ``Unasked``."""

    def __init__(self, **answers):
        self._answers = answers

    @staticmethod
    def calls(*answers: StepAnswer):
        """A method that answers its calls with ``answers``, in turn."""
        queue = list(answers)

        def method(*args, **kwargs):
            if not queue:
                raise Unasked("a method called more often than it was asked")
            return queue.pop(0).result()
        return method

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self._answers:
            raise Unasked(f"{name} was not asked of the learner's process")
        found = self._answers[name]
        return found.result() if isinstance(found, StepAnswer) else found


class Held(list):
    """A list the learner's process holds, as answered here: its items, and ``number``, which names
    that very list there - two answers with one number are one list."""

    def __init__(self, items, number: int):
        super().__init__(items)
        self.number = number


def _numbers(answer: StepAnswer) -> dict:
    """``{label: number}`` from a ``"numbers"`` answer."""
    return {label if not isinstance(label, list) else tuple(label): number
            for label, number in answer.result()}


def _picker_copy(rng: random.Random) -> random.Random:
    """A copy of ``rng``, to see ahead what a check will draw from it."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


# --- in the learner's process (called there by name, through ``Ask.apply``) ---------------------

_SAVED_RANDOM: list = []


def shared_random(what: str) -> None:
    """Python's shared generator in the learner's process, where the game draws from it:
    ``"save"`` its state, ``"disturb"`` it (one draw, as ``GameRun.replay`` does before each move
    of the twin), ``"restore"`` the state saved."""
    if what == "save":
        _SAVED_RANDOM.append(random.getstate())
    elif what == "restore":
        if _SAVED_RANDOM:
            random.setstate(_SAVED_RANDOM.pop())
    else:
        random.random()


def declared_lists(state, seat: int) -> list:
    """What ``state.hidden_from(seat)`` holds, as ``(index, list)`` pairs, to be answered by
    number (``hidden.independent_world`` compares them with the original's)."""
    return list(enumerate(state.hidden_from(seat).values()))


def write_declared(state, seat: int, contents: dict) -> dict:
    """``hidden._write``'s calls: ``state.hidden_from(seat)``, then each of its lists given the
    items of ``contents``; the declaration is answered as the writes left it (whether they took,
    the grader reads in the declaration asked after them)."""
    places = hidden.hidden_places(state, seat)         # a Declaration if it is none
    for name, items in contents.items():
        places[name][:] = items
    return places


def held_in(value, path: str, seen: set) -> list:
    """The lists, dicts and sets reachable from ``value`` (a view), each with its path, walked as
    a curious bot would walk it (``checks.views_hold``); ``seen`` is shared by the walks of one
    position's views, so that a list is found once."""
    return [(where, part) for where, part in reachable(value, path, seen)
            if isinstance(part, (list, dict, set))]


# --- the run --------------------------------------------------------------------------------------

class ChannelGameRun(GameRun):
    """``GameRun`` for a game held in a learner's process through the grader's channel: the same
    passes and checks, asked in few messages (see the module docstring). ``game`` is a
    ``channel.Remote``; every state, copy and loaded game is one too."""

    def __init__(self, game, seed: int, max_moves: int, report):
        super().__init__(game, seed, max_moves, report)
        self.learner = game._learner
        #: pass 1's answers (``self.legal``, ``self.events`` as answered): a replay that answers
        #: the same text is alike without being rebuilt (``StepAnswer.alike``)
        self.legal_asked: list = []
        self.events_asked: list = []

    def ask(self) -> Ask:
        return Ask(self.learner)

    def run(self) -> None:
        if self.play():
            try:
                self.replay()         # saves the learner's shared generator in its first message
            finally:
                if self.learner.failure is None:
                    ask = self.ask()
                    ask.apply(shared_random, "restore", reply="none")
                    ask.send()

    # --- pass 1 ------------------------------------------------------------------------------

    def reads(self, ask: Ask, state) -> dict:
        """What pass 1 reads of a position: its legal moves twice, and who is to move."""
        return {"legal": ask.call(state, "legal_moves", reply="text"),
                "again": ask.call(state, "legal_moves"),
                "is_over": ask.get(state, "is_over"), "to_move": ask.get(state, "to_move"),
                "winner": ask.get(state, "winner")}

    def play(self) -> bool:
        """Pass 1, one message per move: the move, and what is read of the position it makes."""
        ask = self.ask()
        made = ask.call(self.game, "new_game", seed=self.seed)
        start = ask.call(made, "to_json")
        players = ask.get(made, "players"), ask.get(self.game, "players")
        reads = self.reads(ask, made)
        ask.send()
        try:
            state = ask[made].result()
        except Exception as error:
            self.fail("play", "at the start", f"new_game(seed={self.seed}) failed: "
                      f"{crashed(error)}")
            return False
        try:
            self.start = ask[start].result()
            self.seats = seats_of(Said(players=ask[players[1]]), Said(players=ask[players[0]]))
        except Exception as error:
            self.fail("play", "at the start", f"{crashed(error)}: the checks compare saves "
                      "(to_json) to see what changed, and need the number of seats (players)")
            return False
        mover, seen = random.Random(self.seed), set()
        while True:
            k = len(self.moves)
            answers = {name: ask[step] for name, step in reads.items()}
            legal = answers["legal"].result()
            self.fail("legal moves", k, self.attempt(
                "legal moves", k, checks.legal_moves_stable,
                Said(legal_moves=Said.calls(answers["again"])), legal))
            now = Said(is_over=answers["is_over"], to_move=answers["to_move"],
                       winner=answers["winner"])
            if self.fail("game over", k, self.attempt(
                    "game over", k, checks.game_over_consistent, now, legal)):
                return False
            if now.is_over:
                break
            if self.too_long(k):
                return False
            self.legal.append(list(legal))
            self.legal_asked.append(answers["legal"])
            self.keep_some(legal, seen)
            move = mover.choice(legal)
            self.moves.append(move)
            ask = self.ask()
            played = ask.call(state, "play", move, reply="text")
            reads = self.reads(ask, state)
            ask.send()
            if not self.played(k, move, ask[played].result):
                return False
            self.events_asked.append(ask[played])
        self.legal.append([])
        end = len(self.moves)
        ask = self.ask()
        table, winner = ask.call(state, "standings"), ask.get(state, "winner")
        final = ask.call(state, "to_json")
        ask.send()
        self.fail("standings", end, self.attempt(
            "standings", end, checks.standings_consistent,
            Said(standings=Said.calls(ask[table]), winner=ask[winner]), self.seats))
        self.final = ask[final].result()
        return True

    # --- passes 2 and 3 ------------------------------------------------------------------------

    def replay(self) -> None:
        """The twin plays the same moves, one message for each stretch between two positions
        looked at closely; the copies and loaded games made at the last such position follow
        in the same message."""
        n = len(self.moves)
        positions = {0, n} | ({self.picker.randrange(1, n)} if n > 1 else set())
        ask = self.ask()
        ask.apply(shared_random, "save", reply="none")
        made = ask.call(self.game, "new_game", seed=self.seed)
        first = ask.call(made, "to_json")
        ask.send()
        twin, save = ask[made].result(), ask[first].result()
        if save != self.start:
            self.fail("same seed", "at the start", "two games made with this seed differ ("
                      f"{checks.save_difference(self.start, save)})")
            self.examine(twin, 0, save, [])             # the other checks of the start
            return
        followers: list = []
        following: list = []         # (follower, its steps, the message they were asked in)
        k = 0
        while True:
            if k in positions:
                for follower, steps, asked in following:
                    self.follow_asked(follower, k, save, asked, steps)
                followers, following = [], []
                if not self.examine(twin, k, save, followers):
                    return
            elif k == n - 1 and self.places:     # the last move often settles secrets: look again
                places = self.declared(twin, self.after(k), *looked)
                if places:
                    self.examine_hidden(twin, k, places, self.trust_copy)
            if k == n:
                break
            end = min(stop for stop in positions | ({n - 1} if self.places else set()) if stop > k)
            ask = self.ask()
            turns = []
            for i in range(k, end):
                ask.apply(shared_random, "disturb", reply="none")
                turns.append((ask.call(twin, "legal_moves", reply="text"),
                              ask.call(twin, "play", self.moves[i], reply="text")))
            reached = ask.call(twin, "to_json") if end in positions else None
            if end in positions:
                following = [(follower, self.ask_follow(ask, follower, end), ask)
                             for follower in followers]
            else:                               # the look before the last move
                looked = ask, self.ask_declared(ask, twin)
            ask.send()
            for i, (legal_step, play_step) in zip(range(k, end), turns):
                try:
                    events = ask[play_step] if self.same_legal(ask[legal_step], i) else None
                    events is None or events.result()
                except Exception as error:
                    self.fail("same seed", self.during(i), "the second game made with this seed "
                              f"could not play the same move: {crashed(error)}")
                    return
                if events is None:
                    if not self.report.failed("legal moves", self.seed):
                        self.fail("same seed", self.after(i), "the second game made with this "
                                  "seed offers other legal moves")
                    return
                if not self.same_events(events, i):
                    self.fail("same seed", self.during(i), "the second game made with this seed "
                              f"gave other events ({where_unlike(events.value, self.events[i])})")
                    return
            if reached is not None:
                save = ask[reached].result()
            k = end
        if save != self.final:
            self.fail("same seed", "at the end", "the second game made with this seed ends "
                      f"differently ({checks.save_difference(self.final, save)})")

    def ask_follow(self, ask: Ask, follower: tuple, until: int) -> dict:
        """The steps of pass 3 for one copy or loaded game (``GameRun.follow``)."""
        kind, k, state, _ = follower
        return {"made": ask.call(state, "to_json") if kind == "copy" else None,
                "turns": [(ask.call(state, "legal_moves", reply="text"),
                           ask.call(state, "play", self.moves[i], reply="text"))
                          for i in range(k, until)],
                "end": ask.call(state, "to_json")}

    def same_legal(self, answer: StepAnswer, i: int) -> bool:
        """``list(legal_moves()) == self.legal[i]``, for the answer of a replay: the same text as
        pass 1's answer, or else the same moves once rebuilt (raises the answer's error)."""
        return answer.alike(self.legal_asked[i]) or list(answer.result()) == self.legal[i]

    def same_events(self, answer: StepAnswer, i: int) -> bool:
        """``alike(events, self.events[i])``: the same text as pass 1's answer, or else alike."""
        return answer.alike(self.events_asked[i]) or alike(answer.result(), self.events[i])

    def follow_asked(self, follower: tuple, until: int, save: str, ask: Ask, steps: dict) -> None:
        """``GameRun.follow``, judged on the answers to ``ask_follow``."""
        kind, k, _, made = follower
        check = "copy independence" if kind == "copy" else "save and load"
        name = "the copy made here" if kind == "copy" else \
            "the game loaded from this position's save"
        where = self.after(k)
        if kind == "copy":
            now = ask[steps["made"]].result()
            if now != made:
                self.fail(check, where, "playing on the original changed the copy made here "
                          f"({checks.save_difference(made, now)})")
                return
        for i, (legal_step, play_step) in zip(range(k, until), steps["turns"]):
            try:
                if not self.same_legal(ask[legal_step], i):
                    self.fail(check, where, f"{name} offers other legal moves {self.after(i)}")
                    return
                events = ask[play_step]
                events.result()
            except Exception as error:
                self.fail(check, where, f"{name} failed {self.during(i)}: {crashed(error)}")
                return
            if not self.same_events(events, i):
                self.fail(check, where, f"{name} continued differently: {self.during(i)} its "
                          f"events differ ({where_unlike(events.value, self.events[i])})")
                return
        end = ask[steps["end"]].result()
        if end != save:
            self.fail(check, where, f"{name} played on to the position {self.after(until)} but "
                      f"differs there ({checks.save_difference(save, end)})")

    # --- the close look at one position -------------------------------------------------------

    def examine(self, state, k: int, save: str, followers: list) -> bool:
        """``GameRun.examine`` in a few messages: the first look (legal moves, declaration, views,
        a copy), the copy played on (one per move), the other worlds (``examine_hidden``), and
        the rest of the position's checks in one."""
        where = self.after(k)
        ask = self.ask()
        legal_step = ask.call(state, "legal_moves")
        declared = self.ask_declared(ask, state)
        views = self.ask_views(ask, state)
        copied = self.ask_copy(ask, state)
        parse_move = ask.get(state, "parse_move", reply="none")
        ask.send()
        legal = list(ask[legal_step].result())
        places = self.declared(state, where, ask, declared)
        self.look_at_views_asked(where, places, save, ask, views)
        problem, changed = self.attempt("copy independence", where, self.copy_independent,
                                        state, save, ask, copied) or ("", None)
        if changed is None:                     # copying raised (reported): did it touch the state?
            changed = self.attempt("copy independence", where, self.now.result) != save
        if changed:
            self.fail("copy independence", where, problem)
            return False
        trust_copy = not self.fail("copy independence", where, problem) and not self.report.failed(
            "copy independence", self.seed)
        self.places, self.trust_copy = bool(places), trust_copy
        if places:
            self.examine_hidden(state, k, places, trust_copy)
        return self.examine_the_rest(state, k, save, legal, ask[parse_move], trust_copy, followers)

    def ask_declared(self, ask: Ask, state) -> dict:
        """The steps of ``declared``: the method, and each seat's answer with its lists' numbers."""
        seats = {}
        for seat in self.seats:
            answer = ask.call(state, "hidden_from", seat)
            seats[seat] = answer, ask.call(answer, "items", reply="numbers")
        return {"method": ask.get(state, "hidden_from"), "seats": seats}

    def declared(self, state, where: str, ask: Ask | None = None, steps: dict | None = None):
        """``GameRun.declared`` on the answers (asked now unless given), each hidden list a
        ``Held`` that knows its number in the learner's process."""
        if ask is None:
            ask = self.ask()
            steps = self.ask_declared(ask, state)
            ask.send()
        method = ask[steps["method"]]

        def hidden_from(seat):
            return ask[steps["seats"][seat][0]].result()
        said = Said(hidden_from=hidden_from if method.ok and callable(method.value) else method)
        places = GameRun.declared(self, said, where)
        if places:
            for seat, declared in places.items():
                numbers = _numbers(ask[steps["seats"][seat][1]])
                places[seat] = {name: Held(items, numbers[name])
                                for name, items in declared.items()}
        return places

    def ask_views(self, ask: Ask, state) -> dict:
        """The steps of ``look_at_views``: the state's lists, each view and the lists it holds,
        then the state's save."""
        containers = ask.apply(checks.state_containers, state, reply="numbers")
        seen = ask.apply(set, reply="none")
        views = []
        for seat in self.seats:
            view = ask.call(state, "view", seat, reply="none")
            views.append((view, ask.apply(held_in, view, "view", seen, reply="numbers")))
        return {"containers": containers, "views": views, "after": ask.call(state, "to_json")}

    def look_at_views_asked(self, where: str, places, save: str, ask: Ask, steps: dict) -> None:
        """``GameRun.look_at_views``, judged on numbers: no view holds a list of the state (a
        hidden one least of all); views change nothing."""
        lists = {number: name for name, number in ask[steps["containers"]].result()}
        hidden_lists = {}
        for seat, declared in (places or {}).items():
            for name, items in declared.items():
                hidden_lists[seat, items.number] = name
                lists.setdefault(items.number, name)
        found = self.attempt("views", where, self.views_hold, ask, steps["views"], lists)
        if found:
            seat, path, number = found
            if (seat, number) in hidden_lists:
                self.fail("hidden information", where, f"view({seat}) holds "
                          f"{hidden_lists[seat, number]} itself, at {path}")
            else:
                self.fail("views", where, checks.view_holds_state_list(seat, path, lists[number]))
        after = ask[steps["after"]].result()
        if after != save:
            self.fail("views", where, "asking for the views changed the state "
                      f"({checks.save_difference(save, after)})")

    def views_hold(self, ask: Ask, views: list, lists: dict):
        """``checks.views_hold`` on numbers: the first list of ``lists`` that a view holds."""
        for seat, (view, walk) in zip(self.seats, views):
            ask[view].result()                   # a view that raised is reported as it was
            for path, number in ask[walk].result():
                if number in lists:
                    return seat, path, number
        return None

    def ask_copy(self, ask: Ask, state) -> dict:
        """The first steps of ``copy_independent``: a copy, its save, what its loop reads first,
        and the original's save."""
        copy = ask.call(state, "copy")
        return {"copy": copy, "save": ask.call(copy, "to_json"), "over": ask.get(copy, "is_over"),
                "legal": ask.call(copy, "legal_moves"), "now": ask.call(state, "to_json")}

    def copy_independent(self, state, save: str, ask: Ask, steps: dict):
        """``checks.copy_independent``: the copy plays on, one message per move, each asking what
        the next move needs and the original's save (kept in ``now``)."""
        self.now = ask[steps["now"]]
        other = ask[steps["copy"]].result()
        if other is state:
            return "copy() returned the state itself", False
        text = ask[steps["save"]].result()
        if text != save:
            return (f"the copy differs from the original "
                    f"({checks.save_difference(save, text)})"), False
        over, legal = ask[steps["over"]], ask[steps["legal"]]
        for _ in range(PLAYOUT):
            if over.result():
                break
            move = self.picker.choice(legal.result())
            ask = self.ask()
            played = ask.call(other, "play", move, reply="none")
            steps = (ask.get(other, "is_over"), ask.call(other, "legal_moves"),
                     ask.call(state, "to_json"))
            ask.send()
            self.now = ask[steps[2]]
            ask[played].result()
            over, legal = ask[steps[0]], ask[steps[1]]
        now = self.now.result()
        if now != save:
            return (f"playing on the copy changed the original "
                    f"({checks.save_difference(save, now)})"), True
        return None, False

    def examine_the_rest(self, state, k: int, save: str, legal: list, parse_move: StepAnswer,
                         trust_copy: bool, followers: list) -> bool:
        """The end of ``GameRun.examine`` in one message: the legal moves played on fresh copies,
        the move texts read back, the refusals, the save loaded, a copy to follow. What the
        checks will draw from the picker is seen ahead on a copy of it."""
        where = self.after(k)
        real, self.picker = self.picker, _picker_copy(self.picker)
        as_text = parse_move.ok                 # hasattr(state, "parse_move")
        sampled = as_text or isinstance(parse_move.error, AttributeError)   # else hasattr raises
        plays = [str(move) if as_text and number % 2 else move for number, move in
                 enumerate(self.picker.sample(legal, min(len(legal), 8)))] if sampled else []
        texts = [str(move) for move in self.picker.sample(legal, min(len(legal), 10))] \
            if as_text else []
        tries = self.illegal_tries(legal)
        self.picker = real
        ask = self.ask()
        fresh = [(copy, ask.call(copy, "play", played, reply="none"))
                 for copy, played in ((self.ask_fresh(ask, state, trust_copy), played)
                                      for played in plays)]
        parsed = [ask.call(state, "parse_move", text) for text in texts]
        refused = [ask.call(state, "play", move, reply="none") for move in tries]
        refused_save = ask.call(state, "to_json")
        loaded = ask.call(self.game, "from_json", save) if isinstance(save, str) else None
        again = ask.call(loaded, "to_json") if loaded is not None else None
        still = ask.call(state, "copy") if k < len(self.moves) else None
        ask.send()

        copies = iter(fresh)

        def fresh_copy():
            copy, played = next(copies)
            ask[copy].result()
            return Said(play=Said.calls(ask[played]))
        self.fail("legal moves", where, self.attempt(
            "legal moves", where, checks.legal_moves_playable, Said(parse_move=parse_move),
            legal, self.picker, fresh_copy))
        self.fail("move text", where, self.attempt(
            "move text", where, checks.move_text_round_trips,
            Said(parse_move=Said.calls(*[ask[step] for step in parsed]) if as_text else parse_move),
            legal, self.picker))
        if self.illegal_tries(legal) != tries:
            raise Unasked("the illegal moves tried differ from those asked")

        def live_copy():                     # only when a refusal changed the state: one by one
            asked = self.ask()
            made = self.ask_fresh(asked, state, trust_copy, reply="value")
            return asked.send()[made].result()
        problem, changed = self.attempt("illegal moves", where, checks.illegal_moves_refused,
                                        _Refusing(ask, refused, refused_save), tries, save,
                                        live_copy) or (None, True)
        self.fail("illegal moves", where, problem)
        if changed:
            return False
        reloaded = Said(to_json=Said.calls(ask[again])) if again is not None else None

        def from_json(text):
            ask[loaded].result()
            return reloaded
        loaded_game, problem = self.attempt("save and load", where, checks.save_round_trips,
                                            Said(from_json=from_json), state, save) or (None, None)
        self.fail("save and load", where, problem)
        if k < len(self.moves):                  # at the end, followers have nothing to play
            copy = self.attempt("copy independence", where, ask[still].result)
            if copy is not None and copy is not state:
                followers.append(("copy", k, copy, save))
            if loaded_game is not None:
                followers.append(("save", k, ask[loaded].value, save))
        return True

    def ask_fresh(self, ask: Ask, state, trust_copy: bool, reply: str = "none") -> Step:
        """A copy of ``state`` to play on (``runner.independent_copy``), answered only by whether
        it could be made, unless ``reply`` asks for it."""
        if trust_copy:
            return ask.call(state, "copy", reply=reply)
        return ask.apply(hidden.deep_copy, state, self.game, reply=reply)

    # --- hidden information: other worlds --------------------------------------------------------

    def examine_hidden(self, state, k: int, places: dict, trust_copy: bool) -> None:
        """``GameRun.examine_hidden``: other worlds, for every seat, now and across the next move.
        For each seat one message asks both the world where the hidden cards are dealt otherwise
        and the real world after the next move; a second asks the pairs of worlds across it."""
        where = self.after(k)
        for seat in self.seats:
            if self.report.failed("hidden information", self.seed) or \
                    self.report.failed("legal moves", self.seed):   # unstable moves: said there
                return
            ask = self.ask()
            dealt = self.ask_dealt_otherwise(ask, state, seat, places[seat], trust_copy)
            moved = self.ask_moved(ask, state, seat, self.moves[k], trust_copy) \
                if k < len(self.moves) else None
            ask.send()
            if self.fail("hidden information", where, self.attempt(
                    "hidden information", where, self.other_worlds, state, seat, places[seat],
                    ask, dealt)) or moved is None:
                continue
            self.fail("hidden information", self.during(k), self.attempt(
                "hidden information", self.during(k), self.after_the_next_move, state, seat,
                self.moves[k], places[seat], trust_copy, ask, moved))

    def ask_world(self, ask: Ask, state, seat: int, trusted: bool, reply: str = "none") -> dict:
        """The steps of a world (``hidden.independent_world``, made there: the state's copy, or a
        deep copy when the copy shares a hidden list with the state or ``trusted`` is False), and
        the numbers of the lists its declaration holds, for ``own_world`` to verify here. The
        world is answered only by whether it could be made, unless ``reply`` asks for it."""
        world = ask.apply(hidden.independent_world, state, seat, self.game, trusted, reply=reply)
        return {"world": world, "theirs": ask.apply(declared_lists, world, seat, reply="numbers")}

    def own_world(self, ask: Ask, steps: dict, places: dict) -> bool:
        """Is the world of ``ask_world`` one to use: does its declaration share no list with the
        state's (``places``, as declared at this position)? (Only a learner's process that made
        it otherwise than the kit does could answer no: then a deep copy is asked.) A world that
        could not be made raises its error, as in one process."""
        ask[steps["world"]].result()
        try:
            theirs = _numbers(ask[steps["theirs"]]).values()
        except Exception:
            return True                  # no declaration to compare: the checks will say so
        mine = {items.number for items in places.values()}
        return not any(number in mine for number in theirs)

    def ask_write(self, ask: Ask, world: Step, seat: int, contents: dict) -> tuple[Step, Step]:
        """The steps of ``hidden._write``: the world's declaration, each hidden list given the
        ``contents`` (``write_declared``), and the declaration again."""
        contents = {name: list(items) for name, items in contents.items()}
        return (ask.apply(write_declared, world, seat, contents),
                ask.call(world, "hidden_from", seat))

    def written(self, ask: Ask, steps: tuple, seat: int, contents: dict) -> str | None:
        """``hidden._write`` judged on the answers to ``ask_write``."""
        world = Said(hidden_from=Said.calls(ask[steps[0]], ask[steps[1]]))
        return hidden._write(world, seat, contents)

    def ask_dealt_otherwise(self, ask: Ask, state, seat: int, places: dict,
                            trusted: bool, contents: dict | None = None) -> dict | None:
        """The steps of ``hidden.views_alike_in_other_worlds``: the hidden cards dealt otherwise
        (shuffled here with the picker, unless ``contents`` are given), written into a world,
        and both views; None when fewer than two cards are hidden."""
        if contents is None:
            contents = hidden.dealt_otherwise(places, self.picker)
            if contents is None:
                return None
        world = self.ask_world(ask, state, seat, trusted)
        return {"contents": contents, "world": world,
                "write": self.ask_write(ask, world["world"], seat, contents),
                "mine": ask.call(state, "view", seat, reply="text"),
                "theirs": ask.call(world["world"], "view", seat, reply="text")}

    def other_worlds(self, state, seat: int, places: dict, ask: Ask, dealt) -> str | None:
        """``hidden.views_alike_in_other_worlds`` judged (asked again with a deep copy when the
        state's copy shares a hidden list with it, as ``independent_world`` does)."""
        if dealt is None:
            return None
        if not self.own_world(ask, dealt["world"], places):
            ask = self.ask()
            dealt = self.ask_dealt_otherwise(ask, state, seat, places, False, dealt["contents"])
            ask.send()
            ask[dealt["world"]["world"]].result()
        problem = self.written(ask, dealt["write"], seat, dealt["contents"])
        if problem:
            return None if problem is hidden.UNFAIR else problem
        mine, theirs = ask[dealt["mine"]], ask[dealt["theirs"]]
        if mine.alike(theirs):                       # the same text: the same view, no leak
            return None
        return hidden.other_world_leak(seat, places, mine.result(), theirs.result())

    def ask_moved(self, ask: Ask, state, seat: int, move, trusted: bool) -> dict:
        """The first steps of ``hidden.views_alike_after_the_next_move``: the real world, the move
        played there, and its declaration after it."""
        world = self.ask_world(ask, state, seat, trusted, reply="value")     # the real world
        played = ask.call(world["world"], "play", move, reply="none")
        return {"world": world, "played": played,
                "after": ask.call(world["world"], "hidden_from", seat, when=(played, "ok"))}

    def after_the_next_move(self, state, seat: int, move, before: dict, trust_copy: bool,
                            ask: Ask, moved: dict) -> str | None:
        """``hidden.views_alike_after_the_next_move`` judged on ``ask_moved``'s answers, then
        every pair of worlds to compare (up to three) asked in one message. The picker draws the
        pairs ahead, then is put where the check in one process leaves it."""
        if not self.own_world(ask, moved["world"], before):
            ask = self.ask()
            moved = self.ask_moved(ask, state, seat, move, False)
            ask.send()
        real = ask[moved["world"]["world"]].result()
        try:
            ask[moved["played"]].result()
            after = hidden.hidden_places(Said(hidden_from=Said.calls(ask[moved["after"]])), seat)
        except Exception:                            # other checks report a move that fails
            return None
        drawn_from = self.picker.getstate()
        swaps = list(hidden._swaps(before, after, self.picker))
        if not swaps:
            return None
        for trusted in (True, False) if trust_copy else (False,):
            ask, tries = self.ask(), []
            mine = ask.call(real, "view", seat, reply="text")
            for first, second in swaps:
                u, v = before[first[0]][first[1]], before[second[0]][second[1]]
                contents = {name: list(items) for name, items in before.items()}
                contents[first[0]][first[1]], contents[second[0]][second[1]] = v, u
                world = self.ask_world(ask, state, seat, trusted)
                tries.append((u, v, contents, world,
                              self.ask_write(ask, world["world"], seat, contents),
                              self.ask_either(ask, world["world"], move, swapped(move, u, v), seat),
                              ask.call(world["world"], "view", seat, reply="text")))
            ask.send()
            if all(self.own_world(ask, attempt[3], before) for attempt in tries):
                break
        for index, ((first, second), attempt) in enumerate(zip(swaps, tries)):
            u, v, contents, _, write, either, theirs = attempt
            problem = self.written(ask, write, seat, contents)
            if problem is hidden.UNFAIR:
                continue
            if not problem:
                moved = self.either_played(ask, either, seat)
                expected = {name: multiset(swapped(items, u, v)) for name, items in after.items()}
                if moved is None or {name: multiset(items) for name, items in moved.items()} \
                        != expected:
                    continue                         # not a fair world: the rules told them apart
                if ask[mine].alike(ask[theirs]):     # the same text: the same view, no leak
                    continue
                problem = hidden.next_move_leak(seat, ask[mine].result(), ask[theirs].result(),
                                                first, second, u, v)
                if not problem:
                    continue
            self.picker.setstate(drawn_from)         # the check stopped at this pair: so does
            for _ in itertools.islice(hidden._swaps(before, after, self.picker), index + 1):
                pass                                 # the picker
            return problem
        return None

    def ask_either(self, ask: Ask, world: Step, move, other_move, seat: int) -> tuple:
        """The steps of ``hidden._play_either``: the move, or if the world refuses it, the same
        move with the two cards exchanged; the declaration after the one played."""
        first = ask.call(world, "play", move, reply="none")
        first_after = ask.call(world, "hidden_from", seat, when=(first, "ok"))
        if other_move == move:
            return (first, first_after), None
        second = ask.call(world, "play", other_move, reply="none", when=(first, "failed"))
        return (first, first_after), (second, ask.call(world, "hidden_from", seat,
                                                       when=(second, "ok")))

    def either_played(self, ask: Ask, either: tuple, seat: int):
        """``hidden._play_either`` judged: the hidden places after the move played, or None."""
        for attempt in either:
            if attempt is not None and ask[attempt[0]].ok:
                try:
                    return hidden.hidden_places(Said(hidden_from=Said.calls(ask[attempt[1]])), seat)
                except Exception:
                    return None
        return None


class _Refusing:
    """The state as ``checks.illegal_moves_refused`` sees it: each ``play`` answered in turn, and
    ``to_json()`` the save asked after all of them."""

    def __init__(self, ask: Ask, plays: list, save: Step):
        self.ask, self.plays, self.save = ask, plays, save

    def play(self, move):
        if not self.plays:
            raise Unasked("more refusals tried than asked")
        return self.ask[self.plays.pop(0)].result()

    def to_json(self):
        return self.ask[self.save].result()


play_with(Remote, ChannelGameRun)       # check_game(game), for a game in a learner's process
