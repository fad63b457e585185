"""The checks of one position, each a small function that returns a problem in words, or None.

A problem is the end of a sentence: the runner (``ninetynine.testing.runner``) puts the name of
the check, the seed and the move in front, as in "copy independence, seed 3, after move 12 (AS
+11): playing on the copy changed the original (the save differs at ['hands'][1])."

Every check asks the state only what the protocol promises (``legal_moves``, ``play``,
``to_move``, ``is_over``, ``winner``, ``standings``, ``view``, ``copy``, ``to_json``,
``game.from_json``, and ``parse_move`` when the state has one). A save - the text of
``to_json()`` - is how the checks see that a state changed, or did not.
"""
from __future__ import annotations

import json
import random

from .objects import difference, parts, reachable, short

#: text that is no move of any game
NONSENSE = ["", "no such move", "99 99 99 99"]


# --- legal moves and the end of the game ----------------------------------------------------

def legal_moves_stable(state, legal: list) -> str | None:
    """The same list twice, in the same order, with no move twice."""
    if not isinstance(legal, list):
        return f"legal_moves() returned a {type(legal).__name__}, not a list"
    if state.legal_moves() != legal:
        return ("legal_moves() gave two different lists when asked twice: the order of the moves "
                "must not change while the position does not")
    try:
        twice = len(set(legal)) < len(legal)
    except TypeError:                        # moves that cannot be hashed: compare them in pairs
        twice = True
    if twice:
        for index, move in enumerate(legal):
            if move in legal[:index]:
                return f"legal_moves() lists {short(move)} twice"
    return None


def legal_moves_playable(state, legal: list, rng: random.Random, fresh) -> str | None:
    """Every legal move (up to 8, chosen at random) can be played, each on a copy from
    ``fresh()``; when the state reads move text, every other one is played as its text."""
    as_text = hasattr(state, "parse_move")
    for number, move in enumerate(rng.sample(legal, min(len(legal), 8))):
        played = str(move) if as_text and number % 2 else move
        try:
            fresh().play(played)
        except Exception as error:
            return (f"{_what(played)} is in legal_moves(), but playing it raised "
                    f"{type(error).__name__} ({short(error, 80)})")
    return None


def game_over_consistent(state, legal: list) -> str | None:
    """``is_over`` exactly when ``to_move`` is None, moves exactly while the game goes on, and no
    winner before the end."""
    over, to_move = state.is_over, state.to_move
    for name in ("is_over", "winner"):
        if callable(getattr(state, name)):
            return f"{name} is a method: make it a property (@property), read as state.{name}"
    if over != (to_move is None):
        return (f"is_over is {over} but to_move is {to_move!r}: the game is over exactly when "
                "to_move is None")
    if over and legal:
        return f"the game is over, yet legal_moves() offers {len(legal)} moves"
    if not over and not legal:
        return f"the game is not over (seat {to_move} to move), yet legal_moves() is empty"
    if not over and state.winner is not None:
        return f"the game is not over, yet winner is {state.winner!r}"
    return None


def standings_consistent(state, seats: list[int]) -> str | None:
    """At the end: every seat ranked once, ranks from 1 up, the winner ranked first, and no
    winner only when first place is shared."""
    table = state.standings()
    text = ", ".join(str(standing) for standing in table)
    if sorted(standing.seat for standing in table) != list(seats):
        return f"the standings ({text}) do not list every seat once"
    ranks = [standing.rank for standing in table]
    if ranks[0] != 1 or ranks != sorted(ranks) or any(r > at for at, r in enumerate(ranks, 1)):
        return f"the ranks of the standings ({text}) do not run from 1 up, best first"
    first = [standing.seat for standing in table if standing.rank == 1]
    winner = state.winner
    if winner is not None and winner not in first:
        return f"the winner, seat {winner}, is not ranked first in the standings ({text})"
    if winner is None and len(first) == 1:
        return f"seat {first[0]} alone is ranked first ({text}), yet winner is None"
    return None


# --- refusals --------------------------------------------------------------------------------

def illegal_moves_refused(state, tries: list, save: str, fresh) -> tuple[str | None, bool]:
    """Each move of ``tries`` (none legal here) must raise ``IllegalMove`` - a ``ValueError`` -
    with a message, and change nothing. ``fresh()`` gives another copy of the position, to find
    which refusal changed the state. Returns the problem and whether the state changed."""
    for move in tries:
        try:
            state.play(move)
        except ValueError as error:
            if not str(error).strip():
                return (f"refusing {_what(move)} raised {type(error).__name__} with no "
                        "message"), False
        except Exception as error:
            return (f"refusing {_what(move)} raised {type(error).__name__} ({short(error, 80)}) "
                    "instead of IllegalMove, a ValueError", state.to_json() != save)
        else:
            return f"{_what(move)} was accepted, but it is not in legal_moves()", True
    now = state.to_json()
    if now == save:
        return None, False
    culprits = [move for move in tries if _changes(fresh(), move, save)] or tries
    return (f"refusing {', '.join(map(_what, culprits))} changed the state "
            f"({save_difference(save, now)})"), True


