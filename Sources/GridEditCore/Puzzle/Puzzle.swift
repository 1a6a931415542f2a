import GridEditJSON

/// What every puzzle kind offers, in the spirit of Simon Tatham's collection: one interface,
/// many kinds. The editor, the checker and the renderer work through it.
///
/// Besides what its file stores, a puzzle has a `currentState`: where play or editing stands
/// now (the Sudoku grid as the editor's designer plays it through, the Tangram pieces as they
/// lie), which a file does not store, and `isCompleted` says whether it solves the puzzle. Each
/// kind names its own start and target (a Sudoku's givens and solution, a Tangram's tray and
/// pieces); nothing generic needs them, so the interface does not ask for them.
///
/// The editor edits these values themselves (there is no editor copy of a puzzle): it changes
/// them part by part through the kind's table (`PuzzleKind.part` / `setPart`).
public protocol Puzzle: Sendable, Hashable {
    associatedtype State: Sendable & Hashable
    associatedtype Kind: PuzzleKind where Kind.Model == Self

    var metadata: PuzzleMetadata { get set }
    var currentState: State { get set }
    /// The current state solves the puzzle.
    var isCompleted: Bool { get }
}

extension Puzzle {
    public var id: String { metadata.id }
    public var name: String { metadata.name }
    public var difficulty: Difficulty { metadata.difficulty }
    public var createdAt: String { metadata.createdAt }
    public var updatedAt: String { metadata.updatedAt }

    /// No error-level finding from the kind's rules.
    public var isValid: Bool { Kind.validate(self).allSatisfy { $0.severity != .error } }

    /// The `kind` value of the file, e.g. `tangram`.
    public var kindName: String { Kind.name }

    /// Equality across `any Puzzle` values: same kind and equal.
    public func isEqual(to other: any Puzzle) -> Bool { (other as? Self) == self }

    /// Equality of what a save writes (the file's fields), leaving out play state.
    public func hasSameFileFields(as other: any Puzzle) -> Bool {
        guard let other = other as? Self else { return false }
        return metadata == other.metadata && Kind.encodeFields(self) == Kind.encodeFields(other)
    }

    /// One part's value in file form (nil when the part is empty), through the kind's table.
    public func part(_ name: String) throws(PuzzlePartError) -> JSONValue? { try Kind.part(name, of: self) }

    /// Sets one part (nil empties it), through the kind's table.
    public mutating func setPart(_ name: String, to value: JSONValue?) throws(PuzzlePartError) {
        try Kind.setPart(name, to: value, in: &self)
    }

    /// Play state a file does not keep, for journals; nil when there is none.
    public var playState: JSONValue? { Kind.playState(of: self) }

    public mutating func restorePlayState(_ value: JSONValue) throws(PuzzlePartError) {
        try Kind.restorePlayState(value, in: &self)
    }

    /// Readies the puzzle to be written and says what that changed (see `PuzzleKind.prepareForSave`).
    public mutating func prepareForSave() -> [String] { Kind.prepareForSave(&self) }

    /// The kind's short description (`9×9`, `7 pieces`).
    public var summary: String { Kind.summary(self) }
}
