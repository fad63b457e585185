"""What a learner reads when a cell of an exercise fails, and how many checks pass.

An exercise's first cell turns it on, for that notebook's kernel::

    from ninetynine.exercise import checks_speak
    checks_speak()

From then on an error shows **one sentence** instead of a traceback through the kit:

- a stub still in place: "`penalties` is not written yet: replace `raise NotImplementedError()`
  in its cell with your code." (the function whose stub raised);
- a check that fails: the check's own message ("A 6 from 27 lands on 33: ...");
- an error in the learner's code: the input tried and the learner's own line, "For a play from
  27 to 33, penalties raised ZeroDivisionError: division by zero, at your line `return 1 / 0`."
  (the check's words, from ``checking.answer``), or "penalties(27, 33) raised ..." when the
  learner's function was called directly (a try-it cell);

never a line of the kit or its docstrings. ``%tb`` still prints the whole traceback.

Check cells start with a line ``# Check 2 of 4: grade-id``: each one that passes says so
("Check 2 of 4 (grade-id) passes."), and the exercise's last cell, ``check_summary()``, counts
them: "All 4 visible checks pass." or "3 of 4 visible checks pass; still to do: grade-id.".
A check whose tests are all hidden (the learner's copy holds no test of it) starts with
``# Hidden check: grade-id`` instead: it is neither numbered nor counted.
The try-it and check cells carry Jupyter's ``raises-exception`` tag, so Run All goes on past
them in JupyterLab, in nbval and in the grader alike. JupyterLite (the browser-only site) stops
Run All at any error, tag or not, so there, in Pyodide's kernel, such a cell shows its sentence
as error text and answers that it ran (``_Speaker.go_on_in_jupyterlite``).

The grader words its feedback with the same functions (``unwritten``, ``raised`` and
``check_message``), so a learner reads the same sentence in the notebook and in the feedback.

Outside IPython (the grader's sandbox, plain Python) ``checks_speak`` and ``check_summary`` do
nothing.

>>> unwritten("legal_moves")
'`legal_moves` is not written yet: replace `raise NotImplementedError()` in its cell with your code.'
>>> raised("For the text 'seven', int", "ValueError", "not a number", line="return int(text)")
"For the text 'seven', int raised ValueError: not a number, at your line `return int(text)`."
"""
from __future__ import annotations

import linecache
import os
import re
import sys
import sysconfig

STUB = "raise NotImplementedError()"
HEADER = re.compile(r"^# Check (\d+) of (\d+): ([A-Za-z0-9][A-Za-z0-9-]*)[ \t]*$")
HIDDEN_HEADER = re.compile(r"^# Hidden check: ([A-Za-z0-9][A-Za-z0-9-]*)[ \t]*$")
TAG = "raises-exception"    # Jupyter's tag: Run All goes on past a cell that raises
_KIT = os.path.dirname(os.path.abspath(__file__)) + os.sep
_GRADING = os.path.join(_KIT, "grading") + os.sep
_LIBRARIES = tuple(sorted({os.path.abspath(path) + os.sep for key in ("stdlib", "platstdlib",
                           "purelib", "platlib") if (path := sysconfig.get_paths().get(key))}))


class Unwritten(NotImplementedError):
    """A stub still in place, named: its message is ``unwritten(function)``."""

    def __init__(self, function: str | None = None):
        super().__init__(unwritten(function))
        self.function = function


def unwritten(function: str | None) -> str:
    """The sentence for a stub still in place in ``function`` (None: a stub outside any
    function)."""
    what = f"`{function}`" if function else "This part"
    return (f"{what} is not written yet: replace `{STUB}` in its cell with your code.")


def short_line(line: str) -> str:
    """A line of code as a sentence quotes it: stripped, at most 100 characters."""
    line = line.strip()
    return line if len(line) <= 100 else line[:99] + "…"


