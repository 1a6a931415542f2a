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
build=(-Xswiftc -gnone)
step "build (debug, with the tests)" swift build --build-tests "${build[@]}"
# The browser tests (test targets named *BrowserTests, docs/testing.md) run on their own after
# the rest, so chromium gets the cores instead of sharing them with the CPU-bound suites.
step "tests" swift test --skip-build "${build[@]}" --skip BrowserTests
step "browser tests" swift test --skip-build "${build[@]}" --filter BrowserTests
printf '%s\n' "${times[@]}" "$(printf '%-34s %4d s' total $SECONDS)"
