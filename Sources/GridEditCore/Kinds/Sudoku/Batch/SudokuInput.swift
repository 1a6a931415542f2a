import Foundation
import GridEditJSON

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

    /// Puzzle files and folders are read within their ``TreeRoot`` under `policy`; a file of
    /// puzzle lines named on the command line is the user's own input, like standard input.
    public static func read(_ arguments: [String], policy: FileAccessPolicy = FileAccessPolicy(),
                            standardInput: () -> [UInt8]) -> Outcome {
        var outcome = Outcome()
        for argument in arguments {
            if argument == "-" {
                addLines(standardInput(), source: "-", to: &outcome)
                continue
            }
            switch FileSystem.kind(of: argument) {
            case .directory:
                let root = TreeRoot(folder: argument, policy: policy)
                for entry in root.jsonFiles(under: argument) where !PackManifest.isManifest(entry.path) {
                    addPuzzleFile(entry, root: root, to: &outcome, quiet: true)
                }
            case .file:
                if argument.hasSuffix(".json") {
                    addPuzzleFile(TreeEntry(path: argument), root: TreeRoot(argument: argument, policy: policy), to: &outcome, quiet: false)
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
    static func addPuzzleFile(_ entry: TreeEntry, root: TreeRoot, to outcome: inout Outcome, quiet: Bool) {
        let path = entry.path
        switch loadPuzzleFile(entry, root: root) {
        case .sudoku(let sudoku):
            outcome.items.append(Item(label: Excerpt.escaped(path), grid: sudoku.givens, puzzle: sudoku))
        case .otherKind:
            if !quiet { outcome.errors.append("\(Excerpt.escaped(path)): not a Sudoku puzzle") }
        case .problem(let line, let unreadable):
            outcome.errors.append(line)
            if unreadable { outcome.hadIOError = true }
        }
    }

    /// What a puzzle file named or found in a folder holds, for the commands that take Sudoku
    /// files (`grade`, `export`, …).
    enum PuzzleFile {
        case sudoku(SudokuPuzzle)
        /// A puzzle of another kind (a tangram).
        case otherKind
        /// The line for standard error; `unreadable` when the file could not be read at all
        /// (exit status 2), rather than read and refused.
        case problem(String, unreadable: Bool)
    }

    /// Reads a puzzle file within its ``TreeRoot`` and loads it.
    static func loadPuzzleFile(_ entry: TreeEntry, root: TreeRoot) -> PuzzleFile {
        let path = entry.path
        let bytes: [UInt8]
        switch root.read(entry) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            var unreadable = false
            if case .unreadable = refusal { unreadable = true }
            return .problem(Finding(refusal).line(in: path), unreadable: unreadable)
        }
        let loaded = DocumentLoader.load(bytes, isManifest: false)
        // A curriculum is a plan over the packs, skipped like a tangram.
        if loaded.kind == Curriculum.kindName { return .otherKind }
        guard case .puzzle(let document)? = loaded.document else {
            return .problem("\(Excerpt.escaped(path)): does not load; run `gridedit check \(Excerpt.escaped(path))`", unreadable: false)
        }
        guard let sudoku = document.puzzle as? SudokuPuzzle else { return .otherKind }
        return .sudoku(sudoku)
    }
}
