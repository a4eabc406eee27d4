"""The tally's checks: entries no deal of the variant's cards can produce are refused
(:func:`check_bounds` for the counts no deal can hold whatever else is entered, :func:`check_hand`
for the whole hand), and what is only unlikely is named (:func:`hand_doubts`)."""

from __future__ import annotations

import math

from .. import cards as C
from ..engine.rules import NEVER, Rules
from ..seats import side_names
from ..variant.plain import ConcealedPlayer
from .cardcheck import check_card_bounds, check_card_counts
from .entry import SideEntry, TallyError, counted, rank_key, ranks_named


def _card_gcd(rules: Rules) -> int:
    g = 0
    for v in rules.value:
        g = math.gcd(g, v)
    return g


def _lowest_canasta_points(rules: Rules, natural: int, mixed: int, runs: int, wild: int) -> int:
    """The fewest meld points that these canastas can be worth."""
    naturals = [rules.value[c] for c in range(C.NUM_CARD_IDS) if _is_natural_card(c)]
    wilds = [rules.value[c] for c in range(C.NUM_CARD_IDS) if C.is_wild(c)]
    low_nat = min(naturals) if naturals else 0
    low_wild = min(wilds) if wilds else low_nat
    size = rules.canasta_size
    return (
        (natural + runs) * size * low_nat
        + mixed * ((size - 1) * low_nat + low_wild)
        + wild * size * low_wild
    )


def _lowest_meld_points(rules: Rules, e: SideEntry) -> int:
    """The fewest meld points the canastas and unfinished melds of ``e`` can be worth: those of
    a special rank are that rank's cards, a canasta of twos is twos, one with every joker holds
    them all, an unfinished meld holds at least ``melds.min_size`` cards (a meld of wild cards
    ``wild_melds.min_size``)."""
    size = rules.canasta_size
    two = rules.value[C.card(C.TWO, 0)]
    jokers = rules.deck_counts[C.JOKER]
    wilds = [rules.value[c] for c in range(C.NUM_CARD_IDS) if C.is_wild(c)]
    low_wild = min(wilds) if wilds else 0
    low = _lowest_canasta_points(rules, e.natural, e.mixed, e.runs, e.wild)
    low += sum(n * size * _rank_value(rules, k) for k, n in e.special)
    low += sum(n * rules.min_size * _rank_value(rules, k) for k, n in e.unfinished)
    low += e.twos * size * two
    low += e.jokers * (jokers * rules.value[C.JOKER] + max(size - jokers, 0) * low_wild)
    low += e.wild_open * rules.wild_meld_min * low_wild
    if rules.wild_twos_bonus is not None and jokers:
        # 'w' is then any make-up but all twos: it holds a joker at least.
        low += e.wild * max(rules.value[C.JOKER] - low_wild, 0)
    return low


def _in_pack(rules: Rules, rank: int) -> int:
    """How many cards of ``rank`` the pack holds (every suit, every pack)."""
    return sum(rules.deck_counts[C.card(rank, s)] for s in range(4))


def _rank_value(rules: Rules, rank: int) -> int:
    return rules.value[C.card(rank, 0)]


def _is_natural_card(c: int) -> bool:
    return not C.is_wild(c) and C.RANK_OF[c] >= 4


def _special_ranks(rules: Rules) -> list[int]:
    """The ranks with rules of their own (``canastas.special``)."""
    return [k for k in C.NATURAL_RANKS if rules.special_wild[k]]


def set_rules(rules: Rules) -> dict[int, tuple[int, int]]:
    """``penalties.in_hand_sets`` by rank: (cards a player holds, points the set costs)."""
    return {k: (count, points) for k, count, points in rules.hand_sets}


def _unscored(rules: Rules) -> str:
    """The rules of a ruleset the tally's counts cannot score ('' when it can score them all)."""
    if rules.lone_pickup:
        # BCT: once the pile is taken the two partners pool their result and each is credited
        # the whole; a line of counts cannot say who played alone (score a position instead).
        return "partnerships formed during the hand (seating.forming)"
    return ""


