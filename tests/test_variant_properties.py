"""Property tests of variant files, over random variants built from the model's own fields.

* A random valid variant, written as a file, loads back unchanged, and so does its export.
* A random invalid mutation of a valid file is rejected, at the mutated key and a real line.
* A file that ``extends`` a parent and overrides some keys is exactly the parent's resolved
  parameters deep-merged with the overrides, validated (both valid and equal, or both invalid).

The strategies read each field's type and bounds from the model, so a new parameter is covered
without touching this file (and a field of a type they do not know fails loudly); the cross-field
rules of ``Variant._cross_field`` are respected by generating the dependent parts together (the
seating fits the pack, the red-three totals have one entry per count) and repairing the rest.
"""

from __future__ import annotations

import tempfile
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
import pytest
import tomli_w
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from canasta_rules.errors import VariantError
from canasta_rules.variant import builtin, load
from canasta_rules.variant.compare import show_value
from canasta_rules.variant.export import export_toml
from canasta_rules.variant.loading import deep_merge
from canasta_rules.variant.model import (
    METADATA_KEYS,
    BlackThrees,
    Canastas,
    InHandSet,
    InitialMeld,
    Penalties,
    RedThrees,
    SpecialRank,
    Talons,
    Variant,
    WildMeldsAllowed,
    Words,
    parameter_paths,
)
from canasta_rules.variant.tomlpos import Path as KeyPath
from canasta_rules.variant.tomlpos import dotted

SOURCES = ["000", "001", "002", "003", "004", "P", "B", "W", "Brit", "house"]
PROPERTY = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MUTATION = settings(PROPERTY, max_examples=25)
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)

# --------------------------------------------------------------------------------------------
# Strategies from the model


def _bound(info: FieldInfo, kind: type, default: int) -> int:
    for m in info.metadata:
        if isinstance(m, kind):
            return int(getattr(m, "ge" if kind is annotated_types.Ge else "le"))
    return default


def _min_len(info: FieldInfo) -> int:
    return next((m.min_length for m in info.metadata if isinstance(m, annotated_types.MinLen)), 0)


def _models_in(ann: Any) -> list[type[BaseModel]]:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return [ann]
    if get_origin(ann) in (Union, types.UnionType):
        return [m for a in get_args(ann) for m in _models_in(a)]
    return []


@st.composite
def _tiers(draw: st.DrawFn) -> list[dict[str, int]]:
    n = draw(st.integers(1, 4))
    belows = sorted(
        draw(st.lists(st.integers(-1000, 20000), unique=True, min_size=n - 1, max_size=n - 1))
    )
    mins = sorted(draw(st.lists(st.integers(0, 10000), min_size=n, max_size=n)))
    return [{"below": b, "minimum": m} for b, m in zip(belows, mins, strict=False)] + [
        {"minimum": mins[-1]}
    ]


@st.composite
def _rising(draw: st.DrawFn) -> list[int]:
    """Scores by count that start at 0 and never fall (black_threes.totals)."""
    steps = draw(st.lists(st.integers(0, 1000), max_size=6))
    out = [0]
    for s in steps:
        out.append(out[-1] + s)
    return out


_IN_HAND_SETS = st.lists(
    st.fixed_dictionaries(
        {
            "rank": st.sampled_from(get_args(InHandSet.model_fields["rank"].annotation)),
            "count": st.integers(2, 12),
            "points": st.integers(0, 10000),
        }
    ),
    max_size=3,
    unique_by=lambda d: d["rank"],
)


# Fields whose valid values depend on other fields: drawn here, or repaired in valid_documents().
SPECIAL: dict[tuple[type[BaseModel], str], st.SearchStrategy[Any]] = {
    (InitialMeld, "tiers"): _tiers(),
    (RedThrees, "totals"): st.just([0]),  # repaired to fit the pack
    (InitialMeld, "by_round"): st.lists(st.integers(0, 100000), min_size=1, max_size=6),
    (BlackThrees, "totals"): _rising(),
    (Penalties, "in_hand_sets"): _IN_HAND_SETS,
    (Talons, "sizes"): st.lists(st.integers(0, 20), max_size=6),
    # Left out of a file, these take canasta_bonus; a document that sets them gives a figure.
    (WildMeldsAllowed, "twos_bonus"): st.integers(0, 10000),
    (WildMeldsAllowed, "jokers_bonus"): st.integers(0, 10000),
    # A list of tables, one rank each (built lazily: model_values is defined below).
    (Canastas, "special"): st.deferred(
        lambda: st.lists(model_values(SpecialRank), max_size=3, unique_by=lambda d: d["rank"])
    ),
    # The names a rule sheet uses: words, no rule.
    (Words, "canasta"): st.sampled_from(["canasta", "book"]),
    (Words, "canastas"): st.sampled_from(["canastas", "books"]),
    (Words, "run_canasta"): st.sampled_from(["", "samba", "escalera"]),
    (Words, "wild_canasta"): st.sampled_from(["", "bolivia"]),
}


