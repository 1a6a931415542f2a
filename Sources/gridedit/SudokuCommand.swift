import ArgumentParser
import Foundation
import GridEditCore

/// `gridedit sudoku`: the line format other Sudoku tools speak, solving, grading, explaining
/// and generating (see docs/sudoku.md).
struct SudokuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sudoku",
        abstract: "Convert Sudoku puzzles to and from lines; solve, grade, explain and generate them.",
        discussion: "Puzzle lines hold 16, 36 or 81 cells row by row, . or 0 for an empty cell. See docs/sudoku.md.",
        subcommands: [Solve.self, Grade.self, Explain.self, Inspect.self, Canonical.self, Generate.self,
                      Export.self, Import.self]
    )

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print Sudoku puzzle files as lines (16/36/81 characters, . for empty).")

        @Argument(help: "Sudoku puzzle files or folders.")
        var paths: [String]

        @OptionGroup var access: AccessOptions

        func run() throws {
            let outcome = SudokuLines.export(paths, policy: access.policy())
            for line in outcome.lines { print(line) }
            for message in outcome.errors { StandardStreams.errorLine(message) }
            if outcome.hadIOError { throw ExitCode(2) }
            if !outcome.errors.isEmpty { throw ExitCode(1) }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn a file of puzzle lines into puzzle files in a folder.",
            discussion: """
                Each line (16, 36 or 81 cells, . or 0 for empty) becomes <prefix>-<nnn>.json, numbered in input \
                order. When any of those files exists, nothing is written and they are listed: --force \
                overwrites them, --dry-run shows what would be written.
                """)

        @Argument(help: "A file of puzzle lines, or - for standard input.")
        var input: String

        @Option(name: .shortAndLong, help: "Folder to write the puzzle files into.")
        var output: String

        @Option(help: "Id prefix for the new puzzles.")
        var prefix = "sudoku"

        @Option(help: "Difficulty to record: easy, medium, hard or expert (default: each puzzle's graded tier; beyond-logic is recorded as expert).")
        var difficulty: String?

        @Flag(help: "Overwrite puzzle files that already exist (without it, the import refuses and lists them).")
        var force = false

        @Flag(help: "Print what would be written; write nothing.")
        var dryRun = false

        func run() throws {
            let level = try difficulty.map { (name: String) throws -> Difficulty in
                guard let level = Difficulty(rawValue: name) else { throw ValidationError("difficulty must be easy, medium, hard or expert") }
                return level
            }
            guard PuzzleMetadata.isValidID(prefix) else {
                throw ValidationError("prefix must be lower-case letters and digits joined by dashes")
            }
            let text = String(decoding: try readInput(input), as: UTF8.self)
            // SOURCE_DATE_EPOCH stamps reproducible files, as everywhere (PuzzleMetadata.now).
            let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init)
            let outcome = SudokuLines.importLines(text, source: input, into: output, prefix: prefix, difficulty: level,
                                                   now: epoch.map { Date(timeIntervalSince1970: Double($0)) } ?? Date(),
                                                   options: .init(force: force, dryRun: dryRun))
            for line in outcome.lines { print(line) }
            for message in outcome.errors { StandardStreams.errorLine(message) }
            if !outcome.errors.isEmpty { throw ExitCode(1) }
        }
    }
}