def _check_items(rules: Rules, name: str, e: SideEntry) -> None:
    """Refuse an item the ruleset has no rule for: a special rank it lacks, a set it does not
    charge, canastas of wild cards by make-up it does not score, black threes it does not lay."""
    special = _special_ranks(rules)
    for attr, prefix, what in (("special", "c", "canastas"), ("unfinished", "u", "melds")):
        for k, n in getattr(e, attr):
            if k in special:
                continue
            key = f"{rank_key(prefix, k)} {n}"
            if not special:
                raise TallyError(
                    f"{name}: {key}: this ruleset has no special {what} by rank (canastas.special)"
                )
            raise TallyError(
                f"{name}: {key}: {C.RANK_WORDS[k][1]} have no rule of their own in this ruleset "
                f"(canastas.special: {ranks_named(special)})"
            )
    sets = set_rules(rules)
    for k, n in e.sets:
        if k not in sets:
            held = f"; it charges {ranks_named(sorted(sets))}" if sets else ""
            raise TallyError(
                f"{name}: {rank_key('h', k)} {n}: this ruleset charges no set of "
                f"{C.RANK_WORDS[k][1]} held at the end (penalties.in_hand_sets{held})"
            )
    for key, count in (("uw", e.wild_open), ("w2", e.twos), ("wj", e.jokers)):
        if count and not rules.wild_melds:
            raise TallyError(
                f"{name}: {key} {count}: this ruleset has no melds of wild cards (melds.wild_melds)"
            )
    for key, count, bonus, field in (
        ("w2", e.twos, rules.wild_twos_bonus, "twos_bonus"),
        ("wj", e.jokers, rules.wild_jokers_bonus, "jokers_bonus"),
    ):
        if count and bonus is None:
            raise TallyError(
                f"{name}: {key} {count}: this ruleset gives no canasta of wild cards a bonus by "
                f"its make-up (melds.wild_melds.{field}); enter it under w"
            )
    if e.jokers and not rules.deck_counts[C.JOKER]:
        raise TallyError(f"{name}: wj {e.jokers}: this ruleset's pack has no jokers")
    if e.black and not rules.black3_bonus:
        raise TallyError(
            f"{name}: b {e.black}: this ruleset does not lay black threes out as bonus cards "
            "(black_threes.bonus)"
        )


def _by_side(names: tuple[str, ...], counts: list[int]) -> str:
    """``NS 3, EW 2``: the sides that entered some of a count (for refusals that span them)."""
    return ", ".join(f"{n} {c}" for n, c in zip(names, counts, strict=True) if c)


def _check_pack(rules: Rules, names: tuple[str, ...], entries: list[SideEntry]) -> None:
    """Refuse counts that need more cards of a kind than the pack holds."""
    v = rules.variant
    pack = f"the pack of {v.deck.size} cards holds"
    blacks = [e.black for e in entries]
    if sum(blacks) > v.deck.black_threes:
        raise TallyError(
            f"{sum(blacks)} black threes entered ({_by_side(names, blacks)}); "
            f"{pack} {v.deck.black_threes}"
        )
    size = rules.canasta_size
    twos_in_pack = _in_pack(rules, C.TWO)
    jokers_in_pack = rules.deck_counts[C.JOKER]
    if sum(e.jokers for e in entries) > 1:
        raise TallyError(
            f"only one canasta of wild cards can hold all {jokers_in_pack} jokers of the pack (wj)"
        )
    twos = sum(e.twos * size + e.jokers * max(size - jokers_in_pack, 0) for e in entries)
    if twos > twos_in_pack:
        raise TallyError(
            f"the canastas of wild cards entered (w2, wj) need at least {twos} twos; "
            f"{pack} {twos_in_pack}"
        )
    sets = set_rules(rules)
    for k in C.NATURAL_RANKS:
        canastas = sum(n for e in entries for r, n in e.special if r == k)
        melds = sum(n for e in entries for r, n in e.unfinished if r == k)
        held = sum(n for e in entries for r, n in e.sets if r == k)
        if not (canastas or melds or held):
            continue
        plural = C.RANK_WORDS[k][1]
        if rules.dead_ranks and canastas > 1:
            raise TallyError(
                f"{canastas} canastas of {plural} entered; once one is made nobody melds "
                f"{plural} again (canastas.dead_ranks)"
            )
        count = sets.get(k, (0, 0))[0]
        need = canastas * size + melds * rules.min_size + held * count
        in_pack = _in_pack(rules, k)
        if need > in_pack:
            each = [
                f"each {what} {n}"
                for what, n, present in (
                    ("canasta", size, canastas),
                    ("unfinished meld", rules.min_size, melds),
                    ("set held", count, held),
                )
                if present
            ]
            raise TallyError(
                f"the {plural} entered need at least {need} of them ({', '.join(each)}); "
                f"{pack} {in_pack}"
            )


