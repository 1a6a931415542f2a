import Foundation
import GridEditCore
import GridEditGeometry
@testable import GridEditRender
import GridEditTestSupport
import Testing

/// The outer outline of a tangram figure without a silhouette: GridEditGeometry's exact union of
/// its pieces, as the renderer strokes it.
@Suite("Figure outline from the exact union")
struct FigureOutlineTests {
    func p(_ x: Double, _ y: Double) -> Point { Point(Exact(approximating: x)!, Exact(approximating: y)!) }
    /// The outline of shapes given by their corners (counter-clockwise).
    func outline(_ shapes: [[Point]]) -> [[Point]] {
        ((try? OctilinearRegion(union: shapes.map { Polygon($0)! }))?.rings ?? []).map(\.vertices)
    }
    func square(_ x: Double, _ y: Double, _ side: Double = 1) -> [Point] {
        [p(x, y), p(x + side, y), p(x + side, y + side), p(x, y + side)]
    }

    @Test("two squares side by side: one rectangle, the shared edge gone, no straight-through corners")
    func sideBySide() {
        let rings = outline([square(0, 0), square(1, 0)])
        #expect(rings == [[p(0, 0), p(2, 0), p(2, 1), p(0, 1)]])
    }

    @Test("an edge shared over part of its length keeps the rest")
    func partialEdge() {
        let rings = outline([square(0, 0, 2), [p(2, 0.5), p(3, 0.5), p(3, 1.5), p(2, 1.5)]])
        #expect(rings == [[p(0, 0), p(2, 0), p(2, 0.5), p(3, 0.5), p(3, 1.5), p(2, 1.5), p(2, 2), p(0, 2)]])
    }

    @Test("squares touching only at a corner keep two rings")
    func cornerTouch() {
        let rings = outline([square(0, 0), square(1, 1)])
        #expect(rings.count == 2)
        #expect(rings.allSatisfy { $0.count == 4 })
    }

    @Test("overlapping pieces have no union: each piece is outlined")
    func overlapping() {
        let a = Pose(piece: .square, position: .origin)
        let b = Pose(piece: .small1, position: .origin)
        #expect(TangramFigure.outline(of: [a, b]) == [a.vertices, b.vertices])
    }

    @Test("a frame of four pieces around a hole gives the outer ring and the hole's, turning the other way")
    func hole() throws {
        let pieces = [
            [p(0, 0), p(3, 0), p(3, 1), p(0, 1)], [p(2, 1), p(3, 1), p(3, 3), p(2, 3)],
            [p(0, 2), p(2, 2), p(2, 3), p(0, 3)], [p(0, 1), p(1, 1), p(1, 2), p(0, 2)],
        ]
        let rings = outline(pieces)
        #expect(rings.count == 2)
        let polygons = try rings.map { try #require(Polygon($0)) }
        #expect(polygons.filter(\.isCounterClockwise).count == 1)
        let total = polygons.reduce(ZSqrt2.zero) { $0 + $1.twiceSignedArea }
        let expected = try pieces.reduce(ZSqrt2.zero) { $0 + (try #require(Polygon($1))).twiceSignedArea }
        #expect(total == expected)
    }

    @Test("√2 coordinates cancel exactly: a small triangle against part of a turned medium triangle's edge")
    func irrationalEdges() throws {
        // The medium triangle turned 45° has the edge (0,0)→(1,1), √2 long; the small triangle
        // turned 315° lies against its first unit, from the other side.
        let medium = Pose(piece: .medium, position: .origin, rotation: Rotation(eighths: 1)).vertices
        let small = Pose(piece: .small1, position: .origin, rotation: Rotation(eighths: 7)).vertices
        let half = Exact(quarters: 0, sqrt2Quarters: 2)  // √2/2
        let rings = outline([medium, small])
        #expect(rings.count == 1)
        // (0,0) is no corner any more: the medium's edge from (−1,1) runs straight on into the small's.
        #expect(Set(rings.first ?? []) == [Point(half, -half), Point(half, half), Point(Exact(1), Exact(1)), Point(Exact(-1), Exact(1))])
        let polygons = try rings.map { try #require(Polygon($0)) }
        let total = polygons.reduce(ZSqrt2.zero) { $0 + $1.twiceSignedArea }
        let expected = [medium, small].reduce(ZSqrt2.zero) { $0 + Polygon($1)!.twiceSignedArea }
        #expect(total == expected)
    }

    @Test("for every shipped tangram: simple rings, on piece corners, enclosing exactly the pieces' area")
    func shipped() throws {
        let files = ShippedContent.puzzleFiles.filter { $0.pathExtension == "json" }.filter { String(decoding: ShippedContent.bytes($0), as: UTF8.self).contains("\"tangram\"") }
        #expect(files.count >= 13)
        for file in files {
            let document = try PuzzleStore(root: file.deletingLastPathComponent().path).load(file.path).document
            guard let pieces = (document.puzzle as? TangramPuzzle)?.pieces, pieces.count == 7 else { continue }
            let polygons = pieces.map(\.vertices)
            let rings = TangramFigure.outline(of: pieces)
            let corners = Set(polygons.flatMap { $0 })
            var total = ZSqrt2.zero
            for ring in rings {
                let polygon = try #require(Polygon(ring), "\(file.lastPathComponent): a ring that is not simple")
                total += polygon.twiceSignedArea
                #expect(ring.allSatisfy(corners.contains), "\(file.lastPathComponent): an outline corner that is no piece's corner")
            }
            // Twice the area of the full set (8 square units) over 16.
            #expect(total == ZSqrt2(8 * 2 * 16), "\(file.lastPathComponent): outline encloses \(total), not the pieces")
            // A figure with a silhouette: the outline is the silhouette.
            if let silhouette = (document.puzzle as? TangramPuzzle)?.silhouette {
                let silhouetteArea = silhouette.reduce(ZSqrt2.zero) { $0 + $1.twiceSignedArea }
                #expect(silhouetteArea == total)
            }
        }
    }
}
