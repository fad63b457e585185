"""A game as JSON text and back: the game's name and options first (``read_save`` refuses a save
of another game, or of other options), then each field; events by their names (``@event``)."""
from ninetynine.core import CorruptSave, event_from_dict, read_save, save_text

FIELDS = ("hands", "deck", "total", "to_move", "winner")


def save(state) -> str:
    data = {"game": state.game.name, "options": state.game.options}
    return save_text({**data, **{name: getattr(state, name) for name in FIELDS}}, state.history)


def load(game, text: str) -> dict:
    """The fields saved in ``text``, checked, ready for ``RaceState(game, **fields)``."""
    data = read_save(text, game.name, game.options)
    if missing := [name for name in FIELDS + ("history",) if name not in data]:
        raise CorruptSave(f"The saved game has no {missing[0]!r} field.")
    places = [*data["hands"], data["deck"]] if isinstance(data["hands"], list) else []
    if len(places) != 3 or data["to_move"] not in (0, 1, None) or not all(
            isinstance(place, list) and all(card in range(1, 7) for card in place) for place in places):
        raise CorruptSave("The save needs two hands and a deck of cards 1 to 6, to_move 0, 1 or null.")
    return {name: data[name] for name in FIELDS} | {"history": [event_from_dict(event, int)
                                                                for event in data["history"]]}
