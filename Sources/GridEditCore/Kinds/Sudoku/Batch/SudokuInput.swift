import Foundation

/// Puzzles named on the command line: `.json` puzzle files, folders of them, files of puzzle
/// lines, `-` for lines on standard input, or a puzzle line itself (`53..7....6..195…`).
public enum SudokuInput {
    public struct Item: Sendable {
        /// Where the puzzle came from: a file path, `FILE:LINE` for a line, or the line itself.
        public var label: String
        public var grid: SudokuGrid
        /// The puzzle file's contents, when it came from one.
        public var puzzle: SudokuPuzzle?
    }

    public struct Outcome: Sendable {
        public var items: [Item] = []
        /// Problems, one line each, ready for standard error.
        public var errors: [String] = []
        /// A path could not be read at all (exit status 2).
        public var hadIOError = false
    }

    public static func read(_ arguments: [String], standardInput: () -> [UInt8]) -> Outcome {
        var outcome = Outcome()
        for argument in arguments {
            if argument == "-" {
                addLines(standardInput(), source: "-", to: &outcome)
                continue
            }
            switch FileSystem.kind(of: argument) {
            case .directory:
                for file in FileSystem.jsonFiles(under: argument) where !PackManifest.isManifest(file) {
                    addPuzzleFile(file, to: &outcome, quiet: true)
                }
            case .file:
                if argument.hasSuffix(".json") {
                    addPuzzleFile(argument, to: &outcome, quiet: false)
                } else if case .success(let bytes) = FileSystem.read(argument) {
                    addLines(bytes, source: argument, to: &outcome)
                } else {
                    outcome.errors.append("\(argument): cannot read the file; check its permissions")
                    outcome.hadIOError = true
                }
            case .missing:
                if let grid = try? SudokuGrid(line: argument) {
                    outcome.items.append(Item(label: grid.line, grid: grid))
                } else {
                    outcome.errors.append("\(argument): no such file or folder, and not a puzzle line; check the path")
                    outcome.hadIOError = true
                }
            }
        }
        return outcome
    }

    static func addLines(_ bytes: [UInt8], source: String, to outcome: inout Outcome) {
        let input = SudokuBatch.parse(bytes)
        for line in input.lines {
            switch line.puzzle {
            case .success(let grid): outcome.items.append(Item(label: "\(source):\(line.number)", grid: grid))
            case .failure(let error): outcome.errors.append("\(source):\(line.number): \(error)")
            }
        }
    }

    /// A puzzle file; tangrams are skipped (silently in folders, with a note when named).
    static func addPuzzleFile(_ path: String, to outcome: inout Outcome, quiet: Bool) {
        guard case .success(let bytes) = FileSystem.read(path) else {
            outcome.errors.append("\(path): cannot read the file; check its permissions")
            outcome.hadIOError = true
            return
        }
        switch DocumentLoader.load(bytes, isManifest: false).document {
        case .puzzle(let document)?:
            if let sudoku = document.puzzle as? SudokuPuzzle {
                outcome.items.append(Item(label: path, grid: sudoku.givens, puzzle: sudoku))
            } else if !quiet {
                outcome.errors.append("\(path): not a Sudoku puzzle")
            }
        default:
            outcome.errors.append("\(path): does not load; run `gridedit check \(path)`")
        }
    }
}
