#!/usr/bin/env python3
"""Test-only oracle: HoDoKu's rating of Sudoku puzzle lines, through hodoku-py (GPL).

Runs as a separate process from the tests (never linked or copied into gridedit). Reads puzzle
lines (81 characters, digits and '.' or '0') from the files named, or standard input, and prints
one line per puzzle, in order: `SCORE LEVEL`, e.g. `1240 HARD`, or `error -` for a line HoDoKu
rejects. Blank lines and lines starting with '#' are skipped, as by `gridedit sudoku grade`.
"""
import sys

try:
    from hodoku import Solver
except ImportError:
    sys.stderr.write("hodoku-py is not installed: run scripts/deps.sh's gridedit_install_test_deps\n")
    sys.exit(3)


def main() -> int:
    solver = Solver()
    sources = [open(name, encoding="utf-8") for name in sys.argv[1:]] or [sys.stdin]
    for source in sources:
        for raw in source:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            puzzle = line.replace(",", " ").replace(";", " ").split()[0]
            try:
                rating = solver.rate(puzzle)
                print(f"{rating.score} {rating.level.name}", flush=True)
            except Exception as error:  # a bad line: keep the output aligned with the input
                sys.stderr.write(f"{puzzle}: {error}\n")
                print("error -", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
