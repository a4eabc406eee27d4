"""The compiled cache of the built-in variants (canasta_rules/variant/cache.py): a hit gives the
same variant as validating the files, and a change to any input is never answered from the cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from canasta_rules.engine.rules import rules_for
from canasta_rules.variant import builtin, cache, loading
from canasta_rules.variant.compare import flatten


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_ENV, str(where))
    return where


def _fresh(name: str) -> loading.LoadedVariant:
    return loading._load(name, ())


def test_a_cached_variant_is_the_validated_one(folder: Path) -> None:
    first = cache.cached_builtin("classic", _fresh)  # validated and stored
    assert [p.name for p in folder.iterdir()] == [f"classic-{cache.inputs_key()}.pickle"]
    again = cache.cached_builtin("classic", lambda n: pytest.fail("validated again"))
    assert again is not first
    assert again.variant == first.variant
    assert again.origins == first.origins and again.chain == first.chain
    assert flatten(again.variant) == flatten(first.variant)
    assert vars(rules_for(again.variant)).keys() == vars(rules_for(first.variant)).keys()
    assert rules_for(again.variant).canasta_size == rules_for(first.variant).canasta_size


def test_a_corrupt_or_cut_file_is_rebuilt(folder: Path) -> None:
    cache.cached_builtin("classic", _fresh)
    (path,) = folder.iterdir()
    for bad in (b"", b"\x80\x05not a pickle", path.read_bytes()[:100]):
        path.write_bytes(bad)
        built: list[str] = []

        def build(n: str, built: list[str] = built) -> loading.LoadedVariant:
            built.append(n)
            return _fresh(n)

        got = cache.cached_builtin("classic", build)
        assert built == ["classic"] and got.variant == _fresh("classic").variant
        assert path.read_bytes() != bad


def test_a_file_for_another_variant_is_not_taken(folder: Path) -> None:
    cache.cached_builtin("classic", _fresh)
    (path,) = folder.iterdir()
    shutil.copy(path, folder / f"general-{cache.inputs_key()}.pickle")
    got = cache.cached_builtin("general", _fresh)
    assert got.variant.name == "general"


def test_a_changed_variant_file_changes_the_key(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built-in files copied to another folder and one value edited: the cache answers with the
    edit, never with what it stored before."""
    variants = tmp_path / "variants"
    shutil.copytree(builtin.variants_dir(), variants)
    monkeypatch.setattr(builtin, "variants_dir", lambda: variants)
    cache.inputs_key.cache_clear()
    try:
        before = cache.cached_builtin("classic", _fresh)
        key = cache.inputs_key()
        f = variants / "classic.toml"
        text = f.read_text()
        assert "\nsize = 7\n" in text
        f.write_text(text.replace("\nsize = 7\n", "\nsize = 8\n", 1))
        cache.inputs_key.cache_clear()
        assert cache.inputs_key() != key
        after = cache.cached_builtin("classic", _fresh)
        assert before.variant.canastas.size == 7 and after.variant.canastas.size == 8
        # The stale file is gone; only the current one is kept.
        assert [p.name for p in folder.iterdir()] == [f"classic-{cache.inputs_key()}.pickle"]
    finally:
        cache.inputs_key.cache_clear()


def test_the_cache_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, "off")
    assert cache.cache_dir() is None
    built: list[str] = []
    cache.cached_builtin("classic", lambda n: built.append(n) or _fresh(n))
    cache.cached_builtin("classic", lambda n: built.append(n) or _fresh(n))
    assert built == ["classic", "classic"]


def test_an_unwritable_cache_is_no_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker / "cache"))
    assert cache.cached_builtin("classic", _fresh).variant.name == "classic"
