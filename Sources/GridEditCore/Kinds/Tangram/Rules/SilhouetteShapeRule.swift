import GridEditGeometry
import GridEditJSON

/// Silhouette rings are simple polygons (checked while decoding), at least one is an outer
/// ring (counter-clockwise), and every hole (clockwise) lies inside an outer ring.
struct SilhouetteShapeRule: Rule {
    static let id = "tangram.silhouette-shape"
    static let summary = "A silhouette ring is not a simple polygon or has the wrong orientation."

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        guard let rings = puzzle.silhouette else { return [] }
        let outers = rings.filter(\.isCounterClockwise)
        let path = JSONPath.root.appending(key: "silhouette")
        if outers.isEmpty {
            return [finding("no outer ring: list the outline's points counter-clockwise (holes go clockwise)", at: path)]
        }
        var findings: [Finding] = []
        for (index, hole) in rings.enumerated() where !hole.isCounterClockwise {
            let inside = outers.contains { outer in hole.vertices.allSatisfy { outer.contains($0) != .outside } }
            if !inside {
                findings.append(finding(
                    "ring \(index) runs clockwise, so it is a hole, but it is not inside an outer ring; reverse its points if it is an outline",
                    at: path.appending(index: index)))
            }
        }
        return findings
    }
}
