import Foundation
import GridEditCore
import GridEditRender
import GridEditTestSupport
import Testing

/// The curriculum chart and overview: the same plan gives the same bytes, each game's line is
/// drawn in its own colour, and the overview has a page for every few days.
@Suite struct CurriculumRenderTests {
    static let library = PackLibrary.load(folder: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles").path, jobs: 2)

    static func plot(keeping games: Set<Curriculum.Game> = Set(Curriculum.Game.allCases)) throws -> CurriculumPlot {
        let bytes = ShippedContent.bytes(GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/curricula/first-hundred-days.json"))
        guard case .curriculum(var curriculum)? = DocumentLoader.load(bytes, isManifest: false).document else {
            throw SampleError.doesNotLoad
        }
        for index in curriculum.days.indices { curriculum.days[index].activities.removeAll { !games.contains($0.game) } }
        return CurriculumPlot(curriculum: curriculum, library: library)
    }

    enum SampleError: Error { case doesNotLoad }

    static func count(_ color: UInt32, in png: [UInt8]) throws -> Int {
        try PNGImage(png: Data(png)).pixels.count { $0 == color }
    }

    @Test func chartAndOverviewAreDeterministic() throws {
        let plot = try Self.plot()
        let renderer = Fixtures.renderer
        for format in RenderFormat.allCases {
            let first = try renderer.renderCurriculumChart(plot, as: format, size: 600)
            _ = try renderer.renderCurriculumOverview(plot)
            #expect(try renderer.renderCurriculumChart(plot, as: format, size: 600) == first, "\(format)")
            #expect(try Renderer(style: Fixtures.style).renderCurriculumChart(plot, as: format, size: 600) == first, "\(format)")
        }
        let overview = try renderer.renderCurriculumOverview(plot)
        #expect(try renderer.renderCurriculumOverview(plot) == overview)
        #expect(overview.starts(with: Array("%PDF".utf8)))
        // One page object per page, and enough pages for a line a day.
        let pages = renderer.curriculumOverviewPageCount(plot)
        #expect(pages > 1 && pages < plot.curriculum.days.count)
        let text = String(decoding: overview, as: UTF8.self)
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 + text.components(separatedBy: "/Type /Page ").count - 1 == pages)
    }

    @Test func eachGameIsDrawnInItsColour() throws {
        let tangram: UInt32 = 0xFFFF_7657, sudoku: UInt32 = 0xFF3D_8FE0
        let both = try Fixtures.renderer.renderCurriculumChart(Self.plot(), as: .png, size: 800)
        let image = try PNGImage(png: Data(both))
        #expect(image.width == 800 && image.height == 400)
        let onlyTangram = try Fixtures.renderer.renderCurriculumChart(Self.plot(keeping: [.tangram]), as: .png, size: 800)
        #expect(try Self.count(tangram, in: both) > 200)
        #expect(try Self.count(sudoku, in: both) > 200)
        #expect(try Self.count(sudoku, in: onlyTangram) == 0)
        #expect(try Self.count(tangram, in: onlyTangram) > 200)
    }
}
