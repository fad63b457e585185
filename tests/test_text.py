"""ninetynine.text: every event in words, in the "you" form and the third person, read-aloud safe."""
import dataclasses
import random
import re

import pytest

import ninetynine as nn
from ninetynine import text
from ninetynine.cards import parse_card
from ninetynine.counting import events as ev
from ninetynine.counting.moves import DRAW, END, Play
from ninetynine.counting.rules import CLASSIC, QUENTIN_C, RULE_SETS, Effect

SIX = parse_card("6C")

#: One example of every event type, each involving seat 1 (and seat 2 where a second seat appears).
EXAMPLES = {
    ev.RoundStarted: ev.RoundStarted(2, 1, (0, 1, 2), 3),
    ev.OrderDrawn: ev.OrderDrawn((1, 0, 2), (parse_card("KH"), parse_card("9S"), parse_card("AC"))),
    ev.CardPlayed: ev.CardPlayed(1, parse_card("AS"), 11, 20, 31),
    ev.TokensLost: ev.TokensLost(1, 2, "bust", 1, 7),
    ev.DirectionReversed: ev.DirectionReversed(1, -1),
    ev.PlayerSkipped: ev.PlayerSkipped(1, 2),
    ev.NextPlayerChosen: ev.NextPlayerChosen(1, 2),
    ev.CardDrawn: ev.CardDrawn(1, parse_card("QD")),
    ev.DrawSkipped: ev.DrawSkipped(1),
    ev.TurnEnded: ev.TurnEnded(1),
    ev.DeckReshuffled: ev.DeckReshuffled(40),
    ev.DeckRanOut: ev.DeckRanOut(),
    ev.PlayerFinished: ev.PlayerFinished(1, 3),
    ev.PlayerOut: ev.PlayerOut(1, 1),
    ev.PlayerLastInRound: ev.PlayerLastInRound(1, 2),
    ev.PlayerEliminated: ev.PlayerEliminated(1),
    ev.RoundOver: ev.RoundOver(2, "bust", 1),
    ev.GameOver: ev.GameOver(1),
}

#: Events that are about no seat in particular.
SEATLESS = (ev.DeckReshuffled, ev.DeckRanOut, ev.RoundOver)


def event_types():
    return [obj for obj in vars(ev).values()
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == ev.__name__]


def read_aloud_safe(sentence: str) -> bool:
    """Words, not symbols: no +, >, <, underscores or bare card codes like 6C; ends a sentence."""
    return (sentence.endswith(".") and not re.search(r"[+<>_]|\b(10|[2-9AJQK])[CDHS]\b", sentence)
            and not re.search(r"\b[A-Z][a-z]+[A-Z]\w*\b", sentence))   # no CamelCase class names


def test_every_event_type_has_an_example():
    assert set(event_types()) == set(EXAMPLES)


@pytest.mark.parametrize("kind", list(EXAMPLES), ids=lambda kind: kind.__name__)
def test_every_event_has_a_you_form_and_a_third_person_form(kind):
    event = EXAMPLES[kind]
    mine, theirs = text.describe(event, you=1), text.describe(event)
    assert read_aloud_safe(mine) and read_aloud_safe(theirs)
    if kind not in SEATLESS:
        assert "you" in mine.lower() and "Seat 1" not in mine
        assert "Seat 1" in theirs and "you" not in theirs.lower()


@pytest.mark.parametrize("kind", list(EXAMPLES), ids=lambda kind: kind.__name__)
def test_names_replace_seat_numbers(kind):
    sentence = text.describe(EXAMPLES[kind], names=["Ann", "Bob", "Cy"])
    assert "Seat" not in sentence
    if kind not in SEATLESS:
        assert "Bob" in sentence


