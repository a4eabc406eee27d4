"""``canasta tally`` at the prompt, as a score pad: each count asked in turn (by points, or
the cards counted by kind), a slip asked again for that answer alone with nothing else lost,
the hand shown before it is saved, counts changed by name, hands edited and deleted, teams
named; from a pipe the same commands, a slip stopping with its line number.

The hands are the sources' worked ones: 000_1e7ce48765e073b7.txt's end of hand (N-S 1630,
E-W 575, every card listed) and 001_0cb887cc6d824426.txt's 1,235; the pack's limits are two
packs' (001: 108 cards, four red threes, four jokers)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from canasta_rules.tally import Guide, Sheet, TallyError, TallyHand
from canasta_rules.tally.prompt import Draft, prompts_for
from canasta_rules.tally.session import Session

# 000's hand by points, answer by answer (ask): NS melds 305, natural 1, mixed 2, red threes 2,
# hands 75; EW melds 295, natural none, mixed 1, red threes 1, hands 120.
ASK_000 = ["305", "1", "2", "2", "75", "295", "", "1", "1", "120"]
# The same hand counted by kind (count): melds' jokers, twos, aces, K-8, 7-4, black threes;
# canastas and red threes; hands' jokers, twos, aces, K-8, 7-4, black threes.
COUNT_000 = [
    *("1", "3", "", "15", "6", "3"),
    *("1", "2", "2"),
    *("", "", "2", "2", "3", ""),
    *("2", "2", "5", "2", "7", ""),
    *("", "1", "1"),
    *("", "1", "", "8", "4", ""),
]
LINE_000 = (
    "NS m 1 joker 3 twos 15 K-8 6 7-4 3 black threes n 1 x 2 r 2 h 2 aces 2 K-8 3 7-4 out; "
    "EW m 2 jokers 2 twos 5 aces 2 K-8 7 7-4 x 1 r 1 h 1 two 8 K-8 4 7-4"
)


class Table:
    """A person at the keyboard with the answers in hand: records every question and every
    line the tally says, in order."""

    def __init__(self, answers: list[str]):
        self.answers: Iterator[str] = iter(answers)
        self.asked: list[str] = []
        self.said: list[str] = []
        self.log: list[str] = []

    def ask(self, prompt: str) -> str:
        self.asked.append(prompt)
        self.log.append(f"? {prompt}")
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def say(self, text: Any) -> None:
        self.said.append(str(text))
        self.log.append(str(text))


def session(
    sheet: Sheet, answers: list[str], *, interactive: bool = True, path: Path | None = None
) -> tuple[Session, Table, list[str]]:
    table = Table(answers)
    warned: list[str] = []

    def show_hand(hand: TallyHand, number: int) -> None:
        table.log.append(f"[hand {number}: {[s.total for s in hand.scores]}]")

    s = Session(
        sheet,
        path,
        table.ask,
        table.say,
        interactive=interactive,
        show_hand=show_hand,
        show_sheet=lambda: table.log.append("[sheet]"),
        warn=warned.append,
    )
    return s, table, warned


# ------------------------------------------------------------------------------------------------
# Asking each count


def test_count_asks_each_kind_at_its_value_and_says_the_points() -> None:
    """``count`` asks each side's cards by kind, with each kind's value from the ruleset (001's
    table: joker 50, two and ace 20, K-8 10, 7-4 and black three 5), says the points they make,
    and scores 000's hand: 1630 and 575."""
    sheet = Sheet.new("encyclopedia")
    s, table, _ = session(sheet, ["count", *COUNT_000, "ns", "", ""])
    s.run()
    assert table.asked[1:7] == [
        "NS jokers in melds (50 each): ",
        "NS twos in melds (20 each): ",
        "NS aces in melds (20 each): ",
        "NS kings to eights in melds (10 each): ",
        "NS sevens to fours in melds (5 each): ",
        "NS black threes in melds (5 each): ",
    ]
    assert "  NS meld points: 1 x 50 + 3 x 20 + 15 x 10 + 6 x 5 + 3 x 5 = 305" in table.said
    assert "  NS points left in hands: 2 x 20 + 2 x 10 + 3 x 5 = 75" in table.said
    assert "  EW points left in hands: 1 x 20 + 8 x 10 + 4 x 5 = 120" in table.said
    assert sheet.totals == [1630, 575]
    assert sheet.lines() == [LINE_000]


