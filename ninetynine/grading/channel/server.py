"""The learner's side: the process in the sandbox that runs the learner's code and answers.

``python -m ninetynine.grading.channel`` runs ``serve``: it reads requests on standard input,
runs them in one namespace (``__name__ == "__main__"``), and writes answers on a pipe of its own
(``wire.ANSWER_VARIABLE``), while the learner's own prints go to standard output, which the
trusted side only counts. ``Server`` answers each request with a method of its class
(``op_run``, ``op_call``, ``op_steps`` ...), whatever the learner's code sets on the object:
its values go back as plain data (``plain_data.Encoder``), its errors by name (``errors.py``).
Nothing here is trusted: the learner's code can change any of it, which is why every answer is
only data, judged on the other side.
"""
from __future__ import annotations

import builtins
import io
import json
import os
import struct
import sys
import types
from pathlib import Path

from .errors import error_data, learner_error_data, raise_error
from .pickling import unpickled
from .plain_data import Encoder
from .wire import ANSWER_VARIABLE, write_all
from .running_server import register
from .standins import Callback
from .steps import Step


def _shallow(value):
    """What a mutable argument holds, to see whether a call changed it: the identities of a
    list's, set's or dictionary's items (not their own ``==``), or a state's save."""
    if isinstance(value, list):
        return [id(item) for item in value]
    if isinstance(value, dict):
        return [(id(key), id(item)) for key, item in value.items()]
    if isinstance(value, set):
        return sorted(id(item) for item in value)
    try:
        return value.to_json()
    except Exception:  # noqa: BLE001 - a state the learner broke
        return None


def _mutable(value) -> bool:
    return isinstance(value, (list, dict, set)) or (hasattr(value, "to_json") and hasattr(value, "legal_moves"))


