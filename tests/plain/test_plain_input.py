"""Bad input in the plain mode: an unknown command, a number out of range,
an empty line, a bad move and the end of input each get a clear line; the
end of input leaves cleanly with the game saved. Plus `undo`, `hint`,
`rules` and `look` as a person uses them."""
from __future__ import annotations

from engine.session import GameSession
from tests.plain.script import check_plain, converse, new_session, secrets_kept, squash


def lines_after(text: str, answer: str) -> list[str]:
    """The lines written after the echoed answer `answer`, to the next prompt."""
    lines = text.splitlines()
    i = lines.index(f"> {answer}")
    out = []
    for line in lines[i + 1:]:
        if line.startswith("> "):
            break
        out.append(line)
    return out


def test_bad_answers_get_one_clear_line_and_the_prompt_again(tmp_path):
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    code, text = converse(session, ["xyzzy", "999", "", "0", "Zz9q"])
    assert code == 0
    assert lines_after(text, "xyzzy") == [
        "'xyzzy' is not Grid Square notation (place Mc4h, slide Mc4h-e2, claim @d5, or",
        "pass). Type moves to list the legal moves.",
        "Ana: Place a building.",
    ]
    assert lines_after(text, "999") == [
        "There is no move 999: the moves are numbered 1 to 378. Type moves to list them.",
        "Ana: Place a building.",
    ]
    assert lines_after(text, "")[0] == "Nothing typed. Type a number, a move, or help."
    assert lines_after(text, "0")[0].startswith("There is no move 0:")
    assert session.ply == 0  # nothing was played
    check_plain(text)


def test_end_of_input_leaves_cleanly_with_the_game_saved(tmp_path):
    path = tmp_path / "g.json"
    session = new_session("grid-square", humans=1, path=path)
    code, text = converse(session, ["Mc4h"])
    assert code == 0
    lines = text.splitlines()
    end = lines.index("End of input.")
    assert lines[end - 1] == "> "  # the question that got no answer
    assert squash(" ".join(lines[end + 1:])) == (f"The game is saved in {path}. To continue it, type:"
                                                 f" tsquare resume {path} --plain")
    assert GameSession.open(path).record.moves[0] == (0, "Mc4h")


def test_quit_leaves_with_the_game_saved(tmp_path):
    path = tmp_path / "g.json"
    session = new_session("squire", humans=1, path=path)
    code, text = converse(session, ["1", "quit", "1"])
    assert code == 0
    assert "End of input." not in text
    assert f"tsquare resume {path} --plain" in squash(text)
    assert GameSession.open(path).ply == session.ply > 0


def test_a_number_plays_that_move_of_the_list(tmp_path):
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["m", "2"])
    assert "2. place a large building on a1 to a4 (La1v)" in text  # words first, notation after
    assert "You played place a large building on a1 to a4 (La1v)." in text
    assert session.record.moves[0] == (0, "La1v")


def test_moves_word_narrows_the_list_and_keeps_the_numbers(tmp_path):
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["moves Sc4"])
    listed = lines_after(text, "moves Sc4")
    assert listed[0] == "2 moves mentioning Sc4:"
    assert all(line.split(".")[0].isdigit() and "Sc4" in line for line in listed[1:3])
    assert int(listed[1].split(".")[0]) > 20  # the number in the whole list


def test_undo_takes_back_your_move_and_the_bot_reply(tmp_path):
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["Mc4h", "undo"])
    assert "Taken back: the game is again at move 1." in text
    assert session.ply == 0


def test_undo_where_the_game_forbids_it_says_why(tmp_path):
    session = new_session("squire", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["undo"])
    assert "No undo in this game: it would reveal hidden cards or choices." in lines_after(text, "undo")


def test_hint_lists_numbered_suggestions(tmp_path):
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["hint"])
    said = lines_after(text, "hint")
    assert said[0] == "Thinking..."
    told = " ".join(said[1:])
    assert "pick comes first" in told and "number in the moves list" in told  # what the list is
    first = next(line for line in said[1:] if line.split(".")[0].isdigit())
    assert "The pick: " in first and "win share" in told, said


def test_hint_between_people_who_did_not_agree_is_refused(tmp_path):
    session = new_session("grid-square", humans=2, path=tmp_path / "g.json")
    _, text = converse(session, ["hint"])
    assert lines_after(text, "hint")[0] == "Hints are off between people unless all agree at setup."


def test_rules_page_and_stop(tmp_path):
    session = new_session("squire", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["rules", "", "q"])
    assert "Squire — the collector of the glorious rarities." in text
    assert text.count("Press Enter for more, or type q to stop.") == 2
    assert "End of the rules." not in text  # q stopped after two pages: not the end
    assert "Rules left at line 40 of " in text and "type rules to read them again" in text
    _, whole = converse(new_session("squire", humans=1, path=tmp_path / "h.json"), ["rules"] + [""] * 40)
    assert "End of the rules." in whole and "Rules left at" not in whole
    check_plain(text)


