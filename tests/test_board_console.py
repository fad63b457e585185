"""The Game of 99 in the terminal: input piped line by line, output read back as text."""
from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import ninetynine as nn
from ninetynine.board.bots import heuristic_bot
from ninetynine.cli import main
from ninetynine.board.console import BoardConsole, choose_bots, run

ROOT = Path(__file__).resolve().parent.parent


def console(lines: str, players: int = 2, plain: bool = True, seed: int = 1, bots="board_heuristic"):
    out = io.StringIO()
    game = BoardConsole(nn.make("board", players=players), bots=bots, seed=seed, plain=plain,
                        stdin=io.StringIO(lines), stdout=out)
    return game, out


class ThinkingPlayer(io.StringIO):
    """Standard input that answers each prompt with the heuristic bot's move, typed as text, in
    one of the forms a player may use (``play 37 on 52``, ``2 52``, ``x 1``, ``d``)."""

    def __init__(self):
        super().__init__()
        self.game: BoardConsole | None = None
        self.turns = 0

    def readline(self, *args) -> str:
        state = self.game.state
        move = heuristic_bot(state.view(0))
        self.turns += 1
        hand = state.hands[0]
        if str(move) == "draw":
            return "d\n"
        if str(move).startswith("discard"):
            return f"x {hand.index(move.card) + 1}\n"
        if self.turns % 2:
            return f"{hand.index(move.card) + 1} {move.square}\n"
        return f"{move}\n"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_whole_game_typed_line_by_line(players):
    player = ThinkingPlayer()
    out = io.StringIO()
    game = BoardConsole(nn.make("board", players=players), seed=players, plain=True,
                        stdin=player, stdout=out)
    player.game = game
    assert game.run() == 0
    said = out.getvalue()
    assert game.state.is_over
    assert said.rstrip().splitlines()[-1].startswith("The game is over: ")
    assert "You play the card" in said
    assert re.search(r"completes? a (row|column|diagonal line) of (five|six|seven|eight|nine): squares", said)
    assert said.count("The game is over") == 1
    assert "Row 1:" not in said and " .  " not in said           # plain: no drawn grid


def test_the_end_of_the_input_quits_cleanly():
    game, out = console("")
    assert game.run() == 0
    assert out.getvalue().rstrip().endswith("You leave the game.")


def test_keys_read_the_board_hand_table_and_help():
    game, out = console("b\nh\ns\n?\nq\n")
    assert game.run() == 0
    said = out.getvalue()
    rows = [line for line in said.splitlines() if line.startswith("Row ")]
    assert len(rows) == 10 and rows[0].startswith("Row 1: 92 empty, 93 empty")
    assert "Your hand: 1, the card 23 to 99." in said
    assert "You hold 1 card; Seat 1 holds 2 cards; the deck has 97 cards." in said
    assert "Type d to draw a card (only with fewer than five cards in hand)." in said


def test_playing_by_slot_and_square_and_refusals_in_one_sentence():
    game, out = console("1\n5\nfive\n99\nd\n9\nplay 1 on\nfoo\n1 10\n1\n\nq\n")
    assert game.run() == 0
    said = out.getvalue().splitlines()
    assert "The card 23 to 99 allows squares 23 to 99. Type the square, or nothing to keep the card." in said
    assert "The card 23 to 99 allows only squares 23 and higher, not square 5." in said
    assert "You play the card 23 to 99 and put a marker on square 99." in said
    assert game.state.owner[99] == 0
    assert "Row 1: 92 empty, 93 empty, 94 empty, 95 empty, 96 empty, 97 empty, 98 empty, 99 yours, " \
           "64 empty, 65 empty." in game_rows(game)
    assert any(line.startswith("There is no card 9 in your hand") for line in said)
    assert any(line.startswith("'play 1 on' is not a move") for line in said)
    assert any(line.startswith("'foo' is not understood") for line in said)
    assert "The card 31 to 99 allows only squares 31 and higher, not square 10." in said
    assert any(line.startswith("'five' is not a square") for line in said)
    assert any(line.startswith("You keep the card") for line in said)


def game_rows(game: BoardConsole) -> list[str]:
    from ninetynine.board import words as text
    return text.board_rows(game.state.owner, 0, game.game.players)


def test_draw_with_five_cards_and_discard_by_slot():
    game, out = console("d\nd\nd\nd\nd\nx 1\nq\n")
    game.run()
    said = out.getvalue()
    assert "You hold 5 cards, the most allowed: play or discard instead of drawing." in said
    assert "You discard the card" in said
    assert len(game.state.hands[0]) == 4 or game.state.to_move != 0


def test_the_drawn_look_shows_the_grid_with_marks():
    game, out = console("1 99\nq\n", plain=False)
    game.run()
    said = out.getvalue()
    assert "Marks: X marks your markers; O marks Seat 1's markers." in said
    assert "99 X" in said and "92 .  93 ." in said


def test_the_same_seed_and_input_replay_the_same_game():
    outputs = []
    for _ in range(2):
        game, out = console("1 99\nd\n1 98\nd\nq\n", players=3, bots="board_search,board_random")
        game.run()
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1]
    assert "the board_search bot plays Seat 1; the board_random bot plays Seat 2." in outputs[0]


def test_bad_bot_names_are_refused():
    assert choose_bots("search,random", 2) == ["board_search", "board_random"]
    with pytest.raises(ValueError, match="is not a bot of The Game of 99"):
        choose_bots("expert", 1)
    with pytest.raises(ValueError, match="2 bots for 3 opponents"):
        choose_bots("random,search", 3)


def test_play_with_the_command_line_options(capsys, monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--game", "board", "--players", "4", "--seed", "5", "--plain"]) == 0
    assert out.getvalue().startswith("The Game of 99, 4 players in two teams: you are Seat 0; "
                                      "the board_heuristic bot plays Seat 1, Seat 2 and Seat 3.")
    for bad, words in ((["--players", "5"], "2, 3, 4 or 6 players"), (["--tokens", "3"], "--tokens"),
                       (["--manual-draw"], "--manual-draw"), (["--bots", "cautious"], "cautious")):
        assert main(["play", "--game", "board", "--seed", "5", *bad]) == 2
        error = capsys.readouterr().err.strip()
        assert words in error and error.count("\n") == 0 and error.endswith(".")
    assert run(nn.make("board"), bots="expert", seed=1, stdin=io.StringIO(""),
               stdout=io.StringIO()) == 2
    assert "'expert' is not a bot of The Game of 99" in capsys.readouterr().err


def test_piped_through_a_real_process():
    program = ("import sys, ninetynine as nn; from ninetynine.board.console import run; "
               "sys.exit(run(nn.make('board', players=2), bots='board_heuristic', seed=3, "
               "plain=True))")
    done = subprocess.run([sys.executable, "-c", program], input="h\n1 99\nb\n", text=True,
                          capture_output=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("You leave the game.")
    assert "Row 10: " in done.stdout and "put a marker on square 99" in done.stdout


def test_the_introduction_names_your_partner_in_a_team_game():
    said = {}
    for players in (2, 4, 6):
        out = io.StringIO()
        BoardConsole(nn.make("board", players=players), seed=1, plain=True,
                     stdin=io.StringIO("q\n"), stdout=out).run()
        said[players] = out.getvalue()
    assert "partner" not in said[2]
    assert "Your partner is Seat 2: your markers count together" in said[4]
    assert "Your partner is Seat 3: your markers count together" in said[6]
