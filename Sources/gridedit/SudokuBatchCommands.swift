import ArgumentParser
import Foundation
import GridEditCore

/// The batch line interface: one puzzle per input line, one output line per puzzle, in order.
extension SudokuCommand {
    struct Solve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count the solutions of each puzzle line and print the first solution.",
            discussion: """
                Prints one line per puzzle, in input order: COUNT SOLUTION, the number of \
                solutions (capped at --count) and the first solution as a line, or - when there \
                is none. A line that is not a puzzle prints "error -" and is reported on standard \
                error (exit 1). Blank lines and lines starting with # are skipped; anything after \
                the puzzle on a line (after a space, comma or semicolon) is ignored.
                """)

        @Argument(help: "A file of puzzle lines, or - for standard input.")
        var input: String

        @Option(help: "Count solutions up to this number; 2 tells unique puzzles from the rest.")
        var count = 2

        @Option(help: "Threads (default: all cores). The output's order does not depend on it.")
        var jobs = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            guard count >= 1 else { throw ValidationError("--count must be at least 1") }
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        }

        func run() throws {
            let parsed = SudokuBatch.parse(try readInput(input))
            writeStandardOutput(SudokuBatch.solve(parsed, limit: count, jobs: jobs))
            try finish(errors: parsed.errors(source: input))
        }
    }

    struct Grade: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grade puzzles the way a person solves them.",
            discussion: """
                For a file of puzzle lines (or -), prints one line per puzzle in input order: \
                TIER HARDEST STEPS SCORE, for example "hard x-wing 61 1240". TIER is easy, medium, \
                hard, expert or beyond-logic (no technique of the ladder finishes it), or no-solution \
                or multiple-solutions; HARDEST is the hardest technique used (- for none); SCORE \
                is the numeric rating, the points of every step (- for no unique solution). \
                For puzzle files and folders, each line starts with the file's path and ends \
                with the difficulty the file records.
                """)

        @Argument(help: "A file of puzzle lines, - for standard input, or Sudoku puzzle files and folders.")
        var inputs: [String]

        @OptionGroup var access: AccessOptions

        @Option(help: "Threads (default: all cores). The output's order does not depend on it.")
        var jobs = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        }

        func run() throws {
            if inputs.count == 1, isLineSource(inputs[0]) {
                let parsed = SudokuBatch.parse(try readInput(inputs[0]))
                let output = SudokuBatch.mapLines(parsed, jobs: jobs) { puzzle in
                    switch puzzle {
                    case .success(let grid): SudokuGrader.grade(grid, explaining: false).line
                    case .failure: "error - 0 -"
                    }
                }
                writeStandardOutput(output)
                try finish(errors: parsed.errors(source: inputs[0]))
                return
            }
            let outcome = readPuzzles(inputs, policy: access.policy())
            let items = outcome.items
            let lines = parallelMap(items.count, jobs: jobs) { index -> String in
                let item = items[index]
                return SudokuGrader.grade(item.grid, explaining: false).line(for: item.label, fileSays: item.puzzle?.difficulty)
            }
            for line in lines { print(line) }
            try finish(errors: outcome.errors, ioError: outcome.hadIOError)
        }
    }

    struct Canonical: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print each puzzle line's canonical form, for finding duplicates.",
            discussion: """
                Two puzzles are the same puzzle in disguise (digits renamed; rows, columns, bands \
                or stacks reordered; the grid transposed when boxes are square) exactly when \
                their canonical lines are equal: `gridedit sudoku canonical a.txt | sort | uniq -d`.
                """)

        @Argument(help: "A file of puzzle lines, or - for standard input.")
        var input: String

        @Option(help: "Threads (default: all cores). The output's order does not depend on it.")
        var jobs = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        }

        func run() throws {
            let parsed = SudokuBatch.parse(try readInput(input))
            writeStandardOutput(SudokuBatch.mapLines(parsed, jobs: jobs) { puzzle in
                (try? puzzle.get()).map(SudokuCanonicalForm.key) ?? "error"
            })
            try finish(errors: parsed.errors(source: input))
        }
    }
}

// MARK: Shared by the Sudoku subcommands

/// The bytes of a file, or of standard input for `-`; exit 2 when the file cannot be read.
func readInput(_ path: String) throws -> [UInt8] {
    if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
    guard case .success(let bytes) = FileSystem.read(path) else {
        StandardStreams.errorLine("\(path): cannot read the file; check the path")
        throw ExitCode(2)
    }
    return bytes
}

/// `-`, or an existing file that is not a `.json` puzzle: a source of puzzle lines.
func isLineSource(_ argument: String) -> Bool {
    if argument == "-" { return true }
    return FileSystem.isFile(argument) && !argument.hasSuffix(".json")
}

func readPuzzles(_ arguments: [String], policy: FileAccessPolicy = FileAccessPolicy()) -> SudokuInput.Outcome {
    SudokuInput.read(arguments, policy: policy) { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
}

func writeStandardOutput(_ bytes: [UInt8]) {
    StandardStreams.write(bytes)
}

/// Reports problems on standard error: exit 2 after an unreadable path, 1 after other problems.
func finish(errors: [String], ioError: Bool = false) throws {
    for message in errors { StandardStreams.errorLine(message) }
    if ioError { throw ExitCode(2) }
    if !errors.isEmpty { throw ExitCode(1) }
}
