import Foundation
import GridEditCore

/// The exact layout a camera shows: the approximate poses of the pieces on the mat in, exact poses
/// out, settled together by ``LayoutSnapper`` (45° pieces meet exactly, the figure sits on the
/// grid). Both routes from a camera to a file settle here, so the same poses give the same layout:
/// `gridedit capture -o` settles each frame's poses with ``settle(_:)``; the REPL's stream
/// (`gridedit capture --stream`) calls ``update(_:announced:time:frame:)`` whenever its
/// ``PoseTracker`` announces a change, and sends on the pieces whose exact pose changed.
public struct CameraLayout: Sendable {
    /// The exact poses sent so far, by piece.
    public private(set) var sent: [TangramPiece: Pose] = [:]
    /// The layout the last ``update(_:announced:time:frame:)`` settled (nil when it could not),
    /// for a consumer that judges it further without settling it again.
    public private(set) var lastSettled: LayoutSnapper.Result?

    public init() {}

    /// Units the settled middle of a piece may lie from where it was seen and still fully agree
    /// (camera noise and the grid step), and the shift at which they no longer agree at all.
    public static let settleSlack = 0.15
    public static let settleLimit = 0.5

    /// How well a settled pose agrees with the pose seen, 0…1, from how far settling moved the
    /// piece's middle: a snap of a whole unit means fit and layout disagree, and the piece's
    /// confidence (see `PieceFit` in GridEditCapture) falls to 0.
    public static func settleAgreement(shift: Double) -> Double {
        max(0, min(1, 1 - (shift - settleSlack) / (settleLimit - settleSlack)))
    }

    /// How clearly the 0.25 grid decides where a piece goes, as a margin (units): how much
    /// nearer the fit lies to the placement chosen than to the next one, when the grid alone
    /// placed the piece (``LayoutSnapper/Method/grid(vertex:)`` with a vertex): the piece moves so
    /// that one of its vertices is on a grid point; for a piece turned 45° its vertices give
    /// placements a few hundredths of a unit apart, and a fit that lies nearly half-way between
    /// two of them could as well be the other; the same for a piece whose figure is on the grid
    /// by one of this piece's vertices. 1 for pieces placed by contact, or whose figure's grid
    /// point is elsewhere. How large a margin is clear depends on the camera (capture's
    /// `GroupPlacement.clarity`).
    public static func gridMargin(_ seen: ApproximatePose, snapped: Pose, method: LayoutSnapper.Method) -> Double {
        guard case .grid(let vertex) = method else { return 1 }
        // A piece on the grid with its figure: judged by this piece only when one of its own
        // vertices is on a grid point (the figure's grid point may be on another piece).
        func onGrid(_ x: Double) -> Bool { abs(x * 4 - (x * 4).rounded()) < 1e-9 }
        if vertex == nil, !snapped.vertices.contains(where: { onGrid($0.doubleX) && onGrid($0.doubleY) }) { return 1 }
        // The exact outline moved to where the fit's middle is; each vertex's nearest grid point
        // then gives one placement (a shift of the whole piece).
        let exact = snapped.vertices.map { ($0.doubleX, $0.doubleY) }
        let fitted = seen.middle, settled = snapped.approximateMiddle
        let (dx, dy) = (fitted.x - settled.x, fitted.y - settled.y)
        func grid(_ x: Double) -> Double { (x * 4).rounded() / 4 }
        let shifts = exact.map { v -> (Double, Double) in let (x, y) = (v.0 + dx, v.1 + dy); return (grid(x) - x, grid(y) - y) }
            .sorted { hypot($0.0, $0.1) < hypot($1.0, $1.1) }
        let best = shifts[0]
        guard let second = shifts.first(where: { hypot($0.0 - best.0, $0.1 - best.1) > 0.01 }) else { return 1 }
        return hypot(second.0, second.1) - hypot(best.0, best.1)
    }

    /// The exact layout of every piece seen, in piece order.
    public static func settle(_ seen: [ApproximatePose]) throws(EditError) -> LayoutSnapper.Result {
        try LayoutSnapper().snap(seen.sorted { $0.piece < $1.piece })
    }

    /// The events that bring a consumer from what was sent to the tracker's announced poses,
    /// settled as one layout: every `removed` event as it is, then a `detected` or `moved` event
    /// with the exact position for each piece whose exact pose changed.
    public mutating func update(_ events: [PoseEvent], announced: [PoseEvent], time: Double, frame: Int) -> [PoseEvent] {
        var out = events.filter { $0.kind == .removed }
        for event in out { sent[event.pose.piece] = nil }
        lastSettled = try? Self.settle(announced.map(\.pose))
        guard let settled = lastSettled else {
            // Not one layout (cannot happen with a tracker's ids): pass the raw events on.
            return out + events.filter { $0.kind != .removed }
        }
        // A piece's confidence is the tracker's, lowered when settling moved it far from where it
        // was seen (a consumer ignores poses under its minimum confidence). How clearly the grid
        // places it is the capture's to judge, as for a one-shot frame (`PoseStream`).
        let confidence = Dictionary(announced.map { ($0.pose.piece, $0.pose.confidence) }, uniquingKeysWith: { a, _ in a })
        let reports = Dictionary(settled.reports.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        for pose in settled.poses where sent[pose.piece]?.footprint != pose.footprint {
            let trust = min(confidence[pose.piece] ?? 1, Self.settleAgreement(shift: reports[pose.piece]?.distance ?? 0))
            out.append(PoseEvent(kind: sent[pose.piece] == nil ? .detected : .moved,
                                 pose: ApproximatePose(pose, confidence: trust), timestamp: time, frame: frame))
            sent[pose.piece] = pose
        }
        return out
    }
}
