import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("Touch files and live input: gestures with hit testing, snapping and anchoring")
struct TouchReplayTests {
    /// The classic square's solution poses, from the shipped puzzle.
    static func classicSolution() throws -> [Pose] {
        let loaded = try PuzzleStore(root: ".").load(Files.classicSquare)
        return try #require((loaded.document.puzzle as? TangramPuzzle)?.pieces)
    }

    /// Builds the classic square from the scattered fixture with simulated, noisy hands, applying
    /// each gesture as it is recorded. Run with GRIDEDIT_RECORD_TOUCHES=1 to rewrite the fixture.
    @Test("Simulated hands build the classic square exactly (and record the fixture on request)")
    func recordDesigner() throws {
        let service = makeService()
        let document = try service.open(Files.squareScattered)
        var hands = DesignerHands(service: service, noise: Noise(state: 20_261_122))
        let solution = try Self.classicSolution()
        let turns: [TangramPiece: Int] = [.large1: 135, .large2: 45, .small2: -135, .square: 45, .medium: 90, .small1: -45, .parallelogram: 45]
        for piece in [TangramPiece.large1, .large2, .small2, .square, .medium, .small1, .parallelogram] {
            if piece == .parallelogram { hands.tap(piece) }
            hands.turn(piece, by: Double(turns[piece]!))
            hands.drag(piece, toOrigin: try #require(solution.first { $0.piece == piece }).position)
        }
        #expect(document.solution == solution)
        #expect(document.findings.isEmpty)
        if ProcessInfo.processInfo.environment["GRIDEDIT_RECORD_TOUCHES"] != nil {
            let recording = TouchRecording(description: "A designer builds the classic square from the scattered pieces of "
                                           + "square-scattered.json: a flip tap, two-finger rotations and drags, with shaky hands.",
                                           events: hands.events)
            try Data(recording.text.utf8).write(to: URL(fileURLWithPath: Files.squareTouches))
        }
    }

    @Test("Replaying the recorded touch file yields the exact solution poses and a clean validation")
    func replayClassicSquare() async throws {
        let service = makeService()
        let document = try service.open(Files.squareScattered)
        #expect(!document.findings.isEmpty, "the scattered start is not yet a square")
        let source = try TouchFilePoseSource(path: Files.squareTouches)
        let input = LiveInput(service: service, minConfidence: source.recording.minConfidence)
        var edits = 0
        var touches = 0
        for await event in source.events() {
            if case .touch = event { touches += 1 }
            for outcome in input.handle(event) {
                switch outcome {
                case .edited: edits += 1
                case .failed(let why): Issue.record("refused: \(why)")
                case .ignored: break
                }
            }
        }
        #expect(touches > 100, "the file holds raw pointer events, not poses")
        let solution = try Self.classicSolution()
        #expect(document.solution == solution)
        #expect(document.findings.isEmpty)
        #expect(edits == 15, "seven rotations, one flip, seven drags")
        #expect(document.undoStack.count == edits, "each gesture is one undoable edit")
        for _ in 0..<edits { try service.undo(document) }
        #expect(!document.isDirty)
    }

    @Test("A tap flips, a long press does nothing, a drag on empty board does nothing")
    func tapsAndPresses() throws {
        let service = makeService()
        let document = try service.open(Files.squareScattered)
        let input = LiveInput(service: service)
        func touch(_ phase: TouchEvent.Phase, _ pointer: Int, _ x: Double, _ y: Double, _ t: Double) -> [LiveInput.Outcome] {
            input.handle(.touch(TouchEvent(phase: phase, pointer: pointer, x: x, y: y, timestamp: t, frame: Int(t * 60))))
        }
        _ = touch(.down, 1, 3.5, 0.75, 0)  // on the parallelogram
        let tap = touch(.up, 1, 3.52, 0.76, 0.1)
        guard case .edited(let flip)? = tap.first else { Issue.record("a tap should flip"); return }
        #expect(flip.command.label.hasPrefix("flip parallelogram"))
        #expect(document.tangramEditor!.pose(of: .parallelogram)!.flipped)
        _ = touch(.down, 1, 3.5, 0.75, 1)
        guard case .ignored? = touch(.up, 1, 3.5, 0.75, 2).first else { Issue.record("a long press changes nothing"); return }
        _ = touch(.down, 1, 5, 5, 3)
        _ = touch(.move, 1, 4, 4, 3.1)
        #expect(touch(.up, 1, 3, 3, 3.2).isEmpty)
        #expect(document.undoStack.count == 1)
    }

    @Test("Two fingers turn a piece by the snapped change of their angle")
    func twoFingerRotate() throws {
        let service = makeService()
        let document = try service.open(Files.squareScattered)
        let input = LiveInput(service: service)
        var t = 0.0
        func touch(_ phase: TouchEvent.Phase, _ pointer: Int, _ x: Double, _ y: Double) -> [LiveInput.Outcome] {
            t += 0.02
            return input.handle(.touch(TouchEvent(phase: phase, pointer: pointer, x: x, y: y, timestamp: t, frame: Int(t * 60))))
        }
        _ = touch(.down, 1, 0.5, 0.5)          // on large-1
        _ = touch(.down, 2, 1.5, 0.5)          // angle 0°
        _ = touch(.move, 2, 0.5 + cos(1.4), 0.5 + sin(1.4))  // about 80°
        let result = touch(.up, 2, 0.5 + cos(1.4), 0.5 + sin(1.4))
        guard case .edited(let turn)? = result.first else { Issue.record("the turn should apply"); return }
        #expect(turn.notes.isEmpty && turn.command.label.contains("by 90°"))
        #expect(document.tangramEditor!.pose(of: .large1)!.rotation.degrees == 90)
        #expect(touch(.up, 1, 0.5, 0.5).isEmpty, "the remaining finger ends the gesture quietly")
        // A small twist is less than half a step.
        _ = touch(.down, 1, 1.2, 0.7)
        _ = touch(.down, 2, 2.2, 0.7)
        guard case .ignored? = touch(.up, 2, 1.2 + cos(0.3), 0.7 + sin(0.3)).first else { Issue.record("17° turns nothing"); return }
    }

    @Test("Pose events place, move and remove pieces; low confidence and stale frames are ignored")
    func poseEvents() throws {
        let service = makeService()
        let document = try service.newDocument(template: "tangram")
        for piece in TangramPiece.allCases {
            try service.perform(try document.tangramEditor!.remove(piece), on: document)
        }
        let input = LiveInput(service: service)
        func pose(_ kind: PoseEvent.Kind, _ piece: TangramPiece, _ x: Double, _ y: Double, _ r: Double,
                  confidence: Double = 0.9, frame: Int) -> LiveInput.Outcome? {
            input.handle(.pose(PoseEvent(kind: kind, pose: ApproximatePose(piece: piece, x: x, y: y, degrees: r, confidence: confidence),
                                         timestamp: Double(frame) / 30, frame: frame))).first
        }
        guard case .edited? = pose(.detected, .square, 2.1, 2.95, 3, frame: 1) else { Issue.record("detected places"); return }
        #expect(document.tangramEditor!.pose(of: .square) == GridEditEditorTests.pose(.square, "2", "3"))
        guard case .ignored? = pose(.moved, .square, 5, 5, 0, confidence: 0.2, frame: 2) else { Issue.record("low confidence"); return }
        guard case .edited? = pose(.moved, .square, 5.02, 4.9, 88, frame: 3) else { Issue.record("moved moves"); return }
        #expect(document.tangramEditor!.pose(of: .square) == GridEditEditorTests.pose(.square, "5", "5", 90))
        guard case .ignored? = pose(.moved, .square, 1, 1, 0, frame: 2) else { Issue.record("stale frame"); return }
        guard case .ignored? = pose(.moved, .square, 5.01, 5.01, 91, frame: 4) else { Issue.record("no change, no edit"); return }
        guard case .edited? = pose(.removed, .square, 0, 0, 0, frame: 6) else { Issue.record("removed removes"); return }
        #expect(document.tangramEditor!.pose(of: .square) == nil)
    }

    @Test("Touch files are checked line by line before anything is applied", arguments: [
        (#"{"t": 0, "type": "down", "pointer": 1, "x": 1}"#, "line 1", "missing \"y\""),
        (#"{"t": 0, "type": "wave", "pointer": 1, "x": 1, "y": 1}"#, "line 1", "unknown \"type\""),
        (#"{"t": 1, "type": "down", "pointer": 1, "x": 1, "y": 1}"# + "\n" + #"{"t": 0.5, "type": "up", "pointer": 1, "x": 1, "y": 1}"#,
         "line 2", "back in time"),
        (#"{"t": 0, "type": "down", "pointer": 1, "x": 1, "y": 1, "pressure": 2}"#, "line 1", "unknown key \"pressure\""),
        (#"{"touchFile": 2}"#, "line 1", "not a version"),
        (#"{"t": 0, "type": "detected", "object": "dragon", "x": 1, "y": 1, "rotation": 0}"#, "line 1", "unknown \"object\" \"dragon\""),
        ("{\"t\": 0,", "line 1", "end of file"),
    ])
    func malformedFiles(text: String, line: String, message: String) {
        let error = #expect(throws: JSONLineError.self) { try TouchRecording(parsing: text) }
        #expect(error.map { "line \($0.line)" } == line)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test("A recording round-trips through its text, and the stream yields it in order")
    func roundTripAndStream() async throws {
        let events: [InputEvent] = [
            .touch(TouchEvent(phase: .down, pointer: 1, x: 1.5, y: 2.25, timestamp: 0, frame: 0)),
            .pose(PoseEvent(kind: .detected, pose: ApproximatePose(piece: .medium, x: 3, y: 1, degrees: 44.5, flipped: true, confidence: 0.75),
                            timestamp: 0.5, frame: 15)),
            .pose(PoseEvent(kind: .removed, pose: ApproximatePose(piece: .medium, x: 0, y: 0, degrees: 0), timestamp: 0.75, frame: 22)),
            .touch(TouchEvent(phase: .up, pointer: 1, x: 1.5, y: 2.25, timestamp: 1, frame: 30)),
        ]
        let recording = TouchRecording(description: "tiny", events: events)
        let parsed = try TouchRecording(parsing: recording.text)
        #expect(parsed.events == events && parsed.description == "tiny")
        var seen: [InputEvent] = []
        for await event in TouchFilePoseSource(recording: parsed, name: "tiny").events() { seen.append(event) }
        #expect(seen == events)
        // Paced replay keeps the recorded gaps (here 1 s at 40× speed: at least 25 ms).
        let start = ContinuousClock.now
        var paced = 0
        for await _ in TouchFilePoseSource(recording: parsed, name: "tiny", pacing: .realTime(speed: 40)).events() { paced += 1 }
        #expect(paced == 4 && ContinuousClock.now - start >= .milliseconds(24))
    }
}

/// A designer's hands, simulated: each gesture is worked out against the document as it stands
/// and applied as it is recorded, with deterministic jitter in every finger position.
struct DesignerHands {
    let service: GridEditorService
    let input: LiveInput
    var noise: Noise
    var time = 0.0
    var frame = 0
    var events: [InputEvent] = []

    init(service: GridEditorService, noise: Noise) {
        self.service = service
        self.input = LiveInput(service: service)
        self.noise = noise
    }

    static func round(_ value: Double, _ places: Double) -> Double { (value * places).rounded() / places }

    mutating func emit(_ phase: TouchEvent.Phase, _ pointer: Int, _ x: Double, _ y: Double, after gap: Double = 1.0 / 60) {
        time += gap
        frame = Int((time * 60).rounded())
        let event = InputEvent.touch(TouchEvent(phase: phase, pointer: pointer, x: Self.round(x, 10_000), y: Self.round(y, 10_000),
                                                timestamp: Self.round(time, 1000), frame: frame))
        events.append(event)
        for outcome in input.handle(event) {
            if case .failed(let why) = outcome { Issue.record("gesture refused: \(why)") }
        }
    }

    func centre(of piece: TangramPiece) -> (x: Double, y: Double) {
        let vertices = service.active!.tangramEditor!.pose(of: piece)!.vertices
        return (vertices.map(\.doubleX).reduce(0, +) / Double(vertices.count), vertices.map(\.doubleY).reduce(0, +) / Double(vertices.count))
    }

    mutating func tap(_ piece: TangramPiece) {
        let c = centre(of: piece)
        let (x, y) = (c.x + noise.jitter(0.05), c.y + noise.jitter(0.05))
        emit(.down, 1, x, y, after: 0.8)
        emit(.up, 1, x + noise.jitter(0.02), y + noise.jitter(0.02), after: 0.11)
    }

    mutating func turn(_ piece: TangramPiece, by degrees: Double) {
        let c = centre(of: piece)
        let start = noise.jitter(Double.pi)
        let radius = 1.1 + noise.jitter(0.2)
        let total = degrees + noise.jitter(9)
        emit(.down, 1, c.x, c.y, after: 0.7)
        emit(.down, 2, c.x + radius * cos(start), c.y + radius * sin(start), after: 0.06)
        for step in 1...10 {
            let angle = start + total * Double(step) / 10 * Double.pi / 180
            emit(.move, 2, c.x + radius * cos(angle) + noise.jitter(0.02), c.y + radius * sin(angle) + noise.jitter(0.02))
            emit(.move, 1, c.x + noise.jitter(0.01), c.y + noise.jitter(0.01))
        }
        let end = start + total * Double.pi / 180
        emit(.up, 2, c.x + radius * cos(end), c.y + radius * sin(end), after: 0.03)
        emit(.up, 1, c.x, c.y, after: 0.05)
    }

    mutating func drag(_ piece: TangramPiece, toOrigin target: Point) {
        let c = centre(of: piece)
        let origin = service.active!.tangramEditor!.pose(of: piece)!.position
        let end = (x: c.x + target.doubleX - origin.doubleX + noise.jitter(0.09), y: c.y + target.doubleY - origin.doubleY + noise.jitter(0.09))
        emit(.down, 1, c.x, c.y, after: 0.6)
        for step in 1...14 {
            let f = Double(step) / 14
            let ease = f * f * (3 - 2 * f)
            emit(.move, 1, c.x + (end.x - c.x) * ease + noise.jitter(0.03), c.y + (end.y - c.y) * ease + noise.jitter(0.03))
        }
        emit(.up, 1, end.x, end.y, after: 0.04)
    }
}