def test_the_hand_is_shown_before_it_is_saved() -> None:
    """The points are worked out and shown, and only then is the hand saved, on Enter."""
    sheet = Sheet.new("encyclopedia")
    s, table, _ = session(sheet, ["ask", *ASK_000, "ns", "", ""])
    s.run()
    shown = table.log.index("[hand 1: [1630, 575]]")
    asked = table.log.index("? save hand 1? ")
    assert shown < asked < table.log.index("hand 1 saved")
    assert sheet.totals == [1630, 575]


def test_red_threes_past_the_pack_are_asked_again_alone() -> None:
    """001: two packs hold four red threes. With one entered for NS, 200 for EW is refused at
    the prompt, saying how many EW can have, and asked again; the other answers stay."""
    sheet = Sheet.new("classic")
    answers = ["160", "1", "1", "1", "25", "", "", "", "200", "3", "", "ns", ""]
    guide = Guide(sheet, Table(answers).ask, (said := []).append)
    line = guide.fill()
    assert said[-1] == (
        "  not possible: 201 red threes entered (NS 1, EW 200); the pack of 108 cards holds 4. "
        "EW can have 3 at most. Type it again."
    )
    assert line == "NS m 160 n 1 x 1 r 1 h 25 out; EW r 3"


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("three", "  'three' is not a number. Type a whole number, such as 3."),
        ("-2", "  '-2' is not a number. Type a whole number, such as 3."),
        ("1_000", "  '1_000' is not a number. Type a whole number, such as 3."),
        ("9999999", "  9999999 is more than any hand holds. Type it again."),
    ],
)
def test_an_answer_that_is_not_a_count_is_asked_again(answer: str, said: str) -> None:
    sheet = Sheet.new("classic")
    table = Table(["160", answer, "1", "1", "", "", "", "", "", "", "", "ns", ""])
    guide = Guide(sheet, table.ask, table.say)
    assert guide.fill() == "NS m 160 n 1 x 1 out; EW"
    assert said in table.said
    assert table.asked[1:3] == ["NS natural canastas: ", "NS natural canastas: "]


def test_meld_points_no_cards_make_are_asked_again() -> None:
    """Every card counts a multiple of 5 (001's values): 333 is refused where it is typed."""
    table = Table(["333", "335", "", "", "", "", "", "", "", "", "", ""])
    Guide(Sheet.new("classic"), table.ask, table.say).fill()
    assert table.said[-1].startswith("  not possible: NS: m 333 is not a multiple of 5")
    assert table.asked[:2] == ["NS meld points (cards on the table): "] * 2


def test_a_card_kind_past_the_pack_names_how_many_are_left() -> None:
    """Two packs hold four jokers: three melded by NS leave one for EW."""
    table = Table(["3", *[""] * 14, "2", "1", *[""] * 15])
    Guide(Sheet.new("classic"), table.ask, table.say, by_cards=True).fill()
    assert (
        "  not possible: 5 jokers counted (NS 3, EW 2); the pack of 108 cards holds 4. "
        "EW can have 1 at most. Type it again." in table.said
    )


def test_a_wrong_side_for_who_went_out_keeps_every_count() -> None:
    """One wrong answer to 'who went out' asks that question again; the counts typed stay."""
    sheet = Sheet.new("encyclopedia")
    s, table, _ = session(sheet, ["ask", *ASK_000, "XY", "ns", "", ""])
    s.run()
    assert table.asked.count("who went out (NS, EW, or blank if nobody did)? ") == 2
    assert sheet.totals == [1630, 575]


def test_a_refused_hand_is_mended_by_naming_the_count() -> None:
    """A hand only refused as a whole (EW going out with no canasta, 001's 'at least one
    canasta') is shown refused, and the count named ('out') is asked again, alone."""
    sheet = Sheet.new("classic")
    answers = ["ask", "160", "1", "1", "2", "25", "", "", "", "", "", "EW", "", "out", "ns", ""]
    s, table, _ = session(sheet, [*answers, ""])
    s.run()
    assert (
        "  not possible: EW went out with no canasta; this ruleset needs 1 canasta to go out "
        "(going_out.canastas)" in table.said
    )
    assert sheet.lines() == ["NS m 160 n 1 x 1 r 2 h 25 out; EW"]
    assert sheet.totals == [1235, 0]


