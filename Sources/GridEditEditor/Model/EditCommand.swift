import GridEditCore
import GridEditGeometry
import GridEditLayout

/// One primitive, reversible change of the editor state. Each records the value before and
/// after, so applying checks that the state is what the change expects (a journal replayed onto
/// the wrong document stops instead of corrupting it) and reverting is exact.
public enum Change: Sendable, Hashable {
    /// A piece appears (before nil), moves, or disappears (after nil) in a layer.
    case pose(layer: Layer, piece: TangramPiece, before: Pose?, after: Pose?)
    /// The groups of a layer are replaced.
    case groups(layer: Layer, before: [[TangramPiece]], after: [[TangramPiece]])
    /// A Sudoku cell (row-major index): its given and its digit in the working grid (0 = empty).
    case cell(index: Int, before: CellValue, after: CellValue)
    /// Id, name, difficulty, author, description or tags change.
    case metadata(before: PuzzleMetadata, after: PuzzleMetadata)

    public struct CellValue: Sendable, Hashable {
        public var given: UInt8
        public var digit: UInt8

        public init(given: UInt8, digit: UInt8) {
            self.given = given
            self.digit = digit
        }
    }

    public var inverse: Change {
        switch self {
        case let .pose(layer, piece, before, after): .pose(layer: layer, piece: piece, before: after, after: before)
        case let .groups(layer, before, after): .groups(layer: layer, before: after, after: before)
        case let .cell(index, before, after): .cell(index: index, before: after, after: before)
        case let .metadata(before, after): .metadata(before: after, after: before)
        }
    }

    func apply(to state: inout EditorState) throws(EditError) {
        switch self {
        case let .pose(layer, piece, before, after):
            guard case .tangram(var tangram) = state.content else { throw Self.mismatch("a piece change on a sudoku") }
            var poses = tangram[layer]
            let index = poses.firstIndex { $0.piece == piece }
            guard index.map({ poses[$0] }) == before else { throw Self.mismatch("\(piece.rawValue) is not where the edit expects it") }
            switch (index, after) {
            case (let i?, let pose?): poses[i] = pose
            case (let i?, nil): poses.remove(at: i)
            case (nil, let pose?):
                // Keep the file's piece order: insert before the first piece that comes later.
                let at = poses.firstIndex { piece < $0.piece } ?? poses.endIndex
                poses.insert(pose, at: at)
            case (nil, nil): break
            }
            tangram[layer] = poses
            state.content = .tangram(tangram)
        case let .groups(layer, before, after):
            guard state.groups[layer] == GroupTable([layer: before])[layer] else { throw Self.mismatch("the groups are not what the edit expects") }
            state.groups[layer] = after
        case let .cell(index, before, after):
            guard case .sudoku(var sudoku) = state.content else { throw Self.mismatch("a cell change on a tangram") }
            guard sudoku.grid.cells.indices.contains(index) else { throw Self.mismatch("cell \(index) is outside the grid") }
            let n = sudoku.size.rawValue
            let (row, column) = (index / n, index % n)
            guard sudoku.givens[row, column] == before.given, sudoku.grid[row, column] == before.digit else {
                throw Self.mismatch("\(cellName((row, column))) does not hold what the edit expects")
            }
            guard Int(after.given) <= n, Int(after.digit) <= n else { throw Self.mismatch("digit out of range") }
            sudoku.givens[row, column] = after.given
            sudoku.grid[row, column] = after.digit
            state.content = .sudoku(sudoku)
        case let .metadata(before, after):
            // `updatedAt` belongs to saves, not to edits: it is neither checked nor changed.
            var current = state.content.metadata
            var expected = before
            expected.updatedAt = current.updatedAt
            guard current == expected else { throw Self.mismatch("the puzzle's details are not what the edit expects") }
            let stamp = current.updatedAt
            current = after
            current.updatedAt = stamp
            state.content.metadata = current
        }
    }

    private static func mismatch(_ detail: String) -> EditError {
        EditError("the edit does not fit this document: \(detail)")
    }
}

/// One edit: a command object made of primitive changes, applied all or nothing, with an exact
/// inverse. Undo, redo, the journal and recovery all work on these.
public struct EditCommand: Sendable, Hashable {
    /// What the designer did, in words: `move large-1 to (2, 3)`.
    public var label: String
    public var changes: [Change]

    public init(label: String, changes: [Change]) {
        self.label = label
        self.changes = changes
    }

    /// Applies every change, or none of them when one does not fit.
    public func apply(to state: inout EditorState) throws(EditError) {
        var copy = state
        for change in changes { try change.apply(to: &copy) }
        state = copy
    }

    /// The command that undoes this one.
    public var inverse: EditCommand {
        EditCommand(label: label, changes: changes.reversed().map(\.inverse))
    }

    /// True when applying changes nothing (every change's before equals its after).
    public var isEmpty: Bool {
        changes.allSatisfy { change in
            switch change {
            case let .pose(_, _, before, after): before == after
            case let .groups(_, before, after): before == after
            case let .cell(_, before, after): before == after
            case let .metadata(before, after): before == after
            }
        }
    }
}
