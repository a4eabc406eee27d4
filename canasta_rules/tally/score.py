"""The tally's arithmetic: each side's score for a hand in the rows of the engine's
``SideScore`` (:func:`score_entries`), with the numbers ``score_hand`` gives the same table, once
:func:`~.checks.check_hand` has let the entry through."""

from __future__ import annotations

from ..engine.rules import Rules
from ..engine.scoring import SideScore, black_three_points, red_three_points
from .checks import check_hand, set_rules
from .entry import SideEntry


def score_entries(rules: Rules, entries: list[SideEntry]) -> list[SideScore]:
    """Each side's score for the hand, row by row, after :func:`check_hand`: the rows
    ``score_hand`` (``engine/scoring.py``) gives, with the same tables of ``Rules``."""
    check_hand(rules, entries)
    out: list[SideScore] = []
    someone_out = any(e.out for e in entries)
    sets = set_rules(rules)
    black_value = rules.variant.card_values.black_three
    for e in entries:
        against = someone_out and not e.out
        # black_threes.in_hand_penalty (BCB): black threes counted in hand when a player went
        # out cost the penalty in place of their value, as score_hand charges them. Only counts
        # of cards say how many there are; points entered under h are taken as they stand.
        held_black = dict(e.held_cards).get("black threes", 0)
        if not (someone_out and rules.black3_in_hand_penalty):
            held_black = 0
        red = red_three_points(rules, e.red, e.melded, e.canastas, against)
        black = (
            black_three_points(rules, e.black, e.melded, e.canastas, against)
            if rules.black3_bonus
            else 0
        )
        going = 0
        if e.out:
            going = rules.concealed_bonus if e.concealed else rules.out_bonus
        # penalties.no_canasta_melds = "minus" (CJ): no canasta, the melded cards count minus.
        melds = -e.meld if rules.no_canasta_melds_minus and not e.canastas else e.meld
        # canastas.special (CCP): a canasta of a special rank without wild cards earns its own
        # bonus in the Natural canastas row; one left unfinished is charged in Penalties, as is
        # an unfinished meld of wild cards (CCP, WUS), as the engine's canastas.Tally does.
        natural = e.natural * rules.natural_bonus
        natural += sum(n * rules.special_bonus[k] for k, n in e.special)
        wild = e.wild * rules.wild_canasta_bonus
        wild += e.twos * (rules.wild_twos_bonus or 0) + e.jokers * (rules.wild_jokers_bonus or 0)
        unfinished = sum(n * rules.special_penalty[k] for k, n in e.unfinished)
        unfinished += e.wild_open * rules.wild_unfinished_penalty
        out.append(
            SideScore(
                melds=melds,
                hands=-e.hand + held_black * black_value,
                black_threes=-held_black * rules.black3_in_hand_penalty,
                mixed_canastas=e.mixed * rules.mixed_bonus,
                natural_canastas=natural,
                run_canastas=e.runs * rules.run_bonus,
                wild_canastas=wild,
                run_count=e.runs,
                wild_count=e.wild_canastas,
                red_threes=red,
                going_out=going,
                penalties=-e.penalty - unfinished,
                mixed_count=e.mixed,
                natural_count=e.naturals,
                red_three_count=e.red,
                laid_black_threes=black,
                sets_in_hand=-sum(n * sets[k][1] for k, n in e.sets),
                black_three_count=e.black,
            )
        )
    return out
