"""Procedural penalties a record reports with a ``penalty`` line (``[penalties]`` in the variant).

Legal play never produces these: they repair a slip at the table (004's rules 3 to 7). A replay
calls :func:`apply_penalty` when it reads ``penalty SEAT KIND [CARD]``; a ruleset without the
rule refuses the line, naming the parameter. The effects, one per kind:

``wild_returned``
    The seat's side is charged ``penalties.wild_returned`` points ("Penalties" row).
``extra_card CARD`` (``penalties.extra_card = "skip_next_draw"``)
    CARD, the top stock card, goes into the seat's hand; the seat's next turn begins with no draw
    (``State.no_draw``; the turn starts in PLAY with ``State.drew == NO_DRAW``).
``forgot_draw`` (``penalties.forgotten_draw = "draw_after_discard"``)
    Written after the seat's turn that was played without a draw (the replay lets such a turn
    through when this line follows it; :func:`start_without_draw`). The seat now takes the top
    stock card, as a one-card stock draw (a red three is laid down and replaced).
``exposed_stock CARD`` (``penalties.exposed_stock_card = "shown_and_returned"``)
    CARD must be the top stock card; it is shown and stays where it was: nothing changes.
``exposed CARD`` (``penalties.exposed_card = "left_face_up"``)
    CARD, in the seat's hand, is now face up on the table (``State.face_up``). It still counts
    as the seat's hand card for every rule; it stops being face up when it is melded or
    discarded (:func:`settle`, which the replay calls after each turn line).
"""

from __future__ import annotations

from .. import cards as C
from ..errors import IllegalMoveError, Refusal
from .mutate import _draw_sequence
from .state import DRAW, NO_DRAW, OVER, PLAY, State

KINDS = ("wild_returned", "extra_card", "forgot_draw", "exposed_stock", "exposed")
"""Every penalty a record may name, in the order docs/notation.md lists them."""

WITH_CARD = frozenset({"extra_card", "exposed_stock", "exposed"})
"""The kinds whose line names one card."""


def allowed(s: State, kind: str) -> bool:
    """Whether the ruleset of ``s`` has the penalty ``kind``."""
    p = s.rules.variant.penalties
    if kind == "wild_returned":
        return p.wild_returned > 0
    if kind == "extra_card":
        return p.extra_card != "none"
    if kind == "forgot_draw":
        return p.forgotten_draw != "none"
    if kind == "exposed_stock":
        return p.exposed_stock_card != "none"
    if kind == "exposed":
        return p.exposed_card != "none"
    return False


def _check_allowed(s: State, kind: str) -> None:
    if allowed(s, kind):
        return
    if kind == "wild_returned":
        raise IllegalMoveError(
            Refusal(
                "penalty.wild_returned",
                "penalties.wild_returned",
                "this ruleset has no penalty for a wild card taken back "
                "(penalties.wild_returned is 0)",
            )
        )
    if kind == "extra_card":
        raise IllegalMoveError(
            Refusal(
                "penalty.extra_card",
                "penalties.extra_card",
                "this ruleset has no rule for an extra card drawn (penalties.extra_card is none)",
            )
        )
    if kind == "forgot_draw":
        raise IllegalMoveError(
            Refusal(
                "penalty.forgotten_draw",
                "penalties.forgotten_draw",
                "this ruleset has no rule for a forgotten draw (penalties.forgotten_draw is none)",
            )
        )
    if kind == "exposed_stock":
        raise IllegalMoveError(
            Refusal(
                "penalty.exposed_stock_card",
                "penalties.exposed_stock_card",
                "this ruleset has no rule for an exposed stock card "
                "(penalties.exposed_stock_card is none)",
            )
        )
    if kind == "exposed":
        raise IllegalMoveError(
            Refusal(
                "penalty.exposed_card",
                "penalties.exposed_card",
                "this ruleset has no rule for an exposed card (penalties.exposed_card is none)",
            )
        )
    raise IllegalMoveError(
        Refusal(
            "penalty.unknown",
            "",
            f"no penalty is called '{kind}' (known: {', '.join(KINDS)})",
        )
    )


def _check_top(s: State, card: int, kind: str) -> None:
    if not s.stock:
        raise IllegalMoveError(Refusal("penalty.stock_empty", "", f"{kind}: the stock is empty"))
    if s.stock_known:
        if s.stock[-1] != card:
            raise IllegalMoveError(
                Refusal(
                    "penalty.not_top",
                    "",
                    f"{kind}: {C.name(card)} is not the top stock card ({C.name(s.stock[-1])} is)",
                )
            )
    elif card not in s.stock:
        raise IllegalMoveError(
            Refusal("penalty.not_top", "", f"{kind}: {C.name(card)} is not in the stock")
        )


