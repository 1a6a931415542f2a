import Foundation
import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditTestSupport
import Testing

/// The canonical writer reproduces every shipped file byte for byte, so load→save never
/// creates a diff, and exact coordinates survive.
@Suite struct RoundTripTests {
    @Test(arguments: ShippedContent.puzzleFiles)
    func loadThenSaveIsByteIdentical(file: URL) throws {
        let bytes = ShippedContent.bytes(file)
        let result = DocumentLoader.load(bytes, isManifest: false)
        guard case .puzzle(let document)? = result.document else {
            Issue.record("\(file.lastPathComponent) does not load: \(result.findings)")
            return
        }
        #expect(document.canonicalText() == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: ShippedContent.manifests)
    func manifestsRoundTrip(file: URL) throws {
        let bytes = ShippedContent.bytes(file)
        guard case .pack(let manifest)? = DocumentLoader.load(bytes, isManifest: true).document else {
            Issue.record("\(file.path) does not load")
            return
        }
        #expect(CanonicalJSONWriter.write(manifest.encode()) == String(decoding: bytes, as: UTF8.self))
    }

    @Test func nonCanonicalInputIsRewrittenCanonically() throws {
        let messy = """
        {"kind":"sudoku","formatVersion":1,"$schema":"../../schemas/puzzle.schema.json","id":"a","name":"Café ★",
        "difficulty":"easy","createdAt":"2026-11-22T09:00:00Z","updatedAt":"2026-11-22T09:00:00Z",
        "size":4,"givens":["1...","....","....","...."]}
        """
        guard case .puzzle(let document)? = DocumentLoader.load(Array(messy.utf8), isManifest: false).document else {
            Issue.record("did not load")
            return
        }
        let expected = """
        {
          "$schema": "../../schemas/puzzle.schema.json",
          "formatVersion": 1,
          "kind": "sudoku",
          "id": "a",
          "name": "Café ★",
          "difficulty": "easy",
          "createdAt": "2026-11-22T09:00:00Z",
          "updatedAt": "2026-11-22T09:00:00Z",
          "size": 4,
          "givens": ["1...", "....", "....", "...."]
        }

        """
        #expect(document.canonicalText() == expected)
    }

    @Test func exactCoordinatesSurviveAndAlternativeSpellingsNormalise() throws {
        let text = """
        {"formatVersion": 1, "kind": "tangram", "id": "t", "name": "T", "difficulty": "easy",
         "createdAt": "2026-11-22T09:00:00Z", "updatedAt": "2026-11-22T09:00:00Z",
         "pieces": [{"piece": "medium", "x": "1 + 0.5 sqrt2", "y": 2.50, "rotation": 45},
                    {"piece": "small-1", "x": 4, "y": 4, "rotation": 0, "flip": true},
                    {"piece": "parallelogram", "x": "-0.25-0.75√2", "y": "√2", "rotation": 315, "flip": true}]}
        """
        guard case .puzzle(let document)? = DocumentLoader.load(Array(text.utf8), isManifest: false).document,
              let tangram = document.puzzle as? TangramPuzzle, let poses = tangram.pieces else {
            Issue.record("did not load")
            return
        }
        #expect(poses[0].position.x == Exact(quarters: 4, sqrt2Quarters: 2))
        #expect(poses[0].position.y == Exact(quarters: 10))
        // A flipped small triangle is the same shape turned by 90°.
        #expect(poses[1].flipped == false && poses[1].rotation.degrees == 90)
        #expect(poses[2].flipped == true)
        let written = document.canonicalText()
        #expect(written.contains(#"{"piece": "medium", "x": "1+0.5√2", "y": 2.5, "rotation": 45}"#))
        #expect(written.contains(#"{"piece": "small-1", "x": 4, "y": 4, "rotation": 90}"#))
        #expect(written.contains(#"{"piece": "parallelogram", "x": "-0.25-0.75√2", "y": "√2", "rotation": 315, "flip": true}"#))
        // And the rewritten file reads back to the same poses.
        guard case .puzzle(let again)? = DocumentLoader.load(Array(written.utf8), isManifest: false).document else {
            Issue.record("rewritten file does not load")
            return
        }
        #expect((again.puzzle as? TangramPuzzle)?.pieces == poses)
    }
}
