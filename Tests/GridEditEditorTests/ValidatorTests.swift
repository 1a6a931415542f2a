import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("ConstraintValidator: the rules of gridedit check, after every edit")
struct ValidatorTests {
    let validator = ConstraintValidator()

    func rules(_ puzzle: TangramPuzzle) -> [String] { validator.validate(puzzle).map(\.rule) }

    @Test("Overlap is exact: touching along an edge or at a corner is not an overlap")
    func overlap() {
        #expect(!rules(tangram([pose(.square, "0", "0"), pose(.small1, "1", "0")])).contains("tangram.overlap"), "edge contact")
        #expect(!rules(tangram([pose(.square, "0", "0"), pose(.small1, "1", "1")])).contains("tangram.overlap"), "corner contact")
        let findings = validator.validate((tangram([pose(.square, "0", "0"), pose(.small1, "0.75", "0")])))
        let overlap = findings.first { $0.rule == "tangram.overlap" }
        #expect(overlap?.message.contains("small-1") == true && overlap?.message.contains("square") == true)
        // The classic square's medium triangle meets its square along a diagonal edge with √2 corners:
        // exact arithmetic sees touching; a quarter to the left is an overlap.
        let touching = tangram([pose(.square, "4+0.5√2", "4-0.5√2", 45), pose(.medium, "4+√2", "4-√2", 90)])
        #expect(!rules(touching).contains("tangram.overlap"))
        let nudged = tangram([pose(.square, "4+0.5√2", "4-0.5√2", 45), pose(.medium, "3.75+√2", "4-√2", 90)])
        #expect(rules(nudged).contains("tangram.overlap"))
    }

    @Test("Out of the play area, missing and repeated pieces, a disconnected figure")
    func tangramRules() {
        #expect(rules(tangram([pose(.large1, "7", "0")])).contains("tangram.out-of-bounds"))
        let missing = validator.validate((tangram([pose(.square, "0", "0")])))
        #expect(missing.contains { $0.rule == "tangram.piece-set" && $0.message.contains("parallelogram") })
        #expect(rules(tangram([pose(.square, "0", "0"), pose(.square, "3", "3")])).contains("tangram.piece-set"))
        let apart = validator.validate((tangram([pose(.square, "0", "0"), pose(.small1, "3", "3")])))
        let disconnected = apart.first { $0.rule == "tangram.disconnected" }
        #expect(disconnected?.severity == .warning && disconnected?.message.contains("small-1") == true)
    }

    @Test("Sudoku: given conflicts, entered-value conflicts (sudoku.conflict), digits out of range refused")
    func sudokuRules() throws {
        var content = SudokuPuzzle(metadata: testMetadata, givens: SudokuGrid(size: .four))
        var state = EditorState(puzzle: content)
        try SudokuEditor(puzzle: content).setGiven(Cell(row: 0, column: 0), to: 3).command.apply(to: &state)
        content = state.sudoku!
        try SudokuEditor(puzzle: content).setGiven(Cell(row: 0, column: 3), to: 3).command.apply(to: &state)
        let given = validator.validate(state.puzzle).first { $0.rule == "sudoku.given-conflict" }
        #expect(given?.message.contains("r1c1") == true && given?.message.contains("r1c4") == true)
        content = state.sudoku!
        try SudokuEditor(puzzle: content).set(Cell(row: 1, column: 1), to: 3).command.apply(to: &state)
        let entered = validator.validate(state.puzzle).filter { $0.rule == "sudoku.conflict" }
        #expect(entered.count == 1 && entered[0].message.contains("box 1") && entered[0].message.contains("r2c2"))
        #expect(!validator.validate(state.puzzle).contains { $0.rule == "sudoku.conflict" && $0.message.contains("r1c4") && $0.message.contains("r1c1") },
                "a clash of givens alone is the given rule's")
        let refusal = #expect(throws: EditError.self) {
            try SudokuEditor(puzzle: state.sudoku!).set(Cell(row: 2, column: 2), to: 5)
        }
        #expect(refusal?.rule == "sudoku.value-out-of-range")
    }

    @Test("The editor's rule ids are exactly those gridedit check reports for the saved file")
    func sameRulesAsCheck() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        let service = makeService()
        let document = try service.open(path)
        let editor = try #require(document.tangramEditor)
        try service.perform(try editor.nudge(.square, by: Vector(Exact(5), .zero)), on: document)
        try service.perform(try document.tangramEditor!.nudge(.small1, by: Vector(x("-0.25"), .zero)), on: document)
        try service.perform(try document.tangramEditor!.remove(.medium), on: document)
        service.validate(document)  // every rule, the searching ones too, as `gridedit check` runs them
        let editorRules = Set(document.findings.map(\.rule))
        #expect(editorRules.isSuperset(of: ["tangram.overlap", "tangram.out-of-bounds", "tangram.piece-set", "tangram.disconnected"]))
        try service.save(document)
        let checked = DocumentLoader.load(Array(try folder.read("square.json").utf8), isManifest: false)
        #expect(Set(checked.findings.map(\.rule)) == editorRules)
        #expect(Set(checked.findings.map(\.message)) == Set(document.findings.map(\.message)))
    }

    @Test("After an edit only the rules that do not search run; a full validation runs every rule")
    func depths() throws {
        let (live, searching) = ConstraintValidator.ruleIDs(of: "tangram")
        let all = TangramKind.rules.map { type(of: $0).id }
        #expect(Set(live).union(searching) == Set(all))
        #expect(live.contains("tangram.overlap") && live.contains("tangram.piece-set") && live.contains("tangram.disconnected"))
        #expect(Set(searching) == RuleCatalog.searchingRuleIDs.filter { $0.hasPrefix("tangram.") })
        #expect(ConstraintValidator.ruleIDs(of: "sudoku").live.contains("sudoku.conflict"))

        let service = makeService()
        let document = try service.open(Files.squareScattered)
        #expect(document.searchFindings == nil, "opening runs the live rules only, so it stays fast")
        service.validate(document)
        #expect(document.searchFindings != nil, "validate runs every rule")
        try service.perform(try document.tangramEditor!.nudge(.square, by: Vector(Exact(1), .zero)), on: document)
        #expect(document.searchFindings == nil, "an edit makes the searching rules' findings stale")
        #expect(document.findings.allSatisfy { !RuleCatalog.searchingRuleIDs.contains($0.rule) })
        service.validate(document)
        #expect(document.searchFindings != nil)
    }
}
