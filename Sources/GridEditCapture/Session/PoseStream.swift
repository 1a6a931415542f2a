import Foundation
import GridEditCore
import GridEditLayout

/// `gridedit capture --stream`: what the REPL's `capture` command runs. Frames go through the
/// analyser and a ``PoseTracker`` (debouncing, stable ids), and each change it announces is
/// settled with the pieces already announced by ``CameraLayout``, the one-shot capture's settling;
/// the exact poses go to standard output as touch-file lines (docs/editor.md), one flushed line
/// each, so the REPL applies them as they come. Status goes to standard error.
public struct PoseStream {
    public var analyzer: FrameAnalyzer
    public var source: FrameSource
    public var write: (String) -> Void
    public var status: (String) -> Void

    public init(analyzer: FrameAnalyzer, source: FrameSource,
                write: @escaping (String) -> Void = StandardStreams.line,
                status: @escaping (String) -> Void = StandardStreams.errorLine) {
        self.analyzer = analyzer
        self.source = source
        self.write = write
        self.status = status
    }

    /// The REPL holds standard input open while it listens; its end means the REPL has gone, so
    /// the camera stops rather than stay open for nobody.
    public static func exitWhenInputCloses() {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while read(STDIN_FILENO, &buffer, buffer.count) > 0 {}
            exit(0)
        }
    }

    /// What the stream carries from frame to frame.
    public struct State {
        var tracker = PoseTracker()
        var layout = CameraLayout()
        var lastProblem: String?

        public init() {
            // A pose under the confidence threshold never settles, and the REPL ignores events
            // under it (the header says so), so no doubtful piece is placed.
            tracker.minConfidence = PieceFit.threshold
        }
    }

    /// The stream's first line: what it is, and the confidence under which poses are ignored.
    public var headerLine: String {
        TouchRecording(description: source.spec.description, minConfidence: PieceFit.threshold, events: []).headerLine
    }

    public func run() throws(CaptureError) {
        var state = State()
        write(headerLine)
        let fps = source.framesPerSecond > 0 ? source.framesPerSecond : 30
        let started = MonotonicTime.now
        var index = 0
        while let frame = try source.next() {
            // Still images are moments apart: a second each, so a layout shown in a few settles.
            let time = source.spec.isLive ? MonotonicTime.now - started
                : source.spec.isImages ? Double(index) : Double(index) / fps
            process(analyzer.analyze(frame), time: time, index: index, state: &state)
            index += 1
        }
        let last = state.tracker.flush()
        if !last.isEmpty {
            send(Self.judgedAsGroups(state.layout.update(last, announced: state.tracker.announced, time: last[0].timestamp, frame: index),
                                     announced: state.tracker.announced))
        }
    }

    /// One analysed frame: its problems to the status line (when they change), its sightings to
    /// the tracker, and the settled changes to the output.
    public func process(_ analysis: FrameAnalysis, time: Double, index: Int, state: inout State) {
        var problem: String?
        switch analysis.outcome {
        case .noMat(let failure):
            problem = failure.message
        case .seen(_, _, let failures):
            if !failures.isEmpty { problem = failures.map { CapturedLayout.describe($0, profile: analyzer.profile) }.joined(separator: "; ") }
            // A piece under a hand is being moved: no need to say so.
            let doubtful = zip(analysis.fits, analysis.sightings).filter { !$0.0.isTrusted && !$0.1.occluded }.map(\.0)
            if !doubtful.isEmpty {
                problem = ([problem].compactMap { $0 } + doubtful.map { Self.notPlaced($0, profile: analyzer.profile) })
                    .joined(separator: "; ")
            }
        }
        if problem != state.lastProblem {
            status(problem ?? "mat in view")
            state.lastProblem = problem
        }
        let events = state.tracker.track(PoseTracker.Frame(index: index, time: time, observations: analysis.sightings,
                                                            matVisible: analysis.matView != nil))
        if !events.isEmpty {
            send(Self.judgedAsGroups(state.layout.update(events, announced: state.tracker.announced, time: time, frame: index),
                                     announced: state.tracker.announced))
        }
    }

    /// The settled events with each piece's confidence lowered to how clearly the grid places
    /// it, by itself or with the group of touching pieces it belongs to, and how well it moved
    /// with that group (``GroupPlacement``, the measures the one-shot capture applies), so the editor ignores a group that
    /// could as well lie a few hundredths over, or a piece joined to it at the wrong place.
    static func judgedAsGroups(_ events: [PoseEvent], announced: [PoseEvent]) -> [PoseEvent] {
        let seen = announced.map(\.pose)
        guard let settled = try? CameraLayout.settle(seen) else { return events }
        let groups = GroupPlacement.judge(sightings: seen, poses: settled.poses, reports: settled.reports)
        return events.map { event in
            let piece = event.pose.piece
            guard event.kind != .removed else { return event }
            var event = event
            if let grid = groups.grid[piece] { event.pose.confidence = min(event.pose.confidence, grid.clarity) }
            if let apart = groups.apart[piece] {
                event.pose.confidence = min(event.pose.confidence, GroupPlacement.agreement(apart: apart, seenWhole: !event.pose.occluded))
            }
            return event
        }
    }

    /// `small-2 (pink) not placed: not sure of its pose (confidence 0.41 …)`.
    static func notPlaced(_ fit: PieceFit, profile: ColorProfile) -> String {
        "\(CapturedLayout.named([fit.piece], profile: profile)) not placed: confidence \(PieceFit.hundredths(fit.confidence)) "
            + "is under \(PieceFit.hundredths(PieceFit.threshold)) (\(fit.weakness)); \(fit.remedy.advice(for: [fit.piece.rawValue]))"
    }

    func send(_ events: [PoseEvent]) {
        for event in events { write(TouchRecording.line(for: .pose(event))) }
    }
}
