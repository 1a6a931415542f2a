import GridEditCore
import GridEditTestSupport
import Testing

/// Each kind measures its puzzles on the one curriculum scale, in its own words: the Sudoku
/// grader's score, the tangram solver's points (what the ramp rule's findings print).
@Suite struct PuzzleMeasureTests {
    static func puzzle(_ relative: String) throws -> any Puzzle {
        let file = try #require(ShippedContent.puzzleFiles.first { $0.path.hasSuffix(relative) })
        guard case .puzzle(let document)? = DocumentLoader.load(ShippedContent.bytes(file), isManifest: false).document else {
            Issue.record("\(relative) does not load")
            throw CancellationError()
        }
        return document.puzzle
    }

    @Test("a Sudoku by the grader's score, a tangram by the solver's points, each value inside its level's band")
    func measuresInTheKindsWords() throws {
        for (relative, game, words) in [("sudoku-9x9/classic-01.json", "sudoku", "grader score"),
                                        ("tangram-starter/cat.json", "tangram", "solver points")] {
            let measure = try #require(PuzzleMeasure(try Self.puzzle(relative)), "\(relative)")
            #expect(measure.game == game)
            let index = Double(Difficulty.allCases.firstIndex(of: measure.level)!)
            #expect(measure.value >= index && measure.value < index + 1)
            #expect(measure.description == "\(PuzzleMeasure.text(measure.value)) (\(measure.level.rawValue), \(words) \(measure.score))")
        }
    }
}
