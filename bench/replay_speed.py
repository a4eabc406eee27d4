"""Replay speed: records parsed and replayed with full legality checking, in moves per second.

Generates bot games of `classic` (4 players), writes them as records, then times reading them
back: parsing alone, replaying alone, and both together (what `canasta replay` does). When the
`chess` package (python-chess) is installed, it also reads PGN games of about the same number of
moves and replays them (python-chess checks every move), in the same process, round by round
with ours, and prints our speed as a multiple of python-chess's: the reference issue 26 names
(the goal is 2x, in CPU time).

Each figure is the median of ``--rounds`` rounds, in CPU time (user + system of this process,
which a busy machine disturbs less) and in wall time; the ratio is the median of the per-round
ratios, so a change in the machine's load between rounds touches both sides alike. Within a round
the two sides go in turn, ours first in one round and python-chess first in the next, each after
a full garbage collection that is not timed: python-chess's games are cycles of nodes that only
the collector frees, and a side's timing should not include collecting the other's garbage
(interleaving the two record by record made ours pay for python-chess's).

    python bench/replay_speed.py [--games 20] [--rounds 9]
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


def chess_games(target_moves: int) -> tuple[str, int]:
    """Random legal chess games as PGN, at least ``target_moves`` half-moves in all."""
    import random

    import chess
    import chess.pgn

    rng = random.Random(1)
    pgns = []
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
    return "\n\n".join(pgns), total


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
    args = ap.parse_args()
    texts = records(args.games)
    parse(texts[0], "warm-up")  # build the parser once, outside the timings
    docs = [parse(t, f"game{i}.can") for i, t in enumerate(texts)]
    moves = sum(replay(d).moves for d in docs)
    lines = sum(t.count("\n") for t in texts)
    try:
        pgn, plies = chess_games(moves)
    except ImportError:
        pgn, plies = "", 0

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

    # What the bench itself keeps (the records, the parsed documents, the PGN text) is set aside
    # from the garbage collector, as a `canasta replay` process has none of it.
    gc.collect()
    gc.freeze()
    rows: dict[str, list[tuple[float, float]]] = {"parse": [], "replay": [], "both": []}
    theirs: list[tuple[float, float]] = []
    for i in range(args.rounds):
        rows["parse"].append(timed(parse_all))
        rows["replay"].append(timed(replay_all))
        if plies and i % 2:
            theirs.append(timed(lambda: chess_replay(pgn)))
        rows["both"].append(timed(both))
        if plies and not i % 2:
            theirs.append(timed(lambda: chess_replay(pgn)))

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
        print("python-chess not installed: no baseline in this run (pip install chess)")
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
