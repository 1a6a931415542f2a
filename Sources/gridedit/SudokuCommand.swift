import ArgumentParser
import Foundation
import GridEditCore

/// `gridedit sudoku`: the line format other Sudoku tools speak, solving, grading, explaining
/// and generating (see docs/sudoku.md).
struct SudokuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sudoku",
        abstract: "Convert Sudoku puzzles to and from lines; solve, grade, explain and generate them.",
        discussion: """
            Puzzle lines hold 16, 36 or 81 cells row by row, . or 0 for an empty cell. export and import also speak \
            SudokuPad and f-puzzles links. See docs/sudoku.md.
            """,
        subcommands: [Solve.self, Grade.self, Explain.self, Inspect.self, Canonical.self, Generate.self,
                      Export.self, Import.self]
    )

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print Sudoku puzzle files as lines, or as SudokuPad or f-puzzles links.",
            discussion: """
                --format lines (the default) prints 16/36/81 characters, . for empty. --format sudokupad or fpuzzles \
                prints a link that opens the puzzle there for test-solving, with its name, author and solution; \
                --json prints the f-puzzles JSON such links carry instead.
                """)

        @Argument(help: "Sudoku puzzle files or folders.")
        var paths: [String]

        @Option(help: "lines, sudokupad or fpuzzles.")
        var format = "lines"

        @Flag(help: "With --format sudokupad or fpuzzles: print the puzzle's f-puzzles JSON rather than the link.")
        var json = false

        @OptionGroup var access: AccessOptions

        func run() throws {
            let form: SudokuLines.ExportForm
            switch (format, json) {
            case ("lines", false): form = .line
            case ("lines", true): throw ValidationError("--json goes with --format sudokupad or fpuzzles")
            case (_, true) where SudokuLinkFormat(rawValue: format) != nil: form = .fpuzzlesJSON
            case (_, false) where SudokuLinkFormat(rawValue: format) != nil: form = .link(SudokuLinkFormat(rawValue: format)!)
            default: throw ValidationError("--format must be lines, sudokupad or fpuzzles")
            }
            let outcome = SudokuLines.export(paths, as: form, policy: access.policy())
            for line in outcome.lines { print(line) }
            for message in outcome.errors { StandardStreams.errorLine(message) }
            if outcome.hadIOError { throw ExitCode(2) }
            if !outcome.errors.isEmpty { throw ExitCode(1) }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn puzzle lines or SudokuPad / f-puzzles links into puzzle files in a folder.",
            discussion: """
                Each line (16, 36 or 81 cells, . or 0 for empty, or a SudokuPad or f-puzzles link) becomes \
                <prefix>-<nnn>.json, numbered in input order; a file holding the JSON of one f-puzzles or SudokuPad \
                puzzle becomes one. A link's title and author become the name and author. When any of those files \
                exists, nothing is written and they are listed: --force overwrites them, --dry-run shows what would \
                be written.
                """)

        @Argument(help: "A file of puzzle lines or links, - for standard input, or one link itself.")
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
            let isLink = ["http://", "https://"].contains { input.lowercased().hasPrefix($0) }
            let text = isLink ? input : String(decoding: try readInput(input), as: UTF8.self)
            // SOURCE_DATE_EPOCH stamps reproducible files, as everywhere (PuzzleMetadata.now).
            let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init)
            let outcome = SudokuLines.importLines(text, source: isLink ? "link" : input, into: output, prefix: prefix, difficulty: level,
                                                   now: epoch.map { Date(timeIntervalSince1970: Double($0)) } ?? Date(),
                                                   options: .init(force: force, dryRun: dryRun))
            for line in outcome.lines { print(line) }
            for message in outcome.errors { StandardStreams.errorLine(message) }
            if !outcome.errors.isEmpty { throw ExitCode(1) }
        }
    }
}
