#!/usr/bin/env bash
# The server and editor tests under ThreadSanitizer and AddressSanitizer (issue 36). A separate
# run, not part of CI: each sanitizer needs its own full debug build (about 10 minutes on the
# 2-core machine) and the tests then take about 3 minutes. Builds go to .build-thread and
# .build-address. Usage: ./scripts/sanitizers.sh [thread|address]...   (default: both)
# Exit status: 0 every run passed with no sanitizer report; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(thread address)
status=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in thread|address) ;; *) echo "unknown sanitizer $sanitizer (thread or address)" >&2; exit 64 ;; esac
    scratch=".build-$sanitizer"
    log="$scratch/sanitizer-tests.log"
    echo "== $sanitizer: building the tests in $scratch"
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
    echo "== $sanitizer: the server and editor tests (log: $log)"
    start=$(date +%s)
    # LeakSanitizer is off: with it on, every report (343 in one run) was a box of the indirect
    # enum JSONValue or an array inside one. Swift keeps an enum's case in its payload pointer's
    # spare bits, which LeakSanitizer does not follow, so we read them as false reports (see
    # docs/testing.md). AddressSanitizer's own checks (use after free, overflows) stay on.
    if ! ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" \
            --filter 'GridEditServeTests|GridEditEditorTests' > "$log" 2>&1; then
        status=1
    fi
    # A sanitizer's report is a failure even when every test passed.
    if grep -q -E 'WARNING: ThreadSanitizer|ERROR: AddressSanitizer' "$log"; then
        grep -E 'WARNING: ThreadSanitizer|ERROR: AddressSanitizer' "$log" | sort | uniq -c
        status=1
    fi
    grep -E 'Test run with' "$log" | tail -1
    echo "== $sanitizer: $(( $(date +%s) - start )) s of tests"
done
exit $status
