"""The kit's one plain-data form (ninetynine/plain_data.py), which the grading channel and the
league both speak: what it writes is JSON, reads back equal, with this process's own objects."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ninetynine as nn
from ninetynine.cards import parse_card
from ninetynine.counting.rules import QUENTIN_C
from ninetynine.grading.channel import Encoder, decode
from ninetynine.league.plain import from_plain, to_plain
from ninetynine.plain_data import PlainDataError, Reader, Writer

simple = st.none() | st.booleans() | st.integers() | st.text(max_size=5) | \
    st.floats(allow_nan=False) | st.fractions()
values = st.recursive(simple, lambda inner: st.lists(inner, max_size=3) |
                      st.tuples(inner, inner) | st.frozensets(simple, max_size=3) |
                      st.dictionaries(simple, inner, max_size=3), max_leaves=12)


@given(values)
def test_any_nesting_of_plain_values_crosses_as_json_and_comes_back_equal(value):
    data = json.loads(json.dumps(Writer().write(value)))
    assert Reader().read(data) == value


def test_kit_objects_cross_by_path_and_value_classes_by_their_fields():
    card = parse_card("QS")
    state = nn.make("quentin_c", players=2).new_game(seed=3)
    view = state.view(0)
    data = json.loads(json.dumps(Writer().write([QUENTIN_C, view])))
    assert data[0] == {"$": "kit", "v": "ninetynine.counting:QUENTIN_C"}
    assert data[1]["$"] == "obj" and data[1]["c"] == "ninetynine.counting.state:CountingView"
    rules, back = Reader().read(data)
    assert rules is QUENTIN_C and back == view
    assert Reader().read(Writer().write(card)) == card


def test_what_no_tag_covers_is_refused_in_one_sentence_and_bad_data_too():
    with pytest.raises(TypeError, match="A Random cannot be sent as plain data"):
        Writer().write({"rng": random.Random(1)})
    for bad, why in [({"a": 1}, "not plain data"), ({"$": "nonsense"}, "unknown tag"),
                     ({"$": "obj", "c": "os:system", "v": {}}, "not one of the kit's value classes"),
                     ({"$": "obj", "c": "ninetynine.grading.channel.steps:Step", "v": {}},
                      "not one of the kit's value classes"),
                     ({"$": "kit", "v": "os:system"}, "no kit object")]:
        with pytest.raises(PlainDataError, match=why):
            Reader().read(bad)


def test_the_grading_channel_and_the_league_write_the_same_form():
    """One form: the channel's answers and the league's views are read by the same Reader,
    each user adding only tags of its own."""
    view = nn.make("quentin_c", players=2).new_game(seed=4).view(1)
    channel = Encoder().encode(view)
    league = to_plain(view, "quentin_c", {"players": 2})["view"]
    assert decode(channel) == view == from_plain(to_plain(view, "quentin_c", {"players": 2}))
    assert channel["c"] == league["c"] and channel["v"]["hand"] == league["v"]["hand"]
    assert league["v"]["rules"] == {"$": "rules"}               # the league's own tag
    assert Reader().read(channel) == view                       # nothing of the channel's own
    assert Writer().write(Fraction(2, 4)) == {"$": "fraction", "v": [1, 2]}
