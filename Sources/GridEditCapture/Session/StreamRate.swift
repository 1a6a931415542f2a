/// The stream's own speed, for its status line: frames per second, how long a frame's analysis
/// took (median, 95th percentile, worst) and how ``StreamAnalyzer`` read the frames. A live
/// stream says it every ``period`` seconds; a video or a set of images once, at its end.
struct StreamRate {
    static let period = 10.0

    private var periodStart: Double
    private var latencies: [Double] = []
    private var countsBefore = StreamAnalyzer.Counts()

    init(started: Double) {
        periodStart = started
    }

    mutating func add(latency seconds: Double) {
        latencies.append(seconds)
    }

    /// `camera: 30.0 frames/s; analysis median 1.2 ms, p95 18.0 ms, worst 31.5 ms (300 frames:
    /// 3 in full, 12 with the mat kept, 285 unchanged)`, when a period is over (or `final`).
    mutating func report(now: Double, counts: StreamAnalyzer.Counts, final: Bool = false) -> String? {
        let elapsed = now - periodStart
        guard !latencies.isEmpty, final || elapsed >= Self.period else { return nil }
        let sorted = latencies.sorted()
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        let full = counts.full - countsBefore.full, kept = counts.matKept - countsBefore.matKept
        let unchanged = counts.unchanged - countsBefore.unchanged
        let perSecond = elapsed > 0 ? String(format: "%.1f frames/s", Double(sorted.count) / elapsed) : "\(sorted.count) frames"
        let line = "\(final ? "stream" : "camera"): \(perSecond); analysis median \(ms(sorted[sorted.count / 2])), p95 \(ms(p95)), "
            + "worst \(ms(sorted.last!)) (\(sorted.count) frames: \(full) in full, \(kept) with the mat kept, \(unchanged) unchanged)"
        periodStart = now
        latencies = []
        countsBefore = counts
        return line
    }
}
