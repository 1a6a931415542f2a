import Foundation
import GridEditCore
import GridEditMat
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
        /// The pieces last sent under the threshold (the REPL ignored them), as settled and before
        /// judging: judged again whenever the layout or what is in view changes, and sent again
        /// once trusted.
        var withheld: [TangramPiece: PoseEvent] = [:]
        /// The pieces in view in the last frame with a mat that the tracker has not announced
        /// (partly hidden, doubtful, or just put down): settling does not know them yet.
        var unsettled: [ApproximatePose] = []
        /// The withheld pieces that wait for an unsettled piece within reach, and which.
        var waiting: [TangramPiece: TangramPiece] = [:]

        public init() {
            // A pose under the confidence threshold never settles, and the REPL ignores events
            // under it (the header says so), so no doubtful piece is placed. A fit's confidence
            // weighs what a hand or glare hides, as the one-shot capture trusts it: a piece partly
            // hidden settles when it lies still and its confidence holds, judged as not seen whole.
            tracker.minConfidence = PieceFit.threshold
            tracker.trustsPartlyHidden = true
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
        let stream = StreamAnalyzer(analyzer: analyzer)
        var rate = StreamRate(started: started)
        var index = 0
        while let frame = try source.next() {
            // Still images are moments apart: a second each, so a layout shown in a few settles.
            let time = source.spec.isLive ? MonotonicTime.now - started
                : source.spec.isImages ? Double(index) : Double(index) / fps
            let start = MonotonicTime.now
            let analysis = stream.analyze(frame)
            rate.add(latency: MonotonicTime.now - start)
            process(analysis, time: time, index: index, state: &state)
            index += 1
            if source.spec.isLive, let line = rate.report(now: MonotonicTime.now, counts: stream.counts) { status(line) }
        }
        let last = state.tracker.flush()
        if !last.isEmpty {
            state.unsettled = []
            settle(last, time: last[0].timestamp, frame: index, state: &state)
        }
        if !source.spec.isLive, let line = rate.report(now: MonotonicTime.now, counts: stream.counts, final: true) { status(line) }
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
        let events = state.tracker.track(PoseTracker.Frame(index: index, time: time, observations: analysis.sightings,
                                                            matVisible: analysis.matView != nil))
        var inViewChanged = false
        if case .seen(_, let sightings, _) = analysis.outcome {
            let announced = Set(state.tracker.announced.map(\.pose.piece))
            let unsettled = sightings.filter { !announced.contains($0.piece) }
            inViewChanged = Set(unsettled.map(\.piece)) != Set(state.unsettled.map(\.piece))
            state.unsettled = unsettled
        }
        if !events.isEmpty || (inViewChanged && !state.withheld.isEmpty) {
            settle(events, time: time, frame: index, state: &state)
        }
        let waiting = state.waiting.filter { state.withheld[$0.key] != nil }.sorted { $0.key < $1.key }
        if !waiting.isEmpty {
            // What holds the other piece back has its own line when it is doubtful in view; one
            // partly hidden is being handled, and settles once it lies still.
            let words = waiting.map { "\(CapturedLayout.named([$0.0], profile: analyzer.profile)) not placed yet: it lies against "
                + "\($0.1.rawValue) (or a piece it touches does), which is not placed yet" }
            problem = ([problem].compactMap { $0 } + words).joined(separator: "; ")
        }
        if problem != state.lastProblem {
            status(problem ?? "mat in view")
            state.lastProblem = problem
        }
    }

    /// Settles the tracker's announced poses with the events just announced, judges every
    /// changed piece and every withheld one, and sends those that changed or are now trusted.
    func settle(_ events: [PoseEvent], time: Double, frame: Int, state: inout State) {
        let changed = state.layout.update(events, announced: state.tracker.announced, time: time, frame: frame)
        let changedPieces = Set(changed.map(\.pose.piece))
        let again = state.withheld.values.filter { !changedPieces.contains($0.pose.piece) }.sorted { $0.pose.piece < $1.pose.piece }
        state.waiting = [:]
        let settled = changed + again
        let judged = Self.judged(settled, layout: state.layout.lastSettled, announced: state.tracker.announced,
                                 unsettled: state.unsettled, waiting: &state.waiting)
        var out: [PoseEvent] = []
        for (index, (event, verdict)) in zip(settled, judged).enumerated() {
            let trusted = verdict.kind == .removed || verdict.pose.confidence >= PieceFit.threshold
            // Kept as settled, before judging: judged again from the start next time.
            state.withheld[event.pose.piece] = trusted ? nil : event
            if index < changed.count {
                out.append(verdict)  // a change is always sent; the REPL ignores it under the threshold
            } else if trusted {
                var verdict = verdict  // a withheld piece, trusted now
                verdict.timestamp = time
                verdict.frame = frame
                out.append(verdict)
            }
        }
        send(out)
    }

    /// The settled events with each piece's confidence that of a ``PieceFit`` given the settled
    /// `layout` of the announced poses, so every measure the one-shot capture applies to a
    /// settled layout applies here too (``GroupPlacement``): how clearly the grid places it, by
    /// itself or with the group of touching pieces it belongs to, how well it moved with that
    /// group, and how far settling turned it; so the editor ignores a group that could as well
    /// lie a few hundredths over, or a piece joined to it at the wrong place. A piece also waits
    /// (confidence 0) while a piece in view that settling does not know yet lies within reach of
    /// its group (``waitingFor(_:announced:unsettled:groups:)``).
    static func judged(_ events: [PoseEvent], layout: LayoutSnapper.Result?, announced: [PoseEvent],
                       unsettled: [ApproximatePose], waiting: inout [TangramPiece: TangramPiece]) -> [PoseEvent] {
        guard let layout else { return events }
        let seen = announced.map(\.pose)
        let groups = GroupPlacement.judge(sightings: seen, poses: layout.poses, reports: layout.reports)
        let occluded = Set(seen.filter(\.occluded).map(\.piece))
        return events.map { event in
            let piece = event.pose.piece
            guard event.kind != .removed else { return event }
            // The event's confidence is the fit's, already lowered by how far settling moved the
            // piece (`CameraLayout.update`); the stream knows only whether part of it was hidden,
            // not how much (counted as all, which is more than `PieceFit.partlyHiddenShare`).
            var fit = PieceFit(piece: piece, colour: "", fit: event.pose.confidence, explained: event.pose.confidence,
                               margin: 1, rival: nil, settleShift: 0, hiddenShare: occluded.contains(piece) ? 1 : 0)
            fit.settleTurn = layout.report(of: piece)?.turn ?? 0
            fit.take(groups)
            var event = event
            event.pose.confidence = fit.confidence
            if let other = waitingFor(piece, announced: announced, unsettled: unsettled, groups: groups) {
                waiting[piece] = other
                event.pose.confidence = 0
            }
            return event
        }
    }

    /// Units within which a piece in view that settling does not know yet could be anchored to a
    /// settled piece (twice the snapper's reach for a corner, `LayoutSnapper.tolerance`).
    static let anchorReach = 0.25

    /// The piece in view but not yet announced (``State/unsettled``) that lies within
    /// ``anchorReach`` of `piece` or of a piece anchored with it, if any. Until it is announced,
    /// settling places the group without it: a group held by that piece to a corner off the grid
    /// settles on the grid instead, a few hundredths from where it lies. (While partly hidden
    /// pieces never settled, photo-like frames 17, 167, 298, 304 and 394 of 500 had a piece placed
    /// wrong so, with confidence up to 1; `StreamWaitingTests` makes 17's small-1 doubtful.)
    static func waitingFor(_ piece: TangramPiece, announced: [PoseEvent], unsettled: [ApproximatePose],
                           groups: GroupPlacement.Judgement) -> TangramPiece? {
        let members = Set(groups.group[piece] ?? [piece])
        for member in announced.map(\.pose) where members.contains(member.piece) {
            if let near = unsettled.first(where: { $0.piece != member.piece && member.gap(to: $0) <= anchorReach }) { return near.piece }
        }
        return nil
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
