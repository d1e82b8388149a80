#!/usr/bin/env bash
# Benchmark a `tally` subcommand on generated files of 10k, 100k and 1M transactions.
#
#   Benchmarks/run.sh [SUBCOMMAND [ARGS...]]     (default: check)
#
# Builds the release binary, generates Benchmarks/data/tx-*.tally when missing
# (Benchmarks/data/ is git-ignored), times `.build/release/tally SUBCOMMAND [ARGS...] FILE`
# on each file and prints a table: file, size, transactions, mean seconds, peak memory.
#
# Timing uses hyperfine when it is installed (--warmup 2 --runs 10; markdown and JSON
# exports go to Benchmarks/data/). Without it, a loop of 5 runs is timed with GNU time
# when available, else with bash's `time`. Peak memory (max RSS) comes from GNU time, or
# else from a small python3 wrapper around getrusage(RUSAGE_CHILDREN). Nothing is installed.
#
# Exit codes 0 and 1 both count as a successful run (`tally check` exits 1 when it
# reports errors). Any other exit code stops the benchmark.
#
# Environment:
#   BENCH_SIZES   which files to use, default "10k 100k 1m"
#   SKIP_BUILD=1  do not run `swift build -c release`
#   TALLY_BIN     binary to time, default .build/release/tally
#   GNU_TIME      GNU time binary, default /usr/bin/time (a missing path forces the fallbacks)
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C            # a '.' decimal point in awk, printf and EPOCHREALTIME

SUB=${1:-check}
shift || true
EXTRA=("$@")
LABEL="tally $SUB${EXTRA[*]+ ${EXTRA[*]}}"
SIZES=${BENCH_SIZES:-10k 100k 1m}
DATA=Benchmarks/data
TALLY=${TALLY_BIN:-.build/release/tally}
RUNS=5

if [[ ${SKIP_BUILD:-0} != 1 ]]; then
    echo "==> swift build -c release"
    swift build -c release
fi
if [[ ! -x $TALLY ]]; then
    echo "error: $TALLY not found or not executable" >&2
    exit 2
fi

mkdir -p "$DATA"
count_for() {
    case $1 in
        10k) echo 10000 ;;
        100k) echo 100000 ;;
        1m) echo 1000000 ;;
        *) echo "error: unknown size '$1' (use 10k, 100k, 1m)" >&2; exit 2 ;;
    esac
}
for size in $SIZES; do
    file=$DATA/tx-$size.tally
    if [[ ! -f $file ]]; then
        echo "==> generating $file"
        python3 Benchmarks/generate.py "$(count_for "$size")" "$file"
    fi
done

HAVE_HYPERFINE=0
command -v hyperfine >/dev/null 2>&1 && HAVE_HYPERFINE=1
GNU_TIME=${GNU_TIME:-/usr/bin/time}
HAVE_GNU_TIME=0
"$GNU_TIME" -f '%e' true >/dev/null 2>&1 && HAVE_GNU_TIME=1

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Run the command once; set RC and print nothing. Stdout and stderr are discarded
# (stderr is kept in $TMP/stderr for diagnosis).
run_tally() {
    RC=0
    "$TALLY" "$SUB" ${EXTRA[@]+"${EXTRA[@]}"} "$1" >/dev/null 2>"$TMP/stderr" || RC=$?
}

check_rc() {
    if (( $1 > 1 )); then
        echo "error: tally $SUB exited with $1 on $2; last lines of stderr:" >&2
        tail -n 20 "$TMP/stderr" >&2 || true
        exit 1
    fi
}

