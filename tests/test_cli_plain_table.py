"""``canasta score`` prints its table itself where rich would print it plain (start-up speed,
issue 26): the text is rich's, character for character, and rich draws it wherever it would
style it or wrap it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from canasta_rules.cli import common
from canasta_rules.cli.notation import _breakdown_rows, breakdown_table, print_breakdown
from canasta_rules.engine.scoring import SideScore, hand_rows, score_hand
from canasta_rules.notation import parse, read_position
from canasta_rules.seats import side_names

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.fixture(autouse=True)
def _no_rich_console_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    """As at a command's start: rich's console not made (another test may have made it)."""
    monkeypatch.setattr(common._LazyConsole, "_console", None)


def _rich(table: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False, soft_wrap=True).print(table)
    return out.getvalue()


def _scores(name: str) -> tuple[tuple[str, ...], list[SideScore], tuple[str, ...]]:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    pos = read_position(parse(text, name))
    r = pos.rules
    return side_names(r.players, r.sides), score_hand(pos.state), hand_rows(r)


def _zero(sc: SideScore) -> SideScore:
    return SideScore(**{k: 0 for k in sc.__dataclass_fields__})


@pytest.mark.parametrize("name", ["e3-end-of-hand.pos", "e4-end-of-hand.pos"])
@pytest.mark.parametrize("unknown", [(), (0,), (1,), (0, 1)])
def test_the_plain_table_is_riches(
    name: str, unknown: tuple[int, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    sides, scores, rows = _scores(name)
    print_breakdown(sides, scores, unknown=unknown, hand_rows=rows)
    assert capsys.readouterr().out == _rich(breakdown_table(sides, scores, "", unknown, rows))


@pytest.mark.parametrize("n", [2, 3])
def test_more_sides_and_zero_rows_print_as_rich_does(
    n: int, capsys: pytest.CaptureFixture[str]
) -> None:
    _, scores, rows = _scores("e3-end-of-hand.pos")
    wide = ("NS", "EW", "ABC")[:n]
    many = [*scores, _zero(scores[0])][:n]
    print_breakdown(wide, many, hand_rows=rows)
    assert capsys.readouterr().out == _rich(breakdown_table(wide, many, "", (), rows))
    assert ["Red threes", "200", "100", "0"][: n + 1] in _breakdown_rows(wide, many, (), rows)


@pytest.mark.parametrize(
    ("env", "width", "plain"),
    [
        ({}, 28, True),
        ({"COLUMNS": "100"}, 28, True),
        ({"COLUMNS": "20"}, 28, False),  # rich would wrap it
        ({"FORCE_COLOR": "1"}, 28, False),  # rich would style it
        ({"FORCE_COLOR": ""}, 28, True),
        ({"TTY_COMPATIBLE": "1"}, 28, False),
        ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, 28, True),
    ],
)
def test_plain_only_where_rich_prints_plain(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], width: int, plain: bool
) -> None:
    for k in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(k, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr("sys.stdout", io.StringIO())  # not a terminal
    assert common.plain_fits(width) is plain


def test_a_terminal_gets_riches_table(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    for k in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setattr("sys.stdout", Tty())
    assert common.plain_fits(10) is False


def _rich_folded(rows: list[tuple[str, str]], width: int, header: bool) -> str:
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, show_header=header)
    body = rows[1:] if header else rows
    if header:
        table.add_column(rows[0][0], no_wrap=True)
        table.add_column(rows[0][1], overflow="fold")
    else:
        table.add_column(no_wrap=True)
        table.add_column(overflow="fold")
    for a, b in body:
        table.add_row(Text(a), Text(b))
    out = io.StringIO()
    Console(file=out, width=250, highlight=False, soft_wrap=True).print(table, width=width)
    return out.getvalue()


def _variants_list_rows() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    from canasta_rules.cli import variants as V
    from canasta_rules.variant import builtin, load

    rows = [("name", "title; players; sources")]
    ids: list[str] = []
    for name in builtin.names():
        lv = load(name)
        parent = V._parent(lv)
        about = f"{V._players(lv.variant)}; sources {', '.join(lv.variant.sources)}"
        rows.append(
            (name, f"{lv.variant.title}\n{about}" + (f"; extends {parent}" if parent else ""))
        )
        ids.extend(lv.variant.sources)
    return rows, V._legend_rows(ids)


def test_the_folded_tables_of_variants_list_are_riches_at_every_width() -> None:
    rows, legend = _variants_list_rows()
    extra = [("x", "a-word-longer-than-the-column-is-wide-and-then-some " * 3), ("yy", "a\n\nb")]
    drawn = 0
    for width in range(10, 201):
        for table, header in ((rows, True), (legend, False), (legend + extra, False)):
            mine = common.plain_folded_table(table, width, header)
            if mine is None:
                continue
            drawn += 1
            assert "\n".join(mine) + "\n" == _rich_folded(table, width, header), (width, header)
    assert drawn > 500


def test_variants_list_into_a_pipe_is_riches_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from canasta_rules.cli import variants as V

    for k in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    V.list_()
    plain = capsys.readouterr().out
    monkeypatch.setattr(
        common._LazyConsole,
        "_console",
        Console(file=io.StringIO(), width=100, highlight=False, soft_wrap=True),
    )
    V.list_()  # rich draws it, and the lines go out without the spaces padding its cells
    assert plain == capsys.readouterr().out
    assert "three-hand-cutthroat" in plain


def test_once_riches_console_is_made_rich_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A console already made (a command set it up, a test widened it) is used as it is."""
    for k in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert common.plain_width() is not None
    monkeypatch.setattr(common._LazyConsole, "_console", Console(file=io.StringIO()))
    assert common.plain_width() is None
