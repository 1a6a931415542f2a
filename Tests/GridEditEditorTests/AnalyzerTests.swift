import Foundation
import GridEditEditor
import Synchronization
import Testing

/// The analyzer runs kinds' analyses off the edit path: a first part is shown while the rest is
/// worked out, a newer job cancels an older one (which never calls back), and answers are kept.
@Suite("Analyzer: parts, cancellation, the cache")
struct AnalyzerTests {
    final class Control: Sendable {
        let release = Atomic<Bool>(false)
        let ran = Atomic<Int>(0)
    }

    /// A job that publishes a part, then waits for `release` before answering (or stops when cancelled).
    static func job(_ key: String, _ control: Control) -> AnalysisJob {
        AnalysisJob(key: key, stages: { isCancelled, publish in
            control.ran.add(1, ordering: .relaxed)
            publish(KindAnalysis(status: "\(key): first part"))
            while !control.release.load(ordering: .relaxed) {
                if isCancelled() { return nil }
                usleep(1_000)
            }
            return KindAnalysis(status: "\(key): all")
        })
    }

    static func wait(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw CancellationError() }
            usleep(1_000)
        }
    }

    @Test("pending, then the first part, then the whole answer, remembered; callbacks for each")
    func parts() throws {
        let analyzer = Analyzer()
        let control = Control(), calls = Mutex<[String]>([])
        let job = Self.job("a", control)
        #expect(analyzer.start(job) { a in calls.withLock { $0.append(a.status) } } == .pending)
        try Self.wait("the first part") { calls.withLock { $0.count } == 1 }
        #expect(analyzer.start(job) { _ in } == .partial(KindAnalysis(status: "a: first part")))
        control.release.store(true, ordering: .relaxed)
        try Self.wait("the whole answer") { calls.withLock { $0.count } == 2 }
        #expect(calls.withLock { $0 } == ["a: first part", "a: all"])
        #expect(analyzer.start(job) { _ in } == .ready(KindAnalysis(status: "a: all")))
        #expect(control.ran.load(ordering: .relaxed) == 1, "worked out once")
    }

    @Test("a newer job cancels the older one: the older never calls back, its part is not shown for the newer")
    func cancellation() throws {
        let analyzer = Analyzer()
        let control = Control(), calls = Mutex<[String]>([])
        let old = Self.job("old", control)
        analyzer.start(old) { a in calls.withLock { $0.append(a.status) } }
        try Self.wait("the old part") { calls.withLock { $0.count } == 1 }
        let new = AnalysisJob(key: "new") { _ in KindAnalysis(status: "new: all") }
        analyzer.start(new) { a in calls.withLock { $0.append(a.status) } }
        try Self.wait("the new answer") { analyzer.cached(new) != nil }
        control.release.store(true, ordering: .relaxed)
        usleep(50_000)
        #expect(calls.withLock { $0 } == ["old: first part", "new: all"])
        #expect(analyzer.cached(old) == nil, "a cancelled analysis is not kept")
    }
}
