"""Plots for the notebooks: a picture, and beside it one sentence that says what it shows.

Every plot in the kit is drawn with `pygal <https://www.pygal.org>`_, a pure-Python library that
writes SVG. Pure Python matters: the notebooks also run in the browser-only site (JupyterLite and
Pyodide), where compiled packages such as matplotlib cannot be served offline; pygal draws there
exactly as it does in JupyterLab.

Each function takes the data, a title, the two axis titles and a ``summary``: one sentence for a
reader who cannot see the picture (what it shows, and the point of it). Displayed in a notebook,
a ``Plot`` shows the picture and prints ``Summary: ...`` under it, so the sentence is on the page
for everyone and in the text that tests compare. Series are told apart by their dash pattern and
their name in the legend, never by colour alone.

>>> plot = line("Doubling", "count before", "count after", {"the 2": [(10, 20), (20, 40)]},
...             summary="The 2 doubles a small count.")
>>> plot.summary
'The 2 doubles a small count.'
>>> plot.svg.startswith("<svg") and "Doubling" in plot.svg
True
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from .arena import wilson

#: Dash patterns given to the series in turn, so that no series is known by its colour alone.
DASHES = ("", "12, 6", "3, 5", "12, 4, 3, 4", "20, 8")


@dataclass(frozen=True)
class Plot:
    """An SVG picture and the sentence that says what it shows."""

    svg: str
    summary: str

    def _ipython_display_(self) -> None:
        """In a notebook: the picture, then the summary as printed text."""
        from IPython.display import SVG, display
        display(SVG(self.svg))
        print(f"Summary: {self.summary}")

    def __str__(self) -> str:
        return f"Summary: {self.summary}"


def _chart(kind: str, title: str, x_title: str, y_title: str, **options):
    """A pygal chart with the kit's settings: no scripts (nothing is fetched), a legend below."""
    import pygal
    from pygal.style import DefaultStyle
    style = DefaultStyle(font_family="DejaVu Sans, Arial, sans-serif", title_font_size=18,
                         label_font_size=13, major_label_font_size=13, legend_font_size=13)
    return getattr(pygal, kind)(
        title=title, x_title=x_title, y_title=y_title, js=[], style=style, width=720, height=400,
        legend_at_bottom=True, disable_xml_declaration=True, print_values=False, **options)


def _finish(chart, summary: str) -> Plot:
    """Render ``chart`` with a stable id (pygal draws a random one) and no dated comments."""
    svg = chart.render(is_unicode=True)
    random_id = re.search(r'id="chart-([0-9a-f-]+)"', svg).group(1)
    stable = hashlib.sha256(summary.encode()).hexdigest()[:12]
    svg = re.sub(r"<!--.*?-->", "", svg.replace(random_id, stable))
    return Plot(svg, summary)


def line(title: str, x_title: str, y_title: str, series: dict[str, list[tuple[float, float]]],
         summary: str, dots: bool = True, **options) -> Plot:
    """Lines through (x, y) points, one line per named series."""
    chart = _chart("XY", title, x_title, y_title, show_dots=dots, **options)
    for index, (name, points) in enumerate(series.items()):
        chart.add(name, list(points), stroke_style={"width": 2.5, "dasharray": DASHES[index % len(DASHES)]})
    return _finish(chart, summary)


def bars(title: str, x_title: str, y_title: str, labels: list[str],
         series: dict[str, list[float]], summary: str, **options) -> Plot:
    """Bars over named categories (``labels``), one group of bars per named series."""
    chart = _chart("Bar", title, x_title, y_title, **options)
    chart.x_labels = [str(label) for label in labels]
    for name, values in series.items():
        chart.add(name, list(values))
    return _finish(chart, summary)


def win_rates(title: str, x_title: str, rows: list[tuple[str, int, int]], summary: str,
              fair: float | None = None, **options) -> Plot:
    """Win rates as bars with their 95% Wilson intervals drawn as error bars.

    ``rows`` holds (label, wins, games). ``fair`` (the share a bot wins by luck alone, 1/2 with
    two players) is named in the axis title and drawn as a major line of the grid.
    """
    y_title = "share of games won" + (f" (fair share {fair:g})" if fair is not None else "")
    guides = {"y_labels_major": [fair]} if fair is not None else {}
    chart = _chart("Bar", title, x_title, y_title, range=(0, 1), show_legend=False,
                   y_labels=[i / 10 for i in range(11)], **guides, **options)
    chart.x_labels = [label for label, _, _ in rows]
    values = []
    for _, wins, games in rows:
        low, high = wilson(wins, games)
        values.append({"value": wins / games, "ci": {"low": low, "high": high}})
    chart.add("win rate, with its 95% interval", values)
    return _finish(chart, summary)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval: mean -/+ ``z`` standard errors.

    >>> [round(x, 2) for x in mean_interval([1, 2, 3, 4])]
    [2.5, 1.23, 3.77]
    """
    from statistics import fmean, stdev
    mean = fmean(values)
    half = z * stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def means(title: str, x_title: str, y_title: str, rows: list[tuple[str, list[float]]],
          summary: str, **options) -> Plot:
    """Means as bars with their 95% intervals (``mean_interval``) drawn as error bars.

    ``rows`` holds (label, values), one bar per label. Zero is drawn as a major line of the grid:
    a bar whose interval crosses it cannot be told apart from no difference at all.

    >>> plot = means("Gain", "bot", "points", [("a", [1, 2, 3]), ("b", [-2, -1, -3])],
    ...              summary="a gains, b loses.")
    >>> "Gain" in plot.svg and plot.summary
    'a gains, b loses.'
    """
    bars_ = [(label, *mean_interval(values)) for label, values in rows]
    low = min(0.0, *(low for _, _, low, _ in bars_))
    high = max(0.0, *(high for _, _, _, high in bars_))
    pad = (high - low) * 0.05 or 1.0
    chart = _chart("Bar", title, x_title, y_title, show_legend=False,
                   range=(low - pad, high + pad), y_labels_major=[0], **options)
    chart.x_labels = [label for label, *_ in bars_]
    chart.add("mean, with its 95% interval",
              [{"value": mean, "ci": {"low": lo, "high": hi}} for _, mean, lo, hi in bars_])
    return _finish(chart, summary)
