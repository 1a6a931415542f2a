import GridEditGeometry
import GridEditJSON

/// When a puzzle stores both, the solution arrangement covers exactly the silhouette: the union
/// of the seven pieces, computed exactly, is the silhouette's region. Skipped while other rules
/// report the pieces (missing, overlapping, out of the play area) or the silhouette.
struct SolutionMismatchRule: Rule {
    static let id = "tangram.solution-mismatch"
    static let summary = "The stored arrangement does not cover exactly the stored silhouette."

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        guard let poses = puzzle.pieces,
              case .success(let silhouette)? = TangramTarget.silhouette(of: puzzle),
              let arrangement = TangramTarget.arrangement(poses),
              arrangement != silhouette else { return [] }
        // Both cover 8 square units and the pieces do not overlap, so they differ exactly when
        // some piece leaves the silhouette. One finding, at the first such piece, names them all.
        let outside = poses.indices.filter { !silhouette.contains(convex: poses[$0].polygon) }
        guard let first = outside.first else {
            return [finding("the pieces do not cover the silhouette exactly", at: JSONPath.root.appending(key: "pieces"))]
        }
        let names = outside.map { poses[$0].piece.rawValue }
        let which = names.count == 1 ? "\(names[0]) lies" : names.dropLast().joined(separator: ", ") + " and \(names.last!) lie"
        return [finding("the stored solution does not fill the silhouette: \(which) partly outside it; "
                        + "move the pieces or correct the silhouette",
                        at: JSONPath.root.appending(key: "pieces").appending(index: first))]
    }
}
