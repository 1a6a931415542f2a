import Foundation
import GridEditCheck
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditLayout
import GridEditTestSupport
import Testing
import ToyKind

@Suite("A kind defined only in the tests is checked, edited, undone, journaled and recovered like the shipped ones")
struct MarkGridKindTests {
    /// The one registration line a new kind needs: its editor entry, which brings its file half.
    static let registered: Void = EditingKinds.register(MarkGridEditing.self)

    init() { _ = Self.registered }

    static func file(rows: [String]) -> String {
        """
        {
          "$schema": "../../schemas/puzzle.schema.json",
          "formatVersion": 1,
          "kind": "mark-grid",
          "id": "toy",
          "name": "Toy",
          "difficulty": "easy",
          "createdAt": "2026-11-22T09:00:00Z",
          "updatedAt": "2026-11-22T09:00:00Z",
          "rows": [\(rows.map { "\"\($0)\"" }.joined(separator: ", "))]
        }

        """
    }

    static func mark(_ cell: String, on document: EditorDocument) -> Proposal {
        Proposal(command: EditCommand(label: "mark \(cell)", changes: [.part(name: cell, before: nil, after: .bool(true))]))
    }

    @Test("check decodes it, runs its rule, and locates its decoding errors")
    func checked() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.file(rows: ["#.", ".."]), to: "toy.json")
        try folder.write(Self.file(rows: ["#.", "x."]), to: "bad.json")
        let report = Checker().check([folder.path + "/toy.json", folder.path + "/bad.json"])
        let toy = try #require(report.files.first { $0.path.hasSuffix("toy.json") })
        #expect(toy.kind == "mark-grid" && toy.passed)
        #expect(toy.findings.map(\.rule) == ["mark-grid.blank-row"])
        #expect(toy.findings.first?.location?.line == 10, "the finding points at the rows")
        let bad = try #require(report.files.first { $0.path.hasSuffix("bad.json") })
        #expect(!bad.passed)
        #expect(bad.findings.first?.location?.line == 10 && bad.findings.first?.location?.column == 18, "at the bad row")
    }

    @Test("Edits go through the table: undo and redo restore exact states; a bad part is refused")
    func edited() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.file(rows: ["#.", ".."]), to: "toy.json")
        let service = makeService()
        let document = try service.open(folder.path + "/toy.json")
        #expect(document.findings.map(\.rule) == ["mark-grid.blank-row"])
        let outcome = try service.perform(Self.mark("r2c2", on: document), on: document)
        #expect(outcome.resolved.map(\.rule) == ["mark-grid.blank-row"], "the edit fixed the blank row")
        #expect((document.puzzle as? MarkGrid)?.currentState == [[true, false], [false, true]])
        #expect(document.isDirty)
        try service.undo(document)
        #expect((document.puzzle as? MarkGrid)?.currentState == [[true, false], [false, false]] && !document.isDirty)
        try service.redo(document)
        #expect((document.puzzle as? MarkGrid)?.currentState == [[true, false], [false, true]])
        #expect(throws: EditError.self) { try service.perform(Self.mark("r2c2", on: document), on: document) }
        #expect(throws: EditError.self) { try service.perform(Self.mark("r9c9", on: document), on: document) }
        try service.save(document)
        #expect(try folder.read("toy.json").contains("\"rows\": [\"#.\", \".#\"]"))
        #expect(Checker().check([folder.path + "/toy.json"]).files.first?.findings.isEmpty == true)
    }

    @Test("The REPL's language edits it through its entry: open, status, view, its own command, help, completion, undo, save")
    func editedInTheREPL() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.file(rows: ["#.", ".."]), to: "toy.json")
        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: makeService(), console: console)
        #expect(await interpreter.execute("open \(folder.path)/toy.json") == .ok)
        #expect(console.text.contains("(mark-grid 2 rows)"), "the kind's summary: \(console.text)")
        #expect(await interpreter.execute("mark r2c1") == .ok, "the kind's own command, from its entry: \(console.text)")
        let document = try #require(interpreter.service.active)
        #expect((document.puzzle as? MarkGrid)?.currentState == [[true, false], [true, false]])
        #expect(EditingKinds.of(document).status(of: document) == ["2 of 4 marked"])
        #expect(EditingKinds.of(document).textView(of: document, colour: false).plain == ["#.", "#."])
        #expect(await interpreter.execute("mark r9c9") != .ok, "a bad part is refused through the same table")
        #expect(await interpreter.execute("help") == .ok)
        #expect(console.text.contains("Mark grid") && console.text.contains("mark CELL"), "help lists the kind's group")
        #expect(Completer(service: interpreter.service, commands: interpreter.commands).complete("ma").candidates == ["mark"])
        #expect(await interpreter.execute("undo") == .ok)
        #expect((document.puzzle as? MarkGrid)?.currentState == [[true, false], [false, false]])
        #expect(await interpreter.execute("mark r2c2") == .ok)
        #expect(await interpreter.execute("save") == .ok)
        #expect(try folder.read("toy.json").contains("\"rows\": [\"#.\", \".#\"]"))
    }

    @Test("After a crash the journal brings the edits back")
    func recovered() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.file(rows: ["...", "..."]), to: "toy.json")
        let path = folder.path + "/toy.json"
        var expected: EditorState
        do {
            let service = makeService(journals: folder)
            let document = try service.open(path)
            try service.perform(Self.mark("r1c3", on: document), on: document)
            try service.perform(Self.mark("r2c1", on: document), on: document)
            try service.perform(Self.mark("r2c2", on: document), on: document)
            try service.undo(document)
            expected = document.state
            service.abandon()
        }
        try simulateDeadSession(in: folder)
        let service = makeService(journals: folder)
        let orphan = try #require(service.orphanedJournals(for: path).first)
        let recovery = try service.recover(orphan)
        #expect(recovery.replayed == 4)
        #expect(recovery.document.state == expected)
        #expect((recovery.document.puzzle as? MarkGrid)?.currentState == [[false, false, true], [true, false, false]])
        // Each journaled step is undoable, the undo among them: undoing it marks r2c2 again.
        try service.undo(recovery.document)
        #expect((recovery.document.puzzle as? MarkGrid)?.currentState == [[false, false, true], [true, true, false]])
    }
}
