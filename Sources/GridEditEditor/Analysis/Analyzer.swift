import Dispatch
import Synchronization

/// Runs kinds' analyses (the solver, the grader) off the edit path, for every front end of one
/// service: an edit never waits for one. One analysis runs at a time; starting another cancels
/// the one running (a newer edit makes it stale), and results are kept by content, so undo or a
/// second page finds the answer at once.
public final class Analyzer: Sendable {
    /// What is known of a job's answer.
    public enum Answer: Sendable, Equatable {
        /// Being worked out; the callback given to ``start(_:whenReady:)`` will say when.
        case pending
        /// Being worked out, with a first part known (a Sudoku's count and true candidates
        /// while its grade is searched for); the callback is called for each part and the end.
        case partial(KindAnalysis)
        case ready(KindAnalysis)
    }

    private final class Run: Sendable {
        let key: String
        let cancelled = Atomic<Bool>(false)
        init(key: String) { self.key = key }
    }

    private struct State {
        var cache: [String: KindAnalysis] = [:]
        /// Keys oldest first, to forget the oldest beyond ``capacity``.
        var order: [String] = []
        var running: Run?
        /// The running job's first part, once it published one.
        var partial: KindAnalysis?
        var waiting: [@Sendable (KindAnalysis) -> Void] = []
    }

    private let state = Mutex(State())
    /// How many answers are kept.
    public let capacity: Int

    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The answer if it is known.
    public func cached(_ job: AnalysisJob) -> KindAnalysis? {
        state.withLock { $0.cache[job.key] }
    }

    /// The answer now if known; otherwise starts working it out (cancelling any other analysis
    /// under way) and calls `whenReady` on another thread when a part of it (``Answer/partial(_:)``)
    /// and when all of it is done. A cancelled analysis never calls back.
    @discardableResult
    public func start(_ job: AnalysisJob, whenReady: @escaping @Sendable (KindAnalysis) -> Void) -> Answer {
        let (run, partial): (Run?, KindAnalysis?) = state.withLock { s in
            if s.cache[job.key] != nil { return (nil, nil) }
            if let running = s.running, running.key == job.key {
                s.waiting.append(whenReady)
                return (nil, s.partial)
            }
            s.running?.cancelled.store(true, ordering: .relaxed)
            let run = Run(key: job.key)
            s.running = run
            s.partial = nil
            s.waiting = [whenReady]
            return (run, nil)
        }
        if let known = cached(job) { return .ready(known) }
        guard let run else { return partial.map(Answer.partial) ?? .pending }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = job.run({ run.cancelled.load(ordering: .relaxed) }) { part in
                let callbacks: [@Sendable (KindAnalysis) -> Void] = self.state.withLock { s in
                    guard s.running === run, !run.cancelled.load(ordering: .relaxed) else { return [] }
                    s.partial = part
                    return s.waiting
                }
                for callback in callbacks { callback(part) }
            }
            let callbacks: [@Sendable (KindAnalysis) -> Void] = state.withLock { s in
                guard s.running === run else { return [] }
                s.running = nil
                s.partial = nil
                defer { s.waiting = [] }
                guard let result, !run.cancelled.load(ordering: .relaxed) else { return [] }
                s.cache[run.key] = result
                s.order.append(run.key)
                if s.order.count > capacity { s.cache[s.order.removeFirst()] = nil }
                return s.waiting
            }
            if let result { for callback in callbacks { callback(result) } }
        }
        return .pending
    }

    /// The answer, worked out on this thread if it is not known (for a front end that shows it
    /// in line, as the REPL's status does after each command).
    public func answer(_ job: AnalysisJob) -> KindAnalysis? {
        if let known = cached(job) { return known }
        guard let result = job.run({ false }, { _ in }) else { return nil }
        state.withLock { s in
            if s.cache[job.key] == nil {
                s.cache[job.key] = result
                s.order.append(job.key)
                if s.order.count > capacity { s.cache[s.order.removeFirst()] = nil }
            }
        }
        return result
    }
}
