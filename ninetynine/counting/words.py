"""The running-total game in words: its moves, its events, the table, the rules and the terminal.

Written to the kit's two rules for sentences (``ninetynine/text.py``): read aloud, they make sense,
and each comes in the "you" form and the third person. The grammar they share with the other games
(seat names, plurals, lists) is ``ninetynine/grammar.py``. The game's declaration names this module
(``words="ninetynine.counting.words"``), and ``ninetynine.text.describe`` hands it every event of
the game; ``describe`` below shows it with examples.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..grammar import (NUMBER_WORDS, ORDINALS, Names, capitalised, card_name, join_words, plural,
                       seat_in_sentence, seat_name, seat_with_verb, signed, verb_agreeing)
from . import events as ev
from .moves import Draw, EndTurn, Play
from .rules import MAX_COUNT, Effect, RuleSet


def _tokens(number: int) -> str:
    return "a token" if number == 1 else f"{number} tokens"


def move_name(move, you: int | None = None, names: Names = None) -> str:
    """A move in words: "the Ace of Spades as plus 11", "the 5 of Hearts, naming Seat 2",
    "draw a card", "end the turn"."""
    if isinstance(move, Draw):
        return "draw a card"
    if isinstance(move, EndTurn):
        return "end the turn"
    words = card_name(move.card)
    if move.amount is not None:
        words += f" as {signed(move.amount)}"
    if move.target is not None:
        words += f", naming {seat_in_sentence(move.target, you, names)} to play next"
    return words


def moves_words(moves, you: int | None = None, names: Names = None) -> str:
    """Moves in words, each card once with its values: "the Ace of Spades as plus 1 or plus 11,
    the 10 of Hearts as plus 10 or minus 10, or the 6 of Clubs" (for "play one of ..." refusals,
    which a screen reader reads aloud)."""
    by_card: dict = {}
    others = []
    for move in moves:
        if isinstance(move, Play):
            by_card.setdefault(move.card, []).append(move)
        else:
            others.append(move_name(move, you, names))
    parts = []
    for card, plays in by_card.items():
        words = card_name(card)
        amounts = list(dict.fromkeys(m.amount for m in plays if m.amount is not None))
        targets = list(dict.fromkeys(m.target for m in plays if m.target is not None))
        if amounts:
            words += " as " + join_words([signed(a) for a in amounts], "or")
        if targets:
            words += ", naming " + join_words([seat_in_sentence(t, you, names) for t in targets], "or")
        parts.append(words)
    parts += others
    if len(parts) > 2:
        return ", ".join(parts[:-1]) + ", or " + parts[-1]
    return join_words(parts, "or")


# --- one event ---------------------------------------------------------------------------------

def milestone_crossed(old: int, new: int, landed: bool) -> int | None:
    """The milestone a rise from ``old`` to ``new`` landed on or passed (the lowest one, 33 or 66)."""
    if landed:
        return new
    for milestone in (33, 66):
        if old < milestone < new:
            return milestone
    return None


def _cause(reason: str, seat: int, you: int | None, names: Names, play) -> str:
    """Why ``seat`` loses tokens, as a subject and verb: "You pass 33", "Seat 1 busts at 104".

    ``play`` is the CardPlayed event that caused it, when known (narration passes it along).
    """
    if reason == "bust":
        if play is not None:
            return f"{seat_with_verb(seat, you, names, 'bust')} at {play.new}"
        return f"{seat_with_verb(seat, you, names, 'go')} over {MAX_COUNT}"
    if reason == "passing":
        milestone = milestone_crossed(play.old, play.new, False) if play is not None else None
        return f"{seat_with_verb(seat, you, names, 'pass')} {milestone or 'a milestone'}"
    if reason == "landing":
        where = play.new if play is not None else "a milestone"
        return f"{seat_with_verb(seat, you, names, 'land')} on {where}"
    if reason == "ninety_nine":
        return f"{seat_with_verb(seat, you, names, 'reach')} {MAX_COUNT}"
    if reason == "no_safe_card":
        return f"{seat_with_verb(seat, you, names, 'have')} no card that keeps the count at {MAX_COUNT} or below"
    if reason == "empty_hand":
        return f"{seat_with_verb(seat, you, names, 'have')} no cards left to play"
    return f"{seat_with_verb(seat, you, names, 'break')} a rule ({reason.replace('_', ' ')})"


#: Reasons where the player who played makes *others* lose tokens.
OTHERS_PAY = ("landing", "ninety_nine")


def _losers_phrase(losers: list[int], by: int, you: int | None, names: Names) -> tuple[str, bool]:
    """Who loses, and whether the verb is plural: ("both opponents", True), ("Seat 1", False)."""
    if len(losers) == 1:
        return seat_in_sentence(losers[0], you, names), losers[0] == you
    if you is not None and you in losers:
        others = [seat_in_sentence(seat, you, names) for seat in losers if seat != you]
        return "you and " + join_words(others), True
    if len(losers) == 2:
        return "both opponents", True
    return "every other player", False


def _tokens_lost(group: list, you: int | None, names: Names, play) -> str:
    """One sentence for one or more TokensLost events of the same cause."""
    first = group[0]
    losers = [e.seat for e in group]
    if first.reason in OTHERS_PAY:
        who, many = _losers_phrase(losers, first.by, you, names)
        verb = "lose" if many else "loses"
        cause = _cause(first.reason, first.by, you, names, play)
        return f"{cause}: {who} {verb} {_tokens(first.tokens)}."
    cause = _cause(first.reason, first.seat, you, names, play)
    verb = verb_agreeing(first.seat, you, "lose", "loses")
    return f"{cause} and {verb} {_tokens(first.tokens)}."


def _direction_words(direction: int, order: Sequence[int] | None = None,
                     you: int | None = None, names: Names = None,
                     in_round: Sequence[bool] | None = None) -> str:
    """ "in seat order", "in reverse seat order", or for a drawn order (Taiwanese rules) the seats
    still in the round, in the order they now play: "in the order Seat 2, Seat 1, you"."""
    if order is None or list(order) == sorted(order):
        return "in seat order" if direction == 1 else "in reverse seat order"
    seats = list(order) if direction == 1 else list(reversed(order))
    seats = [seat for seat in seats if in_round is None or in_round[seat]]
    return "in the order " + ", ".join(seat_in_sentence(seat, you, names) for seat in seats)


def _describe(event, you: int | None, names: Names, play=None) -> str:
    """``describe`` with the CardPlayed event that came before, for sentences that name the count."""
    kind = type(event)
    who = lambda seat: seat_name(seat, you, names)  # noqa: E731
    if kind is ev.RoundStarted:
        starter = seat_with_verb(event.starter, you, names, "play")
        return (f"Round {event.round} begins: each player is dealt "
                f"{plural(event.hand_size, 'card')}. {starter} first.")
    if kind is ev.OrderDrawn:
        drawn = [f"{seat_in_sentence(seat, you, names)} {card_name(card)}"
                 for seat, card in zip(event.seats, event.cards)]
        return (f"Cards drawn for the order of play, highest first: {join_words(drawn)}. "
                f"{seat_with_verb(event.seats[0], you, names, 'play')} first.")
    if kind is ev.CardPlayed:
        card = card_name(event.card)
        if event.amount is not None:
            card += f" as {signed(event.amount)}"
        count = (f"The count stays at {event.new}." if event.new == event.old
                 else f"The count is {event.new}.")
        return f"{seat_with_verb(event.seat, you, names, 'play')} {card}. {count}"
    if kind is ev.TokensLost:
        return _tokens_lost([event], you, names, play)
    if kind is ev.DirectionReversed:
        return f"{seat_with_verb(event.seat, you, names, 'reverse')} the direction of play."
    if kind is ev.PlayerSkipped:
        return f"{who(event.seat)} {verb_agreeing(event.seat, you, 'are', 'is')} skipped."
    if kind is ev.NextPlayerChosen:
        target = seat_in_sentence(event.target, you, names)
        return f"{seat_with_verb(event.seat, you, names, 'name')} {target} to play next."
    if kind is ev.CardDrawn:
        card = "a card" if event.card is None else card_name(event.card)
        return f"{seat_with_verb(event.seat, you, names, 'draw')} {card}."
    if kind is ev.DeckRanOut:
        return "The deck is empty: nobody draws any more this round."
    if kind is ev.DrawSkipped:
        return f"{seat_with_verb(event.seat, you, names, 'draw')} nothing: there are no cards left to draw."
    if kind is ev.TurnEnded:
        return f"{seat_with_verb(event.seat, you, names, 'end')} the turn without drawing."
    if kind is ev.DeckReshuffled:
        return f"The discard pile is shuffled into a new deck of {plural(event.size, 'card')}."
    if kind is ev.PlayerFinished:
        return (f"{seat_with_verb(event.seat, you, names, 'finish')} the round and "
                f"{verb_agreeing(event.seat, you, 'score', 'scores')} {plural(event.points, 'point')}.")
    if kind is ev.PlayerLastInRound:
        return (f"{seat_name(event.seat, you, names)} {verb_agreeing(event.seat, you, 'are', 'is')} the "
                f"last player left in the round and {verb_agreeing(event.seat, you, 'take', 'takes')} "
                f"the {plural(event.points, 'point')} left.")
    if kind is ev.PlayerOut:
        return (f"{seat_with_verb(event.seat, you, names, 'have')} no card that can be played, so "
                f"{seat_in_sentence(event.seat, you, names)} {verb_agreeing(event.seat, you, 'are', 'is')} out of "
                f"the round with {plural(event.points, 'point')}.")
    if kind is ev.PlayerEliminated:
        return (f"{seat_with_verb(event.seat, you, names, 'have')} no tokens left and "
                f"{verb_agreeing(event.seat, you, 'are', 'is')} out of the game.")
    if kind is ev.RoundOver:
        return f"Round {event.round} is over."
    if kind is ev.GameOver:
        if event.winner is None:
            return "The game is over, with no single winner."
        return f"The game is over. {seat_with_verb(event.winner, you, names, 'win')}."
    return f"{kind.__name__}."


# --- several events ----------------------------------------------------------------------------

def narrate(events, you: int | None = None, names: Names = None) -> list[str]:
    """Sentences for a list of events, grouping what reads better together.

    Tokens lost by several players for one play become one sentence ("You land on 33: both
    opponents lose a token."), and players eliminated together are named together. Sentences about
    a loss name the count when the play that caused it is in the list ("Seat 1 passes 33").
    """
    events = list(events)
    lines: list[str] = []
    play = None
    i = 0
    while i < len(events):
        event = events[i]
        if type(event) is ev.CardPlayed:
            play = event
        elif type(event) is ev.RoundStarted:
            play = None
        if type(event) is ev.TokensLost:
            group = [event]
            while (i + len(group) < len(events) and event.reason in OTHERS_PAY
                   and _same_cause(events[i + len(group)], event)):
                group.append(events[i + len(group)])
            lines.append(_tokens_lost(group, you, names, _matching(play, event)))
            i += len(group)
            continue
        if type(event) is ev.PlayerEliminated:
            group = [event]
            while i + len(group) < len(events) and type(events[i + len(group)]) is ev.PlayerEliminated:
                group.append(events[i + len(group)])
            lines.append(_eliminated(group, you, names))
            i += len(group)
            continue
        lines.append(_describe(event, you, names, play))
        i += 1
    return lines



def _same_cause(other, event) -> bool:
    return (type(other) is ev.TokensLost and other.reason == event.reason
            and other.by == event.by and other.tokens == event.tokens)


def _matching(play, lost):
    """The CardPlayed that caused ``lost``, or None (start-of-turn losses have no play)."""
    if play is None or lost.reason in ("no_safe_card", "empty_hand") or play.seat != lost.by:
        return None
    return play


def _eliminated(group: list, you: int | None, names: Names) -> str:
    if len(group) == 1:
        return _describe(group[0], you, names)
    seats = [e.seat for e in group]
    who = capitalised(join_words([seat_in_sentence(s, you, names) for s in seats]))
    return f"{who} have no tokens left and are out of the game."


# --- the table, in words -----------------------------------------------------------------------

def status(view, names: Names = None) -> str:
    """Whose turn it is, the count and the direction, from the view's seat ("your turn").

    >>> import ninetynine as nn
    >>> state = nn.make("quentin_c").setup(count=27, hands=["6C 9D KH", "7C", "8C"])
    >>> status(state.view(0))
    'Round 1. The count is 27. It is your turn; play goes in seat order.'
    """
    you = view.seat
    head = f"Round {view.round}. The count is {view.count}."
    if view.to_move is None:
        return f"{head} The game is over."
    if view.to_move == you:
        turn = "It is your turn"
        if view.phase == "draw":
            turn += ": draw a card or end the turn"
    else:
        turn = f"It is {seat_name(view.to_move, you, names)}'s turn"
    going = _direction_words(view.direction, view.order, you, names, view.in_round)
    return f"{head} {turn}; play goes {going}."


def scores(view, names: Names = None) -> str:
    """Tokens (or Taiwanese points) of every seat in words, the view's seat as "you"."""
    you = view.seat
    sentences = []
    for seat in range(view.players):
        subject = seat_with_verb(seat, you, names, "have")
        if view.rules.scoring == "places":
            sentences.append(f"{subject} {plural(view.points[seat], 'point')}.")
        elif view.tokens[seat] == 0:
            sentences.append(f"{seat_name(seat, you, names)} {verb_agreeing(seat, you, 'are', 'is')} "
                             "out of the game.")
        else:
            sentences.append(f"{subject} {plural(view.tokens[seat], 'token')}.")
    return " ".join(sentences)


def hand(view) -> str:
    """The view's hand, numbered as the terminal's keys: "Your hand: 1, the 6 of Clubs; 2, ..."."""
    if not view.hand:
        return "Your hand is empty."
    cards = [f"{key}, {card_name(card)}" for key, card in zip(hand_keys(len(view.hand)), view.hand)]
    return "Your hand: " + "; ".join(cards) + "."


def hand_keys(size: int) -> list[str]:
    """The keys of the hand's slots: "1" to "9", then "0" for the tenth (the terminal takes "10"
    too), then "11", "12", ..."""
    keys = [str(i) for i in range(1, min(size, 9) + 1)]
    if size >= 10:
        keys.append("0")
    keys += [str(i) for i in range(11, size + 1)]
    return keys


def standings(table, scoring: str = "tokens", you: int | None = None, names: Names = None) -> list[str]:
    """The final (or current) standings, one sentence per seat: "Seat 2 is first with 5 tokens."

    ``table`` is ``state.standings()``; seats sharing a rank are "joint first".
    """
    counts = {}
    for standing in table:
        counts[standing.rank] = counts.get(standing.rank, 0) + 1
    unit = "point" if scoring == "places" else "token"
    lines = []
    for standing in table:
        place = _ordinal(standing.rank)
        if counts[standing.rank] > 1:
            place = "joint " + place
        verb = verb_agreeing(standing.seat, you, "are", "is")
        lines.append(f"{seat_name(standing.seat, you, names)} {verb} {place} with "
                     f"{plural(standing.score, unit)}.")
    return lines


def _ordinal(number: int) -> str:
    if number < len(ORDINALS):
        return ORDINALS[number]
    return f"number {number}"


def winner_sentence(table, you: int | None = None, names: Names = None) -> str:
    """ "You win.", "Seat 2 wins." or "Seat 0 and Seat 2 share first place." """
    leaders = [s.seat for s in table if s.rank == 1]
    if len(leaders) == 1:
        return f"{seat_with_verb(leaders[0], you, names, 'win')}."
    return f"{capitalised(join_words([seat_in_sentence(s, you, names) for s in leaders]))} share first place."


#: What the seat to move does in each phase of Ninety-Nine (the trick-taking game).
# --- the rules, in words -----------------------------------------------------------------------

RANK_PLURALS = {"A": "Aces", "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes",
                "7": "Sevens", "8": "Eights", "9": "Nines", "10": "Tens", "J": "Jacks",
                "Q": "Queens", "K": "Kings", "1": "Ones", "+10": "Plus 10 cards",
                "-10": "Minus 10 cards", "PASS": "Pass cards", "REVERSE": "Reverse cards",
                "SKIP": "Skip cards", "99": "Ninety-Nine cards"}


def _cards_called(key: str, rules: RuleSet) -> tuple[str, bool]:
    """A key of an effects table in words, and whether it is plural: ("Aces", True)."""
    if key in RANK_PLURALS:
        return RANK_PLURALS[key], True
    try:
        return "The " + rules.parse_card(key).name, False
    except ValueError:
        return f"The card {key}", False


def _effect_words(effect: Effect, many: bool) -> str:
    """What a card does, as a verb phrase agreeing in number: "add 1 or 11, the player's choice"."""
    def verb(plural_form: str, singular_form: str) -> str:
        return plural_form if many else singular_form

    if effect.set_to is not None:
        parts = [f"{verb('set', 'sets')} the count to {effect.set_to}"]
    elif effect.double_or_halve:
        parts = [f"{verb('halve', 'halves')} the count when it is even and above 49, and "
                 f"otherwise {verb('double', 'doubles')} it"]
    elif effect.has_choice:
        values = " or ".join(signed(a) for a in effect.amounts)
        parts = [f"{verb('count', 'counts')} {values}, the player's choice"]
    elif effect.amounts[0] == 0:
        parts = [f"{verb('add', 'adds')} nothing"]
    elif effect.amounts[0] > 0:
        parts = [f"{verb('add', 'adds')} {effect.amounts[0]}"]
    else:
        parts = [f"{verb('take', 'takes')} {-effect.amounts[0]} off the count"]
    if effect.reverse:
        parts.append(f"{verb('reverse', 'reverses')} the direction of play when more than two "
                     "players are in")
    if effect.skip:
        parts.append(f"{verb('skip', 'skips')} the next player")
    if effect.choose_next:
        parts.append("the player names who plays next")
    return join_words(parts)


def _is_face_value(key: str, effect: Effect) -> bool:
    plain = Effect(effect.amounts)
    return effect == plain and len(effect.amounts) == 1 and key.isdigit() and int(key) == effect.amounts[0]


def _effect_sentences(effects: dict[str, Effect], rules: RuleSet) -> list[str]:
    """One sentence per distinct effect; cards with the same effect share a sentence."""
    face = [key for key, effect in effects.items() if _is_face_value(key, effect)]
    groups: dict[Effect, list[str]] = {}
    for key, effect in effects.items():
        if key not in face:
            groups.setdefault(effect, []).append(key)
    sentences = []
    if face:
        called = [_cards_called(key, rules)[0] for key in face]
        many = len(face) > 1 or _cards_called(face[0], rules)[1]
        sentences.append(f"{join_words(called)} {'add their' if many else 'adds its'} face value.")
    for effect, keys in groups.items():
        called = [_cards_called(key, rules) for key in keys]
        many = len(keys) > 1 or called[0][1]
        sentences.append(f"{join_words([c[0] for c in called])} {_effect_words(effect, many)}.")
    return sentences


def _probe_penalties(rules: RuleSet) -> list[str]:
    """The rule set's penalties in words, found by asking its penalty function about sample plays."""
    def loss(old: int, new: int, reason: str):
        return next((p for p in rules.penalties(old, new) if p.reason == reason), None)

    sentences = []
    bust = loss(MAX_COUNT - 1, MAX_COUNT + 1, "bust")
    if bust:
        sentences.append(f"Going over {MAX_COUNT} costs the player {_tokens(bust.tokens)}"
                         f"{' and ends the round' if bust.ends_round else ''}.")
    top = loss(MAX_COUNT - 1, MAX_COUNT, "ninety_nine")
    if top:
        sentences.append(f"Raising the count to exactly {MAX_COUNT} costs every other player "
                         f"{_tokens(top.tokens)}{' and ends the round' if top.ends_round else ''}.")
    landings = [m for m in range(1, MAX_COUNT) if loss(m - 1, m, "landing")]
    if landings:
        cost = loss(landings[0] - 1, landings[0], "landing").tokens
        sentences.append(f"Raising the count to exactly {join_words([str(m) for m in landings], 'or')} "
                         f"costs every other player {_tokens(cost)}.")
    passings = [m for m in range(1, MAX_COUNT - 1) if loss(m - 1, m + 1, "passing")]
    if passings:
        cost = loss(passings[0] - 1, passings[0] + 1, "passing").tokens
        sentences.append(f"Raising the count past {join_words([str(m) for m in passings], 'or')} "
                         f"without landing on it costs the player {_tokens(cost)}; a card that "
                         "lowers the count or leaves it unchanged never does.")
    return sentences


def explain_rules(rules: RuleSet) -> list[str]:
    """The rules of a RuleSet in sentences, generated from its data, so a new rule set is
    explained too: one sentence per card effect, then the penalties and how the game is won.

    >>> from ninetynine.counting.rules import CLASSIC
    >>> "The King of Spades sets the count to 99." in explain_rules(CLASSIC)
    True
    """
    sentences = _effect_sentences(rules.effects, rules)
    for players, table in sorted(rules.effects_with_players.items()):
        for line in _effect_sentences(table, rules):
            sentences.append(f"With exactly {NUMBER_WORDS[players] if players <= 10 else players} "
                             f"players, instead: {line[:1].lower() + line[1:]}")
    sentences += _floor_and_unsafe(rules)
    sentences += _probe_penalties(rules)
    if rules.no_safe_card_penalty:
        sentences.append(f"A player whose turn starts with no card that keeps the count at "
                         f"{MAX_COUNT} or below loses {_tokens(rules.no_safe_card_penalty)}, and "
                         "the round ends.")
    if rules.scoring == "tokens":
        sentences.append(f"A player whose turn starts with no cards loses "
                         f"{_tokens(rules.empty_hand_penalty)}, and the round ends.")
        sentences.append("A player with no tokens left is out of the game; the last player with "
                         "tokens wins.")
    else:
        sentences.append("A player who empties their hand finishes the round, the first with the "
                         "most points; a player with no card that can be played is out of the "
                         "round, the first with 1 point; the most points after the last round wins.")
    return sentences


def _floor_and_unsafe(rules: RuleSet) -> list[str]:
    sentences = [f"The count never goes below {rules.floor}."]
    if any(effect.has_choice for effect in rules.effects.values()):
        sentences.append(f"A card that counts two ways is offered only at the values that keep "
                         f"the count at {MAX_COUNT} or below, when it has one.")
    if rules.unsafe_plays == "never":
        sentences.append(f"A card that would take the count over {MAX_COUNT} cannot be played.")
    elif rules.unsafe_plays == "if_no_safe_card":
        sentences.append(f"A card that would take the count over {MAX_COUNT} may only be played "
                         "when every card in the hand would.")
    else:
        sentences.append(f"Any card may be played, even one that takes the count over {MAX_COUNT}.")
    return sentences


# --- the terminal's words ----------------------------------------------------------------------

def amount_prompt(card: Card, amounts: Sequence[int]) -> str:
    """ "Play the Ace of Spades as 1 or 11? Type 1 or 11." (negative values: "minus 10")."""
    said = " or ".join(str(a) if a > 0 else signed(a) for a in amounts)
    typed = " or ".join(str(a) for a in amounts)
    return f"Play {card_name(card)} as {said}? Type {typed}."


def target_prompt(card: Card, targets: Sequence[int], you: int | None = None,
                  names: Names = None) -> str:
    """ "Who plays after the 5 of Hearts? Type 1 for Seat 1 or 2 for Seat 2." """
    options = join_words([f"{t} for {seat_in_sentence(t, you, names)}" for t in targets], "or")
    return f"Who plays after {card_name(card)}? Type {options}."


def only_way(move) -> str:
    """A two-way card that has one legal value left: "The Ace of Spades can only count plus 1 now."""
    return f"{capitalised(card_name(move.card))} can only count {signed(move.amount)} now."


def help_text(manual_draw: bool = False, scoring: str = "tokens") -> list[str]:
    """The terminal's keys, one sentence each."""
    score = "points" if scoring == "places" else "tokens"
    lines = [
        "Type a number and press Enter to play the card in that place of your hand: 1 to 9, "
        "and 0 for the tenth card.",
        "You may also type a move as text, such as 6C or AS +11.",
        "C says the count, H your hand, and T everybody's " + score + ".",
    ]
    if manual_draw:
        lines.append("After playing, D or a space draws a card, and E ends your turn without "
                     "drawing.")
    lines += ["R explains the rules.", "Question mark repeats this help.",
              "Q quits and says the standings."]
    return lines


def no_such_slot(key: str, size: int) -> str:
    """A number with no card behind it."""
    if size == 0:
        return f"There is no card {key}: your hand is empty."
    keys = hand_keys(size)
    return (f"There is no card {key}: your hand has {plural(size, 'card')}, numbered "
            f"{join_words(keys, 'and') if size <= 2 else keys[0] + ' to ' + keys[-1]}.")


def unknown_key(typed: str) -> str:
    return (f"'{typed}' is not a key or a move here: type the number of a card, or a question "
            "mark for help.")


def draws_automatically() -> str:
    return "This game draws automatically after each card, so there is nothing to draw or end."


def play_first() -> str:
    return "Play a card first: drawing and ending the turn come after it."


def draw_or_end_first() -> str:
    return "You have played your card: now type D to draw a card, or E to end your turn."


def cannot_play(card: Card, old: int, new: int, unsafe_plays: str) -> str:
    """Why a card in the hand cannot be played now: it would take the count over 99."""
    reason = (f"{capitalised(card_name(card))} would take the count from {old} to {new}, over "
              f"{MAX_COUNT}")
    if unsafe_plays == "if_no_safe_card":
        return f"{reason}, and you hold a card that does not: play that one."
    return f"{reason}, which these rules never allow: choose another card."


def kept(card: Card) -> str:
    return f"You keep {card_name(card)} and choose again."


def not_an_answer(typed: str, answers: Sequence[str]) -> str:
    return (f"'{typed}' is not one of the answers: type {join_words(list(answers), 'or')}, or press "
            "Enter alone to choose another card.")


def describe(event, you: int | None = None, names: Names = None) -> str:
    """One event of the running-total game in words; ``you`` is the reader's seat (None:
    everyone in the third person).

    >>> describe(ev.TokensLost(1, 1, "passing", 1, 8))
    'Seat 1 passes a milestone and loses a token.'
    >>> describe(ev.PlayerSkipped(0, 2), you=0)
    'You are skipped.'
    """
    return _describe(event, you, names)
