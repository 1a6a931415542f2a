import GridEditGeometry

/// A tangram figure from an SVG drawing: seven piece polygons (as the KiloGram figures are
/// drawn), or the silhouette as one or more polygons or paths (outer rings and holes), made
/// exact by ``TangramImport``.
///
/// Shapes are `<polygon points>`, `<polyline points>` and `<path d>` with straight segments only
/// (M L H V Z, absolute or relative), under any `transform` (matrix, translate, scale, rotate,
/// skewX/Y) on them or their groups. The drawing's unit is found from its area, the y axis is
/// turned up; vector tools write four or five decimals, well within the lattice tolerance. A
/// drawing turned by an angle that is not a multiple of 45° is refused with the corner that is off.
public enum TangramSVG {
    /// The drawing of an SVG text.
    public static func drawing(_ text: String) throws(TangramImport.Failure) -> TangramImport.Drawing {
        let drawing = try SVGShapes.parse(text)
        let shapes = drawing.shapes.filter { $0.points.count >= 3 }
        guard !shapes.isEmpty else { throw TangramImport.Failure("no polygon or path with three or more corners; draw the pieces or the silhouette as polygons or straight paths") }
        // Up is up: SVG's y runs down.
        return TangramImport.Drawing(rings: shapes.map { shape in shape.points.map { (x: $0.x, y: -$0.y) } },
                                     labels: shapes.indices.map { "\(shapes[$0].element) (shape \($0 + 1))" },
                                     title: drawing.title, format: "SVG")
    }

    /// Reads and makes exact the figure of an SVG text.
    public static func read(_ text: String) throws(TangramImport.Failure) -> TangramImport.Figure {
        try TangramImport.figure(drawing(text))
    }
}
