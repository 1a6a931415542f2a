import GridEditGeometry
import GridEditJSON

/// Reads the figure to solve from a file: a tangram puzzle (its silhouette, or the outline of its
/// arrangement when it has no silhouette) or a bare silhouette file
///
///     {"polygons": [[[x, y], ...], ...]}
///
/// with outer rings counter-clockwise and holes clockwise, in units where the small triangle's
/// legs are 1. Coordinates are exact strings (`"1+0.5√2"`) or numbers; a number that is not an
/// exact quarter (as exported by tools that compute in floating point: `1.4142135623730951`) is
/// snapped to the one value (a + b√2)/4 with |b| ≤ 64 within 1e-6 of it; failing that, a number
/// as a vector tool writes it (`2.8284`) to the one value with |b| ≤ 16 within 1e-3, with a note
/// saying which; refused when there is none.
public enum TangramFigureFile {
    public struct Figure: Sendable {
        /// The outline to fill: rings as read, outer counter-clockwise, holes clockwise.
        public var rings: [Polygon]
        /// Where it came from, for messages: "silhouette", "arrangement" or "polygons".
        public var source: String
        /// The puzzle, when the file is one.
        public var puzzle: TangramPuzzle?
        /// What was adjusted while reading, to tell the user (a repeated point dropped).
        public var notes: [Problem] = []

        /// The outline as a region, or why it is not one the pieces could fill.
        public var region: Result<OctilinearRegion, OctilinearRegion.Error> {
            Result(catching: { () throws(OctilinearRegion.Error) -> OctilinearRegion in
                source == "arrangement" ? try OctilinearRegion(union: rings) : try OctilinearRegion(rings: rings)
            })
        }
    }

    /// A problem with the file, located when it is about one value.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var location: SourceLocation?

