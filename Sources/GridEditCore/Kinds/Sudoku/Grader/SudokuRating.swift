/// The numeric rating: points for every step of the grader's solution, added up into the
/// puzzle's score, and the score bands that give the tiers.
///
/// A step's points grow with how hard the technique is to spot (a hidden single is worth more
/// than a naked single because it asks the solver to scan a whole unit for one digit). The
/// scale was set by hand and its bands calibrated against HoDoKu's rating of published and
/// generated puzzles (Tests/GridEditCoreTests/SudokuOracleTests.swift); docs/sudoku.md has the
/// table and the figures. Adding points rewards long solutions as well as hard techniques, so
/// a puzzle with many pairs ranks above one with a single pair, as a person finds it.
extension SudokuTechnique {
    /// Points for one step of this technique.
    public var points: Int {
        switch self {
        case .fullHouse: 4
        case .nakedSingle: 5
        case .hiddenSingle: 12
        case .pointing, .claiming: 45
        case .nakedPair: 60
        case .hiddenPair: 75
        case .nakedTriple: 85
        case .hiddenTriple: 105
        case .nakedQuad: 125
        case .hiddenQuad: 150
        case .xWing: 135
        case .swordfish: 155
        case .remotePair: 110
        case .skyscraper: 130
        case .twoStringKite: 140
        case .turbotFish: 125
        case .wWing: 150
        case .xyWing: 165
        case .xyzWing: 185
        case .finnedXWing: 145
        case .uniqueRectangle: 110
        case .bugPlusOne: 100
        // HoDoKu scores every uniqueness technique alike (100, as its type 1); these stay near
        // gridedit's unique rectangle, a little more where the pattern asks for more: the
        // strong links of types 6 and hidden, the extra subset of type 3.
        case .uniqueRectangle5, .avoidableRectangle: 110
        case .uniqueRectangle6, .hiddenRectangle: 115
        case .uniqueRectangle3: 120
        case .jellyfish: 170
        case .finnedSwordfish: 200
        case .simpleColouring: 160
        // HoDoKu: 200 against simple colours' 150.
        case .multiColouring: 210
        case .xChain: 250
        case .xyChain: 270
        case .aic: 290
        case .alsXZ: 300
        case .alsXYWing: 320
        // HoDoKu's 250, 300, 340 and 360, on this scale (its chains score about 10 below ours).
        case .sueDeCoq: 240
        case .groupedAIC: 310
        case .alsXYChain: 340
        case .deathBlossom: 360
        case .forcingChain: 500
        case .forcingNet: 700
        }
    }
}

/// How the score of a puzzle the ladder cannot finish is made up, and the tier bands.
public enum SudokuRating {
    /// The score of a puzzle the ladder gets stuck on starts here: trial and error (or a
    /// technique beyond the ladder) is needed, which outweighs nearly any solution the ladder
    /// finishes.
    public static let stuckPoints = 2_000
    /// Added for every cell still empty when the ladder gets stuck: the more is left to
    /// guess, the harder. The points of the steps before are left out: against HoDoKu they
    /// rank stuck puzzles backwards (the earlier the ladder stops, the fewer steps it scores,
    /// yet the harder the puzzle).
    public static let pointsPerCellLeft = 30

    /// The lowest score of each tier above easy: a solved puzzle's tier is the higher of its
    /// hardest technique's tier and the band its score falls in (a long solution full of
    /// medium steps is hard work, even without a hard technique).
    public static let bands: [(tier: SudokuTier, from: Int)] = [(.medium, 900), (.hard, 1_300), (.expert, 1_900)]

    /// The band a score falls in (easy to expert).
    public static func tier(score: Int) -> SudokuTier {
        bands.last { score >= $0.from }?.tier ?? .easy
    }

    /// The score of a solution: its steps' points; when the ladder did not finish
    /// (`cellsLeft` empty cells), the stuck points and the points per cell left instead.
    public static func score(_ steps: [SudokuStep], cellsLeft: Int) -> Int {
        cellsLeft == 0 ? steps.reduce(0) { $0 + $1.technique.points } : stuckPoints + pointsPerCellLeft * cellsLeft
    }
}
