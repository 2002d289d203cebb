#!/usr/bin/env python3
"""Scale a network's output layer: every output weight and bias of a kaleido network file
(src/nnue/file.rs gives the layout) multiplied by FACTOR and rounded, the header's hash
rewritten, so the engine's evaluation is FACTOR times the original (to within rounding).

    python3 tuning/scripts/scale_net.py in.nnue out.nnue FACTOR

Why: a network trained with the game result in its label (`--wdl 0.3 --scale 200`) judges
material higher than the search's margins were tuned for; session 30 brought round 6 back to
round 5's scale with FACTOR 0.87 ("Chess networks, round 6" in tuning/README.md).
Needs only the standard library.
"""
import struct
import sys

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def fnv1a(data):
    h = FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dst, factor = sys.argv[1], sys.argv[2], float(sys.argv[3])
    net = bytearray(open(src, "rb").read())
    if net[:8] != b"KALNNUE\0":
        sys.exit(f"{src}: not a kaleido network file")
    inputs, hidden = struct.unpack_from("<II", net, 28)
    buckets = struct.unpack_from("<H", net, 44)[0] if struct.unpack_from("<I", net, 8)[0] >= 2 else 1
    # Header (48 bytes), feature transformer (weights, then bias), then per bucket the output
    # weights of both perspectives, then one i32 output bias per bucket.
    offset = 48 + 2 * inputs * hidden + 2 * hidden
    count = buckets * 2 * hidden
    if offset + 2 * count + 4 * buckets != len(net):
        sys.exit(f"{src}: {len(net)} bytes, not the size its header gives")
    weights = struct.unpack_from(f"<{count}h", net, offset)
    scaled = [max(-32768, min(32767, round(w * factor))) for w in weights]
    struct.pack_into(f"<{count}h", net, offset, *scaled)
    offset += 2 * count
    biases = struct.unpack_from(f"<{buckets}i", net, offset)
    struct.pack_into(f"<{buckets}i", net, offset, *[round(b * factor) for b in biases])
    digest = fnv1a(net[48:])
    struct.pack_into("<Q", net, 36, digest)
    open(dst, "wb").write(net)
    print(f"{dst}: output layer x {factor}, hash {digest:016x}")


if __name__ == "__main__":
    main()
