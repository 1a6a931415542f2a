import GridEditGeometry
import GridEditJSON

/// The solution is one figure: every piece touches the rest, along an edge or at a corner.
/// A warning, since a few classic figures (a figure and its shadow) are made of parts.
struct DisconnectedRule: Rule {
    static let id = "tangram.disconnected"
    static let summary = "The pieces form more than one figure."
    static let severity = Finding.Severity.warning

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        guard let poses = puzzle.pieces, poses.count > 1 else { return [] }
        let reached = Pose.figure(of: 0, in: poses)
        let apart = poses.indices.filter { !reached.contains($0) }
        guard !apart.isEmpty else { return [] }
        let names = apart.map { poses[$0].piece.rawValue }.joined(separator: ", ")
        return [finding("the pieces form more than one figure: \(names) do not touch \(poses[0].piece.rawValue)'s group",
                        at: JSONPath.root.appending(key: "pieces").appending(index: apart[0]))]
    }
}
