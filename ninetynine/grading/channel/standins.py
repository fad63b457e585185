"""Stand-ins: a check puts its own function in place of a helper the learner's function uses,
while the learner's function runs in its own process (``checking.standing_in``).

No stand-in's code ever enters the learner's process. Its side finds a ``Callback`` under the
helper's name; calling it asks the trusted side, which runs the stand-in (``RemoteStandIn``
holds it there while it is in force) and sends back its answer. Answers the check knows it
will be asked for are sent ahead, keyed by a digest of the arguments (``_call_key``), and
found there without crossing. Both halves are here, so that the whole round trip reads in one
place.
"""
from __future__ import annotations

import hashlib

from .failures import LearnerFailure, call_timeout
from .pickling import pickled, unpickled


class RemoteStandIn:
    """A stand-in for one of the learner's functions: while it is in force, the learner's
    function finds, under each name of ``names``, a **callback** (``Callback``) - calling it
    asks this process to run the stand-in here and send back its answer. No stand-in's code
    ever enters the learner's process (it could keep it and call it for a later check), and a
    callback is answered only while its stand-in is in force (``Learner.callbacks``).
    ``remote`` is the learner's function (a ``plain_data.Remote``)."""

    def __init__(self, remote, names: dict, ahead: dict):
        self.remote, self.names, self.numbers, self.ahead = remote, names, {}, ahead

    def __enter__(self):
        learner = self.remote._learner
        tables = {}
        for name, function in self.names.items():
            number = next(learner.callback_numbers)
            learner.callbacks[number] = function
            self.numbers[name] = number
            tables[name] = [[_call_key(tuple(args), {}), _ahead_value(function(*args))]
                            for args in self.ahead.get(name, ())]
        learner._request({"op": "stand_in", "target": self.remote._handle,
                          "names": self.numbers, "ahead": tables}, call_timeout())
        return self

    def __exit__(self, *exc):
        learner = self.remote._learner
        for number in self.numbers.values():
            learner.callbacks.pop(number, None)
        if not isinstance(exc[1], LearnerFailure) and learner.failure is None:
            learner._request({"op": "stand_back", "target": self.remote._handle}, call_timeout())
        return False


def _call_key(args: tuple, kwargs: dict) -> str:
    """A digest of the text of a call's arguments (``repr``), the same on both sides for the
    kit's values (cards, numbers, lists, tuples...): a stand-in's answers sent ahead are found
    by it. A learner's object that writes itself like one of those only gets the answer the
    stand-in would give it for that value."""
    return hashlib.blake2b(repr((args, kwargs)).encode(), digest_size=12).hexdigest()


def _ahead_value(value):
    """An answer sent ahead: a number, text or nothing as itself, anything else pickled."""
    return value if value is None or type(value) in (bool, int, float, str) else {"p": pickled(value)}


def _from_ahead(sent):
    """An answer sent ahead, on the learner's side (``_ahead_value``)."""
    return unpickled(sent["p"]) if isinstance(sent, dict) else sent


class Callback:
    """A stand-in as the learner's function finds it (``RemoteStandIn``): calling it asks the
    trusted side to run the stand-in there, with the arguments sent as plain data, through
    ``server`` (the learner's side's ``server.Server``)."""

    def __init__(self, server, number: int, name: str, ahead: dict):
        self._server, self._number, self.__name__ = server, number, name
        self._ahead = ahead         # call key -> the answer, pickled, sent ahead by the grader

    def __call__(self, *args, **kwargs):
        if self._ahead:
            key = _call_key(args, kwargs)
            if key in self._ahead:
                return _from_ahead(self._ahead[key])    # a fresh copy each time
        return self._server.callback(self._number, args, kwargs)

    def __repr__(self):
        return f"<the grader's {self.__name__}>"
