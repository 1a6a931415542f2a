import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// `capture` with the front end replaced by a list of signals: what gridedit-capture and the
/// designer's keys would produce, in order.
@Suite("capture: camera poses become one undo step, or nothing")
struct CaptureInterpreterTests {
    static func pose(_ kind: PoseEvent.Kind, _ piece: TangramPiece, _ x: Double, _ y: Double, _ rotation: Double = 0,
                     frame: Int, confidence: Double = 0.9) -> CaptureSignal {
        .event(.pose(PoseEvent(kind: kind, pose: ApproximatePose(piece: piece, x: x, y: y, degrees: rotation, confidence: confidence),
                               timestamp: Double(frame) / 30, frame: frame)))
    }

    /// Three pieces put down, one moved, one taken away again.
    static let session: [CaptureSignal] = [
        .header(description: "camera /dev/video0", minConfidence: 0.5),
        .status("mat found: 8 of 8 markers"),
        pose(.detected, .square, 1.03, 0.97, 1, frame: 10),
        pose(.detected, .large1, 5.1, 5.05, 88, frame: 20),
        pose(.moved, .square, 2.02, 1.01, 359, frame: 40),
        pose(.detected, .medium, 6.9, 0.6, 3, frame: 50),
        pose(.removed, .medium, 0, 0, frame: 70),
    ]

    /// An interpreter on an empty tangram whose `capture` plays `signals`; records what it was asked.
    final class Rig {
        let service = makeService()
        let console = CapturingConsole()
        let interpreter: CommandInterpreter
        var requests: [CaptureRequest] = []

        init(_ signals: [CaptureSignal], liveView: Bool = true) async throws {
            interpreter = CommandInterpreter(service: service, console: console, liveView: liveView)
            interpreter.startCapture = { [unowned self] request throws(EditError) in
                requests.append(request)
                return AsyncStream { continuation in
                    for signal in signals { continuation.yield(signal) }
                    continuation.finish()
                }
            }
            #expect(await interpreter.execute("new tangram") == .ok)
            for piece in TangramPiece.allCases { #expect(await interpreter.execute("remove \(piece.rawValue)") == .ok) }
        }

        var document: EditorDocument { service.active! }
        var poses: [Pose] { document.solution }
    }

