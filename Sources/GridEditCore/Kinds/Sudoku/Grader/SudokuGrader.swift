import Dispatch
import Synchronization

/// Grades a Sudoku the way a person solves it: repeatedly apply the simplest technique of the
/// ladder that makes progress (see `SudokuTechnique`), and report the hardest one needed.
///
/// ```swift
/// let grade = SudokuGrader.grade(grid)
/// grade.tier          // .hard
/// grade.hardest       // .xWing
/// grade.steps         // every step, with a plain-words explanation
///
/// SudokuGrader.nextStep(grid)                    // the next step from these digits
/// SudokuGrader.hint(givens: g, current: now)     // what to tell a player who asks
/// ```
public enum SudokuGrader {
    /// The ladder: every technique with the function that finds its next use, simplest first.
    static let ladder: [(technique: SudokuTechnique, find: @Sendable (SudokuBoard) -> SudokuStep?)] = [
        (.fullHouse, Singles.fullHouse),
        (.hiddenSingle, Singles.hiddenSingle),
        (.nakedSingle, Singles.nakedSingle),
        (.pointing, Intersections.pointing),
        (.claiming, Intersections.claiming),
        (.nakedPair, { Subsets.naked($0, size: 2) }),
        (.hiddenPair, { Subsets.hidden($0, size: 2) }),
        (.nakedTriple, { Subsets.naked($0, size: 3) }),
        (.hiddenTriple, { Subsets.hidden($0, size: 3) }),
        (.nakedQuad, { Subsets.naked($0, size: 4) }),
        (.hiddenQuad, { Subsets.hidden($0, size: 4) }),
        (.xWing, { Fish.find($0, size: 2) }),
        (.swordfish, { Fish.find($0, size: 3) }),
        (.remotePair, Chains.remotePair),
        (.skyscraper, SingleDigitPatterns.skyscraper),
        (.twoStringKite, SingleDigitPatterns.twoStringKite),
        (.turbotFish, SingleDigitPatterns.turbotFish),
        (.wWing, Wings.wWing),
        (.xyWing, Wings.xyWing),
        (.xyzWing, Wings.xyzWing),
        (.finnedXWing, { FinnedFish.find($0, size: 2) }),
        (.uniqueRectangle, Uniqueness.uniqueRectangle),
        (.bugPlusOne, Uniqueness.bugPlusOne),
        (.uniqueRectangle5, Uniqueness.uniqueRectangle5),
        (.avoidableRectangle, Uniqueness.avoidableRectangle),
        (.uniqueRectangle6, Uniqueness.uniqueRectangle6),
        (.hiddenRectangle, Uniqueness.hiddenRectangle),
        (.uniqueRectangle3, Uniqueness.uniqueRectangle3),
        (.jellyfish, { Fish.find($0, size: 4) }),
        (.finnedSwordfish, { FinnedFish.find($0, size: 3) }),
        (.simpleColouring, Chains.simpleColouring),
        (.multiColouring, MultiColouring.find),
        (.xChain, Chains.xChain),
        (.xyChain, Chains.xyChain),
        (.aic, Chains.aic),
        (.alsXZ, AlmostLockedSets.alsXZ),
        (.alsXYWing, AlmostLockedSets.alsXYWing),
        (.sueDeCoq, SueDeCoq.find),
        (.groupedAIC, Chains.groupedAIC),
        (.alsXYChain, AlmostLockedSets.alsXYChain),
        (.deathBlossom, DeathBlossom.find),
        (.forcingChain, Forcing.forcingChain),
        (.forcingNet, Forcing.forcingNet),
    ]

    public static let allTechniques = Set(SudokuTechnique.allCases)

    /// Grades the puzzle `grid` (its digits are the givens). Only `techniques` are used; a
    /// puzzle they cannot finish is `beyond-logic`. Without `explaining`, the steps carry no
    /// explanation text (faster, for when only the grade matters).
    ///
    /// `twoThreads` looks for each hard step on two threads (the slowest techniques, from Sue de
    /// Coq to forcing nets, on a second one while the others run on the caller's): the same
    /// steps, sooner, for one puzzle on an otherwise idle machine (the page's panel); batches
    /// grade several puzzles at once instead. `isCancelled` is asked between steps: once it says
    /// yes the grade stops where it is (its result is then of no use).
    public static func grade(_ grid: SudokuGrid, using techniques: Set<SudokuTechnique> = allTechniques,
                             explaining: Bool = true, twoThreads: Bool = false,
                             isCancelled: (() -> Bool)? = nil) -> SudokuGrade {
        guard grid.conflicts.isEmpty else { return SudokuGrade(status: .noSolution) }
        let solutions = SudokuSolver.countSolutions(grid, limit: 2, keep: 0)
        switch solutions.verdict {
        case .none: return SudokuGrade(status: .noSolution)
        case .multiple: return SudokuGrade(status: .multipleSolutions)
        case .unique: break
        }
        var start = SudokuBoard(grid)
        start.explains = explaining
        start.knownUnique = true
        let (steps, board) = solve(start, using: techniques, twoThreads: twoThreads, isCancelled: isCancelled)
        return SudokuGrade(status: board.isSolved ? .solved : .stuck, steps: steps,
                           cellsLeft: board.values.lazy.filter { $0 == 0 }.count)
    }

