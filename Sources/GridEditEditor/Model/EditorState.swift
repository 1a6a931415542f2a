import GridEditCore
import GridEditJSON

/// Which arrangement of a Tangram the piece commands act on: the solution (`pieces` in the file)
/// or the start positions (`tray`).
public enum Layer: String, Sendable, Hashable, CaseIterable {
    case solution, tray

    /// The file key of the arrangement, which names its parts (`pieces/square`).
    public var arrangement: String { self == .solution ? "pieces" : "tray" }
}

/// Pieces attached into groups that move, rotate and flip together. Session state: the file
/// format has no groups, so they are not saved (they are journaled, so recovery keeps them).
public struct GroupTable: Sendable, Hashable {
    /// Groups of two or more pieces, per layer, each sorted in piece order.
    public private(set) var groups: [Layer: [[TangramPiece]]] = [:]

    public init() {}

    public init(_ groups: [Layer: [[TangramPiece]]]) {
        for (layer, list) in groups { self[layer] = list }
    }

    /// The groups of one layer. Setting normalises: singletons dropped, members sorted, groups
    /// ordered by their first member.
    public subscript(layer: Layer) -> [[TangramPiece]] {
        get { groups[layer] ?? [] }
        set {
            let normal = newValue.map { Array(Set($0)).sorted() }.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
            groups[layer] = normal.isEmpty ? nil : normal
        }
    }

    /// The pieces that move with `piece` (itself included), in piece order.
    public func group(of piece: TangramPiece, in layer: Layer) -> [TangramPiece] {
        self[layer].first { $0.contains(piece) } ?? [piece]
    }
}

/// Pieces pinned in place, per layer: the designer says "this one is right, leave it", so no
/// command moves it and settling (the constraint engine) treats it as fixed. Session state like
/// the groups: the file format has no pins, so they are not saved; they are journaled, so undo,
/// redo and recovery keep them. Only placed pieces are pinned (commands that would take a pinned
/// piece off the board refuse), so a pin never outlives its piece.
public struct PinTable: Sendable, Hashable {
    /// The pinned pieces per layer; a layer with none has no entry, so equal pins compare equal.
    public private(set) var pins: [Layer: Set<TangramPiece>] = [:]

    public init() {}

    public init(_ pins: [Layer: Set<TangramPiece>]) {
        for (layer, set) in pins { self[layer] = set }
    }

    /// The pinned pieces of one layer. Setting normalises: an empty set removes the layer.
    public subscript(layer: Layer) -> Set<TangramPiece> {
        get { pins[layer] ?? [] }
        set { pins[layer] = newValue.isEmpty ? nil : newValue }
    }

    public func isPinned(_ piece: TangramPiece, in layer: Layer) -> Bool {
        pins[layer]?.contains(piece) ?? false
    }
}

/// Everything an edit can change: the puzzle itself (Core's value, of whatever kind; a save
/// writes its file fields) and the editor-only state beside it (groups, pins and marks).
public struct EditorState: Sendable, Hashable {
    public var puzzle: any Puzzle
    public var groups: GroupTable
    public var pins: PinTable
    /// The designer's working marks on parts, by part name, in the kind's own form (a Sudoku
    /// cell's corner and centre pencil marks and colours: `{"corner":[1,5],"colours":[3]}`).
    /// Working state like pins: the file format has no place for them, so they are not saved;
    /// they are journaled (recovery keeps them) and undone like any edit.
    public var marks: [String: JSONValue]

    public init(puzzle: any Puzzle, groups: GroupTable = GroupTable(), pins: PinTable = PinTable(),
                marks: [String: JSONValue] = [:]) {
        self.puzzle = puzzle
        self.groups = groups
        self.pins = pins
        self.marks = marks
    }

    public static func == (a: EditorState, b: EditorState) -> Bool {
        a.puzzle.isEqual(to: b.puzzle) && a.groups == b.groups && a.pins == b.pins && a.marks == b.marks
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(puzzle)
        hasher.combine(groups)
        hasher.combine(pins)
        hasher.combine(marks)
    }
}
