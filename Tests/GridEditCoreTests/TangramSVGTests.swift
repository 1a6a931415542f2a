import Foundation
@testable import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// SVG drawings made exact (issue 35): the fixtures are drawings made for these tests
/// (Tests/Fixtures/tangram-import), in the ways vector tools write them.
@Suite("Tangram figures from SVG, exactly")
struct TangramSVGTests {
    static func fixture(_ name: String) throws -> String { try GridEditBinary.fixture("tangram-import/" + name) }

    static func shipped(_ name: String) throws -> TangramPuzzle {
        let path = GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/\(name).json").path
        return try PuzzleStore(root: ".").load(path).document.puzzle as! TangramPuzzle
    }

    /// Footprints of poses moved so that their lowest, leftmost corner is the origin.
    static func shape(_ poses: [Pose]) -> Set<Pose.Footprint> {
        let low = poses.flatMap(\.vertices).min { ($0.y, $0.x) < ($1.y, $1.x) }!
        return Set(poses.map { $0.translated(by: .origin - low).footprint })
    }

    @Test("Seven piece polygons (100 units a unit, two decimals, y down, under a group translation) are the classic square, exactly")
    func sevenPieces() throws {
        let figure = try TangramSVG.read(try Self.fixture("square-pieces.svg"))
        #expect(figure.source == "seven pieces" && figure.title == "Classic Square")
        #expect(abs(figure.scale - 100) < 0.01)
        #expect(Self.shape(figure.pieces) == Self.shape(try Self.shipped("square").pieces!), "the pieces equal the shipped square's up to a translation")
        #expect(figure.analysis.solutions.count == 8 && figure.analysis.solutionsUpToSymmetry == 1)
        #expect(figure.pieces.allSatisfy { $0.vertices.allSatisfy { (0...8).contains($0.doubleX) && (0...8).contains($0.doubleY) } }, "on the board")
    }

    @Test("The same drawing turned 90° and halved by transforms on its group imports too: the square turned")
    func transforms() throws {
        let text = try Self.fixture("square-pieces.svg").replacingOccurrences(of: #"<g transform="translate(20, 20)""#,
                                                                           with: #"<g transform="rotate(90) scale(0.5) translate(20, 20)""#)
        let figure = try TangramSVG.read(text)
        #expect(abs(figure.scale - 50) < 0.01)
        #expect(figure.analysis.solutionsUpToSymmetry == 1)
        let turned = try Self.shipped("square").pieces!.map { pose in
            // SVG's rotate(90) turns clockwise as seen (its y runs down): a quarter turn clockwise.
            Pose(piece: pose.piece, position: Point(pose.position.y, .zero - pose.position.x), rotation: pose.rotation + Rotation(eighths: 6), flipped: pose.flipped)
        }
        #expect(Self.shape(figure.pieces) == Self.shape(turned))
    }

    @Test("A silhouette path with √2 corners (37.5 units a unit, two decimals) is solved; its one solution fills it")
    func silhouette() throws {
        let figure = try TangramSVG.read(try Self.fixture("arrow-silhouette.svg"))
        #expect(figure.source == "silhouette" && figure.title == "Arrow")
        #expect(figure.analysis.solutionsUpToSymmetry == 1)
        let region = try OctilinearRegion(union: figure.pieces.map(\.polygon))
        #expect(region == figure.analysis.region, "the stored solution fills the silhouette exactly")
        #expect(try #require(figure.silhouette).count == 1)
    }

    @Test("Refused, with where and why: a drawing turned 10°, curves, no SVG, overlapping pieces, a figure too big")
    func refusals() throws {
        #expect(throws: TangramImport.Failure.self) { try TangramSVG.read(try Self.fixture("arrow-turned-10.svg")) }
        let turned = try Self.fixture("arrow-turned-10.svg")
        do throws(TangramImport.Failure) {
            _ = try TangramSVG.read(turned)
        } catch {
            #expect(error.description.contains("<path> #1 (shape 1), corner 2") && error.description.contains("not within 0.001 units"), "\(error)")
        }
        let curve = #"<svg><path d="M0 0 C 10 10 20 10 30 0 Z"/></svg>"#
        #expect(throws: TangramImport.Failure("<path> #1: the path has a curve or arc (C); tangram figures have straight edges only (in your tool: flatten or convert the path to straight segments)")) {
            try TangramSVG.read(curve)
        }
        #expect(throws: TangramImport.Failure("no <svg> element; is this an SVG file?")) { try TangramSVG.read("<html><p>hi</p></html>") }
        // The square's pieces with one moved onto another.
        let overlapping = try Self.fixture("square-pieces.svg").replacingOccurrences(of: "400.00,-400.00 258.58,-541.42 258.58,-258.58",
                                                                                     with: "470.71,-400.00 329.29,-541.42 329.29,-258.58")
        #expect(throws: TangramImport.Failure.self) { try TangramSVG.read(overlapping) }
        // A strip 8 units long and 1 wide: area 8, not a tangram (no solution).
        let strip = #"<svg><polygon points="0,0 800,0 800,100 0,100"/></svg>"#
        #expect(throws: TangramImport.Failure.self) { try TangramSVG.read(strip) }
    }

    @Test("A coordinate of 3.29e31 (found by the fuzzer: it trapped while the message was written) is refused, naming its corner")
    func hugeCoordinate() throws {
        let drawing = try Self.fixture("square-pieces.svg").replacingOccurrences(of: "329.29,-329.29 258.58,-258.58", with: "329.e29,-329.29 258.58,-258.58")
        do throws(TangramImport.Failure) {
            _ = try TangramSVG.read(drawing)
            Issue.record("a drawing with a corner at 3.29e31 was imported")
        } catch {
            #expect(error.description.contains("<polygon> #7 (shape 7), corner 1 at (3.29e+31, "), "\(error)")
        }
    }
}