def test_a_count_changed_by_name_shows_its_value_and_keeps_it_on_enter() -> None:
    sheet = Sheet.new("classic")
    answers = ["ask", "160", "1", "1", "2", "25", *[""] * 5, "ns", ""]
    s, table, _ = session(sheet, [*answers, "NS red threes", "", "NS red", "1", ""])
    s.run()
    assert table.asked.count("NS red threes [2]: ") == 2  # Enter kept 2, then 1 was typed
    assert sheet.lines() == ["NS m 160 n 1 x 1 r 1 h 25 out; EW"]


def test_a_name_that_is_no_count_lists_the_counts() -> None:
    sheet = Sheet.new("classic")
    answers = ["ask", "160", "1", "1", "2", "25", *[""] * 5, "ns", ""]
    s, table, _ = session(sheet, [*answers, "NS jokers", "drop"])
    s.run()
    assert (
        "  no count of NS is called 'jokers'; the counts: meld points, natural canastas, "
        "mixed canastas, red threes, points left in hands" in table.said
    )
    assert "  not saved; the counts were: NS m 160 n 1 x 1 r 2 h 25 out; EW" in table.said
    assert sheet.hands == []


def test_stop_leaves_the_hand_and_shows_what_was_typed() -> None:
    sheet = Sheet.new("classic")
    s, table, _ = session(sheet, ["ask", "160", "1", "stop", "quit"])
    s.run()
    assert "not saved; the counts typed so far: NS m 160 n 1; EW" in table.said
    assert sheet.hands == []


def test_the_end_of_the_input_shows_what_was_typed() -> None:
    sheet = Sheet.new("classic")
    s, table, _ = session(sheet, ["ask", "160", "1", "1"])
    s.run()
    assert "\nstopped; the counts typed so far: NS m 160 n 1 x 1; EW" in table.said
    # At the question whether to save it, too.
    s, table, _ = session(sheet, ["ask", "160", "1", "1", "", "", *[""] * 5, "ns", ""])
    s.run()
    assert "\nstopped; the counts typed so far: NS m 160 n 1 x 1 out; EW" in table.said
    assert sheet.hands == []


def test_a_typed_line_is_shown_then_saved_on_enter() -> None:
    sheet = Sheet.new("classic")
    s, table, _ = session(sheet, ["NS m 160 n 1 x 1 r 2 out h 25; EW h 10", "", "quit"])
    s.run()
    assert table.log[table.log.index("[hand 1: [1235, -10]]") + 1] == "? save hand 1 (Y/n)? "
    assert sheet.totals == [1235, -10]


def test_a_side_alone_is_a_0_0_hand_warned_about_and_not_saved_on_enter() -> None:
    """Typing a side's name alone makes a hand where nothing is entered: it is warned about and
    Enter leaves it; 'y' saves it."""
    sheet = Sheet.new("classic")
    s, table, _ = session(sheet, ["NS", "", "NS", "y", "quit"])
    s.run()
    assert "  warning: nothing was entered for NS or EW: the hand is 0 to 0" in table.said
    assert table.asked.count("save hand 1 anyway (y/N)? ") == 2
    assert "not saved" in table.said
    assert len(sheet.hands) == 1


def test_a_0_0_hand_from_a_pipe_is_warned_about_and_scored() -> None:
    sheet = Sheet.new("classic")
    s, _table, warned = session(sheet, ["NS"], interactive=False)
    s.run()
    assert warned == [
        "warning: hand 1: nothing was entered for NS or EW: the hand is 0 to 0 (scored as entered)"
    ]
    assert len(sheet.hands) == 1


# ------------------------------------------------------------------------------------------------
# What each ruleset asks


def test_the_kinds_asked_follow_the_card_values_of_a_house_file() -> None:
    """A house file's queens at 15 are asked apart, at 15 each."""
    sheet = Sheet.new("classic", ("card_values.queen=15",))
    words = [w for k, w in prompts_for(sheet.rules, by_cards=True) if k.startswith("m ")]
    assert words[3:6] == ["kings in melds (10 each)", "queens in melds (15 each)",
                          "jacks to eights in melds (10 each)"]  # fmt: skip


