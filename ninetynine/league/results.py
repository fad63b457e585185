"""What a league's games add up to: ratings, win rates, head-to-head, and the files that keep them.

- **Ratings** come from `openskill <https://openskill.me>`_ (the Plackett-Luce model): each game
  is a ranking of its seats, and every contestant's skill is a mean ``mu`` and an uncertainty
  ``sigma``. The table is sorted by ``mu - 3 sigma`` (the *ordinal*), a rating the contestant has
  very probably earned; it moves little after a lucky game. Games are rated in the schedule's
  order, so the same games give the same ratings.
- **Win rates**: a win is a game finished first alone; the 95% Wilson interval
  (``arena.wilson``) says how sure that rate is after so many games.
- **Head-to-head**: for each pair, in how many of the games they played together the one
  finished ahead of the other (with two players, simply the games won against each other).

``write_files`` writes ``standings.csv``, ``games.csv``, ``head-to-head.csv`` and
``report.html`` (the tables and a win-rate plot with its text summary), each written whole, as the
grader writes its results (``grading.results.write_atomically``). Names come from file and folder
names and forfeits' reasons from learners' errors, so they could hold anything: each goes out as
``grading.safe_text`` makes it for its file - in a CSV, ``for_csv`` (a ``'`` before what a
spreadsheet would read as a formula, control characters as visible escapes, so a row is one
line), in the report, ``for_html`` (escaped, and the same escapes) - and bounded: 80 characters
for a name, 300 for a reason. The files a league refused (symbolic links, special files) are
listed in the report.
"""
from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..arena import wilson
from ..grading.results import write_atomically
from ..grading.safe_text import NAME_LIMIT, for_csv, for_html, printable
from .referee import Outcome

@dataclass(frozen=True)
class Standing:
    """One contestant's line of the final table."""

    name: str
    games: int
    wins: int
    forfeits: int
    mu: float
    sigma: float
    mean_place: float

    @property
    def rating(self) -> float:
        """The ordinal ``mu - 3 sigma``: the table is sorted by it."""
        return self.mu - 3 * self.sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def ratings(names: list[str], outcomes: list[Outcome]) -> list[tuple[float, float]]:
    """(mu, sigma) of each contestant after rating every game in the schedule's order."""
    from openskill.models import PlackettLuce
    model = PlackettLuce()
    current = [model.rating(name=name) for name in names]
    for outcome in sorted(outcomes, key=lambda o: o.fixture.number):
        seats = outcome.fixture.seats
        teams = [[current[index]] for index in seats]
        rated = model.rate(teams, ranks=list(outcome.places))
        for index, (rating,) in zip(seats, rated, strict=True):
            current[index] = rating
    return [(rating.mu, rating.sigma) for rating in current]


def standings(names: list[str], outcomes: list[Outcome]) -> list[Standing]:
    """Every contestant's line, best rating first (then more wins, then the name)."""
    games, wins, forfeits, place_sum = ([0] * len(names) for _ in range(4))
    for outcome in outcomes:
        forfeited = {seat for seat, _ in outcome.forfeits}
        for seat, index in enumerate(outcome.fixture.seats):
            games[index] += 1
            wins[index] += outcome.winner == seat
            forfeits[index] += seat in forfeited
            place_sum[index] += outcome.places[seat]
    rated = ratings(names, outcomes)
    table = [Standing(name, games[i], wins[i], forfeits[i], *rated[i],
                      place_sum[i] / games[i] if games[i] else 0.0)
             for i, name in enumerate(names)]
    return sorted(table, key=lambda s: (-round(s.rating, 9), -s.wins, s.name))


def head_to_head(names: list[str], outcomes: list[Outcome]) -> dict[tuple, tuple[int, int]]:
    """``(a, b) -> (ahead, met)``: in ``met`` games together, ``a`` finished ahead of ``b``
    ``ahead`` times."""
    table = {(a, b): [0, 0] for a in names for b in names if a != b}
    for outcome in outcomes:
        seated = list(enumerate(outcome.fixture.seats))
        for seat_a, a in seated:
            for seat_b, b in seated:
                if a != b:
                    cell = table[names[a], names[b]]
                    cell[0] += outcome.places[seat_a] < outcome.places[seat_b]
                    cell[1] += 1
    return {pair: (ahead, met) for pair, (ahead, met) in table.items()}


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _csv_text(header: list[str], rows: list[list]) -> str:
    """The CSV: numbers as they are, every text cell as ``safe_text.for_csv`` makes it."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([[for_csv(cell) for cell in row] for row in rows])
    return buffer.getvalue()


def standings_rows(table: list[Standing]) -> list[list]:
    rows = []
    for place, s in enumerate(table, start=1):
        low, high = s.interval
        rows.append([place, s.name, round(s.rating, 3), round(s.mu, 3), round(s.sigma, 3), s.games,
                     s.wins, round(s.win_rate, 4), round(low, 4), round(high, 4),
                     round(s.mean_place, 3), s.forfeits])
    return rows


STANDINGS_HEADER = ["rank", "bot", "rating", "mu", "sigma", "games", "wins", "win_rate",
                    "win_rate_low", "win_rate_high", "mean_place", "forfeits"]


GAMES_HEADER = ["game", "seed", "seat", "bot", "place", "forfeited", "reason"]


def games_rows(names: list[str], outcomes: list[Outcome]) -> list[list]:
    """One row per game and seat: who sat there, the place, and the forfeit's reason if any."""
    rows = []
    for outcome in sorted(outcomes, key=lambda o: o.fixture.number):
        reasons = dict(outcome.forfeits)
        for seat, index in enumerate(outcome.fixture.seats):
            rows.append([outcome.fixture.number, outcome.fixture.seed, seat, names[index],
                         outcome.places[seat], "yes" if seat in reasons else "no",
                         reasons.get(seat, "")])
    return rows


