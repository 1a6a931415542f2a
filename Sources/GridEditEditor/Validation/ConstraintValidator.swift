import GridEditCore
import GridEditJSON

/// Checks the document with the same rules as `gridedit check`, so the editor and CI speak the
/// same rule ids (docs/format.md): the kind's rules run on the puzzle as it would be saved, plus
/// the editor's own rule for the Sudoku working grid (`sudoku.conflict`).
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
    public static let searchingRules: Set<String> = RuleCatalog.searchingRuleIDs

    public init() {}

    public func validate(_ content: EditorContent, depth: Depth = .full) -> [Finding] {
        switch content {
        case .tangram(let tangram):
            return Self.run(TangramKind.rules, on: tangram.puzzle, depth: depth)
        case .sudoku(let sudoku):
            return Self.run(SudokuKind.rules, on: sudoku.puzzle, depth: depth) + EnteredConflictRule().check(sudoku)
        }
    }

    static func run<P>(_ rules: [any Rule<P>], on puzzle: P, depth: Depth) -> [Finding] {
        rules.flatMap { rule -> [Finding] in
            if depth == .live && searchingRules.contains(Self.id(of: rule)) { return [] }
            return rule.check(puzzle)
        }
    }

    static func id<P>(of rule: any Rule<P>) -> String { type(of: rule).id }

    /// The rule ids a live validation of this kind runs, and those only a full one adds.
    public static func ruleIDs(of kind: String) -> (live: [String], searching: [String]) {
        let ids: [String]
        switch kind {
        case TangramKind.name: ids = TangramKind.rules.map { id(of: $0) }
        case SudokuKind.name: ids = SudokuKind.rules.map { id(of: $0) } + [EnteredConflictRule.id]
        default: ids = []
        }
        return (ids.filter { !searchingRules.contains($0) }, ids.filter { searchingRules.contains($0) })
    }
}

/// Entered digits (not only givens) break no row, column or box. Conflicts among givens alone
/// are `sudoku.given-conflict`'s; this rule reports the ones an entered digit takes part in.
public struct EnteredConflictRule: Rule {
    public static let id = "sudoku.conflict"
    public static let summary = "An entered digit repeats a digit of its row, column or box."

    public init() {}

    public func check(_ content: SudokuContent) -> [Finding] {
        let n = content.size.rawValue
        return content.grid.conflicts.compactMap { conflict in
            let (a, b) = (conflict.first, conflict.second)
            guard !(content.isGiven(a.0 * n + a.1) && content.isGiven(b.0 * n + b.1)) else { return nil }
            let digit = content.grid[b.0, b.1]
            return finding("\(digit) appears twice in \(conflict.unit): \(cellName(a)) and \(cellName(b))",
                           at: JSONPath.root.appending(key: "givens").appending(index: b.0))
        }
    }
}
