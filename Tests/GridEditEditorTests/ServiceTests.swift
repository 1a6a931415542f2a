import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("GridEditorService: documents, undo, dirty tracking, saving, journal recovery")
struct ServiceTests {
    @Test("Unlimited undo and redo return exactly to earlier states; a new edit clears redo")
    func undoRedo() throws {
        let service = makeService()
        let document = try service.open(Files.classicSquare)
        let original = document.state
        var states = [original]
        for i in 0..<120 {
            let editor = try #require(document.tangramEditor)
            let piece = TangramPiece.allCases[i % 7]
            try service.perform(try editor.nudge(piece, by: Vector(Exact(quarters: 1), Exact(quarters: i % 3 - 1))),
                                on: document)
            states.append(document.state)
        }
        #expect(document.isDirty && document.undoStack.count == 120)
        for expected in states.dropLast().reversed() {
            try service.undo(document)
            #expect(document.state == expected)
        }
        #expect(!document.isDirty, "undoing every edit makes the document clean again")
        #expect(throws: EditError.self) { try service.undo(document) }
        for expected in states.dropFirst() {
            try service.redo(document)
            #expect(document.state == expected)
        }
        try service.undo(document)
        try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
        #expect(document.redoStack.isEmpty)
        #expect(throws: EditError.self) { try service.redo(document) }
    }