class Server:
    """The learner's side of the channel: one per process (``running_server.register``).
    ``answers`` is the descriptor its answers are written on; the learner's code runs in
    ``space``, its objects are kept by ``encoder`` (one handle each), and each request is
    answered by the method ``op_`` + its ``op``."""

    def __init__(self, answers):
        self.answers = answers
        self.encoder = Encoder()
        register(self)
        self.space = {"__name__": "__main__", "__builtins__": builtins}
        self.space["display"] = _display
        self.stood: dict = {}
        self.cells: dict[str, list[str]] = {}    # each learner cell's lines, by its name
        self.asked: list = []          # the ids of the requests being answered, innermost last
        self.forked = False            # a copy of the process made for one game (op_fork)

    def target(self, handle):
        if isinstance(handle, str):
            return self.space[handle]
        if isinstance(handle, list):                  # [object, method name]: read now
            return getattr(self.encoder.handles[handle[0]], str(handle[1]))
        return self.encoder.handles[handle]

    def answer(self, message: dict) -> None:
        data = json.dumps(message, allow_nan=True).encode()
        write_all(self.answers, struct.pack(">I", len(data)) + data)

    def serve(self, requests) -> None:
        self.requests = requests
        self.answer({"ready": True})
        while self.serve_one() is not None:
            pass

    def serve_one(self) -> dict | None:
        """Read one message and answer it; return it (None at the end of the stream). A
        ``callback_result`` is not answered: it is returned to the ``Callback`` waiting for it."""
        kind = type(self)       # requests are answered by the class's methods, whatever the
        send = kind.answer      # learner's code sets on this object
        head = self.requests.read(4)
        if len(head) < 4:
            return None
        message = json.loads(self.requests.read(struct.unpack(">I", head)[0]))
        if message.get("op") == "callback_result":
            return message
        self.asked.append(message.get("id"))
        try:
            try:
                reply = getattr(kind, "op_" + message["op"])(self, message)
            except BaseException as error:  # noqa: BLE001 - every error of the learner's code
                reply = {"error": learner_error_data(error, self.cells)}
            if reply is None:               # answered by a copy of this process (op_fork)
                return message
            try:
                send(self, {**reply, "id": message.get("id")})
            except (TypeError, ValueError) as error:
                send(self, {"error": error_data(error), "id": message.get("id")})
        finally:
            self.asked.pop()
        return message

    def callback(self, number: int, args: tuple, kwargs: dict):
        """Ask the trusted side to run stand-in ``number`` (``Callback``) and wait for its
        answer, answering any request it makes meanwhile (a stand-in may call the learner)."""
        self.answer({"id": self.asked[-1] if self.asked else None, "callback": number,
                     "args": self.encoder.encode((args, kwargs))})
        while True:
            message = self.serve_one()
            if message is None:
                raise SystemExit(0)             # the trusted side has gone
            if message.get("op") == "callback_result":
                if "error" in message:
                    raise_error(message["error"])
                return unpickled(message["value"])

    def op_run(self, message):
        code, name = _transform(message["code"]), message.get("name", "<cell>")
        self.cells[name] = code.splitlines()      # an error can quote the learner's line
        exec(compile(code, name, "exec", dont_inherit=True), self.space)
        sys.stdout.flush()
        return {"ok": True}

    def op_call(self, message):
        args, kwargs = unpickled(message["args"])
        reply = self.invoke(message["target"], args, kwargs)
        if message.get("ahead"):   # the object whose method it was, and the object it made
            target, value = message["target"], reply.get("value")
            things = [self.encoder.handles.get(target[0]) if isinstance(target, list) else None,
                      self.encoder.handles.get(value.get("v")) if isinstance(value, dict)
                      and value.get("$") == "remote" else None]
            reply["read"] = [self.read_ahead(thing) for thing in things if thing is not None]
        return reply

    def op_call_many(self, message):
        return {"replies": [self.invoke(message["target"], args, kwargs)
                            for args, kwargs in unpickled(message["args"])]}

    def invoke(self, target, args, kwargs) -> dict:
        """Call the learner's ``target``; the reply as plain data (value or error, and the
        arguments it changed)."""
        function = self.target(target)
        before = {i: _shallow(arg) for i, arg in enumerate(args) if _mutable(arg)}
        try:
            value = function(*args, **kwargs)
        except BaseException as error:  # noqa: BLE001
            reply = {"error": learner_error_data(error, self.cells)}
        else:
            reply = {"value": self.encoder.encode(value)}
        changed = {str(i): self.encoder.encode(args[i]) for i, old in before.items()
                   if _shallow(args[i]) != old}
        if changed:
            reply["after"] = changed
        return reply

    def op_getattr(self, message):
        target, name = self.target(message["target"]), message["name"]
        reply = {"value": self.encoder.encode(getattr(target, name))}
        if message.get("ahead"):
            kind, own = type(target), getattr(target, "__dict__", None)
            # read without running the learner's code: an attribute of the object itself that
            # its class does not define, or a method its class defines
            reply["plain"] = kind.__getattribute__ is object.__getattribute__ and (
                (isinstance(own, dict) and name in own and not hasattr(kind, name))
                or (isinstance(getattr(kind, name, None), types.FunctionType)
                    and not (isinstance(own, dict) and name in own)))
            reply["read"] = [self.read_ahead(target)]
        return reply

    def read_ahead(self, thing) -> list:
        """``[handle, {name: value}]``: the attributes of the learner's object ``thing`` that
        reading runs none of its code for - its own (``vars``) and its class's methods, as
        ``{"$": "method"}`` (called by name) - or ``[handle, {}]`` when its class reads
        attributes its own way, or ``thing`` is no object of the learner's (a plain value)."""
        kind, own = type(thing), getattr(thing, "__dict__", None)
        if kind.__getattribute__ is not object.__getattribute__ or not isinstance(own, dict) \
                or kind.__module__ != "__main__":
            return [None, {}]
        number = self.encoder.number(thing)
        seen = {key: self.encoder.encode(value) for key, value in list(own.items())
                if isinstance(key, str) and not hasattr(kind, key)}
        seen.update({key: {"$": "method", "v": number, "n": key} for key in _methods(kind)
                     if key not in own})
        return [number, seen]

    def op_setattr(self, message):
        target = self.target(message["target"])
        setattr(target, message["name"], unpickled(message["value"]))
        return {"ok": True, "read": [self.read_ahead(target)] if message.get("ahead") else []}

    def op_give(self, message):
        self.encoder.given = frozenset(str(name) for name in message["names"])
        self.encoder.given_fields = {}
        return {"ok": True}

    def op_names(self, message):
        names = {}
        for name, value in list(self.space.items()):
            if name.startswith("__") or name == "display":
                continue
            try:
                names[name] = self.encoder.encode(value)
            except Exception:  # noqa: BLE001 - too deep: a handle will do
                names[name] = self.encoder.handle(value)
        return {"value": names}

    def op_stand_in(self, message):
        function = self.target(message["target"])
        ahead = message.get("ahead") or {}
        names = {str(name): Callback(self, int(number), str(name), dict(ahead.get(name, [])))
                 for name, number in message["names"].items()}
        space = getattr(function, "__globals__", {})
        missing = object()
        self.stood[message["target"]] = (space, {n: space.get(n, missing) for n in names}, missing)
        space.update(names)
        return {"ok": True}

    def op_stand_back(self, message):
        space, old, missing = self.stood.pop(message["target"])
        for name, value in old.items():
            if value is missing:
                space.pop(name, None)
            else:
                space[name] = value
        return {"ok": True}

    def op_steps(self, message):
        """Make a message of steps (``Learner.steps``): each a call or a read of the learner's
        objects, in order, answered as plain data or its error; a ``Step`` among a step's
        target and arguments is what that earlier step made."""
        made, replies = [], []
        for kind, on, name, args, kwargs, reply, when in unpickled(message["steps"]):
            if when is not None and not _condition(made, when):
                made.append(_SKIPPED)
                replies.append({"skipped": True})
                continue
            try:
                target = _made_by(on, made)
                if kind == "get":
                    value = getattr(target, str(name))
                else:
                    function = getattr(target, str(name)) if name is not None else target
                    value = function(*[_made_by(arg, made) for arg in args],
                                     **{str(key): _made_by(arg, made)
                                        for key, arg in kwargs.items()})
            except BaseException as error:  # noqa: BLE001 - every error of the learner's code
                made.append(_FAILED)
                replies.append({"error": {**learner_error_data(error, self.cells),
                                          "at": _learner_place(error)}})
                continue
            made.append(value)
            try:
                if reply == "none":
                    replies.append({"ok": True})
                elif reply == "numbers":
                    replies.append({"value": [[self.encoder.encode(label),
                                               self.encoder.number(thing)]
                                              for label, thing in value]})
                elif reply == "text":       # as text of its own: equal answers, equal texts
                    replies.append({"text": json.dumps(self.encoder.encode(value), allow_nan=True)})
                else:
                    replies.append({"value": self.encoder.encode(value)})
            except Exception as error:  # noqa: BLE001 - an answer too deep, or not pairs
                replies.append({"error": {**error_data(error), "at": None}})
        sys.stdout.flush()
        return {"replies": replies}

    def op_fork(self, message):
        """Go on in a copy of this process (``Learner.fork``): the copy answers this request and
        every request after it, until ``end_fork`` ends it; this process waits, untouched by
        whatever the copy does, then answers again. A league plays each game in such a copy, so
        that nothing a bot remembers of one game reaches the next."""
        if self.forked:
            raise RuntimeError("This process is already a copy made for one game.")
        sys.stdout.flush()
        child = os.fork()
        if child == 0:
            self.forked = True
            return {"forked": True}
        _, status = os.waitpid(child, 0)
        if os.waitstatus_to_exitcode(status) != 0:  # the copy stopped otherwise than by end_fork:
            os._exit(1)                             # so does this process, and the channel closes
        return None

    def op_end_fork(self, message):
        """End the copy made by ``op_fork``: it answers, then exits; the process it was copied
        from answers from now on."""
        if not self.forked:
            raise RuntimeError("This process is no copy made for one game.")
        sys.stdout.flush()
        self.answer({"ended": True, "id": message.get("id")})
        os._exit(0)

    def op_withhold(self, message):
        """Take the exercise's own answers out of the kit here (``withheld.py``), before any of
        the learner's code runs."""
        from ..withheld import withhold
        return {"withheld": withhold([str(path) for path in message["paths"]])}

    def op_fingerprint(self, message):
        space = {"__name__": "ninetynine_integrity"}
        exec(compile(message["code"], "<integrity>", "exec", dont_inherit=True), space)
        return {"prints": space["fingerprint"]()}


