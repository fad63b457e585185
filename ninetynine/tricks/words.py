"""Ninety-Nine events in words (to be merged into ``ninetynine.text``).

Every sentence works read aloud: cards and suits are named in words, never by symbol or colour.

>>> from . import events as ev
>>> from .cards import parse_card
>>> describe(ev.CardToTrick(1, parse_card("QH"), 3), you=1)
'You play the Queen of Hearts to trick 3.'
>>> describe(ev.BidLaidAside(2, None, None), you=0)
'Seat 2 lays three cards aside face down.'
>>> describe(ev.BidShown(2, (parse_card("6C"), parse_card("7S"), parse_card("QD")), 4), you=0)
'Seat 2 made its bid and shows the cards laid aside: the 6 of Clubs, the 7 of Spades and the Queen of Diamonds, a bid of 4 tricks.'
"""
from __future__ import annotations

from ..cards import Card
from ..grammar import Names, seat_name
from . import events as ev
from .cards import JOKER, trumps_name


def card_words(card: Card) -> str:
    """"the Queen of Hearts", "the Joker"."""
    return "the Joker" if card == JOKER else f"the {card.name}"


def cards_words(cards) -> str:
    """Cards in words joined with commas and "and"."""
    words = [card_words(card) for card in cards]
    if len(words) <= 1:
        return "".join(words) or "no cards"
    return ", ".join(words[:-1]) + " and " + words[-1]


def _tricks(number: int) -> str:
    return f"{number} trick" + ("" if number == 1 else "s")


def describe(event, you: int | None = None, names=None) -> str:
    """One event as a sentence; ``you`` is the reader's seat ("You play ...")."""
    who = seat_name(getattr(event, "seat", None), you, names) if hasattr(event, "seat") else ""
    verb_s = "" if who == "You" else "s"
    kind = type(event)
    if kind is ev.DealStarted:
        dealer = seat_name(event.dealer, you, names)
        turned = ("no card is turned up" if event.turn_up is None
                  else f"{card_words(event.turn_up)} is turned up")
        return (f"Deal {event.deal}: {dealer} deal{'' if dealer == 'You' else 's'}; {turned}; "
                f"{'trumps are ' + trumps_name(event.trumps) if event.trumps else 'no trumps'}.")
    if kind is ev.BidLaidAside:
        if event.cards is None:
            return f"{who} lay{verb_s} three cards aside face down."
        return (f"{who} lay{verb_s} aside {cards_words(event.cards)}, a bid of "
                f"{_tricks(event.bid)}.")
    if kind is ev.OfferMade:
        if event.offer == "pass":
            return f"{who} pass{'' if who == 'You' else 'es'}."
        return f"{who} offer{verb_s} to {event.offer}."
    if kind is ev.BidExposed:
        text = (f"{who} {'declare' if event.kind == 'declare' else 'reveal'}{verb_s} a bid of "
                f"{_tricks(event.bid)} for a premium of {event.premium}: {cards_words(event.cards)}")
        if event.hand:
            text += f"; the hand is {cards_words(event.hand)}"
        return text + "."
    if kind is ev.BidShown:
        whose = "your" if who == "You" else "its"
        return (f"{who} made {whose} bid and show{verb_s} the cards laid aside: "
                f"{cards_words(event.cards)}, a bid of {_tricks(event.bid)}.")
    if kind is ev.NoPremium:
        return "Nobody declares or reveals."
    if kind is ev.CardToTrick:
        return f"{who} play{verb_s} {card_words(event.card)} to trick {event.trick}."
    if kind is ev.TrickWon:
        return f"{who} win{verb_s} trick {event.trick} with {card_words(event.card)}."
    if kind is ev.DealScored:
        parts = []
        for seat, (taken, bid, ok, points) in enumerate(zip(event.tricks, event.bids, event.made,
                                                            event.points)):
            scores = f"score{'' if seat == you else 's'} {points}"
            if bid is None:         # a missed bid, face down: the others never learn it
                parts.append(f"{seat_name(seat, you, names)} took {_tricks(taken)}, missed a bid "
                             f"that stays face down, and {scores}")
                continue
            result = "made" if ok else "missed"
            parts.append(f"{seat_name(seat, you, names)} took {_tricks(taken)}, bid {bid}, "
                         f"{result} it, and {scores}")
        totals = ", ".join(f"{seat_name(s, you, names)} {t}" for s, t in enumerate(event.totals))
        return f"Deal {event.deal} is scored. " + "; ".join(parts) + f". Totals: {totals}."
    if kind is ev.MatchOver:
        if event.winner is None:
            return "The game is over and the highest score is shared."
        winner = seat_name(event.winner, you, names)
        return f"The game is over. {winner} win{'' if winner == 'You' else 's'}."
    raise ValueError(f"No sentence is known for a {kind.__name__} event.")


def narrate(events, you: int | None = None, names=None) -> list[str]:
    """Sentences for a list of events."""
    return [describe(event, you, names) for event in events]


# --- a deal's summary ------------------------------------------------------------------------

