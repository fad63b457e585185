"""What a grading run keeps: the CSV, one feedback file per student, and the record ``--resume`` reads.

Only the grader (the parent process) writes these files, and it writes each one whole: to a
temporary file in the same folder, then ``os.replace`` - so a reader, a crash or Ctrl-C sees
either the old file or the new one, never half of one.

- ``results.csv``: one row per check. A cell that a spreadsheet would read as a formula (one
  starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, as OWASP lists them) gets a
  leading ``'``, so a file named ``=HYPERLINK(...)-03.ipynb`` stays text:

  >>> safe_cell("=1+1"), safe_cell("ada"), safe_cell(3)
  ("'=1+1", 'ada', 3)

  Every text cell is written as ``safe_text.for_csv`` makes it: that guard, control characters
  shown as escapes (so that each row is one line) and at most 300 characters.

- ``feedback/NAME.md``: one file per student, where every piece of text (the student's name, a
  message, a note) is written as ``safe_text.for_markdown`` makes it: on one line, with the
  characters Markdown reads as syntax escaped, so that no learner's text writes a heading, a
  list, a link or a "Score" of its own. Names that are plain lower-case letters, digits,
  ``-`` and ``_`` are used as they are; any other name is folded to such letters and followed by
  ``--`` and a short digest of the whole name, so two students never share a file:

  >>> feedback_name("ada"), feedback_name("Zoë"), feedback_name("Zoé")
  ('ada', 'zoe--c6a12698', 'zoe--d92562a3')

- ``results.grading.json`` (beside the CSV): every result with a digest of the submitted file's
  content and of its solution notebook, which is what ``--resume`` compares, with the exercise:
  a submission whose content and exercise are unchanged is not graded again; a changed one is,
  and so is one the grader could not run for want of a package (status "grader missing package").
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .runner import MISSING, Result
from .safe_text import FORMULA_STARTS, NAME_LIMIT, for_csv, for_markdown

CSV_FIELDS = ["student", "exercise", "check", "points", "max_points", "passed", "status", "message"]
RECORD_VERSION = 1


def safe_cell(value):
    """A CSV cell that no spreadsheet runs as a formula: text starting with one gets a ``'``."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step (a temporary file, then ``os.replace``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(descriptor, mode)
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def csv_rows(result: Result) -> list[dict]:
    """One row per check (tidy data: easy to filter, pivot and add up in any spreadsheet)."""
    return [{"student": result.student, "exercise": result.exercise, "check": check.grade_id,
             "points": check.points, "max_points": check.max_points,
             "passed": "yes" if check.passed else "no", "status": result.status,
             "message": check.message} for check in result.checks]


def csv_text(results: list[Result]) -> str:
    """The whole CSV for ``results``, sorted by student and exercise, every cell made safe
    (``safe_text.for_csv``)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_FIELDS)
    writer.writeheader()
    for result in sorted(results, key=lambda r: (r.student, r.exercise)):
        writer.writerows({key: for_csv(value) for key, value in row.items()}
                         for row in csv_rows(result))
    return buffer.getvalue()


def feedback_name(student: str) -> str:
    """The feedback file's name (without ``.md``) for ``student``; distinct students, distinct names.

    A name made only of lower-case ASCII letters and digits, joined by single ``-`` or ``_``, is
    its own file name. Any other name (accents, capitals, spaces, dots, slashes ...) is folded to
    such letters (``Zoë`` -> ``zoe``) and followed by ``--`` and 8 hex digits of the SHA-256 of
    the whole name (NFC). A plain name never holds ``--``, so it cannot meet a folded one.
    """
    student = unicodedata.normalize("NFC", student)
    if re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)*", student):
        return student
    folded = unicodedata.normalize("NFKD", student).encode("ascii", "ignore").decode().lower()
    base = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:40].strip("-") or "student"
    return f"{base}--{hashlib.sha256(student.encode()).hexdigest()[:8]}"


def feedback_text(student: str, results: list[Result]) -> str:
    """A student's feedback, in sentences that read well aloud: each exercise, each failed check
    in the sentence the learner's notebook shows for it (``runner.check_text``), or that every
    check passes.

    The headings are the grader's alone: the student's name, messages and notes are written as
    ``safe_text.for_markdown`` makes them, on one line each and unable to start a heading.
    """
    md = for_markdown
    lines = [f"# Feedback for {md(student, NAME_LIMIT)}", ""]
    for result in sorted(results, key=lambda r: r.exercise):
        lines += [f"## {md(result.exercise)}", "",
                  f"Score: {result.score:g} out of {result.max_score:g}."]
        if result.checks and all(check.passed for check in result.checks):
            # as the notebook's last cell says it (ninetynine.exercise.check_summary)
            total = len(result.checks)
            lines.append("The check passes." if total == 1 else f"All {total} checks pass.")
        if result.message:
            lines.append(md(result.message))
        lines.append("")
        for check in result.checks:
            if check.passed:
                lines.append(f"- Check {md(check.grade_id)} passed.")
            else:
                lines.append(f"- Check {md(check.grade_id)} failed: "
                             f"{md(check.message) or 'no reason given.'}")
        if result.notes:
            lines += ["", "Notes from running your notebook:"] + [f"- {md(note)}"
                                                                  for note in result.notes]
        lines.append("")
    return "\n".join(lines)


def write_feedback(folder: Path, student: str, results: list[Result]) -> Path:
    """Write (replace) ``student``'s feedback file from all their ``results``; return its path."""
    path = folder / f"{feedback_name(student)}.md"
    write_atomically(path, feedback_text(student, results))
    return path


