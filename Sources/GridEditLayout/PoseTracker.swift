import GridEditCore

/// Turns what a camera sees, frame by frame, into a few pose events with stable piece ids: one
/// `detected` when a piece has been put down, one `moved` when it has been put down somewhere
/// else, one `removed` when it has been gone a while. Camera noise, a hand passing over the mat or
/// carrying a piece, and frames where the mat cannot be found produce no events: the editor's
/// undo history gets one edit per thing the designer did.
///
/// - A piece **settles** when it has been seen, unhidden and confidently, in at least
///   ``settleFrames`` frames in a row spanning ``settleTime`` seconds, every one within
///   ``jitter`` units and ``angleJitter`` degrees of their average (a moving hand never settles).
///   The average is the pose announced.
/// - It is **detected** the first time it settles, and **moved** when it settles more than the
///   jitter away from the pose last announced.
/// - It is **removed** after it has not been seen for ``removeAfter`` seconds of frames in which
///   the mat was visible.
/// - A frame with `matVisible == false` (a hand over the markers, the camera bumped) counts for
///   nothing: it neither settles, moves nor removes anything, and its time does not count as missing.
/// - An **occluded** observation (part of the piece hidden, say by a fingertip), or one under
///   ``minConfidence``, keeps its piece from being removed but does not count towards settling:
///   its pose is not trusted. So a piece can only be announced from frames where it is seen whole
///   (unless ``trustsPartlyHidden``: then an occluded one counts when its confidence does).
/// - **Ids**: an observation lists the pieces it could be (two large triangles share a colour).
///   Observations are matched to the pieces already tracked among those candidates by nearest
///   previous position (middle to middle, the pairing with the smallest total distance), so two
///   pieces of one colour keep their ids while they sit still, and a piece lifted and put down
///   elsewhere keeps its id while the other one stays. A new piece gets the first free id.
///
/// The source must report a consistent vertex 0 for a piece: for the square, say, the same corner
/// from frame to frame (turning the square by 90° about its middle moves vertex 0 a unit).
public struct PoseTracker: Sendable {
    /// What one camera frame shows.
    public struct Frame: Sendable, Hashable {
        public var index: Int
        /// Seconds since the capture started.
        public var time: Double
        /// The pieces it shows; each may stand for any of its ``ApproximatePose/candidates``.
        public var observations: [ApproximatePose]
        /// The mat's markers were found, so positions in this frame mean something.
        public var matVisible: Bool

        public init(index: Int, time: Double, observations: [ApproximatePose], matVisible: Bool = true) {
            self.index = index
            self.time = time
            self.observations = observations
            self.matVisible = matVisible
        }
    }

    /// A piece settles after at least this many frames in a row within the jitter.
    public var settleFrames = 3
    /// … spanning at least this many seconds (a hand moving slowly is still moving).
    public var settleTime = 0.3
    /// Units: poses this close count as the same place (camera noise is well under it).
    public var jitter = 0.08
    /// Degrees: angles this close count as the same turn.
    public var angleJitter = 4.0
    /// Seconds of mat-visible frames a piece must be missing before it is removed.
    public var removeAfter = 0.6
    /// Observations under this confidence keep a piece alive but do not settle it.
    public var minConfidence = 0.5
    /// Whether an occluded observation at or over ``minConfidence`` counts towards settling: for
    /// a source whose confidence already weighs the hidden part (gridedit-capture's fits do, as
    /// the one-shot capture trusts them), so a piece a finger or a glare rests on still settles
    /// once it lies still. The announced pose is then `occluded` when any observation it
    /// averages was. Off by default: an occluded observation is not trusted at all.
    public var trustsPartlyHidden = false

    public init() {}

    /// A pose as tracked: vertex 0, angle (not wrapped, so an average across 0° works), flip.
    struct Sample: Sendable {
        var time: Double
        var x: Double
        var y: Double
        var rotation: Double
        var flipped: Bool
        var confidence: Double
        var occluded = false
    }

    struct Track: Sendable {
        var piece: TangramPiece
        /// The latest observation, trusted or not: where to look for the piece in the next frame.
        var last: Sample
        /// Trusted observations in a row, each within the jitter of their average, the oldest
        /// dropped once younger ones span the settle time.
        var run: [Sample] = []
        /// Seconds of mat-visible frames since the piece was last seen.
        var missing = 0.0
        /// The pose last announced in an event; nil until the piece is detected.
        var announced: Sample?
    }

    private var tracks: [Track] = []
    private var lastTime: Double?
    private var lastVisibleTime: Double?
    private var lastFrame = 0

