import GridEditCore

/// How many ways a Sudoku can be completed, counted up to two: what a designer needs to know
/// (a puzzle must have exactly one solution).
public enum SolutionCount: String, Sendable, Hashable {
    case none, unique, several

    init(_ result: SudokuSolver.SolveResult) {
        switch result.verdict {
        case .none: self = .none
        case .unique: self = .unique
        case .multiple: self = .several
        }
    }
}

extension SudokuPuzzle {
    /// The solutions of the givens alone (the puzzle as a child receives it).
    public var givensSolutionCount: SolutionCount {
        SolutionCount(SudokuSolver.countSolutions(givens, limit: 2, keep: 0))
    }

    /// Whether the digits entered so far can still be completed (nil when nothing is entered).
    public var entriesSolutionCount: SolutionCount? {
        guard currentState != givens else { return nil }
        return SolutionCount(SudokuSolver.countSolutions(currentState, limit: 2, keep: 0))
    }

    /// `solutions: unique`, `solutions: none (the givens contradict each other)`, `solutions: 2 or more`,
    /// with `, entries: dead end` when the entered digits lead nowhere.
    public var solutionSummary: String {
        var text: String
        switch givensSolutionCount {
        case .none: text = "solutions: none"
        case .unique: text = "solutions: unique"
        case .several: text = "solutions: 2 or more (add givens)"
        }
        switch entriesSolutionCount {
        case .none?: text += ", entries: dead end"
        case nil: break
        default: text += ", entries: still solvable"
        }
        return text
    }
}
