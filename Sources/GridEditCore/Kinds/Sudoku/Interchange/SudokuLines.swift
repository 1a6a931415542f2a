import Foundation
import GridEditJSON

/// Import and export of Sudoku puzzles in the forms other tools speak (the engine of
/// `gridedit sudoku export` and `import`): the one-line format, and SudokuPad and f-puzzles
/// links or their JSON (``SudokuLinks``).
public enum SudokuLines {
    /// What `export` prints for each puzzle.
    public enum ExportForm: Sendable, Equatable {
        /// 16, 36 or 81 characters, `.` for an empty cell.
        case line
        /// A link that opens the puzzle in SudokuPad or f-puzzles.
        case link(SudokuLinkFormat)
        /// The f-puzzles JSON those links carry, on one line.
        case fpuzzlesJSON

        func text(for sudoku: SudokuPuzzle) -> String {
            switch self {
            case .line: sudoku.givens.line
            case .link(let format): SudokuLinks.link(for: SudokuLinkContent(sudoku), format: format)
            case .fpuzzlesJSON: SudokuLinks.fpuzzlesJSON(for: SudokuLinkContent(sudoku))
            }
        }
    }

    public struct Outcome: Sendable {
        public var lines: [String] = []
        public var errors: [String] = []
        /// A path could not be read at all (exit status 2, as for `check`).
        public var hadIOError = false
    }

