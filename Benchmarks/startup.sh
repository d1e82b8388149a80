#!/usr/bin/env bash
# What starting `tally` costs before it reads a byte, and what each library it loads adds
# (issue 39): the start-up rows of BENCHMARKS.md.
#
#   Benchmarks/startup.sh
#
# Times `tally --version`, `tally check EMPTY` and `tally fmt --check EMPTY` (EMPTY: a
# `currency EUR` budget in a new folder under /tmp), then five one-line Swift programs
# that print a date: the standard library alone, FoundationEssentials, Foundation, and
# Foundation with FoundationXML or FoundationNetworking. Each is the CPU time of 20 runs
# (`perf stat -e task-clock`, which a loaded machine changes less than wall time), the
# lowest peak memory of 3 runs (GNU time) and, when valgrind is installed, the
# instructions of one run (callgrind; the dynamic linker's work included).
#
# Environment:
#   TALLY_BIN     binary to time, default .build/release/tally (build it first:
#                 `swift build -c release --product tally`)
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C
BIN=${TALLY_BIN:-.build/release/tally}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo 'currency EUR' > "$WORK/empty.tally"

cat > "$WORK/std.swift" <<'EOF'
print("1")
EOF
for module in FoundationEssentials Foundation; do
    printf 'import %s\nprint(Date().timeIntervalSince1970 > 0)\n' "$module" > "$WORK/with$module.swift"
done
for extra in FoundationXML FoundationNetworking; do
    printf 'import Foundation\nimport %s\nif CommandLine.arguments.count > 5 { print(%s.self) }\nprint(Date().timeIntervalSince1970 > 0)\n' \
        "$extra" "$([ $extra = FoundationXML ] && echo XMLParser || echo URLSession)" > "$WORK/with$extra.swift"
done
for program in std FoundationEssentials Foundation FoundationXML FoundationNetworking; do
    source="$WORK/with$program.swift"
    [ "$program" = std ] && source="$WORK/std.swift"
    swiftc -O -module-name Probe "$source" -o "$WORK/$program"
done

measure() {
    local label=$1
    shift
    local cpu rss instructions="-"
    cpu=$(perf stat -x, -e task-clock -r 20 "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 }')
    rss=$(for _ in 1 2 3; do /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; done | sort -n | head -1)
    if command -v valgrind >/dev/null; then
        instructions=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/Collected/ { print $4 }')
    fi
    printf '| %s | %.1f ms | %.1f MB | %s |\n' "$label" "$cpu" "$(echo "$rss / 1024" | bc -l)" "$instructions"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| program | CPU (task-clock) | peak memory | instructions |"
echo "| --- | --- | --- | --- |"
measure "tally --version" "$BIN" --version
measure "tally check EMPTY" "$BIN" check "$WORK/empty.tally"
measure "tally fmt --check EMPTY" "$BIN" fmt --check "$WORK/empty.tally"
for program in std FoundationEssentials Foundation FoundationXML FoundationNetworking; do
    measure "print, $program" "$WORK/$program"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
