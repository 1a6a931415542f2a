import Foundation
import GridEditCore
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// Seven pieces drawn loosely (issue 35: gTans places pieces a few thousandths apart) settle into
/// the exact figure drawn, or are refused when settling would change the figure.
@Suite("DrawnPieces: a loosely drawn figure settles into the figure drawn, or is refused")
struct DrawnPiecesTests {
    /// Every shipped figure as a drawing, one piece moved by (dx, dy) units.
    static func drawings(moving dx: Double, _ dy: Double) throws -> [(name: String, poses: [Pose], drawing: TangramImport.Drawing)] {
        try LayoutSnapperTests.shippedFigures().map { figure in
            let rings = figure.poses.enumerated().map { index, pose in
                pose.vertices.map { (x: $0.doubleX + (index == 3 ? dx : 0), y: $0.doubleY + (index == 3 ? dy : 0)) }
            }
            return (figure.name, figure.poses, TangramImport.Drawing(rings: rings, labels: figure.poses.map(\.piece.rawValue), unit: 1, format: "test"))
        }
    }

    /// Footprints moved so that the lowest, leftmost corner is the origin.
    static func shape(_ poses: [Pose]) -> Set<Pose.Footprint> {
        let low = poses.flatMap(\.vertices).min { ($0.y, $0.x) < ($1.y, $1.x) }!
        return Set(poses.map { $0.translated(by: .origin - low).footprint })
    }

    @Test("A piece 0.004 units off: not on the lattice within 0.001, settled into the shipped figure exactly")
    func looseDrawingSettles() throws {
        for (name, poses, drawing) in try Self.drawings(moving: 0.004, -0.003) {
            #expect(throws: TangramImport.Failure.self) { try TangramImport.figure(drawing) }
            let settled = try DrawnPieces.settle(drawing)
            #expect(settled.moved <= DrawnPieces.limit, "\(name)")
            #expect(Self.shape(settled.figure.pieces) == Self.shape(poses), "\(name) settles into itself")
        }
    }

    @Test("A piece 0.05 units off is refused: settling would move a corner more than the limit")
    func farDrawingIsRefused() throws {
        for (name, _, drawing) in try Self.drawings(moving: 0.05, 0.03) {
            #expect(throws: TangramImport.Failure.self, "\(name)") { try DrawnPieces.settle(drawing) }
        }
    }
}
