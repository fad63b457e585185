"""The kit's plots: the same data draw the same SVG, and every plot says in words what it shows."""
from __future__ import annotations

import re

from ninetynine import plots


def doubling():
    return plots.line("The 2", "count before", "count after",
                      {"the 2": [(x, 2 * x) for x in range(0, 50, 10)], "no change": [(0, 0), (99, 99)]},
                      summary="The 2 doubles a count below 50.")


def test_the_same_data_draw_the_same_picture_with_no_random_id_or_date():
    first, second = doubling(), doubling()
    assert first.svg == second.svg
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", first.svg), "pygal's random chart id is left in"
    assert "<!--" not in first.svg, "pygal's dated comment is left in"


def test_series_differ_by_dash_pattern_not_only_by_colour():
    svg = doubling().svg
    assert "dasharray:12,6" in svg.replace(" ", ""), "the second series should be dashed"


def test_a_plot_shows_its_picture_and_prints_its_summary(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    doubling()._ipython_display_()
    assert shown and shown[0].data.startswith("<svg")
    assert capsys.readouterr().out == "Summary: The 2 doubles a count below 50.\n"


def test_win_rates_draw_wilson_intervals_and_the_fair_share():
    plot = plots.win_rates("Expert against cautious", "bot", [("expert", 120, 200)],
                           summary="The expert wins more than half.", fair=0.5)
    assert "The expert wins more than half." == plot.summary
    assert plot.svg.count('class="ci"') == 1, "the interval should be drawn as an error bar"
    assert "fair share 0.5" in plot.svg


# --- the plots as the notebooks show them ---------------------------------------------------------

import json  # noqa: E402
from pathlib import Path  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def notebook_plots(path: Path) -> list[tuple[str, str]]:
    """(svg, the text printed right after it) for every picture among a notebook's outputs."""
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        outputs = cell.get("outputs", [])
        for index, output in enumerate(outputs):
            svg = output.get("data", {}).get("image/svg+xml")
            if svg is not None:
                after = outputs[index + 1] if index + 1 < len(outputs) else {}
                found.append(("".join(svg), "".join(after.get("text", ""))))
    return found


def test_every_plot_in_a_notebook_has_a_title_axis_titles_and_a_summary_under_it():
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        for svg, text in notebook_plots(path):
            titles = re.search(r'<g class="titles">(.*?)</g>', svg).group(1)
            assert 'class="title plot_title"' in titles, f"{path.name}: a plot without a title"
            assert titles.count('class="title') >= 3, f"{path.name}: a plot without axis titles"
            assert re.fullmatch(r"Summary: \S.{20,}\.\n", text, re.DOTALL), \
                f"{path.name}: a plot is not followed by its one-sentence summary: {text[:80]!r}"


def test_the_rule_and_strategy_notebooks_draw_their_curves_and_rates():
    """The 2's doubling and halving (03), who starts (06), and the count over a round and the
    win rates of the measured tips (10) are pictures, not only numbers."""
    counts = {name: len(notebook_plots(NOTEBOOKS / f"{name}.ipynb"))
              for name in ["03-the-two", "06-rounds-and-tokens", "10-strategy"]}
    assert all(counts.values()) and sum(counts.values()) >= 4, counts
