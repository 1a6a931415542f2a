import GridEditCore

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

/// Everything an edit can change: the puzzle itself (Core's value, of whatever kind; a save
/// writes its file fields) and the editor-only state beside it (groups).
public struct EditorState: Sendable, Hashable {
    public var puzzle: any Puzzle
    public var groups: GroupTable

    public init(puzzle: any Puzzle, groups: GroupTable = GroupTable()) {
        self.puzzle = puzzle
        self.groups = groups
    }

    public static func == (a: EditorState, b: EditorState) -> Bool {
        a.puzzle.isEqual(to: b.puzzle) && a.groups == b.groups
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(puzzle)
        hasher.combine(groups)
    }
}