    /// One line per Sudoku file found, in sorted path order.
    public static func export(_ paths: [String], as form: ExportForm = .line,
                              policy: FileAccessPolicy = FileAccessPolicy()) -> Outcome {
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
                switch SudokuInput.loadPuzzleFile(entry, root: root) {
                case .sudoku(let sudoku): outcome.lines.append(form.text(for: sudoku))
                case .otherKind: break
                case .problem(let line, let unreadable):
                    outcome.errors.append(line)
                    if unreadable { outcome.hadIOError = true }
                }
            }
        }
        return outcome
    }

    /// How an import treats puzzle files already in the folder.
    public struct ImportOptions: Sendable {
        /// Overwrite existing puzzle files (a designer may have edited them since).
        public var force = false
        /// Only say what would be written; write nothing, create no folder.
        public var dryRun = false
        public init(force: Bool = false, dryRun: Bool = false) {
            self.force = force
            self.dryRun = dryRun
        }
    }

    /// Writes `<prefix>-<n>.json` into `folder` for each puzzle of `text`: puzzle lines,
    /// SudokuPad or f-puzzles links (one a line, mixed freely with puzzle lines), or the JSON of
    /// one such puzzle. A link's title and author become the puzzle's name and author.
    ///
    /// Nothing is overwritten silently: when any target exists the import writes nothing and
    /// lists them, unless `force`. Even forced, it never writes through a link that leads out of
    /// `folder` (``TreeRoot/writableTarget(_:)``).
    public static func importLines(_ text: String, source: String, into folder: String, prefix: String,
                                   difficulty: Difficulty? = nil, now: Date = Date(),
                                   options: ImportOptions = ImportOptions()) -> Outcome {
        var outcome = Outcome()
        let timestamp = Self.timestamp(now)
        var number = 0
        let results = parseEntries(text)
        // Zero-padded so that the files sort in input order (`sudoku-002` before `sudoku-010`).
        let width = max(3, String(results.count).count)
        var planned: [(path: String, bytes: [UInt8])] = []
        for result in results {
            switch result {
            case .failure(let error):
                outcome.errors.append("\(Excerpt.escaped(source)):\(error.line): \(error.message)")
            case .success(let content):
                number += 1
                let digits = String(number)
                let id = "\(prefix)-\(String(repeating: "0", count: width - digits.count))\(digits)"
                // Without a difficulty to record, the graded tier's (beyond-logic is recorded as
                // expert); a grid without one unique solution has no tier and gets medium, and
                // `gridedit check` reports it.
                let recorded = difficulty ?? SudokuGrader.grade(content.givens).difficulty ?? .medium
                let metadata = PuzzleMetadata(id: id, name: content.title ?? "Sudoku \(number)", difficulty: recorded,
                                              createdAt: timestamp, updatedAt: timestamp, author: content.author)
                let puzzle = SudokuPuzzle(metadata: metadata, givens: content.givens, solution: content.solution)
                let document = PuzzleDocument(puzzle: puzzle)
                planned.append((FileSystem.join(folder, "\(id).json"), Array(document.canonicalText().utf8)))
            }
        }
        let existing = planned.map(\.path).filter(FileSystem.exists)
        if options.dryRun {
            for (path, _) in planned {
                let exists = existing.contains(path)
                outcome.lines.append(exists ? (options.force ? "would overwrite \(path)" : "exists, would refuse \(path)") : "would write \(path)")
            }
            if !existing.isEmpty && !options.force {
                outcome.errors.append(overwriteRefusal(existing, folder: folder, dryRun: true))
            }
            return outcome
        }
        if !existing.isEmpty && !options.force {
            outcome.errors.append(overwriteRefusal(existing, folder: folder, dryRun: false))
            return outcome
        }
        do throws(FileSystem.Failure) { try FileSystem.makeFolders(folder) } catch {
            outcome.errors.append(error.message)
            return outcome
        }
        let root = TreeRoot(folder: folder)
        var written: [String] = []
        for (path, bytes) in planned {
            switch root.writableTarget(path) {
            case .failure(let refusal):
                outcome.errors.append(Finding(refusal).line(in: path))
            case .success(let target):
                do {
                    try AtomicFile.write(bytes, to: target)
                    outcome.lines.append("wrote \(path)")
                    written.append(target)
                } catch {
                    outcome.errors.append(error.description)
                }
            }
        }
        // The new files join the folder's pack (pack.json made when missing), so `check` stays clean.
        do throws(PuzzleStore.StoreError) {
            if let listing = try PuzzleStore(root: folder, tree: root).list(written) { outcome.lines.append(listing.summary) }
        } catch {
            outcome.errors.append(error.description)
        }
        return outcome
    }

    /// One puzzle, or why a line could not be read.
    public struct EntryError: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// The puzzles of an import's input: the JSON of one puzzle when the text starts with `{`,
    /// otherwise one puzzle line or link per line (blank lines and `#` comments skipped).
    public static func parseEntries(_ text: String) -> [Result<SudokuLinkContent, EntryError>] {
        if text.trimmingWhitespace().hasPrefix("{") {
            do throws(SudokuLinkError) { return [.success(try checked(SudokuLinks.decode(text)))] }
            catch { return [.failure(EntryError(line: 1, message: error.message))] }
        }
        var results: [Result<SudokuLinkContent, EntryError>] = []
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = raw.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.lowercased().hasPrefix("http://") || trimmed.lowercased().hasPrefix("https://") {
                do throws(SudokuLinkError) { results.append(.success(try checked(SudokuLinks.decode(String(trimmed))))) }
                catch { results.append(.failure(EntryError(line: number + 1, message: error.message))) }
                continue
            }
            do { results.append(.success(SudokuLinkContent(givens: try SudokuGrid(line: trimmed)))) }
            catch { results.append(.failure(EntryError(line: number + 1, message: error.description))) }
        }
        return results
    }

    /// A link's solution must agree with its givens and break no rule; a file is never written
    /// with a wrong one.
    static func checked(_ content: SudokuLinkContent) throws(SudokuLinkError) -> SudokuLinkContent {
        guard let solution = content.solution else { return content }
        if let conflict = solution.conflicts.first {
            throw SudokuLinkError("the link's solution repeats a digit in \(conflict.unit) (\(cellName(conflict.first)) and "
                + "\(cellName(conflict.second))); fix or clear it in the tool that made the link")
        }
        if let index = content.givens.cells.indices.first(where: { content.givens.cells[$0] != 0 && content.givens.cells[$0] != solution.cells[$0] }) {
            let size = content.givens.size.rawValue
            throw SudokuLinkError("the link's solution disagrees with the given at \(cellName((index / size, index % size))); "
                + "fix or clear it in the tool that made the link")
        }
        return content
    }

    /// "3 puzzle files already exist in FOLDER: … nothing was written; --force overwrites them".
    static func overwriteRefusal(_ existing: [String], folder: String, dryRun: Bool) -> String {
        let shown = existing.prefix(20).map { "  \($0)" }
        let more = existing.count > 20 ? ["  … and \(existing.count - 20) more"] : []
        let head = "\(existing.count) puzzle file\(existing.count == 1 ? "" : "s") already exist\(existing.count == 1 ? "s" : "") in \(folder) "
            + "and may hold a designer's edits; \(dryRun ? "the import would refuse" : "nothing was written"). "
            + "Pass --force to overwrite them, or import into another folder or with another --prefix:"
        return ([head] + shown + more).joined(separator: "\n")
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