def test_the_sources_example_turn():
    """Count 27, hand 6, 9, King: the 6 lands on 33 and each opponent loses a token."""
    game = nn.make("quentin_c", players=3)
    position = dict(count=27, hands=["6C 9D KH", "7C 7D 7H", "8C 8D 8H"], tokens=[9, 9, 9])
    six = game.setup(**position).play("6C")
    assert text.narrate(six, you=0)[:2] == [
        "You play the 6 of Clubs. The count is 33.",
        "You land on 33: both opponents lose a token."]
    assert text.narrate(six, you=1)[1] == "Seat 0 lands on 33: you and Seat 2 lose a token."
    assert text.narrate(six)[1] == "Seat 0 lands on 33: both opponents lose a token."
    king = game.setup(**position).play("KH")
    assert text.narrate(king, you=0)[:2] == ["You play the King of Hearts. The count is 37.",
                                             "You pass 33 and lose a token."]
    assert text.narrate(king)[1] == "Seat 0 passes 33 and loses a token."
    nine = game.setup(**position).play("9D")
    assert text.narrate(nine, you=0)[0] == "You play the 9 of Diamonds. The count stays at 27."


def test_a_bust_names_the_count_and_the_tokens():
    state = nn.make("quentin_c", players=3).setup(count=94, hands=["KH", "7C", "8C"])
    lines = text.narrate(state.play("KH"), you=0)
    assert "You bust at 104 and lose 2 tokens." in lines
    assert "Round 1 is over." in lines


def test_ninety_nine_with_four_players_is_one_sentence_for_every_other_player():
    state = nn.make("quentin_c", players=4).setup(count=89, hands=["10H", "7C", "8C", "9C"])
    lines = text.narrate(state.play("10H +10"), you=0)
    assert "You reach 99: every other player loses 2 tokens." in lines
    assert sum("lose" in line for line in lines) == 1


def test_players_eliminated_together_are_named_together_and_the_winner_announced():
    state = nn.make("quentin_c", players=3).setup(count=89, hands=["10H", "7C", "8C"],
                                                   tokens=[5, 2, 2])
    lines = text.narrate(state.play("10H +10"), you=2)
    assert "Seat 1 and you have no tokens left and are out of the game." in lines
    assert lines[-1] == "The game is over. Seat 0 wins."
    assert text.narrate(state.history[-1:], you=0) == ["The game is over. You win."]


def test_hidden_draws_of_others_say_a_card():
    assert text.describe(ev.CardDrawn(2, None), you=0) == "Seat 2 draws a card."
    assert text.describe(ev.CardDrawn(0, SIX), you=0) == "You draw the 6 of Clubs."


def test_moves_in_words():
    assert text.move_name(Play(parse_card("AS"), 11)) == "the Ace of Spades as plus 11"
    assert text.move_name(Play(parse_card("10H"), -10)) == "the 10 of Hearts as minus 10"
    assert text.move_name(Play(parse_card("5H"), None, 2), you=2) == \
        "the 5 of Hearts, naming you to play next"
    assert (text.move_name(DRAW), text.move_name(END)) == ("draw a card", "end the turn")
    assert text.card_name(parse_card("QS")) == "the Queen of Spades"


def test_status_scores_and_hand_of_a_view():
    state = nn.make("quentin_c", players=3).setup(count=27, hands=["6C 9D KH", "", "8C"],
                                                   tokens=[9, 0, 4], to_move=2, direction=-1)
    view = state.view(0)
    assert text.status(view) == ("Round 1. The count is 27. It is Seat 2's turn; play goes in "
                                 "reverse seat order.")
    assert text.scores(view) == "You have 9 tokens. Seat 1 is out of the game. Seat 2 has 4 tokens."
    assert text.scores(view, names=["Ann", "Bob", "Cy"]).endswith("Cy has 4 tokens.")
    assert text.hand(view) == "Your hand: 1, the 6 of Clubs; 2, the 9 of Diamonds; 3, the King of Hearts."


def test_taiwanese_status_follows_the_drawn_order():
    state = nn.make("taiwanese", players=3).new_game(seed=3)
    view = state.view(0)
    order = ", ".join("you" if s == 0 else f"Seat {s}" for s in view.order)
    assert view.order != sorted(view.order)
    assert text.status(view).endswith(f"play goes in the order {order}.")
    assert "points" in text.scores(view)


