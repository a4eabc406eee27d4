"""Property-test your own house rules: hypothesis strategies and a pytest plugin.

Strategies (each takes the ruleset as a built-in name, a file path, a ``Variant``, or a strategy
of variants):

- :func:`variants`: the ruleset with a few rule parameters changed, always a valid ``Variant``;
- :func:`deals`: a freshly dealt hand (a ``State``) from a seeded shuffle, any dealer, any scores;
- :func:`positions`: a live position some moves into a hand;
- :func:`hands`: a whole hand, every move chosen by hypothesis among the legal moves (so that a
  failure shrinks to a short hand) and, by default, every invariant checked after every move;
- :func:`games`: a whole game (hand after hand) played by the random or the greedy bot.

Helpers: :func:`assert_consistent` (the engine's invariants, as an assertion) and
:func:`play_checked`.

The pytest plugin (loaded automatically once canasta-rules is installed, through the ``pytest11``
entry point; or with ``pytest -p canasta_rules.testing``) adds:

- the ``canasta_variant`` fixture: the ruleset under test, from ``--canasta-variant`` or the
  ``canasta_variant`` ini option (a path is relative to the ini file), with ``canasta_sets``
  overrides; ``classic`` by default;
- the ``canasta_check`` fixture: a function that runs ``canasta check`` and returns its report.

See ``docs/examples/house-rules/test_house_rules.py`` for a whole test file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy
from pydantic import ValidationError

from .bots import make_bot
from .check import CheckReport, run_check
from .engine.apply import apply_unchecked
from .engine.dealing import deal
from .engine.game import Game, GameResult
from .engine.generate import legal_moves
from .engine.invariants import state_problems
from .engine.moves import Move
from .engine.rules import Rules, rules_for
from .engine.state import State
from .variant import LoadedVariant, load
from .variant.model import Variant as Model
from .variant.plain import Variant, to_data

VariantLike = str | Path | Variant | LoadedVariant
RULE_ENDS = frozenset({"went_out", "stock_exhausted", "red_three_last"})
"""The ways a hand may end by the rules (anything else is the engine's move guard)."""


def resolve(variant: VariantLike, sets: Sequence[str] = ()) -> Variant:
    """A ``Variant`` from a built-in name, a file path, a loaded variant or a variant."""
    if isinstance(variant, Variant) and not sets:
        return variant
    if isinstance(variant, LoadedVariant) and not sets:
        return variant.variant
    if isinstance(variant, Variant | LoadedVariant):
        raise TypeError("--set overrides apply to a name or a file, not to a Variant")
    return load(variant, tuple(sets)).variant


def _variant_strategy(variant: VariantLike | SearchStrategy[Variant]) -> SearchStrategy[Variant]:
    if isinstance(variant, SearchStrategy):
        return variant
    return st.just(resolve(variant))


# --------------------------------------------------------------------------------------------
# Variants


def _ways() -> SearchStrategy[list[str]]:
    return st.lists(
        st.sampled_from(["natural_pair", "natural_and_wild", "add_to_meld"]),
        min_size=1,
        unique=True,
    )


def _specials() -> SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(["joker", "two", "red_three"]), unique=True)


