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

    public init() {}

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
        guard let settled = try? Self.settle(announced.map(\.pose)) else {
            // Not one layout (cannot happen with a tracker's ids): pass the raw events on.
            return out + events.filter { $0.kind != .removed }
        }
        let confidence = Dictionary(announced.map { ($0.pose.piece, $0.pose.confidence) }, uniquingKeysWith: { a, _ in a })
        for pose in settled.poses where sent[pose.piece]?.footprint != pose.footprint {
            out.append(PoseEvent(kind: sent[pose.piece] == nil ? .detected : .moved,
                                 pose: ApproximatePose(pose, confidence: confidence[pose.piece] ?? 1), timestamp: time, frame: frame))
            sent[pose.piece] = pose
        }
        return out
    }
}
