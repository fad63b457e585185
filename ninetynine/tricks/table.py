"""The live table of Ninety-Nine (the trick-taking game) in a notebook: a card table drawn in
the browser (``cardtable.CardTableView``) over a ``TricksController``.

    >>> from ninetynine.ui import TricksTable
    >>> TricksTable(seed=3)                                   # doctest: +SKIP

All the table's logic lives in ``tricks_controller.py``; this file only turns the controller into
the table's model and the browser's messages into controller calls. The felt shows the three
seats (bid, tricks taken, cards held), the turn-up and trumps, and the trick as cards by seat;
between tricks the last trick stays on the felt with its winner. Your hand is a row of card
faces: while you bid, pressing a card chooses it (its name says ", selected") and "Lay aside
these three" bids; then the offer buttons (Pass, Declare, Reveal); then press a card to play it.
A card that does not follow suit is shown "not now", with the reason as its description.

When the environment variable ``NINETYNINE_GRADING`` is set (graders run notebooks headless), a
table displays one line of text instead of its widgets.
"""
from __future__ import annotations

from ninetynine import text
from ninetynine.frontend import sentences
from ninetynine.frontend.cardtable import CardTable, action_button, face, log_panel, panel
from ninetynine.frontend.sentences import TABLE_WORDS

from . import events as ev
from . import words
from .cards import acts_as, parse_card, trumps_name
from .controller import OFFER_BUTTONS, TricksController, grading_line
from .state import TRICKS


class TricksTable(CardTable):
    """A live table of Ninety-Nine: you against two bots, or three bots (``watch=True``).

    game    ``nn.make("tricks")`` (options ``trumps`` and ``deals``); None: the default game
    seat    your seat;  bots: a bot name, a callable, or one per seat;  seed: the first deal
    names   optional seat names;  watch: bots play every seat, with Step and Run buttons
    """

    def __init__(self, game=None, seat: int = 0, bots="tricks_rules", seed: int = 0, names=None,
                 watch: bool = False, *, state=None, **kwargs):
        super().__init__(TricksController(game, seat=seat, bots=bots, seed=seed, names=names,
                                          watch=watch, state=state), **kwargs)

    # --- the browser's actions ---------------------------------------------------------------

    def on_card(self, card: str) -> bool:
        return self.controller.click_card(card)

    def on_button(self, key: str) -> bool:
        c = self.controller
        if key == "lay_aside":
            return c.lay_aside()
        if key.startswith("offer:"):
            return c.offer(key.removeprefix("offer:"))
        return super().on_button(key)

    # --- the table's model ------------------------------------------------------------------

    def model(self) -> dict:
        c = self.controller
        summary = self.summary_panel()
        panels = []
        exposed = c.exposed_lines()
        if exposed:
            panels.append(panel(TABLE_WORDS["face_up"], exposed))
        held = [f"{c._name(seat)}: {line.split('; holds ')[1]}"
                for seat, line in enumerate(c.seat_lines()) if "; holds " in line]
        if held:                                  # watching: every hand, beside the felt
            panels.append(panel(TABLE_WORDS["hands"], held))
        panels += [panel(TABLE_WORDS["scores"], c.score_lines()), log_panel(c)]
        if summary:
            focus = "summary"
        elif c.offering():
            focus = "buttons"
        else:
            focus = "hand"
        return {
            "layout": "felt", "felt_height": 300,
            "seating": "sides",                 # three seats: you below, the others left and right
            "title": sentences.table_title("Ninety-Nine", text.plural(c.game.deals, "deal")),
            "status": c.status(),
            "seats": self._seats(),
            "centre": self._centre(),
            "hand": None if c.watch or summary else self._hand(),
            "buttons": self._buttons(),
            "summary": summary,
            "panels": panels,
            "focus": focus,
        }

    def _seats(self) -> list[dict]:
        c = self.controller
        seats = []
        for seat, line in enumerate(c.seat_lines()):
            name = c._name(seat)
            facts = line.removeprefix(name + ": ").removesuffix(".").split("; holds ")[0]
            to_move = facts.endswith(", to move")
            seats.append({"name": name, "you": seat == c.you,
                          "facts": [facts.removesuffix(", to move")],
                          "to_move": to_move and not c.paused})
        return seats

    def _centre(self) -> dict:
        c = self.controller
        state = c.state
        turn_up, trumps = state.turn_up, state.trumps
        if c.paused:                              # the finished deal stays on the felt
            started = [e for e in c._group_events if type(e) is ev.DealStarted]
            if started:
                turn_up, trumps = started[0].turn_up, started[0].trumps
        trumps = words.trumps_words(trumps_name(trumps) if trumps else None)
        shown = c.current_trick()
        last = c.last_trick()
        earlier = ""                              # the trick before, while another is played
        if (shown is None or not shown.cards) and last is not None:
            shown = last
        elif last is not None:
            earlier = last.sentence
        plays, title, label = [], words.trick_title(None, 9, False), c.trick_sentence()
        if shown is not None:
            done = shown.winner is not None
            title = words.trick_title(shown.number, TRICKS, done)
            label = shown.sentence
            seats = [card.seat for card in shown.cards]
            if not done:                          # seats still to play, in playing order
                first = seats[0] if seats else state.leader
                seats = [(first + i) % state.players for i in range(state.players)]
            by_seat = {card.seat: card for card in shown.cards}
            for seat in seats:
                card = by_seat.get(seat)
                plays.append({
                    "seat": c._name(seat),
                    "card": self._face(card.card, card.name) if card else None,
                    "winner": done and seat == shown.winner})
        return {
            "kind": "trick",
            "turn_up": (face(turn_up, words.turn_up_label(turn_up.name), small=True)
                        if turn_up else None),
            "trumps": trumps, "trick_title": title, "trick_label": label, "plays": plays,
            "last": earlier,
        }

    def _face(self, text: str, name: str, **options) -> dict:
        """A card face; a Joker shows the card it stands for this deal."""
        card = parse_card(text)
        stands_for = acts_as(card, self.controller.state.turn_up)
        return face(card, name, key=text, stands_for=stands_for, **options)

    def _hand(self) -> dict:
        c = self.controller
        cards = [self._face(b.card, b.name, playable=b.playable, reason=b.reason,
                            selected=b.selected)
                 for b in c.hand_buttons()]
        note = ""
        if c.bidding():
            step, note = "bid", f"{c.bid_sentence()} {c.bid_values_sentence()}"
        elif c.offering():
            step = "offer"
        else:
            step = "play" if c.your_turn else ""
        hint = words.HAND_HINTS.get(step, "")
        return {"heading": TABLE_WORDS["hand"], "hint": hint, "note": note, "cards": cards}

    def _buttons(self) -> list[dict]:
        c = self.controller
        found = []
        if c.bidding():
            found.append(action_button("lay_aside", "Lay aside these three"))
        if c.offering():
            found += [action_button(f"offer:{kind}", name) for name, kind in OFFER_BUTTONS]
        return found + self.common_buttons("Run to the end of the deal")

    # --- display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        game = self.controller.game
        return (f"TricksTable(trumps={game.trumps!r}, deals={game.deals}, "
                f"seat={self.controller.seat})")

    def grading_line(self) -> str:
        return grading_line(self.controller.game)

