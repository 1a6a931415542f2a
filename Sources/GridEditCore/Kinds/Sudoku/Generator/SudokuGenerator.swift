import Dispatch
import Foundation

/// Makes Sudoku puzzles of a requested tier with a unique solution and a symmetric pattern of
/// givens, deterministically: the same options and seed give the same puzzles on every run
/// and machine, whatever the number of jobs.
///
/// Each attempt fills a grid at random, then empties cells one symmetry orbit at a time in a
/// random order, keeping a removal only while the puzzle stays unique and solvable with the
/// techniques of the requested tier or below. The result is graded; it is kept when its tier
/// is the one requested, otherwise the next attempt starts from a new grid.
public enum SudokuGenerator {
    public struct Options: Sendable, Hashable {
        public var size: SudokuSize
        public var tier: SudokuTier
        public var symmetry: SudokuSymmetry
        public var seed: UInt64
        /// Attempts per puzzle before giving up. The defaults leave room for the rarest
        /// requests (a medium 6×6 puzzle with rot180 symmetry comes about once in 500 grids;
        /// an attempt takes about a millisecond at 6×6, 10–40 ms at 9×9). A 4×4 grid is
        /// always easy, so it gives up soon.
        public var maxAttempts: Int
        /// When set, aim at a score in this range instead of at `tier`: removals are kept only
        /// while the ladder solves the puzzle with a score within the top, and the result must
        /// reach the bottom.
        public var score: ClosedRange<Int>?

        /// The tier asked for when none is given: medium, except at 4×4, where singles solve
        /// every puzzle, so easy is the only tier there is.
        public static func defaultTier(_ size: SudokuSize) -> SudokuTier {
            size == .four ? .easy : .medium
        }

        /// The tiers a size can have: easy only at 4×4, every tier above.
        public static func tiers(_ size: SudokuSize) -> [SudokuTier] {
            size == .four ? [.easy] : SudokuTier.allCases
        }

        public static func defaultAttempts(_ size: SudokuSize) -> Int {
            switch size {
            case .four: 200
            case .six: 5_000
            case .nine: 2_000
            }
        }

        /// `tier` nil is the size's ``defaultTier(_:)``.
        public init(size: SudokuSize = .nine, tier: SudokuTier? = nil, symmetry: SudokuSymmetry = .rot180,
                    seed: UInt64 = 1, maxAttempts: Int? = nil, score: ClosedRange<Int>? = nil) {
            self.score = score
            self.size = size
            self.tier = tier ?? Self.defaultTier(size)
            self.symmetry = symmetry
            self.seed = seed
            self.maxAttempts = maxAttempts ?? Self.defaultAttempts(size)
        }
    }

    public struct Generated: Sendable, Hashable {
        public var givens: SudokuGrid
        public var solution: SudokuGrid
        public var grade: SudokuGrade
        /// Attempts it took (1 when the first grid gave the tier).
        public var attempts: Int
    }

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case gaveUp(Options)

        public var description: String {
            switch self {
            case .gaveUp(let o):
                if let score = o.score {
                    "no \(o.size.rawValue)×\(o.size.rawValue) puzzle with a score in \(score.lowerBound)..\(score.upperBound) and \(o.symmetry.rawValue) symmetry after \(o.maxAttempts) attempts; try a wider range, another symmetry or seed"
                } else {
                    "no \(o.tier.rawValue) \(o.size.rawValue)×\(o.size.rawValue) puzzle with \(o.symmetry.rawValue) symmetry after \(o.maxAttempts) attempts; "
                    + (o.size == .nine ? "try another symmetry or seed"
                       : !Options.tiers(o.size).contains(o.tier) ? "a \(o.size.rawValue)×\(o.size.rawValue) puzzle is always \(Options.tiers(o.size).map(\.rawValue).joined(separator: " or ")) (singles solve it): use --difficulty easy"
                       : "small grids rarely need harder techniques: try an easier tier, another symmetry or seed")
                }
            }
        }
    }

    /// The `index`-th puzzle (0-based) for these options.
    public static func generate(_ options: Options, index: Int = 0) -> Result<Generated, Failure> {
        var random = SplitMix64(seed: mix(options.seed, UInt64(index)))
        // A score range allows every technique: the points of a hard one count against the top.
        let top = options.score == nil ? options.tier : .expert
        // The forcing chains and nets are left out while removing givens: they would solve
        // nearly anything (slowly, for every removal); the final grade still uses them.
        let allowed = Set(SudokuTechnique.allCases.filter { $0.tier <= top && !$0.isLastResort })
        var counter = SudokuCounter(keep: 0)
        let orbits = options.symmetry.orbits(size: options.size)
        let n = options.size.rawValue
        for attempt in 1...max(1, options.maxAttempts) {
            let solution = randomFullGrid(options.size, &random)
            var puzzle = solution
            var order = orbits
            random.shuffle(&order)
            for orbit in order {
                let saved = orbit.map { puzzle.cells[$0.row * n + $0.column] }
                for cell in orbit { puzzle.cells[cell.row * n + cell.column] = 0 }
                if !keeps(puzzle, tier: top, allowed: allowed,
                          maxScore: options.score?.upperBound ?? .max, counter: &counter) {
                    for (cell, value) in zip(orbit, saved) { puzzle.cells[cell.row * n + cell.column] = value }
                }
            }
            let grade = SudokuGrader.grade(puzzle, explaining: false)
            let wanted = options.score.map { grade.status == .solved && $0.contains(grade.score!) } ?? (grade.tier == options.tier)
            if wanted {
                return .success(Generated(givens: puzzle, solution: solution, grade: SudokuGrader.grade(puzzle), attempts: attempt))
            }
        }
        return .failure(.gaveUp(options))
    }

    /// `count` puzzles, computed on `jobs` threads; the same list for any number of jobs.
    public static func generate(_ options: Options, count: Int, jobs: Int = 1) -> [Result<Generated, Failure>] {
        parallelMap(count, jobs: jobs) { generate(options, index: $0) }
    }

    /// A removal is kept while the puzzle is unique and, below beyond-logic, solvable by the
    /// allowed techniques alone with a score of at most `maxScore`.
    static func keeps(_ puzzle: SudokuGrid, tier: SudokuTier, allowed: Set<SudokuTechnique>, maxScore: Int = .max,
                      counter: inout SudokuCounter) -> Bool {
        guard counter.count(puzzle, limit: 2).count == 1 else { return false }
        if tier == .beyondLogic { return true }
        var start = SudokuBoard(puzzle)
        start.explains = false
        start.knownUnique = true
        let (steps, board) = SudokuGrader.solve(start, using: allowed)
        return board.isSolved && (maxScore == .max || SudokuRating.score(steps, cellsLeft: 0) <= maxScore)
    }

    /// A complete grid drawn at random (a randomised search from the empty grid).
    static func randomFullGrid(_ size: SudokuSize, _ random: inout SplitMix64) -> SudokuGrid {
        var solver = GeneralSolver(size: size)
        solver.random = random
        _ = solver.solve(Array(repeating: 0, count: size.cellCount), limit: 1, keep: 1)
        random = solver.random!
        return SudokuGrid(size: size, uncheckedCells: solver.solutions[0])
    }

    /// A per-puzzle seed from the run's seed and the puzzle's index.
    static func mix(_ seed: UInt64, _ index: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}
