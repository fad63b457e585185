"""Every sentence a player reads: events, moves, the table's state and the rules, in words.

This module is the kit's one source of words. The terminal, the notebook tables and the logs all
call it, so a sentence is written (and fixed) once. Two rules hold for every sentence:

- it works read aloud by a screen reader: words, not symbols ("plus 11", not "+11"), and no
  meaning carried by colour or layout;
- it comes in two forms: the "you" form for the reader's own seat ("You play the 6 of Clubs.")
  and the third person for everyone else ("Seat 2 plays the King of Hearts.").

Seats are called "Seat 0", "Seat 1", ... (numbered from 0, as in the API) unless ``names`` gives
one name per seat.

Each game keeps its sentences in its own words module - ``ninetynine/counting/words.py``,
``ninetynine/tricks/words.py``, ``ninetynine/board/words.py``, or a game of your own - written to
the same two rules with the shared grammar of ``ninetynine/grammar.py``, and names it in its
declaration (``ninetynine.protocol``). ``describe`` and ``narrate`` here hand each event to its
game's words, so every caller asks this one module. The grammar and the running-total game's
sentences are importable from here too (``from ninetynine.text import plural, explain_rules``),
as the notebooks do.

>>> from ninetynine.counting import events as ev
>>> from ninetynine.cards import parse_card
>>> describe(ev.CardPlayed(0, parse_card("6C"), None, 27, 33), you=0)
'You play the 6 of Clubs. The count is 33.'
>>> describe(ev.CardPlayed(2, parse_card("KH"), None, 27, 37), you=0)
'Seat 2 plays the King of Hearts. The count is 37.'
"""
from __future__ import annotations

from .counting.words import (  # noqa: F401  (re-exported: the notebooks import them from here)
    OTHERS_PAY, RANK_PLURALS, amount_prompt, cannot_play,
                             draw_or_end_first, draws_automatically, explain_rules, hand,
                             hand_keys, help_text, kept, milestone_crossed, move_name,
                             moves_words, no_such_slot, not_an_answer, only_way, play_first,
                             scores, standings, status, target_prompt, unknown_key,
                             winner_sentence)
from .grammar import (  # noqa: F401  (re-exported)
    NUMBER_WORDS, Names, ORDINALS, capitalised, card_name, join_words, plural,
                      seat_in_sentence, seat_name, seat_with_verb, signed, third_person,
                      verb_agreeing)
from .protocol import words_for
from .tricks.words import tricks_turn  # noqa: F401  (re-exported)


def describe(event, you: int | None = None, names: Names = None) -> str:
    """One event in words, in its own game's words; ``you`` is the reader's seat (None:
    everyone in the third person).

    >>> from ninetynine.counting import events as ev
    >>> describe(ev.PlayerSkipped(0, 2), you=0)              # the running-total game's words
    'You are skipped.'
    >>> from ninetynine.tricks.events import NoPremium
    >>> describe(NoPremium(deal=1))                          # the trick-taking game's
    'Nobody declares or reveals.'
    """
    return words_for(event).describe(event, you=you, names=names)


def narrate(events, you: int | None = None, names: Names = None) -> list[str]:
    """Sentences for a list of events of one game, in its own words, grouping what reads better
    together ("You land on 33: both opponents lose a token.")."""
    events = list(events)
    if not events:
        return []
    return words_for(events[0]).narrate(events, you=you, names=names)
