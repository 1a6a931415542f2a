import GridEditJSON

/// Difficulty ramps gently: for each game, the hardest puzzle of a day (by its measured
/// difficulty, reviews aside) is at most `rules.difficultyStep` (default 1.5, a level and a half) above the
/// hardest of that game's previous day. Easing off is always fine.
struct DifficultyRampRule: Rule {
    static let id = "curriculum.difficulty-ramp"
    static let summary = "A game's measured difficulty jumps by more than the allowed step from one day to the next."

    func check(_ view: CurriculumView) -> [Finding] {
        let step = view.curriculum.thresholds.difficultyStep
        var findings: [Finding] = []
        var previous: [Curriculum.Game: (day: Int, measure: PuzzleMeasure)] = [:]
        var hardest: [Curriculum.Game: (use: CurriculumView.Use, measure: PuzzleMeasure)] = [:]
        var current: Int?
        func close() {
            for game in Curriculum.Game.allCases {
                guard let (use, measure) = hardest[game] else { continue }
                if let (day, before) = previous[game], measure.value - before.value > step + 1e-9 {
                    findings.append(finding(
                        "\(use.reference) measures \(measure.description), a rise of \(PuzzleMeasure.text(measure.value - before.value)) "
                        + "from day \(day)'s hardest \(game.rawValue) (\(PuzzleMeasure.text(before.value))); the most allowed is "
                        + "\(step.decimalText(places: 3)) (rules.difficultyStep): add easier days between or pick an easier puzzle",
                        at: use.path))
                }
                previous[game] = (use.day, measure)
            }
            hardest = [:]
        }
        for use in view.uses {
            if use.dayIndex != current { close(); current = use.dayIndex }
            guard use.activity.type != .review, let entry = view.library.entry(use.reference), entry.game == use.activity.game,
                  let measure = entry.measure else { continue }
            if let known = hardest[entry.game], known.measure.value >= measure.value { continue }
            hardest[entry.game] = (use, measure)
        }
        close()
        return findings
    }
}