def write_files(folder: Path, names: list[str], outcomes: list[Outcome], title: str,
                settings: str, refused: Sequence[str] = ()) -> dict[str, Path]:
    """Write the league's CSVs and HTML report into ``folder``; return their paths by kind.
    ``refused``: the sentences of the files that did not play, for the report."""
    folder.mkdir(parents=True, exist_ok=True)
    table = standings(names, outcomes)
    pairs = head_to_head(names, outcomes)
    paths = {kind: folder / file for kind, file in (
        ("standings", "standings.csv"), ("games", "games.csv"),
        ("head-to-head", "head-to-head.csv"), ("report", "report.html"))}
    write_atomically(paths["standings"], _csv_text(STANDINGS_HEADER, standings_rows(table)))
    write_atomically(paths["games"], _csv_text(GAMES_HEADER, games_rows(names, outcomes)))
    order = [s.name for s in table]
    write_atomically(paths["head-to-head"], _csv_text(
        ["bot", "opponent", "ahead", "games_together"],
        [[a, b, *pairs[a, b]] for a in order for b in order if a != b]))
    write_atomically(paths["report"], report_html(table, pairs, names, outcomes, title, settings,
                                                  refused))
    return paths


def plot(table: list[Standing], players: int):
    """The win rates with their intervals, and the sentence that says what they show."""
    from ..plots import win_rates
    played = [s for s in table if s.games]          # a bot that sat out every round has no rate
    best = played[0]
    low, high = best.interval
    summary = (f"{printable(best.name)} is rated first and won {percent(best.win_rate)} of its "
               f"{best.games} games (95% interval {percent(low)} to {percent(high)}); "
               f"a bot that wins by luck alone wins about {percent(1 / players)}.")
    return win_rates("Win rates in the league", "bot",
                     [(printable(s.name), s.wins, s.games) for s in played], summary,
                     fair=1 / players)


def report_html(table: list[Standing], pairs, names: list[str], outcomes: list[Outcome],
                title: str, settings: str, refused: Sequence[str] = ()) -> str:
    """The report as one HTML page: settings, standings, the plot and its summary, head-to-head,
    every forfeit with its reason, and the files refused. Every piece of text is escaped: the
    kit's own with ``html.escape``, names and learners' reasons with ``safe_text.for_html``."""
    e = html.escape

    def name(text: str) -> str:
        return for_html(text, NAME_LIMIT)

    players = len(outcomes[0].fixture.seats) if outcomes else 2
    picture = plot(table, players) if outcomes else None
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>{e(title)}</title>"
             "<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
             "table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #777;"
             "padding:.2em .5em;text-align:left}caption{font-weight:bold;text-align:left}</style>"
             f"</head><body><main><h1>{e(title)}</h1><p>{e(settings)}</p>"]
    parts.append("<table><caption>Standings, best rating first</caption><thead><tr>"
                 + "".join(f"<th scope=\"col\">{e(h)}</th>" for h in (
                     "Rank", "Bot", "Rating (mu - 3 sigma)", "mu", "sigma", "Games", "Wins",
                     "Win rate", "95% interval", "Mean place", "Forfeits"))
                 + "</tr></thead><tbody>")
    for place, s in enumerate(table, start=1):
        low, high = s.interval
        cells = [s.name, f"{s.rating:.2f}", f"{s.mu:.2f}", f"{s.sigma:.2f}", s.games, s.wins,
                 percent(s.win_rate), f"{percent(low)} to {percent(high)}",
                 f"{s.mean_place:.2f}", s.forfeits]
        parts.append(f"<tr><td>{place}</td><th scope=\"row\">{name(cells[0])}</th>"
                     + "".join(f"<td>{e(str(c))}</td>" for c in cells[1:]) + "</tr>")
    parts.append("</tbody></table>")
    if picture is not None:
        parts.append(f"<figure>{picture.svg}<figcaption>Summary: {e(picture.summary)}"
                     "</figcaption></figure>")
    order = [s.name for s in table]
    parts.append("<table><caption>Head-to-head: games the bot of the row finished ahead of the "
                 "bot of the column, out of the games they played together</caption><thead><tr>"
                 "<td></td>" + "".join(f"<th scope=\"col\">{name(b)}</th>" for b in order)
                 + "</tr></thead><tbody>")
    for a in order:
        cells = "".join("<td>-</td>" if a == b else
                        f"<td>{pairs[a, b][0]} of {pairs[a, b][1]}</td>" for b in order)
        parts.append(f"<tr><th scope=\"row\">{name(a)}</th>{cells}</tr>")
    parts.append("</tbody></table><h2>Forfeits</h2>")
    lost = [(o.fixture.number, names[o.fixture.seats[seat]], reason)
            for o in sorted(outcomes, key=lambda o: o.fixture.number)
            for seat, reason in o.forfeits]
    if lost:
        parts.append("<ul>" + "".join(f"<li>Game {number}: {name(who)} forfeited. "
                                      f"{for_html(reason)}</li>"
                                      for number, who, reason in lost) + "</ul>")
    else:
        parts.append("<p>No bot forfeited a game.</p>")
    if refused:
        parts.append("<h2>Files refused</h2><ul>" + "".join(
            f"<li>{for_html(sentence, None)}</li>" for sentence in refused) + "</ul>")
    parts.append("</main></body></html>\n")
    return "".join(parts)