def test_taiwanese_status_leaves_out_players_out_of_the_round():
    state = nn.make("taiwanese", players=4).new_game(seed=14)
    rng = random.Random(1)
    while all(state.in_round):
        state.play(rng.choice(state.legal_moves()))
    out = state.in_round.index(False)
    said = text.status(state.view(0)).split("play goes in the order ")[1]
    assert f"Seat {out}" not in said and said.count(",") == 2       # three players still in


def test_hand_keys_use_zero_for_the_tenth_card():
    assert text.hand_keys(3) == ["1", "2", "3"]
    assert text.hand_keys(11) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "11"]


def test_a_card_that_changes_with_the_player_count_is_explained_as_an_exception():
    from ninetynine.counting.rules import TAIWANESE
    sentences = text.explain_rules(TAIWANESE)
    assert ("With exactly four players, instead: fours add nothing and reverse the direction of "
            "play when more than two players are in.") in sentences


def test_standings_share_ranks_in_words():
    table = [nn.Standing(1, 2, 5), nn.Standing(2, 0, 3), nn.Standing(2, 1, 3)]
    assert text.standings(table, "tokens", you=0) == [
        "Seat 2 is first with 5 tokens.", "You are joint second with 3 tokens.",
        "Seat 1 is joint second with 3 tokens."]
    assert text.winner_sentence(table) == "Seat 2 wins."
    assert text.standings([nn.Standing(1, 0, 1)], "places") == ["Seat 0 is first with 1 point."]


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_explain_rules_covers_every_card_of_every_rule_set(name):
    rules = RULE_SETS[name]
    sentences = text.explain_rules(rules)
    assert all(read_aloud_safe(s) for s in sentences)
    joined = " ".join(sentences)
    for key in rules.effects:
        called = text.RANK_PLURALS.get(key) or rules.parse_card(key).name
        assert called in joined


def test_explain_rules_explains_a_learners_new_rule_set():
    mine = QUENTIN_C.variant(name="mine", effects={**QUENTIN_C.effects,
                                                   "7": Effect((5,), skip=True),
                                                   "9": Effect((9,))})
    sentences = text.explain_rules(mine)
    assert "Sevens add 5 and skip the next player." in sentences
    assert any(s.startswith("Threes,") and "Nines add their face value" in s for s in sentences)
    assert "The King of Spades sets the count to 99." in text.explain_rules(CLASSIC)
    assert "Raising the count to exactly 33 or 66 costs every other player a token." in \
        text.explain_rules(QUENTIN_C)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_a_whole_game_reads_aloud(name):
    """Narrate a seeded random game in every rule set: every sentence is words, from every seat."""
    options = {"auto_draw": False} if name == "rs_games" else {}
    state = nn.make(name, players=4 if name == "taiwanese" else 3, **options).new_game(seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    kinds = {type(e) for e in state.history}
    assert ev.CardPlayed in kinds and ev.GameOver in kinds
    for you in (None, 0, 1):
        seen = [ev.redact(e, you) for e in state.history] if you is not None else state.history
        lines = text.narrate(seen, you=you)
        bad = [line for line in lines if not read_aloud_safe(line)]
        assert not bad
        if you is not None:
            assert any(line.startswith("You ") for line in lines)


def test_the_other_games_events_are_told_through_this_module_too():
    import ninetynine as nn
    from ninetynine.cards import Card
    from ninetynine.board import words as board_text
    from ninetynine.tricks import words as tricks_text

    for name, own in (("tricks", tricks_text), ("board", board_text)):
        history = nn.make(name).new_game(seed=1).view(0).history
        assert text.narrate(history, you=0) == own.narrate(history, you=0)
        for event in history:
            sentence = text.describe(event, you=0)
            assert sentence == own.describe(event, you=0)
            assert type(event).__name__ not in sentence     # a real sentence, not a fallback
    assert Card("JK").name == "Joker"
