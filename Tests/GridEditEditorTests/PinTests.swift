import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// Pins: pieces fixed where they are, through the command language, undo, the journal and live
/// input.
@Suite("Pins: pin and unpin, refusals, undo, journal recovery, live input")
struct PinTests {
    @Test("A pinned piece and its group refuse every edit that would move it, naming the pin to take out")
    func refusals() async throws {
        let console = CapturingConsole()
        let service = makeService()
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("open \(Files.classicSquare)") == .ok)
        #expect(await interpreter.execute("pin Q") == .ok)
        #expect(console.text.contains("pin square"))
        let document = try #require(service.active)
        #expect(document.pinnedPieces(in: .solution) == [.square])
        #expect(document.tangramEditor?.pinned == [.square], "the query settling uses")
        #expect(document.pinnedPieces(in: .tray).isEmpty, "pins belong to a layer")
        #expect(!document.isDirty, "pins are session state, not file content")

        let refused = "square is pinned; `unpin square` first"
        for line in ["move Q 1 1", "nudge Q left", "rotate Q 90", "flip Q", "remove Q", "snap Q"] {
            #expect(await interpreter.execute(line) == .failed(refused), "\(line)")
        }
        #expect(await interpreter.execute("attach M Q") == .ok)
        #expect(await interpreter.execute("move M 1 1")
                == .failed("medium moves with its group, and square is pinned; `unpin square` first (or `detach medium`)"))
        #expect(await interpreter.execute("remove M") == .ok, "removing a group mate moves nothing pinned")

        #expect(await interpreter.execute("pin square") == .failed("square is already pinned"))
        #expect(await interpreter.execute("pin M") == .failed("medium is not placed in the solution; only a piece on the board can be pinned"))
        #expect(await interpreter.execute("pin dragon") == .failed(
            "no piece \"dragon\"; the pieces are large-1, large-2, medium, small-1, small-2, square, parallelogram (or their letters L l M S s Q P)"))
        #expect(await interpreter.execute("pin") == .failed("pin needs a piece, like `pin square`"))
        #expect(await interpreter.execute("unpin L") == .failed("large-1 is not pinned; pinned: square"))

        #expect(await interpreter.execute("pin L l") == .ok)
        #expect(console.text.contains("pin large-1, large-2"))
        #expect(await interpreter.execute("unpin all") == .ok)
        #expect(console.text.contains("unpin large-1, large-2, square"))
        #expect(document.pinnedPieces(in: .solution).isEmpty)
        #expect(await interpreter.execute("unpin all") == .failed("nothing is pinned in the solution"))
        #expect(await interpreter.execute("move Q 1 1") == .ok, "unpinned, it moves again")
    }

    @Test("Undo and redo take a pin back and forth; a group of edits keeps the net pins")
    func undoRedo() async throws {
        let console = CapturingConsole()
        let service = makeService()
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("open \(Files.classicSquare)") == .ok)
        let document = try #require(service.active)
        #expect(await interpreter.execute("pin Q P") == .ok)
        #expect(await interpreter.execute("undo") == .ok)
        #expect(console.text.contains("undo: pin square, parallelogram"))
        #expect(document.pinnedPieces(in: .solution).isEmpty)
        #expect(await interpreter.execute("move Q 1 1") == .ok, "the undone pin no longer holds it")
        #expect(await interpreter.execute("redo") == .failed("nothing to redo"), "the move cleared the pin's redo")
        #expect(await interpreter.execute("undo") == .ok)
        #expect(await interpreter.execute("pin Q P") == .ok)
        #expect(await interpreter.execute("unpin P") == .ok)
        #expect(await interpreter.execute("undo") == .ok)
        #expect(document.pinnedPieces(in: .solution) == [.square, .parallelogram])
        #expect(await interpreter.execute("redo") == .ok)
        #expect(document.pinnedPieces(in: .solution) == [.square])

        let group = service.beginGroup(on: document)
        try service.perform(try document.tangramEditor!.pin([.large1]), on: document)
        try service.perform(try document.tangramEditor!.unpin([.square]), on: document)
        let net = try #require(try service.commitGroup(group, label: "both"))
        #expect(net.changes == [.pins(layer: .solution, before: [.square], after: [.large1])])
    }

    @Test("Pin changes journal in piece order and invert exactly (recovery below reads them back)")
    func journalForm() throws {
        let change = Change.pins(layer: .tray, before: [.square], after: [.square, .large2])
        let command = EditCommand(label: "pin large-2", changes: [change])
        let text = command.journalValue.compactText
        #expect(text.contains(#"{"pins":{"layer":"tray","before":["square"],"after":["large-2","square"]}}"#), "\(text)")
        #expect(command.inverse.changes == [.pins(layer: .tray, before: [.square, .large2], after: [.square])])
    }

    @Test("After a crash, recovery brings the pins back: those in the journal's header and those its edits made")
    func recovery() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        var expected: EditorState
        do {
            let service = makeService(journals: folder)
            let document = try service.open(path)
            try service.perform(try document.tangramEditor!.pin([.square]), on: document)
            try service.save(document)  // deletes the journal; the pin stays, so the next header carries it
            #expect(journalFiles(in: folder).isEmpty)
            try service.perform(try document.tangramEditor!.nudge(.large1, by: Vector(Exact(1), .zero)), on: document)
            try service.perform(try document.tangramEditor!.pin([.medium, .parallelogram]), on: document)
            try service.perform(try document.tangramEditor!.unpin([.parallelogram]), on: document)
            expected = document.state
            #expect(expected.pins[.solution] == [.square, .medium])
            service.abandon()
        }
        try simulateDeadSession(in: folder)
        let journal = try folder.read("journals/" + (try #require(journalFiles(in: folder).first)))
        #expect(journal.contains(#""pins":{"solution":["square"]}"#), "the header has the pins the journal started with")

        let service = makeService(journals: folder)
        let orphan = try #require(service.orphanedJournals(for: path).first)
        #expect(orphan.header.pins[.solution] == [.square])
        let recovery = try service.recover(orphan)
        #expect(recovery.document.state == expected)
        #expect(recovery.document.pinnedPieces(in: .solution) == [.square, .medium])
        #expect(throws: EditError.self) { try recovery.document.tangramEditor!.move(.medium, to: PositionInput(point("1", "1"))) }
        try service.undo(recovery.document)
        #expect(recovery.document.pinnedPieces(in: .solution) == [.square, .medium, .parallelogram], "recovered edits undo")
    }

    @Test("Camera and replayed poses of a pinned piece are ignored with a note; other pieces still come in")
    func liveInput() throws {
        let service = makeService()
        let document = try service.open(Files.squareScattered)
        try service.perform(try document.tangramEditor!.pin([.small1]), on: document)
        let before = document.solution
        let input = LiveInput(service: service)
        func event(_ kind: PoseEvent.Kind, _ piece: TangramPiece, frame: Int) -> InputEvent {
            .pose(PoseEvent(kind: kind, pose: ApproximatePose(piece: piece, x: 2, y: 6, degrees: 0), timestamp: Double(frame), frame: frame))
        }
        for (n, kind) in [PoseEvent.Kind.moved, .removed].enumerated() {
            let outcomes = input.handle(event(kind, .small1, frame: n))
            guard case .ignored(let why) = try #require(outcomes.first) else { Issue.record("not ignored: \(outcomes)"); return }
            #expect(why.contains("small-1 is pinned") && why.contains("`unpin small-1`"))
        }
        #expect(document.solution == before)
        guard case .edited = try #require(input.handle(event(.moved, .small2, frame: 3)).first) else {
            Issue.record("an unpinned piece should move"); return
        }
    }

    @Test("Tab offers unpinned placed pieces after pin, pinned ones and all after unpin")
    func completion() async throws {
        let service = makeService()
        let interpreter = CommandInterpreter(service: service, console: CapturingConsole())
        let completer = Completer(service: service)
        #expect(await interpreter.execute("open \(Files.classicSquare)") == .ok)
        #expect(await interpreter.execute("pin square small-1") == .ok)
        #expect(!completer.complete("pin ").candidates.contains("square"))
        #expect(completer.complete("pin sm").candidates == ["small-2"])
        #expect(completer.complete("unpin ").candidates == ["all", "small-1", "square"])
        #expect(completer.complete("unpin square ").candidates == ["small-1"], "all only comes first")
        #expect(completer.complete("pi").action.insert == "n ")
    }
}
