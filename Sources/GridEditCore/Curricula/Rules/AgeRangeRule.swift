import GridEditJSON

/// The plan's youngest children can be given its puzzles: a puzzle's measured level is at most
/// what the minimum age allows (up to 4 years easy, 5–6 medium, 7–8 hard, 9 and over expert).
struct AgeRangeRule: Rule {
    static let id = "curriculum.age-range"
    static let summary = "A puzzle is measured harder than the plan's youngest age allows."

    /// The hardest level for a child of this age.
    static func ceiling(forAge age: Int) -> Difficulty {
        switch age {
        case ...4: .easy
        case 5...6: .medium
        case 7...8: .hard
        default: .expert
        }
    }

    /// The youngest age whose ceiling allows `level`.
    static func youngestAge(for level: Difficulty) -> Int {
        (2...18).first { !(ceiling(forAge: $0) < level) } ?? 18
    }

    func check(_ view: CurriculumView) -> [Finding] {
        let youngest = view.curriculum.ageRange.lowerBound
        let ceiling = Self.ceiling(forAge: youngest)
        var reported = Set<Curriculum.PuzzleReference>()
        return view.uses.compactMap { use in
            guard let measure = view.library.entry(use.reference)?.measure, ceiling < measure.level,
                  reported.insert(use.reference).inserted else { return nil }
            return finding("\(use.reference) measures \(measure.level.rawValue) (\(PuzzleMeasure.text(measure.value))), above \(ceiling.rawValue), "
                           + "the hardest for the plan's youngest age (\(youngest)); raise ageRange.min to \(Self.youngestAge(for: measure.level)) "
                           + "or pick an easier puzzle", at: use.path)
        }
    }
}
