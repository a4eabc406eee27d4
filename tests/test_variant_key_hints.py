"""An unknown key in a variant file says what the writer may have meant: a close spelling, the
describing keys (``title``, ``summary``) for a description, or the table a parameter lives in
when its name is right but its place is not. Each message keeps the file, line and dotted key."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_rules.errors import VariantError
from canasta_rules.variant import load


def problem(tmp_path: Path, body: str) -> str:
    p = tmp_path / "house.toml"
    p.write_text('extends = "classic"\nname = "our-table"\n' + body)
    with pytest.raises(VariantError) as e:
        load(str(p))
    (line,) = e.value.lines()
    return line


@pytest.mark.parametrize(
    ("body", "where", "hint"),
    [
        ('description = "Our game"\n', ":3: description:", "described by 'title' and 'summary'"),
        ("target = 7500\n", ":3: target:", "unknown key here (did you mean 'game.target'?)"),
        ("[melds]\ntarget = 5\n", ":4: melds.target:", "did you mean 'game.target'?"),
        ("[melds]\nmin_sise = 3\n", ":4: melds.min_sise:", "did you mean 'min_size'?"),
        ("[game]\nfoo = 1\n", ":4: game.foo:", "unknown key"),
    ],
)
def test_unknown_keys_say_what_was_meant(tmp_path: Path, body: str, where: str, hint: str) -> None:
    line = problem(tmp_path, body)
    assert where in line and hint in line, line
