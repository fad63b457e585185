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
