import GridEditGeometry

/// A tangram figure from an SVG drawing, made exact: seven piece polygons (as the KiloGram
/// figures are drawn), or the silhouette as one or more polygons or paths (outer rings and holes).
///
/// Shapes are `<polygon points>`, `<polyline points>` and `<path d>` with straight segments only
/// (M L H V Z, absolute or relative), under any `transform` (matrix, translate, scale, rotate,
/// skewX/Y) on them or their groups. The drawing's unit is found from its area (the seven pieces
/// cover 8 square units), the y axis is turned up, and every corner is taken onto the exact
/// lattice relative to the first one, within `Exact.vectorTolerance` (0.001 units; vector tools
/// write four or five decimals): a corner that is not that close to a lattice point is refused
/// with where it is, never rounded into another figure. A drawing turned by an angle that is not
/// a multiple of 45° is refused the same way.
public enum TangramSVG {
    /// The figure read from a drawing, its pieces matched (seven polygons) or found by the solver
    /// (a silhouette), moved by whole units onto the middle of the board.
    public struct Figure: Sendable {
        /// The solution: the drawing's pieces, or the solver's first solution of its silhouette.
        public var pieces: [Pose]
        /// The silhouette, as rings (nil when the outline touches itself at a point: the pieces' outline is the figure).
        public var silhouette: [Polygon]?
        public var analysis: TangramAnalysis
        /// "seven pieces" or "silhouette".
        public var source: String
        /// The `<title>` of the drawing, when it has one.
        public var title: String?
        /// The drawing's unit (drawing units per tangram unit), for the report.
        public var scale: Double
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads and makes exact the figure of an SVG text.
    public static func read(_ text: String) throws(Failure) -> Figure {
        let drawing = try SVGShapes.parse(text)
        let shapes = drawing.shapes.filter { $0.points.count >= 3 }
        guard !shapes.isEmpty else { throw Failure("no polygon or path with three or more corners; draw the pieces or the silhouette as polygons or straight paths") }
        // Up is up: SVG's y runs down.
        let rings = shapes.map { shape in shape.points.map { (x: $0.x, y: -$0.y) } }
        let areas = rings.map(signedArea)
        let seven = rings.count == 7 && areas.allSatisfy { abs($0) > 0 }
        let total = seven ? areas.map(abs).reduce(0, +) : abs(areas.reduce(0, +))
        guard total > 0 else { throw Failure("the shapes enclose no area") }
        let scale = (total / 8).squareRoot()
        let origin = rings[0][0]
        var exactRings: [[Point]] = []
        for (r, ring) in rings.enumerated() {
            var points: [Point] = []
            for (i, p) in ring.enumerated() {
                let (x, y) = ((p.x - origin.x) / scale, (p.y - origin.y) / scale)
                guard let ex = Exact(approximatingVectorTool: x), let ey = Exact(approximatingVectorTool: y) else {
                    throw Failure("\(drawing.shapes[r].element) (shape \(r + 1)), corner \(i + 1) at (\(format(ring[i].x)), \(format(-ring[i].y))) "
                                  + "is not within \(Exact.vectorTolerance) units of a corner of the tangram lattice (1 unit = \(format(scale)) drawing units); "
                                  + "is the figure made of the seven tangram pieces at 45° steps, drawn without distortion?")
                }
                let point = Point(ex, ey)
                if point != points.last && !(i == ring.count - 1 && point == points.first) { points.append(point) }
            }
            exactRings.append(points)
        }
        let figure: Figure
        if seven {
            figure = try pieces(exactRings, drawing: drawing, scale: scale)
        } else {
            figure = try silhouette(exactRings, drawing: drawing, scale: scale)
        }
        return figure
    }

    /// Seven polygons: each is matched to a piece and pose; the pieces must be the seven, touching
    /// nowhere but along edges and corners.
    static func pieces(_ rings: [[Point]], drawing: SVGShapes.Drawing, scale: Double) throws(Failure) -> Figure {
        var poses: [Pose] = []
        var free = TangramPiece.allCases
        for (index, ring) in rings.enumerated() {
            guard let pose = match(ring, among: free) else {
                throw Failure("\(drawing.shapes[index].element) (shape \(index + 1)) is not one of the tangram pieces still unmatched "
                              + "(\(free.map(\.rawValue).joined(separator: ", "))) at this scale; a drawing of pieces has the seven, each once")
            }
            poses.append(pose)
            free.removeAll { $0 == pose.piece }
        }
        guard let region = try? OctilinearRegion(union: poses.map(\.polygon)) else {
            throw Failure("the drawn pieces overlap; move them apart in the drawing so they only touch")
        }
        let placed = try onTheBoard(poses)
        let shift = placed[0].position - poses[0].position
        let moved = region.translated(by: shift)
        let analysis = TangramAnalysis(region: moved)
        return Figure(pieces: placed, silhouette: TangramGenerator.silhouette(of: moved), analysis: analysis, source: "seven pieces",
                      title: drawing.title, scale: scale)
    }

