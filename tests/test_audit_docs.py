"""The user documentation, read as a new user reads it: every command example of README.md,
docs/index.md, docs/notation.md, docs/variant-files.md, docs/play-and-tally.md,
docs/check-and-simulate.md and docs/bots.md that holds today, run in-process, with the words and
figures those pages quote. Each test names the page and line it pins. Where a page and the tool
disagree, the case is in the audit report, not here."""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.helpers import diff_settings, run_cli, shown_settings

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EX = DOCS / "examples"


def _ex(name: str) -> str:
    return str(EX / name)


def _block_after(page: str, first_line: str, last_line: str) -> str:
    """The lines of ``page`` from the one equal to ``first_line`` to the one equal to
    ``last_line`` (both included), as a doc's code block quotes them."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    start = lines.index(first_line)
    end = lines.index(last_line, start)
    return "\n".join(lines[start : end + 1]) + "\n"


# --------------------------------------------------------------------------------------------
# README.md and docs/index.md: the quick start


def test_readme_quick_start_replays_the_bundled_game(capsys: pytest.CaptureFixture[str]) -> None:
    """README.md:18 and index.md:107: `canasta replay docs/examples/classic-game.can` replays a
    whole game, checking every move."""
    status, out, err = run_cli(capsys, "replay", _ex("classic-game.can"))
    assert status == 0, err
    assert out.splitlines()[-1] == "result: North-South won, NS 5395, EW 2870"


def test_readme_names_the_family_games_in_variants_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """README.md:26-34 names the built-in games of the wider family; `canasta variants list`
    (index.md:104) lists each."""
    status, out, err = run_cli(capsys, "variants", "list")
    assert status == 0, err
    names = {line.split()[0] for line in out.splitlines()[1:] if line and not line[0].isspace()}
    for name in (
        "classic",
        "bicycle",
        "modern-american",
        "samba",
        "bolivia",
        "uruguayan",
        "hand-and-foot",
        "hand-and-foot-six",
        "three-hand-cutthroat",
        "five-hand",
    ):
        assert name in names, name


def test_index_diff_classic_bicycle_names_disagreements_with_sources(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """index.md:105: `canasta variants diff classic bicycle` shows where they disagree, with
    sources (Bicycle's discarded black three freezes the pile)."""
    status, out, err = run_cli(capsys, "variants", "diff", "classic", "bicycle")
    assert status == 0, err
    assert out.splitlines()[0].split() == [
        "setting",
        "classic",
        "bicycle",
        "sources",
        "(a",
        "/",
        "b)",
    ]
    assert diff_settings(out)["black_threes.discarded"] == [
        "stops the next player, nothing more",
        "freezes the pile",
        "001 / B, 001",
    ]


def test_index_rule_sheet_as_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """index.md:106: `canasta rules classic --format html -o rules.html` writes one page."""
    target = tmp_path / "rules.html"
    status, _out, err = run_cli(capsys, "rules", "classic", "--format", "html", "-o", str(target))
    assert status == 0, err
    text = target.read_text(encoding="utf-8")
    assert "<html" in text.lower() and "Classic Canasta" in text


def test_index_frozen_pile_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    """index.md:108 (and the comment of e5-frozen-pile.pos): "take with Qc Jk" is refused: a
    frozen pile needs a natural pair (001), exit status 1 for a refusal (notation.md:395)."""
    status, out, _err = run_cli(capsys, "ruling", _ex("e5-frozen-pile.pos"), "take with Qc Jk")
    assert status == 1
    first = out.splitlines()[0]
    assert first.startswith("refused: the pile is frozen by a two in it")
    assert first.endswith("(pile.frozen.needs_natural_pair)")
    assert "setting: Ways to take a frozen pile: pair of naturals (pile.frozen)" in out
    assert "source: Pagat's Classic Canasta, teaching page [001]: " in out


def test_index_house_ruleset_snippet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """index.md, the quick start: the few-line house ruleset is valid and changes exactly the two
    keys."""
    text = _block_after("index.md", 'extends = "classic"', "canastas = 2")
    path = tmp_path / "my-house.toml"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_cli(capsys, "variants", "validate", str(path))
    assert status == 0, err
    assert out.strip().endswith(": ok (my-house)")
    status, out, err = run_cli(capsys, "variants", "diff", "classic", str(path))
    assert status == 0, err
    assert list(diff_settings(out)) == ["black_threes.discarded", "going_out.canastas"]


# --------------------------------------------------------------------------------------------
# docs/notation.md


TUTORIAL_DEAL = """\
[Event "Thursday club"]
[Variant "classic"]
[Players "N Ana, E Ben, S Cy, W Dee"]

hand 1 dealer S
deal N: 3h | 4c 6s 7c 7d 9h Td Jc Kd Ac Ah 2d
deal E: 5c 5d 6h 8c 8d 9c Tc Js Qh Kc Jk
deal S: 4h 5s 6c 7h 8h 9d Th Jd Qc Kh Ac
deal W: 4s 5h 6d 7s 8s 9s Ts Jh Qd Ks As
upcard 2c 9c
"""


def test_tutorial_deal_is_the_one_the_page_shows() -> None:
    """notation.md:15-31: the test's copy of the tutorial's tags and deal is the page's."""
    page = (DOCS / "notation.md").read_text(encoding="utf-8")
    for line in TUTORIAL_DEAL.splitlines():
        if line:
            assert line in page, line


def test_tutorial_refusal_message_form(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """notation.md: the tutorial's own record (its tags, deal and turns as the page shows them)
    stops at East's take with the page's quoted message: line and column, hand, turn, player,
    move, reason and rule code. North's opening (7-7-7 and A-A-2, 75) meets the 50 a side at 0
    needs (001)."""
    monkeypatch.chdir(tmp_path)
    page = (DOCS / "notation.md").read_text(encoding="utf-8")
    turns = (
        "\nW draw Kh discard 4s\nN draw 7s meld 7c 7d 7s, Ac Ah 2d discard 6s\n"
        "E take 6s with 6h Jk discard 5c\n"
    )
    for line in turns.strip().splitlines():
        assert line in page, line
    (tmp_path / "game.can").write_text(TUTORIAL_DEAL + turns, encoding="utf-8")
    status, _out, err = run_cli(capsys, "replay", "game.can")
    assert status == 2
    # The located line, then the table as E saw it (issue 23, point 4): the page shows both.
    head = "canasta: game.can:14:3: hand 1, turn 3, E: take 6s with 6h Jk: the pile is frozen by"
    assert err.startswith(head)
    assert err.strip() in page


def test_tag_slip_is_warned_and_the_status_unchanged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """notation.md:114-121: a tag close to one the replay reads is warned about on standard
    error with its place and the tag meant; the exit status is unchanged."""
    monkeypatch.chdir(tmp_path)
    text = TUTORIAL_DEAL.replace('[Players "N Ana, E Ben, S Cy, W Dee"]', '[Score "NS 1600, EW 0"]')
    (tmp_path / "game.can").write_text(text, encoding="utf-8")
    status, _out, err = run_cli(capsys, "replay", "game.can")
    assert status == 0
    assert (
        "canasta: warning: game.can:3:1: tag 'Score' is kept but not read (did you mean 'Scores'?)"
        in err
    )


REFERENCE_POSITION = """\
[Variant "general"]
[Scores "NS 600, EW 900"]       # scores before the deal (they set the minimum)
[Dealer "W"]

hand N: 9c Jk 5c 6d 8h Ts Kd
hand E: 4c 5d 7h 7s 9c Td Jh
hand S: Ac 6c 7d 8s Th Jc Qd
hand W: 4d 5h 6h 8c 9h Ts Kh
melds NS: Qc Qd Qh Qs, Kc Kh Ks
red NS: 3h
melds EW: Ad Ah As 2h
melded: S E
pile: 45 unseen, 7c 4s 9d
stock 20
to move: N draw
"""


def test_reference_position_reads_and_lists_an_unseen_draw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """notation.md:254-270 and 408-410: the reference position reads; its stock is unseen, so
    `moves` shows the draw once, with a CARD to name."""
    assert REFERENCE_POSITION.rstrip("\n") in (DOCS / "notation.md").read_text(encoding="utf-8")
    path = tmp_path / "ref.pos"
    path.write_text(REFERENCE_POSITION, encoding="utf-8")
    status, out, err = run_cli(capsys, "moves", str(path))
    assert status == 0, err
    assert "draw CARD" in out
    status, out, _err = run_cli(capsys, "ruling", str(path), "draw 4c")
    assert (status, out.splitlines()[0]) == (0, "legal")


def test_draw_naming_no_card_is_an_input_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """notation.md:175-187: where the stock is unseen, a draw naming no card followed by more of
    the turn is an input error (status 2) saying what to write (a bare draw alone is answered:
    test_moves_in_words.py); one naming too few under `draw.count = 2` is refused
    (draw.too_few)."""
    path = tmp_path / "ref.pos"
    path.write_text(REFERENCE_POSITION, encoding="utf-8")
    status, _out, err = run_cli(capsys, "ruling", str(path), "N draw discard 9c")
    assert status == 2
    assert err.strip() == (
        "canasta: <move>:1:3: name the card drawn, as in 'draw 4c': the order of this stock is "
        "not known"
    )
    status, out, _err = run_cli(capsys, "ruling", str(path), "draw 4c", "--set", "draw.count=2")
    assert status == 1
    assert "this draw takes 2 cards from the stock here, and names 1" in out
    assert out.splitlines()[0].endswith("(draw.too_few)")


def test_ten_reads_as_10_and_fmt_writes_t(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """notation.md:162-163: `10` also works as a rank; `fmt` writes tens as `T`."""
    path = tmp_path / "ten.pos"
    path.write_text(
        '[Variant "classic"]\nhand N: 10c\nhand E: 4c\nhand S: 4d\nhand W: 5c\npile: 7c\n'
        "to move: N draw\n",
        encoding="utf-8",
    )
    status, out, err = run_cli(capsys, "fmt", str(path))
    assert status == 0, err
    assert "hand N: Tc" in out.splitlines()


def test_hand_and_foot_position_is_the_example_file(capsys: pytest.CaptureFixture[str]) -> None:
    """notation.md:338-363 quotes docs/examples/hand-and-foot-running.pos; North, to take up the
    foot, may."""
    quoted = _block_after("notation.md", '[Variant "hand-and-foot"]', "to move: N foot")
    assert quoted == (EX / "hand-and-foot-running.pos").read_text(encoding="utf-8")
    status, out, _err = run_cli(capsys, "ruling", _ex("hand-and-foot-running.pos"), "N foot")
    assert (status, out.splitlines()[0]) == (0, "legal")


def test_replay_at_past_the_hand_names_its_last_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """notation.md:379-381: a turn past the end of the hand is an error naming its last turn."""
    status, _out, err = run_cli(capsys, "replay", _ex("classic-game.can"), "--at", "1.500")
    assert status == 2
    assert "hand 1 has 23 turns, so there is no turn 500 (use --at 1.23" in err


def test_replay_at_a_later_hand_writes_the_hand_tag(capsys: pytest.CaptureFixture[str]) -> None:
    """notation.md:312-315: the writer adds `[Hand "3"]` past the first hand (`replay --at 3.5`);
    notation.md:308-310: `[Previous ...]` when a previous-hand score is not 0."""
    status, out, err = run_cli(capsys, "replay", _ex("classic-game.can"), "--at", "3.5")
    assert status == 0, err
    lines = out.splitlines()
    assert '[Hand "3"]' in lines
    assert any(line.startswith("[Previous ") for line in lines)


def test_compare_lists_every_divergence(capsys: pytest.CaptureFixture[str]) -> None:
    """notation.md:411-424: `compare` lists each refused move with the parameter under each
    ruleset and what differs (exit 1); the record's own ruleset alone agrees (exit 0)."""
    status, out, _err = run_cli(capsys, "compare", _ex("classic-game.can"), "--variant", "bicycle")
    assert status == 1
    assert out.count("refused under bicycle") >= 2
    assert 'differs: black_threes.discarded: classic "stop", bicycle "freeze"' in out
    status, out, _err = run_cli(capsys, "compare", _ex("classic-game.can"), "--variant", "classic")
    assert status == 0
    assert "0 divergences" in out


# --------------------------------------------------------------------------------------------
# docs/examples: every file with the command the docs pair with it


@pytest.mark.parametrize("name", sorted(p.name for p in EX.glob("*.can")))
def test_every_example_record_replays(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """notation.md:428-436: the example records replay (each move checked)."""
    status, out, err = run_cli(capsys, "replay", _ex(name))
    assert status == 0, err
    assert out.splitlines()[-1].startswith(("result:", "totals:"))


@pytest.mark.parametrize(
    ("name", "comment"),
    [
        ("frozen-pickup.can", "the pile is frozen"),
        ("concealed.can", "going out concealed"),
        ("permission-refused.can", "partner says no"),
        ("stock-out-forced-pickup.can", "this pickup is forced"),
        ("red-three-last.can", "the last stock card is a red three"),
        ("black-threes-out.can", "black threes may be melded only as the last play"),
    ],
)
def test_special_event_line_carries_a_comment(name: str, comment: str) -> None:
    """notation.md:428-431: in each special-event example, the line where it happens carries a
    comment."""
    lines = (EX / name).read_text(encoding="utf-8").splitlines()
    assert any(
        not line.startswith("#") and "#" in line and comment in line.split("#", 1)[1]
        for line in lines
    )


@pytest.mark.parametrize("name", sorted(p.name for p in EX.glob("*.pos")))
def test_every_example_position_is_canonical(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """notation.md:163 (`fmt`): the example positions are in canonical form."""
    status, _out, err = run_cli(capsys, "fmt", "--check", _ex(name))
    assert status == 0, err


@pytest.mark.parametrize(
    ("name", "figures"),
    [("e3-end-of-hand.pos", ("1630", "575")), ("e4-end-of-hand.pos", ("1235",))],
)
def test_worked_examples_score_as_the_sources(
    capsys: pytest.CaptureFixture[str], name: str, figures: tuple[str, ...]
) -> None:
    """notation.md:432-433: e3 scores N-S 1630 and E-W 575 (000), e4 scores 1235 (001)."""
    status, out, err = run_cli(capsys, "score", _ex(name))
    assert status == 0, err
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert total.split()[1 : 1 + len(figures)] == list(figures)


@pytest.mark.parametrize(
    ("name", "move", "extra", "status", "first"),
    [
        ("asking.pos", "N ask yes discard 4s", (), 1, "(out.permission_obliges)"),
        ("asking.pos", "N ask yes meld 5c 5d 5h, K: Kd discard 4s", ("--show",), 0, "legal"),
        ("hand-and-foot-unseen-feet.pos", "N foot", (), 0, "legal"),
        ("hand-and-foot-unseen-feet.pos", "N foot meld 4c 4d 4h", (), 1, "(foot.cards_unknown)"),
        ("position-then-turns.pos", "S draw 4h discard 4h", (), 0, "legal"),
        ("stock-out.pos", "draw", (), 1, "(stock.forced_pickup)"),
        ("took-the-pile.pos", "discard 4d", (), 0, "legal"),
    ],
)
def test_example_position_commands(
    capsys: pytest.CaptureFixture[str],
    name: str,
    move: str,
    extra: tuple[str, ...],
    status: int,
    first: str,
) -> None:
    """The commands each example position carries in its comments, with the answer they give
    there ('-> legal', '-> refused (CODE)')."""
    got, out, err = run_cli(capsys, "ruling", _ex(name), move, *extra)
    assert got == status, err
    assert out.splitlines()[0].endswith(first)


def test_asking_show_ends_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """asking.pos:5 and notation.md:403-404: `--show` follows a legal move with what changed
    (here the hand's end and its score) and the position after it."""
    _status, out, _err = run_cli(
        capsys, "ruling", _ex("asking.pos"), "N ask yes meld 5c 5d 5h, K: Kd discard 4s", "--show"
    )
    assert "- North goes out: the hand ends" in out
    assert out.splitlines()[-1] == "out N"


def test_took_the_pile_keeps_drew_pile(capsys: pytest.CaptureFixture[str]) -> None:
    """took-the-pile.pos:5-6: written back, the turn keeps 'drew pile' and what was melded."""
    status, out, err = run_cli(
        capsys, "ruling", _ex("took-the-pile.pos"), "meld Ac Ad As", "--show"
    )
    assert status == 0, err
    assert "turn: drew pile, new 7 A, first, melded, opening 125" in out.splitlines()


def test_cutthroat_example_is_unfit_under_three_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """cutthroat-partners.pos:3-5 and notation.md:397-399: asked under both rulesets, the ruling
    is legal under three-hand-cutthroat and shows `unfit` for three-hand, with the reason."""
    status, out, _err = run_cli(
        capsys,
        "ruling",
        _ex("cutthroat-partners.pos"),
        "add K: Ks",
        "--variant",
        "three-hand-cutthroat",
        "--variant",
        "three-hand",
    )
    assert status == 0
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:3]}
    assert rows == {"three-hand-cutthroat": "legal", "three-hand": "unfit"}
    assert "nobody plays alone" in out


def test_partner_melded_under_general_and_classic(capsys: pytest.CaptureFixture[str]) -> None:
    """partner-melded.pos:2-5: under general North needs two natural nines; under classic a nine
    and a wild card do."""
    status, out, _err = run_cli(
        capsys,
        "ruling",
        _ex("partner-melded.pos"),
        "take with 9c Jk",
        "--variant",
        "general",
        "--variant",
        "classic",
    )
    assert status == 1
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:3]}
    assert rows == {"general": "refused", "classic": "legal"}


def test_example_moves_lists(capsys: pytest.CaptureFixture[str]) -> None:
    """stock-out.pos:5, took-the-pile.pos:8, position-then-turns.pos:4: `canasta moves` there."""
    _s, out, _e = run_cli(capsys, "moves", _ex("stock-out.pos"))
    assert out.split("\n")[:3] == [
        "Legal moves for North:",
        "take the pile (1):",
        "  take 9s    take the pile, adding the 9\u2660 on top to the side's nines",
    ]
    _s, out, _e = run_cli(capsys, "moves", _ex("took-the-pile.pos"))
    lines = out.splitlines()
    assert "  meld Ac Ad As    meld A\u2663 A\u2666 A\u2660" in lines
    assert "  discard 4d       discard the 4\u2666" in lines
    _s, out, _e = run_cli(capsys, "moves", _ex("position-then-turns.pos"))
    assert out.splitlines()[:2] == ["Legal moves for South:", "draw (1):"]


def _table_examples() -> tuple[dict[str, str], list[tuple[list[str], list[str]]]]:
    """notation.md, "A ruling at the table": its positions (each block that starts with a
    '# NAME.pos:' comment, by name) and its commands ('$ canasta ...'), each with the lines the
    page shows it prints."""
    page = (DOCS / "notation.md").read_text(encoding="utf-8")
    section = page.split("## A ruling at the table", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    files: dict[str, str] = {}
    commands: list[tuple[list[str], list[str]]] = []
    for block in blocks:
        named = re.match(r"# (\S+\.pos):", block)
        if named:
            files[named.group(1)] = block
            continue
        for line in block.splitlines():
            if line.startswith("$ "):
                commands.append((shlex.split(line[2:]), []))
            else:
                commands[-1][1].append(line)
    return files, commands


def test_the_rulings_at_the_table_run_as_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """notation.md, "A ruling at the table": the two worked examples, each position written
    from one player's seat (the other hands as counts), and every command's answer as the page
    shows it (first word 'legal' with exit status 0, 'refused' with 1)."""
    files, commands = _table_examples()
    assert sorted(files) == ["north.pos", "south.pos"]
    assert len(commands) >= 6
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert " unseen" in text
    for args, shown in commands:
        assert args[0] == "canasta"
        argv = [str(tmp_path / a) if a in files else a for a in args[1:]]
        status, out, err = run_cli(capsys, *argv)
        assert out.splitlines() == shown, (args, err)
        assert status == (0 if shown[0].startswith("legal") else 1), (args, err)


# --------------------------------------------------------------------------------------------
# docs/variant-files.md


def _thursday(tmp_path: Path) -> Path:
    """variant-files.md:248-272, the worked example's `thursday.toml`, as the page gives it."""
    text = _block_after(
        "variant-files.md",
        "# Our Thursday game: classic Canasta with three house rules.",
        '"game.target" = { sources = ["house"], note = "A longer game, to suit the second '
        'canasta." }',
    )
    path = tmp_path / "thursday.toml"
    path.write_text("#:schema ./canasta-variant.schema.json\n" + text, encoding="utf-8")
    return path


def test_worked_example_validate_diff_show_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """variant-files.md:276-281: validate says `thursday.toml: ok (thursday)`; diff lists the
    three keys; show gives every value with who set it; export writes a standalone file."""
    monkeypatch.chdir(tmp_path)
    _thursday(tmp_path)
    status, out, err = run_cli(capsys, "variants", "validate", "thursday.toml")
    assert (status, out.strip()) == (0, "thursday.toml: ok (thursday)"), err
    status, out, err = run_cli(capsys, "variants", "diff", "classic", "thursday.toml")
    assert status == 0, err
    keys = list(diff_settings(out))
    assert keys == ["black_threes.discarded", "going_out.canastas", "game.target"]
    status, out, err = run_cli(capsys, "variants", "show", "thursday.toml")
    assert status == 0, err
    assert "resolved from: builtin:classic -> thursday.toml" in out
    status, _out, err = run_cli(
        capsys, "variants", "export", "thursday.toml", "--out", "thursday-full.toml"
    )
    assert status == 0, err
    full = (tmp_path / "thursday-full.toml").read_text(encoding="utf-8")
    assert "extends" not in re.sub(r"(?m)^#.*$", "", full)
    status, out, err = run_cli(capsys, "variants", "validate", "thursday-full.toml")
    assert (status, out.strip()) == (0, "thursday-full.toml: ok (thursday)"), err


def test_worked_example_type_error_at_line_15(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """variant-files.md:283-287: `canastas = "two"` stops validation at line 15."""
    monkeypatch.chdir(tmp_path)
    path = _thursday(tmp_path)
    path.write_text(path.read_text().replace("canastas = 2", 'canastas = "two"'), encoding="utf-8")
    status, out, _err = run_cli(capsys, "variants", "validate", "thursday.toml")
    assert status == 2
    assert out.strip() == 'thursday.toml:15: going_out.canastas: must be a whole number, got "two"'


def test_validation_errors_one_line_each_in_line_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """variant-files.md:173-186: one `FILE:LINE: dotted.key: message` line per problem, all
    listed together in line order, exit status 2."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.toml").write_text(
        'extends = "classic"\nname = "house"\n\n[melds]\nmax_wlid = 2\n\n[deck]\ndecks = 0\n\n'
        "[[seating]]\nplayers = 4\nhand_size = 40\n",
        encoding="utf-8",
    )
    status, out, _err = run_cli(capsys, "variants", "validate", "house.toml")
    assert status == 2
    assert out.splitlines() == [
        "house.toml:5: melds.max_wlid: unknown key (did you mean 'max_wild'?)",
        "house.toml:8: deck.decks: must be at least 1, got 0",
        "house.toml:12: seating.0.hand_size: must be at most 30, got 40",
    ]


def test_extends_errors_at_the_extends_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """variant-files.md:196-204 and 67-89: a misspelt built-in, a cycle and a climb out of the
    folder are reported at the `extends` line; `--allow-extends DIR` lets a file name DIR."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.toml").write_text('extends = "clasic"\n', encoding="utf-8")
    (tmp_path / "a.toml").write_text('name = "a"\n\nextends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('name = "b"\n\nextends = "a.toml"\n', encoding="utf-8")
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "house.toml").write_text('extends = "../secret.toml"\n', encoding="utf-8")
    (tmp_path / "secret.toml").write_text('name = "secret"\n', encoding="utf-8")
    expected = {
        "house.toml": (
            "house.toml:1: extends: no built-in variant 'clasic'; did you mean 'classic'?"
        ),
        "a.toml": "b.toml:3: extends: cycle: a.toml -> b.toml -> a.toml",
        "club/house.toml": (
            "club/house.toml:1: extends: '../secret.toml' is outside this file's folder; "
            "see --allow-extends"
        ),
    }
    for name, line in expected.items():
        status, out, _err = run_cli(capsys, "variants", "validate", name)
        assert (status, out.strip()) == (2, line)
    status, out, err = run_cli(
        capsys, "--allow-extends", str(tmp_path), "variants", "show", "club/house.toml"
    )
    assert status == 0, err
    assert "resolved from: secret.toml -> club/house.toml" in out


def test_set_examples_and_their_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """variant-files.md:116-134: `--set` in the page's examples; a bad value is reported against
    `--set` with the override quoted; provenance and extends cannot be set; a value set has no
    provenance in `variants show`."""
    monkeypatch.chdir(tmp_path)
    status, out, err = run_cli(
        capsys,
        "variants",
        "show",
        "classic",
        "--set",
        "going_out.canastas=2",
        "--set",
        "game.target=7500",
    )
    assert status == 0, err
    assert shown_settings(out)["game.target"] == ("7500 points", "from --set")
    status, _out, err = run_cli(
        capsys,
        "variants",
        "export",
        "bicycle",
        "--set",
        "stock_out.kind=last_turn",
        "--out",
        "quick.toml",
    )
    assert status == 0, err
    quick = (tmp_path / "quick.toml").read_text(encoding="utf-8")
    stock_out = quick.split("[stock_out]")[1].split("\n[")[0]
    # variant-files.md:98-102: a different kind replaces the table (the parent's `forced` goes).
    assert 'kind = "last_turn"' in stock_out and "forced" not in stock_out
    status, _out, err = run_cli(capsys, "variants", "show", "classic", "--set", "deck.decks=9")
    assert status == 2
    assert err.strip() == "canasta: --set: deck.decks: must be at most 8, got 9 [deck.decks=9]"
    for bad, word in (("provenance.x=1", "provenance"), ("extends=bicycle", "extends")):
        status, _out, err = run_cli(capsys, "variants", "show", "classic", "--set", bad)
        assert status == 2
        assert err.strip().endswith(f"not {word} [{bad}]"), err


@pytest.mark.parametrize(
    "override",
    [
        "seating.0.hand_size=13",
        'deal.upcard_covered=["joker", "two"]',
        "black_threes.discarded=freeze",
        'title="Our game"',
    ],
)
def test_set_values_read_as_toml(capsys: pytest.CaptureFixture[str], override: str) -> None:
    """variant-files.md:124-126: the value is read as TOML (a list, a quoted string), a bare word
    is a string, an array entry is named by its index from 0."""
    status, _out, err = run_cli(capsys, "variants", "show", "classic", "--set", override)
    assert status == 0, err


def test_name_and_title_not_inherited(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """variant-files.md:103-105: a file with no `name` is named after the file; with no `title`
    it gets the parent's title followed by ", with house rules"."""
    path = tmp_path / "mine.toml"
    path.write_text('extends = "classic"\n[going_out]\ncanastas = 2\n', encoding="utf-8")
    status, out, err = run_cli(capsys, "variants", "show", str(path))
    assert status == 0, err
    assert out.splitlines()[0] == "mine: Classic Canasta (Pagat's rules), with house rules"


def test_provenance_key_naming_no_parameter_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """variant-files.md:148-150: a provenance key that names no parameter is an error."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.toml").write_text(
        'extends = "classic"\n[provenance]\n'
        '"going_out.canastaz" = { sources = ["house"], note = "x" }\n',
        encoding="utf-8",
    )
    status, out, _err = run_cli(capsys, "variants", "validate", "p.toml")
    assert status == 2
    assert out.startswith('p.toml:3: provenance."going_out.canastaz": names no parameter')


def test_schema_out_is_the_shipped_copy(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """variant-files.md:219-224: `variants schema --out` writes the schema, identical to
    variants/canasta-variant.schema.json."""
    target = tmp_path / "canasta-variant.schema.json"
    status, _out, err = run_cli(capsys, "variants", "schema", "--out", str(target))
    assert status == 0, err
    shipped = ROOT / "variants" / "canasta-variant.schema.json"
    assert json.loads(target.read_text()) == json.loads(shipped.read_text())


# --------------------------------------------------------------------------------------------
# docs/play-and-tally.md: tally


def _tally_block(first: str) -> list[str]:
    """The output lines play-and-tally.md quotes after the command line ``first``."""
    lines = (DOCS / "play-and-tally.md").read_text(encoding="utf-8").splitlines()
    i = lines.index(first) + 1
    out = []
    while lines[i] != "```":
        out.append(lines[i])
        i += 1
    return out


def test_worked_tally_two_hands_print_and_slip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """play-and-tally.md:174-219: the worked tally (000's hand, 1630 and 575), the next hand
    resumed from the sheet, and a slip caught before it reaches the sheet (exit 2)."""
    monkeypatch.chdir(tmp_path)
    first = (
        "$ canasta tally encyclopedia --sheet thursday-sheet.toml "
        '--hand "NS m 305 h 75 x 2 n 1 r 2 out; EW m 295 h 120 x 1 r 1"'
    )
    second = (
        '$ canasta tally --sheet thursday-sheet.toml --hand "NS m 140 h 55; '
        'EW m 410 n 1 x 1 r 1 concealed"'
    )
    slip = '$ canasta tally --sheet thursday-sheet.toml --hand "NS m 120 concealed r 2; EW h 40"'
    for shown in (first, second):
        args = re.findall(r'"[^"]*"|\S+', shown)[2:]
        status, out, err = run_cli(capsys, *[a.strip('"') for a in args])
        assert status == 0, err
        assert out.splitlines() == _tally_block(shown)
    status, out, err = run_cli(
        capsys,
        "tally",
        "--sheet",
        "thursday-sheet.toml",
        "--hand",
        "NS m 120 concealed r 2; EW h 40",
    )
    assert status == 2
    assert err.splitlines() == _tally_block(slip)
    status, out, err = run_cli(capsys, "tally", "--sheet", "thursday-sheet.toml", "--print")
    assert status == 0, err
    assert "totals after 2 hands: NS 1715, EW 2085 (target 5000)" in out


def test_tally_001_example_1235(capsys: pytest.CaptureFixture[str]) -> None:
    """play-and-tally.md:221-223: 001's example under classic scores 1235."""
    status, out, err = run_cli(
        capsys, "tally", "classic", "--hand", "NS m 160 n 1 x 1 r 2 out h 25"
    )
    assert status == 0, err
    assert "totals after 1 hand: NS 1235, EW 0 (target 5000)" in out


def test_tally_modern_american_worked_count(capsys: pytest.CaptureFixture[str]) -> None:
    """play-and-tally.md:121-127: CCP's count is 3,500 before the cards (here 250 melded)."""
    status, out, err = run_cli(
        capsys,
        "tally",
        "modern-american",
        "--hand",
        "NS m 250 c7 1 n 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1",
    )
    assert status == 0, err
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert int(total.split()[1]) - 250 == 3500


@pytest.mark.parametrize(
    ("variant", "entry", "words"),
    [
        ("three-hand-cutthroat", "N m 50", "partnerships formed during the hand"),
        ("classic", "NS m 1_000", "needs a whole number"),
        ("classic", "NS m +5", "needs a whole number"),
        ("classic", "NS m 100 n 1 out; EW m 100 n 1 out", "cannot both go out"),
        ("classic", "NS m 100 r 9", "red threes entered"),
        ("classic", "NS m 250 c7 1 n 1 out", "no special canastas by rank"),
    ],
)
def test_tally_refuses_what_the_page_says(
    capsys: pytest.CaptureFixture[str], variant: str, entry: str, words: str
) -> None:
    """play-and-tally.md:130-153: cutthroat refused; plain digits only; two sides out; more red
    threes than the pack; an item for a rank the ruleset has no rule for. One line, status 2."""
    status, _out, err = run_cli(capsys, "tally", variant, "--hand", entry)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and words in err


def test_tally_warns_and_scores_beyond_the_pack(capsys: pytest.CaptureFixture[str]) -> None:
    """play-and-tally.md:155-158: meld points beyond every card of the pack are warned about on
    standard error and scored as entered."""
    status, out, err = run_cli(capsys, "tally", "classic", "--hand", "NS m 3050")
    assert status == 0
    assert err.startswith("canasta: warning:") and "scored as entered" in err
    assert "totals after 1 hand: NS 3050" in out


def test_tally_from_a_pipe_stops_at_a_refused_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """play-and-tally.md:171-172: entries from a pipe, one hand a line; a refused line stops with
    its line number and exit status 2."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("NS m 100; EW m 50\nNS m 7; EW m 5\n"))
    status, out, err = run_cli(capsys, "tally")
    assert status == 2
    assert err.startswith("canasta: <stdin>:2:")
    assert "totals after 1 hand: NS 100, EW 50" in out


# --------------------------------------------------------------------------------------------
# docs/play-and-tally.md: play in line mode


def test_play_line_mode_refusal_and_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """play-and-tally.md:43-50 and 66-78: from a pipe, the first refused line stops the game with
    one line and status 2, naming the input line, hand, seat and rule code; the record (by
    default canasta-SEED.can) names each hand's seed and who sits where."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\ndiscard Kh\n"))
    status, _out, err = run_cli(capsys, "play", "--seed", "12")
    assert status == 2
    assert err.strip() == (
        "canasta: <stdin>:2: hand 1, N: discard Kh: you do not hold Kh (card.not_in_hand)"
    )
    record = (tmp_path / "canasta-12.can").read_text(encoding="utf-8").splitlines()
    assert '[Players "N human, E greedy, S greedy, W greedy"]' in record
    assert "hand 1 dealer W seed 12:1" in record
    assert "N draw 4s" in record


def test_play_input_end_says_how_to_resume(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """play-and-tally.md:70-79: `? PARAMETER` explains a parameter; when the input ends the game
    stops and says how to resume it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("? going_out.canastas\n"))
    status, out, err = run_cli(capsys, "play", "online", "--seed", "3", "--record", "x.can")
    assert status == 0, err
    assert "setting: Canastas needed to go out: " in out
    assert "stopped; resume with: canasta play --resume x.can" in out + err
    assert '[Variant "online"]' in (tmp_path / "x.can").read_text(encoding="utf-8")


# --------------------------------------------------------------------------------------------
# docs/check-and-simulate.md and docs/bots.md


def test_check_lint_example(capsys: pytest.CaptureFixture[str]) -> None:
    """check-and-simulate.md:60-69: the static part of the quoted run, and 'inconsistent' with
    exit status 1 for a lint error."""
    status, out, _err = run_cli(
        capsys,
        "check",
        "classic",
        "--set",
        "initial_meld.tiers.3.minimum=500",
        "--set",
        "draw.short_stock=end_hand",
        "--games",
        "10",
    )
    assert status == 1
    quoted = _block_after(
        "check-and-simulate.md",
        "classic: Classic Canasta (Pagat's rules)",
        "  warning draw.short_stock (--set): with one card drawn per turn the stock is never "
        "shorter than a draw: 'end_hand' never applies",
    )
    assert out.startswith(quoted)
    assert out.splitlines()[-1] == "inconsistent"


def test_check_thursday_club_header(capsys: pytest.CaptureFixture[str]) -> None:
    """check-and-simulate.md:240-247: the Thursday club file is consistent (a shorter run)."""
    status, out, err = run_cli(
        capsys, "check", str(EX / "house-rules" / "thursday-club.toml"), "--games", "40"
    )
    assert status == 0, err
    lines = out.splitlines()
    assert lines[:2] == ["thursday-club: Thursday club", "settings: 0 errors, 0 warnings"]
    assert lines[-1] == "consistent"


@pytest.mark.parametrize(
    "args",
    [("nosuch",), ("classic", "--set", "foo.bar=1"), ()],
)
def test_check_bad_input_is_status_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    """check-and-simulate.md:159-163: an unknown variant, a bad `--set`, a bad option: status 2."""
    status, _out, _err = run_cli(capsys, "check", *args)
    assert status == 2


def test_check_strict_fails_on_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """check-and-simulate.md:58 and 161: warnings do not fail a check, unless `--strict`."""
    args = ("check", "classic", "--set", "draw.short_stock=end_hand", "--games", "2")
    assert run_cli(capsys, *args)[0] == 0
    assert run_cli(capsys, *args, "--strict")[0] == 1


def test_check_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """check-and-simulate.md:165-169: `--json` gives consistent, static findings (level, key,
    code, message, where) and dynamic."""
    status, out, _err = run_cli(
        capsys,
        "check",
        "classic",
        "--set",
        "initial_meld.tiers.3.minimum=500",
        "--games",
        "2",
        "--json",
    )
    assert status == 1
    data = json.loads(out)
    assert data["consistent"] is False
    finding = data["static"]["findings"][0]
    assert set(finding) >= {"level", "key", "code", "message", "where"}
    assert finding["code"] == "initial_meld.unreachable" and finding["where"] == "--set"
    assert {"games", "seed", "moves", "bots", "players", "failure"} <= set(data["dynamic"])


def test_check_replay_of_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    """check-and-simulate.md:150-155: `check --replay` runs every check after every move."""
    status, out, err = run_cli(capsys, "check", "--replay", _ex("concealed.can"))
    assert status == 0, err
    assert out.strip().endswith("every check held after every move")


def test_lint_table_lists_every_lint_code() -> None:
    """check-and-simulate.md:36-53: the table's codes are exactly the lints `check` reports."""
    page = (DOCS / "check-and-simulate.md").read_text(encoding="utf-8")
    documented = set(
        re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \| (?:error|warning)", page, re.MULTILINE)
    )
    source = "\n".join(p.read_text() for p in (ROOT / "canasta_rules" / "check").rglob("*.py"))
    assert len(documented) == 16
    for code in documented:
        assert f'"{code}"' in source, code


def test_simulate_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """check-and-simulate.md:187-205 (and bots.md): the JSON keys the page names, and the
    strategy bot by default, named on the first line."""
    status, out, err = run_cli(capsys, "simulate", "classic", "--games", "1", "--json")
    assert status == 0, err
    data = json.loads(out)
    for key in (
        "hands_per_game",
        "turns_per_hand",
        "moves_per_hand",
        "game_ends",
        "wins",
        "hand_ends",
        "canastas_per_hand",
        "hand_score",
        "winner_total",
        "loser_total",
        "margin",
        "first_player",
        "rules_fired",
    ):
        assert key in data, key
    assert data["bots"] == "strategy"
    assert {"foot_running", "foot_walking", "permission_refused"} <= set(data["rules_fired"])


def test_bots_search_budgets_parse(capsys: pytest.CaptureFixture[str]) -> None:
    """bots.md:11 and 154-156: `search:N` (worlds) and `search:Ss` (seconds) name the search bot."""
    status, out, err = run_cli(
        capsys, "simulate", "classic", "--games", "1", "--bots", "search:0.001s"
    )
    assert status == 0, err
    assert out.splitlines()[0] == "1 games, search:0.001s bots at every seat, 4 players, seed 0"


# --------------------------------------------------------------------------------------------
# docs/cli.md against each command's --help


COMMANDS = [
    (),
    ("replay",),
    ("score",),
    ("ruling",),
    ("moves",),
    ("compare",),
    ("fmt",),
    ("record",),
    ("check",),
    ("simulate",),
    ("rules",),
    ("play",),
    ("tally",),
    ("variants",),
    ("variants", "list"),
    ("variants", "show"),
    ("variants", "diff"),
    ("variants", "validate"),
    ("variants", "schema"),
    ("variants", "export"),
]


def _section(title: str) -> str:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    m = re.search(rf"^#+ `{re.escape(title)}`\n(.*?)(?=^#+ `|\Z)", text, re.MULTILINE | re.DOTALL)
    assert m, title
    return m.group(1)


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: " ".join(c) or "canasta")
def test_cli_md_lists_the_help_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cmd: tuple[str, ...]
) -> None:
    """The brief's check: every option `canasta COMMAND --help` lists is in docs/cli.md's section
    for the command, and every option there is in the help."""
    monkeypatch.setenv("COLUMNS", "200")
    status, out, _err = run_cli(capsys, *cmd, "--help")
    assert status == 0
    help_opts = set(re.findall(r"--[a-z][a-z-]*", out)) - {"--help"}
    doc_opts = set(re.findall(r"--[a-z][a-z-]*", _section(" ".join(("canasta", *cmd))))) - {
        "--help"
    }
    assert help_opts == doc_opts
    assert help_opts or cmd in {("variants",), ("variants", "list"), ("variants", "validate")}


def test_a_strategy_game_can_be_recorded_and_replayed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """check-and-simulate.md: a simulated game (strategy bots by default) can be written out with
    `canasta record` and replayed: record takes every bot kind simulate does."""
    path = tmp_path / "s.can"
    status, _out, err = run_cli(
        capsys, "record", "classic", "--bots", "strategy", "--seed", "3", "-o", str(path)
    )
    assert status == 0, err
    assert '[Event "strategy bots, seed 3"]' in path.read_text(encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", str(path))
    assert status == 0, err
    assert out.strip().splitlines()[-1].startswith("result: ")


def test_strict_check_says_why_it_fails(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md 'canasta check --strict': exit 1 on warnings too, and the verdict says so."""
    status, out, _err = run_cli(
        capsys, "check", "classic", "--set", "draw.short_stock=end_hand", "--strict", "--games", "4"
    )
    assert status == 1
    assert out.splitlines()[-1] == "consistent, but --strict fails on the 1 warning above"


def test_simulate_shows_foot_rows_only_where_a_foot_is_dealt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _err = run_cli(capsys, "simulate", "classic", "--games", "2", "--bots", "greedy")
    assert status == 0 and "foot running" not in out
    status, out, _err = run_cli(
        capsys, "simulate", "hand-and-foot", "--games", "1", "--bots", "greedy"
    )
    assert status == 0 and "foot running" in out and "foot walking" in out


def test_a_variant_file_given_as_the_tally_sheet_is_named_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/play-and-tally.md: --sheet names the score sheet, not the ruleset; a variant file
    given there says so, and how to pass it."""
    path = str(EX / "house-rules" / "thursday-club.toml")
    status, _out, err = run_cli(capsys, "tally", "--sheet", path, "--print")
    assert status == 2
    assert err.strip().endswith(
        "thursday-club.toml: a variant file, not a tally sheet: name it as the ruleset "
        f"('canasta tally {path} --sheet SHEET.toml')"
    )
