import GridEditGeometry
import GridEditJSON

/// The silhouette can be filled with the seven pieces: the solver searches until it finds a
/// filling or has tried every placement. Skipped when the stored arrangement already fills the
/// silhouette (solvable by construction), and for arrangement-only puzzles, whose figure is the
/// arrangement itself.
struct UnsolvableRule: Rule {
    static let id = "tangram.unsolvable"
    static let summary = "No arrangement of the seven pieces fills the silhouette."
    /// The solver tries placements until it finds a filling: too slow to run after every edit.
    static let searches = true

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        guard let silhouette = TangramTarget.silhouette(of: puzzle) else { return [] }
        let path = JSONPath.root.appending(key: "silhouette")
        switch silhouette {
        case .failure(let problem):
            return [finding("no arrangement of the seven pieces can fill this silhouette: \(problem)", at: path)]
        case .success(let region):
            if let arrangement = TangramTarget.arrangement(of: puzzle), arrangement == region { return [] }
            guard !TangramSolver.solve(region, limit: 1).isSolvable else { return [] }
            return [finding("no arrangement of the seven pieces fills this silhouette exactly (every placement was tried); "
                            + "build the figure from the pieces, then trace it", at: path)]
        }
    }
}