def _changes(state, move, save: str) -> bool:
    """Does playing ``move`` on ``state`` (a copy of the position saved as ``save``) change it?"""
    try:
        state.play(move)
    except Exception:
        pass
    return state.to_json() != save


def _what(move) -> str:
    return repr(move) if isinstance(move, str) or move is None else short(move)


# --- copies and saves ------------------------------------------------------------------------

def copy_independent(state, rng: random.Random, save: str, most: int) -> tuple[str | None, bool]:
    """A copy starts equal, and playing it on (``most`` moves at most) leaves the original as it
    was. Returns the problem and whether the original changed."""
    other = state.copy()
    if other is state:
        return "copy() returned the state itself", False
    if other.to_json() != save:
        return (f"the copy differs from the original "
                f"({save_difference(save, other.to_json())})"), False
    for _ in range(most):
        if other.is_over:
            break
        other.play(rng.choice(other.legal_moves()))
    now = state.to_json()
    if now != save:
        return f"playing on the copy changed the original ({save_difference(save, now)})", True
    return None, False


def save_round_trips(game, state, save: str):
    """``game.from_json(state.to_json())`` loads, and the loaded game saves the same text.
    Returns the loaded game (or None) and the problem."""
    if not isinstance(save, str):
        return None, f"to_json() returned a {type(save).__name__}, not text"
    try:
        loaded = game.from_json(save)
    except Exception as error:
        return None, (f"game.from_json refused the game's own save: {type(error).__name__} "
                      f"({short(error, 80)})")
    again = loaded.to_json()
    if again != save:
        return None, f"the loaded game saves differently ({save_difference(save, again)})"
    return loaded, None


def save_difference(before: str, after: str) -> str:
    """Where two saves differ, as words: "the save differs at ['hands'][1]"."""
    try:
        found = difference(json.loads(before), json.loads(after), "")
    except (TypeError, ValueError):
        found = None
    if found is None or not found[0]:
        return "the save differs"
    return f"the save differs at {found[0]}"


def move_text_round_trips(state, legal: list, rng: random.Random) -> str | None:
    """When the state reads move text: ``parse_move(str(move)) == move`` for the legal moves."""
    if not hasattr(state, "parse_move"):
        return None
    for move in rng.sample(legal, min(len(legal), 10)):
        text = str(move)
        try:
            again = state.parse_move(text)
        except Exception as error:
            return f"parse_move({text!r}) raised {type(error).__name__} ({short(error, 80)})"
        if again != move:
            return f"parse_move({text!r}) gives {short(again)}, not the move {short(move)}"
    return None


# --- views -----------------------------------------------------------------------------------

def state_lists(state) -> dict[int, str]:
    """The lists, dicts and sets the state holds (three levels deep), by id, with their names
    ("state.hands", "state.hands[1]")."""
    return {id(value): name for name, value in state_containers(state)}


def state_containers(state) -> list[tuple[str, object]]:
    """The lists, dicts and sets the state holds (three levels deep), each once, with its name."""
    found, seen, todo = [], set(), [(f"state{name}", value) for name, value in parts(state)]
    for _ in range(3):
        deeper = []
        for name, value in todo:
            if isinstance(value, (list, dict, set)) and id(value) not in seen:
                seen.add(id(value))
                found.append((name, value))
                if not isinstance(value, set):
                    deeper += [(f"{name}{step}", item) for step, item in parts(value)]
        todo = deeper
    return found


def views_hold(state, seats: list[int], lists: dict[int, str]):
    """The first list of ``lists`` (names by id) that a view holds itself, as (seat, path, id);
    None if no view holds any. Each view is walked as a curious bot would walk it."""
    seen: set = set()
    for seat in seats:
        for path, part in reachable(state.view(seat), "view", seen):
            if id(part) in lists:
                return seat, path, id(part)
    return None


def view_holds_state_list(seat: int, path: str, name: str) -> str:
    """The problem of a view that holds one of the state's lists, in words."""
    return (f"view({seat}) holds the state's own {name} at {path}, so a bot that changes it "
            "changes the game: give the view a copy")