    /// Applies the ladder until the board is solved or no technique helps.
    static func solve(_ start: SudokuBoard, using techniques: Set<SudokuTechnique> = allTechniques, twoThreads: Bool = false,
                      isCancelled: (() -> Bool)? = nil,
                      until stop: (SudokuStep) -> Bool = { _ in false }) -> ([SudokuStep], SudokuBoard) {
        var board = start
        var steps: [SudokuStep] = []
        // Every step places a digit or removes a candidate, so this bound is never reached by
        // a correct ladder; it guards against a technique that reports no change.
        let bound = board.geometry.cellCount * (board.n + 1)
        while !board.isSolved && steps.count < bound {
            if isCancelled?() == true { break }
            guard let step = twoThreads ? nextOnTwoThreads(board, using: techniques) : next(board, using: techniques) else { break }
            board.apply(step)
            steps.append(step)
            if stop(step) { break }
        }
        return (steps, board)
    }

    static func next(_ board: SudokuBoard, using techniques: Set<SudokuTechnique> = allTechniques) -> SudokuStep? {
        for (technique, find) in ladder where techniques.contains(technique) {
            if let step = find(board) { return step }
        }
        return nil
    }

    /// The ladder's slowest part (see `grade`'s `twoThreads`), and the quick techniques tried
    /// before the second thread is started (most steps are found by them).
    static let slowFrom = SudokuTechnique.sueDeCoq
    static let quickUpTo = SudokuTechnique.swordfish

    /// `next`, with the slow techniques looked through on a second thread while the caller's
    /// tries the rest: the first technique of the ladder that applies still wins (the second
    /// thread's step counts only when every technique before it fails), so the steps are the
    /// same; the second thread is told to stop when the first finds a step.
    static func nextOnTwoThreads(_ board: SudokuBoard, using techniques: Set<SudokuTechnique>) -> SudokuStep? {
        let used = ladder.filter { techniques.contains($0.technique) }
        for (technique, find) in used where technique <= quickUpTo {
            if let step = find(board) { return step }
        }
        let slow = used.filter { $0.technique >= slowFrom }
        let stop = GraderStop()
        let searching = { var copy = board; copy.stop = stop; return copy }()
        let found = Mutex<SudokuStep?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            for (_, find) in slow {
                if stop.isSet { break }
                if let step = find(searching) {
                    found.withLock { $0 = step }
                    break
                }
            }
            done.signal()
        }
        for (technique, find) in used where technique > quickUpTo && technique < slowFrom {
            if let step = find(board) {
                stop.set()
                return step
            }
        }
        done.wait()
        return found.withLock { $0 }
    }

    /// The next step from the digits of `grid` alone: empty cells start with every digit
    /// their row, column and box allow (earlier eliminations are not remembered, so the step
    /// may remove candidates rather than place a digit). Nil when the grid is full or no
    /// technique applies. `knownUnique` says the caller knows the grid has one solution, which
    /// lets the uniqueness techniques (unique rectangles, BUG+1) be used.
    public static func nextStep(_ grid: SudokuGrid, using techniques: Set<SudokuTechnique> = allTechniques,
                                knownUnique: Bool = false) -> SudokuStep? {
        var board = SudokuBoard(grid)
        board.knownUnique = knownUnique
        guard !board.isSolved, !board.hasContradiction else { return nil }
        return next(board, using: techniques)
    }

    /// The steps from the digits of `grid` up to and including the next one that places a
    /// digit: what a player needs to find that digit. Empty when no technique places one.
    /// `knownUnique` as for `nextStep`.
    public static func stepsToNextPlacement(_ grid: SudokuGrid, using techniques: Set<SudokuTechnique> = allTechniques,
                                            knownUnique: Bool = false) -> [SudokuStep] {
        var board = SudokuBoard(grid)
        board.knownUnique = knownUnique
        return stepsToNextPlacement(board, using: techniques)
    }

    static func stepsToNextPlacement(_ board: SudokuBoard, using techniques: Set<SudokuTechnique> = allTechniques) -> [SudokuStep] {
        guard !board.isSolved, !board.hasContradiction else { return [] }
        let (steps, _) = solve(board, using: techniques, until: \.isPlacement)
        return steps.last?.isPlacement == true ? steps : []
    }

    /// What to tell a player who asks for help: the puzzle is `givens`, the player's grid is
    /// `current` (givens plus digits entered).
    public static func hint(givens: SudokuGrid, current: SudokuGrid) -> SudokuHint {
        precondition(givens.size == current.size, "givens and current grid differ in size")
        if let conflict = current.conflicts.first {
            return .conflict(SudokuCell(row: conflict.first.0, column: conflict.first.1),
                             SudokuCell(row: conflict.second.0, column: conflict.second.1), unit: conflict.unit)
        }
        let result = SudokuSolver.countSolutions(givens, limit: 2, keep: 1)
        guard let solution = result.solution else {
            return result.count == 0 ? .noSolution : .multipleSolutions
        }
        let n = current.size.rawValue
        let wrong = current.cells.indices.filter { current.cells[$0] != 0 && current.cells[$0] != solution.cells[$0] }
        if !wrong.isEmpty { return .mistakes(wrong.map { SudokuCell(row: $0 / n, column: $0 % n) }) }
        if current.isFull { return .solved }
        // The givens have one solution and the player's digits agree with it, so the current
        // grid has one solution too.
        var board = SudokuBoard(current)
        board.knownUnique = true
        // The player's digits are the solution's, so avoidable rectangles may use them.
        board.isGiven = givens.cells.map { $0 != 0 }
        let steps = stepsToNextPlacement(board)
        return steps.isEmpty ? .stuck : .steps(steps)
    }
}

