#!/usr/bin/env bash
# Runs the whole test suite (installs missing system packages first, the test-only ones too).
# .ci/run calls this. Each step's time is printed at the end (docs/testing.md, "How long").
set -euo pipefail
cd "$(dirname "$0")/.."
times=()
step() {
    local name=$1 started=$SECONDS
    shift
    "$@"
    times+=("$(printf '%-34s %4d s' "$name" $((SECONDS - started)))")
}
. scripts/deps.sh
step "system packages" gridedit_install_deps
step "test-only packages" gridedit_install_test_deps
# Without debug information: the compiler does 15 % less work (measured on the libraries up to
# GridEditEditor), and a failing test is still located by its #expect's file and line. A plain
# `swift build` for the debugger rebuilds with it.
# Whole-module: one compiler job per module (its code generation on two threads) instead of
# batches that each type-check what their files use of the others. From nothing: 406 s instead
# of 509 s on this 2-core machine (docs/testing.md). Incremental compilation is off with it, so
# after a one-line change this rebuilds the whole module: iterate with `swift build` and
# `swift test --filter`, and run this for the whole suite.
build=(-Xswiftc -gnone -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2)
step "build (debug, with the tests)" swift build --build-tests "${build[@]}"
# The browser tests (test targets named *BrowserTests, docs/testing.md) run on their own after
# the rest, so chromium gets the cores instead of sharing them with the CPU-bound suites.
# The test binary runs directly: every test is a Swift Testing one, and `swift test` would first
# spend about 7 s of the two cores loading the package's manifests again (docs/testing.md).
tests=(.build/debug/grideditPackageTests.xctest --testing-library swift-testing)
if ! .build/debug/grideditPackageTests.xctest --list-tests | grep -q "^Listing 0 tests"; then
    echo "error: XCTest tests were found, and test.sh runs only Swift Testing ones: write them with Swift Testing" >&2
    exit 1
fi
step "tests" "${tests[@]}" --skip BrowserTests
step "browser tests" "${tests[@]}" --filter BrowserTests
printf '%s\n' "${times[@]}" "$(printf '%-34s %4d s' total $SECONDS)"
