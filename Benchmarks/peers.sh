#!/usr/bin/env bash
# Times Tally beside the peers on the same 100k-transaction budget: `tally check`,
# `balance` and `register` on Benchmarks/data/tx-100k.tally, and hledger, ledger and
# bean-check on the journals `tally export` writes from it (the files
# Benchmarks/interop_bench.py leaves in Benchmarks/data/interop/; made here when missing).
#
#   Benchmarks/peers.sh [RUNS]      RUNS per command (default 3); prints the median
#
# Prints one line per command: wall seconds and peak memory (GNU time), median of RUNS.
# A peer that is not installed is reported as such. `ledger reg` is left out unless
# PEERS_LEDGER_REG=1: on 100k it takes about 50 s and 9 GB.
# Environment: TALLY_BIN (default .build/release/tally), TALLY_VENV (bean-check's venv).
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
tally=${TALLY_BIN:-.build/release/tally}
venv=${TALLY_VENV:-$HOME/.cache/tally/venv}
data=Benchmarks/data
budget=$data/tx-100k.tally
[ -x "$tally" ] || { echo "peers.sh: no $tally; build with: swift build -c release --product tally" >&2; exit 2; }
[ -f "$budget" ] || python3 Benchmarks/generate.py 100000 "$budget" >/dev/null
mkdir -p "$data/interop"
for peer in hledger:journal ledger:ledger beancount:beancount; do
    file="$data/interop/tx-100k.${peer#*:}"
    [ -f "$file" ] || "$tally" export "$budget" --to "${peer%%:*}" -o "$file" --today 2026-11-22
done

# median LABEL COMMAND...: the middle of RUNS runs, "seconds MB".
median() {
    local label=$1; shift
    if ! command -v "$1" >/dev/null 2>&1; then printf '%-28s not installed\n' "$label"; return; fi
    local times=() out
    out=$(mktemp)
    for _ in $(seq "$runs"); do
        /usr/bin/time -o "$out" -f '%e %M' "$@" >/dev/null 2>&1
        times+=("$(tail -1 "$out")")
    done
    rm -f "$out"
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" \
        | awk -v l="$label" '{ printf "%-28s %6.2f s  %5d MB\n", l, $1, $2 / 1024 }'
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
export TALLY_TODAY=2026-11-22
median "tally check" "$tally" check "$budget"
median "tally balance" "$tally" balance "$budget"
median "tally register" "$tally" register "$budget"
median "hledger check" hledger -f "$data/interop/tx-100k.journal" check
median "hledger balance" hledger -f "$data/interop/tx-100k.journal" balance
median "hledger register" hledger -f "$data/interop/tx-100k.journal" register
median "ledger balance" ledger -f "$data/interop/tx-100k.ledger" balance
[ "${PEERS_LEDGER_REG:-0}" = 1 ] && median "ledger register" ledger -f "$data/interop/tx-100k.ledger" register
median "bean-check" "$( [ -x "$venv/bin/bean-check" ] && echo "$venv/bin/bean-check" || echo bean-check )" "$data/interop/tx-100k.beancount"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
