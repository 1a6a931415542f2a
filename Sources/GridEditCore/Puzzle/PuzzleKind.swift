import GridEditJSON
import Synchronization

/// One kind of puzzle (Tangram, Sudoku, …): how its files decode and encode, which rules check
/// it, and how the editor changes it. This table is all a kind provides: the checker, the
/// renderer's listings and the editor's midend (documents, undo/redo, journal, recovery) work
/// through it. Adding a kind is one folder under `Kinds/` and one line in `PuzzleKinds`'s
/// built-in list (or one `PuzzleKinds.register` call, as the tests' toy kind does).
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

    // MARK: Editing, in the manner of Tatham's `execute_move`
    //
    // An edit changes named parts of a puzzle (a piece's pose in a layer, a Sudoku cell). Part
    // values are in their file form, so undo, redo, the journal and recovery handle every kind
    // the same way without knowing what a part is.

    /// The value of a part (nil when the part is empty), or an error for a name the kind has not.
    static func part(_ name: String, of puzzle: Model) throws(PuzzlePartError) -> JSONValue?
    /// Sets a part to a value (nil empties it); refuses names and values the kind does not allow.
    static func setPart(_ name: String, to value: JSONValue?, in puzzle: inout Model) throws(PuzzlePartError)
    /// Play state the file does not store (the Sudoku working grid), so a journal can restore it.
    static func playState(of puzzle: Model) -> JSONValue?
    static func restorePlayState(_ value: JSONValue, in puzzle: inout Model) throws(PuzzlePartError)
    /// Called before a save writes the puzzle: adjust what the file should keep, and say so
    /// (a Sudoku keeps a correctly filled-in grid as its solution).
    static func prepareForSave(_ puzzle: inout Model) -> [String]

    // MARK: Packs and curricula

    /// A key equal for two puzzles that are the same puzzle in disguise (the pack rule
    /// `pack.duplicate-puzzle`), prefixed with the kind's name, and the puzzle exactly as written
    /// when "the same as written" is worth telling apart; nil when there is nothing to compare.
    static func sameAs(_ puzzle: Model) -> (key: String, exact: String?)?
    /// The puzzle's difficulty as its own measure gives it, for curricula; nil when it cannot be
    /// measured.
    static func measure(_ puzzle: Model) -> PuzzleMeasure?
    /// The skill a curriculum's activities of this kind train (`skillCategories`, `skills`).
    static var curriculumSkill: String { get }
    /// How an activity's objective names a puzzle of this kind ("Solve the Cat figure").
    static func objectName(_ puzzleName: String) -> String
}

/// Why a part could not be read or set: an unknown part name, or a value the kind refuses.
public struct PuzzlePartError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension PuzzleKind {
    public static var decodingRules: [any DocumentedRule.Type] { [] }

    /// The rule findings for a puzzle, in rule order: of every rule, or only of the rules that
    /// run a solver search (`searching: true`) or only of those that do not (`false`). The one
    /// rule runner: `gridedit check`, the editor's `ConstraintValidator` and capture use it.
    public static func validate(_ puzzle: Model, searching: Bool? = nil) -> [Finding] {
        (searching.map(rules(searching:)) ?? rules).flatMap { $0.check(puzzle) }
    }

    public static func playState(of puzzle: Model) -> JSONValue? { nil }

    public static func restorePlayState(_ value: JSONValue, in puzzle: inout Model) throws(PuzzlePartError) {
        throw PuzzlePartError("a \(name) puzzle has no play state to restore")
    }

    public static func prepareForSave(_ puzzle: inout Model) -> [String] { [] }

    public static func sameAs(_ puzzle: Model) -> (key: String, exact: String?)? { nil }

    public static func measure(_ puzzle: Model) -> PuzzleMeasure? { nil }

    public static var curriculumSkill: String { name }

    public static func objectName(_ puzzleName: String) -> String { puzzleName }

    /// Reads a part value with the kind's own file decoders: the value is checked exactly as a
    /// file's would be, and the first finding becomes the error.
    public static func decodePart<T>(_ value: JSONValue, named name: String,
                                     _ decode: (JSONNode, DecodeContext) -> T?) throws(PuzzlePartError) -> T {
        let context = DecodeContext()
        guard let decoded = decode(JSONNode(value), context), !context.hasErrors else {
            throw PuzzlePartError("\(name): " + (context.findings.first?.message ?? "not a value this part takes"))
        }
        return decoded
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

/// The registry of puzzle kinds: the built-in ones, plus any registered at run time.
public enum PuzzleKinds {
    /// The kinds this build ships; the renderer's style has colours and words for each.
    public static let builtIn: [any PuzzleKind.Type] = [
        TangramKind.self,
        SudokuKind.self,
    ]

    private static let registry = Mutex<[any PuzzleKind.Type]>(builtIn)

    public static var all: [any PuzzleKind.Type] { registry.withLock { $0 } }

    /// Adds a kind (a kind defined outside this module, such as the tests' toy kind). Registering
    /// a name twice keeps the first.
    public static func register(_ kind: any PuzzleKind.Type) {
        registry.withLock { kinds in
            if !kinds.contains(where: { $0.name == kind.name }) { kinds.append(kind) }
        }
    }

    public static func named(_ name: String) -> (any PuzzleKind.Type)? {
        all.first { $0.name == name }
    }
}
