import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// A 45° turn or a flip of a piece that touched others ends against them (issue 32): through the
/// editor, as `R`, the wheel and `rotate` in the page and the REPL do it.
@Suite("Turning and flipping keep a piece in contact with its neighbours")
struct TurnKeepsContactTests {
    static var figures: [String] {
        ShippedContent.puzzleFiles.map(\.path).filter { $0.contains("/tangram-starter/") }
    }

    static func touches(_ a: Pose, _ b: Pose) -> Bool { a.polygon.touchesOrOverlaps(b.polygon) }

    /// Every piece of every shipped figure, turned 45° each way and flipped, from the figure as
    /// shipped. Where the turned piece has room (it overlaps nothing after the edit), it touches a
    /// piece it touched before and the figure stays one figure (unless the piece was the only
    /// bridge between two parts of it, which no turned pose can be); where the figure is too tight for
    /// the turned piece anywhere near, the turn stays in place and the overlap is a finding.
    @Test("Every piece of every shipped figure, turned or flipped: still touching, one figure, or marked as overlapping")
    func shippedFigures() throws {
        var moved = 0, tight = 0, edits = 0
        for file in Self.figures {
            for piece in TangramPiece.allCases {
                for operation in ["45", "-45", "flip"] {
                    let service = makeService()
                    let document = try service.open(file)
                    let editor = try #require(document.tangramEditor)
                    let before = editor.poses
                    guard let old = before.first(where: { $0.piece == piece }) else { continue }
                    let neighbours = before.filter { $0.piece != piece && Self.touches($0, old) }
                    let proposal: Proposal
                    do {
                        proposal = operation == "flip" ? try editor.flip(piece)
                            : try editor.rotate(piece, by: .exact(Rotation(eighths: operation == "45" ? 1 : -1)))
                    } catch {
                        continue  // a turn the grid refuses (eighths) is not a turn that lost contact
                    }
                    let outcome = try service.perform(proposal, on: document)
                    edits += 1
                    let after = try #require(document.tangramEditor).poses
                    let turned = try #require(after.first { $0.piece == piece })
                    let place = "\(URL(fileURLWithPath: file).lastPathComponent) \(operation) \(piece.rawValue)"
                    if outcome.findings.contains(where: { $0.rule == "tangram.overlap" }) {
                        tight += 1
                        #expect(!proposal.notes.contains { $0.contains("keep touching") }, "\(place): a move that overlaps")
                        continue
                    }
                    #expect(neighbours.contains { Self.touches($0, turned) }, "\(place): touches none of its former neighbours")
                    // Touching a former neighbour keeps the figure whole, unless the piece was its only bridge.
                    let rest = before.filter { $0.piece != piece }
                    let bridge = Pose.figure(of: 0, in: rest).count < rest.count
                    #expect(bridge || !outcome.findings.contains { $0.rule == "tangram.disconnected" }, "\(place): \(outcome.findings)")
                    if proposal.notes.contains(where: { $0.contains("keep touching") }) { moved += 1 }
                }
            }
        }
        #expect(edits > 200)
        #expect(moved > 0, "some turns on shipped figures need the move back into contact")
        print("turns and flips: \(edits), moved back into contact: \(moved), too tight (overlap marked): \(tight)")
    }

    @Test("The issue's case: the parallelogram at the rim turned by R stays attached, exactly, without a finding")
    func rimPiece() throws {
        // Two large triangles as a square, the parallelogram flush along the bottom edge.
        let puzzle = tangram([pose(.large1, "1", "2"), pose(.large2, "3", "4", 180), pose(.parallelogram, "1", "1")])
        let folder = try TemporaryFolder()
        try folder.write(PuzzleDocument(puzzle: puzzle, schemaReference: nil).canonicalText(), to: "rim.json")
        let service = makeService()
        let document = try service.open(folder.file("rim.json").path)
        let problems: (Finding) -> Bool = { $0.rule == "tangram.disconnected" || $0.rule == "tangram.overlap" }
        #expect(!document.findings.contains(where: problems), "\(document.findings.map(\.message))")
        for turn in [1, 1, 1, -1, -1] {
            let editor = try #require(document.tangramEditor)
            let proposal = try editor.rotate(.parallelogram, by: .exact(Rotation(eighths: turn)))
            let outcome = try service.perform(proposal, on: document)
            #expect(!outcome.findings.contains { $0.rule == "tangram.disconnected" || $0.rule == "tangram.overlap" },
                    "\(proposal.command.label): \(outcome.findings.map(\.message))")
        }
        let editor = try #require(document.tangramEditor)
        let flip = try editor.flip(.parallelogram)
        let outcome = try service.perform(flip, on: document)
        #expect(!outcome.findings.contains { $0.rule == "tangram.disconnected" || $0.rule == "tangram.overlap" })
        // One edit each: undo walks back through them.
        for _ in 0..<6 { try service.undo(document) }
        #expect(!document.isDirty)
    }
}
