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
    private let collected = Collected()

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
        try process.run()
        // Each stream is read by a thread of its own with blocking reads, until end of file (the
        // process and whatever inherited its descriptors have ended). Not `readabilityHandler`:
        // that arms a libdispatch read source, and tearing those down while other processes
        // start and end crashes libdispatch's manager thread now and then on Linux
        // (`_dispatch_event_loop_drain`, swift-corelibs-libdispatch#949, foundation#3276); CI
        // died of it once in ServeFaultTests. A thread holds its handle, not this value.
        Self.drain(output.fileHandleForReading, into: collected, error: false)
        Self.drain(errors.fileHandleForReading, into: collected, error: true)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        // Foundation's Process keeps its standard input's pipe (and so this end) past the end of
        // the process: closed here, or every server a run kills leaks a descriptor.
        try? input.fileHandleForWriting.close()
    }

    private static func drain(_ handle: FileHandle, into collected: Collected, error: Bool) {
        let thread = Thread {
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected.append(buffer[0..<count], error: error)
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            try? handle.close()
        }
        thread.stackSize = 1 << 18
        thread.start()
    }

    /// What the process has written so far, shared by the reading threads and the test.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()

        func append(_ bytes: ArraySlice<UInt8>, error: Bool) {
            lock.withLock { if error { err.append(contentsOf: bytes) } else { out.append(contentsOf: bytes) } }
        }

        var stdout: Data { lock.withLock { out } }
        var stderr: Data { lock.withLock { err } }
    }

    public var stdout: String { String(decoding: collected.stdout, as: UTF8.self) }
    public var stderr: String { String(decoding: collected.stderr, as: UTF8.self) }

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
