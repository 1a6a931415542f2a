import GridEditGeometry
import GridEditJSON

/// No two pieces cover common ground. Decided exactly in ℤ[√2]: pieces that share an edge,
/// part of an edge or a corner touch, they do not overlap.
struct OverlapRule: Rule {
    static let id = "tangram.overlap"
    static let summary = "Two pieces overlap."

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        overlaps(in: puzzle.pieces ?? [], field: "pieces") + overlaps(in: puzzle.tray ?? [], field: "tray")
    }

    func overlaps(in poses: [Pose], field: String) -> [Finding] {
        let polygons = poses.map(\.polygon)
        var findings: [Finding] = []
        for j in polygons.indices {
            for i in 0..<j where polygons[i].interiorsOverlap(polygons[j]) {
                findings.append(finding(
                    "\(poses[j].piece.rawValue) overlaps \(poses[i].piece.rawValue) (\(field)[\(i)]); move one so they only touch",
                    at: JSONPath.root.appending(key: field).appending(index: j)))
            }
        }
        return findings
    }
}