def test_modern_american_asks_its_own_canastas_and_no_black_three_card() -> None:
    """Modern American (CCP): black threes are laid out (b), never counted as cards; canastas of
    sevens and aces and the wild canastas by make-up are asked apart."""
    sheet = Sheet.new("modern-american")
    keys = [k for k, _ in prompts_for(sheet.rules, by_cards=True)]
    assert "m black threes" not in keys and "h black threes" not in keys
    assert {"c7", "cA", "w2", "wj", "w", "uw", "b", "hA", "h7"} <= set(keys)


def test_hand_and_foot_counts_the_cards_left_in_hands_and_feet() -> None:
    """Hand and Foot (BGA): the cards left in a player's hand and foot count against the side;
    its books are asked as canastas (clean: natural, dirty: mixed, and wild)."""
    words = dict(prompts_for(Sheet.new("hand-and-foot").rules, by_cards=True))
    assert words["h jokers"] == "jokers left in hands and feet (50 each)"
    assert {"n", "x", "w"} <= set(words)


# ------------------------------------------------------------------------------------------------
# Keeping the sheet at the prompt


def test_edit_at_the_prompt_changes_one_count_and_scores_the_rest_again() -> None:
    sheet = Sheet.new("classic")
    sheet.add("NS m 160 n 1 x 1 r 2 h 25 out; EW h 10")
    sheet.add("NS m 200 n 1; EW m 300 x 1 out")
    s, table, _ = session(sheet, ["edit 1", "NS red threes", "1", "", "quit"])
    s.run()
    assert "hand 1 is: NS m 160 n 1 x 1 r 2 h 25 out; EW h 10" in table.said
    assert sheet.lines()[0] == "NS m 160 n 1 x 1 r 1 h 25 out; EW h 10"
    assert sheet.totals == [1135 + 700, -10 + 700]


def test_edit_with_a_line_and_leave_keep_the_sheet_as_meant() -> None:
    sheet = Sheet.new("classic")
    sheet.add("NS m 160 n 1 x 1 r 2 h 25 out; EW h 10")
    s, table, _ = session(sheet, ["edit 1", "leave", "edit 1 NS m 100 n 1 out; EW", "quit"])
    s.run()
    assert "hand 1 left as it was" in table.said
    assert sheet.lines() == ["NS m 100 n 1 out; EW"]


def test_delete_asks_first_and_undo_takes_the_last_hand_off() -> None:
    sheet = Sheet.new("classic")
    for _ in range(3):
        sheet.add("NS m 100 n 1 out; EW h 10")
    s, table, _ = session(sheet, ["delete 1", "", "delete 1", "y", "undo", "delete 9", "quit"])
    s.run()
    assert table.asked.count("take hand 1 off the sheet (y/N)? ") == 2
    assert len(sheet.hands) == 1
    assert "refused: no hand 9: the sheet has hands 1 to 1" in table.said


def test_team_names_at_the_prompt() -> None:
    sheet = Sheet.new("classic")
    s, table, _ = session(sheet, ["team ns Anna and Bob", "team EW", "team", "quit"])
    s.run()
    assert table.said[1:3] == ["NS is now Anna and Bob", "EW has no team name now"]
    assert sheet.teams == {0: "Anna and Bob"}
    assert sheet.label(0) == "Anna and Bob (NS)"
    assert table.said[-1] == "refused: name a side and its team: team NS Anna and Bob"


def test_help_names_the_rulesets_kinds_and_items() -> None:
    sheet = Sheet.new("modern-american")
    s, table, _ = session(sheet, ["help", "quit"])
    s.run()
    text = table.said[1]
    assert "The kinds of card counted: jokers, twos, aces, K-8, 7-4." in text
    assert "c7 canastas of pure sevens" in text
    assert all(len(line) <= 80 for line in text.splitlines())


# ------------------------------------------------------------------------------------------------
# From a pipe


