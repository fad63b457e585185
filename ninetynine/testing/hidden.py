"""The checks of hidden information: a view must show its seat nothing that seat may not know.

Each game says what is hidden with one method on its state (see ``ninetynine.testing``)::

    state.hidden_from(seat)  ->  {"seat 1's hand": [...], "the deck": [...]}

From that declaration alone, three checks follow, from the simplest to the strongest:

1. the view must not hold a hidden list itself (``view.hands[1] is state.hands[1]``), found by
   walking everything reachable from the view (``checks.views_hold``);
2. ``views_alike_in_other_worlds``: shuffle the hidden cards among the hidden places (another
   deal of the same cards, the same sizes) and ask the view again: it must not change. A view
   that shows a card of another hand, the top of the deck or a count of another hand's Aces
   changes, and the check names the part that did ("view.peek[0]: KD in one world, 7C in the
   other"). Worlds that differ only in what a seat cannot see are *indistinguishable* to it.
3. ``views_alike_after_the_next_move``: the same idea across one move, which catches a secret
   kept in the record of what happened (a drawn card left in the view's history of events).
   Two hidden cards change places - one of them a card the move carries between hidden places,
   such as the card another seat draws - the same move is played in both worlds, and the views
   after it must still be alike.

A world is only used when it is a fair one: the move must be legal in it, and afterwards the
hidden places must hold the same cards as in the real game, the two cards exchanged. A move that
reveals cards (a round ends and every hand is shown) or brings visible cards back into hiding (a
reshuffle) is skipped, because there the rules themselves tell the seat something.
"""
from __future__ import annotations

import copy as _copy
import random

from .objects import difference, multiset, short, swapped, _text


class Declaration(Exception):
    """``hidden_from`` does not follow the declaration; the message says how."""


def hidden_places(state, seat: int) -> dict[str, list]:
    """``state.hidden_from(seat)``, checked: a dict of names and the state's own lists."""
    places = state.hidden_from(seat)
    if not isinstance(places, dict):
        raise Declaration(f"hidden_from({seat}) returned {type(places).__name__}, not a dict of "
                          "names and lists")
    for name, items in places.items():
        if not isinstance(items, list):
            raise Declaration(f"hidden_from({seat})[{name!r}] is a {type(items).__name__}, not "
                              "the state's own list")
    return places


def independent_world(state, seat: int, game, trust_copy: bool):
    """A copy of ``state`` whose hidden lists may be changed without touching ``state``.

    ``state.copy()`` when it has proved independent and keeps lists of its own; otherwise a deep
    copy made by Python (``deep_copy``: slower, but it trusts nothing).
    """
    if trust_copy:
        try:
            world = state.copy()
            mine = [id(items) for items in state.hidden_from(seat).values()]
            if not any(id(items) in mine for items in world.hidden_from(seat).values()):
                return world
        except Exception:
            pass
    return deep_copy(state, game)


def deep_copy(state, game):
    """A copy of ``state`` made by Python's ``copy.deepcopy``, sharing only the game object (the
    one checked, and the state's ``.game`` if it has one): games hold no position, and copying
    their tables of rules on every check would be slow."""
    shared = [game, getattr(state, "game", None)]
    return _copy.deepcopy(state, {id(thing): thing for thing in shared if thing is not None})


#: what ``_write`` answers when the new contents change what is hidden: not a fair world
UNFAIR = "unfair"


def _write(world, seat: int, contents: dict[str, list]) -> str | None:
    """Put ``contents`` into the world's hidden lists. A problem if the state does not keep them
    (``hidden_from`` gave copies); ``UNFAIR`` if the new contents changed which places are hidden
    (say, a bid that is shown when it is made): such a world is not used."""
    places = hidden_places(world, seat)
    for name, items in contents.items():
        places[name][:] = items
    again = hidden_places(world, seat)
    if set(again) != set(contents):
        return UNFAIR
    if any(again[name] != items for name, items in contents.items()):
        return (f"hidden_from({seat}) must return the state's own lists, not copies: changing "
                "them changed nothing")
    return None


def _difference_sentence(seat: int, found) -> str:
    path, mine, theirs = found
    return (f"view({seat}) differs at {path} ({short(mine, 40)} in one world, "
            f"{short(theirs, 40)} in the other)")


def dealt_otherwise(places: dict, rng: random.Random) -> dict | None:
    """The hidden items of ``places`` (name -> list) shuffled among the same places, each
    keeping its size; None when fewer than two are hidden (nothing to deal otherwise).

    >>> dealt_otherwise({"deck": ["2C", "3C"], "hand 1": ["4C"]}, random.Random(1))
    {'deck': ['3C', '4C'], 'hand 1': ['2C']}
    """
    pool = [item for items in places.values() for item in items]
    if len(pool) < 2:
        return None
    for _ in range(3):                   # a shuffle that leaves every card in place is no test
        rng.shuffle(pool)
        if pool != [item for items in places.values() for item in items]:
            break
    contents, start = {}, 0
    for name, items in places.items():
        contents[name] = pool[start:start + len(items)]
        start += len(items)
    return contents


