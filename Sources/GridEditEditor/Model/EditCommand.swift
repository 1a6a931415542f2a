import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditLayout

/// One primitive, reversible change of the editor state. Each records the value before and
/// after, so applying checks that the state is what the change expects (a journal replayed onto
/// the wrong document stops instead of corrupting it) and reverting is exact.
///
/// Puzzle changes name a part through the kind's table (`pieces/square`, `r3c4`) with values in
/// file form: the midend needs to know nothing of a kind to undo, redo, journal or recover.
public enum Change: Sendable, Hashable {
    /// A part of the puzzle changes (nil: empty, such as a piece not placed or an empty cell).
    case part(name: String, before: JSONValue?, after: JSONValue?)
    /// The groups of a layer are replaced (editor-only state).
    case groups(layer: Layer, before: [[TangramPiece]], after: [[TangramPiece]])
    /// The pinned pieces of a layer are replaced (editor-only state).
    case pins(layer: Layer, before: Set<TangramPiece>, after: Set<TangramPiece>)
    /// Id, name, difficulty, author, description or tags change.
    case metadata(before: PuzzleMetadata, after: PuzzleMetadata)
    /// A part's working marks change (editor-only state, ``EditorState/marks``; nil: none).
    case marks(part: String, before: JSONValue?, after: JSONValue?)

    public var inverse: Change {
        switch self {
        case let .part(name, before, after): .part(name: name, before: after, after: before)
        case let .groups(layer, before, after): .groups(layer: layer, before: after, after: before)
        case let .pins(layer, before, after): .pins(layer: layer, before: after, after: before)
        case let .metadata(before, after): .metadata(before: after, after: before)
        case let .marks(part, before, after): .marks(part: part, before: after, after: before)
        }
    }

    /// Changes nothing: its before equals its after.
    public var isEmpty: Bool {
        switch self {
        case let .part(_, before, after): before == after
        case let .groups(_, before, after): before == after
        case let .pins(_, before, after): before == after
        case let .metadata(before, after): before == after
        case let .marks(_, before, after): before == after
        }
    }

    func apply(to state: inout EditorState) throws(EditError) {
        switch self {
        case let .part(name, before, after):
            let current: JSONValue?
            do { current = try state.puzzle.part(name) } catch { throw Self.mismatch(error.message) }
            guard current == before else { throw Self.mismatch("\(name) is not what the edit expects") }
            do { try state.puzzle.setPart(name, to: after) } catch { throw Self.mismatch(error.message) }
        case let .groups(layer, before, after):
            guard state.groups[layer] == GroupTable([layer: before])[layer] else { throw Self.mismatch("the groups are not what the edit expects") }
            state.groups[layer] = after
        case let .pins(layer, before, after):
            guard state.pins[layer] == before else { throw Self.mismatch("the pinned pieces are not what the edit expects") }
            state.pins[layer] = after
        case let .metadata(before, after):
            // `updatedAt` belongs to saves, not to edits: it is neither checked nor changed.
            var current = state.puzzle.metadata
            var expected = before
            expected.updatedAt = current.updatedAt
            guard current == expected else { throw Self.mismatch("the puzzle's details are not what the edit expects") }
            let stamp = current.updatedAt
            current = after
            current.updatedAt = stamp
            state.puzzle.metadata = current
        case let .marks(part, before, after):
            guard state.marks[part] == before else { throw Self.mismatch("the marks of \(part) are not what the edit expects") }
            state.marks[part] = after
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
    public var isEmpty: Bool { changes.allSatisfy(\.isEmpty) }
}
