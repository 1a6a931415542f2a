#!/usr/bin/env bash
# One command on a fresh Debian machine: install what is missing, build gridedit and
# gridedit-capture (release; `gridedit mat|capture` hands over to the second), and check the
# bundled puzzles.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
gridedit_install_deps
swift build -c release --product gridedit
swift build -c release --product gridedit-capture
echo "Checking the bundled puzzles with .build/release/gridedit check puzzles/"
.build/release/gridedit check puzzles/
