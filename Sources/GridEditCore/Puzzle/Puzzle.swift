/// What every puzzle kind offers, in the spirit of Simon Tatham's collection: one interface,
/// many kinds. The editor, the checker and the renderer work through it.
///
/// A puzzle has three states of the same type: where the child starts (`initialState`), what
/// they must reach (`targetState`, when the file stores it) and where play or editing stands now
/// (`currentState`).
public protocol Puzzle: Sendable {
    associatedtype State: Sendable & Equatable
    associatedtype Kind: PuzzleKind where Kind.Model == Self

    var metadata: PuzzleMetadata { get set }
    var initialState: State { get }
    var targetState: State? { get }
    var currentState: State { get set }
    /// The current state solves the puzzle.
    var isCompleted: Bool { get }
    /// Put the current state back to the initial one.
    mutating func reset()
}

extension Puzzle {
    public var id: String { metadata.id }
    public var name: String { metadata.name }
    public var difficulty: Difficulty { metadata.difficulty }
    public var createdAt: String { metadata.createdAt }
    public var updatedAt: String { metadata.updatedAt }

    /// No error-level finding from the kind's rules.
    public var isValid: Bool { Kind.validate(self).allSatisfy { $0.severity != .error } }
}
