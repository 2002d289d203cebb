"""python-chess as a real UCI client of kaleido (run by tests/python_chess.rs).

Usage: selfplay.py ENGINE [MOVETIME_S] [MAX_PLIES]
Plays one game of chess and one of Chess960 (Scharnagl position given by the
seed) of kaleido against itself through chess.engine.SimpleEngine, checks every
move is legal, then runs analyse(multipv=3) and checks three legal PVs.
Prints one summary line per check; exits non-zero on any failure.
Exit code 3 = python-chess is not installed (the caller prints a SKIP line).
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit(3)


def play_game(engine, board, movetime, max_plies):
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < max_plies:
        result = engine.play(board, chess.engine.Limit(time=movetime))
        if result.move is None or result.move not in board.legal_moves:
            raise SystemExit(f"illegal or no move {result.move} in {board.fen()}")
        board.push(result.move)
        plies += 1
    return plies


def main():
    exe = sys.argv[1]
    movetime = float(sys.argv[2]) if len(sys.argv) > 2 else 0.03
    max_plies = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    with chess.engine.SimpleEngine.popen_uci(exe) as engine:
        board = chess.Board()
        plies = play_game(engine, board, movetime, max_plies)
        print(f"chess: {plies} plies, result {board.result(claim_draw=True)}")

        for scharnagl in (0, 959, 123):
            board = chess.Board.from_chess960_pos(scharnagl)
            plies = play_game(engine, board, movetime, max_plies)
            print(f"chess960 #{scharnagl}: {plies} plies, every move legal, "
                  f"result {board.result(claim_draw=True)}")

        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
        if len(infos) != 3:
            raise SystemExit(f"multipv=3 returned {len(infos)} lines")
        firsts = set()
        for info in infos:
            pv = info.get("pv")
            if not pv:
                raise SystemExit(f"a multipv line has no pv: {info}")
            b = board.copy()
            for m in pv:
                if m not in b.legal_moves:
                    raise SystemExit(f"illegal pv move {m} in {b.fen()}")
                b.push(m)
            firsts.add(pv[0])
        if len(firsts) != 3:
            raise SystemExit(f"multipv lines do not start with distinct moves: {firsts}")
        print("analyse multipv=3: three legal, distinct PVs")


if __name__ == "__main__":
    main()
