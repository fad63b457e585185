"""Cards and card text: every card of both decks reads back from its own text."""
import pytest

from ninetynine.cards import (RS_CARDS, STANDARD_CARDS, Card, CardError, cards_text, parse_card,
                              parse_cards, parse_rs_card, rs_deck, standard_deck)


def test_decks_have_the_right_cards():
    assert len(standard_deck()) == 52 == len(set(standard_deck()))
    deck = rs_deck()
    assert len(deck) == 60 and len(set(deck)) == 15
    assert all(deck.count(card) == 4 for card in set(deck))


@pytest.mark.parametrize("card", list(STANDARD_CARDS.values()), ids=str)
def test_every_standard_card_round_trips(card):
    assert parse_card(str(card)) is card
    assert parse_card(str(card).lower()) is card


@pytest.mark.parametrize("card", list(RS_CARDS.values()), ids=str)
def test_every_rs_card_round_trips(card):
    assert parse_rs_card(str(card)) is card
    assert parse_rs_card(str(card).lower()) is card


def test_suit_symbols_and_spaces_are_read():
    assert parse_card(" q♠ ") is STANDARD_CARDS["QS"]
    assert parse_card("10♥") is STANDARD_CARDS["10H"]
    assert parse_rs_card("ninety-nine") is RS_CARDS["99"]


def test_card_names_read_aloud():
    assert parse_card("6C").name == "6 of Clubs"
    assert parse_card("AS").name == "Ace of Spades"
    assert parse_rs_card("SKIP").name == "Skip"
    assert parse_rs_card("-10").name == "Minus 10"


def test_rank_and_suit_order():
    assert parse_card("AC").rank_order == 1 and parse_card("KC").rank_order == 13
    assert [parse_card(t).suit_order for t in ("2C", "2D", "2H", "2S")] == [0, 1, 2, 3]


@pytest.mark.parametrize("text, part", [
    ("", "missing"), ("10", "no suit"), ("AX", "'X' is not one of C, D, H, S"),
    ("1S", "'1' is not one of A, 2-10, J, Q, K"), ("11H", "'11'"), ("♠", "no valid rank"),
])
def test_bad_standard_card_text_says_which_part_is_wrong(text, part):
    with pytest.raises(CardError) as error:
        parse_card(text)
    message = str(error.value)
    assert part in message
    assert message.endswith(".") and message.count(". ") == 0


@pytest.mark.parametrize("text, part", [("10", "ambiguous"), ("11", "1-9, +10, -10"),
                                        ("", "1-9, +10, -10")])
def test_bad_rs_card_text(text, part):
    with pytest.raises(CardError) as error:
        parse_rs_card(text)
    assert part in str(error.value)


def test_card_text_that_is_not_text_is_refused_clearly():
    with pytest.raises(CardError, match="text"):
        parse_card(7)
    with pytest.raises(CardError, match="text"):
        parse_rs_card(None)


def test_card_lists_round_trip():
    cards = parse_cards("6C, 9d KH")
    assert cards == [Card("6", "C"), Card("9", "D"), Card("K", "H")]
    assert parse_cards(cards_text(cards)) == cards
    assert parse_cards(["AS", Card("2", "C")]) == [Card("A", "S"), Card("2", "C")]
    assert parse_cards("+10 SKIP", parse_rs_card) == [RS_CARDS["+10"], RS_CARDS["SKIP"]]
