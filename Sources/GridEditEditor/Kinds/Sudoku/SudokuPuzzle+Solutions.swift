import GridEditCore

extension SudokuPuzzle {
    /// How many ways the givens alone can be completed, counted up to two (the puzzle as a child
    /// receives it must have exactly one).
    public var givensSolutionCount: SudokuSolver.SolveResult.Verdict {
        SudokuSolver.countSolutions(givens, limit: 2, keep: 0).verdict
    }

    /// Whether the digits entered so far can still be completed (nil when nothing is entered).
    public var entriesSolutionCount: SudokuSolver.SolveResult.Verdict? {
        guard currentState != givens else { return nil }
        return SudokuSolver.countSolutions(currentState, limit: 2, keep: 0).verdict
    }

    /// `solutions: unique`, `solutions: none (the givens contradict each other)`, `solutions: 2 or more`,
    /// with `, entries: dead end` when the entered digits lead nowhere.
    public var solutionSummary: String {
        var text: String
        switch givensSolutionCount {
        case .none: text = "solutions: none"
        case .unique: text = "solutions: unique"
        case .multiple: text = "solutions: 2 or more (add givens)"
        }
        switch entriesSolutionCount {
        case .none?: text += ", entries: dead end"
        case nil: break
        default: text += ", entries: still solvable"
        }
        return text
    }
}
