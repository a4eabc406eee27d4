"""The words a person may type at the table besides a move, the same in line mode and the app:
``help``, ``moves``, ``? CODE``, ``hint``, ``undo`` and ``quit``.

:func:`command` answers one of them with the lines to show and what the caller must do next
(stop, or show the table again after an undo); it returns None for anything else, which is then
read as a move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .explain import explain
from .session import PlayError, Session, Undone

QUIT_WORDS = ("quit", "q", "exit")


@dataclass
class Reply:
    lines: list[str] = field(default_factory=list)
    quit: bool = False
    """Stop playing (the record is already written)."""
    changed: bool = False
    """The game went back (``undo``): show the table afresh."""


def help_lines(sess: Session, keys: bool = False) -> list[str]:
    """Every command, in a player's words; ``keys``: the app's keys too."""
    lines = [
        "type a move as the notation writes it, without your seat:",
        "  draw | take with 9c 9d | meld Kc Kd Kh, 7c 7d 2s | add K: Ks | discard 4c",
        "  several moves may go on one line: draw discard 4c",
    ]
    if sess.rules.permission:
        lines.append(
            "  ask: ask your partner whether you may go out (the partner answers yes or no)"
        )
    lines += [
        "commands:",
        "  moves     the legal moves here (one of each kind)",
        "  hint      the move the strategy bot would make for you, and why",
        "  undo      take back your last turn (and the other players' moves since)",
        "  ? CODE    the rule behind a refusal: its setting here and its source",
        "            (? also takes a setting's name: ? going_out.canastas)",
        "  help      this list",
        "  quit      stop; the record is kept, and canasta play --resume goes on from it",
    ]
    if keys:
        lines += [
            "keys: F2 pick from the legal moves, F3 back to typing, Ctrl+Q stop",
            "      at the end of a hand: Enter for the next hand, u to take back your last turn",
        ]
    return lines


def command(sess: Session, text: str, keys: bool = False) -> Reply | None:
    """The reply to a command, or None when ``text`` is not one (it is then a move)."""
    text = text.strip()
    word = text.lower()
    first = word.split(" ", 1)[0]
    if first in ("help", "moves", "hint", "undo", *QUIT_WORDS) and first != word:
        return Reply([f"type {first} alone, with nothing after it"])
    if word == "help":
        return Reply(help_lines(sess, keys))
    if word in QUIT_WORDS:
        return Reply(quit=True)
    if word == "moves":
        if sess.hand_over:
            return Reply(["no moves: the hand is over"])
        if not sess.human_to_move:
            return Reply(["no moves: it is not your turn"])
        return Reply([f"  {t}" for t in sess.legal_texts()])
    if text.startswith("?"):
        return Reply(explain(sess.loaded, sess.refusals, text[1:]))
    if word == "hint":
        from .hint import hint

        return Reply(hint(sess))
    if word == "undo":
        return _undo(sess)
    return None


def _undo(sess: Session) -> Reply:
    try:
        done = sess.undo()
    except PlayError as e:
        return Reply([str(e)])
    return Reply([undone_text(sess, done)], changed=True)


def undone_text(sess: Session, done: Undone) -> str:
    """What ``undo`` took back, as a player would say it: turns, not the engine's moves (a draw
    and a discard are two moves but one turn)."""
    who = sess.seats[done.seat]
    if done.partial:
        return (
            f"taken back: what {who} has played of this turn; {who} plays it again from the start"
        )
    what = f"{who}'s last turn"
    if done.later:
        what += (
            " and the turn after it" if done.later == 1 else f" and the {done.later} turns after it"
        )
    hand = sess.hand.number
    if done.scored:
        what += f", and hand {hand}'s score" if done.earlier_hand else ", and the hand's score"
    back = f"back in hand {hand}, " if done.earlier_hand else ""
    return f"taken back: {what}; {back}{who} plays that turn again"
