"""An error of the learner's code, across the channel: sent as its name, message and bases,
raised here again as an exception of that name.

``error_data`` writes an error as plain data (the learner's side, and the trusted side when a
stand-in it runs fails); ``error_class`` finds the class to raise here - the built-in or kit
class of that name, or a new class of that name under its nearest built-in base, so that a
``ValueError`` stays a ``ValueError`` - and ``raise_error`` and ``rebuilt_error`` make the
exception. The learner's own class never crosses: only its name does.
"""
from __future__ import annotations

import builtins

from ninetynine.kit_paths import kit_name, resolve


def learner_error_data(error: BaseException, cells: dict[str, list[str]]) -> dict:
    """An error of the learner's code as plain data (``error_data``), with the learner's own
    line and function: the deepest frame of its traceback in one of the learner's ``cells``
    (their lines by the name each was run under), so that the grader's feedback quotes the line
    as the learner's notebook does. Written on the learner's side, read as text only. (The
    cells are not put in ``linecache``: ``inspect.getsource`` in the learner's process must
    find no more than it did.)"""
    data = error_data(error)
    tb, found = error.__traceback__, None
    while tb is not None:
        lines = cells.get(tb.tb_frame.f_code.co_filename)
        if lines and 0 < tb.tb_lineno <= len(lines) and lines[tb.tb_lineno - 1].strip():
            found = (lines[tb.tb_lineno - 1].strip(), tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    if found:
        data["line"], data["function"] = found[0][:200], found[1][:100]
    return data


def learner_line_of(data: dict) -> tuple[str | None, str | None]:
    """The learner's line and function that ``learner_error_data`` wrote (None where absent or
    not text: the learner's side may send anything)."""
    line, function = data.get("line"), data.get("function")
    return (line if isinstance(line, str) else None,
            function if isinstance(function, str) else None)


def error_data(error: BaseException) -> dict:
    """``error`` as plain data: its class's name, its message (at most 2,000 characters), its
    built-in bases and the paths of the kit's classes it is an instance of."""
    bases = [c.__name__ for c in type(error).__mro__
             if c.__module__ == "builtins" and issubclass(c, Exception)]
    kit = [p for p in (kit_name(c) for c in type(error).__mro__) if p]
    return {"name": type(error).__name__, "text": str(error).strip()[:2000], "bases": bases,
            "kit": kit}


_MADE: dict[tuple, type] = {}


def error_class(data: dict) -> type:
    """The exception class to raise for an error the learner's code raised: the built-in or
    kit class of that name, or a new class of that name under its nearest built-in base."""
    name = str(data.get("name", "Exception"))
    for path in data.get("kit", [])[:1]:
        try:
            found = resolve(path)
            if isinstance(found, type) and issubclass(found, Exception) and found.__name__ == name:
                return found
        except Exception:  # noqa: BLE001
            pass
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, Exception) and name in data.get("bases", []):
        return found
    base = next((getattr(builtins, b) for b in data.get("bases", [])
                 if isinstance(getattr(builtins, b, None), type)
                 and issubclass(getattr(builtins, b), Exception)), Exception)
    safe = name if name.isidentifier() else "LearnerError"
    key = (safe, base)
    if key not in _MADE:
        _MADE[key] = type(safe, (base,), {"__module__": "learner"})
    return _MADE[key]


def raise_error(data: dict):
    """Raise the learner's error that ``data`` describes (``rebuilt_error``)."""
    raise rebuilt_error(data)


def rebuilt_error(data: dict) -> Exception:
    """The learner's error as an exception of this process (``error_class``), not raised."""
    cls = error_class(data)
    text = str(data.get("text", ""))
    try:
        error = cls(text) if text else cls()
    except Exception:  # noqa: BLE001 - a kit class that wants other arguments
        error = Exception(f"{data.get('name')}: {text}")
    error.learner_line, error.learner_function = learner_line_of(data)
    return error
