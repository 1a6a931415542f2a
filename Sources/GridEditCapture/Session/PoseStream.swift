import GridEditCore
import GridEditEditor
import GridEditGeometry

/// `gridedit capture --stream`: what the REPL's `capture` command runs. Frames go through the
/// analyser and a ``PoseTracker`` (debouncing, stable ids); the events go to standard output as
/// touch-file lines (docs/editor.md), one flushed line each, so the REPL applies them as they
/// come. Status goes to standard error.
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
        var layout = StreamedLayout()
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
            var observations: [PoseTracker.Observation] = []
            var problem: String?
            switch analysis.outcome {
            case .noMat(let failure):
                problem = failure.message
            case .seen(_, let sightings, let failures):
                observations = sightings.map {
                    PoseTracker.Observation(candidates: $0.candidates.sorted(), x: $0.x, y: $0.y, rotation: $0.rotation,
                                            flipped: $0.flipped, confidence: $0.confidence, occluded: $0.occluded)
                }
                if !failures.isEmpty { problem = failures.map { CapturedLayout.describe($0, profile: analyzer.profile) }.joined(separator: "; ") }
            }
            if problem != lastProblem {
                status(problem ?? "mat in view")
                lastProblem = problem
            }
            let events = tracker.track(PoseTracker.Frame(index: index, time: time, observations: observations,
                                                          matVisible: analysis.matView != nil))
            if !events.isEmpty { layout.update(events, announced: tracker.announced, time: time, frame: index, write: write) }
            index += 1
        }
        let last = tracker.flush()
        if !last.isEmpty { layout.update(last, announced: tracker.announced, time: last[0].timestamp, frame: index, write: write) }
    }
}

/// What the stream has told the REPL, snapped as one layout. Each time the tracker settles a
/// change, the pieces it has announced are snapped together by ``LayoutSnapper`` (as the one-shot
/// capture does: 45° pieces meet exactly, the figure sits on the grid), and every piece whose
/// exact pose differs from what was sent goes out again, with its exact position.
struct StreamedLayout {
    private var sent: [TangramPiece: Pose] = [:]

    mutating func update(_ events: [PoseEvent], announced: [PoseEvent], time: Double, frame: Int, write: (String) -> Void) {
        for event in events where event.kind == .removed {
            write(TouchRecording.line(for: .pose(event)))
            if let piece = TangramPiece(rawValue: event.objectID) { sent[piece] = nil }
        }
        let observations = announced.compactMap { event in
            TangramPiece(rawValue: event.objectID).map {
                LayoutSnapper.Observation(piece: $0, x: event.x, y: event.y, rotation: event.rotation,
                                          flipped: event.flipped, confidence: event.confidence)
            }
        }
        guard let snapped = try? LayoutSnapper().snap(observations) else {
            // Not one layout (cannot happen with a tracker's ids): pass the raw events on.
            for event in events where event.kind != .removed { write(TouchRecording.line(for: .pose(event))) }
            return
        }
        let confidence = Dictionary(announced.map { ($0.objectID, $0.confidence) }, uniquingKeysWith: { a, _ in a })
        for pose in snapped.poses where sent[pose.piece]?.footprint != pose.footprint {
            let event = PoseEvent(kind: sent[pose.piece] == nil ? .detected : .moved, objectID: pose.piece.rawValue,
                                  x: pose.position.doubleX, y: pose.position.doubleY, rotation: Double(pose.rotation.degrees),
                                  flipped: pose.flipped, confidence: confidence[pose.piece.rawValue] ?? 1,
                                  timestamp: time, frame: frame, exact: pose.position)
            write(TouchRecording.line(for: .pose(event)))
            sent[pose.piece] = pose
        }
    }
}

import Foundation
