import Synchronization

/// Runs asynchronous work with a deadline that holds even when the work never looks at
/// cancellation (a URLSession request to a hung chromedriver, a child process that will not
/// end): the caller is resumed at the deadline with an error and the work is cancelled and left
/// behind. A task group would wait for its child, so this races two unstructured tasks instead.
/// The deadline counts only time in which the harness could run (see `sleep`).
public enum Deadline {
    public static func run<T: Sendable>(
        _ seconds: Double, _ what: @autoclosure () -> String,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let message = "\(what()): no answer within \(seconds) s"
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let race = Race(continuation)
            let worker = Task {
                do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
            }
            let timer = Task {
                guard await sleep(seconds) else { return }
                if race.finish(.failure(WebDriverError(message, code: "timeout"))) { worker.cancel() }
            }
            race.setTimer(timer)
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

    /// Resumes the caller once, with whichever comes first, and stops the timer when the work won.
    private final class Race<T: Sendable>: Sendable {
        private let continuation: CheckedContinuation<T, any Error>
        private let state = Mutex<(done: Bool, timer: Task<Void, Never>?)>((false, nil))

        init(_ continuation: CheckedContinuation<T, any Error>) { self.continuation = continuation }

        @discardableResult
        func finish(_ outcome: Result<T, any Error>) -> Bool {
            let (first, timer) = state.withLock { state in
                defer { state.done = true }
                return (!state.done, state.timer)
            }
            guard first else { return false }
            timer?.cancel()
            continuation.resume(with: outcome)
            return true
        }

        func setTimer(_ timer: Task<Void, Never>) {
            let done = state.withLock { state in
                state.timer = timer
                return state.done
            }
            if done { timer.cancel() }
        }
    }
}
