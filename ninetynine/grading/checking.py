"""Small helpers for check cells, so that checks read as plain statements of what is wanted.

>>> from ninetynine.counting.rules import Effect
>>> behaviour(Effect((10, -10)), 5)
((0, 15), False, False, False)
"""
from __future__ import annotations

import ninetynine as nn
from ninetynine.counting.rules import MAX_COUNT


def behaviour(effect, count: int, floor: int = 0) -> tuple:
    """What a card does at ``count``: the counts it can lead to (sorted), reverse, skip, choose_next.

    Two effects with the same behaviour at every count are the same card, however written.
    """
    results = tuple(sorted({max(floor, effect.apply(count, amount)) for amount in effect.amounts}))
    return results, bool(effect.reverse), bool(effect.skip), bool(effect.choose_next)


def different_cards(mine: dict, reference: dict, floor: int = 0) -> list[str]:
    """Card keys of ``reference`` whose effect in ``mine`` behaves differently at some count."""
    return [key for key, effect in reference.items()
            if key in mine and any(behaviour(mine[key], count, floor) != behaviour(effect, count, floor)
                                   for count in range(MAX_COUNT + 1))]


def match(bot, opponent, games: int, seed: int, rules: str = "quentin_c", **options) -> int:
    """Games ``bot`` wins out of ``games`` two-player games against ``opponent``.

    ``ninetynine.arena.tournament`` plays them: seats rotate and each pair of games is dealt
    from one seed, so a result never depends on which seat was lucky.
    """
    from ninetynine.arena import tournament
    results = tournament(nn.make(rules, players=2, **options), [bot, opponent], games, seed)
    return list(results.wins.values())[0]


def bidding_match(my_bid, deals: int, seed: int) -> list[tuple[float, float]]:
    """Per deal of Ninety-Nine, what bidding with ``my_bid`` instead of the rules bot's bidding
    changes, everything else the same: a pair (points, made), each averaged over the three seats -
    how many more points the seat scores, and how many more times (-1, 0 or 1) it makes its bid.

    ``my_bid(hand, trumps, turn_up)`` returns three cards of the 12-card ``hand`` to lay aside.
    Deal ``i`` is dealt from the seed ``f"bidding/{seed}/{i}"``. For each seat in turn the deal is
    played twice - that seat bidding with ``my_bid``, then with ``choose_bid`` - while the other
    two seats bid with ``choose_bid``; nobody offers a premium, and every card is played by the
    rules bot's ``rule_card``. The cards and the others' bids are the same in both, so the luck
    of the deal cancels out and only the bid makes a difference. A seat whose bid lays aside the
    same cards as the rules bot's plays exactly the same, so that deal is not played again (0, 0).
    """
    from ninetynine.bots.tricks import choose_bid, rule_card
    from ninetynine.tricks import PASS, Bid, PlayCard, TricksGame

    game = TricksGame(deals=1)

    def play(trios, deal_seed) -> tuple[list[int], list[bool]]:
        """Each seat's points, and whether it made its bid."""
        state = game.new_game(deal_seed)
        for _ in range(3):
            state.play(Bid.of(trios[state.to_move]))
        for _ in range(3):
            state.play(PASS)
        bids = state.bids
        while state.phase == "play":
            seat = state.to_move
            state.play(PlayCard(rule_card(state.hands[seat], state.trick,
                                          bids[seat] - state.tricks_taken[seat], state.trumps,
                                          state.turn_up)))
        made = [taken == bid for taken, bid in zip(state.tricks_taken, bids)]
        return state.deal_points[-1], made

    differences = []
    for i in range(deals):
        deal_seed = f"bidding/{seed}/{i}"
        state = game.new_game(deal_seed)
        hands, trumps, turn_up = state.hands, state.trumps, state.turn_up
        rules = [set(choose_bid(hand, trumps, turn_up).cards) for hand in hands]
        usual, points, made = None, 0.0, 0.0
        for seat in range(3):
            mine = my_bid(list(hands[seat]), trumps, turn_up)
            try:
                mine = set(getattr(mine, "cards", mine))
            except TypeError:       # not a collection of cards at all
                mine = set()
            if len(mine) != 3 or not mine <= set(hands[seat]):
                raise ValueError("my_bid must return three different cards of the hand it is "
                                 f"given; for {' '.join(map(str, hands[seat]))} it did not.")
            if mine == rules[seat]:
                continue
            usual = usual or play(rules, deal_seed)
            new = play([mine if s == seat else rules[s] for s in range(3)], deal_seed)
            points += new[0][seat] - usual[0][seat]
            made += new[1][seat] - usual[1][seat]
        differences.append((points / 3, made / 3))
    return differences
