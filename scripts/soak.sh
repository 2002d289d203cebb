#!/usr/bin/env bash
# The soak of issue #56: `kaleido match` of kaleido against itself, one match per variant,
# fixed nodes, concurrency 2, `Hash` cycled every game (1, 16, 64 MiB; the two engines in
# different orders), `ucinewgame` between games (the referee always sends it), every PV and
# ponder move checked (--check-pv), Syzygy tables given to both engines (chess and Chess960
# use them, the other variants ignore them). Each match ends with its `Failures:` line and
# one `Memory:` line per engine and Hash size (after its first and its last game).
#
# usage: scripts/soak.sh BINARY LOGDIR GAMES_PER_VARIANT NODES SEED [VARIANT...]
# e.g.   nice -n 19 scripts/soak.sh target/release/kaleido soak-logs 1112 2000 5600
# (copy the binary elsewhere first if you rebuild while it runs)
# Per variant: LOGDIR/<variant>-s<seed>.log (the match output) and .pgn; one line per
# finished match in LOGDIR/summary.txt (variant, games, seconds, failures, memory).
set -u
bin=${1:?binary}
logdir=${2:?log folder}
games=${3:?games per variant}
nodes=${4:?nodes}
seed=${5:?seed}
shift 5
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
    variants=(chess fischerandom alice alice2 msalice smallalice xiangqi raumschach4 raumschach)
fi
here=$(cd "$(dirname "$0")/.." && pwd)
tables=${KALEIDO_SYZYGY:-}
mkdir -p "$logdir"
for variant in "${variants[@]}"; do
    case $variant in
        chess) openings=(--openings "$here/books/chess-openings.epd") ;;
        fischerandom) openings=(--random960) ;;
        *) openings=(--random-plies 4) ;;
    esac
    syzygy=()
    if [ -n "$tables" ]; then
        syzygy=("option.SyzygyPath=$tables")
    fi
    log="$logdir/$variant-s$seed.log"
    start=$(date +%s)
    "$bin" match --variant "$variant" \
        --engine cmd="$bin" name=kaleido-a option.Threads=1 cycle.Hash=1,16,64 "${syzygy[@]}" \
        --engine cmd="$bin" name=kaleido-b option.Threads=1 cycle.Hash=64,1,16 "${syzygy[@]}" \
        --nodes "$nodes" --games "$games" --concurrency 2 --seed "$seed" "${openings[@]}" \
        --check-pv --pgn "$logdir/$variant-s$seed.pgn" >"$log" 2>&1
    code=$?
    seconds=$(($(date +%s) - start))
    finished=$(grep -o 'Finished match: [0-9]* games' "$log" | grep -o '[0-9]*')
    failures=$(grep '^Failures:' "$log")
    memory=$(grep '^Memory:' "$log" | sed 's/^Memory: //' | paste -sd ';' -)
    echo "$variant seed $seed nodes $nodes: exit $code, ${finished:-?} games in ${seconds}s; ${failures:-no Failures line}; $memory" \
        >>"$logdir/summary.txt"
done