    /// A silhouette: its rings as drawn (outer counter-clockwise once y is up, holes clockwise;
    /// rings drawn the other way round are turned), solved to find its solutions.
    static func silhouette(_ rings: [[Point]], drawing: SVGShapes.Drawing, scale: Double) throws(Failure) -> Figure {
        var polygons: [Polygon] = []
        for (index, ring) in rings.enumerated() {
            guard let polygon = Polygon(ring) else {
                throw Failure("\(drawing.shapes[index].element) (shape \(index + 1)) is not a simple polygon once on the lattice")
            }
            polygons.append(polygon)
        }
        // The largest ring is the outline: counter-clockwise. The others are holes inside it, or
        // further outlines beside it; each keeps its own orientation relative to the largest.
        if let largest = polygons.indices.max(by: { abs(polygons[$0].twiceSignedArea.doubleValue) < abs(polygons[$1].twiceSignedArea.doubleValue) }),
           !polygons[largest].isCounterClockwise {
            polygons = polygons.map(\.reversed)
        }
        let region: OctilinearRegion
        do { region = try OctilinearRegion(rings: polygons) } catch {
            throw Failure("the silhouette is not a figure: \(error)")
        }
        let analysis = TangramAnalysis(region: region)
        guard let first = analysis.solutions.first else {
            throw Failure("no arrangement of the seven pieces fills this silhouette (`gridedit tangram solve` on the written figure says why)")
        }
        let placed = try onTheBoard(first)
        let shift = placed[0].position - first[0].position
        let moved = region.translated(by: shift)
        return Figure(pieces: placed, silhouette: TangramGenerator.silhouette(of: moved), analysis: TangramAnalysis(region: moved), source: "silhouette",
                      title: drawing.title, scale: scale)
    }

    /// The pose of `piece` whose corners are exactly `ring`'s (in any order and direction), if any.
    static func match(_ ring: [Point], among pieces: [TangramPiece]) -> Pose? {
        let corners = Set(ring)
        for piece in pieces {
            guard piece.shape.localVertices.count == ring.count else { continue }
            for flipped in piece.shape.isChiral ? [false, true] : [false] {
                for eighths in 0..<8 {
                    for corner in ring {
                        let pose = Pose(piece: piece, position: corner, rotation: Rotation(eighths: eighths), flipped: flipped)
                        if Set(pose.vertices) == corners { return pose }
                    }
                }
            }
        }
        return nil
    }

    /// Moved by whole units to the middle of the 8×8 board, as generated figures are; refused when it does not fit.
    static func onTheBoard(_ poses: [Pose]) throws(Failure) -> [Pose] {
        guard let placed = TangramGenerator.onTheBoard(poses, maximumSize: 8) else {
            let box = PoseBounds(poses)
            throw Failure(String(format: "the figure is %.2f × %.2f units; it does not fit the 8 × 8 board", box.width, box.height))
        }
        return placed
    }

    static func signedArea(_ ring: [(x: Double, y: Double)]) -> Double {
        var sum = 0.0
        for i in ring.indices {
            let (a, b) = (ring[i], ring[(i + 1) % ring.count])
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    public static func format(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension TangramSVG {
    /// A puzzle id from a file name: lower-case letters and digits joined by dashes.
    public static func identifier(from name: String) -> String {
        var id = ""
        for ch in name.lowercased() {
            if ch.isASCII && (ch.isLetter || ch.isNumber) { id.append(ch) } else if !id.isEmpty && id.last != "-" { id.append("-") }
        }
        while id.last == "-" { id.removeLast() }
        return id.isEmpty ? "figure" : id
    }

    /// The puzzle file of an imported figure: its silhouette, its solution, the solver's estimate.
    public static func puzzle(_ figure: Figure, id: String, timestamp: String) -> PuzzleDocument {
        let name = figure.title ?? id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let difficulty = TangramDifficulty(figure.analysis)
        let metadata = PuzzleMetadata(id: id, name: name, difficulty: difficulty?.level ?? .medium, createdAt: timestamp, updatedAt: timestamp,
                                      description: "Imported from SVG (\(figure.source))" + (difficulty.map { ": \($0.explanation)." } ?? "."),
                                      tags: ["imported"])
        return PuzzleDocument(puzzle: TangramPuzzle(metadata: metadata, pieces: figure.pieces, silhouette: figure.silhouette))
    }
}