    @Test("Saving writes canonical, exact JSON; a file changed on disk is not overwritten unless forced")
    func saving() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        let service = makeService()
        let document = try service.open(path)
        try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(x("0.5√2"), .zero)), on: document)
        try service.save(document)
        #expect(!document.isDirty)
        let saved = try folder.read("square.json")
        #expect(saved.contains(#"{"piece": "square", "x": "4+√2", "y": "4-0.5√2", "rotation": 45}"#))
        #expect(saved.contains(#""updatedAt": "2026-12-01T10:00:00Z""#))
        let reloaded = try PuzzleStore(root: folder.path).load(path)
        #expect(reloaded.document.puzzle.isEqual(to: document.puzzle))

        // Someone else changes the file; the next save refuses, --force overwrites.
        try folder.write(saved.replacingOccurrences(of: "Classic Square", with: "Their Square"), to: "square.json")
        try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(x("-0.5√2"), .zero)), on: document)
        #expect(throws: EditError.self) { try service.save(document) }
        #expect(try folder.read("square.json").contains("Their Square"))
        try service.save(document, force: true)
        #expect(!(try folder.read("square.json").contains("Their Square")))

        // Save as refuses an existing file.
        let other = folder.file("copy.json").path
        try service.save(document, as: other)
        #expect(document.path == other && FileManager.default.fileExists(atPath: other))
        #expect(throws: EditError.self) { try service.save(document, as: path) }
    }

    /// A REPL killed during `save` leaves `.NAME.json.tmp-PID-N` behind: the next open or save
    /// in that folder removes those of dead processes, and leaves a running writer's alone.
    @Test("Opening or saving removes the temporary files a killed save left in the folder")
    func staleTemporariesAreRemoved() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        let dead = ".square.json.tmp-\(4_194_304 + 17)-99", running = ".square.json.tmp-\(getpid())-99"
        try folder.write("{", to: dead)
        try folder.write("{", to: running)
        let service = makeService()
        let document = try service.open(path)
        #expect(!FileManager.default.fileExists(atPath: folder.file(dead).path))
        #expect(FileManager.default.fileExists(atPath: folder.file(running).path))

        try folder.write("{", to: dead)
        try service.save(document, force: true)
        #expect(!FileManager.default.fileExists(atPath: folder.file(dead).path))
        #expect(FileManager.default.fileExists(atPath: folder.file(running).path))
    }

    @Test("Closing with unsaved changes is refused unless the changes are dropped")
    func closing() throws {
        let service = makeService()
        let document = try service.open(Files.classicSquare)
        let second = try service.newDocument(template: "sudoku-4x4")
        #expect(service.active === second && service.documents.count == 2)
        try service.perform(try second.sudokuEditor!.setGiven(Cell(row: 0, column: 0), to: 1), on: second)
        #expect(throws: EditError.self) { try service.close(second) }
        try service.close(second, discardingChanges: true)
        #expect(service.active === document && service.documents.count == 1)
        try service.close(document)
        #expect(service.active == nil)
    }

    @Test("New documents come from the templates with fresh times; a path gives id and name")
    func newDocuments() throws {
        let service = makeService()
        let untitled = try service.newDocument(template: "tangram")
        #expect(untitled.path == nil && untitled.displayName.hasPrefix("untitled-"))
        #expect(untitled.puzzle.metadata.createdAt == "2026-12-01T10:00:00Z")
        #expect(throws: EditError.self) { try service.save(untitled) }
        let named = try service.newDocument(template: "sudoku-9x9", path: "/tmp/does-not-exist-\(UUID().uuidString)/sleepy-cat.json")
        #expect(named.puzzle.metadata.id == "sleepy-cat" && named.puzzle.metadata.name == "Sleepy Cat")
        #expect(throws: EditError.self) { try service.newDocument(template: "chess") }
        #expect(throws: EditError.self) { try service.newDocument(template: "tangram", path: Files.classicSquare) }
    }

    @Test("After a crash the journal brings back every unsaved edit, each undoable")
    func recovery() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        var expected: EditorState
        do {
            let service = makeService(journals: folder)
            let document = try service.open(path)
            try service.perform(try document.tangramEditor!.move(.square, to: PositionInput(point("0", "0"))), on: document)
            try service.perform(try document.tangramEditor!.flip(.parallelogram), on: document)
            try service.perform(try document.tangramEditor!.attach([.large1, .large2]), on: document)
            try service.undo(document)
            try service.perform(try document.tangramEditor!.attach([.small1, .small2]), on: document)
            expected = document.state
            service.abandon()  // the session dies without saving
        }
        try simulateDeadSession(in: folder)

        let service = makeService(journals: folder)
        let orphans = service.orphanedJournals(for: path)
        #expect(orphans.count == 1)
        let orphan = try #require(orphans.first)
        #expect(orphan.commands.count == 5, "four edits and one undo, all journaled")
        let recovery = try service.recover(orphan)
        #expect(recovery.document.state == expected)
        #expect(recovery.document.isDirty)
        #expect(service.orphanedJournals().isEmpty, "the recovered journal is consumed")
        try service.save(recovery.document)
        #expect(try folder.read("square.json").contains(#"{"piece": "square", "x": 0, "y": 0, "rotation": 45}"#))
        #expect(journalFiles(in: folder).isEmpty, "a save deletes the journal")
    }

    @Test("A journal whose file changed since makes the save ask for --force")
    func recoveryAfterOutsideChange() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        do {
            let service = makeService(journals: folder)
            let document = try service.open(path)
            try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
            service.abandon()
        }
        try simulateDeadSession(in: folder)
        try folder.write(try folder.read("square.json").replacingOccurrences(of: "hard", with: "expert"), to: "square.json")
        let service = makeService(journals: folder)
        let recovery = try service.recover(try #require(service.orphanedJournals(for: path).first))
        #expect(recovery.notes.contains { $0.contains("changed on disk") })
        #expect(throws: EditError.self) { try service.save(recovery.document) }
        try service.save(recovery.document, force: true)
    }

    @Test("A running session's journal is not offered for recovery; saving or closing removes it")
    func liveJournals() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        let service = makeService(journals: folder)
        let document = try service.open(path)
        try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
        #expect(journalFiles(in: folder).count == 1)
        #expect(service.orphanedJournals().isEmpty, "this process is alive")
        try service.save(document)
        #expect(journalFiles(in: folder).isEmpty)
        try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
        #expect(journalFiles(in: folder).count == 1)
        try service.close(document, discardingChanges: true)
        #expect(journalFiles(in: folder).isEmpty)
    }

    @Test("No false recoveries: edits all undone, or saved, leave no journal; later edits journal from there")
    func noFalseRecoveries() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        do {
            let service = makeService(journals: folder)
            let document = try service.open(path)
            try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
            try service.perform(try document.tangramEditor!.flip(.parallelogram), on: document)
            #expect(journalFiles(in: folder).count == 1)
            try service.undo(document)
            try service.undo(document)
            #expect(!document.isDirty)
            #expect(journalFiles(in: folder).isEmpty, "every edit undone: nothing to recover")
            // Redo and undo again: clean at the end, so stopping leaves nothing either.
            try service.redo(document)
            try service.undo(document)
            service.abandon()
        }
        try simulateDeadSession(in: folder)
        #expect(makeService(journals: folder).orphanedJournals().isEmpty, "a clean session leaves no journal")

        // Dirty again after being clean: the new journal starts from the saved puzzle and recovers exactly.
        var expected: EditorState
        do {
            let service = makeService(journals: folder)
            let document = try service.open(path)
            try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
            try service.undo(document)
            try service.perform(try document.tangramEditor!.flip(.parallelogram), on: document)
            expected = document.state
            service.abandon()
        }
        try simulateDeadSession(in: folder)
        let service = makeService(journals: folder)
        let orphan = try #require(service.orphanedJournals(for: path).first)
        #expect(orphan.commands.count == 1, "only the flip: the nudge and its undo left the document clean")
        #expect(try service.recover(orphan).document.state.puzzle.isEqual(to: expected.puzzle))
    }
}

func journalFiles(in folder: TemporaryFolder) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/journals")) ?? []).filter { $0.hasSuffix(".jsonl") }
}

/// Rewrites the journals' owner to a process id that cannot be running, as after a crash.
func simulateDeadSession(in folder: TemporaryFolder) throws {
    for name in journalFiles(in: folder) {
        let file = "journals/" + name
        let text = try folder.read(file)
        let pid = "\"pid\":\(getpid()),"
        #expect(text.contains(pid))
        try folder.write(text.replacingOccurrences(of: pid, with: "\"pid\":2147483646,"), to: file)
    }
}
