import GridEditGeometry
import GridEditJSON

/// The stored difficulty agrees with the solver's estimate (``TangramDifficulty``: hidden piece
/// outlines, convexity, number of solutions) to within one level. A warning: the estimate is a
/// guide, and the designer knows the children.
struct TangramDifficultyMismatchRule: Rule {
    static let id = "tangram.difficulty-mismatch"
    static let summary = "The stored difficulty is far from the solver's estimate."
    /// The estimate counts the silhouette's solutions with the solver: too slow for every edit.
    static let searches = true
    static let severity = Finding.Severity.warning

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        guard let figure = TangramTarget.figure(of: puzzle),
              let estimate = TangramDifficulty(TangramAnalysis(region: figure)),
              !estimate.agrees(with: puzzle.difficulty) else { return [] }
        return [finding("difficulty is \(puzzle.difficulty.rawValue) but the solver estimates \(estimate.level.rawValue) "
                        + "(\(estimate.explanation)); change it, or keep it if you know better",
                        at: JSONPath.root.appending(key: "difficulty"))]
    }
}