PARAMETERS: dict[str, SearchStrategy[Any]] = {
    "deal.rotation": st.sampled_from(["clockwise", "counterclockwise"]),
    "deal.upcard_covered": _specials(),
    "deal.upcard_freezes": _specials(),
    "red_threes.exposed": st.sampled_from(["deal", "first_turn"]),
    "red_threes.replaced_from_pile": st.booleans(),
    "red_threes.count_against": st.sampled_from(["no_meld", "no_canasta", "too_few_canastas"]),
    "black_threes.in_hand_penalty": st.sampled_from([0, 100]),
    "canastas.closed": st.booleans(),
    "melds.wild_melds": st.one_of(
        st.just({"kind": "none"}),
        st.integers(3, 4).map(lambda n: {"kind": "allowed", "min_size": n, "max_size": 7}),
    ),
    "melds.sequences": st.one_of(
        st.just({"kind": "none"}),
        st.just({"kind": "same_suit", "min_length": 3, "max_length": 7}),
    ),
    "black_threes.discarded": st.sampled_from(["stop", "freeze"]),
    "black_threes.meld_when_going_out": st.booleans(),
    "black_threes.meld_last": st.booleans(),
    "melds.max_wild": st.integers(1, 4),
    "melds.wild_not_more_than_natural": st.booleans(),
    "melds.wild_fewer_than_natural": st.booleans(),
    "melds.canasta_wild": st.sampled_from(["capped", "unlimited"]),
    "canastas.size": st.integers(6, 8),
    "initial_meld.pile_cards": st.sampled_from(["top_only", "whole_pile"]),
    "pile.unfrozen": _ways(),
    "pile.frozen": _ways(),
    "pile.frozen_before_opening": st.sampled_from(["side", "player"]),
    "pile.one_card_ban": st.booleans(),
    "draw.count": st.integers(1, 2),
    "draw.short_stock": st.sampled_from(["draw_rest", "end_hand"]),
    "going_out.canastas": st.integers(0, 2),
    "going_out.final_discard": st.sampled_from(["optional", "required"]),
    "going_out.concealed": st.one_of(
        st.just({"kind": "side_first_meld"}),
        st.builds(
            lambda own, partner: {
                "kind": "player_first_meld",
                "own_canasta": own,
                "partner_melds": partner,
            },
            st.booleans(),
            st.booleans(),
        ),
    ),
    "going_out.concealed_waives_minimum": st.sampled_from(["never", "after_stock_draw"]),
    "going_out.permission": st.one_of(
        st.just({"kind": "none"}),
        st.booleans().map(lambda yes: {"kind": "ask", "yes_obliges": yes}),
    ),
    "stock_out": st.one_of(
        st.just({"kind": "last_turn"}),
        st.sampled_from(["none", "fits_meld", "any_legal"]).map(
            lambda f: {"kind": "pile_play", "forced": f}
        ),
    ),
    # Modern American's threes, talons, upcard, discard bans and end-of-hand penalties.
    "deal.upcard": st.sampled_from(["turned", "none"]),
    "black_threes.bonus": st.booleans(),
    "black_threes.totals": st.sampled_from([[0], [0, 100, 300, 500, 1000]]),
    "red_threes.count_from_canastas": st.integers(0, 2),
    "pile.empty_discard_bans": st.lists(
        st.sampled_from(["seven", "ace", "wild", "dead"]), unique=True
    ),
    "penalties.in_hand_sets": st.sampled_from(
        [[], [{"rank": "ace", "count": 3, "points": 1500}, {"rank": "seven", "count": 3}]]
    ),
    "penalties.no_canasta_melds": st.sampled_from(["plus", "minus"]),
    "talons.sizes": st.sampled_from([[], [4, 3], [2]]),
    "talons.min_stock": st.sampled_from([0, 9, 30]),
}
"""The rule parameters :func:`variants` may change, each with the values it draws from."""


def _set_in(data: dict[str, Any], key: str, value: Any) -> None:
    *head, last = key.split(".")
    node = data
    for part in head:
        node = node[part]
    node[last] = value


def variants(
    base: VariantLike = "classic",
    *,
    vary: Sequence[str] | None = None,
    max_changes: int = 3,
) -> SearchStrategy[Variant]:
    """``base`` with up to ``max_changes`` of the parameters ``vary`` (default: every key of
    :data:`PARAMETERS`) set to other values. Combinations the model rejects are skipped."""
    v = resolve(base)
    keys = sorted(vary if vary is not None else PARAMETERS)
    unknown = [k for k in keys if k not in PARAMETERS]
    if unknown:
        raise ValueError(f"variants() cannot vary {', '.join(unknown)}; see PARAMETERS")
    return _variants(v, keys, max_changes)


