import Foundation

/// The real `gridedit` binary left running (a server, a REPL fed line by line): its output is
/// collected as it comes, so a test can wait for a line, type the next command, send a signal
/// and wait for the exit. Ended with SIGKILL when the test is done with it and it still runs.
/// Shared by the end-to-end tests and the browser tests (which drive `gridedit serve` from chromium).
public final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    /// Starts `gridedit` (or `executable`: the release build a benchmark found beside itself).
    public init(_ arguments: [String], environment: [String: String], in directory: URL,
                executable: URL = GridEditBinary.url) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: false) }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: true) }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        // A reading handler keeps its handle (and the pipe's descriptor) alive until it is taken
        // away: without this, every process leaked two descriptors, and a run of hundreds of
        // servers (ServeKillRun) ran Foundation's Process out of them.
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }

    private func append(_ data: Data, error: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if error { err.append(data) } else { out.append(data) }
    }

    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Types a line on the process's standard input.
    public func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    public func closeInput() throws { try input.fileHandleForWriting.close() }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// The process id (for /proc/PID figures).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Kills the process now if it still runs (SIGKILL): the cleanup after a test, failed or not,
    /// that does not wait for the value to be released.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    public var isRunning: Bool { process.isRunning }

    /// Waits until standard output contains `text` (at or after `offset`, a count of characters
    /// of output already seen), and returns the output from `offset` on.
    @discardableResult
    public func waitForOutput(_ text: String, after offset: Int = 0, seconds: Double = 30) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let tail = String(stdout.dropFirst(offset))
            if tail.contains(text) { return tail }
            guard Date() < deadline, process.isRunning || tail.contains(text) else {
                throw LiveProcessError("waited for \(String(reflecting: text)); stdout: \(stdout)\nstderr: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the process to end; its exit status (or 128 + the signal that ended it).
    public func waitForExit(seconds: Double = 30) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard Date() < deadline else { throw LiveProcessError("still running after \(seconds) s; stdout: \(stdout)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        // Let the readers take the last bytes.
        try await Task.sleep(for: .milliseconds(50))
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// The port and token of the URL the server printed (`http://HOST:PORT/` or `…/?token=HEX`).
    public func servedURL(seconds: Double = 30) async throws -> (port: Int, token: String?) {
        _ = try await waitForOutput("http://", seconds: seconds)
        _ = try await waitForOutput("\n", after: stdout.range(of: "http://").map { stdout.distance(from: stdout.startIndex, to: $0.lowerBound) } ?? 0)
        let text = stdout
        guard let match = text.firstMatch(of: /http:\/\/[^\s\/]+:(\d+)\/(\?token=([0-9a-f]+))?/), let port = Int(match.1) else {
            throw LiveProcessError("no URL in \(text)")
        }
        return (port, match.3.map(String.init))
    }
}

public struct LiveProcessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
