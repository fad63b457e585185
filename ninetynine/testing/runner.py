"""Running the checks: one seeded game at a time, in three passes.

1. **Play.** ``new_game(seed)``, then random legal moves (a ``random.Random(seed)`` picks them)
   until the game is over, checking after every move that the legal moves are stable and that
   ``is_over``, ``to_move`` and ``winner`` agree; at the end, the standings. The moves, their
   events and the legal moves of every position are kept.
2. **Replay with a twin.** A second ``new_game(seed)`` plays the same moves and must give the same
   legal moves and events ("same seed, same game", even though Python's shared ``random`` is
   used between its moves). At three positions (the start, one chosen at
   random, the end) the twin is examined closely: its views, copies, saves, refusals and hidden
   information (``checks.py``, ``hidden.py``). A copy and a loaded save made there are kept.
3. **Followers.** When the twin reaches the next examined position, each copy kept must still be
   as it was made, although the twin played on; then each copy and loaded save plays the same
   moves and must give the same legal moves and events, and end in the same position (the same
   save) as the twin.

Every failure becomes one sentence: the check, the seed, the position, the problem.
"""
from __future__ import annotations

import random
import traceback
from collections import defaultdict
from pathlib import Path

from . import checks, hidden
from .objects import difference, short

#: the checks, in the order their failures are listed
CHECK_NAMES = ("play", "game end", "legal moves", "game over", "standings", "illegal moves",
               "same seed", "copy independence", "save and load", "move text", "views",
               "hidden information")
HERE = Path(__file__).parent
#: how far a copy is played to see that the original does not move
PLAYOUT = 100


class Report:
    """The failures found so far: at most one per check and seed, at most ``most`` per check."""

    def __init__(self, most: int = 3):
        self.most = most
        self.found: dict[str, list[tuple[int | None, str]]] = defaultdict(list)

    def add(self, check: str, seed: int | None, where: str, problem: str) -> None:
        if any(seed == earlier for earlier, _ in self.found[check]):
            return
        parts = [check, None if seed is None else f"seed {seed}", where]
        about = ", ".join(part for part in parts if part)
        self.found[check].append((seed, f"{about}: {problem.rstrip('.')}."))

    def failed(self, check: str, seed: int | None) -> bool:
        return any(seed == earlier for earlier, _ in self.found[check])

    def sentences(self) -> list[str]:
        """The failures, check by check in the order of ``CHECK_NAMES``."""
        result = []
        for check in sorted(self.found, key=CHECK_NAMES.index):
            found = self.found[check]
            result += [sentence for _, sentence in found[:self.most]]
            if len(found) > self.most:
                seeds = ", ".join(str(seed) for seed, _ in found[self.most:])
                result.append(f"{check}: the same check failed with {len(found) - self.most} more "
                              f"seeds ({seeds}).")
        return result


def crashed(error: BaseException) -> str:
    """An unexpected exception in words, with the place in the game's code that raised it (for a
    game in a learner's process, the place its error came back with: ``learner_place``)."""
    if hasattr(error, "learner_place"):          # (file, line, function), or None
        places = [error.learner_place] if error.learner_place else []
    else:
        places = [(frame.filename, frame.lineno, frame.name)
                  for frame in traceback.extract_tb(error.__traceback__)
                  if Path(frame.filename).parent != HERE]
    place = ""
    if places:
        filename, line, function = places[-1]
        place = f" in {Path(filename).name} line {line} ({function})"
    return f"{type(error).__name__} ({short(error, 80)}) was raised{place}"


