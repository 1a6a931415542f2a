#!/usr/bin/env bash
# Runs the whole test suite (installs missing system packages first, the test-only ones too).
# .ci/run calls this.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
gridedit_install_deps
gridedit_install_test_deps
swift build --build-tests
# The browser tests (test targets named *BrowserTests, docs/testing.md) run on their own after
# the rest, so chromium gets the cores instead of sharing them with the CPU-bound suites.
swift test --skip-build --skip BrowserTests
swift test --skip-build --filter BrowserTests
