import Foundation
import GridEditCore
import GridEditRender
import Testing

/// Every preview mode, cards and sheets of both kinds, as text traces of the drawing (one cairo
/// call per line, numbers to 0.01). A trace does not depend on cairo's version, and a diff shows
/// exactly which line moved or changed colour. Regenerate with GRIDEDIT_UPDATE_GOLDENS=1.
@Suite("Golden drawings")
struct GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var golden: String
        var puzzle: String
        var format: RenderFormat
        var options: RenderOptions
        var pack: PackLabel? = nil
        var testDescription: String { golden }
    }

    static let starter = PackLabel(id: "tangram-starter", title: "Tangram Starter", position: 4, count: 13)

    static let cases: [Case] = [
        // Tangram: the three hint levels, the solution with and without the grid.
        Case(golden: "tangram-shape.trace", puzzle: "cat", format: .png, options: RenderOptions(hint: .shape, size: 256)),
        Case(golden: "tangram-outline.trace", puzzle: "cat", format: .png, options: RenderOptions(hint: .outline, size: 256)),
        Case(golden: "tangram-pieces.trace", puzzle: "cat", format: .png, options: RenderOptions(hint: .pieces, size: 256)),
        Case(golden: "tangram-solution.trace", puzzle: "cat", format: .png, options: RenderOptions(solution: true, size: 256)),
        Case(golden: "tangram-solution-grid.trace", puzzle: "cat", format: .svg,
             options: RenderOptions(solution: true, grid: true, size: 256)),
        // A puzzle with a stored silhouette outlines that, not the pieces' union.
        Case(golden: "tangram-silhouette-outline.trace", puzzle: "hexagon", format: .png,
             options: RenderOptions(hint: .outline, size: 256)),
        // Silhouette only, with a hole: filled, and the pieces hint falling back to the outline.
        Case(golden: "tangram-hole-shape.trace", puzzle: "window", format: .svg, options: RenderOptions(size: 256)),
        Case(golden: "tangram-hole-pieces.trace", puzzle: "window", format: .png, options: RenderOptions(hint: .pieces, size: 256)),
        // Sudoku: givens, candidates, solutions, 4×4 / 6×6 / 9×9, raster (snapped) and vector.
        Case(golden: "sudoku-4x4-givens.trace", puzzle: "mini-01", format: .png, options: RenderOptions(size: 256)),
        Case(golden: "sudoku-4x4-candidates.trace", puzzle: "mini-01", format: .png, options: RenderOptions(candidates: true, size: 256)),
        Case(golden: "sudoku-6x6-solution.trace", puzzle: "six-01", format: .png, options: RenderOptions(solution: true, size: 256)),
        Case(golden: "sudoku-9x9-givens.trace", puzzle: "classic-01", format: .svg, options: RenderOptions(size: 256)),
        Case(golden: "sudoku-9x9-candidates.trace", puzzle: "classic-01", format: .pdf,
             options: RenderOptions(candidates: true, size: 256)),
        Case(golden: "sudoku-9x9-solution.trace", puzzle: "classic-01", format: .png, options: RenderOptions(solution: true, size: 256)),
        // Cards, on screen and in print, for both kinds; a non-ASCII title.
        Case(golden: "card-tangram.trace", puzzle: "cat", format: .png, options: RenderOptions(product: .card, size: 378),
             pack: starter),
        Case(golden: "card-tangram-print.trace", puzzle: "cat", format: .pdf, options: RenderOptions(product: .card),
             pack: starter),
        Case(golden: "card-sudoku.trace", puzzle: "classic-01", format: .png, options: RenderOptions(product: .card, size: 378),
             pack: PackLabel(id: "sudoku-9x9", title: "Classic Sudoku 9×9", position: 1, count: 8)),
        Case(golden: "card-sudoku-solution-print.trace", puzzle: "six-01", format: .pdf,
             options: RenderOptions(product: .card, solution: true)),
        Case(golden: "card-unicode-title.trace", puzzle: "window", format: .pdf, options: RenderOptions(product: .card)),
    ]

    static let sheetGoldens = ["sheet-tangram.trace", "sheet-sudoku.trace"]

    @Test("preview and card drawings match their goldens", arguments: cases)
    func drawing(_ c: Case) throws {
        let document = try Fixtures.document(c.puzzle)
        try Golden.check(c.golden, Fixtures.renderer.trace(document, as: c.format, options: c.options, pack: c.pack))
    }

    @Test("a tangram sheet booklet with solutions matches its golden")
    func tangramSheet() throws {
        let pack = SheetPack(id: "fixtures", title: "Tangram Fixtures", ageRange: 4...10,
                             puzzles: try ["cat", "hexagon", "window"].map(Fixtures.document))
        let options = SheetOptions(columns: 2, rows: 2, solutions: true)
        try Golden.check("sheet-tangram.trace", Fixtures.renderer.traceSheet(pack, options: options))
    }

    @Test("a Sudoku sheet booklet of three sizes with solutions matches its golden")
    func sudokuSheet() throws {
        let pack = SheetPack(id: "fixtures", title: "Sudoku Fixtures",
                             puzzles: try ["mini-01", "six-01", "classic-01"].map(Fixtures.document))
        let options = SheetOptions(columns: 1, rows: 2, solutions: true)
        try Golden.check("sheet-sudoku.trace", Fixtures.renderer.traceSheet(pack, options: options))
    }

    @Test("every file in Goldens/ belongs to a test")
    func noOrphans() throws {
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: Golden.folder.path).filter { $0.hasSuffix(".trace") })
        let known = Set(Self.cases.map(\.golden) + Self.sheetGoldens)
        #expect(names.subtracting(known).sorted() == [], "goldens no test uses: delete them")
        if !Golden.updating { #expect(known.subtracting(names).sorted() == [], "goldens missing") }
    }

    @Test("the golden traces show the choices that matter")
    func goldensSayWhatTheyShould() throws {
        func golden(_ name: String) throws -> String {
            String(decoding: try #require(FileManager.default.contents(atPath: Golden.folder.appendingPathComponent(name).path)),
                   as: UTF8.self)
        }
        let style = Fixtures.style
        // Solution pieces in their type's colours; hints in the hint colours; shape in one fill.
        let solution = try golden("tangram-solution.trace")
        for color in style.tangram.pieces.values { #expect(solution.contains("color \(color)")) }
        let shape = try golden("tangram-shape.trace")
        #expect(shape.components(separatedBy: "fill winding").count - 1 == 2, "background and one fill for the whole figure")
        #expect(shape.contains("color \(style.tangram.silhouette)"))
        // Givens bold, solution digits regular.
        let sudoku = try golden("sudoku-9x9-solution.trace")
        #expect(sudoku.contains("text bold"))
        #expect(sudoku.contains("text regular"))
        // Cards carry title, stars, kind, size, pack and id.
        let card = try golden("card-tangram.trace")
        for text in ["\"Cat\"", "\"TANGRAM\"", "\"7 pieces\"", "\"Medium\"", "\"tangram-starter · 4/13\"", "\"cat\""] {
            #expect(card.contains(text), "card lacks \(text)")
        }
        #expect(try golden("card-unicode-title.trace").contains("\"Café ★ Window\""))
        // The printed card is 63 × 88 mm.
        #expect(try golden("card-tangram-print.trace").contains("surface pdf 178.58 249.45"))
    }
}
