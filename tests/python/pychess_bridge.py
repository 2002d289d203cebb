#!/usr/bin/env python3
"""kaleido as pychess's local engine, through the bridge's own code.

Runs PyPI `pychess-external-engine` 0.2.0's local HTTP app (its engine handshake, its
search controller, its isolated rules workers with `pyffish` / `pyffish_alice`, and the
Alice qualification search it runs at start) with kaleido as the engine, on loopback,
with only the website registration left out. For chess, Chess960 (as chess with its
Chess960 flag, and as `fischerandom`), Xiangqi and Alice it
asks for analyses of the start position and of positions after random legal moves, with
MultiPV 1 and 3, lets some run to their limit and stops others early by going away, and
checks that every request is answered, no error event comes, every best move is accepted
and no PV line is dropped or cut by the validators (counted by watching the package's
own `RulesWorker.normalize`).

    python pychess_bridge.py /path/to/kaleido

Exit status 3: the package (or aiohttp, pyffish) is not installed in this Python.
"""

import asyncio
import json
import random
import secrets
import sys
from pathlib import Path

try:
    import pyffish
    import pyffish_alice
    from aiohttp.test_utils import TestClient, TestServer
    from pychess_external_engine import app as bridge
    from pychess_external_engine.config import EngineConfig
    from pychess_external_engine.rules import RulesWorker
except ImportError as missing:
    print(f"pychess-external-engine is not installed here: {missing}")
    sys.exit(3)

ORIGIN = "https://www.pychess.org"
SEED = 20261207
RANDOM_POSITIONS = 4
# (pychess variant, chess960, the rules library that knows it)
VARIANTS = [
    ("chess", False, pyffish),
    ("chess", True, pyffish),
    ("fischerandom", True, pyffish),
    ("xiangqi", False, pyffish),
    ("alice", False, pyffish_alice),
]


class WatchedRules(RulesWorker):
    """The package's rules worker, counting what its PV validation keeps."""

    lines = 0
    dropped = 0
    cut = 0

    async def normalize(self, moves):
        kept = await super().normalize(moves)
        WatchedRules.lines += 1
        if not kept:
            WatchedRules.dropped += 1
            print(f"  dropped PV: {' '.join(moves)}")
        elif len(kept) < len(moves):
            WatchedRules.cut += 1
            print(f"  cut PV after {len(kept)} of {len(moves)}: {' '.join(moves)}")
        return kept


# create_app and its start-up look the class up by this name when they run.
bridge.RulesWorker = WatchedRules


CHESS960_STARTS = Path(__file__).resolve().parents[2] / "books" / "chess960-starts.epd"


def positions(variant, chess960, rules, rng):
    """(initial FEN, moves, current FEN) for the start and a few random games."""
    start = rules.start_fen(variant)
    if chess960:
        # A random one of the 960 starts, with its castling rights in Shredder letters.
        lines = CHESS960_STARTS.read_text().split("\n")
        placement = rng.choice([line for line in lines if line.strip()]).split()[0]
        start = rules.get_fen(variant, placement + " w KQkq - 0 1", [], True, False, False)
    found = [(start, [], start)]
    while len(found) < 1 + RANDOM_POSITIONS:
        moves = []
        for _ in range(rng.randrange(4, 40)):
            legal = rules.legal_moves(variant, start, moves, chess960)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        if rules.legal_moves(variant, start, moves, chess960):
            current = rules.get_fen(variant, start, moves, chess960, False, False)
            found.append((start, moves, current))
    return found