# Peak memory in MB of one run, from GNU time -v or python3's getrusage.
max_rss_mb() {
    local file=$1 kb
    if (( HAVE_GNU_TIME )); then
        "$GNU_TIME" -v -o "$TMP/rss" "$TALLY" "$SUB" ${EXTRA[@]+"${EXTRA[@]}"} "$file" >/dev/null 2>&1 || true
        kb=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$TMP/rss")
    else
        kb=$(python3 - "$TALLY" "$SUB" ${EXTRA[@]+"${EXTRA[@]}"} "$file" <<'PY'
import resource, subprocess, sys
subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(rss // 1024 if sys.platform == "darwin" else rss)   # bytes on macOS, KB on Linux
PY
)
    fi
    awk -v kb="${kb:-0}" 'BEGIN { printf "%.1f", kb / 1024 }'
}

# Mean seconds over $RUNS runs without hyperfine. Prints one line per run to stderr.
# The mean uses bash 5's EPOCHREALTIME (microseconds) when there is one, else the
# 10 ms resolution of GNU time's %e or bash's %R.
loop_mean() {
    local file=$1 i t t0 t1 times=()
    for ((i = 1; i <= RUNS; i++)); do
        t0=${EPOCHREALTIME:-}
        if (( HAVE_GNU_TIME )); then
            RC=0
            "$GNU_TIME" -f '%e s %M KB' -o "$TMP/time" \
                "$TALLY" "$SUB" ${EXTRA[@]+"${EXTRA[@]}"} "$file" >/dev/null 2>"$TMP/stderr" || RC=$?
            # GNU time writes "Command exited with non-zero status N" first on failure.
            t=$(tail -n 1 "$TMP/time")
            echo "    run $i: $t (exit $RC)" >&2
            t=${t%% s*}
        else
            RC=0
            local TIMEFORMAT=%R
            { time "$TALLY" "$SUB" ${EXTRA[@]+"${EXTRA[@]}"} "$file" >/dev/null 2>"$TMP/stderr"; } 2>"$TMP/time" || RC=$?
            t=$(tail -n 1 "$TMP/time")
            echo "    run $i: $t s (exit $RC)" >&2
        fi
        t1=${EPOCHREALTIME:-}
        if [[ -n $t0 && -n $t1 ]]; then
            t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
        fi
        check_rc "$RC" "$file"
        times+=("$t")
    done
    printf '%s\n' "${times[@]}" | awk '{ s += $1 } END { printf "%.3f", s / NR }'
}

if (( HAVE_HYPERFINE )); then
    RUNS_NOTE="hyperfine, 2 warmups + 10 runs"
elif (( HAVE_GNU_TIME )); then
    RUNS_NOTE="$RUNS runs, GNU time"
else
    RUNS_NOTE="$RUNS runs, bash time"
fi
ROWS=()
for size in $SIZES; do
    file=$DATA/tx-$size.tally
    echo "==> $LABEL $file"
    run_tally "$file"
    check_rc "$RC" "$file"
    echo "    exit code: $RC"
    if (( HAVE_HYPERFINE )); then
        cmd=$(printf '%q ' "$TALLY" "$SUB" ${EXTRA[@]+"${EXTRA[@]}"} "$file")
        # The wrapper accepts exit codes 0 and 1 only.
        hyperfine --warmup 2 --runs 10 \
            --export-markdown "$DATA/results-$SUB-$size.md" \
            --export-json "$TMP/hf.json" \
            "$cmd >/dev/null 2>&1; test \$? -le 1"
        mean=$(python3 -c 'import json, sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["mean"])' "$TMP/hf.json")
    else
        mean=$(loop_mean "$file")
    fi
    rss=$(max_rss_mb "$file")
    mb=$(awk -v b="$(wc -c <"$file")" 'BEGIN { printf "%.1f", b / 1048576 }')
    tx=$(grep -c '^[0-9][0-9][0-9][0-9]-' "$file" || true)
    ROWS+=("$(printf '| %-16s | %8s | %12s | %10s | %11s |' "tx-$size.tally" "$mb" "$tx" "$mean" "$rss")")
done

{
    echo
    echo "$LABEL  ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(uname -sm), $RUNS_NOTE)"
    echo
    printf '| %-16s | %8s | %12s | %10s | %11s |\n' "file" "size MB" "transactions" "mean s" "max RSS MB"
    printf '| %-16s | %8s | %12s | %10s | %11s |\n' "----------------" "-------:" "-----------:" "---------:" "----------:"
    printf '%s\n' "${ROWS[@]}"
} | tee "$DATA/results-$SUB.md"