/// The result of grading one puzzle.
public struct SudokuGrade: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// The ladder solved the puzzle.
        case solved
        /// Unique, but the ladder gets stuck: the tier is beyond-logic.
        case stuck
        case noSolution = "no-solution"
        case multipleSolutions = "multiple-solutions"
    }

    public var status: Status
    /// The logical steps taken, in order (up to where the ladder got stuck).
    public var steps: [SudokuStep]
    /// Empty cells left where the ladder got stuck (0 when solved).
    public var cellsLeft: Int

    public init(status: Status, steps: [SudokuStep] = [], cellsLeft: Int = 0) {
        self.status = status
        self.steps = steps
        self.cellsLeft = cellsLeft
    }

    /// The numeric rating (see `SudokuRating`): the points of every step, plus the stuck
    /// points for a beyond-logic puzzle; nil when the puzzle has no unique solution.
    public var score: Int? {
        switch status {
        case .solved, .stuck: SudokuRating.score(steps, cellsLeft: cellsLeft)
        case .noSolution, .multipleSolutions: nil
        }
    }

    /// The hardest technique used, nil when no step was needed or the puzzle is not unique.
    public var hardest: SudokuTechnique? { steps.map(\.technique).max() }

    /// The tier: the higher of the hardest technique's tier and the score's band (see
    /// `SudokuRating.bands`), beyond-logic when stuck; nil when the puzzle has no unique
    /// solution. A full grid is easy.
    public var tier: SudokuTier? {
        switch status {
        case .solved: max(hardest?.tier ?? .easy, SudokuRating.tier(score: score ?? 0))
        case .stuck: .beyondLogic
        case .noSolution, .multipleSolutions: nil
        }
    }

    /// The `difficulty` a puzzle file should record (beyond-logic is expert).
    public var difficulty: Difficulty? { tier?.difficulty }

    /// How often each technique was used.
    public var counts: [SudokuTechnique: Int] {
        steps.reduce(into: [:]) { $0[$1.technique, default: 0] += 1 }
    }

    /// The batch line: `TIER HARDEST STEPS SCORE`, e.g. `hard x-wing 61 1240`,
    /// `beyond-logic xy-wing 23 3710`, `multiple-solutions - 0 -`.
    public var line: String {
        let first = tier?.rawValue ?? status.rawValue
        return "\(first) \(hardest?.id ?? "-") \(steps.count) \(score.map(String.init) ?? "-")"
    }

    /// The line `gridedit sudoku grade` prints for a puzzle file (the REPL's `grade` too):
    /// `cat.json: hard x-wing 61 1240 (file says medium)`; without a recorded difficulty, no
    /// parenthesis.
    public func line(for label: String, fileSays recorded: Difficulty?) -> String {
        "\(label): \(line)" + (recorded.map { " (file says \($0.rawValue))" } ?? "")
    }
}

/// Help for a player, from `SudokuGrader.hint(givens:current:)`.
public enum SudokuHint: Sendable, Hashable, CustomStringConvertible {
    /// The grid is full and right.
    case solved
    /// Two equal digits share a unit.
    case conflict(SudokuCell, SudokuCell, unit: String)
    /// Entered digits that are not the puzzle's solution.
    case mistakes([SudokuCell])
    /// The steps that lead to the next digit; the last one places it.
    case steps([SudokuStep])
    /// No technique of the ladder finds the next digit: trial and error from here.
    case stuck
    /// The givens have no solution, or more than one: a hint cannot be trusted.
    case noSolution
    case multipleSolutions

    public var description: String {
        switch self {
        case .solved: "The grid is solved."
        case .conflict(let a, let b, let unit): "\(a) and \(b) hold the same digit in \(unit)."
        case .mistakes(let cells):
            cells.count == 1 ? "\(cells[0]) is wrong." : "\(Words.list(cells.map(\.description))) are wrong."
        case .steps(let steps): steps.map(\.description).joined(separator: "\n")
        case .stuck: "No technique finds the next digit from here; it needs trial and error."
        case .noSolution: "The givens have no solution."
        case .multipleSolutions: "The givens have more than one solution, so there is no single right answer yet."
        }
    }
}