async def analyse(client, token, request, stop_early):
    """Posts one analysis and reads its events; with `stop_early`, goes away after the
    first evaluation (the bridge then stops the engine). Returns the events. While the
    bridge still releases the engine from a search the page left, it answers 409
    `engine_busy`, and the page asks again."""
    for _ in range(200):
        response = await client.post(
            "/v1/analyse",
            data=json.dumps(request),
            headers={
                "Origin": ORIGIN,
                "Authorization": "Bearer " + token,
                "Content-Type": "application/json",
            },
        )
        if response.status != 409:
            break
        await response.release()
        await asyncio.sleep(0.05)
    assert response.status == 200, (response.status, await response.text())
    events = []
    async for raw in response.content:
        event = json.loads(raw)
        events.append(event)
        if stop_early and event["type"] == "evaluation":
            response.close()
            break
    return events


async def main(engine):
    rng = random.Random(SEED)
    token = secrets.token_urlsafe(32)
    config = EngineConfig(command=(engine,), max_hash=64, max_search_seconds=60)
    server = TestServer(
        bridge.create_app(config, token=token, origins=(ORIGIN,), authority="127.0.0.1:0"),
        host="127.0.0.1",
    )
    # The bridge admits only its own authority, known once the port is.
    await server.start_server()
    server.app[bridge.STATE].authority = f"127.0.0.1:{server.port}"
    client = TestClient(server)
    await client.start_server()
    try:
        caps = await client.get(
            "/v1/capabilities", headers={"Origin": ORIGIN, "Authorization": "Bearer " + token}
        )
        assert caps.status == 200, await caps.text()
        engine_caps = (await caps.json())["engine"]
        print(f"engine {engine_caps['name']}: variants {engine_caps['variants']}")
        for variant, _, _ in VARIANTS:
            assert variant in engine_caps["variants"], f"{variant} not admitted"
        searches = 0
        for variant, chess960, rules in VARIANTS:
            name = "chess960" if (variant, chess960) == ("chess", True) else variant
            for k, (initial, moves, current) in enumerate(positions(variant, chess960, rules, rng)):
                for multipv in (1, 3):
                    stop_early = (k + multipv) % 3 == 0
                    if stop_early:
                        limit = {"depth": 64}
                    else:
                        limit = {"depth": 7} if multipv == 1 else {"nodes": 30000}
                    request = {
                        "protocolVersion": 1,
                        "sessionId": f"tab-{name}",
                        "searchId": f"{name}-{k}-{multipv}",
                        "variant": variant,
                        "engineVariant": variant,
                        "chess960": chess960,
                        "initialFen": initial,
                        "moves": moves,
                        "currentFen": current,
                        "threads": 1,
                        "hash": 16,
                        "multiPv": multipv,
                        "search": limit,
                    }
                    events = await analyse(client, token, request, stop_early)
                    searches += 1
                    kinds = [e["type"] for e in events]
                    errors = [e for e in events if e["type"] == "error"]
                    assert not errors, f"{name} {request['searchId']}: {errors}"
                    assert kinds[0] == "started", kinds
                    evaluations = [e for e in events if e["type"] == "evaluation"]
                    assert evaluations, f"{name} {request['searchId']}: no evaluation: {kinds}"
                    lines = {len(e["pvs"]) for e in evaluations}
                    if not stop_early:
                        done = events[-1]
                        assert done["type"] == "completed" and done.get("bestmove"), done
                        assert max(lines) == min(multipv, len(rules.legal_moves(
                            variant, initial, moves, chess960))), (name, lines)
                        firsts = [pv["moves"][0] for pv in evaluations[-1]["pvs"]]
                        assert len(set(firsts)) == len(firsts), firsts
                    print(
                        f"{name} position {k} ({len(moves)} moves) multipv {multipv}: "
                        f"{len(evaluations)} evaluations, "
                        + ("stopped early" if stop_early else f"bestmove {events[-1]['bestmove']}")
                    )
        print(
            f"{searches} searches answered; PV lines validated {WatchedRules.lines}, "
            f"dropped {WatchedRules.dropped}, cut {WatchedRules.cut}"
        )
        assert WatchedRules.lines > 0
        assert WatchedRules.dropped == 0 and WatchedRules.cut == 0
        print("pychess bridge: every request answered, every line and best move accepted")
    finally:
        await client.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
