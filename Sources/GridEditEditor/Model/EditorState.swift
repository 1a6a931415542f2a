import GridEditCore

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

/// Everything an edit can change: the content (what a save writes) and the groups.
public struct EditorState: Sendable, Hashable {
    public var content: EditorContent
    public var groups: GroupTable

    public init(content: EditorContent, groups: GroupTable = GroupTable()) {
        self.content = content
        self.groups = groups
    }
}
