import GridEditCore
import GridEditLayout

/// How sure capture is of one piece's pose, and why: the evidence `--verbose` prints and the
/// confidence that decides whether the piece may be written or placed at all.
///
/// The confidence is the weakest of four measures, each 0…1:
/// - **explained**: the fit's score over the pixels the outline should show (unknown pixels left
///   out: a hand, a glare, the blurred rim, which on a small blurred triangle is a third of it):
///   how well the ideal shape explains what is visible;
/// - **distinct**: how far the fit beats its nearest rival (the best fit lying another way, or a
///   quarter unit or more away), as a share of ``distinctMargin`` of the piece's area: a pose that
///   barely beats another could as well be the other;
/// - **settled**: whether the exact pose the layout settled on agrees with the fitted one: 1 when
///   the snap moved the piece's middle at most 0.15 units and turned it at most 8°, 0 at 0.5 units
///   or 22.5° (a snap of a whole unit
///   means the fit and the layout disagree; `CameraLayout.settleAgreement`, which the stream uses too),
///   and the snap moved it as it moved the pieces it is anchored with, to 0.05 units, 0 at 0.11
///   (half as much again for a piece partly hidden; `GroupPlacement.agreement`: a wrong contact
///   moves one part of a group against the rest);
/// - **grid-clear**: for a piece the grid alone places, how much nearer its grid placement was
///   than the next (a 45° piece's vertices give placements a few hundredths apart), over 0.035
///   units when the pieces measured are all in full view, 0.05 when one is partly hidden.
///
/// Below ``threshold`` a piece is never written nor placed (docs/capture.md, "Confidence"; the data in docs/measurements.md).
public struct PieceFit: Sendable, Hashable {
    public var piece: TangramPiece
    /// The colour class the pixels were taken from, in words: `red (hue 355°)`.
    public var colour: String
    /// The fit's score over the piece's whole area (1 = every pixel explained), as `fit` prints.
    public var fit: Double
    /// The score over the part of the outline that is not unknown.
    public var explained: Double
    /// The score's lead over the rival fit, over the piece's area (1 when there is no rival).
    public var margin: Double
    /// The rival, in words (`turned 90°`), when there is one.
    public var rival: String?
    /// The rival's pose, as the sighting gives the fit's: settling it with the rest of the
    /// layout shows whether the pieces could lie that way at all (``RivalCheck``).
    public var rivalPose: ApproximatePose?
    /// How far (units) settling moved the piece's middle from the fit; 0 before settling.
    public var settleShift: Double
    /// How many degrees settling turned the piece to a 45° step; 0 before settling.
    public var settleTurn = 0.0
    /// How far (units) settling moved the piece otherwise than the pieces it is anchored with
    /// (`GroupPlacement.Judgement.apart`); 0 for a loose piece and before settling.
    public var groupApart = 0.0
    /// The share of the outline hidden (unknown pixels: a hand, a glare).
    public var hiddenShare: Double
    /// For a piece the grid alone placed: how much nearer (units) its grid placement was than
    /// the next one (`GroupPlacement.GridMeasure`, which the stream applies too); 1 otherwise.
    public var gridMargin = 1.0
    /// Whether `gridMargin` is that of the group of touching pieces this one belongs to
    /// (`GroupPlacement`): the group as a whole could lie another way on the grid.
    public var gridByGroup = false
    /// Whether every piece `gridMargin` was measured on is in full view: then a smaller margin
    /// is clear (`GroupPlacement.clarity`).
    public var gridSeenWhole = false
    /// The fit's raw score (pixels), to choose between the shapes a shared colour may be.
    var score = 0

    /// The confidence under which a piece is refused. Chosen from 500 photograph-like frames
    /// (docs/measurements.md, "Why the confidence threshold is 0.6").
    public static let threshold = 0.6
    /// A lead of this share of the piece's area over the rival counts as fully distinct.
    public static let distinctMargin = 0.25

    /// Whether one of its edges meets a touching piece of its own colour, where no colour shows
    /// the edge (the two were split by shape, `PieceFinder.split`).
    public var edgeShared = false

    /// Whether every edge of the piece was seen: at most ``partlyHiddenShare`` of its outline
    /// unknown (more, and its sighting is `occluded`) and no edge shared with a piece of its
    /// colour. A fit on part of the edges errs about twice as much.
    public var isSeenWhole: Bool { hiddenShare <= Self.partlyHiddenShare && !edgeShared }
    public static let partlyHiddenShare = 0.02

    public var distinct: Double { max(0, min(1, margin / Self.distinctMargin)) }
    public var settled: Double { min(CameraLayout.settleAgreement(shift: settleShift), Self.turnAgreement(settleTurn), movedWithGroup) }
    /// How well settling moved the piece with the pieces it is anchored with (part of `settled`).
    var movedWithGroup: Double { GroupPlacement.agreement(apart: groupApart, seenWhole: isSeenWhole) }

    /// 1 when settling turned the piece at most ``turnSlack`` degrees, 0 at 22.5° (half-way
    /// between two 45° steps): a fit whose angle lies far between two steps could be either.
    static func turnAgreement(_ turn: Double) -> Double {
        max(0, min(1, 1 - (abs(turn) - turnSlack) / (22.5 - turnSlack)))
    }
    /// Degrees of turn a fit may be off its 45° step and still fully agree (the edge-angle
    /// estimate under blur and perspective is within a few degrees).
    public static let turnSlack = 8.0
    public var gridClear: Double { GroupPlacement.clarity(margin: gridMargin, seenWhole: gridSeenWhole) }
    public var confidence: Double { min(explained, distinct, settled, gridClear) }
    public var isTrusted: Bool { confidence >= Self.threshold }