    @Test("Poses apply as they come; the end of the source keeps them as one undo step labelled capture")
    func commitWhenTheSourceEnds() async throws {
        let rig = try await Rig(Self.session + [.ended(failure: nil)])
        let before = rig.document.undoStack.count
        #expect(await rig.interpreter.execute("capture --camera /dev/video0 --colors wood.json") == .ok)
        #expect(rig.requests == [CaptureRequest(sourceArguments: ["--camera", "/dev/video0", "--colors", "wood.json"],
                                                description: "camera /dev/video0")])
        #expect(rig.poses == [Pose(piece: .large1, position: Point(Exact(5), Exact(5)), rotation: Rotation(eighths: 2)),
                              Pose(piece: .square, position: Point(Exact(2), Exact(1)))])
        #expect(rig.document.undoStack.count == before + 1)
        #expect(rig.document.undoStack.last?.label == "capture")
        let text = rig.console.text
        #expect(text.contains("capturing from camera /dev/video0 into untitled-1"))
        #expect(text.contains("mat found: 8 of 8 markers"), "status lines are shown")
        #expect(rig.console.lines.contains { $0.text == "mat found: 8 of 8 markers" && $0.style == .dim })
        #expect(text.contains("place square at (1, 1) turned 0°"), "each edit is shown as it lands")
        #expect(text.contains("captured from camera /dev/video0: 5 events, 5 edits kept as one undo step"))
        #expect(rig.console.changed >= 5, "the live view follows every edit")
        // One undo takes the whole capture back.
        #expect(await rig.interpreter.execute("undo") == .ok)
        #expect(rig.poses.isEmpty)
        #expect(await rig.interpreter.execute("redo") == .ok)
        #expect(rig.poses.count == 2)
    }

    @Test("Enter keeps what was captured so far; later signals are not read")
    func finishKeeps() async throws {
        let rig = try await Rig(Array(Self.session.prefix(4)) + [.finish] + Array(Self.session.suffix(3)))
        #expect(await rig.interpreter.execute("capture --camera /dev/video0") == .ok)
        #expect(rig.poses.map(\.piece) == [.large1, .square])
        #expect(rig.poses.last?.position == Point(Exact(1), Exact(1)), "the move came after Enter")
        #expect(rig.document.undoStack.last?.label == "capture")
    }

    @Test("Ctrl-C puts the puzzle back as it was: content, undo, redo and saved point")
    func cancelRestores() async throws {
        let rig = try await Rig(Self.session + [.cancel])
        #expect(await rig.interpreter.execute("place Q 4 4") == .ok)
        #expect(await rig.interpreter.execute("undo") == .ok)
        let state = rig.document.state
        let (undo, redo) = (rig.document.undoStack, rig.document.redoStack)
        #expect(await rig.interpreter.execute("capture --video clip.mp4") == .failed("capture cancelled; untitled-1 is as it was"))
        #expect(rig.document.state == state)
        #expect(rig.document.undoStack == undo)
        #expect(rig.document.redoStack == redo, "redo still brings back the edit undone before the capture")
        #expect(await rig.interpreter.execute("redo") == .ok)
        #expect(rig.poses.map(\.piece) == [.square])
    }

    @Test("A source that fails takes everything back and says why")
    func failureRestores() async throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        let rig = try await Rig([.header(description: "camera /dev/video9", minConfidence: 0.5),
                                 Self.pose(.moved, .square, 1, 1, frame: 3), .ended(failure: "cannot open /dev/video9: no such device")])
        #expect(await rig.interpreter.execute("open \(path)") == .ok)
        let state = rig.document.state
        #expect(await rig.interpreter.execute("capture --camera /dev/video9")
                == .failed("capture from camera /dev/video9 failed: cannot open /dev/video9: no such device; square.json is unchanged"))
        #expect(rig.document.state == state)
        #expect(rig.document.undoStack.isEmpty && rig.document.redoStack.isEmpty)
        #expect(!rig.document.isDirty)
    }

    @Test("A capture that changes nothing leaves no undo step")
    func nothingChanged() async throws {
        let rig = try await Rig([Self.pose(.detected, .square, 1, 1, frame: 1), Self.pose(.removed, .square, 0, 0, frame: 2), .ended(failure: nil)])
        let before = rig.document.undoStack
        #expect(await rig.interpreter.execute("capture --image a.png b.png") == .ok)
        #expect(rig.requests.first?.sourceArguments == ["--image", "a.png", "b.png"])
        #expect(rig.requests.first?.description == "2 images")
        #expect(rig.document.undoStack == before)
        #expect(rig.console.text.contains("captured from 2 images: 2 events, nothing changed"))
    }

    @Test("The stream's header sets the confidence under which poses are ignored")
    func minimumConfidence() async throws {
        let rig = try await Rig([.header(description: nil, minConfidence: 0.95), Self.pose(.detected, .square, 1, 1, frame: 1, confidence: 0.9),
                                 Self.pose(.detected, .medium, 4, 4, frame: 2, confidence: 0.97),
                                 Self.pose(.detected, .small1, 6, 6, frame: 3, confidence: 0.3168731509425248), .ended(failure: nil)])
        #expect(await rig.interpreter.execute("capture --camera 0") == .ok)
        #expect(rig.poses.map(\.piece) == [.medium])
        #expect(rig.console.text.contains("ignored: square at frame 1: confidence 0.9 is below 0.95"))
        // A measured confidence is printed as people read it, not with all its binary digits.
        #expect(rig.console.text.contains("ignored: small-1 at frame 3: confidence 0.32 is below 0.95"))
    }

    @Test("Usage mistakes and a missing front end are explained")
    func mistakes() async throws {
        let rig = try await Rig([])
        #expect(await rig.interpreter.execute("capture") == .failed("capture needs a source: --camera /dev/video0, --video FILE or --image FILE…"))
        #expect(await rig.interpreter.execute("capture --camera 0 --video a.mp4") == .failed("capture takes one source at a time (--camera, --video or --image)"))
        #expect(await rig.interpreter.execute("capture --image") == .failed("--image needs one or more image files, like `capture --image mat.jpg`"))
        #expect(await rig.interpreter.execute("capture --camera") == .failed("--camera needs a value"))
        #expect(await rig.interpreter.execute("capture --camera 0 stray") == .failed("capture does not take \"stray\"; usage: capture --camera DEVICE | --video FILE | --image FILE... [--colors PROFILE]"))
        #expect(rig.requests.isEmpty)
        #expect(await rig.interpreter.execute("new sudoku-4x4") == .ok)
        #expect(await rig.interpreter.execute("capture --camera 0") == .failed("untitled-2 is a sudoku; piece commands need a tangram"))
        let bare = CommandInterpreter(service: makeService(), console: CapturingConsole())
        #expect(await bare.execute("new tangram") == .ok)
        #expect(await bare.execute("capture --camera 0") == .failed("capture runs gridedit-capture, which only the gridedit command line can start"))
    }

    @Test("The journal follows: a crash after a capture recovers it; a cancelled capture leaves no journal to recover")
    func journal() async throws {
        for (signals, expectKept) in [(Self.session + [.ended(failure: nil)], true), (Self.session + [.cancel], false)] {
            let folder = try TemporaryFolder()
            let path = try copy(Files.classicSquare, into: folder)
            var expected: EditorState
            do {
                let service = makeService(journals: folder)
                let interpreter = CommandInterpreter(service: service, console: CapturingConsole())
                interpreter.startCapture = { _ throws(EditError) in
                    AsyncStream { continuation in
                        for signal in signals { continuation.yield(signal) }
                        continuation.finish()
                    }
                }
                #expect(await interpreter.execute("open \(path)") == .ok)
                let original = service.active!.state
                _ = await interpreter.execute("capture --camera 0")
                expected = service.active!.state
                #expect((expected != original) == expectKept)
                service.abandon()
            }
            try simulateDeadSession(in: folder)
            let service = makeService(journals: folder)
            let orphans = service.orphanedJournals(for: path)
            if !expectKept {
                #expect(orphans.isEmpty, "a cancelled capture is back at the saved point: nothing to recover, no journal")
            } else if let orphan = orphans.first {
                #expect(try service.recover(orphan).document.state == expected)
            } else {
                Issue.record("a journal should be left for the kept capture")
            }
        }
    }

    @Test("Tab completes capture's options and their values")
    func completion() async throws {
        let rig = try await Rig([])
        let completer = Completer(service: rig.service, commands: rig.interpreter.commands)
        #expect(completer.complete("cap").candidates == ["capture"])
        #expect(completer.complete("capture --c").candidates == ["--camera", "--colors"])
        #expect(completer.complete("capture --camera ").candidates.allSatisfy { $0.hasPrefix("/dev/video") })
        let folder = try TemporaryFolder()
        try folder.write("", to: "clip.mp4")
        try folder.write("", to: "mat.png")
        try folder.write("", to: "wood.json")
        #expect(completer.complete("capture --video \(folder.path)/").display == ["clip.mp4"])
        #expect(completer.complete("capture --colors \(folder.path)/").display == ["wood.json"])
        #expect(completer.complete("capture --image \(folder.path)/").display == ["mat.png"])
        #expect(completer.complete("capture --image \(folder.path)/mat.png \(folder.path)/").display == ["mat.png"], "images repeat")
    }
}

@Suite("Edit groups: many edits, one undo step")
struct EditGroupTests {
    @Test("Net changes: a piece moved three times is one change from first to last")
    func netChanges() throws {
        let service = makeService()
        let document = try service.open(Files.classicSquare)
        let group = service.beginGroup(on: document)
        let start = document.state
        for (x, y) in [("1", "1"), ("2", "1"), ("3", "1")] {
            try service.perform(try document.tangramEditor!.move(.square, to: PositionInput(point(x, y)), anchoring: false), on: document)
        }
        try service.perform(try document.tangramEditor!.nudge(.parallelogram, by: Vector(Exact(1), .zero)), on: document)
        try service.perform(try document.tangramEditor!.nudge(.parallelogram, by: Vector(Exact(-1), .zero)), on: document)
        let command = try #require(try service.commitGroup(group, label: "capture"))
        #expect(command.changes.count == 1, "the parallelogram ended as it began")
        guard let (_, piece, before, after) = command.changes[0].poseChange, piece == .square else { Issue.record("a square change"); return }
        #expect(before == start.solution.first { $0.piece == .square })
        #expect(after?.position == point("3", "1"))
        try service.undo(document)
        #expect(document.state == start)
    }
}
