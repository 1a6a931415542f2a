import GridEditJSON

/// One kind of puzzle (Tangram, Sudoku, …): how its files decode and encode and which rules
/// check it. Adding a kind is one folder under `Kinds/` and one line in `PuzzleKinds.all`.
public protocol PuzzleKind: Sendable {
    associatedtype Model: Puzzle where Model.Kind == Self

    /// The `kind` value in files, e.g. `tangram`.
    static var name: String { get }
    /// The kind's own keys, after the common ones, in canonical order.
    static var keys: [String] { get }
    /// Decode the kind's own fields; report problems to `context` and return nil if unusable.
    static func decode(_ object: ObjectReader, metadata: PuzzleMetadata, context: DecodeContext) -> Model?
    /// The kind's own fields, in canonical order.
    static func encodeFields(_ puzzle: Model) -> [JSONValue.Member]
    /// The rules `gridedit check` and the editor run on a decoded puzzle.
    static var rules: [any Rule<Model>] { get }
    /// The kind's own rules that decoding reports (a Sudoku's `sudoku.size`), beside the
    /// schema rules every kind shares; listed so that ``RuleCatalog`` knows them.
    static var decodingRules: [any DocumentedRule.Type] { get }
    /// A short description for listings, such as "9×9" or "7 pieces".
    static func summary(_ puzzle: Model) -> String
}

extension PuzzleKind {
    public static var decodingRules: [any DocumentedRule.Type] { [] }

    /// All rule findings for a puzzle, in rule order.
    public static func validate(_ puzzle: Model) -> [Finding] {
        rules.flatMap { $0.check(puzzle) }
    }

    /// The rules that run a solver search (`searching: true`), or those that do not: the
    /// editor validates live with the quick ones after every edit and runs the others on demand.
    public static func rules(searching: Bool) -> [any Rule<Model>] {
        rules.filter { type(of: $0).searches == searching }
    }

    /// Every rule the kind can report: decoding's, then the checks on a decoded puzzle.
    public static var ruleTypes: [any DocumentedRule.Type] {
        decodingRules + rules.map { type(of: $0) as any DocumentedRule.Type }
    }
}

/// The registry of puzzle kinds.
public enum PuzzleKinds {
    public static let all: [any PuzzleKind.Type] = [
        TangramKind.self,
        SudokuKind.self,
    ]

    public static func named(_ name: String) -> (any PuzzleKind.Type)? {
        all.first { $0.name == name }
    }
}
