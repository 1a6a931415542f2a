import GridEditGeometry

/// Tangram figures from other programs' files, made exact. Each source format has its reader
/// (``TangramSVG``, ``TangramGTans``, ``TangramSugar``) that turns a file into ``Drawing``s:
/// rings of corners in floating-point coordinates, y up, as the program drew them. This type
/// makes a drawing exact the same way whatever its source: the unit from the area (the seven
/// pieces cover 8 square units) unless the format fixes it, every corner onto the exact lattice
/// relative to the first one within `Exact.vectorTolerance` (0.001 units), or refused with
/// the corner that is off (never rounded into another figure); seven rings are the pieces
/// (matched, and checked not to overlap), anything else a silhouette (solved).
public enum TangramImport {
    /// A figure as another program drew it.
    public struct Drawing: Sendable {
        /// Rings of corners, y up: the seven pieces, or the silhouette's outer rings and holes.
        public var rings: [[Corner]]
        /// Where each ring is in the source, for messages: "<polygon> #2", "piece 3 (square)".
        public var labels: [String]
        public var title: String?
        /// Drawing units per tangram unit when the format fixes it; nil: found from the area.
        public var unit: Double?
        /// The source format, for the puzzle's description: "SVG", "gTans", "Sugar Tangram".
        public var format: String
        /// Whether the source's y runs down (the rings have it turned up): messages give its own.
        public var sourceYRunsDown: Bool
        /// The rings exactly, relative to the first corner, when the format gives exact
        /// coordinates (then `rings` only serve messages and no corner is approximated).
        public var exact: [[Point]]?
        /// How far, in units, the source program lets a piece be from its place and still call
        /// the figure made (its own check): settling a loosely placed drawing may move a corner
        /// that far. nil: the drawing is meant to be exact (see `DrawnPieces.limit`).
        public var placementTolerance: Double?

        public init(rings: [[Corner]], labels: [String], title: String? = nil, unit: Double? = nil, format: String,
                    sourceYRunsDown: Bool = true) {
            self.rings = rings
            self.labels = labels
            self.title = title
            self.unit = unit
            self.format = format
            self.sourceYRunsDown = sourceYRunsDown
        }
    }

    public typealias Corner = (x: Double, y: Double)

    /// The cosine and sine of a turn by `eighths` × 45° (exact where they are 0 or ±1).
    static func turn(eighths: Int) -> (cos: Double, sin: Double) {
        let c = 2.0.squareRoot() / 2
        let table: [(Double, Double)] = [(1, 0), (c, c), (0, 1), (-c, c), (-1, 0), (-c, -c), (0, -1), (c, -c)]
        return table[((eighths % 8) + 8) % 8]
    }

    /// One figure of a collection file: its name, and its drawing or why it cannot be read.
    public struct Entry: Sendable {
        public var name: String
        public var drawing: Result<Drawing, Failure>

        public init(name: String, drawing: Result<Drawing, Failure>) {
            self.name = name
            self.drawing = drawing
        }
    }

    /// The figure made exact, its pieces matched (seven rings) or found by the solver (a
    /// silhouette), moved by whole units onto the middle of the board.
    public struct Figure: Sendable {
        /// The solution: the drawing's pieces, or the solver's first solution of its silhouette.
        public var pieces: [Pose]
        /// The silhouette, as rings (nil when the outline touches itself at a point: the pieces' outline is the figure).
        public var silhouette: [Polygon]?
        public var analysis: TangramAnalysis
        /// "seven pieces" or "silhouette".
        public var source: String
        /// The drawing's title, when it has one.
        public var title: String?
        /// The drawing's unit (drawing units per tangram unit), for the report.
        public var scale: Double
        /// The source format ("SVG", …).
        public var format: String
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        /// A corner is not within the tolerance of the lattice: the drawing may still be a
        /// tangram figure drawn loosely (see `DrawnPieces` in GridEditLayout).
        public var isOffLattice = false
        /// The entry is not a tangram figure at all (a collection's level made of other
        /// pictures): skipped, not refused.
        public var isNotATangram = false
        public init(_ description: String, isOffLattice: Bool = false, isNotATangram: Bool = false) {
            self.description = description
            self.isOffLattice = isOffLattice
            self.isNotATangram = isNotATangram
        }
    }

    /// The figures of one file, by its format: an SVG drawing (one figure, named after the file),
    /// a gTans figures file, a Sugar Tangram data set, GCompris' Qt levels. Throws when the
    /// file is none of them, or not readable as the one it looks like.
    public static func entries(of file: String, text: String) throws(Failure) -> [Entry] {
        var stem = FileSystem.lastComponent(of: file)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        let lower = file.lowercased()
        if lower.hasSuffix(".svg") || text.contains("<svg") {
            return [.init(name: stem, drawing: Result { () throws(Failure) in try TangramSVG.drawing(text) })]
        }
        if lower.hasSuffix(".figures") || text.hasPrefix("gTans") { return try TangramGTans.read(text, name: stem) }
        if text.contains("targetTans") { return try TangramSugar.read(text) }
        if text.contains("pieces"), text.contains("img") { return try TangramGCompris.read(text) }
        if lower.hasSuffix(".json") { return try TangramSugar.read(text) }
        throw Failure("not a format gridedit imports: an SVG drawing (.svg), a gTans figures file (.figures), "
                      + "GCompris' tangram levels (dataset.js) or a Sugar Tangram data set (dataSet.json or dataSet.js); see docs/tangram-solver.md")
    }