def apply_penalty(s: State, seat: int, kind: str, card: int | None = None) -> None:
    """Apply the penalty ``kind`` to ``seat`` (``card``: the card the line names, for the kinds in
    :data:`WITH_CARD`). Raises :class:`IllegalMoveError` with a ``penalty.*`` rule code when the
    ruleset has no such rule or the line cannot have happened."""
    _check_allowed(s, kind)
    if (card is not None) != (kind in WITH_CARD):
        said = "names one card" if kind in WITH_CARD else "names no card"
        raise IllegalMoveError(Refusal("penalty.card", "", f"the penalty '{kind}' {said}"))
    if s.phase == OVER and kind != "wild_returned":
        raise IllegalMoveError(Refusal("penalty.hand_over", "", f"{kind}: the hand is over"))
    if kind == "wild_returned":
        r = s.rules
        # Charged to the seat's own score column (its side as seated at the deal).
        s.penalties[r.side_of[seat]] += r.wild_returned_penalty
        return
    if kind == "forgot_draw":
        if not s.stock:
            raise IllegalMoveError(
                Refusal("penalty.stock_empty", "", "forgot_draw: the stock is empty")
            )
        if not s.stock_known:
            raise IllegalMoveError(
                Refusal(
                    "penalty.stock_unknown",
                    "",
                    "forgot_draw: the stock's order is not known, so its top card is not either",
                )
            )
        _draw_sequence(s, seat, None, 1)
        return
    assert card is not None
    if kind == "extra_card":
        _check_top(s, card, kind)
        if C.is_red_three(card):
            raise IllegalMoveError(
                Refusal(
                    "penalty.red_three",
                    "penalties.extra_card",
                    "extra_card: a red three drawn by mistake is laid down like any red three "
                    "drawn (004 gives no other remedy); write the draw instead",
                )
            )
        s.take_from_stock(card)
        s.add_card(seat, card)
        if not s.stock and s.last_drawer < 0:
            s.last_drawer = seat
        s.no_draw |= 1 << seat
        return
    if kind == "exposed_stock":
        _check_top(s, card, kind)
        return
    # exposed
    shown = face_up(s, seat)
    if s.hands[seat][card] <= shown.count(card):
        held = "not in" if not s.hands[seat][card] else "already face up from"
        raise IllegalMoveError(
            Refusal("penalty.not_in_hand", "", f"exposed: {C.name(card)} is {held} the hand")
        )
    _set_face_up(s, seat, (*shown, card))


def set_pending(s: State, seat: int, kind: str, card: int | None) -> None:
    """What a position says of penalties still in force: ``extra_card`` without a card (the
    seat's next turn begins with no draw; the extra card is already in the hand) and
    ``exposed CARD`` (a card of the hand lies face up). Other kinds leave nothing pending."""
    _check_allowed(s, kind)
    if kind == "exposed" and card is not None:
        apply_penalty(s, seat, kind, card)
        return
    if kind == "extra_card" and card is None:
        s.no_draw |= 1 << seat
        return
    raise IllegalMoveError(
        Refusal(
            "penalty.position",
            "",
            f"a position says only 'extra_card' (no card) and 'exposed CARD', not '{kind}'"
            + (" with a card" if kind == "extra_card" else ""),
        )
    )


def start_without_draw(s: State) -> None:
    """Begin the turn of the player to move with no draw: a turn the record follows with
    ``penalty SEAT forgot_draw`` (``penalties.forgotten_draw``)."""
    _check_allowed(s, "forgot_draw")
    if s.phase != DRAW:
        raise IllegalMoveError(
            Refusal("penalty.forgot_draw_turn", "", "forgot_draw: the turn has begun already")
        )
    s.drew = NO_DRAW
    s.phase = PLAY


def face_up(s: State, seat: int) -> tuple[int, ...]:
    """The cards ``seat`` has face up on the table (part of their hand)."""
    return s.face_up[seat] if s.face_up else ()


def _set_face_up(s: State, seat: int, cards: tuple[int, ...]) -> None:
    rows: list[tuple[int, ...]] = (
        list(s.face_up) if s.face_up else [() for _ in range(s.rules.players)]
    )
    rows[seat] = tuple(sorted(cards, key=C.sort_key))
    s.face_up = tuple(rows) if any(rows) else ()


def settle(s: State) -> None:
    """Drop face-up cards that have left their holder's hand (melded or discarded). Where the
    hand still holds other copies of the card, the record does not say which copy was laid: the
    face-up copies are kept while the hand holds that many (docs/notation.md, "Penalties")."""
    if not s.face_up:
        return
    for seat, cards in enumerate(s.face_up):
        kept: list[int] = []
        for c in cards:
            if kept.count(c) < s.hands[seat][c]:
                kept.append(c)
        if len(kept) != len(cards):
            _set_face_up(s, seat, tuple(kept))
