import GridEditCore
import Dispatch
import Subprocess
import Synchronization
import SystemPackage

/// The programs gridedit starts (the REPL's `capture` streaming from gridedit-capture, `preview`
/// opening a viewer, the benchmark timing gridedit), all through swift-subprocess: it spawns with
/// every signal at its default and an empty mask, reaps the child, and stops it when the task
/// waiting for it is cancelled. (`gridedit mat|capture` is not here: it replaces the process with
/// `execv`, which is a hand-over, not a child.)
public enum ChildProcess {
    /// How a program ended.
    public enum Status: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        init(_ status: TerminationStatus) {
            switch status {
            case .exited(let code): self = .exited(code)
            case .signaled(let signal): self = .signalled(signal)
            }
        }
    }

    /// A program that could not be started or watched.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }

        init(starting executable: String, _ error: any Error) {
            let reason = (error as? SubprocessError)?.underlyingError.map { String(describing: $0) } ?? String(describing: error)
            self.init("cannot start \(executable): \(reason)")
        }
    }

    /// Runs `executable` to its end with `input` on its standard input and its output discarded.
    public static func run(_ executable: String, arguments: [String], environment: [String: String]? = nil,
                           input: String) async throws(Failure) -> Status {
        do {
            let result = try await Subprocess.run(.path(FilePath(executable)), arguments: Arguments(arguments),
                                                  environment: Self.environment(environment),
                                                  input: .string(input), output: .discarded, error: .discarded)
            return Status(result.terminationStatus)
        } catch {
            throw Failure(starting: executable, error)
        }
    }

    /// Starts a program found on PATH and leaves it to run on its own (reaped when it ends), with
    /// this process's standard output and error; false when there is no such program.
    public static func start(_ name: String, arguments: [String], environment: [String: String]) -> Bool {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard path.split(separator: ":").contains(where: { FileSystem.isExecutable(FileSystem.join(String($0), name)) }) else {
            return false
        }
        Task.detached {
            _ = try? await Subprocess.run(.name(name), arguments: Arguments(arguments), environment: Self.environment(environment),
                                          output: .currentStandardOutput, error: .currentStandardError)
        }
        return true
    }

    /// Runs `executable` with its standard output and error read line by line as they arrive,
    /// each stream in its own task (a status line on standard error is not held up by output).
    /// Lines are split at `\n` (a `\r` before it is dropped); a last line without a newline
    /// counts once the program closes the stream.
    ///
    /// `output` answers each line of standard output with nil to go on, or with a problem: then
    /// the program is stopped and the problem returned. Cancelling the calling task stops it too.
    /// Stopping closes its standard input, sends SIGTERM (to its whole process group when it has
    /// one of its own), and SIGKILL after `grace`.
    ///
    /// `ownProcessGroup` keeps Ctrl-C at the terminal from reaching it: an interactive session
    /// stops it itself. Its standard input is a pipe that stays open while it runs, so a program
    /// that watches for its input to close learns that gridedit is gone.
    public static func streamLines(
        _ executable: String, arguments: [String], ownProcessGroup: Bool, grace: Duration = .seconds(1),
        error: @escaping @Sendable (String) -> Void, output: @escaping @Sendable (String) -> String?
    ) async throws(Failure) -> StreamEnd {
        var options = PlatformOptions()
        if ownProcessGroup { options.processGroupID = 0 }
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: grace)]
        do {
            let result = try await Subprocess.run(
                .path(FilePath(executable)), arguments: Arguments(arguments), platformOptions: options,
                input: .inputWriter, output: .sequence, error: .sequence
            ) { execution -> String? in
                try await withTaskCancellationHandler {
                    try await withThrowingTaskGroup(of: String?.self) { group in
                        group.addTask {
                            for try await line in execution.standardError.strings(separatedBy: .unicodeScalarSequence("\n".unicodeScalars), bufferingPolicy: .unbounded) {
                                error(Self.droppingReturn(line))
                            }
                            return nil
                        }
                        group.addTask {
                            for try await line in execution.standardOutput.strings(separatedBy: .unicodeScalarSequence("\n".unicodeScalars), bufferingPolicy: .unbounded) {
                                if let problem = output(Self.droppingReturn(line)) { return problem }
                            }
                            return nil
                        }
                        for try await problem in group {
                            guard let problem else { continue }
                            group.cancelAll()
                            try? await execution.standardInputWriter.finish()
                            Self.signal(execution, .terminate, group: ownProcessGroup)
                            await execution.teardown(using: [.gracefulShutDown(allowedDurationToNextStep: grace)])
                            return problem
                        }
                        return nil
                    }
                } onCancel: {
                    // Subprocess tears the program down on cancellation; the group hears it too.
                    Self.signal(execution, .terminate, group: ownProcessGroup)
                }
            }
            if let problem = result.closureResult { return .stopped(problem: problem) }
            return Task.isCancelled ? .stopped(problem: nil) : .ended(Status(result.terminationStatus))
        } catch is CancellationError {
            return .stopped(problem: nil)
        } catch {
            if Task.isCancelled { return .stopped(problem: nil) }
            throw Failure(starting: executable, error)
        }
    }

    /// How a streamed program ended.
    public enum StreamEnd: Equatable, Sendable {
        /// On its own.
        case ended(Status)
        /// Stopped by gridedit: for a problem with its output, or (nil) because the caller stopped.
        case stopped(problem: String?)
    }

    /// Waits, from synchronous code, for an asynchronous job to finish. Only for a thread outside
    /// Swift concurrency's pool (the benchmark's main thread): it blocks the thread.
    public static func waitFor<T: Sendable>(_ job: @escaping @Sendable () async throws(Failure) -> T) throws(Failure) -> T {
        let outcome = Mutex<Result<T, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<T, Failure>
            do throws(Failure) { result = .success(try await job()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    private static func signal<Input, Output, Error>(_ execution: Execution<Input, Output, Error>, _ signal: Signal, group: Bool) {
        try? execution.send(signal: signal, toProcessGroup: group)
    }

    private static func droppingReturn(_ line: String) -> String {
        line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    private static func environment(_ values: [String: String]?) -> Subprocess.Environment {
        guard let values else { return .inherit }
        var keyed: [Subprocess.Environment.Key: String] = [:]
        for (key, value) in values {
            if let key = Subprocess.Environment.Key(rawValue: key) { keyed[key] = value }
        }
        return .custom(keyed)
    }
}