@st.composite
def _variants(draw: st.DrawFn, v: Variant, keys: list[str], max_changes: int) -> Variant:
    chosen = draw(st.lists(st.sampled_from(keys), unique=True, max_size=max_changes))
    data = to_data(v)
    for key in chosen:
        _set_in(data, key, draw(PARAMETERS[key]))
    if chosen:
        data["name"] = f"{v.name}-varied"[:60]
    try:
        return Model.model_validate(data)
    except ValidationError:
        assume(False)
        raise AssertionError("unreachable") from None  # pragma: no cover


# --------------------------------------------------------------------------------------------
# Deals, positions, hands, games


def _table(draw: st.DrawFn, v: Variant, players: int | None) -> Rules:
    if players is None:
        players = draw(st.sampled_from([s.players for s in v.seating]))
    return rules_for(v, players)


def deals(
    variant: VariantLike | SearchStrategy[Variant] = "classic",
    *,
    players: int | None = None,
) -> SearchStrategy[State]:
    """A freshly dealt hand: any seed, any dealer, any cumulative scores (hence any tier)."""
    return _deals(_variant_strategy(variant), players)


@st.composite
def _deals(draw: st.DrawFn, variants: SearchStrategy[Variant], players: int | None) -> State:
    v = draw(variants)
    rules = _table(draw, v, players)
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, rules.players - 1))
    scores = [
        draw(st.integers(-1000, rules.target - 5).map(lambda x: x - x % 5))
        for _ in range(rules.sides)
    ]
    return deal(rules, seed, dealer, scores)


def assert_consistent(s: State) -> None:
    """Fail (``AssertionError``) with every broken invariant of ``s``, one per line."""
    problems = state_problems(s)
    # An explicit raise, not ``assert``: the message stays the same when pytest rewrites this
    # module's assertions (it does, for a plugin) and under ``python -O``.
    if problems:
        raise AssertionError("inconsistent state:\n" + "\n".join(problems))


@dataclass
class PlayedHand:
    """A hand played out: its deal, its moves as applied (with drawn cards), its end."""

    start: State
    moves: list[tuple[int, Move]] = field(default_factory=list)
    end: State | None = None

    @property
    def rules(self) -> Rules:
        return self.start.rules


def play_checked(
    s: State,
    choose: Callable[[State, list[Move]], Move] | None = None,
    *,
    check: bool = True,
    max_moves: int | None = None,
) -> list[tuple[int, Move]]:
    """Play ``s`` on (in place) to the end of its hand, or ``max_moves`` moves.

    ``choose(state, legal_moves)`` picks each move (default: the first legal move). With
    ``check``, :func:`assert_consistent` runs after every move, and a live position must have a
    legal move. Returns the moves as applied."""
    history: list[tuple[int, Move]] = []
    if check:
        assert_consistent(s)
    while not s.over and (max_moves is None or len(history) < max_moves):
        moves = legal_moves(s)
        if not moves:
            raise AssertionError(f"no legal move in a live position (phase {s.phase.name})")
        m = choose(s, moves) if choose is not None else moves[0]
        history.append((s.actor, apply_unchecked(s, m)))
        if check:
            assert_consistent(s)
    return history


