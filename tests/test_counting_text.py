"""Move text: every move of every rule set reads back from its own text, and bad text is refused
with one sentence that says which part is wrong and what is accepted."""
import pytest

import ninetynine as nn
from ninetynine.counting import DRAW, END, Play
from ninetynine.counting.moves import parse_move
from ninetynine.counting.rules import RULE_SETS


def every_move(rules, players):
    game = nn.make(rules.name, players=players)
    for card in sorted(set(rules.deck), key=str):
        effect = game.effect_of[card]
        amounts = effect.amounts if effect.has_choice else (None,)
        targets = range(players) if effect.choose_next else (None,)
        for amount in amounts:
            for target in targets:
                yield Play(card, amount, target)


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_move_round_trips_through_its_text(name):
    rules = RULE_SETS[name]
    for players in (3, 4):
        moves = list(every_move(rules, players))
        assert len(moves) >= len(set(rules.deck))
        for move in moves:
            text = str(move)
            assert parse_move(text, rules, players) == move
            assert parse_move(text.lower(), rules, players) == move
            assert parse_move(f"  {text}  ", rules, players) == move


def test_draw_and_end_round_trip():
    for move in (DRAW, END):
        assert parse_move(str(move), RULE_SETS["quentin_c"], 3) is move
        assert parse_move(str(move).lower(), RULE_SETS["quentin_c"], 3) is move


def test_move_text_examples():
    q = RULE_SETS["quentin_c"]
    assert str(parse_move("AS +11", q, 3)) == "AS +11"
    assert str(parse_move("10h -10", q, 3)) == "10H -10"
    assert str(parse_move("5H >2", RULE_SETS["taiwanese"], 3)) == "5H >2"
    assert str(parse_move("QS +20", RULE_SETS["taiwanese"], 3)) == "QS +20"
    assert str(parse_move("skip", RULE_SETS["rs_games"], 3)) == "SKIP"


@pytest.mark.parametrize("rules, text, part", [
    ("quentin_c", "", "empty"),
    ("quentin_c", "AS", "'AS +1' or 'AS +11'"),
    ("quentin_c", "AS 11", "'AS +1' or 'AS +11'"),
    ("quentin_c", "AS +5", "'+5' is not a value"),
    ("quentin_c", "AS +x", "'+x' is not a value"),
    ("quentin_c", "6C +6", "'+6' is not understood after 6C"),
    ("quentin_c", "6C now", "'now' is not understood"),
    ("quentin_c", "ZZ", "'Z' is not one of C, D, H, S"),
    ("quentin_c", "DRAW 2", "write DRAW alone"),
    ("quentin_c", "END now", "write END alone"),
    ("taiwanese", "5H", "'5H >N'"),
    ("taiwanese", "5H >7", "'>7' names no seat"),
    ("taiwanese", "5H >x", "'>x' names no seat"),
    ("taiwanese", "QS", "'QS +20' or 'QS -20'"),
    ("rs_games", "10", "+10 or -10"),
])
def test_bad_move_text_says_which_part_is_wrong(rules, text, part):
    with pytest.raises(nn.IllegalMove) as error:
        parse_move(text, RULE_SETS[rules], 3)
    message = str(error.value)
    assert part in message
    assert message.endswith(".") and "\n" not in message


def test_move_text_that_is_not_text_is_refused():
    with pytest.raises(nn.IllegalMove, match="text"):
        parse_move(7, RULE_SETS["quentin_c"], 3)


def test_state_and_view_parse_move_like_the_module():
    state = nn.make("taiwanese", players=3).new_game(seed=1)
    assert state.parse_move("5H >2") == Play(nn.parse_card("5H"), None, 2)
    assert state.view(0).parse_move("QS -20") == Play(nn.parse_card("QS"), -20)


def test_illegal_moves_explain_why():
    game = nn.make("quentin_c", players=3)
    state = game.setup(count=95, hands=["AS 10H", "3D", "4D"])
    cases = {"AS +11": "the Ace of Spades can only be played as plus 1:",
             "KH": "do not hold the King of Hearts",
             "DRAW": "Drawing is only possible after playing a card: play the Ace of Spades as "
                     "plus 1 or the 10 of Hearts as minus 10."}      # in words, never "AS +1"
    for text, reason in cases.items():
        with pytest.raises(nn.IllegalMove) as error:
            state.play(text)
        assert reason in str(error.value)
    with pytest.raises(nn.IllegalMove, match="not a move"):
        state.play(42)


def test_a_round_summary_says_a_repeated_loss_once_with_how_often():
    """"1 for passing 66, 1 for passing 66" read aloud twice the same thing (issue 32): the same
    loss is said once, with its tokens added up and how often it happened."""
    from ninetynine.counting.events import CardPlayed, TokensLost
    from ninetynine.counting.table_words import _seat_losses
    deck = nn.make("quentin_c").rules.deck
    king, jack = (next(card for card in deck if card.rank == rank) for rank in "KJ")
    events = []
    for old, new in [(60, 70), (58, 68), (62, 72)]:                 # passing 66, three times
        events += [CardPlayed(1, king, None, old, new), TokensLost(1, 1, "passing", 1, 5)]
    events += [CardPlayed(1, jack, None, 32, 42), TokensLost(1, 1, "passing", 1, 4)]   # and 33
    assert _seat_losses(events, 1, 0, None) == (
        "Seat 1 lost 4 tokens: 3 for passing 66 three times, 1 for passing 33.")
    assert _seat_losses(events[:4], 1, None, None) == "Seat 1 lost 2 tokens: 2 for passing 66 twice."
