import Synchronization

/// Runs asynchronous work with a deadline that holds even when the work never looks at
/// cancellation (a URLSession request to a hung chromedriver, a child process that will not
/// end): the caller is resumed at the deadline with an error and the work is cancelled and left
/// behind. A task group would wait for its child, so this races two unstructured tasks instead.
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
                guard (try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))) != nil else { return }
                if race.finish(.failure(WebDriverError(message, code: "timeout"))) { worker.cancel() }
            }
            race.setTimer(timer)
        }
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
