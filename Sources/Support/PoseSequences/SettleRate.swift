import Foundation

/// The exact rate over many sequences, overall and by group, with the worst cases: what the test
/// asserts and the benchmark prints (the same code for both).
public struct SettleReport: Sendable {
    public var results: [ReplayResult]
    /// Seconds the whole run took.
    public var seconds: Double

    public init(results: [ReplayResult], seconds: Double) {
        self.results = results
        self.seconds = seconds
    }

    /// Replays every seed in `seeds` in turn (of `family`, or of the rated families by seed).
    public static func run(seeds: some Sequence<UInt64>, family: FigureFamily? = nil, checker: ReplayChecker = ReplayChecker(),
                           noise: (position: Double, angle: Double) = (PoseSequence.positionNoise, PoseSequence.angleNoise)) async -> SettleReport {
        let start = Date()
        var results: [ReplayResult] = []
        for seed in seeds { results.append(await checker.check(PoseSequence(seed: seed, family: family, noise: noise))) }
        return SettleReport(results: results, seconds: Date().timeIntervalSince(start))
    }

    public var exactCount: Int { results.filter(\.exact).count }
    /// Exact results over all, 0…1.
    public var rate: Double { results.isEmpty ? 0 : Double(exactCount) / Double(results.count) }

    /// The groups the benchmark reports: each figure family, then the sequences off the grid
    /// (which may be of any family) and those on it.
    public var groups: [(name: String, results: [ReplayResult])] {
        FigureFamily.allCases.compactMap { family in
            let group = results.filter { $0.family == family }
            return group.isEmpty ? nil : (family.rawValue, group)
        }
            + [("off-grid shift", results.filter(\.isOffGrid)), ("grid shift", results.filter { !$0.isOffGrid }),
               ("moved twice", results.filter { !$0.movedTwice.isEmpty })]
    }

    /// The worst failures first.
    public func worst(_ count: Int) -> [ReplayResult] {
        Array(results.filter { !$0.exact }.sorted { $0.badness > $1.badness }.prefix(count))
    }

    /// The rate overall and by group, then the worst cases.
    public func text(worst count: Int) -> String {
        func line(_ name: String, _ group: [ReplayResult]) -> String {
            let exact = group.filter(\.exact).count
            return String(format: "  %-16@ %5.1f%%  (%d of %d exact)", name as NSString,
                          group.isEmpty ? 0 : 100 * Double(exact) / Double(group.count), exact, group.count)
        }
        var lines = [line("all", results)] + groups.map { line($0.name, $0.results) }
        let failures = worst(count)
        if !failures.isEmpty {
            lines.append("  worst \(failures.count) (PoseSequence(seed:) rebuilds one; its touchFileText is the file replayed):")
            lines += failures.map { "    " + $0.summary }
        }
        return lines.joined(separator: "\n")
    }
}
