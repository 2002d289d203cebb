#!/usr/bin/env python3
"""A fake engine for `kaleido match` tests: it plays the next move of a fixed game.

Usage: scripted.py [--proto uci|ucci|xboard] [--game "m1 m2 ..."] [--misbehave KIND]
                   [--from-ply N] [--delay SECONDS] [--variants a,b,...] [--log FILE]

It answers the handshake of its protocol, counts the plies of the position it is given
and replies with the move of the fixed game at that ply (`0000` when the game runs out).
From ply N on (default 0) it misbehaves as asked:
  illegal   answers with a move that is never legal (`a1a1`)
  slow      sleeps --delay seconds before answering
  crash     exits at once when asked to move
  silent    never completes the handshake (no uciok / ucciok / feature done=1)
  resign    resigns instead of moving
  badpv     plays its move but prints it with an illegal line after it: `pv <move> a1a1`
            and `bestmove <move> ponder a1a1` (UCI, UCCI)
With --log FILE every line it reads is appended to FILE.
Lines it reads are never echoed; stdout carries protocol lines only.
"""
import sys
import time


def main():
    args = sys.argv[1:]
    opts = {"--proto": "uci", "--game": "", "--misbehave": "", "--from-ply": "0",
            "--delay": "5", "--log": "", "--variants": "chess,fischerandom,xiangqi,alice,alice2,msalice,smallalice,raumschach,raumschach4,toy"}
    i = 0
    while i < len(args):
        if args[i] in opts and i + 1 < len(args):
            opts[args[i]] = args[i + 1]
            i += 2
        else:
            sys.stderr.write("unknown argument %s\n" % args[i])
            sys.exit(2)
    proto = opts["--proto"]
    game = opts["--game"].split()
    bad = opts["--misbehave"]
    from_ply = int(opts["--from-ply"])
    delay = float(opts["--delay"])
    variants = opts["--variants"].split(",")
    plies = 0
    log = open(opts["--log"], "a") if opts["--log"] else None

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def choose():
        if plies >= from_ply:
            if bad == "crash":
                sys.exit(3)
            if bad == "slow":
                time.sleep(delay)
            if bad == "illegal":
                return "a1a1"
            if bad == "resign":
                return None
        return game[plies] if plies < len(game) else "0000"

    for raw in sys.stdin:
        if log:
            log.write(raw if raw.endswith("\n") else raw + "\n")
            log.flush()
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            return
        if bad == "silent" and cmd in ("uci", "ucci", "protover"):
            continue
        if proto in ("uci", "ucci"):
            if cmd in ("uci", "ucci"):
                say("id name Scripted")
                prefix = "option name " if cmd == "uci" else "option "
                say(prefix + "UCI_Variant type combo default chess" + "".join(" var " + v for v in variants))
                say(prefix + "UCI_Chess960 type check default false")
                say(cmd + "ok")
            elif cmd == "isready":
                say("readyok")
            elif cmd == "position":
                plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
            elif cmd == "go":
                mv = choose()
                bad_line = bad == "badpv" and plies >= from_ply and mv not in (None, "0000")
                if bad_line:
                    say("info depth 1 score cp 0 nodes 1 pv %s a1a1" % mv)
                    say("bestmove %s ponder a1a1" % mv)
                    continue
                say("info depth 1 score cp 0 nodes 1 pv %s" % (mv or "0000"))
                if mv is None:
                    say("bestmove %s resign" % game[plies] if plies < len(game) else "bestmove 0000 resign")
                else:
                    say("bestmove " + mv)
        else:
            if cmd == "protover":
                say('feature myname="Scripted" setboard=1 usermove=1 ping=1 variants="%s" done=1'
                    % ",".join(["normal"] + variants))
            elif cmd == "ping":
                say("pong " + (words[1] if len(words) > 1 else ""))
            elif cmd in ("new", "setboard"):
                plies = 0
            elif cmd == "usermove":
                plies += 1
            elif cmd == "go":
                mv = choose()
                say("1 0 0 1 %s" % (mv or ""))
                if mv is None:
                    say("resign")
                else:
                    say("move " + mv)
                    plies += 1


if __name__ == "__main__":
    main()
