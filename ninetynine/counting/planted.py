"""The broken engines that exercise 20's visible checks plant: one bug of each kind.

Exercise 20 asks for a property test of Quentin C. Its visible checks run the learner's test on
one broken engine of each kind (a bug in the count, the cards, the tokens, the turns, and in
copies and views), and name only the kind; the grader's hidden checks plant other bugs of the
same kinds, which no notebook shows. The bugs live here, out of the exercise's cells, so that a
learner writes properties that every correct engine keeps instead of a test aimed at the bugs
on the page. Reading this module is allowed (the kit is open), but it helps little: a test
aimed at these five bugs fails the hidden checks.

Each entry of ``VISIBLE`` is the keyword arguments of the exercise's ``Planted`` engine
(``Planted(**VISIBLE["count"])``): methods of the state replaced, a rule set of its own, or the
number of players the bug needs to show.

>>> sorted(VISIBLE)
['cards', 'copies', 'count', 'tokens', 'turns']
>>> doubling_never_busts(60, 120), doubling_never_busts(95, 105)[0].reason
((), 'bust')
"""
from __future__ import annotations

from .rules import MAX_COUNT, QUENTIN_C, Effect, quentin_c_penalties
from .state import CountingState


def doubling_never_busts(old: int, new: int) -> tuple:
    """The count: a 2 that doubles the count past 99 costs nothing, and the round goes on."""
    if new > MAX_COUNT and new == 2 * old:
        return ()
    return quentin_c_penalties(old, new)


def hand_passed_on(self, events: list) -> bool:
    """The cards: a player who leaves the game hands their cards to the next player in the round,
    instead of putting them under the pile."""
    leaving = {seat: list(self.hands[seat]) for seat in range(self.players)
               if self.tokens[seat] == 0 and self.in_round[seat]}
    game_over = CountingState._eliminate_and_check_game_over(self, events)
    for seat, cards in leaving.items():
        if cards:
            del self.discard[:len(cards)]            # they went under the pile: take them back
            self.hands[self._next_seat(seat)].extend(cards)
    return game_over


def charge_the_eliminated(self, seat: int, move, penalties: tuple, events: list) -> str | None:
    """The tokens: a penalty that the other players pay is taken from players already out of the
    game too, below nothing."""
    round_over = CountingState._charge(self, seat, move, penalties, events)
    for penalty in penalties:
        if penalty.who == "others":
            for other in range(self.players):
                if other != seat and not self.in_round[other] and self.tokens[other] <= 0:
                    self.tokens[other] -= penalty.tokens
    return round_over


#: The turns: a 4 skips the next player as well as reversing (with two players: you again).
FOUR_ALSO_SKIPS = QUENTIN_C.variant(
    effects={**QUENTIN_C.effects, "4": Effect((4,), reverse=True, skip=True)})


def copy_sharing_the_deck(self) -> CountingState:
    """Copies: ``copy()`` gives the copy the original's own deck, so the copy's draws take cards
    from the original."""
    twin = CountingState.copy(self)
    twin.deck, twin.__class__ = self.deck, type(self)
    return twin


#: Keyword arguments of exercise 20's ``Planted``, one broken engine of each kind.
VISIBLE = {
    "count": {"rules": QUENTIN_C.variant(penalties=doubling_never_busts)},
    "cards": {"_eliminate_and_check_game_over": hand_passed_on},
    "tokens": {"_charge": charge_the_eliminated},
    "turns": {"players": 2, "rules": FOUR_ALSO_SKIPS},
    "copies": {"copy": copy_sharing_the_deck},
}
