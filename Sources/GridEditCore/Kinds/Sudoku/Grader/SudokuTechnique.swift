/// How hard a Sudoku is for a person: the tier of the hardest technique its solution needs.
public enum SudokuTier: String, Sendable, Hashable, CaseIterable, Comparable {
    case easy, medium, hard, expert
    /// No technique of the ladder makes progress: the puzzle needs trial and error.
    case beyondLogic = "beyond-logic"

    public static func < (a: SudokuTier, b: SudokuTier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The puzzle files' `difficulty` for this tier. The field has no beyond-logic value:
    /// such puzzles are `expert`.
    public var difficulty: Difficulty {
        switch self {
        case .easy: .easy
        case .medium: .medium
        case .hard: .hard
        case .expert, .beyondLogic: .expert
        }
    }

    /// The tier of a difficulty field value (`expert` means the expert tier).
    public init(_ difficulty: Difficulty) {
        switch difficulty {
        case .easy: self = .easy
        case .medium: self = .medium
        case .hard: self = .hard
        case .expert: self = .expert
        }
    }
}

/// The ladder of solving techniques, simplest first. The grader always applies the simplest
/// technique that makes progress, so "the hardest technique used" is the hardest one needed.
public enum SudokuTechnique: String, Sendable, Hashable, CaseIterable, Comparable {
    // Easy
    case fullHouse = "full-house"
    case hiddenSingle = "hidden-single"
    case nakedSingle = "naked-single"
    // Medium
    case pointing
    case claiming
    case nakedPair = "naked-pair"
    case hiddenPair = "hidden-pair"
    case nakedTriple = "naked-triple"
    case hiddenTriple = "hidden-triple"
    // Hard
    case nakedQuad = "naked-quad"
    case hiddenQuad = "hidden-quad"
    case xWing = "x-wing"
    case swordfish
    case remotePair = "remote-pair"
    case skyscraper
    case twoStringKite = "two-string-kite"
    case turbotFish = "turbot-fish"
    case wWing = "w-wing"
    case xyWing = "xy-wing"
    case xyzWing = "xyz-wing"
    case finnedXWing = "finned-x-wing"
    case uniqueRectangle = "unique-rectangle"
    case bugPlusOne = "bug-plus-one"
    // Hard, the rest of HoDoKu's uniqueness techniques (gridedit issue 14): only for a puzzle
    // known to be unique, like the two above.
    case uniqueRectangle5 = "unique-rectangle-5"
    case avoidableRectangle = "avoidable-rectangle"
    case uniqueRectangle6 = "unique-rectangle-6"
    case hiddenRectangle = "hidden-rectangle"
    case uniqueRectangle3 = "unique-rectangle-3"
    // Expert
    case jellyfish
    case finnedSwordfish = "finned-swordfish"
    case simpleColouring = "simple-colouring"
    // Expert, colouring with two clusters (gridedit issue 14).
    case multiColouring = "multi-colouring"
    case xChain = "x-chain"
    case xyChain = "xy-chain"
    case aic
    case alsXZ = "als-xz"
    case alsXYWing = "als-xy-wing"
    // Chains of groups and sets (gridedit issue 14): grouped AICs, Sue de Coq, ALS-XY-chains,
    // death blossoms.
    case sueDeCoq = "sue-de-coq"
    case groupedAIC = "grouped-aic"
    case alsXYChain = "als-xy-chain"
    case deathBlossom = "death-blossom"
    case forcingChain = "forcing-chain"
    case forcingNet = "forcing-net"

    public static func < (a: SudokuTechnique, b: SudokuTechnique) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The id used in reports and on the command line (`x-wing`).
    public var id: String { rawValue }

    /// The name in plain words.
    public var name: String {
        switch self {
        case .fullHouse: "full house"
        case .hiddenSingle: "hidden single"
        case .nakedSingle: "naked single"
        case .pointing: "pointing (locked candidates)"
        case .claiming: "claiming (locked candidates)"
        case .nakedPair: "naked pair"
        case .hiddenPair: "hidden pair"
        case .nakedTriple: "naked triple"
        case .hiddenTriple: "hidden triple"
        case .nakedQuad: "naked quad"
        case .hiddenQuad: "hidden quad"
        case .xWing: "X-wing"
        case .swordfish: "swordfish"
        case .remotePair: "remote pair"
        case .skyscraper: "skyscraper"
        case .twoStringKite: "2-string kite"
        case .turbotFish: "turbot fish"
        case .wWing: "W-wing"
        case .xyWing: "XY-wing"
        case .xyzWing: "XYZ-wing"
        case .finnedXWing: "finned X-wing"
        case .uniqueRectangle: "unique rectangle"
        case .bugPlusOne: "BUG+1"
        case .uniqueRectangle5: "unique rectangle type 5"
        case .avoidableRectangle: "avoidable rectangle"
        case .uniqueRectangle6: "unique rectangle type 6"
        case .hiddenRectangle: "hidden rectangle"
        case .uniqueRectangle3: "unique rectangle type 3"
        case .jellyfish: "jellyfish"
        case .finnedSwordfish: "finned swordfish"
        case .simpleColouring: "simple colouring"
        case .multiColouring: "multi-colouring"
        case .xChain: "X-chain"
        case .xyChain: "XY-chain"
        case .aic: "alternating inference chain"
        case .alsXZ: "ALS-XZ"
        case .alsXYWing: "ALS-XY-wing"
        case .sueDeCoq: "Sue de Coq"
        case .groupedAIC: "grouped alternating inference chain"
        case .alsXYChain: "ALS-XY-chain"
        case .deathBlossom: "death blossom"
        case .forcingChain: "forcing chain"
        case .forcingNet: "forcing net"
        }
    }

    public var tier: SudokuTier {
        switch self {
        case .fullHouse, .hiddenSingle, .nakedSingle: .easy
        case .pointing, .claiming, .nakedPair, .hiddenPair, .nakedTriple, .hiddenTriple: .medium
        case .nakedQuad, .hiddenQuad, .xWing, .swordfish, .remotePair, .skyscraper, .twoStringKite, .turbotFish, .wWing, .xyWing, .xyzWing, .finnedXWing,
             .uniqueRectangle, .bugPlusOne: .hard
        case .uniqueRectangle5, .avoidableRectangle, .uniqueRectangle6, .hiddenRectangle, .uniqueRectangle3: .hard
        case .multiColouring: .expert
        case .jellyfish, .finnedSwordfish, .simpleColouring, .xChain, .xyChain, .aic, .alsXZ, .alsXYWing, .forcingChain, .forcingNet: .expert
        case .sueDeCoq, .groupedAIC, .alsXYChain, .deathBlossom: .expert
        }
    }

    /// Forcing chains and nets: trying candidates one by one and following what they force,
    /// the grader's last resort (and its slowest techniques).
    public var isLastResort: Bool { self == .forcingChain || self == .forcingNet }

    public init?(id: String) { self.init(rawValue: id) }
}
