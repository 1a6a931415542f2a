import GridEditCore
@testable import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// What settling was given is remembered per pose for undo and redo, and undo reaches far back,
/// but neither without end (issue 36: pages dragging all day must not grow the server).
@Suite("A document's memory stays bounded: settling inputs and the undo history")
struct RememberedInputsTests {
    @Test("A thousand drags of one piece leave at most 32 inputs remembered for it, the latest among them")
    func bounded() throws {
        let service = GridEditorService(environment: EditorEnvironment(now: { "2026-01-01T00:00:00Z" }))
        let document = try service.open(GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/square.json").path)
        var random = SplitMix64(seed: 36)
        for _ in 0..<1_000 {
            // Somewhere on the empty right of the board, never a quarter-grid point: every drag is new.
            let x = 5.3 + Double(random.next() % 1_000) / 1_000, y = 0.3 + Double(random.next() % 6_000) / 1_000
            _ = try service.perform(try #require(document.tangramEditor).move(.small1, to: .approximate(x, y)), on: document)
        }
        let memory = try #require(document.settledInputs[document.layer]?[.small1])
        #expect(memory.count <= EditorDocument.rememberedInputsPerPiece)
        let now = try #require((document.puzzle as? TangramPuzzle)?.pieces?.first { $0.piece == .small1 })
        #expect(memory[now] != nil, "the input of the pose the piece is in is kept")
        #expect(document.undoStack.count > 500, "the drags were edits")
    }

    @Test("Past 11,000 edits the oldest are forgotten: undo reaches back 10,000, the saved point goes with them")
    func historyBounded() throws {
        let service = GridEditorService(environment: EditorEnvironment(now: { "2026-01-01T00:00:00Z" }))
        let document = try service.open(GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/square.json").path)
        let limit = EditorDocument.undoLimit
        for step in 0..<(limit + limit / 10 + 1) {
            let offset = Vector(Exact(quarters: step % 2 == 0 ? 1 : -1), .zero)
            _ = try service.perform(try #require(document.tangramEditor).nudge(.square, by: offset), on: document)
        }
        #expect(document.undoStack.count == limit, "trimmed back to the limit once it was passed by a tenth")
        #expect(document.savedDepth == nil, "the opened state is no longer reachable by undo")
        let before = document.undoStack.last?.label
        try service.undo(document)
        #expect(document.redoStack.last?.label == before)
        // An open group (a capture) is never trimmed under.
        let group = service.beginGroup(on: document)
        for step in 0..<(limit / 10 + 3) {  // an odd number: the net effect is one quarter right
            _ = try service.perform(try #require(document.tangramEditor).nudge(.square, by: Vector(Exact(quarters: step % 2 == 0 ? 1 : -1), .zero)), on: document)
        }
        #expect(document.undoStack.count > limit + limit / 10)
        try service.commitGroup(group, label: "capture")
        #expect(document.undoStack.count == limit, "the group became one edit")
    }
}