class GameRun:
    """The checks of one seeded game. ``run()`` adds what fails to the report."""

    def __init__(self, game, seed: int, max_moves: int, report: Report):
        self.game, self.seed, self.max_moves, self.report = game, seed, max_moves, report
        self.moves: list = []
        self.events: list = []
        self.legal: list[list] = []
        self.start = self.final = None
        self.seats: list[int] = []
        self.places = self.trust_copy = False    # any hidden places? copy() proved independent?
        #: every random choice of the checks (not of the moves): positions, tries, worlds
        self.picker = random.Random(f"checks {seed}")
        self.pool: list = []            # moves legal somewhere in this game: tries for "illegal"

    # --- words -------------------------------------------------------------------------------

    def after(self, k: int) -> str:
        """The position after ``k`` moves, in words."""
        return "at the start" if k == 0 else f"after move {k} ({short(self.moves[k - 1])})"

    def during(self, k: int) -> str:
        """Move number ``k + 1``, in words."""
        return f"at move {k + 1} ({short(self.moves[k])})"

    def fail(self, check: str, where: str | int, problem: str | None) -> bool:
        """Report ``problem`` if there is one; True if there was. ``where`` is words, or the
        number of moves played (put in words only when something fails)."""
        if problem:
            words = self.after(where) if isinstance(where, int) else where
            self.report.add(check, self.seed, words, problem)
        return bool(problem)

    def attempt(self, check: str, where: str | int, function, *args):
        """``function(*args)``; an exception is reported under ``check`` and gives None."""
        try:
            return function(*args)
        except hidden.Declaration as error:
            self.fail("hidden information", where, str(error))
        except Exception as error:
            self.fail(check, where, crashed(error))
        return None

    # --- the three passes ------------------------------------------------------------------

    def run(self) -> None:
        if self.play():
            # The twin's game must not depend on Python's shared random generator either: it is
            # disturbed before every move of the twin, and put back as it was afterwards.
            shared = random.getstate()
            try:
                self.replay()
            finally:
                random.setstate(shared)

    def play(self) -> bool:
        """Pass 1: one game of random legal moves, with the checks of every position."""
        try:
            state = self.game.new_game(seed=self.seed)
        except Exception as error:
            self.fail("play", "at the start", f"new_game(seed={self.seed}) failed: "
                      f"{crashed(error)}")
            return False
        try:
            self.start = state.to_json()
            self.seats = seats_of(self.game, state)
        except Exception as error:
            self.fail("play", "at the start", f"{crashed(error)}: the checks compare saves "
                      "(to_json) to see what changed, and need the number of seats (players)")
            return False
        mover, seen = random.Random(self.seed), set()
        while True:
            k = len(self.moves)
            legal = state.legal_moves()
            self.fail("legal moves", k, self.attempt(
                "legal moves", k, checks.legal_moves_stable, state, legal))
            if self.fail("game over", k, self.attempt(
                    "game over", k, checks.game_over_consistent, state, legal)):
                return False
            if state.is_over:
                break
            if self.too_long(k):
                return False
            self.legal.append(list(legal))
            self.keep_some(legal, seen)
            move = mover.choice(legal)
            self.moves.append(move)
            if not self.played(k, move, lambda: state.play(move)):
                return False
        self.legal.append([])
        end = len(self.moves)
        self.fail("standings", end, self.attempt(
            "standings", end, checks.standings_consistent, state, self.seats))
        self.final = state.to_json()
        return True

    def too_long(self, k: int) -> bool:
        """Fail the game that is not over after ``max_moves`` moves (True then)."""
        if k < self.max_moves:
            return False
        self.fail("game end", "", f"the game is not over after {k:,} moves (if it may really "
                  "last longer, raise max_moves)")
        return True

    def keep_some(self, legal: list, seen: set) -> None:
        """Keep up to three of the legal moves, new ones only, for the pool of moves that later
        passes try where they are not legal (at most 300)."""
        for move in self.picker.sample(legal, min(3, len(legal))):
            if len(self.pool) < 300 and move_key(move) not in seen:
                seen.add(move_key(move))
                self.pool.append(move)

    def played(self, k: int, move, play) -> bool:
        """The events of ``play()`` (the ``k``-th move, ``move``), kept; False, with the sentence,
        when play refused a legal move or raised - the game cannot go on."""
        try:
            events = play()
        except ValueError as error:
            self.fail("legal moves", self.during(k), f"{short(move)} is in legal_moves(), but "
                      f"play refused it ({short(error, 80)})")
            return False
        except Exception as error:
            self.fail("play", self.during(k), crashed(error))
            return False
        if not isinstance(events, list):
            self.fail("play", self.during(k), f"play returned a {type(events).__name__}, "
                      "not the list of events")
        self.events.append(events)
        return True

    def replay(self) -> None:
        """Passes 2 and 3: the same seed and moves again, with close checks at a few positions;
        the copies and loaded saves made at one position follow up to the next one."""
        twin = self.game.new_game(seed=self.seed)
        n = len(self.moves)
        positions = {0, n} | ({self.picker.randrange(1, n)} if n > 1 else set())
        if twin.to_json() != self.start:
            self.fail("same seed", "at the start", "two games made with this seed differ ("
                      f"{checks.save_difference(self.start, twin.to_json())})")
            self.examine(twin, 0, twin.to_json(), [])    # the other checks of the start
            return
        followers: list = []
        for k in range(n + 1):
            if k in positions:
                save = twin.to_json()
                for follower in followers:
                    self.follow(*follower, k, save)
                followers = []
                if not self.examine(twin, k, save, followers):
                    return
            elif k == n - 1 and self.places:     # the last move often settles secrets: look again
                places = self.declared(twin, self.after(k))
                if places:
                    self.examine_hidden(twin, k, places, self.trust_copy)
            if k == n:
                break
            random.random()
            try:
                legal = list(twin.legal_moves())
                events = twin.play(self.moves[k]) if legal == self.legal[k] else None
            except Exception as error:
                self.fail("same seed", self.during(k), "the second game made with this seed could "
                          f"not play the same move: {crashed(error)}")
                return
            if events is None:
                if not self.report.failed("legal moves", self.seed):     # unstable: said there
                    self.fail("same seed", self.after(k), "the second game made with this seed "
                              "offers other legal moves")
                return
            if not alike(events, self.events[k]):
                self.fail("same seed", self.during(k), "the second game made with this seed gave "
                          f"other events ({where_unlike(events, self.events[k])})")
                return
        if twin.to_json() != self.final:
            self.fail("same seed", "at the end", "the second game made with this seed ends "
                      f"differently ({checks.save_difference(self.final, twin.to_json())})")

    def follow(self, kind: str, k: int, follower, made: str, until: int, save: str) -> None:
        """Pass 3, for one copy or loaded save made after move ``k``: a copy must still be as it
        was made (``made``); then it plays moves ``k`` to ``until`` like the twin did, with the same
        legal moves and events, and must then save the same text as the twin (``save``)."""
        check = "copy independence" if kind == "copy" else "save and load"
        name = "the copy made here" if kind == "copy" else \
            "the game loaded from this position's save"
        where = self.after(k)
        if kind == "copy" and follower.to_json() != made:
            self.fail(check, where, "playing on the original changed the copy made here "
                      f"({checks.save_difference(made, follower.to_json())})")
            return
        for i in range(k, until):
            try:
                legal = list(follower.legal_moves())
                if legal != self.legal[i]:
                    self.fail(check, where, f"{name} offers other legal moves {self.after(i)}")
                    return
                events = follower.play(self.moves[i])
            except Exception as error:
                self.fail(check, where, f"{name} failed {self.during(i)}: {crashed(error)}")
                return
            if not alike(events, self.events[i]):
                self.fail(check, where, f"{name} continued differently: {self.during(i)} its "
                          f"events differ ({where_unlike(events, self.events[i])})")
                return
        if follower.to_json() != save:
            self.fail(check, where, f"{name} played on to the position {self.after(until)} but "
                      f"differs there ({checks.save_difference(save, follower.to_json())})")

    # --- the close look at one position -------------------------------------------------------

    def examine(self, state, k: int, save: str, followers: list) -> bool:
        """Every check of one position (``save`` is its ``to_json``); False if the checks found
        the state changed (then this game stops). Adds the copy and the loaded save to follow."""
        where = self.after(k)
        legal = list(state.legal_moves())
        places = self.declared(state, where)
        self.look_at_views(state, where, places, save)
        problem, changed = self.attempt("copy independence", where, checks.copy_independent,
                                        state, self.picker, save, PLAYOUT) or ("", None)
        if changed is None:                     # copying raised (reported): did it touch the state?
            changed = self.attempt("copy independence", where, state.to_json) != save
        if changed:
            self.fail("copy independence", where, problem)
            return False
        trust_copy = not self.fail("copy independence", where, problem) and not self.report.failed(
            "copy independence", self.seed)
        self.places, self.trust_copy = bool(places), trust_copy
        if places:
            self.examine_hidden(state, k, places, trust_copy)

        def fresh():
            return independent_copy(state, self.game, trust_copy)
        self.fail("legal moves", where, self.attempt(
            "legal moves", where, checks.legal_moves_playable, state, legal, self.picker, fresh))
        self.fail("move text", where, self.attempt(
            "move text", where, checks.move_text_round_trips, state, legal, self.picker))
        tries = self.illegal_tries(legal)
        problem, changed = self.attempt("illegal moves", where, checks.illegal_moves_refused,
                                        state, tries, save, fresh) or (None, True)
        self.fail("illegal moves", where, problem)
        if changed:
            return False
        loaded, problem = self.attempt("save and load", where, checks.save_round_trips,
                                       self.game, state, save) or (None, None)
        self.fail("save and load", where, problem)
        if k < len(self.moves):                  # at the end, followers have nothing to play
            still = self.attempt("copy independence", where, lambda: state.copy())
            if still is not None and still is not state:
                followers.append(("copy", k, still, save))
            if loaded is not None:
                followers.append(("save", k, loaded, save))
        return True

    def declared(self, state, where: str) -> dict[int, dict[str, list]] | None:
        """``hidden_from(seat)`` of every seat, checked; None if nothing usable is declared."""
        if not callable(getattr(state, "hidden_from", None)):
            self.report.add("hidden information", None, "", "the states of this game have no "
                            "hidden_from(seat) method, so nothing can be checked about what the "
                            "views hide: add one (see ninetynine.testing), returning {} for a "
                            "game with no hidden information")
            return None
        places = {}
        for seat in self.seats:
            places[seat] = self.attempt("hidden information", where, hidden.hidden_places,
                                        state, seat)
            if places[seat] is None:
                return None
        return places

    def look_at_views(self, state, where: str, places, save: str) -> None:
        """No view holds a list of the state (a hidden one least of all); views change nothing."""
        lists = checks.state_lists(state)
        hidden_lists = {}
        for seat, declared in (places or {}).items():
            for name, items in declared.items():
                hidden_lists[seat, id(items)] = name
                lists.setdefault(id(items), name)
        found = self.attempt("views", where, checks.views_hold, state, self.seats, lists)
        if found:
            seat, path, ident = found
            if (seat, ident) in hidden_lists:
                self.fail("hidden information", where, f"view({seat}) holds "
                          f"{hidden_lists[seat, ident]} itself, at {path}")
            else:
                self.fail("views", where, checks.view_holds_state_list(seat, path, lists[ident]))
        if state.to_json() != save:
            self.fail("views", where, "asking for the views changed the state "
                      f"({checks.save_difference(save, state.to_json())})")

    def examine_hidden(self, state, k: int, places: dict, trust_copy: bool) -> None:
        """Other worlds, for every seat: now, and across the next move."""
        where = self.after(k)
        for seat in self.seats:
            if self.report.failed("hidden information", self.seed) or \
                    self.report.failed("legal moves", self.seed):   # unstable moves: said there
                return
            if self.fail("hidden information", where, self.attempt(
                    "hidden information", where, hidden.views_alike_in_other_worlds, state, seat,
                    self.picker, self.game, trust_copy)) or k == len(self.moves):
                continue
            self.fail("hidden information", self.during(k), self.attempt(
                "hidden information", self.during(k), hidden.views_alike_after_the_next_move,
                state, seat, self.moves[k], self.picker, self.game, trust_copy))

    def illegal_tries(self, legal: list) -> list:
        """Moves to try that are not legal here: moves legal elsewhere in this game, one of them
        as text, text that is no move at all, and None."""
        try:
            here = set(legal)
        except TypeError:                    # moves that cannot be hashed: a slower test
            here = legal
        others = [move for move in self.pool if move not in here]
        tries = self.picker.sample(others, min(3, len(others)))
        if tries and str(tries[0]) not in [str(move) for move in legal]:
            tries.append(str(tries[0]))
        return tries + [self.picker.choice(checks.NONSENSE), None]


def independent_copy(state, game, trust_copy: bool):
    """``state.copy()`` once it has proved independent, else a deep copy that trusts nothing."""
    if trust_copy:
        return state.copy()
    return hidden.deep_copy(state, game)


def seats_of(game, state) -> list[int]:
    """The seats, 0 to players - 1: ``state.players`` or ``game.players``."""
    for owner in (state, game):
        players = getattr(owner, "players", None)
        if isinstance(players, int) and not isinstance(players, bool):
            return list(range(players))
    raise TypeError("the state (or the game) must say how many seats there are in .players")


def alike(mine, theirs) -> bool:
    """Equal, or alike part by part (for events whose class defines no ``==``)."""
    try:
        if mine == theirs:
            return True
    except Exception:
        pass
    return difference(mine, theirs) is None


def where_unlike(mine, theirs) -> str:
    found = difference(mine, theirs, "events")
    if found is None:
        return "they differ"
    path, a, b = found
    return f"at {path}: {short(a, 40)} instead of {short(b, 40)}"


def move_key(move):
    """A move as a key of a set: itself, or its ``repr`` when it cannot be hashed."""
    try:
        hash(move)
        return move
    except TypeError:
        return repr(move)