def _pack_points(rules: Rules) -> int:
    """What every card of the pack together counts (a black three at its in-hand charge where
    that is more): no table's meld and hand points can add up to more."""
    total = 0
    for c in range(C.NUM_CARD_IDS):
        value = rules.value[c]
        if C.is_black_three(c):
            value = max(value, rules.black3_in_hand_penalty)
        total += rules.deck_counts[c] * value
    return total


def _points_doubt(rules: Rules, names: tuple[str, ...], entries: list[SideEntry]) -> str | None:
    """Meld and hand points (m, h) beyond what the whole pack's cards count, for a side or for
    the table: most likely a slip of the pen."""
    cap = _pack_points(rules)
    pack = f"every card of the pack of {rules.variant.deck.size} together counts {cap}"
    for name, e in zip(names, entries, strict=True):
        if e.meld + e.hand > cap:
            return f"{name}: m {e.meld} and h {e.hand} make {e.meld + e.hand}; {pack}"
    total = sum(e.meld + e.hand for e in entries)
    if total > cap:
        said = "; ".join(f"{n} m {e.meld} h {e.hand}" for n, e in zip(names, entries, strict=True))
        return f"the sides' meld and hand points make {total} ({said}); {pack}"
    return None


def _canastas_doubt(rules: Rules, entries: list[SideEntry]) -> str | None:
    """More canastas of ranks than the pack's natural cards make. A canasta of a rank holds
    ``canastas.min_naturals`` natural cards of it at least (a natural one, all
    ``canastas.size``), so a rank makes at most that many of them; a natural canasta of a
    special rank is a ``c`` item, never an ``n``, and a rank that never takes a wild card makes
    no ``x``."""
    size, base = rules.canasta_size, rules.canasta_base
    special = set(_special_ranks(rules))
    in_pack = {k: _in_pack(rules, k) for k in C.NATURAL_RANKS}
    n = sum(e.natural for e in entries)
    x = sum(e.mixed for e in entries)
    plain = [k for k in C.NATURAL_RANKS if k not in special]
    takes_wild = [k for k in C.NATURAL_RANKS if k not in special or rules.special_wild[k] != NEVER]
    n_cap = sum(in_pack[k] // size for k in plain)
    if n > n_cap:
        return (
            f"{n} natural canastas entered (n); the pack's {ranks_named(plain)} make at most "
            f"{n_cap} of {size} natural cards each"
        )
    specials = sum(c for e in entries for k, c in e.special if k in takes_wild)
    both, both_cap = n + x + specials, sum(in_pack[k] // base for k in takes_wild)
    if both > both_cap:
        what = "natural and mixed canastas (n, x" + (", c)" if special else ")")
        return (
            f"{both} {what} entered; with at least {base} natural cards of one rank in each, "
            f"the pack's {ranks_named(takes_wild)} make at most {both_cap}"
        )
    return None


def hand_doubts(rules: Rules, entries: list[SideEntry]) -> list[str]:
    """What in a hand's entries no deal can produce but is still scored as entered: more meld
    and hand points than the pack counts, more canastas of ranks than its natural cards make.
    A table reads these off the cards, so they are most likely slips; but a sheet may also be
    used to try out a game's end (enter the points as they stand), so they are warned about,
    not refused. A hand with nothing entered for any side is warned about too."""
    names = side_names(rules.players, rules.sides)
    if all(e.empty for e in entries):
        # Every hand ends with cards melded or held somewhere: most likely a side's name typed
        # alone, or Enter pressed by mistake.
        return [f"nothing was entered for {' or '.join(names)}: the hand is 0 to 0"]
    found = (_canastas_doubt(rules, entries), _points_doubt(rules, names, entries))
    return [d for d in found if d is not None]


def _check_side(rules: Rules, name: str, e: SideEntry) -> None:
    """Refuse per-rank counts and melds of wild cards one side cannot hold together."""
    for k, n in e.unfinished:
        if n > 1:
            raise TallyError(
                f"{name}: {rank_key('u', k)} {n}: a side has one meld of {C.RANK_WORDS[k][1]} "
                "at a time"
            )
    if rules.no_reopen or not rules.canasta_closed:
        why = (
            "a closed canasta of a rank is not melded again (canastas.reopen_closed_rank)"
            if rules.canasta_closed
            else "a canasta stays open, never closed for a second meld (canastas.closed)"
        )
        done = dict(e.special)
        for k in sorted(set(done) | dict(e.unfinished).keys()):
            melds = done.get(k, 0) + dict(e.unfinished).get(k, 0)
            if melds > 1:
                raise TallyError(f"{name}: {melds} melds of {C.RANK_WORDS[k][1]}: {why}")
    if e.wild_open > 1:
        raise TallyError(f"{name}: uw {e.wild_open}: a side has one meld of wild cards at a time")
    if e.wild_open and e.wild_canastas and rules.no_reopen:
        raise TallyError(
            f"{name}: uw {e.wild_open} beside a canasta of wild cards: a closed canasta of wild "
            "cards is not followed by another meld of them (canastas.reopen_closed_rank)"
        )
    if e.wild_open and e.wild_canastas and not rules.canasta_closed:
        raise TallyError(
            f"{name}: uw {e.wild_open} beside a canasta of wild cards: a side keeps one meld of "
            "wild cards, and an open canasta is never closed for a second (melds.wild_melds, "
            "canastas.closed)"
        )
    if e.out and e.wild_open and rules.wild_blocks_out:
        raise TallyError(
            f"{name} went out with a meld of wild cards unfinished; this ruleset forbids it "
            "(melds.wild_melds.open_blocks_going_out)"
        )
    holders = rules.side_size - (1 if e.out else 0)
    for k, n in e.sets:
        if n > holders:
            who = counted(rules.side_size, "player") + (", one of whom went out," if e.out else "")
            raise TallyError(
                f"{name}: {rank_key('h', k)} {n}: a side of {who} holds at most "
                f"{counted(holders, 'set')} of {C.RANK_WORDS[k][1]} (one a player)"
            )


def _check_out(rules: Rules, name: str, e: SideEntry) -> None:
    """Refuse a side's going out without what going out needs: its canastas (by kind, where a
    contract names kinds), no meld still open that stops it, no cards left with a lone player."""
    v = rules.variant
    need = rules.canastas_to_go_out
    why = "going_out.canastas"
    if (
        e.concealed
        and isinstance(v.going_out.concealed, ConcealedPlayer)
        and v.going_out.concealed.own_canasta
        and need < 1
    ):
        need, why = 1, "going_out.concealed.own_canasta"
    if e.canastas < need:
        how = "out concealed" if e.concealed else "out"
        have = "no canasta" if not e.canastas else f"only {counted(e.canastas, 'canasta')}"
        raise TallyError(
            f"{name} went {how} with {have}; this ruleset needs {counted(need, 'canasta')} "
            f"to go {how} ({why})"
        )
    if e.runs < rules.run_canastas_to_go_out:
        raise TallyError(
            f"{name} went out with {counted(e.runs, 'run canasta')}; this ruleset needs "
            f"{rules.run_canastas_to_go_out} (going_out.sequence_canastas)"
        )
    for count, want, kind in (
        (e.naturals, rules.natural_to_go_out, "natural"),
        (e.mixed, rules.mixed_to_go_out, "mixed"),
        (e.wild_canastas, rules.wild_to_go_out, "wild"),
    ):
        if count < want:
            raise TallyError(
                f"{name} went out with {counted(count, kind + ' canasta')}; this ruleset needs "
                f"{want} (going_out.{kind}_canastas)"
            )
    for k, n in e.unfinished:
        if n and k in rules.special_blocks_out:
            raise TallyError(
                f"{name} went out with a pure meld of {C.RANK_WORDS[k][1]} unfinished "
                f"({rank_key('u', k)} {n}); this ruleset forbids it "
                "(canastas.special: open_blocks_going_out)"
            )
    if rules.side_size == 1 and e.hand:
        raise TallyError(
            f"{name} went out, so holds no cards: h {e.hand} is impossible "
            "(a player alone has no partner holding cards)"
        )


def _check_wild_cards(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse canastas and melds of wild cards that need more wild cards than the pack holds."""
    v = rules.variant
    # Canastas of wild cards take canasta-size wild cards each, and a mixed canasta at least one.
    wild_cards = v.deck.wild_cards
    size = rules.canasta_size
    need_wild = sum(e.wild_canastas for e in entries) * size + sum(e.mixed for e in entries)
    open_wild = sum(e.wild_open for e in entries) * rules.wild_meld_min
    if need_wild + open_wild > wild_cards:
        each = f"each wild canasta {size}, each mixed one 1"
        if open_wild:
            each += f", each unfinished meld of wild cards {rules.wild_meld_min}"
        keys = [
            k
            for k, used in (
                ("x", any(e.mixed for e in entries)),
                ("w", any(e.wild_canastas for e in entries)),
                ("uw", open_wild),
            )
            if used
        ]
        raise TallyError(
            f"{', '.join(keys)}: the canastas entered need at least {need_wild + open_wild} "
            f"wild cards ({each}); the pack of {v.deck.size} cards holds {wild_cards}"
        )


def check_points(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse meld and hand points that no cards add up to: where every card counts a multiple
    of 5, so does every count of points."""
    names = side_names(rules.players, rules.sides)
    step = _card_gcd(rules)
    for name, e in zip(names, entries, strict=True):
        if step > 1:
            for key, value in (("m", e.meld), ("h", e.hand)):
                if value % step:
                    raise TallyError(
                        f"{name}: {key} {value} is not a multiple of {step}; every card "
                        f"counts a multiple of {step} in this ruleset"
                    )


def check_bounds(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse counts that no deal of the variant's cards can hold, whatever the rest of the
    hand's entry says (TallyError): more threes, cards of a kind or canastas of wild cards than
    the pack holds, items the ruleset has no rule for, melds one side cannot hold together.
    Every such refusal stays when a count grows, so the guided prompt checks each answer with
    it as it is given (``tally.prompt``)."""
    v = rules.variant
    names = side_names(rules.players, rules.sides)
    outs = [i for i, e in enumerate(entries) if e.out]
    if len(outs) > 1:
        raise TallyError(f"{' and '.join(names[i] for i in outs)} cannot both go out")
    reds = [e.red for e in entries]
    if sum(reds) > v.deck.red_threes:
        raise TallyError(
            f"{sum(reds)} red threes entered ({_by_side(names, reds)}); the pack of "
            f"{v.deck.size} cards holds {v.deck.red_threes}"
        )
    for name, e in zip(names, entries, strict=True):
        _check_items(rules, name, e)
        _check_side(rules, name, e)
    _check_wild_cards(rules, entries)
    _check_pack(rules, names, entries)
    check_card_bounds(rules, entries)
    for name, e in zip(names, entries, strict=True):
        if e.runs and not rules.runs:
            raise TallyError(f"{name}: s {e.runs}: this ruleset has no runs (melds.sequences)")
        if e.wild and not rules.wild_melds:
            raise TallyError(
                f"{name}: w {e.wild}: this ruleset has no melds of wild cards (melds.wild_melds)"
            )
        if e.wild_canastas > 1 and not rules.canasta_closed:
            said = f"w {e.wild}" if e.wild == e.wild_canastas else "w, w2 and wj"
            raise TallyError(
                f"{name}: {said}: a side keeps one meld of wild cards, and an open canasta is "
                "never closed for a second (melds.wild_melds, canastas.closed)"
            )


def check_hand(rules: Rules, entries: list[SideEntry]) -> None:
    """Refuse entries that no deal of the variant's cards can produce (TallyError): those
    :func:`check_bounds` refuses, and counts the rest of the entry contradicts: going out
    without what going out needs, canastas without the points or cards they are made of, sets
    held without their points in hand."""
    check_bounds(rules, entries)
    names = side_names(rules.players, rules.sides)
    sets = set_rules(rules)
    for name, e in zip(names, entries, strict=True):
        held = sum(n * sets[k][0] * _rank_value(rules, k) for k, n in e.sets)
        if e.hand < held:
            raise TallyError(
                f"{name}: the sets held are at least {held} points of cards in hand, but h is "
                f"{e.hand}"
            )
        if e.out:
            _check_out(rules, name, e)
        low = _lowest_meld_points(rules, e)
        if e.meld < low:
            what = []
            if e.canastas or not e.unfinished_melds:
                what.append(f"{counted(e.canastas, 'canasta')} of {rules.canasta_size} cards")
            if e.unfinished_melds:
                what.append(counted(e.unfinished_melds, "unfinished meld"))
            are = "is" if len(what) == 1 and (e.canastas or e.unfinished_melds) == 1 else "are"
            raise TallyError(
                f"{name}: {' and '.join(what)} {are} worth at least {low} in meld points, but m "
                f"is {e.meld}"
            )
    check_points(rules, entries)
    check_card_counts(rules, entries)