    /// The poses last announced, in piece order: where the tracker believes the pieces are.
    public var announced: [PoseEvent] {
        tracks.compactMap { track in track.announced.map { Self.event(.detected, track.piece, $0, frame: lastFrame) } }
            .sorted { $0.pose.piece < $1.pose.piece }
    }

    /// Takes one frame; returns the events it completes, in piece order. Frames must come in
    /// time order; one that goes back in time is ignored.
    public mutating func track(_ frame: Frame) -> [PoseEvent] {
        if let lastTime, frame.time < lastTime { return [] }
        lastTime = frame.time
        lastFrame = frame.index
        guard frame.matVisible else {
            lastVisibleTime = nil  // the next visible frame starts the clock again
            return []
        }
        let elapsed = lastVisibleTime.map { frame.time - $0 } ?? 0
        lastVisibleTime = frame.time

        var events: [PoseEvent] = []
        let matches = match(frame.observations, time: frame.time)
        for index in tracks.indices.reversed() {
            guard let observation = matches[index] else {
                tracks[index].missing += elapsed
                tracks[index].run.removeAll()
                if tracks[index].missing >= removeAfter {
                    if let pose = tracks[index].announced { events.append(Self.event(.removed, tracks[index].piece, pose, time: frame.time, frame: frame.index)) }
                    tracks.remove(at: index)
                }
                continue
            }
            tracks[index].missing = 0
            tracks[index].last = observation.sample
            if observation.trusted { extendRun(&tracks[index], with: observation.sample) }
        }
        for index in tracks.indices {
            if let event = settle(&tracks[index], time: frame.time, frame: frame.index, whenever: false) { events.append(event) }
        }
        return events.sorted { $0.pose.piece < $1.pose.piece }
    }

    /// At the end of a finite source (a video, still images): announces every piece whose last
    /// frames agree, even if they were too few or too short to settle.
    public mutating func flush() -> [PoseEvent] {
        let time = lastTime ?? 0
        var events: [PoseEvent] = []
        for index in tracks.indices {
            if let event = settle(&tracks[index], time: time, frame: lastFrame, whenever: true) { events.append(event) }
        }
        return events.sorted { $0.pose.piece < $1.pose.piece }
    }

    // MARK: Steps