def test_a_pipe_may_answer_the_prompt_and_a_slip_stops_with_its_line() -> None:
    sheet = Sheet.new("encyclopedia")
    s, _table, _ = session(sheet, ["ask", *ASK_000, "ns", ""], interactive=False)
    s.run()
    assert sheet.totals == [1630, 575]
    s, _table, _ = session(Sheet.new("classic"), ["ask", "160", "lots"], interactive=False)
    with pytest.raises(TallyError) as e:
        s.run()
    assert str(e.value) == "<stdin>:3: NS natural canastas: 'lots' is not a number"
    s, _table, _ = session(Sheet.new("classic"), ["", "ask", "160"], interactive=False)
    with pytest.raises(TallyError, match=r"^<stdin>:3: the input ended in the middle of a hand"):
        s.run()


def test_pipe_commands_edit_delete_and_team(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    sheet = Sheet.new("classic")
    lines = [
        "team NS Anna and Bob",
        "NS m 100 n 1 out; EW h 10",
        "NS m 200 n 1 out; EW h 20",
        "edit 1 NS m 150 n 1 out; EW h 10",
        "delete 2",
    ]
    s, _table, _ = session(sheet, lines, interactive=False, path=path)
    s.run()
    again = Sheet.read(path)
    assert again.lines() == ["NS m 150 n 1 out; EW h 10"]
    assert again.teams == {0: "Anna and Bob"}
    s, _table, _ = session(again, ["edit 1"], interactive=False)
    with pytest.raises(TallyError, match=r"<stdin>:1: give hand 1's new line"):
        s.run()


# ------------------------------------------------------------------------------------------------
# docs/play-and-tally.md


def _docs_block(first: str) -> list[str]:
    """The lines docs/play-and-tally.md shows after the line ``first`` in a code block."""
    lines = (Path(__file__).parent.parent / "docs" / "play-and-tally.md").read_text().splitlines()
    i = lines.index(first) + 1
    out = []
    while lines[i] != "```":
        out.append(lines[i])
        i += 1
    return out


def test_the_prompt_as_the_docs_show_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's session at the keyboard, answer by answer, prints what the page shows (80
    columns), and keeps 001's hand: 1,235."""
    from helpers import run_cli

    shown = _docs_block("$ canasta tally classic --sheet thursday-sheet.toml")
    prompt = re.compile(
        r"^(?:hand \d+> |(?:NS|EW) [^:]*: |who went out [^?]*\? "
        r"|did \w+ go out concealed \(y/N\)\? |save hand \d+\? )(.*)$"
    )
    answers = iter(m.group(1) for line in shown if (m := prompt.match(line)))
    typed: list[str] = []

    def keyboard(prompt: str = "") -> str:
        answer = next(answers)
        typed.append(f"{prompt}{answer}")
        print(f"{prompt}{answer}")
        return answer

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", keyboard)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run_cli(capsys, "tally", "classic", "--sheet", "thursday-sheet.toml")
    assert code == 0, err
    assert out.splitlines() == shown
    assert all(len(line) <= 80 for line in shown)
    assert Sheet.read(tmp_path / "thursday-sheet.toml").totals == [1235, -25]


def test_the_hand_counted_by_cards_in_the_docs_scores_1630_and_575() -> None:
    """The page's 000 hand counted by kind is the line this file's tests enter."""
    page = (Path(__file__).parent.parent / "docs" / "play-and-tally.md").read_text()
    assert f"\n{LINE_000}\n" in page
    assert Sheet.new("encyclopedia").add(LINE_000).scores[0].total == 1630


@pytest.mark.parametrize(
    ("variant", "line"),
    [
        ("encyclopedia", LINE_000),
        ("classic", "NS m 160 n 1 x 1 r 2 h 25 p 50 out; EW m 2 7-4 h 10"),
        ("classic", "NS m 2 twos 12 K-8 n 1 x 1 r 2 h 25 concealed; EW h 1 ace"),
        ("modern-american", "NS m 250 n 1 c7 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1"),
        ("bolivia", "NS m 300 s 1 w 1 out; EW m 100 h 2 black threes 1 ace"),
    ],
)
def test_a_hand_on_the_sheet_asked_again_keeps_every_count(variant: str, line: str) -> None:
    """Editing a hand at the prompt starts from its counts: by cards where they were counted, by
    points where points were entered, penalty points included; nothing is lost on the way."""
    sheet = Sheet.new(variant)
    sheet.add(line)
    draft = Draft.of(sheet, sheet.hands[0].entries)
    assert draft.entries() == sheet.hands[0].entries
