#!/usr/bin/env bash
# Builds the fuzz targets and runs one (or all) for a number of seconds.
#
#   Fuzz/run.sh TARGET SECONDS     TARGET: parser formatter interpreter frames json statements journals requests, or all
#
# Seeds: examples/ and every test fixture (.tally), Fuzz/Seeds/TARGET/, and the kept
# regression inputs Tests/TallyFuzzTests/Regressions/TARGET/. New inputs go to Fuzz/corpus/TARGET/ and crashing ones (also
# hangs over 10 s and memory over 2 GB) to Fuzz/crashes/TARGET/, both ignored by git.
# Each run ends with one summary line to paste into a note. Exits 1 when a target found
# a crash, 2 on a usage or build error. Environment:
#   TALLY_FUZZ_NO_BUILD=1   use the binaries already built
#   TALLY_FUZZ_ARGS="..."   more libFuzzer flags (e.g. -jobs=2 -workers=2)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGETS=(parser formatter interpreter frames json statements journals requests)

usage() { echo "usage: Fuzz/run.sh {$(IFS="|"; echo "${TARGETS[*]}")|all} SECONDS" >&2; exit 2; }
[ $# -eq 2 ] || usage
[[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -gt 0 ] || usage
if [ "$1" = all ]; then selected=("${TARGETS[@]}"); else
    [[ " ${TARGETS[*]} " == *" $1 "* ]] || usage
    selected=("$1")
fi
SECONDS_EACH=$2
# The Swift runtime's backtracer would stop at a crash to print a backtrace of its own
# (and trips AddressSanitizer doing so); libFuzzer and ASan report crashes here.
export SWIFT_BACKTRACE=enable=no

BIN=Fuzz/.build/release
if [ "${TALLY_FUZZ_NO_BUILD:-0}" != 1 ]; then
    # SwiftPM's `--sanitize` flags reach the compiler as separate `-sanitize=` options, of
    # which the driver keeps only the last, so dependencies lose the coverage libFuzzer
    # needs. `-Xswiftc` comes after them and gives both at once; `--sanitize=fuzzer` is
    # still needed so that SwiftPM lets libFuzzer provide `main`.
    echo "== building the fuzz targets (release, libFuzzer + AddressSanitizer)"
    start=$(date +%s)
    swift build --package-path Fuzz -c release --sanitize=fuzzer --sanitize=address \
        -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -v "Cannot export local symbol" \
        || { echo "fuzz build failed" >&2; exit 2; }
    [ -x "$BIN/fuzz-${selected[0]}" ] || { echo "fuzz build failed" >&2; exit 2; }
    echo "== built in $(( $(date +%s) - start )) s"
fi

seeds() {  # the seed files of target $1, one per line
    local target=$1
    case $target in
        parser|formatter|interpreter)
            find examples Tests -name '*.tally' -type f -size -64k ;;
        statements)
            find examples/import Tests/TallyCLITests/Fixtures/import -type f ! -name '*.tally' ! -name '*.expected' -size -64k ;;
        journals)
            find Tests/TallyCLITests/Fixtures/interop -type f ! -name '*.tally' ! -name '*.expected' -size -64k ;;
    esac
    find "Fuzz/Seeds/$target" "Tests/TallyFuzzTests/Regressions/$target" -maxdepth 1 -type f ! -name 'README*' 2>/dev/null
}

failed=0
summaries=()
for target in "${selected[@]}"; do
    corpus=Fuzz/corpus/$target crashes=Fuzz/crashes/$target
    mkdir -p "$corpus" "$crashes"
    list=$(mktemp) log=$(mktemp)
    # libFuzzer reads `-seed_inputs=@FILE` as one comma-separated list.
    count=$(seeds "$target" | wc -l)
    seeds "$target" | sed "s|^|$ROOT/|" | paste -sd, - > "$list"
    extra= asan=${ASAN_OPTIONS:-}
    case $target in
        frames|json) dict=lsp.dict max=16384 ;;
        # FoundationXML leaks the error it makes for each malformed XML document (in
        # _CFErrorCreateFromXMLInterface, outside Tally), so leaks are not findings here.
        statements) dict=statements.dict max=32768 extra=-detect_leaks=0 asan=detect_leaks=0${asan:+:$asan} ;;
        journals) dict=journals.dict max=32768 ;;
        requests) dict=http.dict max=16384 ;;
        *) dict=tally.dict max=32768 ;;
    esac
    echo "== fuzzing $target for $SECONDS_EACH s ($count seeds, corpus $corpus)"
    began=$(date +%s)
    # shellcheck disable=SC2086
    ASAN_OPTIONS=$asan "$BIN/fuzz-$target" "$corpus" -seed_inputs=@"$list" -dict="Fuzz/Dictionaries/$dict" \
        -max_total_time="$SECONDS_EACH" -max_len=$max -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 -error_exitcode=77 -timeout_exitcode=77 \
        $extra ${TALLY_FUZZ_ARGS:-} > "$log" 2>&1
    status=$?
    elapsed=$(( $(date +%s) - began ))
    # libFuzzer's lines: "#N INITED cov: C ft: F corp: K/…", "#N DONE cov: C …",
    # "stat::number_of_executed_units: N", "stat::average_exec_per_sec: R".
    inited=$(grep -m1 -o 'INITED cov: [0-9]*' "$log" | grep -o '[0-9]*$')
    last=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' "$log" | tail -1)
    cov=$(echo "$last" | awk '{print $2}') corp=$(echo "$last" | awk '{print $6}')
    execs=$(grep -o 'number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    rate=$(grep -o 'average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
    found=$(grep -c '^artifact_prefix=\|Test unit written to' "$log")
    if [ $status -ne 0 ] && [ "$found" -eq 0 ]; then found=1; fi
    line="fuzz $target: ${execs:-?} executions in $elapsed s (${rate:-?}/s), coverage ${cov:-?} edges (+$(( ${cov:-0} - ${inited:-0} )) new), corpus ${corp:-?} inputs, $found crashes"
    summaries+=("$line")
    if [ $status -ne 0 ]; then
        failed=1
        echo "!! $target failed (libFuzzer exit $status); the end of its log:" >&2
        grep -v '^#[0-9]' "$log" | tail -40 >&2
        echo "!! the input is in $crashes/; keep it as Tests/TallyFuzzTests/Regressions/$target/NAME (Fuzz/README.md)" >&2
    fi
    echo "$line"
    rm -f "$list" "$log"
done

if [ ${#summaries[@]} -gt 1 ]; then
    echo "== summary"
    printf '%s\n' "${summaries[@]}"
fi
exit $failed