    /// Which observation each track gets this frame (as a sample, and whether its pose can be
    /// trusted), by track index. Trusted observations left over become new tracks with the first
    /// free id among their candidates; the rest are dropped.
    private mutating func match(_ observations: [ApproximatePose], time: Double) -> [Int: (sample: Sample, trusted: Bool)] {
        var matches: [Int: (sample: Sample, trusted: Bool)] = [:]
        var groups: [[TangramPiece]: [ApproximatePose]] = [:]
        for o in observations where o.x.isFinite && o.y.isFinite && o.degrees.isFinite {
            groups[o.candidates.sorted(), default: []].append(o)
        }
        for candidates in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let seen = groups[candidates]!
            let samples = seen.map { Self.sample($0, time: time) }
            let trusted = seen.map { (!$0.occluded || trustsPartlyHidden) && $0.confidence >= minConfidence }
            let available = tracks.indices.filter { candidates.contains(tracks[$0].piece) && matches[$0] == nil }
            var used: Set<Int> = []
            for (s, t) in Self.pairing(samples, to: available.map { tracks[$0] }, shape: candidates[0].shape) {
                matches[available[t]] = (samples[s], trusted[s])
                used.insert(s)
            }
            for s in samples.indices where !used.contains(s) && trusted[s] {
                guard let free = candidates.first(where: { piece in !tracks.contains { $0.piece == piece } }) else { break }
                tracks.append(Track(piece: free, last: samples[s]))
                matches[tracks.count - 1] = (samples[s], true)
            }
        }
        return matches
    }

    /// Adds a trusted sample to a track's run, or starts a new run when it is not within the
    /// jitter of the run's average; drops samples older than needed to span the settle time.
    private func extendRun(_ track: inout Track, with sample: Sample) {
        var sample = sample
        if let first = track.run.first {
            sample.rotation = first.rotation + ApproximatePose.angleDifference(sample.rotation, first.rotation)
            if !Self.same(Self.average(track.run), sample, jitter: jitter, angleJitter: angleJitter) { track.run.removeAll() }
        }
        track.run.append(sample)
        while track.run.count > settleFrames, track.run[1].time <= sample.time - settleTime { track.run.removeFirst() }
    }

    /// The event a track's run completes, if any: `whenever` ignores how long the run is.
    private func settle(_ track: inout Track, time: Double, frame: Int, whenever: Bool) -> PoseEvent? {
        guard let last = track.run.last, let first = track.run.first else { return nil }
        if !whenever {
            guard track.run.count >= settleFrames, last.time - first.time >= settleTime - 1e-9 else { return nil }
        }
        let pose = Self.average(track.run)
        if let announced = track.announced, Self.same(announced, pose, jitter: jitter, angleJitter: angleJitter) { return nil }
        defer { track.announced = pose }
        return Self.event(track.announced == nil ? .detected : .moved, track.piece, pose, time: time, frame: frame)
    }

    // MARK: Helpers

    static func sample(_ o: ApproximatePose, time: Double) -> Sample {
        // A mirrored triangle or square is the same shape turned by 90° (as `Pose` stores it).
        let mirrorIsTurn = o.flipped && !o.piece.shape.isChiral
        return Sample(time: time, x: o.x, y: o.y, rotation: o.degrees + (mirrorIsTurn ? 90 : 0), flipped: o.flipped && !mirrorIsTurn,
                      confidence: o.confidence, occluded: o.occluded)
    }

    /// Pairs samples with tracks (indices into each) for the smallest total distance between
    /// their middles; as many pairs as the smaller side has.
    static func pairing(_ samples: [Sample], to tracks: [Track], shape: TangramPiece.Shape) -> [(Int, Int)] {
        guard !samples.isEmpty, !tracks.isEmpty else { return [] }
        func middle(_ s: Sample) -> (x: Double, y: Double) { shape.approximateMiddle(x: s.x, y: s.y, degrees: s.rotation, flipped: s.flipped) }
        let seen = samples.map(middle)
        let known = tracks.map { middle($0.last) }
        func cost(_ s: Int, _ t: Int) -> Double {
            let (dx, dy) = (seen[s].x - known[t].x, seen[s].y - known[t].y)
            return (dx * dx + dy * dy).squareRoot()
        }
        // Tangram colours are shared by two pieces at most, so trying every pairing is cheap;
        // the greedy fallback only guards against a source that sends many.
        guard samples.count <= 6, tracks.count <= 6 else {
            var pairs: [(Int, Int)] = []
            var freeSamples = Set(samples.indices), freeTracks = Set(tracks.indices)
            while let best = freeSamples.flatMap({ s in freeTracks.map { (s, $0) } }).min(by: { cost($0.0, $0.1) < cost($1.0, $1.1) }) {
                pairs.append(best)
                freeSamples.remove(best.0)
                freeTracks.remove(best.1)
            }
            return pairs
        }
        var best: (pairs: [(Int, Int)], cost: Double)?
        func search(_ s: Int, _ used: Set<Int>, _ pairs: [(Int, Int)], _ total: Double) {
            if s == samples.count || pairs.count == min(samples.count, tracks.count) {
                guard pairs.count == min(samples.count, tracks.count) else { return }
                if best == nil || total < best!.cost { best = (pairs, total) }
                return
            }
            for t in tracks.indices where !used.contains(t) { search(s + 1, used.union([t]), pairs + [(s, t)], total + cost(s, t)) }
            // Leave this sample unpaired when there are more samples than tracks.
            if samples.count - s > min(samples.count, tracks.count) - pairs.count { search(s + 1, used, pairs, total) }
        }
        search(0, [], [], 0)
        return best?.pairs ?? []
    }

    static func average(_ run: [Sample]) -> Sample {
        let n = Double(run.count)
        return Sample(time: run.last!.time, x: run.reduce(0) { $0 + $1.x } / n, y: run.reduce(0) { $0 + $1.y } / n,
                      rotation: run.reduce(0) { $0 + $1.rotation } / n, flipped: run.last!.flipped,
                      confidence: run.reduce(0) { $0 + $1.confidence } / n, occluded: run.contains { $0.occluded })
    }

    static func same(_ a: Sample, _ b: Sample, jitter: Double, angleJitter: Double) -> Bool {
        let (dx, dy) = (a.x - b.x, a.y - b.y)
        return a.flipped == b.flipped && dx * dx + dy * dy <= jitter * jitter && abs(ApproximatePose.angleDifference(a.rotation, b.rotation)) <= angleJitter
    }

    static func event(_ kind: PoseEvent.Kind, _ piece: TangramPiece, _ pose: Sample, time: Double? = nil, frame: Int) -> PoseEvent {
        var rotation = pose.rotation.truncatingRemainder(dividingBy: 360)
        if rotation < 0 { rotation += 360 }
        return PoseEvent(kind: kind, pose: ApproximatePose(piece: piece, x: pose.x, y: pose.y, degrees: rotation, flipped: pose.flipped,
                                                           confidence: pose.confidence, occluded: pose.occluded),
                         timestamp: time ?? pose.time, frame: frame)
    }
}
