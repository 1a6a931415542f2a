import Foundation
import GridEditCore
import GridEditRender
import Testing

/// The same puzzle gives the same bytes, in every format, however many other drawings the
/// process made before (cairo numbers SVG surfaces with a process-wide counter; PDFs would carry
/// the clock's time). Determinism across processes is tested end to end (RenderCommandTests).
@Suite("Deterministic output")
struct DeterminismTests {
    static let jobs: [(String, RenderFormat, RenderOptions)] = [
        ("cat", .png, RenderOptions(solution: true, size: 200)),
        ("cat", .svg, RenderOptions(hint: .pieces, size: 200)),
        ("cat", .pdf, RenderOptions(product: .card)),
        ("classic-01", .svg, RenderOptions(product: .card, size: 300)),
        ("window", .pdf, RenderOptions(size: 200)),
    ]

    @Test("rendering twice in one process gives the same bytes, with other drawings in between",
          arguments: 0..<jobs.count)
    func twice(_ index: Int) throws {
        let (name, format, options) = Self.jobs[index]
        let document = try Fixtures.document(name)
        let first = try Fixtures.renderer.render(document, as: format, options: options)
        for other in Self.jobs { _ = try Fixtures.renderer.render(Fixtures.document(other.0), as: other.1, options: other.2) }
        let second = try Fixtures.renderer.render(document, as: format, options: options)
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test("a renderer of its own (fonts loaded again) draws the same bytes")
    func freshRenderer() throws {
        let document = try Fixtures.document("classic-01")
        let options = RenderOptions(product: .card)
        let fresh = try Renderer(style: Fixtures.style)
        #expect(try fresh.render(document, as: .pdf, options: options) == Fixtures.renderer.render(document, as: .pdf, options: options))
        #expect(try fresh.render(document, as: .svg, options: options) == Fixtures.renderer.render(document, as: .svg, options: options))
    }

    @Test("SVG surface ids are numbered from 1 in every file")
    func svgIDs() throws {
        for _ in 0..<3 {
            let svg = String(decoding: try Fixtures.renderer.render(Fixtures.document("cat"), as: .svg), as: UTF8.self)
            #expect(svg.contains("id=\"surface1\""))
            #expect(!svg.contains("surface2"))
        }
    }

    @Test("a PDF is dated with the puzzle's updatedAt, not the clock, and names gridedit")
    func pdfMetadata() throws {
        let pdf = String(decoding: try Fixtures.renderer.render(Fixtures.document("window"), as: .pdf,
                                                                 options: RenderOptions(product: .card)), as: UTF8.self)
        #expect(pdf.contains("/CreationDate (20261123103000Z)"))
        #expect(pdf.contains("/ModDate (20261123103000Z)"))
        #expect(pdf.contains("/Creator (gridedit)"))
        // Text is real text: the fonts are embedded with a map back to Unicode.
        #expect(pdf.contains("/ToUnicode"))
        #expect(pdf.contains("DejaVuSans-Bold"))
    }
}
