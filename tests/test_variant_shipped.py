"""The built-in variants as shipped plain data (canasta_rules/variant/shipped.py, issue 26).

The shipped files are what validating the variant files gives now; a built-in is built from them
into the plain classes, equal to its validation; anything odd in their place is ignored (the
variant is then validated from its file), without blocking; and nothing pickles.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from canasta_rules.variant import builtin, load, loading, model, plain, ship, shipped
from canasta_rules.variant.loaded import LoadedVariant

PACKAGE = Path(__file__).resolve().parent.parent / "canasta_rules"


def test_the_shipped_files_are_what_validation_gives_now() -> None:
    """Regenerate with ``python -m canasta_rules.variant.ship --write`` when this fails."""
    assert ship.stale() == []


@pytest.mark.parametrize("name", builtin.names())
def test_a_builtin_is_built_from_its_shipped_file_as_validated(name: str) -> None:
    found = shipped.parts(name)
    assert found is not None, f"{name}: the shipped data is not used"
    variant, chain, origins = found
    checked, checked_chain, checked_origins = loading.validate(name)
    assert type(variant) is plain.Variant and isinstance(checked, model.Variant)
    assert variant == checked and checked == variant
    assert plain.to_data(variant) == checked.model_dump(mode="json")
    assert origins == checked_origins
    assert [(c.label, c.data, c.text, c.path, c.builtin_name) for c in chain] == [
        (c.label, c.data, c.text, c.path, c.builtin_name) for c in checked_chain
    ]
    loaded = load(name)
    assert loaded.variant is load(name).variant  # built once a process
    assert loaded.variant == variant


def test_the_plain_classes_mirror_the_model() -> None:
    """Each pydantic class derives from the plain class of its name, with the same fields in the
    same order (mypy checks that each field's type fits)."""
    models = [
        c
        for c in vars(model).values()
        if isinstance(c, type) and issubclass(c, model.Model) and c is not model.Model
    ]
    assert len(models) == len(plain.CLASSES) == 33  # with Words (the rule sheet's names)
    for cls in models:
        twin = plain.CLASSES[cls.__name__]
        assert issubclass(cls, twin)
        assert twin._fields == tuple(cls.model_fields), cls.__name__


def test_tagged_data_builds_only_plain_classes_with_their_fields() -> None:
    deck = {"@": "Deck", "decks": 2, "jokers_per_deck": 2}
    assert plain.from_tagged(deck) == plain.Deck(decks=2, jokers_per_deck=2)
    for bad in (
        {**deck, "@": "Path"},  # not a plain class
        {**deck, "@": "Record"},
        {"@": "Deck", "decks": 2},  # a field missing
        {**deck, "extra": 1},
        {**deck, "decks": 2.5},  # no float in a variant
        [{"@": ["Deck"]}],
    ):
        with pytest.raises(ValueError):
            plain.from_tagged(bad)


def _run(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CANASTA_")}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


_ODD = """
    import json, sys
    from pathlib import Path
    from canasta_rules.variant import shipped
    shipped.DATA_DIR = Path({folder!r})
    print(json.dumps({{"used": shipped.parts("classic") is not None}}))
    from canasta_rules.variant import load
    lv = load("classic")
    print(lv.variant.game.target, "pydantic" in sys.modules)
"""


def _shipped_classic() -> dict[str, object]:
    data = json.loads((shipped.DATA_DIR / "classic.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    "kind", ["fifo", "garbage", "truncated", "other-version", "unreadable", "dev-zero"]
)
def test_an_odd_shipped_file_is_ignored_at_once(kind: str, tmp_path: Path) -> None:
    """Whatever is in place of a shipped file, the command goes on at once (a blocking read
    would run into the subprocess's timeout) and validates the variant file instead."""
    folder = tmp_path / "shipped"
    folder.mkdir()
    target = folder / "classic.json"
    text = json.dumps(_shipped_classic())
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "garbage":
        target.write_bytes(b"\x80\x05\x95not json at all" * 100)
    elif kind == "truncated":
        target.write_text(text[: len(text) // 2], encoding="utf-8")
    elif kind == "other-version":
        data = _shipped_classic()
        data["inputs"] = "0" * 64  # made from other files, or by another version
        target.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "unreadable":
        target.write_text(text, encoding="utf-8")
        target.chmod(0)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    done = _run(_ODD.format(folder=str(folder)), timeout=30)
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    used = json.loads(first)["used"]
    assert second.split() == ["5000", str(not used)]  # classic's target, pydantic or not
    if kind == "unreadable" and os.geteuid() == 0:
        assert used  # root reads a file of mode 0: it is the real one
    else:
        assert not used  # ignored, and the variant file validated instead


_AUDIT = """
    import json, sys
    opened = []
    sys.addaudithook(lambda event, args: opened.append(args[0]) if event == "open" else None)
    from canasta_rules.variant import load
    print(load("classic").variant.game.target)
    print(json.dumps([p for p in opened if isinstance(p, str)]))
"""


def test_nothing_outside_the_package_feeds_a_builtin(tmp_path: Path) -> None:
    """A built-in rule comes only from the package's own files: the old cache folder (where a
    pickle of the built-ins used to live) is never opened, so what it holds changes nothing."""
    home, cache, marker = tmp_path / "home", tmp_path / "cache", tmp_path / "ran"
    evil = f"cos\nsystem\n(S'touch {marker}'\ntR."  # a pickle that runs a command
    for folder in (home / ".cache" / "canasta-rules", cache / "canasta-rules"):
        folder.mkdir(parents=True)
        (folder / "classic-0123456789abcdef0123456789abcdef.pickle").write_text(evil)
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(cache)}
    env["CANASTA_CACHE_DIR"] = str(cache / "canasta-rules")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_AUDIT)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    target, opened = done.stdout.splitlines()
    assert target == "5000" and not marker.exists()
    read = [Path(p).resolve() for p in json.loads(opened)]
    assert read and not [p for p in read if p.is_relative_to(tmp_path)]
    assert [p for p in read if p.suffix == ".json"] == [
        (shipped.DATA_DIR / "classic.json").resolve()
    ]


def test_a_changed_variant_file_is_validated_not_read_from_the_shipped_data(
    tmp_path: Path,
) -> None:
    """A checkout whose variant file changed since the data was made: the loader validates the
    file, so the change shows at once (never a stale value)."""
    variants = tmp_path / "variants"
    variants.mkdir()
    for p in builtin.variants_dir().glob("*.toml"):
        (variants / p.name).write_bytes(p.read_bytes())
    classic = variants / "classic.toml"
    classic.write_text(
        classic.read_text(encoding="utf-8").replace("target = 5000", "target = 6000", 1),
        encoding="utf-8",
    )
    done = _run(
        f"""
        import sys
        from pathlib import Path
        from canasta_rules.variant import builtin, load, shipped
        builtin.variants_dir = lambda: Path({str(variants)!r})
        print(shipped.parts("classic") is None, load("classic").variant.game.target)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "6000"]


def test_a_ruling_on_a_builtin_never_imports_pydantic() -> None:
    done = _run(
        """
        import sys
        from canasta_rules.variant import load
        lv = load("bolivia")
        assert lv.provenance("deck.decks") is not None and lv.origin_label("deck.decks")
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


_PICKLERS = {"pickle", "_pickle", "cPickle", "shelve", "marshal", "dill", "cloudpickle", "joblib"}


def test_the_package_never_pickles() -> None:
    """No module of the package imports a pickler, and nothing it ships is a pickle."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] in _PICKLERS]
    assert found == []
    shipped_files = {
        p.suffix for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts
    }
    assert not shipped_files & {".pickle", ".pkl", ".p"}


def test_a_loaded_variant_keeps_the_chain_of_its_files() -> None:
    lv = load("bolivia")
    assert isinstance(lv, LoadedVariant)
    assert [c.label for c in lv.chain] == ["builtin:classic", "builtin:samba", "builtin:bolivia"]
    own = [k for k, i in lv.origins.items() if i == 2]
    assert own and all(lv.chain[2].line(tuple(k.split("."))) is not None for k in own)
