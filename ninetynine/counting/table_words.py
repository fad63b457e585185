"""The running-total games' table in words: its status line, each seat, the choices a card
offers, what a refused click or setting says, and the summary of a round.

The events' sentences are in ``words.py`` (through ``ninetynine.text``); what every table says
(pauses, the end of the game, the card table's labels) is in ``ninetynine.frontend.sentences``.
Every sentence works when read aloud: no meaning by colour or symbol alone.
"""
from __future__ import annotations

from dataclasses import replace

from ninetynine import text
from ninetynine.frontend.sentences import (TABLE_WORDS, Summary, game_over_heading,
                                           game_over_status, seat_name)

from . import events as ev

#: what to do with your hand now, by the table's step ("" when nothing is to be done)
HAND_HINTS = {"play": "Press a card to play it."}


def status(view, names, you: int | None, over: bool, standings) -> str:
    """Whose turn, the count and the direction; or, when the game is over, who won.

    ``you`` None is a spectator (watch mode): the view is read with no seat as "you".
    """
    if over:
        return game_over_status(standings, you, names)
    if you is None:
        view = replace(view, seat=None)
    return text.status(view, names=names)


def choice_name(move, you: int | None, names) -> str:
    """A choice button's words: "The Ace of Spades as plus 11", "The 5 of Hearts, naming Seat 2
    to play next"."""
    words = text.move_name(move, you=you, names=names)
    return words[:1].upper() + words[1:]


def seat_summary(state, seat: int, you: int | None, names, hand=None) -> str:
    """One seat in a sentence: "Seat 2: 7 tokens, 3 cards." (with the cards when shown)."""
    who = seat_name(seat, you, names)
    if state.rules.scoring == "tokens":
        tokens = state.tokens[seat]
        score = "out of the game" if tokens == 0 else text.plural(tokens, "token")
    else:
        score = text.plural(state.points[seat], "point")
    cards = text.plural(len(state.hands[seat]), "card")
    line = f"{who}: {score}, {cards}"
    if hand:
        line += " (" + ", ".join(card.name for card in hand) + ")"
    if state.to_move == seat:
        line += ", to move"
    return line + "."


def choose_prompt(card) -> str:
    return f"Choose how to play the {card.name} with one of the buttons below your hand."


def choose_card_first() -> str:
    return "That choice belongs to another card: click a card in your hand first."


def draw_or_end() -> str:
    return "You have played your card: now press Draw or End turn."


def play_a_card_first() -> str:
    return "Play a card first: Draw and End turn come after it."


def draws_automatically() -> str:
    return "This table draws automatically after each card: there is no Draw or End turn step."


def always_draws(rules) -> str:
    return (f"Under {rules.title} the draw is always automatic: tick Automatic draw, or choose "
            "another rule set.")


def rules_change(rules, changes: list[str]) -> str:
    """One sentence saying what choosing a rule set changed in the settings row."""
    if not changes:
        return (f"Under {rules.title} every setting still holds: players, hand size"
                f"{', tokens, the draw' if rules.scoring == 'tokens' else ''} and bots are kept.")
    return f"Under {rules.title}: {'; '.join(changes)}; every other setting is kept."


def too_few_cards(hand: int, deck: int) -> str:
    return f"the hand size goes down to {hand}, so that every hand can be dealt from {deck} cards"


TOKENS_DO_NOT_APPLY = "tokens and manual drawing do not apply, since the game is scored in points"


def tokens_apply(tokens: int) -> str:
    return f"each player starts with {text.plural(tokens, 'token')}, since the game is scored in tokens"


def new_settings(game, bots) -> str:
    """The one sentence that follows Apply settings: "New game: Quentin C, 4 players, 3 cards
    each, 9 tokens each, automatic draw, expert bots."."""
    parts = [game.rules.title, text.plural(game.players, "player"),
             f"{text.plural(game.hand_size, 'card')} each"]
    if game.rules.scoring == "tokens":
        parts += [f"{text.plural(game.tokens, 'token')} each",
                  "automatic draw" if game.auto_draw else "manual draw"]
    else:
        parts.append("scored in points")
    parts.append(f"{bots} bots" if isinstance(bots, str) else "your own bots")
    return "New game: " + ", ".join(parts) + "."


def cannot_play(card) -> str:
    return f"The {card.name} cannot be played now: click another card."


def round_over_heading(number: int) -> str:
    return f"Round {number} is over."


def round_summary(events: list, state, you: int | None, names, button: str = "Next round") -> Summary:
    """The summary of a running-total round from its events (as the reader saw them): what each
    seat lost (or scored) and why, where everyone stands, and at the end of the game who won.

    >>> import ninetynine as nn
    >>> from ninetynine.cards import parse_card
    >>> state = nn.make("quentin_c", players=2).new_game(seed=1)
    >>> events = [ev.CardPlayed(1, parse_card("KS"), None, 23, 33),
    ...           ev.TokensLost(0, 1, "landing", 1, 9), ev.RoundOver(1, "bust", 0)]
    >>> round_summary(events, state, 0, None).lines[:2]
    ('You lost 1 token: 1 when Seat 1 landed on 33.', 'Seat 1 lost nothing.')
    """
    points = state.rules.scoring != "tokens"
    lines = [_seat_points(events, seat, you, names) if points
             else _seat_losses(events, seat, you, names, out=state.tokens[seat] == 0)
             for seat in range(state.players)]
    lines.append(standing_line(state, you, names))
    if state.is_over:
        lines.append(text.winner_sentence(state.standings(), you, names))
        return Summary("game", game_over_heading(), tuple(lines), "New game")
    ended = next(e for e in reversed(events) if type(e) is ev.RoundOver)
    return Summary("round", round_over_heading(ended.round), tuple(lines), button)