def _drawn_chooser(draw: st.DrawFn) -> Callable[[State, list[Move]], Move]:
    def choose(s: State, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        return moves[draw(st.integers(0, len(moves) - 1))]

    return choose


def positions(
    variant: VariantLike | SearchStrategy[Variant] = "classic",
    *,
    players: int | None = None,
    max_moves: int = 150,
) -> SearchStrategy[State]:
    """A live position: a deal, then up to ``max_moves`` moves chosen by hypothesis (a hand
    that ends sooner is cut one move before its end)."""
    return _positions(deals(variant, players=players), max_moves)


@st.composite
def _positions(draw: st.DrawFn, dealt: SearchStrategy[State], max_moves: int) -> State:
    s = draw(dealt)
    n = draw(st.integers(0, max_moves))
    choose = _drawn_chooser(draw)
    for _ in range(n):
        moves = legal_moves(s)
        m = choose(s, moves)
        t = s.copy()
        apply_unchecked(t, m)
        if t.over:
            break
        s = t
    return s


def hands(
    variant: VariantLike | SearchStrategy[Variant] = "classic",
    *,
    players: int | None = None,
    check: bool = True,
) -> SearchStrategy[PlayedHand]:
    """A whole hand, each move chosen by hypothesis among the legal moves. With ``check`` every
    invariant is asserted after every move (so drawing it is already a test)."""
    return _hands(deals(variant, players=players), check)


@st.composite
def _hands(draw: st.DrawFn, dealt: SearchStrategy[State], check: bool) -> PlayedHand:
    s = draw(dealt)
    hand = PlayedHand(s.copy())
    hand.moves = play_checked(s, _drawn_chooser(draw), check=check)
    hand.end = s
    return hand


def games(
    variant: VariantLike | SearchStrategy[Variant] = "classic",
    *,
    players: int | None = None,
    bots: Sequence[str] = ("random", "greedy"),
) -> SearchStrategy[GameResult]:
    """A whole game, hand after hand, played by one of ``bots`` at every seat (seeded)."""
    return _games(_variant_strategy(variant), players, tuple(bots))


@st.composite
def _games(
    draw: st.DrawFn, variants: SearchStrategy[Variant], players: int | None, bots: tuple[str, ...]
) -> GameResult:
    v = draw(variants)
    rules = _table(draw, v, players)
    seed = draw(st.integers(0, 2**32 - 1))
    kind = draw(st.sampled_from(list(bots)))
    return Game(v, seed, rules.players).play(make_bot(kind, seed))


# --------------------------------------------------------------------------------------------
# The pytest plugin


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("canasta", "canasta-rules: property-testing rulesets")
    group.addoption(
        "--canasta-variant",
        metavar="VARIANT|FILE",
        default=None,
        help="The ruleset the canasta_variant fixture gives (overrides the ini option).",
    )
    parser.addini(
        "canasta_variant",
        "The ruleset of the canasta_variant fixture: a built-in name or a file (relative to "
        "the ini file).",
        default="classic",
    )
    parser.addini(
        "canasta_sets",
        "KEY=VALUE overrides applied to canasta_variant, one per line.",
        type="linelist",
        default=[],
    )


def _configured(config: pytest.Config) -> tuple[str, tuple[str, ...]]:
    ref = config.getoption("canasta_variant", default=None)
    if ref is None:
        ref = str(config.getini("canasta_variant"))
        if config.inipath is not None and ("/" in ref or ref.endswith(".toml")):
            ref = str(config.inipath.parent / ref)
    sets = tuple(str(s) for s in config.getini("canasta_sets"))
    return str(ref), sets


@pytest.fixture(scope="session")
def canasta_variant(pytestconfig: pytest.Config) -> Variant:
    """The ruleset under test (``--canasta-variant``, or the ``canasta_variant`` ini option)."""
    ref, sets = _configured(pytestconfig)
    return load(ref, sets).variant


@pytest.fixture(scope="session")
def canasta_check(pytestconfig: pytest.Config) -> Callable[..., CheckReport]:
    """``canasta_check(ref=None, *sets, games=100, seed=0, **options)``: run ``canasta check``
    (static lints and seeded games) and return the report. ``ref`` defaults to the configured
    ruleset; see :func:`canasta_rules.check.run_check` for the options."""

    def run(
        ref: str | Path | None = None, *sets: str, games: int = 100, seed: int = 0, **kw: Any
    ) -> CheckReport:
        if ref is None:
            ref, base_sets = _configured(pytestconfig)
            sets = base_sets + sets
        return run_check(str(ref), tuple(sets), games, seed, **kw)

    return run
