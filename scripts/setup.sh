#!/usr/bin/env bash
# One command on a fresh Debian machine: install what is missing, build gridedit, gridedit-editor
# and gridedit-capture (release; gridedit hands the REPL and `serve` over to the second, `mat` and
# `capture` to the third), and check the bundled puzzles.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
gridedit_install_deps
swift build -c release --product gridedit
swift build -c release --product gridedit-editor
swift build -c release --product gridedit-capture
echo "Checking the bundled puzzles with .build/release/gridedit check puzzles/"
.build/release/gridedit check puzzles/
