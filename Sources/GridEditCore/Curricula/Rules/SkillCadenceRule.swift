import GridEditJSON

/// Every skill category of the plan is practised at least once in every run of
/// `rules.skillEveryDays` days (default 7): a skill left alone longer fades.
struct SkillCadenceRule: Rule {
    static let id = "curriculum.skill-cadence"
    static let summary = "A skill category goes unpractised for longer than the allowed number of days."

    func check(_ view: CurriculumView) -> [Finding] {
        let every = view.curriculum.thresholds.skillEveryDays
        var findings: [Finding] = []
        for (index, category) in view.curriculum.skillCategories.enumerated() {
            var last = 0
            var practisedAtAll = false
            for (dayIndex, day) in view.curriculum.days.enumerated() {
                if day.activities.contains(where: { $0.skills.contains(category) }) {
                    last = day.day
                    practisedAtAll = true
                } else if day.day - last == every {
                    findings.append(finding(
                        "\"\(category)\" is not practised on days \(last + 1)…\(day.day) (\(every) days); practise every skill category "
                        + "at least every \(every) days (rules.skillEveryDays)", at: Curriculum.dayPath(dayIndex)))
                }
            }
            if !practisedAtAll, view.curriculum.days.count < every {
                findings.append(finding("\"\(category)\" is never practised; add it to an activity's skills or remove it",
                                        at: JSONPath.root.appending(key: "skillCategories").appending(index: index)))
            }
        }
        return findings
    }
}
