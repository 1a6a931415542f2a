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

    public func run() throws(CaptureError) {
        var tracker = PoseTracker()
        var layout = CameraLayout()
        write(TouchRecording(description: source.spec.description, events: []).headerLine)
        let fps = source.framesPerSecond > 0 ? source.framesPerSecond : 30
        let started = MonotonicTime.now
        var index = 0
        var lastProblem: String?
        while let frame = try source.next() {
            // Still images are moments apart: a second each, so a layout shown in a few settles.
            let time = source.spec.isLive ? MonotonicTime.now - started
                : source.spec.isImages ? Double(index) : Double(index) / fps
            let analysis = analyzer.analyze(frame)
            var problem: String?
            switch analysis.outcome {
            case .noMat(let failure):
                problem = failure.message
            case .seen(_, _, let failures):
                if !failures.isEmpty { problem = failures.map { CapturedLayout.describe($0, profile: analyzer.profile) }.joined(separator: "; ") }
            }
            if problem != lastProblem {
                status(problem ?? "mat in view")
                lastProblem = problem
            }
            let events = tracker.track(PoseTracker.Frame(index: index, time: time, observations: analysis.sightings,
                                                          matVisible: analysis.matView != nil))
            if !events.isEmpty { send(layout.update(events, announced: tracker.announced, time: time, frame: index)) }
            index += 1
        }
        let last = tracker.flush()
        if !last.isEmpty { send(layout.update(last, announced: tracker.announced, time: last[0].timestamp, frame: index)) }
    }

    func send(_ events: [PoseEvent]) {
        for event in events { write(TouchRecording.line(for: .pose(event))) }
    }
}
