"""The Ninety-Nine table (the trick-taking game) in a real browser: JupyterLab, Chromium, clicks.

The test starts JupyterLab on 127.0.0.1 (a free port, no token, the news pop-up switched off),
opens a copy of ``notebooks/13-ninety-nine-tricks.ipynb`` (which ends with a ``TricksTable``) in
headless Chromium through Playwright, runs all cells, and plays as a player would, finding every
button by its accessible name: it chooses three cards for the bid (checking that each chosen
card's name says "selected"), presses "Lay aside these three", passes, and plays a card to the
first trick (trying the next card when the table says the suit must be followed). It checks that
the polite live region says what the engine did - the bid's cards and value, the pass, the card
played and who won the trick - and that every button has a name in the accessibility tree. A
screenshot goes to ``test-artifacts/``.

Without Chromium the test is skipped with a message, except on CI (``CI=true``), where it fails.
Set ``NINETYNINE_TRICKS_NOTEBOOK`` to try another notebook that ends with a ``TricksTable``.
The browser, the server helpers and the page helpers are those of ``tests/test_browser.py``.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_browser import (browser, free_port, in_a_page, kit_python,  # noqa: F401
                          live_text, missing, open_and_run, run_all_cells, unnamed_buttons,
                          wait_for_new_sentence, wait_for_server)

ROOT = Path(__file__).resolve().parent.parent
TRICKS_NOTEBOOK = Path(os.environ.get("NINETYNINE_TRICKS_NOTEBOOK",
                                      ROOT / "notebooks" / "13-ninety-nine-tricks.ipynb"))

SUITS = {"Clubs": 3, "Hearts": 2, "Spades": 1, "Diamonds": 0}     # tricks bid per card laid aside
CARD = (r"(?:(?:Ace|King|Queen|Jack|10|9|8|7|6) of (?:Clubs|Diamonds|Hearts|Spades)"
        r"|the Joker, as the (?:Ace|King|Queen|Jack|10|9|8|7|6) of (?:Clubs|Diamonds|Hearts|Spades)"
        r"|the Joker)")
CARD_BUTTON = re.compile(rf"^{CARD}$")
CHOSEN_BUTTON = re.compile(rf"^{CARD}, selected$")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving a copy of the notebook (autosave never touches the committed file)."""
    if not TRICKS_NOTEBOOK.exists():
        missing(f"{TRICKS_NOTEBOOK} does not exist yet")
    work = tmp_path_factory.mktemp("lab")
    shutil.copy(TRICKS_NOTEBOOK, work / TRICKS_NOTEBOOK.name)
    for helper in TRICKS_NOTEBOOK.parent.glob("*.py"):      # e.g. notebooks/_setup.py
        shutil.copy(helper, work / helper.name)
    settings = work / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    port = free_port()
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(work / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(work / "workspaces"),
               JUPYTER_RUNTIME_DIR=str(work / "runtime"))
    env.pop("NINETYNINE_GRADING", None)
    log = open(work / "lab.log", "w")
    server = subprocess.Popen(
        [kit_python(), "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--allow-root", "--IdentityProvider.token=", f"--ServerApp.root_dir={work}"],
        cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(url, server, work / "lab.log")
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def suit_of(name: str) -> str:
    """The suit a card button's name belongs to (the Joker: the card it stands for)."""
    return name.rsplit(" of ", 1)[1].removesuffix(", selected")


def in_words(name: str) -> str:
    """A card button's name as the narration says it: "the Queen of Spades", "the Joker"."""
    return "the Joker" if name.startswith("the Joker") else "the " + name


def button_names(page, pattern: re.Pattern) -> list[str]:
    return [b.inner_text().strip() for b in page.get_by_role("button", name=pattern).all()]


def click_and_hear(page, name: str) -> str:
    """Click the button with this exact accessible name; return the live region's new sentence."""
    before = live_text(page)
    page.get_by_role("button", name=name, exact=True).first.click()
    wait_for_new_sentence(page, before)
    return live_text(page)


def wait_for_the_table(page) -> None:
    """Wait for the table's Lay aside button. On a busy machine the first Run All Cells was once
    seen to run nothing (every prompt still empty, the kernel idle): then run all cells again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    button = page.get_by_role("button", name="Lay aside these three", exact=True).last
    try:
        button.wait_for(timeout=45_000)
    except PlaywrightTimeout:
        prompts = "".join(page.locator(".jp-InputPrompt").all_inner_texts())
        if re.search(r"\[[0-9*]+\]", prompts):
            raise                                   # the cells ran: the table is really missing
        run_all_cells(page)
        button.wait_for()


def test_the_tricks_table_bids_passes_and_plays_in_a_real_browser(browser, lab):  # noqa: F811
    in_a_page(browser, TRICKS_NOTEBOOK, "tricks", 1800, lambda page: bid_pass_and_play(page, lab))


def bid_pass_and_play(page, lab: str) -> None:
    open_and_run(page, lab, TRICKS_NOTEBOOK)
    wait_for_the_table(page)
    assert page.locator('[role="status"][aria-live="polite"]').count() >= 1
    hand = button_names(page, CARD_BUTTON)
    assert len(hand) == 12, f"your twelve cards are buttons named in words: {hand}"

    # The bid: three cards by clicking, each then named "selected", then the lay-aside button.
    chosen = hand[:3]
    for count, name in enumerate(chosen, start=1):
        said = click_and_hear(page, name)
        assert said.startswith(f"You choose {in_words(name)}"), said
        page.get_by_role("button", name=f"{name}, selected", exact=True).wait_for()
        assert len(button_names(page, CHOSEN_BUTTON)) == count
    value = sum(SUITS[suit_of(name)] for name in chosen)
    tricks = f"{value} trick" + ("" if value == 1 else "s")
    assert said.endswith(f"Your bid: {tricks}."), said
    said = click_and_hear(page, "Lay aside these three")
    cards = ", ".join(in_words(name) for name in chosen[:2]) + " and " + in_words(chosen[2])
    assert said.startswith(f"You lay aside {cards}, a bid of {tricks}."), said
    assert "Seat 1 lays three cards aside face down." in said

    # The offer.
    page.get_by_role("button", name="Pass", exact=True).wait_for()
    said = click_and_hear(page, "Pass")
    assert said.startswith("You pass."), said
    assert said.endswith("Nobody declares or reveals.") or "declares a bid" in said \
        or "reveals a bid" in said, said

    # One trick: you lead deal 1 (the dealer's left); the bots answer at once.
    page.get_by_text("Trick 1 of 9: you lead").wait_for()
    hand = button_names(page, CARD_BUTTON)
    assert len(hand) == 9 and not set(chosen) & set(hand)
    said = click_and_hear(page, hand[0])
    assert said.startswith(f"You play {in_words(hand[0])} to trick 1."), said
    assert re.search(r"(You win|Seat [12] wins) trick 1 with ", said), said
    assert hand[0] not in button_names(page, CARD_BUTTON)
    page.get_by_text(re.compile(r"^Last trick, number 1: You led ")).wait_for()

    # The next card: one that does not follow the suit led is refused and changes nothing; then
    # a card of the suit led (named in the refusal) is played.
    hand = button_names(page, CARD_BUTTON)
    said = click_and_hear(page, hand[0])
    refused = re.match(r"You must follow suit: (\w+) were led", said)
    if refused:
        assert button_names(page, CARD_BUTTON) == hand, "a refused card stays in your hand"
        name = next(card for card in hand if suit_of(card) == refused.group(1))
        said = click_and_hear(page, name)
    else:
        name = hand[0]
    assert said.startswith(f"You play {in_words(name)} to trick 2."), said
    assert unnamed_buttons(page) == [], "every button needs a name a screen reader can say"
