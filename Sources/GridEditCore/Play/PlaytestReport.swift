import GridEditJSON

/// How the puzzles of a folder of play records played: per puzzle, how many plays, how many
/// solved, the median time to solve, wrong placements and hints per play, and the pieces or
/// cells most often misplaced. What `gridedit playtest report` prints, as text or JSON, and
/// draws as a chart.
public struct PlaytestReport: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var activityId: String
        public var kind: String
        public var plays: Int
        public var solved: Int
        /// Median seconds to solve, over the solved plays (nil when none was solved).
        public var medianSeconds: Double?
        /// Median wrong placements and hints per play.
        public var medianErrors: Double
        public var medianHints: Double
        /// Every wrong placement and every hint, summed over the plays.
        public var errors: Int
        public var hints: Int
        /// Parts misplaced, most often first (ties by name), with their counts.
        public var misplaced: [(part: String, count: Int)]

        public static func == (a: Entry, b: Entry) -> Bool {
            a.activityId == b.activityId && a.kind == b.kind && a.plays == b.plays && a.solved == b.solved
                && a.medianSeconds == b.medianSeconds && a.medianErrors == b.medianErrors && a.medianHints == b.medianHints
                && a.errors == b.errors && a.hints == b.hints
                && a.misplaced.map(\.part) == b.misplaced.map(\.part) && a.misplaced.map(\.count) == b.misplaced.map(\.count)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(activityId) }
    }

    /// One entry per puzzle, in order of activity id.
    public var entries: [Entry]

    public init(_ records: [PlayRecord]) {
        let byActivity = Dictionary(grouping: records, by: \.activityId)
        entries = byActivity.keys.sorted().map { id in
            let plays = byActivity[id]!
            let solved = plays.filter(\.completed)
            var misplaced: [String: Int] = [:]
            for record in plays { for error in record.errors { misplaced[error.part, default: 0] += 1 } }
            return Entry(activityId: id, kind: plays[0].kind, plays: plays.count, solved: solved.count,
                         medianSeconds: solved.isEmpty ? nil : Self.median(solved.map(\.durationSeconds)),
                         medianErrors: Self.median(plays.map { Double($0.errors.count) }),
                         medianHints: Self.median(plays.map { Double($0.hintsUsed) }),
                         errors: plays.reduce(0) { $0 + $1.errors.count }, hints: plays.reduce(0) { $0 + $1.hintsUsed },
                         misplaced: misplaced.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) })
        }
    }

    /// The middle value (the mean of the middle two for an even count).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    public var text: String {
        guard !entries.isEmpty else { return "no play records\n" }
        let header = ["puzzle", "plays", "solved", "median time", "wrong/play", "hints/play", "most misplaced"]
        var rows = [header]
        for e in entries {
            rows.append([e.activityId, String(e.plays), String(e.solved),
                         e.medianSeconds.map { $0.decimalText(places: 1) + " s" } ?? "-",
                         e.medianErrors.decimalText(places: 1), e.medianHints.decimalText(places: 1),
                         e.misplaced.prefix(3).map { "\($0.part) ×\($0.count)" }.joined(separator: ", ")])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max()! }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        .object([.init("puzzles", .array(entries.map { e in
            var members: [JSONValue.Member] = [
                .init("activityId", .string(e.activityId)), .init("kind", .string(e.kind)),
                .init("plays", .number(String(e.plays))), .init("solved", .number(String(e.solved))),
            ]
            members.append(.init("medianSeconds", e.medianSeconds.map { .number($0.decimalText(places: 3)) } ?? .null))
            members += [
                .init("medianErrors", .number(e.medianErrors.decimalText(places: 3))),
                .init("medianHints", .number(e.medianHints.decimalText(places: 3))),
                .init("errors", .number(String(e.errors))), .init("hints", .number(String(e.hints))),
                .init("misplaced", .array(e.misplaced.map {
                    .object([.init("part", .string($0.part)), .init("count", .number(String($0.count)))])
                })),
            ]
            return .object(members)
        }))])
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
