import Foundation
import GridEditCore
import GridEditRender
import GridEditTestSupport
import Testing

/// Formats, file writing and sheets.
@Suite("Files and sheets")
struct OutputTests {
    @Test("each format starts as its file type says, at the size asked for")
    func formats() throws {
        let document = try Fixtures.document("cat")
        let png = try Fixtures.renderer.render(document, as: .png, options: RenderOptions(size: 300))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let image = try DecodedPNG(png)
        #expect(image.width == 300 && image.height == 300)
        let svg = String(decoding: try Fixtures.renderer.render(document, as: .svg, options: RenderOptions(size: 300)), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("width=\"300pt\" height=\"300pt\""))
        let pdf = String(decoding: try Fixtures.renderer.render(document, as: .pdf, options: RenderOptions(product: .card)), as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        // 63 × 88 mm, whatever --size says.
        #expect(pdf.contains("/MediaBox [ 0 0 178.582677 249.448819 ]"))
    }

    @Test("the format comes from --format or the extension, and they must agree")
    func formatChoice() throws {
        #expect(try Renderer.format(nil, for: "a/b/card.PNG") == .png)
        #expect(try Renderer.format(.pdf, for: "out") == .pdf)
        #expect(try Renderer.format(.svg, for: "x.svg") == .svg)
        #expect(throws: RenderError.self) { try Renderer.format(.pdf, for: "card.png") }
        #expect(throws: RenderError.self) { try Renderer.format(nil, for: "card.gif") }
        #expect(throws: RenderError.self) { try Renderer.format(nil, for: "card") }
        do { _ = try Renderer.format(nil, for: "card.gif") } catch { #expect(error.exitCode == 64) }
    }

    @Test("writing is atomic: the file appears whole, and a failed write leaves nothing behind")
    func atomicWrite() throws {
        let folder = try TemporaryFolder()
        let document = try Fixtures.document("classic-01")
        let target = folder.file("card.png").path
        try Fixtures.renderer.write(document, options: RenderOptions(product: .card), to: target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(Fixtures.renderer.render(document, as: .png,
                                                                                                  options: RenderOptions(product: .card))))
        // A folder that does not exist, a "folder" that is a file, a path that is a folder.
        try folder.write("not a folder", to: "file.txt")
        for bad in [folder.file("missing/card.png").path, folder.file("file.txt/card.png").path, folder.path] {
            do {
                try Fixtures.renderer.write(document, as: .png, options: RenderOptions(product: .card), to: bad)
                Issue.record("wrote to \(bad)")
            } catch {
                guard case .writeFailed(let path, _) = error else { throw error }
                #expect(path == bad)
                #expect(error.exitCode == 2)
            }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["card.png", "file.txt"], "no temporary or partial file is left")
    }

    @Test("sheets: pages of COLS × ROWS puzzles, then as many pages of solutions")
    func sheetPages() throws {
        let puzzles = try ["cat", "hexagon", "window", "mini-01", "six-01", "classic-01"].map(Fixtures.document)
        let pack = SheetPack(id: "mixed", title: "Mixed", ageRange: 5...9, puzzles: puzzles)
        let r = Fixtures.renderer
        #expect(r.sheetPageCount(pack, options: SheetOptions(columns: 2, rows: 2)) == 2)
        #expect(r.sheetPageCount(pack, options: SheetOptions(columns: 2, rows: 2, solutions: true)) == 4)
        #expect(r.sheetPageCount(pack, options: SheetOptions(columns: 1, rows: 1, solutions: true)) == 12)
        let pdf = String(decoding: try r.renderSheet(pack, options: SheetOptions(columns: 2, rows: 2, solutions: true)), as: UTF8.self)
        #expect(pdf.components(separatedBy: "/Type /Page\n").count - 1 == 4 || pdf.components(separatedBy: "/Type /Page ").count - 1 == 4)
        #expect(pdf.contains("/MediaBox [ 0 0 595.275591 841.889764 ]"), "A4")
        // Mixed kinds: each page states the rules of the puzzles on it.
        let trace = r.traceSheet(pack, options: SheetOptions(columns: 3, rows: 2))
        // The page's words, wrapped lines joined again.
        let words = trace.split(separator: "\n").filter { $0.hasPrefix("text ") }
            .compactMap { $0.split(separator: "\"", maxSplits: 1).last.map { String($0.dropLast()) } }.joined(separator: " ")
        #expect(words.contains("Use all seven pieces"))
        #expect(words.contains("from 1 to 4 exactly once"))
        #expect(words.contains("from 1 to 9 exactly once"))
        #expect(throws: RenderError.self) { try r.renderSheet(SheetPack(id: "empty", title: "Empty", puzzles: [])) }
        #expect(throws: RenderError.self) { try r.writeSheet(pack, to: "/tmp/sheet.png") }
    }

    @Test("sheet layouts parse as COLSxROWS", arguments: [
        ("2x3", true), ("2×3", true), ("1X1", true), ("8x8", true), ("0x1", false), ("9x1", false), ("2x", false), ("a", false),
    ])
    func layouts(_ text: String, _ valid: Bool) {
        #expect((SheetOptions.layout(text) != nil) == valid)
    }

    @Test("the tangrams of a booklet share one scale: pieces are the same size on every page")
    func commonScale() throws {
        let pack = SheetPack(id: "t", title: "T", puzzles: try ["cat", "hexagon"].map(Fixtures.document))
        let trace = Fixtures.renderer.traceSheet(pack, options: SheetOptions(columns: 2, rows: 1, solutions: true))
        // The square piece is drawn at the same size in both figures: its fill's side lengths match.
        let squareColour = try #require(Fixtures.style.tangram.pieces[.square]).description
        let lines = trace.components(separatedBy: "\n")
        var sides: [Double] = []
        for (i, line) in lines.enumerated() where line == "color \(squareColour)" {
            let points = lines[(i + 2)...(i + 3)].map { $0.split(separator: " ").dropFirst().compactMap { Double($0) } }
            sides.append(((points[1][0] - points[0][0]) * (points[1][0] - points[0][0]) + (points[1][1] - points[0][1]) * (points[1][1] - points[0][1])).squareRoot())
        }
        #expect(sides.count == 2)
        #expect(abs(sides[0] - sides[1]) < 0.02)
    }
}
