"""The ``ninetynine`` command, driven through piped input as a player (or a screen reader) would."""
import os
import re
import select
import subprocess
import sys
import time

import pytest

from ninetynine import cli

PLAY = [sys.executable, "-m", "ninetynine", "play"]
ANSI = re.compile(r"\x1b\[")
BOX = re.compile(r"[\u2500-\u257f]")
SYMBOLS = re.compile(r"[+♣♦♥♠<>]")
#: A safety stop for a process that stops answering (a bug), not a speed goal.
STUCK = 60


def run(args, lines="", env=None):
    """Run ``ninetynine play ARGS`` with all of ``lines`` piped in at once."""
    return subprocess.run(PLAY + args, input=lines, capture_output=True, text=True, timeout=STUCK,
                          env=env)


def answer(line: str, typed: str = "1") -> str | None:
    """What a player who plays the card in slot ``typed`` types after ``line`` (None: no prompt).

    Two-way cards get their first value, the 5 its first seat, manual drawing always draws.
    """
    if line.startswith("Press Enter for round"):       # the pause after a round
        return ""
    if line.startswith("Your move: type D"):
        return "D"
    if line.startswith("Your move"):
        return typed
    if line.startswith("Play the ") and "? Type " in line:
        return line.split("? Type ")[1].split(" or ")[0]
    if line.startswith("Who plays after"):
        return line.split("Type ")[1].split(" for ")[0]
    return None


class FirstPlayable:
    """A player who types 1, and after a refusal (the card would go over 99) 2, then 3..."""

    def __init__(self):
        self.slot = 1

    def __call__(self, line: str) -> str | None:
        if "would take the count from" in line:
            self.slot += 1
        elif line.startswith("You play "):
            self.slot = 1
        return answer(line, str(self.slot))