        public var description: String {
            location.map { "\($0.line):\($0.column): \(message)" } ?? message
        }
    }

    public static func load(_ bytes: [UInt8]) -> Result<Figure, Problem> {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return .failure(Problem(message: error.message, location: error.location))
        }
        if case .object = root.value, root["polygons"] != nil, root["kind"] == nil {
            return polygons(root)
        }
        return puzzle(root, bytes: bytes)
    }

    // MARK: Bare silhouettes

    private static func polygons(_ root: JSONNode) -> Result<Figure, Problem> {
        guard case .object(let members) = root.value else { return .failure(Problem(message: "expected an object")) }
        if let extra = members.first(where: { $0.key != "polygons" }) {
            return .failure(Problem(message: "unknown key \"\(extra.key)\"; a silhouette file has only \"polygons\"",
                                    location: extra.keyLocation))
        }
        let node = root["polygons"]!
        guard case .array(let rings) = node.value, !rings.isEmpty else {
            return .failure(Problem(message: "\"polygons\" must be a non-empty array of rings", location: node.location))
        }
        var polygons: [Polygon] = []
        var notes: [Problem] = []
        for ring in rings {
            guard case .array(let items) = ring.value else {
                return .failure(Problem(message: "\(ring.path): a ring is an array of [x, y] points", location: ring.location))
            }
            var points: [Point] = []
            var nodes: [JSONNode] = []
            for item in items {
                guard case .array(let xy) = item.value, xy.count == 2 else {
                    return .failure(Problem(message: "\(item.path): a point is [x, y]", location: item.location))
                }
                switch (coordinate(xy[0]), coordinate(xy[1])) {
                case (.success(let x), .success(let y)):
                    points.append(Point(x, y))
                    nodes.append(item)
                    for (node, value) in [(xy[0], x), (xy[1], y)] {
                        if let note = vectorToolNote(node, value) { notes.append(note) }
                    }
                case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
                }
            }
            // Tools that compute in floating point often repeat a point (or close the ring by
            // repeating the first): after snapping, a point equal to the one before it is dropped,
            // and said so. What remains must still be a simple polygon.
            var kept: [Point] = []
            for (index, point) in points.enumerated() {
                let previous = kept.last
                let repeatsFirst = index == points.count - 1 && kept.count > 1 && point == kept[0]
                if point == previous || repeatsFirst {
                    notes.append(Problem(message: "\(nodes[index].path): the same point as the one \(point == previous ? "before it" : "the ring starts with"); "
                                         + "dropped (remove the repeat to silence this note)", location: nodes[index].location))
                    continue
                }
                kept.append(point)
            }
            points = kept
            guard let polygon = Polygon(points) else {
                return .failure(Problem(message: "\(ring.path): not a simple polygon (it needs 3 or more distinct points, no repeated points, no self-crossing)",
                                        location: ring.location))
            }
            polygons.append(polygon)
        }
        return .success(Figure(rings: polygons, source: "polygons", puzzle: nil, notes: notes))
    }

    /// An exact coordinate: an exact string, an exact quarter, or a decimal within 1e-6 of one
    /// value (a + b√2)/4.
    static func coordinate(_ node: JSONNode) -> Result<Exact, Problem> {
        switch node.value {
        case .string(let text):
            if let value = Exact(parsing: text) { return .success(value) }
            return .failure(Problem(message: "\(node.path): \"\(text)\" is not an exact coordinate; write a + b√2 with a and b multiples of 0.25, like \"1+0.5√2\"",
                                    location: node.location))
        case .number(let number):
            if let value = Exact(decimalLiteral: number.literal) ?? Exact(approximating: number.doubleValue)
                ?? Exact(approximatingVectorTool: number.doubleValue) {
                return .success(value)
            }
            return .failure(Problem(message: "\(node.path): \(number.literal) is not within 1e-6 of any exact coordinate (a + b√2)/4, "
                                    + "nor within \(Exact.vectorTolerance) of one with a √2 part up to 4√2; "
                                    + "check the figure's units (the small triangle's legs are 1) or write the value exactly, like \"1+0.5√2\"",
                                    location: node.location))
        default:
            return .failure(Problem(message: "\(node.path): expected a number or a string like \"1+0.5√2\", found \(node.typeName)",
                                    location: node.location))
        }
    }

    /// The note for a number taken at vector-tool precision (more than 1e-6 from its exact value).
    static func vectorToolNote(_ node: JSONNode, _ value: Exact) -> Problem? {
        guard case .number(let number) = node.value, Exact(decimalLiteral: number.literal) == nil,
              Exact(approximating: number.doubleValue) == nil else { return nil }
        return Problem(message: "\(node.path): took \(number.literal) as \(value) (within \(Exact.vectorTolerance), vector-tool precision); "
                       + "write \"\(value)\" to silence this note", location: node.location)
    }

    // MARK: Puzzles

    private static func puzzle(_ root: JSONNode, bytes: [UInt8]) -> Result<Figure, Problem> {
        let context = DecodeContext(source: bytes)
        guard let document = PuzzleDocument.decode(root, context: context) else {
            let first = context.findings.first
            let more = context.findings.count > 1 ? " (and \(context.findings.count - 1) more; run `gridedit check` on the file)" : ""
            return .failure(Problem(message: (first.map { "[\($0.rule)] \($0.message)" } ?? "not a puzzle") + more
                                    + (root["kind"] == nil && root["formatVersion"] == nil
                                       ? "; a bare silhouette file is {\"polygons\": [[[x, y], ...], ...]}" : ""),
                                    location: first?.location))
        }
        guard let puzzle = document.puzzle as? TangramPuzzle else {
            return .failure(Problem(message: "this is a \(document.kindName) puzzle, not a tangram"))
        }
        return figure(of: puzzle)
    }

    /// The figure a tangram puzzle asks for, as `gridedit tangram solve` reads it from the file:
    /// its silhouette, or else the outline of its seven pieces wherever they lie.
    public static func figure(of puzzle: TangramPuzzle) -> Result<Figure, Problem> {
        if let silhouette = puzzle.silhouette {
            return .success(Figure(rings: silhouette, source: "silhouette", puzzle: puzzle))
        }
        let poses = puzzle.pieces ?? []
        guard poses.count == TangramPiece.allCases.count, Set(poses.map(\.piece)).count == poses.count else {
            return .failure(Problem(message: "the puzzle has no silhouette and its pieces are not the seven tangram pieces; run `gridedit check` on the file"))
        }
        return .success(Figure(rings: poses.map(\.polygon), source: "arrangement", puzzle: puzzle))
    }
}
