"""A scorekeeper for a table playing with real cards (``canasta tally``).

Each hand is entered per side as counts that a table can read off the cards: the points of the
cards melded, how many canastas of each kind, how many threes, who went out (and whether
concealed), the points left in hands and any penalty. The variant's scoring turns them into the
rows of the sources' score tables (:class:`~canasta_rules.engine.scoring.SideScore`), with the
same arithmetic as the engine's ``score_hand``: canasta bonuses, special canastas and the
charges for unfinished ones, red-three totals (counted against a side that did not meld, or
made no canasta, as the variant says), the going-out or concealed bonus. The running totals set
each side's minimum for the next hand, and the target decides the winner (a tie at the top
plays another hand, as the engine's games do).

One hand is one line, sides separated by semicolons::

    NS m 380 n 1 x 1 r 2 out; EW m 200 x 1 h 35

``m`` meld points (cards on the table, not bonuses), ``n`` natural canastas, ``x`` mixed
canastas, ``s`` canastas that are runs (Samba's sambas, Bolivia's escaleras: rulesets with
runs), ``w`` canastas of wild cards (rulesets with melds of wild cards), ``r`` red threes, ``h``
points left in the side's hands (entered as a positive number, subtracted), ``p`` penalty points
(subtracted), ``out`` or ``concealed`` for the side whose player went out. A side that is not
named entered nothing: it did not meld and holds no counted cards.

Rulesets with special canastas and charges (Modern American: CCP, WUS, CJ in
docs/family/modern-american.md) have items of their own, read off the cards as the others::

    NS m 250 c7 1 n 1 r 2 b 1 out; EW m 195 x 1 uA 1 uw 1 h 80 hA 1

``c7``, ``cA`` (``c`` and a rank: 4 to 9, T or 10, J, Q, K, A) canastas of that rank without a
wild card, for a rank with a rule of its own (``canastas.special``): each earns the rank's bonus,
and is not counted in ``n``; ``u7``, ``uA`` melds of such a rank without a wild card left
unfinished, each charged the rank's ``unfinished_penalty``; ``w2`` canastas of wild cards that
are all twos and ``wj`` those holding every joker of the pack, where ``melds.wild_melds`` gives
them ``twos_bonus`` and ``jokers_bonus`` (``w`` is then any other make-up); ``uw`` melds of wild
cards left unfinished (``wild_melds.unfinished_penalty``); ``b`` black threes laid out as bonus
cards (``black_threes.bonus``, scored on ``black_threes.totals`` with the red threes' sign);
``hA``, ``h7`` (``h`` and a rank) players of the side left holding a set of that rank
(``penalties.in_hand_sets``; the cards' points are in ``h`` too). A meld of aces opened with a
wild card is an ordinary meld: its canasta is an ``x``, and unfinished it costs nothing.

The only ruleset refused when the sheet is started is one whose partnerships form during the
hand (``seating.forming``): a line of per-side counts cannot say who played alone.

An entry the cards cannot produce is refused with a one-line reason: more threes than the pack
holds, two sides going out, going out (or going out concealed) without the canastas the variant
requires (a going-out contract by kind of canasta is checked from ``n``, ``x`` and ``w``), or
with a meld of wild cards unfinished where that forbids it, canastas and unfinished melds
without the meld points their cards are worth, points that no set of cards adds up to, a lone
player with cards left after going out, a count for a rank or make-up the variant has no rule
for, more canastas, melds or sets of a rank than the pack's cards make, two melds of one rank
where a side melds a rank once, two canastas of a rank where a canasta makes the rank dead.
Meld and hand points beyond what the whole pack counts, and more canastas of ranks than its
natural cards make, are warned about and scored as entered (``TallyHand.doubts``).

In place of the points after ``m`` and ``h``, a side's cards may be counted by kind, each count
before its kind: ``m 1 joker 3 twos 15 K-8 6 7-4 3 black threes``. The kinds are the ruleset's
(``cards``: ranks of one value that follow each other are counted together), and counts let
more be checked: no kind past what the pack holds, black threes melded only in going out,
canastas with their wild and natural cards.

The sheet is a small TOML file (the ruleset, the teams' names and each hand's entry line),
rewritten whole after every change; the totals are computed again when it is read, so a sheet
is never out of step. A past hand can be edited or deleted (the later hands are scored again).

Modules: ``entry`` (the entry language), ``cards`` (the kinds of card counted), ``checks`` and
``cardcheck`` (the refusals and warnings), ``score`` (the arithmetic), ``sheet`` (the sheet and
its file), ``prompt`` (the guided prompt: each count asked, checked as it is given), ``session``
(the prompt's and a pipe's commands), ``export`` (CSV, printable HTML, JSON).
"""

from __future__ import annotations

from .checks import check_bounds, check_hand
from .entry import COUNT_KEYS, FLAGS, RANK_KEYS, SideEntry, TallyError, entry_text, parse_entry
from .prompt import Guide, guided_entry, prompts_for
from .score import score_entries
from .sheet import Sheet, TallyHand, hand_table_rows, status_lines

__all__ = [
    "COUNT_KEYS",
    "FLAGS",
    "RANK_KEYS",
    "Guide",
    "Sheet",
    "SideEntry",
    "TallyError",
    "TallyHand",
    "check_bounds",
    "check_hand",
    "entry_text",
    "guided_entry",
    "hand_table_rows",
    "parse_entry",
    "prompts_for",
    "score_entries",
    "status_lines",
]