def raised(subject: str | None, name: str, text: str = "", line: str | None = None,
           function: str | None = None, whose: str = "your") -> str:
    """The sentence for an error of the learner's code: ``subject`` names the input tried
    ("For the hand 5 9, has_safe_card" or "penalties(27, 33)"), ``line`` is the learner's own
    line where it is known (``whose`` line: "its" for a check's), ``function`` the learner's
    function that holds it."""
    words = f"{subject or 'Your code'} raised {name}"
    text = " ".join(str(text).split())
    if len(text) > 200:
        text = text[:199] + "…"
    words += f": {text}" if text else ""
    if line:
        words += f", at {whose} line `{short_line(line)}`"
        if (function and not function.startswith("<")
                and not re.search(rf"\b{re.escape(function)}\b", subject or "")):
            words += f" in {function}"
    return words if words.endswith((".", "!", "?")) else words + "."


# --- Frames: the kit's, the libraries', the learner's ---------------------------------------


def is_kit(filename: str) -> bool:
    return os.path.abspath(filename).startswith(_KIT)


def is_library(filename: str) -> bool:
    """Python's own modules, installed packages (IPython, the kernel) and frozen modules."""
    return filename.startswith("<frozen") or os.path.abspath(filename).startswith(_LIBRARIES)


def is_learners(filename: str) -> bool:
    """A notebook cell or a file of the learner's: neither the kit nor a library."""
    return not is_kit(filename) and not is_library(filename)


def _frames(tb) -> list:
    """``(frame, line number)`` of each level of a traceback, outermost first."""
    found = []
    while tb is not None:
        found.append((tb.tb_frame, tb.tb_lineno))
        tb = tb.tb_next
    return found


def learner_line(error: BaseException) -> tuple[str, str] | None:
    """``(line text, function name)`` of the deepest frame of ``error`` in the learner's code,
    or None when no frame of it is the learner's (or its line cannot be read). An error that the
    grader rebuilt from the learner's process carries them as ``learner_line`` and
    ``learner_function`` (``grading.channel.errors``): its frames here are the kit's."""
    carried = getattr(error, "learner_line", None)
    if isinstance(carried, str) and carried:
        function = getattr(error, "learner_function", None)
        return carried, function if isinstance(function, str) else ""
    for frame, number in reversed(_frames(error.__traceback__)):
        filename = frame.f_code.co_filename
        if is_learners(filename):
            text = linecache.getline(filename, number, frame.f_globals).strip()
            return (text, frame.f_code.co_name) if text else None
    return None


def stub_name(error: BaseException, default: str | None = None) -> str | None:
    """The function whose stub raised ``error``: the deepest frame of its traceback that is the
    learner's or the kit's own (a base class's method), not the grader's or a library's; else
    ``default`` (the grader's copy of a learner's error has no frame of the learner's)."""
    if isinstance(error, Unwritten):
        return error.function
    for frame, _ in reversed(_frames(error.__traceback__)):
        filename = frame.f_code.co_filename
        if is_library(filename) or filename.startswith(_GRADING) or filename == __file__:
            continue
        name = frame.f_code.co_name
        return None if name.startswith("<") else name
    return default