def _seat_losses(events: list, seat: int, you: int | None, names, out: bool = False) -> str:
    """"Seat 1 lost 3 tokens: 1 for passing 66, 2 for busting at 190." / "You lost nothing." /
    "Seat 2 is out of the game." (``out``: no tokens left, and nothing lost this round)."""
    who = seat_name(seat, you, names)
    play, reasons, total = None, {}, 0
    for event in events:
        if type(event) is ev.CardPlayed:
            play = event
        elif type(event) is ev.TokensLost and event.seat == seat:
            total += event.tokens
            reason = _loss_reason(event, play, you, names)
            tokens, times = reasons.get(reason, (0, 0))
            reasons[reason] = (tokens + event.tokens, times + 1)
    if not total and out:
        return f"{who} {'are' if seat == you else 'is'} out of the game."
    if not total:
        return f"{who} lost nothing."
    said = [f"{tokens} {reason}{_times(times)}" for reason, (tokens, times) in reasons.items()]
    return f"{who} lost {text.plural(total, 'token')}: {', '.join(said)}."


def _times(times: int) -> str:
    """How often the same loss happened, after it: "", " twice", " three times", " 4 times".

    >>> [_times(n) for n in (1, 2, 3, 4)]
    ['', ' twice', ' three times', ' 4 times']
    """
    return {1: "", 2: " twice", 3: " three times"}.get(times, f" {times} times")


def _loss_reason(lost, play, you: int | None, names) -> str:
    """Why a token was lost, after its number: "for busting at 104", "when Seat 2 landed on 33"."""
    if play is not None and (play.seat != lost.by or lost.reason in ("no_safe_card", "empty_hand")):
        play = None
    by = text.seat_in_sentence(lost.by, you, names)
    if lost.reason == "bust":
        return f"for busting at {play.new}" if play is not None else "for going over 99"
    if lost.reason == "passing":
        milestone = text.milestone_crossed(play.old, play.new, False) if play is not None else None
        return f"for passing {milestone or 'a milestone'}"
    if lost.reason == "landing":
        return f"when {by} landed on {play.new if play is not None else 'a milestone'}"
    if lost.reason == "ninety_nine":
        return f"when {by} reached 99"
    if lost.reason == "no_safe_card":
        return "for having no card that keeps the count at 99 or below"
    if lost.reason == "empty_hand":
        return "for having no cards left to play"
    return f"for {lost.reason.replace('_', ' ')}"


#: How a seat scored points in a round of the Taiwanese rules.
POINTS_REASONS = {ev.PlayerFinished: "by finishing the round",
                  ev.PlayerLastInRound: "as the last player left in the round",
                  ev.PlayerOut: "when left with no card that could be played"}


def _seat_points(events: list, seat: int, you: int | None, names) -> str:
    """"Seat 2 scored 3 points, as the last player left in the round."."""
    who = seat_name(seat, you, names)
    for event in events:
        if type(event) in POINTS_REASONS and event.seat == seat:
            return f"{who} scored {text.plural(event.points, 'point')}, {POINTS_REASONS[type(event)]}."
    return f"{who} scored no points this round."


def standing_line(state, you: int | None, names) -> str:
    """Where every seat stands: "Tokens left: you 2, Seat 1 none (out of the game), Seat 2 3."
    or, in a game scored in points, "Points in the match: you 5, Seat 1 3, Seat 2 0."."""
    if state.rules.scoring == "tokens":
        parts = [f"{text.seat_in_sentence(seat, you, names)} "
                 + (str(tokens) if tokens else "none (out of the game)")
                 for seat, tokens in enumerate(state.tokens)]
        return "Tokens left: " + ", ".join(parts) + "."
    parts = [f"{text.seat_in_sentence(seat, you, names)} {points}" for seat, points in enumerate(state.points)]
    return "Points in the match: " + ", ".join(parts) + "."


def grading_line(game) -> str:
    """What a table shows in a notebook run headless by a grader."""
    return (f"A live table of {game.rules.title} for {game.players} players appears here "
            "when the notebook runs in Jupyter.")


def last_card_label(card_name: str, new: bool) -> str:
    """What a screen reader says of a seat's last card on the counting felt.

    >>> last_card_label("7 of Hearts", True)
    'Last card: 7 of Hearts, just played'
    """
    return f"Last card: {card_name}" + (f", {TABLE_WORDS['just_played']}" if new else "")


def direction_words(forward: bool) -> str:
    """The direction of play under the count."""
    return "Play goes in seat order" if forward else "Play goes in reverse order"
