/// What packs and curricula ask of a tangram: its figure up to congruence, and the solver's
/// estimate.
extension TangramKind {
    /// `tangram ` + the congruence key of the figure (equal for the same figure moved, turned or
    /// mirrored); nil without a figure.
    public static func sameAs(_ puzzle: TangramPuzzle) -> (key: String, exact: String?)? {
        guard let figure = TangramTarget.figure(of: puzzle) else { return nil }
        let key = figure.congruenceKey.edges.map { edge in
            [edge.start.x, edge.start.y, edge.end.x, edge.end.y].map { "\($0.numerator.a),\($0.numerator.b)" }.joined(separator: " ")
        }.joined(separator: ";")
        return (key: "tangram " + key, exact: nil)
    }

    public static var curriculumSkill: String { "spatial-reasoning" }

    public static func objectName(_ puzzleName: String) -> String { "the \(puzzleName) figure" }

    /// The level is the solver's estimate, the fraction how far its points are into the level's
    /// band (TangramDifficulty.level: ...3, 4...5, 6...7, 8...).
    public static func measure(_ puzzle: TangramPuzzle) -> PuzzleMeasure? {
        guard let estimate = TangramDifficulty.estimate(for: puzzle) else { return nil }
        let bands = [(0, 4), (4, 6), (6, 8), (8, 12)]
        let index = Difficulty.allCases.firstIndex(of: estimate.level)!
        return PuzzleMeasure(game: name, score: estimate.points, scoreName: "solver points", level: estimate.level, band: bands[index])
    }
}
