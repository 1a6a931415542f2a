import Foundation
import GridEditJSON

/// Import and export of the one-line Sudoku format (the engine of `gridedit sudoku`).
public enum SudokuLines {
    public struct Outcome: Sendable {
        public var lines: [String] = []
        public var errors: [String] = []
        /// A path could not be read at all (exit status 2, as for `check`).
        public var hadIOError = false
    }

    /// One line per Sudoku file found, in sorted path order.
    public static func export(_ paths: [String], policy: FileAccessPolicy = FileAccessPolicy()) -> Outcome {
        var outcome = Outcome()
        for path in paths {
            let kind = FileSystem.kind(of: path)
            if kind == .missing {
                outcome.errors.append("\(path): no such file or folder; check the path")
                outcome.hadIOError = true
                continue
            }
            let root = TreeRoot(argument: path, policy: policy)
            let entries = kind == .directory ? root.jsonFiles(under: path) : [TreeEntry(path: path)]
            for entry in entries where !PackManifest.isManifest(entry.path) {
                let file = entry.path
                let bytes: [UInt8]
                switch entry.refusal.map(Result.failure) ?? root.read(file) {
                case .success(let read): bytes = read
                case .failure(let refusal):
                    outcome.errors.append(CheckReport.line(for: Finding(refusal), in: file))
                    if case .unreadable = refusal { outcome.hadIOError = true }
                    continue
                }
                switch DocumentLoader.load(bytes, isManifest: false).document {
                case .puzzle(let document)?:
                    if let sudoku = document.puzzle as? SudokuPuzzle { outcome.lines.append(sudoku.givens.line) }
                default:
                    outcome.errors.append("\(Excerpt.escaped(file)): does not load; run `gridedit check \(Excerpt.escaped(file))`")
                }
            }
        }
        return outcome
    }

    /// Writes `<prefix>-<n>.json` into `folder` for each line of `text`.
    public static func importLines(_ text: String, source: String, into folder: String, prefix: String,
                                   difficulty: Difficulty, now: Date = Date()) -> Outcome {
        var outcome = Outcome()
        let timestamp = Self.timestamp(now)
        try? FileSystem.makeFolders(folder)
        var number = 0
        let results = SudokuGrid.parseLines(text)
        // Zero-padded so that the files sort in input order (`sudoku-002` before `sudoku-010`).
        let width = max(3, String(results.count).count)
        for result in results {
            switch result {
            case .failure(let error):
                outcome.errors.append("\(source):\(error.line): \(error.error)")
            case .success(let grid):
                number += 1
                let digits = String(number)
                let id = "\(prefix)-\(String(repeating: "0", count: width - digits.count))\(digits)"
                let metadata = PuzzleMetadata(id: id, name: "Sudoku \(number)", difficulty: difficulty,
                                              createdAt: timestamp, updatedAt: timestamp)
                let document = PuzzleDocument(puzzle: SudokuPuzzle(metadata: metadata, givens: grid))
                let path = FileSystem.join(folder, "\(id).json")
                do {
                    try AtomicFile.write(Array(document.canonicalText().utf8), to: path)
                    outcome.lines.append("wrote \(path)")
                } catch {
                    outcome.errors.append(error.description)
                }
            }
        }
        return outcome
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
