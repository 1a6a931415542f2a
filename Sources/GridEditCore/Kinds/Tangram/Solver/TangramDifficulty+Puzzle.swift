import GridEditGeometry

extension TangramDifficulty {
    /// The solver's estimate for a puzzle's figure (its silhouette, else its solution's outline),
    /// or nil when the figure cannot be read or has no solution. What a new puzzle from the
    /// camera records, so that `tangram.difficulty-mismatch` has nothing to say about it.
    public static func estimate(for puzzle: TangramPuzzle) -> TangramDifficulty? {
        guard let figure = TangramTarget.figure(of: puzzle) else { return nil }
        return TangramDifficulty(TangramAnalysis(region: figure))
    }
}