def short(value, limit: int = 40) -> str:
    """A value as a learner reads it in a sentence: its repr when short, else its kind."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a learner's object whose repr fails
        text = ""
    if text and len(text) <= limit and " object at 0x" not in text:
        return text
    kind = type(value).__name__
    if isinstance(value, (str, list, tuple, dict, set, frozenset)):
        return text[:limit - 1] + "…" if text else f"a {kind}"
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"


def call_words(name: str, args=(), kwargs=None) -> str:
    """``penalties(27, 33)``: a call as the learner would write it, values shortened."""
    parts = [short(value) for value in args]
    parts += [f"{key}={short(value)}" for key, value in (kwargs or {}).items()]
    return f"{name}({', '.join(parts)})"


def _frame_call(frame) -> str:
    """The call that made ``frame``, its arguments as they are now."""
    import inspect
    info = inspect.getargvalues(frame)
    args = [info.locals.get(name) for name in info.args]
    if info.args and info.args[0] in ("self", "cls"):
        args = args[1:]
    args += list(info.locals.get(info.varargs, ())) if info.varargs else []
    kwargs = dict(info.locals.get(info.keywords, {})) if info.keywords else {}
    return call_words(frame.f_code.co_name, args, kwargs)


#: how ``ninetynine.testing``'s report words an error of the game it checks (``crashed``)
_CRASHED_STUB = re.compile(r"NotImplementedError \(\) was raised in .* line \d+ \((\w+)\)")


def reported_stub(text: str) -> str | None:
    """The function named in a check's report (``check_game``'s) as raising the stub's bare
    ``NotImplementedError``: a stub still in place, the first thing to write."""
    found = _CRASHED_STUB.search(text)
    return found[1] if found else None


def check_message(error: BaseException, in_check: bool = False) -> str:
    """The one sentence for ``error`` raised in a notebook cell (a check, a try-it cell, any
    cell of the learner's): see the module's docstring. ``in_check``: the cell is a check
    cell, whose own lines are not the learner's."""
    name = type(error).__name__
    if isinstance(error, NotImplementedError):
        return str(error) if isinstance(error, Unwritten) else unwritten(stub_name(error))
    frames = [(frame, number) for frame, number in _frames(error.__traceback__)
              if not is_library(frame.f_code.co_filename)]
    cell = next((frame.f_code.co_filename for frame, _ in frames
                 if is_learners(frame.f_code.co_filename)), None)
    raiser = frames[-1][0].f_code.co_filename if frames else None
    if isinstance(error, AssertionError) and (raiser is None or is_kit(raiser) or raiser == cell):
        text = str(error).strip()
        if reported_stub(text):
            return unwritten(reported_stub(text))
        if text:
            return text
        line = raiser and linecache.getline(raiser, frames[-1][1], frames[-1][0].f_globals).strip()
        return f"A check failed at `{line}`." if line else "A check failed."
    theirs = [(frame, number) for frame, number in frames
              if is_learners(frame.f_code.co_filename)]
    called = next((frame for frame, _ in theirs if frame.f_code.co_filename != cell
                   and not frame.f_code.co_name.startswith("<")), None)
    whose = "your"
    if in_check:
        mine = [(frame, number) for frame, number in theirs if frame.f_code.co_filename != cell]
        whose, theirs = ("your", mine) if mine else ("its", theirs)
    line = function = None
    if theirs:
        frame, number = theirs[-1]
        line = linecache.getline(frame.f_code.co_filename, number, frame.f_globals) or None
        function = frame.f_code.co_name
    subject = (_frame_call(called) if called is not None else
               "The check" if whose == "its" else None)
    return raised(subject, name, str(error), line, function, whose)


# --- In IPython: one sentence for an error, and the checks counted ---------------------------


class _Speaker:
    """What ``checks_speak`` installs in one IPython shell."""

    def __init__(self, shell):
        self.shell = shell
        self.results: dict[str, bool] = {}     # grade id -> passed, as last run
        self.order: dict[str, int] = {}
        self.total = 0
        self.in_check = False                   # is the cell running a check cell?

    def handler(self, shell, etype, value, tb, tb_offset=None):
        if issubclass(etype, SyntaxError) or not isinstance(value, Exception):
            shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
            return None
        sys.last_type, sys.last_value, sys.last_traceback = etype, value, tb   # for %tb, %debug
        if sys.version_info >= (3, 12):
            sys.last_exc = value
        try:
            sentence = check_message(value, self.in_check)
        except Exception:  # noqa: BLE001 - never hide the learner's error behind ours
            shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
            return None
        shown = NotImplementedError if isinstance(value, NotImplementedError) else etype
        shell._showtraceback(shown, value, [sentence])
        return None

    def before_cell(self, info) -> None:
        source = getattr(info, "raw_cell", "") or ""
        self.in_check = bool(_header(source) or HIDDEN_HEADER.match(_first_line(source)))

    def after_cell(self, result) -> None:
        self.go_on_in_jupyterlite()
        header = _header(getattr(result.info, "raw_cell", "") or "")
        if header is None:
            return
        number, total, grade_id = header
        passed = result.error_before_exec is None and result.error_in_exec is None
        self.results[grade_id], self.order[grade_id], self.total = passed, number, total
        if passed:
            print(f"Check {number} of {total} ({grade_id}) passes.")

    def go_on_in_jupyterlite(self) -> None:
        """Let Run All go on past a failing cell tagged ``raises-exception``, in JupyterLite.

        For such a cell JupyterLab asks the kernel not to stop the cells queued after it
        (``stop_on_error: false`` in the request). ipykernel does as asked; JupyterLite cancels
        every queued cell as soon as any cell answers with an error (jupyterlite PR #1671), so
        the checks after an unwritten stub would never run. In Pyodide's kernel, which reports a
        cell's error from ``_last_traceback`` once the cell is over, the same text goes to
        stderr (the same red box) and the cell answers that it ran. IPython still counts the
        error (``result.error_in_exec``), so the check is still counted as failing."""
        shown = getattr(self.shell, "_last_traceback", None)
        if sys.platform != "emscripten" or not isinstance(shown, dict):
            return
        get_parent = getattr(getattr(self.shell, "kernel", None), "get_parent", None)
        request = get_parent() if callable(get_parent) else None
        content = request.get("content") if isinstance(request, dict) else None
        if not isinstance(content, dict) or content.get("stop_on_error", True):
            return
        self.shell._last_traceback = None
        sys.stderr.write("\n".join(shown.get("traceback") or [str(shown.get("evalue", ""))]) + "\n")

    def summary(self) -> str:
        if not self.total:
            return "No check has run yet: run the check cells above."
        passing = [grade_id for grade_id, passed in self.results.items() if passed]
        if len(passing) >= self.total:
            return ("The visible check passes." if self.total == 1
                    else f"All {self.total} visible checks pass.")
        todo = sorted((number, grade_id) for grade_id, number in self.order.items()
                      if not self.results[grade_id])
        unrun = self.total - len(self.order)
        words = [grade_id for _, grade_id in todo]
        if unrun:
            words.append(f"{unrun} check{'s' if unrun > 1 else ''} not run yet")
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        return f"{len(passing)} of {self.total} visible checks pass; still to do: {listed}."


def _header(source: str):
    """``(number, total, grade id)`` from a check cell's first line, or None."""
    match = HEADER.match(_first_line(source))
    return (int(match[1]), int(match[2]), match[3]) if match else None


def _first_line(source: str) -> str:
    return source.lstrip("\n").split("\n", 1)[0]


def _shell():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


_SPEAKERS: dict[int, _Speaker] = {}


def checks_speak(on: bool = True) -> None:
    """Errors in one sentence and checks counted, in this IPython kernel (``on=False`` puts
    IPython's tracebacks back). Does nothing outside IPython."""
    shell = _shell()
    if shell is None:
        return
    old = _SPEAKERS.pop(id(shell), None)
    if old is not None:
        shell.events.unregister("pre_run_cell", old.before_cell)
        shell.events.unregister("post_run_cell", old.after_cell)
    if not on:
        shell.set_custom_exc((), None)
        return
    speaker = _SPEAKERS[id(shell)] = _Speaker(shell)     # counting starts again
    shell.set_custom_exc((Exception,), speaker.handler)
    shell.events.register("pre_run_cell", speaker.before_cell)
    shell.events.register("post_run_cell", speaker.after_cell)


def check_summary() -> None:
    """Print how many of the exercise's visible checks pass, and which are still to do
    (nothing outside IPython, or before ``checks_speak``)."""
    shell = _shell()
    speaker = _SPEAKERS.get(id(shell)) if shell is not None else None
    if speaker is not None:
        print(speaker.summary())