_FAILED, _SKIPPED = object(), object()     # what a step made when it raised / was not made


def _condition(made: list, when) -> bool:
    """Is a step's condition ``(index, "ok" | "failed")`` met by what the steps made so far?"""
    index, wanted = when
    done = made[int(index)]
    return done is _FAILED if wanted == "failed" else done is not _FAILED and done is not _SKIPPED


def _made_by(value, made: list):
    """``value``, or, for a ``Step``, what that earlier step made."""
    if type(value) is not Step:
        return value
    done = made[value.index]
    if done is _FAILED or done is _SKIPPED:
        raise LookupError(f"step {value.index} made nothing (it raised, or was not made)")
    return done


def _learner_place(error: BaseException) -> list | None:
    """``[file, line, function]`` of the deepest frame of ``error`` in the learner's code (or
    the kit's), past the channel's and the conformance suite's own frames; None if none."""
    import traceback
    found = None
    for frame, line in traceback.walk_tb(error.__traceback__):     # no source lines read
        filename = frame.f_code.co_filename
        if filename not in _OURS and not filename.startswith((_CHANNEL, _TESTING)):
            found = [filename.rpartition("/")[2], line, frame.f_code.co_name]
    return found


_CHANNEL = os.path.dirname(__file__) + "/"     # every module of the channel (this package)
_OURS = (str(Path(__file__).parents[1] / "game_check.py"),)
_TESTING = str(Path(__file__).parents[2] / "testing") + "/"


