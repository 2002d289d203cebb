"""A chess match refereed by python-chess instead of `kaleido match`.

Usage: outside_match.py ENGINE_A ENGINE_B GAMES [BASE_S] [INC_S] [OPENINGS.epd] [MARGIN_MS]

python-chess (an independent implementation of the rules and of UCI) keeps the clocks,
sends `position ... moves ...` + `go wtime/btime/winc/binc` through
chess.engine.SimpleEngine, checks every move, and ends games by its own rules
(checkmate, stalemate, insufficient material, 75-move rule, fivefold repetition;
threefold and 50-move claims too). Colours alternate; opening i (an EPD/FEN line) is
played twice. A move later than clock + MARGIN_MS is a time forfeit; moves over the
clock but within the margin are counted separately. An engine that exits, answers
garbage or nothing is a crash/stall; an illegal move is an illegal move.
Prints one line per game and a summary; exit code 1 if anything but normal results
happened. Exit code 3 = python-chess is not installed.
"""
import logging
import sys
import time

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit(3)


class Complaints(logging.Handler):
    """Counts what python-chess logs about engine output it rejects (a bad ponder move, an
    unparsable info line): the game goes on, but the output was wrong."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = {}
        self.examples = {}

    def emit(self, record):
        text = record.getMessage().split(":")[0][:60]
        self.messages[text] = self.messages.get(text, 0) + 1
        if record.exc_info and text not in self.examples:
            self.examples[text] = str(record.exc_info[1])


def openings(path):
    if not path:
        return [chess.STARTING_FEN]
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fields = line.split()
                fen = " ".join(fields[:4])
                out.append(fen + (" 0 1" if len(fields) < 6 or not fields[4].isdigit() else ""))
    return out


def play(engines, names, fen, base, inc, margin, counts):
    board = chess.Board(fen)
    left = [base, base]  # white, black, seconds
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome:
            return outcome.result(), f"{outcome.termination.name.lower()}"
        side = 0 if board.turn == chess.WHITE else 1
        eng = engines[side]
        limit = chess.engine.Limit(white_clock=left[0], black_clock=left[1],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        try:
            result = eng.play(board, limit)
        except chess.engine.EngineTerminatedError as e:
            counts["crash"] += 1
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} crashed: {e}"
        except chess.engine.EngineError as e:
            counts["illegal"] += 1
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} engine error: {e}"
        except TimeoutError:
            counts["stall"] += 1
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} stalled"
        used = time.monotonic() - start
        counts["max_move_ms"] = max(counts["max_move_ms"], used * 1000)
        who = names[side].split('/')[-1]
        per = counts["per_engine"].setdefault(who, {"over": 0, "max_ms": 0.0})
        per["max_ms"] = max(per["max_ms"], used * 1000)
        if used > left[side]:
            counts["over_clock_moves"] += 1
            per["over"] += 1
            if used > left[side] + margin:
                counts["time"] += 1
                return ("0-1" if side == 0 else "1-0"), (
                    f"{names[side]} loses on time ({used*1000:.0f} ms used, "
                    f"{left[side]*1000:.0f} ms left)")
        left[side] = max(left[side] - used, 0) + inc
        if result.move is None or result.move not in board.legal_moves:
            counts["illegal"] += 1
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} illegal move {result.move}"
        board.push(result.move)


def main():
    a, b, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    base = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0
    inc = float(sys.argv[5]) if len(sys.argv) > 5 else 0.01
    book = openings(sys.argv[6] if len(sys.argv) > 6 else None)
    margin = (float(sys.argv[7]) if len(sys.argv) > 7 else 0.0) / 1000
    counts = {"crash": 0, "illegal": 0, "stall": 0, "time": 0,
              "over_clock_moves": 0, "max_move_ms": 0.0, "per_engine": {}}
    score = {"1-0": 0, "0-1": 0, "1/2-1/2": 0}
    a_points = 0.0
    complaints = Complaints()
    logging.getLogger("chess.engine").addHandler(complaints)
    logging.getLogger("chess.engine").propagate = False
    engines = {}
    for path in (a, b):
        e = chess.engine.SimpleEngine.popen_uci(path.split())
        e.configure({"Hash": 16, "Threads": 1})
        engines[path] = e
    try:
        for g in range(games):
            fen = book[(g // 2) % len(book)]
            white, black = (a, b) if g % 2 == 0 else (b, a)
            for path in (a, b):
                if engines[path].returncode.done():
                    engines[path] = chess.engine.SimpleEngine.popen_uci(path.split())
            result, why = play([engines[white], engines[black]], [white, black],
                               fen, base, inc, margin, counts)
            score[result] += 1
            pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            a_points += pts if white == a else 1 - pts
            print(f"game {g + 1}: {white.split('/')[-1]} - {black.split('/')[-1]} {result} ({why})",
                  flush=True)
    finally:
        for e in engines.values():
            try:
                e.quit()
            except Exception:
                pass
    print(f"{games} games; {a.split('/')[-1]} scored {a_points}/{games}; "
          f"white wins {score['1-0']}, black wins {score['0-1']}, draws {score['1/2-1/2']}")
    print(f"crashes {counts['crash']}, illegal {counts['illegal']}, stalls {counts['stall']}, "
          f"time forfeits {counts['time']} (margin {margin*1000:.0f} ms), "
          f"moves over the clock {counts['over_clock_moves']}, "
          f"longest move {counts['max_move_ms']:.0f} ms")
    for who, per in counts["per_engine"].items():
        print(f"  {who}: moves over the clock {per['over']}, longest move {per['max_ms']:.0f} ms")
    print(f"python-chess complaints about engine output: {complaints.messages or 'none'}")
    for text, example in complaints.examples.items():
        print(f"  first '{text}': {example}")
    bad = counts["crash"] + counts["illegal"] + counts["stall"] + counts["time"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