def converse(args, reply=None, limit=5000):
    """Run ``ninetynine play ARGS`` and answer each prompt as it appears; return (code, lines).

    Output is read straight from the pipe (``os.read``), so that ``select`` sees every line.
    """
    process = subprocess.Popen(PLAY + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    fd, pending, lines = process.stdout.fileno(), b"", []
    reply = reply or FirstPlayable()
    deadline = time.monotonic() + STUCK
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
            assert ready, "the game stopped answering:\n" + "\n".join(lines[-20:])
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for raw in complete:
                line = raw.decode()
                lines.append(line)
                typed = reply(line)
                if typed is not None:
                    assert sum(answer(seen) is not None for seen in lines) < limit, "never ended"
                    process.stdin.write((typed + "\n").encode())
                    process.stdin.flush()
        return process.wait(timeout=STUCK), lines
    finally:
        if process.poll() is None:
            process.kill()


GAMES = [
    ("quentin_c", ["--tokens", "2"]),
    ("quentin_c", ["--tokens", "1", "--manual-draw", "--players", "2"]),
    ("rs_games", ["--tokens", "2"]),
    ("classic", ["--tokens", "1", "--players", "4"]),
    ("taiwanese", ["--rounds", "2"]),
]


@pytest.mark.parametrize("rules,options", GAMES, ids=[" ".join([g[0]] + g[1]) for g in GAMES])
def test_a_whole_game_by_typing_1_and_answering_choices(rules, options):
    code, lines = converse(["--rules", rules, "--bots", "random", "--seed", "4"] + options)
    assert code == 0
    assert any(line.startswith("You play the ") for line in lines)
    assert any(line.startswith("The game is over") for line in lines)
    final = lines.index("Final standings:")
    players = int(options[options.index("--players") + 1]) if "--players" in options else 3
    standings = lines[final + 1:]
    assert len(standings) == players
    assert all(re.match(r"(You are|Seat \d is) (joint )?\w+ with \d+ (token|point)s?\.$", s)
               for s in standings)


def test_choices_are_asked_in_words_and_a_wrong_answer_changes_nothing():
    asked = []

    def reply(line):
        if line.startswith("Play the Ace") or line.startswith("Play the 10"):
            asked.append(line)
            return "7" if len(asked) == 1 else player(line)
        return player(line)

    player = FirstPlayable()

    code, lines = converse(["--bots", "random", "--seed", "1", "--tokens", "1"], reply)
    assert code == 0 and asked
    first = asked[0]
    assert first.endswith("? Type 1 or 11.") or first.endswith("? Type 10 or -10.")
    refusal = lines[lines.index(first) + 1]
    assert refusal.startswith("'7' is not one of the answers")
    assert lines[lines.index(first) + 2] == first          # asked again, nothing played


def test_keys_say_the_count_the_hand_the_tokens_and_the_help():
    result = run(["--bots", "random", "--seed", "2"], "C\nH\nT\n?\nR\nQ\n")
    out = result.stdout.splitlines()
    assert result.returncode == 0
    assert "The count is 0." in out
    assert any(re.match(r"Your hand: 1, the .+; 2, the .+; 3, the .+\.$", line) for line in out)
    assert "You have 9 tokens. Seat 1 has 9 tokens. Seat 2 has 9 tokens." in out
    assert any(line.startswith("C says the count, H your hand") for line in out)
    assert "Jacks add 10 and skip the next player." in out
    assert out[-4:-3] == ["You leave the game. Standings now:"]


def test_taiwanese_t_says_points():
    result = run(["--rules", "taiwanese", "--bots", "random", "--seed", "2"], "T\nQ\n")
    assert "You have 0 points. Seat 1 has 0 points. Seat 2 has 0 points." in result.stdout


def test_bad_keys_give_one_sentence_and_change_nothing():
    good = run(["--bots", "random", "--seed", "3"], "C\nQ\n").stdout.splitlines()
    bad = run(["--bots", "random", "--seed", "3"], "x\n7\n\nD\nE\nC\nQ\n").stdout.splitlines()
    refusals = [line for line in bad if line not in good]
    assert refusals == [
        "'x' is not a key or a move here: type the number of a card, or a question mark for help.",
        "There is no card 7: your hand has 3 cards, numbered 1 to 3.",
        "Nothing was typed: type the number of a card, or a question mark for help.",
        "This game draws automatically after each card, so there is nothing to draw or end.",
        "This game draws automatically after each card, so there is nothing to draw or end."]
    # after the refusals the game is exactly where it was: same count, same standings
    assert bad[-4:] == good[-4:]


def test_an_illegal_move_typed_as_text_is_refused_in_one_sentence():
    result = run(["--bots", "random", "--seed", "3"], "KS\nQ\n")
    out = result.stdout.splitlines()
    refusal = out[out.index("Your move: type the number of a card, or a question mark for help.") + 1]
    assert refusal.startswith("You do not hold the King of Spades")
    assert result.returncode == 0


def test_plain_output_has_no_colour_no_boxes_and_no_symbols():
    code, lines = converse(["--plain", "--bots", "random", "--seed", "6", "--tokens", "1"])
    output = "\n".join(lines)
    assert code == 0 and "Final standings:" in lines
    assert not ANSI.search(output) and not BOX.search(output) and not SYMBOLS.search(output)


def test_plain_even_when_a_terminal_is_claimed():
    """--plain wins over a terminal that asks for colour (FORCE_COLOR makes rich colour pipes)."""
    env = dict(os.environ, FORCE_COLOR="1", TERM="xterm-256color")
    result = run(["--plain", "--bots", "random", "--seed", "2"], "H\nQ\n", env=env)
    assert not ANSI.search(result.stdout) and not BOX.search(result.stdout)


def test_quit_exits_0_with_the_standings_and_end_of_input_too():
    quit_ = run(["--bots", "random", "--seed", "8"], "Q\n")
    eof = run(["--bots", "random", "--seed", "8"], "")
    for result in (quit_, eof):
        out = result.stdout.splitlines()
        assert result.returncode == 0 and result.stderr == ""
        assert "You leave the game. Standings now:" in out
        assert out[-3:] == ["You are joint first with 9 tokens.",
                            "Seat 1 is joint first with 9 tokens.",
                            "Seat 2 is joint first with 9 tokens."]


def test_the_same_seed_and_input_replay_the_same_game():
    first = converse(["--bots", "random", "--seed", "11", "--tokens", "1"])
    again = converse(["--bots", "random", "--seed", "11", "--tokens", "1"])
    other = converse(["--bots", "random", "--seed", "12", "--tokens", "1"])
    assert first == again
    assert first[1][3:] != other[1][3:]


def test_a_comma_list_gives_each_opponent_its_bot():
    result = run(["--bots", "expert,random", "--seed", "1"], "Q\n")
    assert result.stdout.splitlines()[0].endswith(
        "the expert bot plays Seat 1; the random bot plays Seat 2.")


BAD_OPTIONS = [
    (["--players", "9"], "--players must be a whole number from 2 to 6"),
    (["--players", "many"], "--players must be a whole number, not 'many'."),
    (["--rules", "poker"], "'poker' is not a game the terminal plays"),
    (["--game", "chess"], "'chess' is not a game the terminal plays: choose one of quentin_c"),
    (["--rules", "taiwanese", "--tokens", "3"], "--tokens is not an option of the Taiwanese"),
    (["--rules", "taiwanese", "--manual-draw"], "--manual-draw is not an option of the Taiwan"),
    (["--rounds", "3"], "--rounds is not an option of Quentin C: its options are --players, "
                        "--hand-size, --option starter=VALUE, --tokens and --manual-draw."),
    (["--game", "board", "--tokens", "3"], "--tokens is not an option of The Game of 99"),
    (["--game", "tricks", "--players", "4"], "There are always 3 players in Ninety-Nine, the trick-taking game: leave out --players"),
    (["--game", "tricks", "--deals", "0"], "--deals must be a whole number"),
    (["--game", "tricks", "--bots", "expert"], "'expert' is not a bot of Ninety-Nine"),
    (["--game", "board", "--rules", "tricks"], "--game board and --rules tricks disagree"),
    (["--game", "nowhere:GAME"], "The game's module nowhere cannot be imported"),
    (["--bots", "genius"], "There is no bot called 'genius'"),
    (["--bots", "board_search"], "no bot called 'board_search' for the running-total games"),
    (["--bots", "random,random,random"], "--bots names 3 bots for 2 opponents"),
    (["--colour"], "'--colour' is not understood"),
    (["--deals", "3"], "--deals is not an option of Quentin C"),
    (["--seed"], "--seed needs a value after it"),
]


@pytest.mark.parametrize("argv,words", BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_bad_options_exit_non_zero_with_one_sentence(argv, words, capsys):
    assert cli.main(["play"] + argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    error = captured.err.strip()
    assert words in error
    assert "\n" not in error and error.endswith(".") and "usage" not in error.lower()


def test_an_unknown_command_is_one_sentence_through_the_console_script():
    result = subprocess.run([sys.executable, "-m", "ninetynine", "dance"], capture_output=True,
                            text=True, timeout=STUCK)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("'dance' is not a command: choose one of play")
    assert result.stderr.count("\n") == 1


def test_help_exits_0(capsys):
    assert cli.main(["play", "--help"]) == 0
    assert "--manual-draw" in capsys.readouterr().out


def test_the_rich_table_and_the_automatic_plain_choice():
    """In a terminal the table is a box with the numbered hand; into a file it is plain."""
    import io

    import ninetynine as nn
    from ninetynine.counting.console import ConsoleGame

    game = nn.make("quentin_c", players=3)
    boxed, plain = io.StringIO(), io.StringIO()
    ConsoleGame(game, bots="random", seed=2, plain=False, stdin=io.StringIO("Q\n"),
                stdout=boxed).run()
    ConsoleGame(game, bots="random", seed=2, stdin=io.StringIO("Q\n"), stdout=plain).run()
    hand = nn.make("quentin_c", players=3).new_game(seed=2).hands[0]
    assert BOX.search(boxed.getvalue()) and not BOX.search(plain.getvalue())
    assert all(card.name in boxed.getvalue() for card in hand)
    assert "You have 9 tokens. Seat 1 has 9 tokens. Seat 2 has 9 tokens." in boxed.getvalue()


def test_the_trick_taking_game_plays_in_the_terminal():
    result = run(["--game", "tricks", "--seed", "4", "--deals", "2"], "1 2 3\npass\nq\n")
    assert result.returncode == 0
    assert "You lay aside the 8 of Clubs, the Ace of Clubs and the 7 of Diamonds" in result.stdout
    assert "You pass." in result.stdout


def test_ten_plays_the_tenth_card_and_the_draw_step_says_which_keys_to_type():
    import io

    import ninetynine as nn
    from ninetynine.counting.console import ConsoleGame

    out = io.StringIO()
    ConsoleGame(nn.make("quentin_c", players=2, hand_size=11), bots="random", seed=3, plain=True,
                stdin=io.StringIO("10\nq\n"), stdout=out).run()
    assert "You play the Jack of Clubs." in out.getvalue()           # slot "0", typed as 10
    out = io.StringIO()
    ConsoleGame(nn.make("quentin_c", players=2, auto_draw=False), bots="random", seed=15,
                plain=True, stdin=io.StringIO("3\n-10\n1\nq\n"), stdout=out).run()
    said = out.getvalue().splitlines()
    step = "You have played your card: now type D to draw a card, or E to end your turn."
    assert said.count(step) == 2 and "is not a key" not in out.getvalue()