def test_look_reads_every_part_and_one_part(tmp_path):
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    _, text = converse(session, ["look", "look players", "look kitchen"])
    whole = lines_after(text, "look")
    assert whole[0] == "Board:" and "Players:" in whole
    assert lines_after(text, "look players")[0].startswith("Ana: 0 cells claimed")
    assert lines_after(text, "look kitchen")[0] == "There is no part kitchen. Parts: board, players."


def test_a_game_only_bots_play_is_told_as_a_spectator_reads_it(tmp_path):
    session = new_session("squire", humans=0, path=tmp_path / "g.json")
    code, text = converse(session, [])
    assert code == 0 and session.is_over()
    assert "Bot 1 starts in" in text or "Bot 2 starts in" in text  # the public log
    secrets_kept(session, [], text)  # and nothing private to a bot
    assert "The game is over." in text
    check_plain(text)


def test_ctrl_c_says_where_the_game_is_saved(tmp_path):
    def answers():
        yield "Mc4h"
        raise KeyboardInterrupt

    path = tmp_path / "g.json"
    session = new_session("grid-square", humans=1, path=path)
    code, text = converse(session, answers())
    assert code == 130
    assert "Interrupted." in text and f"tsquare resume {path} --plain" in squash(text)
    assert GameSession.open(path).record.moves[0] == (0, "Mc4h")


def test_a_unicode_digit_is_not_a_move_number(tmp_path):
    # '²'.isdigit() is true but int('²') fails: the answer is read as notation
    session = new_session("grid-square", humans=1, path=tmp_path / "g.json")
    code, text = converse(session, ["²", "1²"])
    assert code == 0
    assert lines_after(text, "²")[0].startswith("'²' is not Grid Square notation")
    assert lines_after(text, "1²")[0].startswith("'1²' is not Grid Square notation")
    assert session.ply == 0
    check_plain(text)


def test_your_own_move_is_said_once(tmp_path):
    """"You played what it does (X)", then only what followed from it: not
    the log's announcement of the same move, and not again to the next
    person at the same screen (nothing hidden: no pass line)."""
    session = new_session("grid-square", humans=2, path=tmp_path / "g.json")
    code, text = converse(session, ["1", "1", "1"])
    assert code == 0
    after = lines_after(text, "1")
    assert after[0].startswith("You played place a large building") and "(La1h)" in after[0]
    assert not any(line.startswith("Ana placed") for line in after), after
    assert squash(text).count("Ana placed La1h") == 0
    assert "Ana slid" not in text.split("Your turn, Ben")[1].split("> ")[0]  # Ben was at the screen


def test_a_sealed_choice_is_said_once_and_its_reveal_kept(tmp_path):
    from engine.core import Event
    from tui.plain.conversation import consequences

    events = [Event("{P1} has chosen"), Event("You picked money", private_to=0),
              Event("Pick 1 revealed: {P1} money, {P2} order")]
    assert [e.text for e in consequences(events, 0, sealed=True)] == ["Pick 1 revealed: {P1} money, {P2} order"]
    drawn = [Event("{P1} draws 2 cards"), Event("You draw 4s 10g", private_to=0)]
    assert [e.text for e in consequences(drawn, 0, sealed=False)] == ["You draw 4s 10g"]  # news, kept
    other = [Event("Round 2 begins"), Event("{P1} wins")]
    assert consequences(other, 0, sealed=False) == other


def test_news_between_keys_comes_at_a_push_and_the_prompt_again(monkeypatch):
    """A prompt waiting for a line hears the room's news as soon as the
    wake-up pipe (the server's SIGUSR1) is written, not at a clock tick."""
    import io
    import os
    import threading

    from tui.plain import pushed

    monkeypatch.setattr(pushed, "POLL_SECONDS", 3600.0)  # only the push can wake it within the test
    inp_r, inp_w = os.pipe()
    wake_r, wake_w = os.pipe()
    out = io.StringIO()
    lines = pushed.PushedLines(inp_r, out, wake_r)
    told = threading.Event()

    def idle() -> bool:
        lines.say("Ben placed Mc4h.")
        told.set()
        return True

    lines.idle = idle
    answers: list[str | None] = []
    reader = threading.Thread(target=lambda: answers.append(lines.ask()))
    reader.start()
    os.write(wake_w, b"\0")
    assert told.wait(30)
    os.write(inp_w, b"look\n")
    reader.join(30)
    assert answers == ["look"]
    assert out.getvalue() == "> Ben placed Mc4h.\n> "
    os.close(inp_w)
    assert lines.ask() is None  # end of input
    for fd in (inp_r, wake_r, wake_w):
        os.close(fd)