_METHODS: dict = {}


def _methods(kind: type) -> list[str]:
    """The public methods (plain functions) of a learner's class, worked out once (one that
    is added later is read as any attribute; one taken away fails when it is called)."""
    found = _METHODS.get(kind)
    if found is None:
        found = _METHODS[kind] = [key for key in dir(kind) if not key.startswith("_")
                                  and isinstance(getattr(kind, key, None), types.FunctionType)]
    return found


def _display(*values, **options):
    """``display`` as notebooks have it, printing the text of each value."""
    for value in values:
        print(repr(value))


def _transform(code: str) -> str:
    """A cell's code as Python: IPython's magics and shell lines (``%time``, ``!ls``) are
    translated by IPython itself, only for cells that have them."""
    if not any(line.lstrip().startswith(("%", "!")) for line in code.splitlines()):
        return code
    from IPython.core.inputtransformer2 import TransformerManager
    return TransformerManager().transform_cell(code)


def serve() -> None:
    """The learner's side: answer requests from standard input on file descriptor 3."""
    answers = int(os.environ.pop(ANSWER_VARIABLE))
    sys.stdin = io.StringIO("")              # input() in a learner's cell reads nothing
    requests = os.fdopen(0, "rb", buffering=0)
    reader = io.BufferedReader(requests)
    Server(answers).serve(_Exact(reader))


class _Exact:
    """Reads exactly n bytes (or fewer at the end of the stream)."""

    def __init__(self, stream):
        self.stream = stream

    def read(self, size: int) -> bytes:
        parts, left = [], size
        while left:
            chunk = self.stream.read(left)
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)
