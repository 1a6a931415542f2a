import GridEditCore
import GridEditLayout

/// A captured layout as a new tangram puzzle: validated with the same rules as `gridedit check`
/// and written atomically through the puzzle store, as the editor saves (the REPL's `capture`
/// ends in its `save`), or refused with the findings (which name the pieces).
public enum CapturedPuzzle {
    /// The puzzle for a layout. The id and name come from the output file's name (else
    /// `captured`); the difficulty is the solver's estimate.
    public static func make(_ layout: CapturedLayout, output: String?, now: String) throws(CaptureError) -> TangramPuzzle {
        // CapturedLayout refuses doubtful pieces; this keeps any other route from writing one.
        let doubtful = layout.fits.filter { !$0.isTrusted }
        if !doubtful.isEmpty { throw CaptureError(.layout, CapturedLayout.describe(doubtful: doubtful, profile: nil)) }
        var stem = "captured"
        if let output, let name = output.split(separator: "/").last {
            let base = name.hasSuffix(".json") ? String(name.dropLast(5)) : String(name)
            if PuzzleMetadata.isValidID(base) { stem = base }
        }
        let name = stem.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let metadata = PuzzleMetadata(id: stem, name: name, difficulty: .medium, createdAt: now, updatedAt: now,
                                      description: "Captured from the camera.")
        var puzzle = TangramPuzzle(metadata: metadata, pieces: layout.poses)
        // The errors `check` would report (the difficulty, a warning there, is estimated below).
        let findings = ConstraintValidator().validate(puzzle, depth: .live).filter { $0.severity == .error }
        guard findings.isEmpty else {
            throw CaptureError(.layout, "the captured layout is not a valid puzzle; nothing was written:\n"
                               + findings.map { "  \($0.rule): \($0.message)" }.joined(separator: "\n"))
        }
        guard let estimate = TangramDifficulty.estimate(for: puzzle) else {
            throw CaptureError(.layout, "the captured figure has no solution from its outline; nothing was written")
        }
        puzzle.metadata.difficulty = estimate.level
        return puzzle
    }

    /// Writes the puzzle to `path` atomically (refusing to replace a file unless `force`), or
    /// prints it to standard output when there is no path.
    public static func write(_ puzzle: TangramPuzzle, to path: String?, force: Bool) throws(CaptureError) {
        let document = PuzzleDocument(puzzle: puzzle)
        guard let path else {
            print(document.canonicalText(), terminator: "")
            return
        }
        do {
            try PuzzleStore(root: ".").save(document, to: path, expected: force ? nil : [], force: force)
        } catch {
            if case .changedOnDisk = error {
                throw CaptureError(.output, "\(path) already exists; pass --force to replace it, or choose another name")
            }
            throw CaptureError(.output, error.description)
        }
    }
}
