/// A puzzle's difficulty as its own measure gives it, on one scale for both games, so a
/// curriculum can ramp and chart it: the Sudoku grader's score, the tangram solver's estimate.
///
/// `value` runs from 0 to 4: the whole part is the measured level (0 easy … 3 expert) and the
/// fraction is how far the score is into that level's band, so 1.5 is "a middling medium". A
/// Sudoku's level is its grade (the higher of its hardest technique's tier and its score's band;
/// beyond-logic counts as expert); a tangram's is the solver's estimate from its points.
public struct PuzzleMeasure: Sendable, Hashable {
    /// `tangram` or `sudoku`.
    public var game: String
    /// The game's own score: the grader's points for a Sudoku, the estimate's points for a tangram.
    public var score: Int
    public var level: Difficulty
    /// 0 ≤ value < 4, see above.
    public var value: Double

    public init(game: String, score: Int, level: Difficulty, value: Double) {
        self.game = game
        self.score = score
        self.level = level
        self.value = value
    }

    /// The measure of a decoded puzzle; nil when it cannot be measured (a Sudoku with a
    /// conflict, a figure with no solution).
    public init?(_ puzzle: any Puzzle) {
        if let sudoku = puzzle as? SudokuPuzzle {
            let givens = sudoku.givens
            guard givens.conflicts.isEmpty else { return nil }
            let grade = SudokuGrader.grade(givens, explaining: false)
            guard let tier = grade.tier, let score = grade.score else { return nil }
            let level = tier.difficulty
            // The band the score falls in, as [from, to) on the grader's scale.
            let starts = [0] + SudokuRating.bands.map(\.from)
            let index = Difficulty.allCases.firstIndex(of: level)!
            let from = starts[index]
            let to = index + 1 < starts.count ? starts[index + 1] : from + 1_000
            self.init(game: SudokuKind.name, score: score, level: level,
                      value: Double(index) + Self.fraction(score, from: from, to: to))
        } else if let tangram = puzzle as? TangramPuzzle {
            guard let estimate = TangramDifficulty.estimate(for: tangram) else { return nil }
            let level = estimate.level
            let index = Difficulty.allCases.firstIndex(of: level)!
            // Points bands of TangramDifficulty.level: ...3, 4...5, 6...7, 8...
            let bands = [(0, 4), (4, 6), (6, 8), (8, 12)]
            self.init(game: TangramKind.name, score: estimate.points, level: level,
                      value: Double(index) + Self.fraction(estimate.points, from: bands[index].0, to: bands[index].1))
        } else {
            return nil
        }
    }

    /// How far `score` is into [from, to), in [0, 0.9]: never the next level's start.
    static func fraction(_ score: Int, from: Int, to: Int) -> Double {
        let raw = Double(score - from) / Double(max(1, to - from))
        return (min(0.9, max(0, raw)) * 100).rounded() / 100
    }

    /// `1.4 (medium, score 1020)`.
    public var description: String {
        "\(Self.text(value)) (\(level.rawValue), \(game == SudokuKind.name ? "grader score" : "solver points") \(score))"
    }

    /// A value with one decimal, as findings and charts print it.
    public static func text(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
