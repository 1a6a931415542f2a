import GridEditGeometry
import GridEditJSON

/// The solution and the silhouette lie in the 8×8 play area (edges included).
struct OutOfBoundsRule: Rule {
    static let id = "tangram.out-of-bounds"
    static let summary = "A piece leaves the 8×8 play area."

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        var findings: [Finding] = []
        for (index, pose) in (puzzle.pieces ?? []).enumerated() {
            if let outside = pose.vertices.first(where: { !PlayArea.contains($0) }) {
                findings.append(finding(
                    "\(pose.piece.rawValue) leaves the 8×8 play area (its corner \(outside) is outside); move it inside 0…8",
                    at: JSONPath.root.appending(key: "pieces").appending(index: index)))
            }
        }
        for (index, ring) in (puzzle.silhouette ?? []).enumerated() {
            if let outside = ring.vertices.first(where: { !PlayArea.contains($0) }) {
                findings.append(finding("silhouette point \(outside) is outside the 8×8 play area",
                                        at: JSONPath.root.appending(key: "silhouette").appending(index: index)))
            }
        }
        return findings
    }
}
