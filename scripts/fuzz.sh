#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, from the Swift toolchain) of every entry point that reads
# untrusted text: `FuzzTarget` in Sources/GridEditFuzzTargets (issue 36). Builds gridedit-fuzz
# with --sanitize=fuzzer and AddressSanitizer into .build-fuzz (about 6 minutes the first time on
# the 2-core machine), then runs each target for SECONDS (default 60) on one core, starting from
# its seed corpus in Tests/Fixtures/fuzz/TARGET; inputs that find new coverage are kept in
# .build-fuzz/corpus/TARGET (not committed), crashes in .build-fuzz/crashes/.
#
# Usage: ./scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: json document page touch
#        sudoku-line sudoku-link tangram-import; default all)
# Prints, per target: executions, executions per second, coverage (edges) and features reached,
# corpus size, crashes. Exit status: 0 no crash, 1 a target crashed (its input is in
# .build-fuzz/crashes/; reproduce with `.build/debug/gridedit-fuzz TARGET FILE`, fix, then add
# the file to the target's seed corpus so every test run replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(json document page touch sudoku-line sudoku-link tangram-import)
scratch=.build-fuzz
echo "== building gridedit-fuzz with libFuzzer and AddressSanitizer in $scratch"
swift build -c release --product gridedit-fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING \
    --scratch-path "$scratch" 2>&1 | grep -v -E "ld.gold: warning: Cannot export local symbol" || true
binary="$scratch/release/gridedit-fuzz"
[ -x "$binary" ] || { echo "the build failed" >&2; exit 2; }
mkdir -p "$scratch/crashes"
status=0
printf '%-15s %12s %10s %8s %8s %8s %8s\n' target executions "exec/s" edges features corpus crashes
for target in "${targets[@]}"; do
    [ -d "Tests/Fixtures/fuzz/$target" ] || { echo "no seed corpus Tests/Fixtures/fuzz/$target" >&2; exit 64; }
    work="$scratch/corpus/$target"
    mkdir -p "$work"
    log="$scratch/$target.log"
    before=$(ls "$scratch/crashes" | grep -c "^$target-" || true)
    # One input at most 64 KiB (the page's limit), 10 s at most per input (a hang is a finding),
    # LeakSanitizer off (Swift's enum payloads in spare pointer bits read as leaks; docs/testing.md).
    ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" GRIDEDIT_FUZZ_TARGET="$target" "$binary" \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$scratch/crashes/$target-" "$work" "Tests/Fixtures/fuzz/$target" > "$log" 2>&1 || status=1
    after=$(ls "$scratch/crashes" | grep -c "^$target-" || true)
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    edges=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*' || echo "?")
    features=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*' || echo "?")
    corpus=$(ls "$work" | wc -l)
    printf '%-15s %12s %10s %8s %8s %8s %8s\n' "$target" "$executions" "$rate" "$edges" "$features" "$corpus" "$((after - before))"
    if [ "$after" -gt "$before" ]; then
        status=1
        grep -m3 -E 'Fatal error|runtime failure|ERROR: AddressSanitizer|ERROR: libFuzzer' "$log" | sed 's/^/    /'
    fi
done
exit $status
