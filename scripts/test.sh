#!/usr/bin/env bash
# Runs the whole test suite (installs missing system packages first, the test-only ones too).
# .ci/run calls this.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
gridedit_install_deps
gridedit_install_test_deps
swift build --build-tests
swift test --skip-build
