#!/usr/bin/env bash
# Times the language-server features on a large budget (see Benchmarks/lsp-features.swift).
#
#   Benchmarks/lsp-features.sh [FILE]     (default Benchmarks/data/tx-100k.tally)
#
# Builds the release modules (unless SKIP_BUILD=1), compiles the driver with -O against
# them into .build/release/lsp-features, generates the 100k file when missing and runs.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-Benchmarks/data/tx-100k.tally}
if [[ ${SKIP_BUILD:-0} != 1 ]]; then swift build -c release; fi
if [[ ! -f $FILE ]]; then
    mkdir -p "$(dirname "$FILE")"
    python3 Benchmarks/generate.py 100000 "$FILE"
fi
BIN=.build/release
objects=()
for module in TallySyntax TallyCore TallyFormat TallyImport TallyLSP; do
    objects+=("$BIN/$module.build"/*.o)
done
swiftc -O -module-cache-path "$BIN/ModuleCache" -I "$BIN/Modules" -I "$BIN" \
    Benchmarks/lsp-features.swift "${objects[@]}" -o "$BIN/lsp-features"
"$BIN/lsp-features" "$FILE"
