"""The learner's side's one ``Server`` in its process, and what pickled values call to reach it.

An argument the trusted side sends may name one of the learner's own objects (a ``Remote``
goes back as its handle: ``learner_object``) or be one of the exercise's given values, made
with the learner's own class of that name (``given_value``). Both are unpickled on the
learner's side, and both need the server that runs there (``server.Server``, which
``register``s itself when it starts). They live apart from the server so that the trusted side's
modules that name them (``plain_data.Remote``, ``pickling.given_reducer``) need not import the
server, which imports them. Where no server runs (the grader), ``current_server()`` is None.
"""
from __future__ import annotations

_SERVER = None


def register(server) -> None:
    """Make ``server`` the one this process answers with (``server.Server`` calls it)."""
    global _SERVER
    _SERVER = server


def current_server():
    """The ``server.Server`` answering in this process, or None (in the grader)."""
    return _SERVER


def learner_object(number):
    """The learner's object behind a handle or name (unpickled on the learner's side)."""
    return _SERVER.target(number)


def given_value(name: str, fields: dict):
    """One of the exercise's given values, on the learner's side: made with the learner's own
    class of that name (``Learner.give``), so that the learner's code sees its own classes."""
    cls = _SERVER.space.get(name) if _SERVER is not None else None
    if not isinstance(cls, type):
        raise NameError(f"the exercise's class {name} is not defined in the notebook")
    return cls(**fields)
