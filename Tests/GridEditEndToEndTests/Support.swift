import Foundation
import GridEditTestSupport
import Testing

// Helpers shared by the end-to-end suites. These tests see gridedit only as a user does: they
// run the built binary and read its output, exit status and the files it writes.

/// The shipped folders the tests start from.
enum Repository {
    static var root: URL { GridEditBinary.repositoryRoot }
    static var puzzles: URL { root.appendingPathComponent("puzzles") }

    /// The text of a shipped file, by path relative to the repository root.
    static func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(relative)), as: UTF8.self)
    }
}

extension GridEditBinary.Output {
    /// Standard output split into lines (without the final empty piece after the last newline).
    var lines: [String] { Self.lines(stdout) }
    var errorLines: [String] { Self.lines(stderr) }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Every `.json` file below `folder`, as gridedit walks it: entries sorted by name at each
/// level, folders depth first, hidden entries skipped. Paths are relative to `folder`.
func jsonFiles(under folder: URL, prefix: String = "") -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()
    var result: [String] = []
    for name in names {
        let url = folder.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if isDirectory.boolValue {
            result += jsonFiles(under: url, prefix: prefix + name + "/")
        } else if name.hasSuffix(".json") {
            result.append(prefix + name)
        }
    }
    return result
}

// MARK: Positions in text

/// A 1-based line and column as gridedit reports them: columns count Unicode scalars, and
/// LF, CRLF and a lone CR each end a line.
struct TextPosition: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }

    static let start = TextPosition(line: 1, column: 1)

    /// The position of the scalar at `offset` (counted in Unicode scalars from the start).
    init(scalarOffset offset: Int, in text: String) {
        var line = 1, column = 1
        let scalars = Array(text.unicodeScalars.prefix(offset))
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\n" || (scalars[i] == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n")) {
                line += 1
                column = 1
            } else if scalars[i] != "\r" {
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Where the only occurrence of `needle` in `text` starts, moved on by `plus` scalars.
    /// Records an issue (and returns nil) unless the needle occurs exactly once.
    static func ofOnly(_ needle: String, plus: Int = 0, in text: String,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) -> TextPosition? {
        let ranges = text.ranges(of: needle)
        guard ranges.count == 1, let range = ranges.first else {
            Issue.record("expected \(String(reflecting: needle)) once in the file, found it \(ranges.count) times",
                         sourceLocation: sourceLocation)
            return nil
        }
        let offset = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
        return TextPosition(scalarOffset: offset + plus, in: text)
    }
}

// MARK: Editing copied files

/// One change to a copy of the shipped puzzles.
enum Edit: Sendable {
    /// Replace the first occurrence of `old` (which must be there) with `new`.
    case replace(String, _ old: String, _ new: String)
    /// Rewrite the whole text with a function of the current text.
    case transform(String, @Sendable (String) throws -> String)
    /// Write these bytes (creating the file if needed).
    case write(String, [UInt8])
    /// Delete the file.
    case remove(String)
}

/// A fresh copy of the repository's `puzzles/` folder, with edits planted in it.
struct PlantedPuzzles {
    let folder: TemporaryFolder

    init(_ edits: [Edit] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        folder = try TemporaryFolder(copying: Repository.puzzles)
        for edit in edits {
            switch edit {
            case .replace(let file, let old, let new):
                let text = try folder.read(file)
                let range = try #require(text.range(of: old),
                                         "\(file) no longer contains \(String(reflecting: old))",
                                         sourceLocation: sourceLocation)
                try folder.write(text.replacingCharacters(in: range, with: new), to: file)
            case .transform(let file, let change):
                try folder.write(try change(try folder.read(file)), to: file)
            case .write(let file, let bytes):
                try Data(bytes).write(to: folder.file(file))
            case .remove(let file):
                try FileManager.default.removeItem(at: folder.file(file))
            }
        }
    }

    /// The path gridedit prints for a file of the copy (it prints paths as found under the
    /// folder it was given).
    func path(_ relative: String) -> String { folder.file(relative).path }

    func text(_ relative: String) throws -> String { try folder.read(relative) }

    /// How many `.json` files the copy holds now: what `check` counts.
    var fileCount: Int { jsonFiles(under: folder.url).count }

    /// `gridedit check [options] <copy>`.
    func check(_ options: [String] = []) throws -> GridEditBinary.Output {
        try GridEditBinary.run(["check"] + options + [folder.path])
    }
}

extension String {
    /// The text with the whole line containing `marker` replaced by `replacement`
    /// (which keeps the original indentation and line ending out of the way).
    func replacingLine(containing marker: String, with replacement: String) throws -> String {
        var lines = components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(marker) }, "no line contains \(marker)")
        lines[index] = replacement
        return lines.joined(separator: "\n")
    }

    func line(containing marker: String) throws -> String {
        try #require(components(separatedBy: "\n").first { $0.contains(marker) }, "no line contains \(marker)")
    }
}

/// Deterministic pseudo-random bytes (SplitMix64), for "binary garbage" that is the same on
/// every run.
func pseudoRandomBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    var bytes: [UInt8] = []
    while bytes.count < count {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        withUnsafeBytes(of: z) { bytes += $0 }
    }
    return Array(bytes.prefix(count))
}
