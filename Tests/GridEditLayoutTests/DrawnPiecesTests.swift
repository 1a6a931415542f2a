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

    static func fixture(_ name: String) throws -> String { try GridEditBinary.fixture("tangram-import/" + name) }

    @Test("GCompris levels placed by hand settle into the shipped figures; a square pushed 0.2 units is refused")
    func gcomprisLevels() throws {
        let entries = try TangramGCompris.read(try Self.fixture("gridedit-written-dataset.js"))
        let shipped = Dictionary(uniqueKeysWithValues: try LayoutSnapperTests.shippedFigures().map { ($0.name, $0.poses) })
        for (entry, name) in zip(entries, ["house", "cat", "rabbit"]) {
            let (figure, settledBy) = try DrawnPieces.figure(entry.drawing.get())
            let moved = try #require(settledBy, "\(entry.name) was placed by hand: it is settled")
            #expect(moved > 0.001 && moved <= TangramGCompris.placementTolerance, "\(entry.name) moved \(moved)")
            #expect(Self.shape(figure.pieces) == Self.shape(try #require(shipped[name])), "\(entry.name) is the shipped \(name)")
        }
        let pushed = try #require(entries.last)
        #expect(pushed.name == "Pushed house")
        #expect {
            try DrawnPieces.figure(pushed.drawing.get())
        } throws: { error in
            (error as? TangramImport.Failure)?.description.contains("would move a corner") == true
        }
    }

    /// With GRIDEDIT_TANGRAM_COLLECTIONS=DIR, every collection file in DIR (not in the repository:
    /// GPL and Apache data; see docs/tangram-solver.md) is imported the way `gridedit tangram
    /// import` imports it; every figure imported is valid and solvable, and stays within its
    /// source's tolerance of the drawing. The counts are printed.
    @Test("The real collections, when given: every figure imported is valid, solvable and within its tolerance of the drawing")
    func realCollections() throws {
        guard let folder = ProcessInfo.processInfo.environment["GRIDEDIT_TANGRAM_COLLECTIONS"] else { return }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            guard let entries = try? TangramImport.entries(of: file, text: text) else { continue }
            var imported = 0, pictures = 0
            for entry in entries {
                guard let drawing = try? entry.drawing.get() else {
                    if case .failure(let failure) = entry.drawing, failure.isNotATangram { pictures += 1 }
                    continue
                }
                guard let (figure, moved) = try? DrawnPieces.figure(drawing) else { continue }
                #expect(!figure.analysis.solutions.isEmpty, "\(file) \(entry.name)")
                #expect((moved ?? 0) <= drawing.placementTolerance ?? DrawnPieces.limit, "\(file) \(entry.name)")
                imported += 1
            }
            print("\(file): \(imported) of \(entries.count - pictures) imported")
        }
    }
}
