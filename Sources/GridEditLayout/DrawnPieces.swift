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
/// A source whose own game accepts a piece some way off its place (gTans, GCompris' Qt activity) says so
/// (``TangramImport/Drawing/placementTolerance``) and its figures may move that far.
public enum DrawnPieces {
    /// Units a corner may move (the whole figure's shift aside), unless the drawing's source
    /// allows more (``TangramImport/Drawing/placementTolerance``: gTans' and GCompris' own checks do).
    public static let limit = 0.01
    /// The corner pins' reaches tried (``LayoutSnapper/tolerance``), the camera's first.
    static let reaches = [0.125, 0.0625, 0.03, 0.09, 0.16, 0.2, 0.25]

    /// A drawing made exact as `gridedit tangram import` makes it: on the lattice as drawn, or
    /// else, seven pieces placed loosely, settled (`settledBy`: the largest move of a corner).
    public static func figure(_ drawing: TangramImport.Drawing) throws(TangramImport.Failure) -> (figure: TangramImport.Figure, settledBy: Double?) {
        do throws(TangramImport.Failure) { return (try TangramImport.figure(drawing), nil) } catch {
            guard error.isOffLattice, drawing.rings.count == 7 else { throw error }
            do throws(TangramImport.Failure) {
                let (figure, moved) = try settle(drawing)
                return (figure, moved)
            } catch let settling {
                throw TangramImport.Failure("\(error.description); settling the seven pieces into exact contact: \(settling.description)")
            }
        }
    }

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
        // Settled as a camera's poses are (corners pinned within 0.125 units of where they were
        // seen), and again with the pins' reach from a quarter of that to twice it: a drawing
        // may be more or less exact than a camera. The layout that moves the drawing least wins.
        let sorted = seen.sorted { $0.piece < $1.piece }
        var best: (moved: Double, poses: [Pose])?
        var failure = "the pieces do not settle into one figure"
        for reach in reaches {
            var snapper = LayoutSnapper()
            snapper.tolerance = reach
            let settled: LayoutSnapper.Result
            do throws(EditError) { settled = try snapper.snap(sorted) } catch {
                failure = "the pieces do not settle into one figure: \(error)"
                continue
            }
            guard settled.overlaps.isEmpty, settled.figures == 1 else {
                failure = "the pieces settle into \(settled.figures) figure\(settled.figures == 1 ? "" : "s")\(settled.overlaps.isEmpty ? "" : " with overlaps"); is it one tangram figure?"
                continue
            }
            let poses = seen.map { s in settled.poses.first { $0.piece == s.piece }! }
            let moved = largestMove(rings, onto: poses.map { $0.vertices.map { (x: $0.doubleX, y: $0.doubleY) } })
            if moved < best?.moved ?? .infinity { best = (moved, poses) }
        }
        guard let (moved, poses) = best else { throw TangramImport.Failure(failure) }
        let allowed = drawing.placementTolerance ?? limit
        guard moved <= allowed else {
            throw TangramImport.Failure(String(format: "settling the pieces into exact contact would move a corner %.4f units (more than %.3f): "
                                               + "the drawing is not close enough to one tangram figure", moved, allowed))
        }
        var exactDrawing = drawing
        let origin = poses[0].vertices[0]
        exactDrawing.exact = poses.map { pose in pose.vertices.map { Point($0.x - origin.x, $0.y - origin.y) } }
        return (try TangramImport.figure(exactDrawing), moved)
    }

    /// How far the drawn corners are from the settled ones, once the whole figure's shift and
    /// scale are taken out (a drawing's unit is measured, so it may be off by a percent or two:
    /// the scale is fitted within 2%). Each drawn corner is paired with its piece's nearest
    /// settled corner.
    static func largestMove(_ drawn: [[(x: Double, y: Double)]], onto exact: [[(x: Double, y: Double)]]) -> Double {
        func mean(_ points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
            (points.map(\.x).reduce(0, +) / Double(points.count), points.map(\.y).reduce(0, +) / Double(points.count))
        }
        let d0 = mean(Array(drawn.joined())), e0 = mean(Array(exact.joined()))
        let centred = exact.map { ring in ring.map { (x: $0.x - e0.x, y: $0.y - e0.y) } }
        var pairs: [(d: (x: Double, y: Double), e: (x: Double, y: Double))] = []
        for (piece, ring) in drawn.enumerated() {
            for c in ring {
                let (dx, dy) = (c.x - d0.x, c.y - d0.y)
                let e = centred[piece].min { hypot($0.x - dx, $0.y - dy) < hypot($1.x - dx, $1.y - dy) }!
                pairs.append(((dx, dy), e))
            }
        }
        let dot = pairs.map { $0.d.x * $0.e.x + $0.d.y * $0.e.y }.reduce(0, +)
        let norm = pairs.map { $0.e.x * $0.e.x + $0.e.y * $0.e.y }.reduce(0, +)
        let scale = norm > 0 ? min(max(dot / norm, 0.98), 1.02) : 1
        return pairs.map { hypot(scale * $0.e.x - $0.d.x, scale * $0.e.y - $0.d.y) }.max() ?? 0
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
