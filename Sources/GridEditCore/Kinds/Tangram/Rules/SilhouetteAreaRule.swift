import GridEditGeometry
import GridEditJSON

/// The seven pieces cover exactly 8 square units, so a fillable silhouette has area 8
/// (outer rings minus holes). Exact: a shape off by a sliver is still refused.
struct SilhouetteAreaRule: Rule {
    static let id = "tangram.silhouette-area"
    static let summary = "The silhouette's area is not 8."

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        guard let rings = puzzle.silhouette else { return [] }
        let twice = rings.reduce(ZSqrt2.zero) { $0 + $1.twiceSignedArea }
        // twiceSignedArea is over 16, so area 8 is 8 · 2 · 16 = 256.
        guard twice != ZSqrt2(256) else { return [] }
        let area = twice.doubleValue / 32
        return [finding("the silhouette's area is \(area.decimalText()) but the seven pieces cover exactly 8",
                        at: JSONPath.root.appending(key: "silhouette"))]
    }
}
