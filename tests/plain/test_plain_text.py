"""The plain mode's pieces: wrapping, the rules as plain paragraphs, and
every game's `describe_position` (sentences by part, from any seat's view)."""
from __future__ import annotations

import pytest

from engine.registry import REGISTRY
from engine.text import cells
from tests.plain.script import BOX
from tui.plain.lines import plain, spoken, wrap
from tui.plain.rules_text import DRAWING_NOTE, rules_paragraphs


def test_wrap_breaks_at_words_within_80_cells():
    text = "word " * 50 + "end"
    lines = wrap(text, indent="  ")
    assert all(cells(line) <= 80 for line in lines)
    assert lines[1].startswith("  word")
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())


def test_wrap_cuts_a_word_longer_than_a_line_and_counts_wide_characters():
    assert [len(line) for line in wrap("x" * 170)] == [80, 80, 10]
    assert all(cells(line) <= 80 for line in wrap("名" * 100))


def test_wrap_keeps_the_text_own_indent():
    assert wrap("  Floor 1: " + "a " * 50, indent="  ")[1].startswith("    a")


def test_plain_has_no_escape_and_no_box_drawing():
    assert plain("a─b│c┼d╬e") == "a-b|c+d+e"
    assert "\x1b" not in plain("red \x1b[31mtext")


def test_spoken_says_what_espeak_ng_dropped_or_misread():
    """Heard through espeak-ng: a range's dash and a path's '>' were
    silent, a middle dot ran items together, '13s' was 'thirteen z'."""
    assert spoken("on c4–e4, bids 40–70") == "on c4 to e4, bids 40 to 70"
    assert spoken("Round 3 · first player Ana") == "Round 3; first player Ana"
    assert spoken("moves to a3>a2>b2") == "moves to a3, then a2, then b2"
    assert spoken("a card like 1g>c4") == "a card like 1g>c4"  # notation to type, as it stands
    assert spoken("discards the 13s and 8g") == "discards the 13 s and 8g"
    assert spoken("Squire — the collector (2–4 players)") == "Squire — the collector (2 to 4 players)"


def test_rules_text_reads_tables_by_row_and_leaves_drawings_out():
    md = ("# Title\n\nSome **bold** and `code` text\nwrapped.\n\n"
          "| kind | price |\n|---|---|\n| red | 4 |\n\n```\n─┼─\n```\n- an item\n")
    assert rules_paragraphs(md) == [
        "Title.", "Some bold and code text wrapped.", "- kind: red; price: 4.", DRAWING_NOTE, "- an item",
    ]


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_every_rules_page_is_plain(game_id):
    for para in rules_paragraphs(REGISTRY.get(game_id).rules_markdown()):
        for line in wrap(para):
            assert BOX.search(line) is None and "\x1b" not in line and cells(line) <= 80


def positions(game_id: str, plies: int = 80):
    """A game of `game_id` played by its default bot, every few plies."""
    from engine.record import GameRecord, Player

    rs = REGISTRY.get(game_id)
    n = max(2, rs.min_players)
    rec = GameRecord.new(rs, [Player(f"P{i + 1}") for i in range(n)], 11)
    bot = rs.make_bot(rs.default_bot_level, 3)
    for ply in range(plies):
        if ply % 9 == 0:
            yield rec.state
        if rec.state.is_over():
            break
        seat = rec.state.to_act()[0]
        rec.play_move(seat, bot.choose(rec.state.view(seat), seat))
    yield rec.state


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_describe_position_in_sentences_from_every_view(game_id):
    """Every part, from every seat's view and a spectator's: sentences (no
    drawing), and never a hidden value used (that would raise)."""
    for state in positions(game_id):
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            parts = view.position_parts()
            assert parts and parts != ("position",)  # the game has its own words
            for part in parts:
                lines = view.describe_position(part)
                assert lines, part
                for line in lines:
                    assert BOX.search(line) is None, line
                    assert not line.lstrip().startswith(">"), line  # never mistaken for a prompt
                    assert "HIDDEN" not in line and "?" not in line.replace("?)", ""), line


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_describe_position_refuses_an_unknown_part(game_id):
    state = next(positions(game_id, 1))
    with pytest.raises(ValueError, match="no part 'kitchen'"):
        state.view(0).describe_position("kitchen")


def test_default_describe_position_is_render_by_lines():
    from tests.toy_game.positions import endgame

    state = endgame()
    assert state.position_parts() == ("position",)
    assert state.view(0).describe_position("position") == ["X O X", "O O X", ". X .", "X: Seat 1  O: Seat 2"]


def _state(game_id: str):
    return next(positions(game_id, 1))


def test_a_games_short_forms_are_said_in_words():
    """What a screen reader spelled letter by letter (espeak-ng: 'T slash H
    slash P', 'four V P', 'twelve double-u', 'board eye', 'one oh') is said
    in words; a notation example to type stays as it stands."""
    sc = _state("square-and-compass").spoken_terms()
    assert spoken("one more T/H/P card; 4 VP; 1 VP", sc) == (
        "one more technician, hazard or project card; 4 victory points; 1 victory point")
    assert spoken("play 1 technician/hazard/project card", sc) == "play 1 technician, hazard or project card"
    ar = _state("architects").spoken_terms()
    assert spoken("You draw 12w 9w 13s 10t", ar) == "You draw 12 wood, 9 wood, 13 stone, 10 steel"
    assert spoken("wins board III for 40; bid on board I", ar) == "wins board 3 for 40; bid on board 1"
    assert spoken("a card like 1g>c4", ar) == "a card like 1g>c4"
    sm = _state("square-masons").spoken_terms()
    assert spoken("reserve 1 O and 2 T", sm) == "reserve 1 O block and 2 T blocks"
    assert spoken("draft an x2 card; 1 x2", sm) == "draft a times-two card; 1 times-two"
    assert spoken("T/H/P", _state("grid-square").spoken_terms()) == "T/H/P"  # another game's words are its own
