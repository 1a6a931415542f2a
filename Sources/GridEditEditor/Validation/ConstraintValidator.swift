import GridEditCore
import GridEditJSON

/// Checks a puzzle with the same rules as `gridedit check`, so the editor and CI speak the same
/// rule ids (docs/format.md): the kind's rules run on the puzzle being edited (for a Sudoku that
/// includes `sudoku.conflict`, which looks at the working grid).
///
/// Two depths. **Live** runs after every edit and must stay well under a millisecond, so it
/// leaves out the rules that search (a solver trying placements: milliseconds to seconds).
/// **Full** runs every rule: when a puzzle is opened or recovered, and on `validate`.
public struct ConstraintValidator: Sendable {
    public enum Depth: Sendable, Hashable {
        case live, full
    }

    /// Rules that run a solver search; they are left out of live validation. Every other rule of
    /// a kind runs live.
    public static let searchingRules: Set<String> = ["tangram.unsolvable", "tangram.difficulty-mismatch"]

    public init() {}

    public func validate(_ puzzle: any Puzzle, depth: Depth = .full) -> [Finding] {
        Self.run(puzzle, depth: depth)
    }

    static func run<P: Puzzle>(_ puzzle: P, depth: Depth) -> [Finding] {
        P.Kind.rules.flatMap { rule -> [Finding] in
            if depth == .live && searchingRules.contains(Self.id(of: rule)) { return [] }
            return rule.check(puzzle)
        }
    }

    static func id<P>(of rule: any Rule<P>) -> String { type(of: rule).id }

    /// The rule ids a live validation of this kind runs, and those only a full one adds.
    public static func ruleIDs(of kind: String) -> (live: [String], searching: [String]) {
        guard let kind = PuzzleKinds.named(kind) else { return ([], []) }
        let ids = ids(of: kind)
        return (ids.filter { !searchingRules.contains($0) }, ids.filter { searchingRules.contains($0) })
    }

    private static func ids<K: PuzzleKind>(of kind: K.Type) -> [String] { K.rules.map { id(of: $0) } }
}
