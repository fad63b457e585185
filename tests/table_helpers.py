"""Helpers for the card tables' tests without a browser: read the model the browser draws and
send the messages the browser sends (``table.send``), so every click path runs in plain pytest."""
from __future__ import annotations

import re


def hand(table) -> list[str]:
    """The accessible names of the cards of your hand, as drawn."""
    return [card["label"] for card in table.hand()]


def card_id(table, label: str) -> str:
    found = [card["id"] for card in table.hand() if card["label"] == label]
    assert found, f"no card {label!r} in the hand: {hand(table)}"
    return found[0]


def click_card(table, label: str) -> bool:
    """Press the card of your hand whose name is ``label``."""
    return table.send({"action": "card", "card": card_id(table, label)})


def button_labels(table) -> list[str]:
    return [button["label"] for button in table.buttons()]


def said(table) -> str:
    """What the live region says now."""
    return table.view.news


def panel(table, heading: str) -> list[str]:
    """Every line of the side panel with this heading (all groups)."""
    for part in table.view.table["panels"]:
        if part["heading"] == heading:
            return [line for group in part["groups"] for line in group["lines"]]
    raise LookupError(f"no panel {heading!r}")


def log_headings(table) -> list[str]:
    part = next(p for p in table.view.table["panels"] if p["heading"] == "What happened")
    return [group["heading"] for group in part["groups"]]


CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bJK\b")


def codes_shown(table) -> list[str]:
    """Card codes ("QH", "JK") anywhere a player reads or hears the table's model (the ids the
    browser sends back are not read); [] when every card is in words."""
    found: list[str] = []

    def walk(value, key=""):
        if isinstance(value, dict):
            for name, inner in value.items():
                if name != "id":
                    walk(inner, name)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, key)
        elif isinstance(value, str) and CARD_CODE.search(value):
            found.append(value)

    walk(table.view.table)
    if CARD_CODE.search(table.view.news):
        found.append(table.view.news)
    return found
