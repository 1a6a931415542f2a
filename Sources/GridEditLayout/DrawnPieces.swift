import Foundation
import GridEditCore
import GridEditGeometry

/// A drawing of the seven pieces whose corners are a little off the lattice: a program that
/// placed pieces with its own tolerance (gTans snaps pieces a few thousandths apart), or a hand
/// in a vector tool. Each ring is read as its piece's approximate pose and the seven are settled
/// together by the one layout engine (``CameraLayout/settle(_:)``, as a camera's and a finger's
/// poses are): 45° pieces meet exactly. The settled figure is kept only when it is the figure
/// drawn: no corner moved more than ``limit`` (beyond a shift of the whole figure), no overlap,
/// one figure. Otherwise the drawing is refused, never rounded into another figure.
public enum DrawnPieces {
    /// Units a corner may move (the whole figure's shift aside).
    public static let limit = 0.01

    /// The figure settled, and the largest move of a corner.
    public static func settle(_ drawing: TangramImport.Drawing) throws(TangramImport.Failure) -> (figure: TangramImport.Figure, moved: Double) {
        let (seven, scale) = try TangramImport.reading(drawing)
        guard seven else { throw TangramImport.Failure("not seven pieces") }
        let rings = drawing.rings.map { ring in ring.map { (x: $0.x / scale, y: $0.y / scale) } }
        var free = TangramPiece.allCases
        var seen: [ApproximatePose] = []
        for (index, ring) in rings.enumerated() {
            guard let pose = approximatePose(ring, among: free) else {
                throw TangramImport.Failure("\(drawing.labels[index]) is not one of the tangram pieces still unmatched at 45° steps")
            }
            seen.append(pose)
            free.removeAll { $0 == pose.piece }
        }
        let settled: LayoutSnapper.Result
        do throws(EditError) { settled = try CameraLayout.settle(seen) } catch {
            throw TangramImport.Failure("the pieces do not settle into one figure: \(error)")
        }
        guard settled.overlaps.isEmpty, settled.figures == 1 else {
            throw TangramImport.Failure("the pieces settle into \(settled.figures) figure\(settled.figures == 1 ? "" : "s")\(settled.overlaps.isEmpty ? "" : " with overlaps"); "
                                        + "is it one tangram figure?")
        }
        let poses = seen.map { s in settled.poses.first { $0.piece == s.piece }! }
        // How far each corner moved, the whole figure's shift taken out.
        let drawn = seen.map { $0.vertices }, exact = poses.map { $0.vertices.map { (x: $0.doubleX, y: $0.doubleY) } }
        let all = drawn.joined(), allExact = exact.joined()
        let shift = (x: allExact.map(\.x).reduce(0, +) / Double(allExact.count) - all.map(\.x).reduce(0, +) / Double(all.count),
                     y: allExact.map(\.y).reduce(0, +) / Double(allExact.count) - all.map(\.y).reduce(0, +) / Double(all.count))
        var moved = 0.0
        for (piece, ring) in rings.enumerated() {
            for corner in ring {
                moved = max(moved, exact[piece].map { hypot($0.x - shift.x - corner.x, $0.y - shift.y - corner.y) }.min()!)
            }
        }
        guard moved <= limit else {
            throw TangramImport.Failure(String(format: "settling the pieces into exact contact would move a corner %.4f units (more than %.2f): "
                                               + "the drawing is not close enough to one tangram figure", moved, limit))
        }
        var exactDrawing = drawing
        let origin = poses[0].vertices[0]
        exactDrawing.exact = poses.map { pose in pose.vertices.map { Point($0.x - origin.x, $0.y - origin.y) } }
        return (try TangramImport.figure(exactDrawing), moved)
    }

    /// The piece and pose whose outline is nearest `ring` (every corner within 0.05 units), if any.
    static func approximatePose(_ ring: [(x: Double, y: Double)], among pieces: [TangramPiece]) -> ApproximatePose? {
        var best: (error: Double, pose: ApproximatePose)?
        for piece in pieces where piece.shape.localVertices.count == ring.count {
            for flipped in piece.shape.isChiral ? [false, true] : [false] {
                for eighths in 0..<8 {
                    let degrees = Double(eighths * 45)
                    let at0 = piece.shape.approximateVertices(x: 0, y: 0, degrees: degrees, flipped: flipped)
                    for corner in ring {
                        let pose = ApproximatePose(piece: piece, x: corner.x - at0[0].x, y: corner.y - at0[0].y, degrees: degrees, flipped: flipped)
                        let error = pose.vertices.map { v in ring.map { ((v.x - $0.x) * (v.x - $0.x) + (v.y - $0.y) * (v.y - $0.y)).squareRoot() }.min()! }.max()!
                        if error < 0.05, error < best?.error ?? .infinity { best = (error, pose) }
                    }
                }
            }
        }
        return best?.pose
    }
}
