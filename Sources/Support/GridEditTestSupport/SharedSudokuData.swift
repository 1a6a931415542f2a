import Foundation

/// The published Sudoku collections in `../shared/data/sudoku/`, beside the repository, that some
/// solver, grader and verifier tests read.
///
/// A developer without them gets those tests skipped, with the reason, through Swift Testing's
/// condition trait: `@Test("…", .sharedSudokuData("norvig_top95.txt"))`. Under `CI=true` they run anyway and fail on the missing file (``lines(_:limit:)`` throws), so a
/// CI machine that lost the data cannot pass them silently.
public enum SharedSudokuData {
    public static var folder: URL {
        GridEditBinary.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/sudoku")
    }

    public static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Whether every named file is there.
    public static func has(_ names: [String]) -> Bool {
        names.allSatisfy { FileManager.default.fileExists(atPath: url($0).path) }
    }

    /// `CI=true` (or `CI=1`), as CI services set it.
    public static var isCI: Bool {
        ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    /// Whether a test needing `names` runs: when the files are there, and always under CI.
    public static func shouldRun(_ names: [String]) -> Bool { isCI || has(names) }

    /// What a skipped test says.
    public static func skipNote(_ names: [String]) -> String {
        "needs \(names.map { url($0).path }.joined(separator: ", ")) (not there; under CI=true this fails instead)"
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Puzzle lines of a shared data file (the puzzle is the first field of a line); throws when
    /// the file is missing.
    public static func lines(_ name: String, limit: Int = .max) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: url(name).path) else {
            throw Missing(description: "\(url(name).path) is missing: the shared Sudoku data must be beside the repository")
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).prefix(limit).compactMap {
            let field = $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == ";" }).first
            return field.map(String.init)
        }
    }
}

import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test when the shared Sudoku data files are there, skips it with a note when they
    /// are not, and runs it regardless under `CI=true` (see ``SharedSudokuData``).
    public static func sharedSudokuData(_ names: [String]) -> Self {
        .enabled(Comment(rawValue: SharedSudokuData.skipNote(names))) { SharedSudokuData.shouldRun(names) }
    }

    public static func sharedSudokuData(_ names: String...) -> Self { sharedSudokuData(names) }
}
