"""Replay speed: records parsed and replayed with full legality checking, in moves per second.

Generates bot games of `classic` (4 players), writes them as records, then times reading them
back: parsing alone, replaying alone, and both together (what `canasta replay` does). When the
`chess` package (python-chess) is installed, it also replays PGN games of the same total length
in the same run and prints our speed as a ratio of python-chess's, the reference the project was
given (about 31,000 moves/s on this machine class).

    python bench/replay_speed.py [--games 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_rules.bots import make_bot
from canasta_rules.engine import Game
from canasta_rules.notation import parse, replay
from canasta_rules.notation.parser import _read_action
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


def best_of(repeat: int, fn: object) -> float:
    """The best of ``repeat`` timings, each starting cold: the parser's cache of action readings
    (which only helps within a record) is emptied first, so repeats do not flatter the figure."""
    assert callable(fn)
    times = []
    for _ in range(repeat):
        _read_action.cache_clear()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def chess_baseline(target_moves: int, repeat: int) -> float | None:
    """python-chess: read PGN and replay every move (push_san checks legality), moves/s."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    import random

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
    text = "\n\n".join(pgns)

    def run() -> None:
        stream = io.StringIO(text)
        while True:
            g = chess.pgn.read_game(stream)
            if g is None:
                break
            b = g.board()
            for m in g.mainline_moves():
                b.push(m)

    return total / best_of(repeat, run)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    texts = records(args.games)
    parse(texts[0], "warm-up")  # build the parser once, outside the timings
    docs = [parse(t, f"game{i}.can") for i, t in enumerate(texts)]
    moves = sum(replay(d).moves for d in docs)
    lines = sum(t.count("\n") for t in texts)

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

    t_parse = best_of(args.repeat, parse_all)
    t_replay = best_of(args.repeat, replay_all)
    t_both = best_of(args.repeat, both)
    print(f"records: {len(texts)} games, {lines} lines, {moves} moves (classic, 4 players)")
    print(f"parse only:        {moves / t_parse:10,.0f} moves/s")
    print(f"replay only:       {moves / t_replay:10,.0f} moves/s (every move checked)")
    print(f"parse and replay:  {moves / t_both:10,.0f} moves/s")
    base = chess_baseline(moves, args.repeat)
    if base is None:
        print("python-chess not installed: no baseline in this run (pip install chess)")
    else:
        print(f"python-chess PGN:  {base:10,.0f} moves/s (read and replay)")
        print(f"ratio (ours / python-chess): {moves / t_both / base:.2f}")


if __name__ == "__main__":
    main()
