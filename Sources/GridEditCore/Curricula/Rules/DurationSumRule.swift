import GridEditJSON

/// A day's `estimatedMinutes` is the sum of its activities' `durationMinutes`, so the time the
/// app promises a parent is the time the activities take.
struct DurationSumRule: Rule {
    static let id = "curriculum.duration-sum"
    static let summary = "A day's estimated minutes are not the sum of its activities' durations."

    func check(_ view: CurriculumView) -> [Finding] {
        view.curriculum.days.enumerated().compactMap { index, day in
            let total = day.activities.reduce(0) { $0 + $1.durationMinutes }
            guard total != day.estimatedMinutes else { return nil }
            return finding("day \(day.day) estimates \(day.estimatedMinutes) minutes but its activities take \(total) "
                           + "(\(day.activities.map { String($0.durationMinutes) }.joined(separator: " + "))); make them agree",
                           at: Curriculum.dayPath(index).appending(key: "estimatedMinutes"))
        }
    }
}