def views_alike_in_other_worlds(state, seat: int, rng: random.Random, game,
                                trust_copy: bool) -> str | None:
    """A problem if ``view(seat)`` changes when the hidden cards are dealt differently."""
    places = hidden_places(state, seat)
    contents = dealt_otherwise(places, rng)
    if contents is None:
        return None
    world = independent_world(state, seat, game, trust_copy)
    problem = _write(world, seat, contents)
    if problem:
        return None if problem is UNFAIR else problem
    return other_world_leak(seat, places, state.view(seat), world.view(seat))


def other_world_leak(seat: int, places: dict, mine, theirs) -> str | None:
    """The problem, if the views ``mine`` (of the real state) and ``theirs`` (of a world where the
    cards of ``places`` are dealt differently) differ."""
    found = difference(mine, theirs, "view")
    if found is None and _text(mine) != _text(theirs):
        found = (f"repr(view({seat}))", _text(mine), _text(theirs))
    if found is None:
        return None
    return (f"{_difference_sentence(seat, found)} when the cards hidden from seat {seat} are dealt "
            f"differently among {_names(places)}: it shows something seat {seat} may not know (or "
            f"hidden_from({seat}) lists something seat {seat} may see)")


def views_alike_after_the_next_move(state, seat: int, move, rng: random.Random, game,
                                    trust_copy: bool) -> str | None:
    """A problem if, after ``move``, ``view(seat)`` tells apart two fair worlds that differed only
    in where two hidden cards lay (see the top of this module)."""
    before = hidden_places(state, seat)
    real = independent_world(state, seat, game, trust_copy)
    try:
        real.play(move)
        after = hidden_places(real, seat)
    except Exception:                            # other checks report a move that fails
        return None
    for first, second in _swaps(before, after, rng):
        u, v = before[first[0]][first[1]], before[second[0]][second[1]]
        world = independent_world(state, seat, game, trust_copy)
        contents = {name: list(items) for name, items in before.items()}
        contents[first[0]][first[1]], contents[second[0]][second[1]] = v, u
        problem = _write(world, seat, contents)
        if problem is UNFAIR:
            continue
        if problem:
            return problem
        moved = _play_either(world, move, swapped(move, u, v), seat)
        expected = {name: multiset(swapped(items, u, v)) for name, items in after.items()}
        if moved is None or {name: multiset(items) for name, items in moved.items()} != expected:
            continue                             # not a fair world: the rules told them apart
        problem = next_move_leak(seat, real.view(seat), world.view(seat), first, second, u, v)
        if problem:
            return problem
    return None


def next_move_leak(seat: int, mine, theirs, first, second, u, v) -> str | None:
    """The problem, if the views ``mine`` and ``theirs`` differ after the same move in two worlds
    where ``u`` (at ``first``, a place and an index) and ``v`` (at ``second``) changed places."""
    found = difference(mine, theirs, "view")
    if found is None:
        return None
    return (f"after this move {_difference_sentence(seat, found)}, in two worlds that "
            f"differed only in where {short(u, 20)} ({first[0]}) and {short(v, 20)} "
            f"({second[0]}) lay: the view tells seat {seat} where a hidden card went")


def _swaps(before: dict, after: dict, rng: random.Random, tries: int = 3):
    """Up to ``tries`` pairs of places in ``before``, as ``(name, index)``, whose two cards may
    change places in a fair world: every copy of both cards stays hidden through the move, and
    the first is, when there is one, a card the move carries from one hidden place to another
    (the card another seat draws, a card laid aside). None at all if the move brought cards into
    hiding (a new deal, a reshuffle): the worlds would then differ in what the seat saw before."""
    hidden_before = multiset(item for items in before.values() for item in items)
    hidden_after = multiset(item for items in after.values() for item in items)
    if hidden_after - hidden_before:
        return
    spots = [(name, index) for name, items in before.items() for index, item in enumerate(items)
             if hidden_after[_key(item)] == hidden_before[_key(item)]]
    if not spots:
        return
    arrived = multiset([])
    for name, items in after.items():
        arrived += multiset(items) - multiset(before.get(name, []))
    carried = [(name, index) for name, index in spots if arrived[_key(before[name][index])]]
    for _ in range(tries):
        first, second = rng.choice(carried or spots), rng.choice(spots)
        if before[first[0]][first[1]] != before[second[0]][second[1]]:
            yield first, second


def _play_either(world, move, other_move, seat: int):
    """Play ``move`` in the world, or if the world refuses it, ``other_move`` (the same move with
    the two cards exchanged: a bid of the card that now lies elsewhere). The hidden places after
    it, or None if neither could be played."""
    for attempt in (move, other_move) if other_move != move else (move,):
        try:
            world.play(attempt)               # a refused move changes nothing: try the other
            return hidden_places(world, seat)
        except Exception:
            continue
    return None


def _key(item):
    try:
        hash(item)
        return item
    except TypeError:
        return _text(item)


def _names(places: dict) -> str:
    names = list(places)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
