import GridEditCore
@testable import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// What settling was given is remembered per pose for undo and redo, but not without end (issue
/// 36: a page dragging all day must not grow the server).
@Suite("Remembered settling inputs stay bounded")
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
}