def content_digest(submission: Path, source: Path) -> str:
    """SHA-256 of a submitted file's bytes and of its solution notebook's: what ``--resume``
    compares, so a changed submission, or a solution whose checks changed, is graded again."""
    digest = hashlib.sha256(Path(submission).read_bytes())
    digest.update(hashlib.sha256(Path(source).read_bytes()).digest())
    return digest.hexdigest()


@dataclass
class Entry:
    """One graded submission as the record keeps it: its result, and what it was graded from."""

    digest: str
    result: Result

    @property
    def key(self) -> tuple[str, str]:
        """What makes a result reusable: the file's content and the exercise it was graded as."""
        return self.digest, self.result.exercise


class ResultsFolder:
    """The CSV, the feedback folder and the record of one grading run, written as results arrive.

    The grader holds every result in ``entries`` (keyed by student and exercise) and rewrites the
    files from them: nothing is appended, so nothing can be half-written, and a submission graded
    again replaces its own rows only.
    """

    def __init__(self, csv_path: Path, feedback: Path):
        self.csv_path, self.feedback = Path(csv_path), Path(feedback)
        self.record_path = self.csv_path.with_suffix(".grading.json")
        self.entries: dict[tuple[str, str], Entry] = {}

    def load(self) -> None:
        """Read the record of an earlier run (for ``--resume``); no record, no entries.

        Raises ``ValueError`` with one sentence when a record exists but cannot be read.
        """
        if not self.record_path.exists():
            return
        try:
            data = json.loads(self.record_path.read_text(encoding="utf-8"))
            if data.get("version") != RECORD_VERSION:
                raise ValueError("unknown version")
            for item in data["entries"]:
                entry = Entry(str(item["digest"]), Result.from_json(json.dumps(item["result"])))
                self.entries[(entry.result.student, entry.result.exercise)] = entry
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"The record of the earlier run, {self.record_path}, cannot be read "
                             f"({error}); move it away to grade everything again.") from None

    def earlier(self, digest: str, exercise: str) -> Result | None:
        """An earlier result for a file with this content and exercise, if the record has one;
        never one the grader could not run for want of a package (``MISSING``): not the
        learner's doing, so it is graded again."""
        for entry in self.entries.values():
            if entry.key == (digest, exercise) and entry.result.status != MISSING:
                return entry.result
        return None

    def add(self, digest: str, result: Result) -> None:
        """Keep ``result`` (replacing the student's earlier one for that exercise); rewrite files."""
        self.entries[(result.student, result.exercise)] = Entry(digest, result)
        self.save(students=[result.student])

    def results(self) -> list[Result]:
        return [entry.result for entry in self.entries.values()]

    def save(self, students: list[str] | None = None) -> None:
        """Rewrite the CSV and the record, and the feedback of ``students`` (default: everyone)."""
        record = {"version": RECORD_VERSION,
                  "entries": [{"digest": e.digest, "result": json.loads(e.result.to_json())}
                              for e in self.entries.values()]}
        # ASCII, so that a learner's message holding half a character (a lone surrogate) is
        # still written, as an escape
        write_atomically(self.record_path, json.dumps(record, indent=1))
        write_atomically(self.csv_path, csv_text(self.results()))
        everyone = {entry.result.student for entry in self.entries.values()}
        for student in sorted(everyone if students is None else set(students)):
            write_feedback(self.feedback, student,
                           [r for r in self.results() if r.student == student])
