import GridEditCore
import GridEditGeometry

/// The one-shot capture: frames in, one exact layout out.
///
/// Every frame is analysed and its sightings snapped (``CapturedLayout``). Still images must agree
/// (the layout most of them show wins; the others are named). A video or camera must show the
/// same snapped layout in ``stableFrames`` frames in a row, so a hand still moving a piece, or a
/// frame blurred by motion, never becomes the puzzle; a file that never settles gives the layout
/// seen in the most frames, if that is at least ``stableFrames`` of them.
public struct LayoutCapture {
    public var analyzer: FrameAnalyzer
    /// Consecutive agreeing frames a video or camera needs.
    public var stableFrames = 5
    /// A camera gives up after this many seconds without a stable layout.
    public var cameraTimeout = 30.0
    /// Called with a human status line now and then (camera waits), for stderr.
    public var status: (String) -> Void = { _ in }
    /// Called with each frame's layout that was refused for a doubtful piece, so that
    /// `--verbose` can show every piece's evidence when nothing is written.
    public var refused: (CapturedLayout) -> Void = { _ in }

    public init(analyzer: FrameAnalyzer) {
        self.analyzer = analyzer
    }

    public struct Result: Sendable {
        public var layout: CapturedLayout
        /// Frames read, and frames that agreed on the layout.
        public var framesRead: Int
        public var framesAgreeing: Int
        /// Images that showed something else (still images only), with what they showed.
        public var disagreeing: [String]
    }

    public func run(_ source: FrameSource) throws(CaptureError) -> Result {
        var counts: [[Pose.Footprint]: (layout: CapturedLayout, count: Int)] = [:]
        var lastProblem: String?
        var run: (key: [Pose.Footprint], length: Int)?
        var perImage: [(name: String, key: [Pose.Footprint]?, problem: String?)] = []
        let started = MonotonicTime.now
        var lastStatus = started

        // A video's or a camera's frames come from one camera: what did not move is not read
        // again. Photos are each read in full.
        let stream = source.spec.isImages ? nil : StreamAnalyzer(analyzer: analyzer)
        while let frame = try source.next() {
            let analysis = stream?.analyze(frame) ?? analyzer.analyze(frame)
            var key: [Pose.Footprint]?
            switch CapturedLayout.make(from: analysis, profile: analyzer.profile) {
            case .success(let layout):
                key = layout.key
                counts[layout.key, default: (layout, 0)].count += 1
            case .failure(let problem):
                lastProblem = problem.message
                if let layout = problem.refusedLayout { refused(layout) }
            }
            if case .images = source.spec {
                perImage.append((source.currentName, key, key == nil ? lastProblem : nil))
                continue
            }
            if let key, run?.key == key { run!.length += 1 } else { run = key.map { ($0, 1) } }
            if let run, run.length >= stableFrames {
                return Result(layout: counts[run.key]!.layout, framesRead: source.framesRead,
                              framesAgreeing: counts[run.key]!.count, disagreeing: [])
            }
            if source.spec.isLive {
                let now = MonotonicTime.now
                if now - started > cameraTimeout {
                    throw CaptureError(.layout, "\(source.spec.description): no steady layout in \(Int(cameraTimeout)) s"
                                       + (lastProblem.map { "; last frame: \($0)" } ?? "; the pieces kept moving"))
                }
                if now - lastStatus >= 1 {
                    lastStatus = now
                    status(lastProblem.map { "waiting: \($0)" } ?? "waiting for the pieces to settle")
                }
            }
        }

        guard let best = counts.values.max(by: { $0.count < $1.count }) else {
            let problem = lastProblem ?? "no frames"
            if case .images(let paths) = source.spec, paths.count == 1 { throw CaptureError(.layout, "\(paths[0]): \(problem)") }
            let detail = perImage.isEmpty ? problem
                : perImage.map { "\($0.name): \($0.problem ?? "?")" }.joined(separator: "\n")
            throw CaptureError(.layout, "\(source.spec.description): no frame showed a complete layout\n\(detail)")
        }
        if case .images = source.spec {
            let others = perImage.filter { $0.key != best.layout.key }.map { entry in
                "\(entry.name): \(entry.problem ?? "shows a different layout")"
            }
            return Result(layout: best.layout, framesRead: source.framesRead, framesAgreeing: best.count, disagreeing: others)
        }
        guard best.count >= min(stableFrames, source.framesRead) else {
            throw CaptureError(.layout, "\(source.spec.description): the layout never held still "
                               + "(\(best.count) of \(source.framesRead) frames agreed; \(stableFrames) are needed)")
        }
        return Result(layout: best.layout, framesRead: source.framesRead, framesAgreeing: best.count, disagreeing: [])
    }
}

/// A monotonic clock in seconds (not named `Clock`, which would shadow Swift's `Clock` protocol).
public enum MonotonicTime {
    public static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