def field_values(info: FieldInfo) -> st.SearchStrategy[Any]:
    """Valid values of one field, as a TOML document holds them, within its declared bounds."""
    ann = info.annotation
    if ann is bool:
        return st.booleans()
    if ann is int:
        lo = _bound(info, annotated_types.Ge, -(10**6))
        hi = _bound(info, annotated_types.Le, 10**6)
        return st.integers(lo, hi)
    if get_origin(ann) is Literal:
        return st.sampled_from(get_args(ann))
    if get_origin(ann) is tuple:
        item = get_args(ann)[0]
        if get_origin(item) is Literal:
            return st.lists(st.sampled_from(get_args(item)), unique=True, min_size=_min_len(info))
    models = _models_in(ann)
    if models:
        return st.one_of([model_values(m) for m in models])
    raise NotImplementedError(f"no strategy for a field of type {ann}")


def model_values(model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {
            name: SPECIAL[(model, name)] if (model, name) in SPECIAL else field_values(info)
            for name, info in model.model_fields.items()
        }
    )


@st.composite
def _seating(draw: st.DrawFn, deck_size: int) -> list[dict[str, int]]:
    counts = draw(st.lists(st.integers(2, 6), unique=True, min_size=1, max_size=3))
    out = []
    for players in counts:
        side = draw(
            st.sampled_from([s for s in (1, 2, 3) if players % s == 0 and players // s >= 2])
        )
        hand = draw(st.integers(1, min(30, (deck_size - 2) // players)))
        out.append({"players": players, "hand_size": hand, "side_size": side})
    return out


@st.composite
def _provenance(draw: st.DrawFn) -> dict[str, dict[str, Any]]:
    keys = draw(st.lists(st.sampled_from(sorted(parameter_paths())), unique=True, max_size=4))
    out: dict[str, dict[str, Any]] = {}
    for key in keys:
        entry: dict[str, Any] = {
            "sources": draw(st.lists(st.sampled_from(SOURCES), min_size=1, max_size=3)),
            "note": draw(TEXT.filter(bool)),
        }
        if draw(st.booleans()):
            entry["pinned"] = draw(st.booleans())
        out[key] = entry
    return out


def _repair(doc: dict[str, Any]) -> None:
    """Bring the meld and canasta sizes into line with each other (Variant._cross_field)."""
    m, c = doc["melds"], doc["canastas"]
    m["min_naturals"] = min(m["min_naturals"], m["min_size"])
    c["size"] = max(c["size"], m["min_size"])
    c["min_naturals"] = min(max(c["min_naturals"], m["min_naturals"]), c["size"])
    for table, lo, hi in (
        ("wild_melds", "min_size", "max_size"),
        ("sequences", "min_length", "max_length"),
    ):
        t = m[table]
        if lo in t:
            t[hi] = max(t[hi], t[lo])
    im = doc["initial_meld"]
    if im["basis"] != "round":
        im["by_round"] = []  # minimums by round go with basis = "round" only
    g = doc["going_out"]
    if m["sequences"]["kind"] == "none":
        g["sequence_canastas"] = 0
    g["sequence_canastas"] = min(g["sequence_canastas"], g["canastas"])
    if doc["black_threes"]["bonus"]:
        doc["red_threes"]["exposed"] = "deal"  # black bonus threes are laid out at the deal
    if m["wild_melds"]["kind"] == "none":
        g["wild_canastas"] = 0
    room = g["canastas"] - g["sequence_canastas"]
    for kind in ("natural_canastas", "mixed_canastas", "wild_canastas"):
        g[kind] = min(g[kind], room)
        room -= g[kind]
    foot = doc["foot"]
    if foot["kind"] == "foot":
        # The feet come out of the pack too: hands and feet must leave an upcard and a stock.
        deck = doc["deck"]
        size = deck["decks"] * (52 + deck["jokers_per_deck"])
        room = min((size - 2) // s["players"] - s["hand_size"] for s in doc["seating"])
        if room < 1:
            doc["foot"] = {"kind": "none"}
        else:
            foot["size"] = min(foot["size"], room)


@st.composite
def valid_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A complete, valid variant file as a TOML document (a dict)."""
    doc: dict[str, Any] = {}
    for name, info in Variant.model_fields.items():
        if name in ("name", "title", "summary", "sources", "seating", "provenance"):
            continue
        doc[name] = draw(field_values(info))
    deck = doc["deck"]
    size = deck["decks"] * (52 + deck["jokers_per_deck"])
    doc["seating"] = draw(_seating(size))
    steps = draw(
        st.lists(st.integers(0, 500), min_size=2 * deck["decks"], max_size=2 * deck["decks"])
    )
    totals = [0]
    for s in steps:
        totals.append(totals[-1] + s)
    doc["red_threes"]["totals"] = totals
    _repair(doc)
    doc["name"] = draw(st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,12}\Z"))
    doc["title"] = draw(TEXT)
    doc["summary"] = draw(TEXT)
    doc["sources"] = draw(st.lists(st.sampled_from(SOURCES), max_size=3))
    doc["provenance"] = draw(_provenance())
    return doc


def test_every_field_of_the_model_has_a_strategy() -> None:
    """A parameter added to the model without a strategy fails here, not silently."""
    for name, info in Variant.model_fields.items():
        if name not in ("name", "title", "summary", "sources", "seating", "provenance"):
            field_values(info)


# --------------------------------------------------------------------------------------------
# Helpers


def _metadata(v: Variant) -> dict[str, Any]:
    return v.model_dump(mode="json", include=set(METADATA_KEYS))


def _write(directory: Path, name: str, doc: dict[str, Any]) -> Path:
    path = directory / name
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return path


def _rules(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in METADATA_KEYS and k != "extends"}


# --------------------------------------------------------------------------------------------
# Valid variants survive a file and an export


@PROPERTY
@given(valid_documents())
def test_valid_variant_survives_file_and_export(doc: dict[str, Any]) -> None:
    expected = Variant.model_validate(doc)
    with tempfile.TemporaryDirectory() as d:
        lv = load(_write(Path(d), "random.toml", doc))
        assert lv.variant.rules_only() == expected.rules_only()
        assert _metadata(lv.variant) == _metadata(expected)
        exported = Path(d) / "exported.toml"
        exported.write_text(export_toml(lv), encoding="utf-8")
        again = load(exported)
    assert again.variant.rules_only() == expected.rules_only()
    assert _metadata(again.variant) == _metadata(expected)
    assert len(again.chain) == 1  # standalone: no extends


# --------------------------------------------------------------------------------------------
# Invalid mutations are rejected at the mutated key


def _tables(node: Any, path: KeyPath = ()) -> Iterator[KeyPath]:
    if isinstance(node, dict):
        yield path
        for k, v in node.items():
            yield from _tables(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _tables(v, (*path, i))


def _leaves(node: Any, path: KeyPath = ()) -> Iterator[tuple[KeyPath, Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))
    else:
        yield path, node


def _get(doc: Any, path: KeyPath) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _put(doc: Any, path: KeyPath, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _field_at(path: KeyPath, doc: dict[str, Any]) -> FieldInfo | None:
    """The model field a leaf path of ``doc`` sets (None inside arrays of scalars, provenance)."""
    models: list[type[BaseModel]] = [Variant]
    info: FieldInfo | None = None
    node: Any = doc
    for p in path:
        node = node[p]
        if isinstance(p, int):
            continue
        info = next((m.model_fields[p] for m in models if p in m.model_fields), None)
        if info is None or p == "provenance":
            return None
        ann = info.annotation
        if get_origin(ann) is tuple:
            ann = get_args(ann)[0]
        models = _models_in(ann)
        if isinstance(node, dict) and "kind" in node:
            models = [
                m for m in models if get_args(m.model_fields["kind"].annotation) == (node["kind"],)
            ]
    return info


Mutation = tuple[dict[str, Any], KeyPath, Any]


def _unknown_key(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    table = data.draw(st.sampled_from(list(_tables(doc))))
    key = "zz" + data.draw(st.from_regex(r"\A[a-z_]{1,8}\Z"))
    _put(doc, (*table, key), 1)
    return doc, (*table, key), key


def _wrong_type(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    leaves = [(p, v) for p, v in _leaves(doc) if p[-1] != "kind"]
    path, value = data.draw(st.sampled_from(leaves))
    new: Any = 7 if isinstance(value, str) else "seven"
    _put(doc, path, new)
    return doc, path, new


def _out_of_range(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    ranged = []
    for path, value in _leaves(doc):
        info = _field_at(path, doc)
        if info is not None and info.annotation is int and isinstance(value, int):
            lo = _bound(info, annotated_types.Ge, -(10**9))
            hi = _bound(info, annotated_types.Le, 10**9)
            ranged.append((path, lo, hi))
    path, lo, hi = data.draw(st.sampled_from(ranged))
    new = data.draw(st.sampled_from([lo - 1, hi + 1, hi + 1000]))
    _put(doc, path, new)
    return doc, path, new


def _min_naturals(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    m = doc["melds"]
    m["min_size"] = min(m["min_size"], 6)
    m["min_naturals"] = m["min_size"] + 1
    _repair_canastas(doc)
    return doc, ("melds", "min_naturals"), m["min_naturals"]


def _repair_canastas(doc: dict[str, Any]) -> None:
    m, c = doc["melds"], doc["canastas"]
    c["size"] = max(c["size"], m["min_size"])
    c["min_naturals"] = min(max(c["min_naturals"], m["min_naturals"]), c["size"])


def _canasta_too_small(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    m, c = doc["melds"], doc["canastas"]
    m["min_size"] = max(m["min_size"], 4)
    c["size"] = data.draw(st.integers(3, m["min_size"] - 1))
    return doc, ("canastas", "size"), c["size"]


def _totals_length(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    totals = doc["red_threes"]["totals"]
    if data.draw(st.booleans()):
        totals.append(totals[-1])
    else:
        totals.pop()
    return doc, ("red_threes", "totals"), None


def _deck_too_small(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    doc["deck"] = {"decks": 1, "jokers_per_deck": 0}
    doc["red_threes"]["totals"] = [0, 100, 200]
    seat = doc["seating"][0]
    seat["hand_size"] = data.draw(st.integers(50 // seat["players"] + 1, 30))
    return doc, ("seating", 0, "hand_size"), seat["hand_size"]


def _tiers_descend(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    high = data.draw(st.integers(1, 20000))
    low = data.draw(st.integers(-1000, high))
    doc["initial_meld"]["tiers"] = [
        {"below": high, "minimum": 10},
        {"below": low, "minimum": 20},
        {"minimum": 30},
    ]
    return doc, ("initial_meld", "tiers", 1, "below"), low


def _last_tier_bounded(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    tiers = doc["initial_meld"]["tiers"]
    tiers[-1]["below"] = max(t.get("below", 0) for t in tiers) + data.draw(st.integers(1, 100))
    return doc, ("initial_meld", "tiers", len(tiers) - 1, "below"), tiers[-1]["below"]


def _duplicate_choice(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    where = data.draw(
        st.sampled_from(
            [("deal", "upcard_covered"), ("deal", "upcard_freezes"), ("pile", "unfrozen")]
        )
    )
    values = _get(doc, where)
    if not values:
        values.append("natural_pair" if where[0] == "pile" else "joker")
    values.append(values[0])
    return doc, (*where, len(values) - 1), values[0]


def _duplicate_seating(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    doc["seating"].append(dict(doc["seating"][0]))
    return doc, ("seating", len(doc["seating"]) - 1, "players"), doc["seating"][0]["players"]


def _provenance_key(doc: dict[str, Any], data: st.DataObject) -> Mutation:
    key = data.draw(st.sampled_from(["melds.nothing", "nothing", "game.target.x", "name"]))
    doc["provenance"][key] = {"sources": ["house"], "note": "x"}
    return doc, ("provenance", key), None


MUTATIONS: dict[str, Callable[[dict[str, Any], st.DataObject], Mutation]] = {
    "unknown key": _unknown_key,
    "wrong type": _wrong_type,
    "out of range": _out_of_range,
    # Broken cross-field rules: the path is the key the error must name.
    "meld naturals above meld size": _min_naturals,
    "canasta smaller than a meld": _canasta_too_small,
    "red-three totals of the wrong length": _totals_length,
    "pack too small for the deal": _deck_too_small,
    "tiers out of order": _tiers_descend,
    "last tier bounded": _last_tier_bounded,
    "a choice listed twice": _duplicate_choice,
    "a table size listed twice": _duplicate_seating,
    "provenance of no parameter": _provenance_key,
}


@pytest.mark.parametrize("kind", list(MUTATIONS))
@MUTATION
@given(doc=valid_documents(), data=st.data())
def test_invalid_mutation_is_rejected_at_the_mutated_key(
    kind: str, doc: dict[str, Any], data: st.DataObject
) -> None:
    doc, path, value = MUTATIONS[kind](doc, data)
    event(dotted(path[:1]))
    with tempfile.TemporaryDirectory() as d:
        f = _write(Path(d), "mutated.toml", doc)
        text = f.read_text(encoding="utf-8").split("\n")  # TOML ends lines at \n only
        with pytest.raises(VariantError) as exc:
            load(f)
    found = {p.key: p for p in exc.value.problems}
    key = dotted(path)
    assert key in found, f"{kind}: expected {key}, got {exc.value.lines()}"
    p = found[key]
    assert p.file == str(f)
    assert p.line is not None
    # The line really is where the key (or, for an array entry, the value) is written.
    word = next((str(x) for x in reversed(path) if isinstance(x, str)), "")
    line = text[p.line - 1]
    assert word.split(".")[-1] in line or (value is not None and show_value(value) in line), (
        kind,
        key,
        line,
    )


# --------------------------------------------------------------------------------------------
# extends + overrides == deep_merge(parent, overrides)


def _param_leaves(doc: dict[str, Any], path: KeyPath = ()) -> Iterator[KeyPath]:
    """Leaf parameters of a document: arrays are leaves, as in a merge."""
    for k, v in doc.items():
        if isinstance(v, dict):
            yield from _param_leaves(v, (*path, k))
        else:
            yield (*path, k)


@st.composite
def _overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Some of the parameters of a random valid variant, as a sparse document."""
    source = _rules(draw(valid_documents()))
    leaves = sorted(_param_leaves(source), key=str)
    chosen = draw(st.lists(st.sampled_from(leaves), unique=True, min_size=1, max_size=6))
    out: dict[str, Any] = {}
    for path in chosen:
        node = out
        for p in path[:-1]:
            node = node.setdefault(p, {})
        node[path[-1]] = _get(source, path)
    return out


@PROPERTY
@given(
    st.one_of(st.sampled_from(builtin.names()), valid_documents()),
    _overrides(),
)
def test_extends_plus_overrides_is_the_merge(
    parent: str | dict[str, Any], overrides: dict[str, Any]
) -> None:
    with tempfile.TemporaryDirectory() as d:
        if isinstance(parent, dict):
            ref = _write(Path(d), "parent.toml", parent).name
            parent_ref: str | Path = Path(d) / ref
        else:
            ref = parent_ref = parent
        base = load(parent_ref).variant
        child = _write(Path(d), "child.toml", {"extends": ref, **overrides})
        try:
            expected: Variant | None = Variant.model_validate(
                {**deep_merge(base.rules_only(), overrides), "name": "child"}
            )
        except ValidationError:
            expected = None
        event("merge valid" if expected is not None else "merge invalid")
        if expected is None:
            with pytest.raises(VariantError) as exc:
                load(child)
            # The problems are the child's doing, and are reported in the child.
            assert {p.file for p in exc.value.problems} == {str(child)}
            assert all(p.line is not None for p in exc.value.problems)
            return
        got = load(child).variant
    assert got.rules_only() == expected.rules_only()
    assert got.name == "child"
    # The title is not inherited: it is made from the parent's, or from the name.
    assert got.title == (f"{base.title}, with house rules" if base.title else "child")
    assert got.summary == ""
    assert got.sources == base.sources  # sources are
