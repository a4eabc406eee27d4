"""Replay speed: records parsed and replayed with full legality checking, in moves per second.

Generates bot games of `classic` (4 players), writes them as records, then times reading them back:
parsing alone, replaying alone, and both together (what `canasta replay` does). When the `chess`
package (python-chess, in the bench extra: ``pip install -e '.[bench]'``) is installed, it also
reads PGN games of about the same number of moves and replays them (python-chess checks every
move), in the same process, round by round with ours, and prints our speed as a multiple of
python-chess's: the reference issue 26 names (the goal is 2x, in CPU time).

Each figure is the median of ``--rounds`` rounds, in CPU time (user + system of this process, which
a busy machine disturbs less) and in wall time; the ratio is the median of the per-round ratios,
printed with their range. Within a round the two sides take turns, python-chess first in every other
round, and before each turn the garbage of what ran before is collected, outside the timing:
python-chess's games are cycles of nodes that only the collector frees, and a side should not pay
for collecting the other's. ``--turns N`` splits each side's work into N turns (the records in N
groups, the PGN games in N texts) that alternate, so that a change in the machine's load touches
both sides more alike. But at 20 turns (a record a turn) the ratio came out about 0.2 lower than
at 1 on the same code, ours slower and python-chess not (likely: each full collection also empties
CPython's free lists, and the caches are cold at each switch), so the default is 1: each side's
whole set, a turn each.

    python bench/replay_speed.py [--games 20] [--rounds 9] [--turns 1]
"""

from __future__ import annotations

import argparse
import gc
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.notation import parse, replay
from canasta_rules.notation.parser import clear_caches
from canasta_rules.notation.record import game_record
from canasta_rules.variant import load_variant


def records(games: int) -> list[str]:
    v = load_variant("classic")
    out = []
    for seed in range(games):
        bot = "greedy" if seed % 2 else "random"
        g = Game(v, seed)
        out.append(game_record(g.rules, g.play(make_bot(bot, seed)), "classic", (), seed))
    return out


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one cold call: the parser's caches (which help only
    within a run of records) are emptied first, so repeats do not flatter the figure, and the
    garbage of what ran before is collected, outside the timing."""
    clear_caches()
    gc.collect()
    c, w = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c, time.perf_counter() - w


def chess_games(target_moves: int, chunks: int = 1) -> tuple[list[str], int]:
    """Random legal chess games as PGN, at least ``target_moves`` half-moves in all, in
    ``chunks`` texts of about as many half-moves each."""
    import random

    import chess
    import chess.pgn

    rng = random.Random(1)
    texts: list[str] = []
    pgns: list[str] = []
    total = 0
    while total < target_moves:
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        while not board.is_game_over() and board.ply() < 200:
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        total += board.ply()
        pgns.append(str(game))
        if total >= target_moves * (len(texts) + 1) / chunks:
            texts.append("\n\n".join(pgns))
            pgns = []
    if pgns:
        texts.append("\n\n".join(pgns))
    return texts, total


def chess_replay(text: str) -> None:
    """python-chess: read PGN and replay every move (the reader checks each SAN move)."""
    import chess.pgn

    stream = io.StringIO(text)
    while True:
        g = chess.pgn.read_game(stream)
        if g is None:
            break
        b = g.board()
        for m in g.mainline_moves():
            b.push(m)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument(
        "--turns",
        type=int,
        default=1,
        help="turns each side takes in a round (1: its whole set at once; 20: a record a turn)",
    )
    args = ap.parse_args()
    texts = records(args.games)
    parse(texts[0], "warm-up")  # build the parser once, outside the timings
    docs = [parse(t, f"game{i}.can") for i, t in enumerate(texts)]
    moves = sum(replay(d).moves for d in docs)
    lines = sum(t.count("\n") for t in texts)
    args.turns = max(1, min(args.turns, len(texts)))
    # The records in ``turns`` groups of consecutive records, and the PGN games in as many texts.
    groups = [
        texts[i * len(texts) // args.turns : (i + 1) * len(texts) // args.turns]
        for i in range(args.turns)
    ]
    try:
        pgns, plies = chess_games(moves, args.turns)
    except ImportError:
        pgns, plies = [], 0
    assert not plies or len(pgns) == args.turns

    # Each record is read and replayed, then dropped, as `canasta replay` does with a file.
    def parse_all() -> None:
        for t in texts:
            parse(t, "x.can")

    def replay_all() -> None:
        for d in docs:
            replay(d)

    def both() -> None:
        for t in texts:
            replay(parse(t, "x.can"))

    def ours_turn(group: list[str]) -> None:
        for t in group:
            replay(parse(t, "x.can"))

    def taking_turns(first: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Ours (read and replay records) and python-chess's (read and replay PGN games),
        taking turns: (CPU, wall) seconds of each side, summed over the round."""
        clear_caches()
        spent = [[0.0, 0.0], [0.0, 0.0]]
        for i in range(args.turns):
            for side in (0, 1) if (first + i) % 2 == 0 else (1, 0):
                gc.collect()  # the garbage of what ran before, outside the timing
                c, w = time.process_time(), time.perf_counter()
                if side == 0:
                    ours_turn(groups[i])
                else:
                    chess_replay(pgns[i])
                spent[side][0] += time.process_time() - c
                spent[side][1] += time.perf_counter() - w
        return (spent[0][0], spent[0][1]), (spent[1][0], spent[1][1])

    # What the bench itself keeps (the records, the parsed documents, the PGN text) is set aside
    # from the garbage collector, as a `canasta replay` process has none of it.
    gc.collect()
    gc.freeze()
    rows: dict[str, list[tuple[float, float]]] = {"parse": [], "replay": [], "both": []}
    theirs: list[tuple[float, float]] = []
    for r in range(args.rounds):
        rows["parse"].append(timed(parse_all))
        rows["replay"].append(timed(replay_all))
        if plies:
            ours, base = taking_turns(r)
            rows["both"].append(ours)
            theirs.append(base)
        else:
            rows["both"].append(timed(both))

    def rate(n: int, runs: list[tuple[float, float]], i: int) -> float:
        return n / statistics.median(r[i] for r in runs)

    print(f"records: {len(texts)} games, {lines} lines, {moves} moves (classic, 4 players)")
    print(f"{args.rounds} rounds, medians; moves/s in CPU time (wall time)")
    names = {
        "parse": "parse only",
        "replay": "replay only (every move checked)",
        "both": "parse and replay",
    }
    for key, label in names.items():
        cpu, wall = rate(moves, rows[key], 0), rate(moves, rows[key], 1)
        print(f"  {label + ':':34} {cpu:10,.0f} ({wall:,.0f})")
    if not plies:
        print("python-chess not installed: no baseline in this run (pip install -e '.[bench]')")
        return
    cpu, wall = rate(plies, theirs, 0), rate(plies, theirs, 1)
    print(f"  {'python-chess PGN read and replay:':34} {cpu:10,.0f} ({wall:,.0f})  [{plies} moves]")
    pairs = list(zip(rows["both"], theirs, strict=True))
    ratios = [(moves / ours[0]) / (plies / base[0]) for ours, base in pairs]
    walls = [(moves / ours[1]) / (plies / base[1]) for ours, base in pairs]
    print(
        f"ratio, ours / python-chess (parse and replay): CPU {statistics.median(ratios):.2f} "
        f"(rounds {min(ratios):.2f} to {max(ratios):.2f}), wall {statistics.median(walls):.2f}"
    )


if __name__ == "__main__":
    main()