    /// The settled layout's judgement of this piece (``GroupPlacement``): how far settling moved
    /// it otherwise than its group, and how clearly the grid places it. The one-shot capture and
    /// the REPL's stream both take it here, so both judge a settled piece alike.
    mutating func take(_ groups: GroupPlacement.Judgement) {
        groupApart = groups.apart[piece] ?? 0
        if let grid = groups.grid[piece] {
            gridMargin = grid.margin
            gridByGroup = grid.byGroup
            gridSeenWhole = grid.seenWhole
        }
    }

    /// Which measure holds a doubtful piece's confidence down: what its message says, and what
    /// the designer can do about it.
    public enum Doubt: Sendable, Hashable {
        /// The grid: nearly half-way between two placements, or nearer another (a negative margin).
        case grid
        /// Settling moved it otherwise than the pieces it is anchored to: a wrong contact.
        case contact
        /// Its fitted angle lies far between two 45° steps.
        case turn
        /// Settling moved it far from where it was fitted.
        case shift
        /// Another pose (turned, flipped, elsewhere, or split another way from a piece of its
        /// colour) fits almost as well.
        case rival
        /// Its shape explains too little of its pixels.
        case explained
    }

    /// The measure that holds the confidence down.
    public var doubt: Doubt {
        let c = confidence
        if c == gridClear && gridClear < 1 { return .grid }
        if c == settled && settled < 1 {
            if movedWithGroup == settled { return .contact }
            return Self.turnAgreement(settleTurn) < CameraLayout.settleAgreement(shift: settleShift) ? .turn : .shift
        }
        if c == distinct && distinct < 1 { return .rival }
        return .explained
    }

    /// Which measure holds the confidence down, in words, for messages.
    public var weakness: String {
        switch doubt {
        case .grid:
            let what = gridByGroup ? "it and the pieces it touches lie" : "it lies"
            if gridMargin < 0 { return "\(what) nearer another place on the grid than the one settled on (by \(Self.units(-gridMargin)))" }
            return "\(what) nearly half-way between two places on the grid (the nearer by only \(Self.units(gridMargin)))"
        case .contact:
            return "settling moved it \(Self.hundredths(groupApart)) units otherwise than the pieces it is anchored to "
                + "(it may touch them elsewhere than where settling joined it)"
        case .turn:
            return "its fitted angle is \(Int(abs(settleTurn).rounded()))° off the nearest 45° step"
        case .shift:
            return "its fitted pose and the settled layout disagree by \(Self.hundredths(settleShift)) units"
        case .rival:
            return "it fits almost as well \(rival ?? "another way")"
        case .explained:
            return "its shape explains only \(Int((explained * 100).rounded())) % of its pixels"
        }
    }

    /// What the designer can do about a doubt: the physical move or the better photograph that
    /// removes it. A refusal says each remedy once, naming every piece it concerns.
    public enum Remedy: Sendable, Hashable {
        case nudgeOntoGrid, pushFlush, turnSquarely, lieFlat, separateFromColour, uncover, evenLight, lightOrCalibrate

        /// The remedy in words for the pieces it concerns (`small-1`, or `large-1 and square`).
        public func advice(for names: [String]) -> String {
            let one = names.count == 1
            let pieces = one ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let its = one ? "its" : "their"
            switch self {
            case .nudgeOntoGrid:
                return "nudge \(pieces) a little so that \(one ? "it sits" : "they sit") squarely on the grid (a corner on a "
                    + "grid point, or an edge flush with a neighbour), or photograph from more nearly straight above"
            case .pushFlush: return "push \(pieces) flush against \(its) neighbours, or apart from them"
            case .turnSquarely: return "turn \(pieces) squarely to a 45° step"
            case .lieFlat:
                return "check that \(pieces) \(one ? "lies" : "lie") flat, clear of or flush with \(its) neighbours, "
                    + "and photograph from more nearly straight above"
            case .separateFromColour:
                // Usually both pieces of the colour are doubtful: then they are the pair to part.
                return one ? "move \(pieces) apart from the touching piece of its colour, or turn it"
                    : "move \(pieces) apart, or turn one of them"
            case .uncover:
                // Unknown pixels over a piece are a hand as often as a glare or a deep shadow.
                return "make sure nothing hides part of \(pieces) (a hand, a glare) and photograph again"
            case .evenLight: return "light the mat evenly without glare and photograph from more nearly straight above"
            case .lightOrCalibrate:
                return "light the mat evenly without glare, keep hands off \(pieces), or calibrate the colours for this "
                    + "light (gridedit capture calibrate)"
            }
        }
    }

    /// What removes this piece's doubt.
    public var remedy: Remedy {
        switch doubt {
        case .grid: return .nudgeOntoGrid
        case .contact: return .pushFlush
        case .turn: return .turnSquarely
        case .shift: return .lieFlat
        case .rival where rival?.contains("of its colour split") == true: return .separateFromColour
        case .rival where !isSeenWhole: return .uncover
        case .rival: return .evenLight
        case .explained: return .lightOrCalibrate
        }
    }

    /// `0.03 units`, or `under 0.01 units` for what rounds to 0.00.
    static func units(_ value: Double) -> String {
        value < 0.005 ? "under 0.01 units" : "\(hundredths(value)) units"
    }

    /// `0.62`
    static func hundredths(_ value: Double) -> String {
        let h = Int((value * 100).rounded())
        return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
    }
}
