"""python-chess as a GUI would use kaleido (run by tests/python_gui.rs).

Usage: gui.py ENGINE
- analyse(multipv=3) at many time limits never returns two lines with the same first move
  and always returns three lines (the issue #19 finding: [e2e4, e2e4, b1c3]);
- with UCI_ShowWDL, analyse() returns info["wdl"] (a chess.engine.PovWdl) summing to 1000,
  in chess and in Chess960;
- with UCI_LimitStrength, play() returns legal moves.
Prints one summary line per check; exits non-zero on any failure.
Exit code 3 = python-chess is not installed (the caller prints a SKIP line).
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit(3)


def check_multipv(engine):
    boards = [chess.Board(),
              chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")]
    runs = 0
    for board in boards:
        for t in (0.005, 0.02, 0.05, 0.08, 0.11, 0.17, 0.25):
            infos = engine.analyse(board, chess.engine.Limit(time=t), multipv=3)
            firsts = [info["pv"][0] for info in infos if info.get("pv")]
            if len(infos) != 3 or len(set(firsts)) != 3:
                raise SystemExit(f"time {t}: multipv=3 gave {[str(m) for m in firsts]} "
                                 f"({len(infos)} lines) in {board.fen()}")
            runs += 1
    print(f"analyse multipv=3: {runs} searches, never a duplicate first move")


def check_wdl(engine, board, what):
    engine.configure({"UCI_ShowWDL": True})
    info = engine.analyse(board, chess.engine.Limit(depth=8))
    wdl = info.get("wdl")
    if wdl is None:
        raise SystemExit(f"{what}: no wdl in {info}")
    w = wdl.relative
    if w.wins + w.draws + w.losses != 1000:
        raise SystemExit(f"{what}: wdl {w} does not sum to 1000")
    print(f"{what}: wdl {w.wins} {w.draws} {w.losses} for score {info['score'].relative}")


def main():
    exe = sys.argv[1]
    with chess.engine.SimpleEngine.popen_uci(exe) as engine:
        check_multipv(engine)
        check_wdl(engine, chess.Board(), "chess")
    with chess.engine.SimpleEngine.popen_uci(exe) as engine:
        check_wdl(engine, chess.Board.from_chess960_pos(518 - 17), "chess960")
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 1500})
        board = chess.Board()
        for _ in range(20):
            move = engine.play(board, chess.engine.Limit(time=0.02)).move
            if move not in board.legal_moves:
                raise SystemExit(f"limited strength played illegal {move} in {board.fen()}")
            board.push(move)
            if board.is_game_over():
                break
        print(f"UCI_Elo 1500: {len(board.move_stack)} legal moves")


if __name__ == "__main__":
    main()