    /// Whether a drawing's rings are the seven pieces (else they are a silhouette's), and its
    /// unit: the format's, or found from the area (the pieces cover 8 square units).
    public static func reading(_ drawing: Drawing) throws(Failure) -> (sevenPieces: Bool, unit: Double) {
        let rings = drawing.rings
        guard !rings.isEmpty, rings.allSatisfy({ $0.count >= 3 }) else { throw Failure("no ring with three or more corners") }
        let areas = rings.map(signedArea)
        let seven = rings.count == 7 && areas.allSatisfy { abs($0) > 0 }
        let total = seven ? areas.map(abs).reduce(0, +) : abs(areas.reduce(0, +))
        guard total > 0 else { throw Failure("the shapes enclose no area") }
        return (seven, drawing.unit ?? (total / 8).squareRoot())
    }

    /// Makes a drawing exact (see the type's comment).
    public static func figure(_ drawing: Drawing) throws(Failure) -> Figure {
        let (seven, scale) = try reading(drawing)
        let rings: [[Point]]
        if let exact = drawing.exact { rings = exact } else { rings = try onTheLattice(drawing, scale: scale) }
        let exactRings = rings.map { ring in
            // Each corner once: no repeats in a row, no closing repeat of the first.
            var points: [Point] = []
            for (i, point) in ring.enumerated() where point != points.last && !(i == ring.count - 1 && point == points.first) {
                points.append(point)
            }
            return points
        }
        return seven ? try pieces(exactRings, drawing: drawing, scale: scale) : try silhouette(exactRings, drawing: drawing, scale: scale)
    }

    /// Every corner relative to the first, in units, taken onto the lattice within the vector
    /// tolerance, or refused with the corner that is off.
    static func onTheLattice(_ drawing: Drawing, scale: Double) throws(Failure) -> [[Point]] {
        let origin = drawing.rings[0][0]
        var exact: [[Point]] = []
        for (r, ring) in drawing.rings.enumerated() {
            var points: [Point] = []
            for (i, p) in ring.enumerated() {
                let (x, y) = ((p.x - origin.x) / scale, (p.y - origin.y) / scale)
                guard let ex = Exact(approximatingVectorTool: x), let ey = Exact(approximatingVectorTool: y) else {
                    throw Failure("\(drawing.labels[r]), corner \(i + 1) at (\(format(p.x)), \(format(drawing.sourceYRunsDown ? -p.y : p.y))) "
                                  + "is not within \(Exact.vectorTolerance) units of a corner of the tangram lattice (1 unit = \(format(scale)) drawing units); "
                                  + "is the figure made of the seven tangram pieces at 45° steps, drawn without distortion?", isOffLattice: true)
                }
                points.append(Point(ex, ey))
            }
            exact.append(points)
        }
        return exact
    }

    /// Seven polygons: each is matched to a piece and pose; the pieces must be the seven, touching
    /// nowhere but along edges and corners.
    static func pieces(_ rings: [[Point]], drawing: Drawing, scale: Double) throws(Failure) -> Figure {
        var poses: [Pose] = []
        var free = TangramPiece.allCases
        for (index, ring) in rings.enumerated() {
            guard let pose = match(ring, among: free) else {
                throw Failure("\(drawing.labels[index]) is not one of the tangram pieces still unmatched "
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
                      title: drawing.title, scale: scale, format: drawing.format)
    }

    /// A silhouette: its rings as drawn (outer counter-clockwise once y is up, holes clockwise;
    /// rings drawn the other way round are turned), solved to find its solutions.
    static func silhouette(_ rings: [[Point]], drawing: Drawing, scale: Double) throws(Failure) -> Figure {
        var polygons: [Polygon] = []
        for (index, ring) in rings.enumerated() {
            guard let polygon = Polygon(ring) else {
                throw Failure("\(drawing.labels[index]) is not a simple polygon once on the lattice")
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
                      title: drawing.title, scale: scale, format: drawing.format)
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
        // A drawing may say anything ("329.e29"): numbers no figure has are written as they are.
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension TangramImport {
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
                                      description: "Imported from \(figure.format) (\(figure.source))" + (difficulty.map { ": \($0.explanation)." } ?? "."),
                                      tags: ["imported"])
        return PuzzleDocument(puzzle: TangramPuzzle(metadata: metadata, pieces: figure.pieces, silhouette: figure.silhouette))
    }
}
