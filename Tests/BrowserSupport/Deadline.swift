import Synchronization

/// Runs asynchronous work with a deadline that holds even when the work never looks at
/// cancellation (a request to a hung chromedriver, a child process that will not end): the caller is resumed at the deadline with an error and the work is cancelled and left
/// behind. A task group would wait for its child, so this races two unstructured tasks instead.
/// The deadline counts only time in which the harness could run (see `sleep`).
public enum Deadline {
    public static func run<T: Sendable>(
        _ seconds: Double, _ what: @autoclosure () -> String,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let message = "\(what()): no answer within \(seconds) s"
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let worker = Task {
                    do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
                }
                let timer = Task {
                    guard await sleep(seconds) else { return }
                    if race.finish(.failure(WebDriverError(message, code: "timeout"))) { worker.cancel() }
                }
                race.start(continuation, worker: worker, timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Sleeps `seconds` of the time this task was given to run; false when cancelled first.
    ///
    /// In a full `swift test` run, CPU-bound suites can hold every thread of the concurrency
    /// pool for minutes (two on this machine). The work then cannot run either, and a plain
    /// sleep would wake up far too late and fail work that was never given a chance. So time is
    /// counted in slices of 0.1 s and a late wake-up counts as at most two slices.
    private static func sleep(_ seconds: Double) async -> Bool {
        let clock = ContinuousClock()
        let limit = Duration.milliseconds(Int(seconds * 1000)), slice = Duration.milliseconds(100)
        var counted = Duration.zero
        var last = clock.now
        while counted < limit {
            guard (try? await Task.sleep(for: min(slice, limit - counted))) != nil else { return false }
            let now = clock.now
            counted += min(now - last, slice * 2)
            last = now
        }
        return true
    }

    /// Resumes the caller once, with whichever comes first of the work, the deadline and the
    /// caller's cancellation, then cancels the work and the timer.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var tasks: [Task<Void, Never>] = []
            /// An outcome that came before `start` (a caller cancelled at once).
            var early: Result<T, any Error>?
            var done = false
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<T, any Error>, worker: Task<Void, Never>, timer: Task<Void, Never>) {
            let early = state.withLock { state -> Result<T, any Error>? in
                state.continuation = continuation
                state.tasks = [worker, timer]
                return state.early
            }
            if let early {
                worker.cancel()
                timer.cancel()
                continuation.resume(with: early)
            }
        }

        @discardableResult
        func finish(_ outcome: Result<T, any Error>) -> Bool {
            let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>])? in
                guard !state.done else { return nil }
                state.done = true
                guard let continuation = state.continuation else {
                    state.early = outcome
                    return (nil, [])
                }
                return (continuation, state.tasks)
            } ?? (nil, [])
            guard let continuation else { return false }
            for task in tasks { task.cancel() }
            continuation.resume(with: outcome)
            return true
        }
    }
}
