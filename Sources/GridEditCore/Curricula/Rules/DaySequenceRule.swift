import GridEditJSON

/// Days are numbered 1, 2, 3 … in the order they are listed, with no gap and no repeat: the app
/// unlocks them in that order.
struct DaySequenceRule: Rule {
    static let id = "curriculum.day-sequence"
    static let summary = "Days are not numbered 1 to N in order without gaps or repeats."

    func check(_ view: CurriculumView) -> [Finding] {
        var findings: [Finding] = []
        var previous = 0
        for (index, day) in view.curriculum.days.enumerated() {
            let path = Curriculum.dayPath(index).appending(key: "day")
            if day.day == previous {
                findings.append(finding("day \(day.day) appears twice; number the days 1, 2, 3 … with each once", at: path))
            } else if day.day > previous + 1 {
                let missing = previous + 1 == day.day - 1 ? "day \(previous + 1) is missing" : "days \(previous + 1)…\(day.day - 1) are missing"
                findings.append(finding("day \(day.day) follows \(previous == 0 ? "the start" : "day \(previous)"); \(missing)", at: path))
            } else if day.day < previous {
                findings.append(finding("day \(day.day) comes after day \(previous); list the days in order", at: path))
            }
            previous = day.day
        }
        return findings
    }
}