def deal_breakdown(scored, you: int | None = None, names=None) -> list[str]:
    """Each seat's points for a deal, broken down into tricks, bid bonus and premium.

    ``scored`` is the ``DealScored`` event (as the reader sees it). The premium is read from the
    points themselves (what is left after the tricks and the bonus), so the breakdown always adds
    up to the score, even for a position set up in the middle of a deal.

    >>> scored = ev.DealScored(1, (3, 4, 2), (4, 4, 0), (False, True, False),
    ...                        (True, True, False), (3, 64, 32), (3, 64, 32))
    >>> for line in deal_breakdown(scored, you=0): print(line)
    You score 3: 3 tricks (you bid 4 and missed, so the declared premium of 30 goes to each opponent).
    Seat 1 scores 64: 4 tricks + 30 for making the bid of 4 + 30 premium forfeited by you.
    Seat 2 scores 32: 2 tricks + 30 premium forfeited by you (bid 0, missed).
    """
    from .scoring import PREMIUMS, SUCCESS_BONUS

    bonus = SUCCESS_BONUS[sum(scored.made)]
    extra = [points - taken - (bonus if made else 0)
             for points, taken, made in zip(scored.points, scored.tricks, scored.made)]
    kinds = {amount: kind for kind, amount in PREMIUMS.items()}
    earner = next((seat for seat, more in enumerate(extra) if more and extra.count(more) == 1
                   and scored.made[seat]), None)
    forfeiter = next((seat for seat, more in enumerate(extra) if not more
                      and sum(1 for other in extra if other) == len(extra) - 1
                      and len(set(e for e in extra if e)) == 1), None)
    lines = []
    for seat, (taken, bid, made, points) in enumerate(zip(scored.tricks, scored.bids,
                                                          scored.made, scored.points)):
        who = seat_name(seat, you, names)
        parts, notes = [_tricks(taken)], []
        if made:
            parts.append(f"{bonus} for making the bid of {bid}")
        if seat == earner:
            parts.append(f"{extra[seat]} premium for the {kinds.get(extra[seat], 'premium')}")
        elif forfeiter is not None and seat != forfeiter:
            offerer = seat_name(forfeiter, you, names)
            parts.append(f"{extra[seat]} premium forfeited by "
                         f"{'you' if offerer == 'You' else offerer}")
        if seat == forfeiter:
            premium = extra[(seat + 1) % len(extra)]
            kind = "declared" if kinds.get(premium) == "declare" else "revealed"
            notes.append(f"{'you' if seat == you else 'it'} bid {bid} and missed, so the {kind} "
                         f"premium of {premium} goes to each opponent")
        elif not made:
            notes.append("a missed bid that stays face down" if bid is None
                         else f"bid {bid}, missed")
        verb = "score" if seat == you else "scores"
        line = f"{who} {verb} {points}: " + " + ".join(parts)
        if notes:
            line += " (" + "; ".join(notes) + ")"
        lines.append(line + ".")
    return lines


def totals_line(totals, deal: int, you: int | None = None, names=None) -> str:
    """"Totals after deal 2: you 45, Seat 1 30, Seat 2 61."."""
    parts = [f"{'you' if seat == you else seat_name(seat, you, names)} {total}"
             for seat, total in enumerate(totals)]
    return f"Totals after deal {deal}: " + ", ".join(parts) + "."


TRICKS_TASKS = {"bid": "lay aside three cards", "offer": "declare, reveal or pass",
                "play": "play a card"}


def tricks_turn(view, names: Names = None) -> str:
    """Whose turn it is in Ninety-Nine and what they are to do, for a spectator (third person):
    "Deal 1 of 9: Seat 0 is to lay aside three cards." (``view`` is any seat's view).

    >>> import ninetynine as nn
    >>> tricks_turn(nn.make("tricks").new_game(seed=1).view(2))
    'Deal 1 of 9: Seat 0 is to lay aside three cards.'
    """
    if view.to_move is None:
        return "The game is over."
    where = f"Deal {view.deal} of {view.deals}"
    if view.phase == "play":
        where += f", trick {view.trick_number} of 9"
    return f"{where}: {seat_name(view.to_move, None, names)} is to {TRICKS_TASKS[view.phase]}."


# --- the table's words -------------------------------------------------------------------------

#: what to do with your hand now, by the table's step ("" when nothing is to be done)
HAND_HINTS = {"bid": "Press three cards to lay them aside as your bid (press one again to put it "
                     "back).",
              "offer": "Declare, reveal or pass with the buttons below.",
              "play": "Press a card to play it to the trick."}


def trumps_words(trumps: str | None) -> str:
    """"Trumps: Hearts" or "No trumps" (``trumps`` the trump suit in words, or None)."""
    return f"Trumps: {trumps}" if trumps else "No trumps"


def turn_up_label(card_name: str) -> str:
    return f"Turn-up: {card_name}"


def trick_title(number: int | None, tricks: int, finished: bool) -> str:
    """Above the trick on the felt: "Trick 4 of 9", "Last trick, number 3", "No trick yet"."""
    if number is None:
        return "No trick yet"
    return f"Last trick, number {number}" if finished else f"Trick {number} of {tricks}"
