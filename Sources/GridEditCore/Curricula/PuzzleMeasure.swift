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
    /// What the score is, in words: `grader score`, `solver points`.
    public var scoreName = "score"
    public var level: Difficulty
    /// 0 ≤ value < 4, see above.
    public var value: Double

    public init(game: String, score: Int, level: Difficulty, value: Double) {
        self.game = game
        self.score = score
        self.level = level
        self.value = value
    }

    /// The measure of a decoded puzzle (its kind's ``PuzzleKind/measure(_:)``); nil when it
    /// cannot be measured (a Sudoku with a conflict, a figure with no solution).
    public init?(_ puzzle: any Puzzle) {
        func measure<P: Puzzle>(_ puzzle: P) -> PuzzleMeasure? { P.Kind.measure(puzzle) }
        guard let measured = measure(puzzle) else { return nil }
        self = measured
    }

    /// A measure from a score on a kind's scale: `level` is the measured level, and `band` the
    /// scores [from, to) that level spans.
    public init(game: String, score: Int, scoreName: String, level: Difficulty, band: (from: Int, to: Int)) {
        let index = Difficulty.allCases.firstIndex(of: level)!
        self.init(game: game, score: score, level: level, value: Double(index) + Self.fraction(score, from: band.from, to: band.to))
        self.scoreName = scoreName
    }

    /// How far `score` is into [from, to), in [0, 0.9]: never the next level's start.
    public static func fraction(_ score: Int, from: Int, to: Int) -> Double {
        let raw = Double(score - from) / Double(max(1, to - from))
        return (min(0.9, max(0, raw)) * 100).rounded() / 100
    }

    /// `1.4 (medium, score 1020)`.
    public var description: String {
        "\(Self.text(value)) (\(level.rawValue), \(scoreName) \(score))"
    }

    /// A value with one decimal, as findings and charts print it.
    public static func text(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
