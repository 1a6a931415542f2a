import GridEditJSON

/// A puzzle is not played again within `rules.reuseWindowDays` days (default 7) of its last use:
/// the same puzzle all week teaches nothing new. Review activities are exempt: going back is
/// their purpose.
struct PuzzleReuseRule: Rule {
    static let id = "curriculum.puzzle-reuse"
    static let summary = "A puzzle is used again within the reuse window outside a review activity."

    func check(_ view: CurriculumView) -> [Finding] {
        let window = view.curriculum.thresholds.reuseWindowDays
        var last: [Curriculum.PuzzleReference: Int] = [:]
        var findings: [Finding] = []
        for use in view.uses where use.activity.type != .review {
            if let before = last[use.reference], use.day - before < window {
                let when = before == use.day ? "earlier the same day" : "on day \(before), \(use.day - before) day\(use.day - before == 1 ? "" : "s") before"
                findings.append(finding(
                    "\(use.reference) was used \(when); a puzzle waits \(window) days before it is used again (rules.reuseWindowDays), "
                    + "unless the activity is a review", at: use.path))
            }
            last[use.reference] = use.day
        }
        return findings
    }
}
