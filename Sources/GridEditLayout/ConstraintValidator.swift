import GridEditCore
import GridEditJSON

/// Checks a puzzle with the same rules as `gridedit check`, so the editor, capture and CI speak the
/// same rule ids (docs/format.md): the kind's rules run on the puzzle being edited or captured (for
/// a Sudoku that includes `sudoku.conflict`, which looks at the working grid). It sits in the
/// layout layer, below both the editor and capture, which validate what they settle with it.
///
/// Two depths. **Live** runs after every edit and must stay well under a millisecond, so it
/// leaves out the rules that search (a solver trying placements: milliseconds to seconds; each
/// rule says so itself, `Rule.searches`). **Full** runs every rule: on `validate`.
public struct ConstraintValidator: Sendable {
    public enum Depth: Sendable, Hashable {
        case live, full
    }

    public init() {}

    public func validate(_ puzzle: any Puzzle, depth: Depth = .full) -> [Finding] {
        Self.run(puzzle, depth: depth)
    }

    static func run<P: Puzzle>(_ puzzle: P, depth: Depth) -> [Finding] {
        P.Kind.validate(puzzle, searching: depth == .live ? false : nil)
    }

    /// The findings of the searching rules alone (what a full validation adds to a live one).
    public func searchingFindings(_ puzzle: any Puzzle) -> [Finding] { Self.searching(puzzle) }

    static func searching<P: Puzzle>(_ puzzle: P) -> [Finding] {
        P.Kind.validate(puzzle, searching: true)
    }

    /// The rule ids a live validation of this kind runs, and those only a full one adds.
    public static func ruleIDs(of kind: String) -> (live: [String], searching: [String]) {
        guard let kind = PuzzleKinds.named(kind) else { return ([], []) }
        return ids(of: kind)
    }

    private static func ids<K: PuzzleKind>(of kind: K.Type) -> (live: [String], searching: [String]) {
        (K.rules(searching: false).map { type(of: $0).id }, K.rules(searching: true).map { type(of: $0).id })
    }
}
