import Foundation

extension GridEditBinary {
    /// How a run under limits ended.
    public struct LimitedOutput: Sendable {
        public var output: Output
        /// Killed by the time limit: a hang.
        public var timedOut: Bool
        /// Ended by a signal other than the time limit's (a trap, an abort): a crash.
        public var crashed: Bool
        public var seconds: Double
    }

    /// Runs `gridedit arguments…` under `timeout -s KILL` and `prlimit --as` (address space),
    /// with standard input closed, so a hang is killed and reported instead of stalling the suite
    /// and an unbounded read hits the memory limit instead of the machine. `environment` adds
    /// variables (a canary the output must never show).
    public static func runLimited(_ arguments: [String], in directory: URL? = nil, seconds: Int = 30,
                                  memoryBytes: Int = 2 << 30, environment extra: [String: String] = [:]) throws -> LimitedOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--as=\(memoryBytes)", "--", "/usr/bin/timeout", "-s", "KILL", String(seconds), url.path] + arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        // Both pipes are drained at once so that a large report cannot fill one and stall.
        let errorData = LockedData()
        let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(1000) }
        let status = process.terminationStatus
        // timeout exits 137 (128 + KILL) when it kills; a signal in gridedit shows as 128 + n
        // through timeout, or as an uncaught signal.
        let timedOut = status == 137 || status == 124
        let crashed = !timedOut && (process.terminationReason == .uncaughtSignal || status > 128)
        return LimitedOutput(output: Output(status: status, stdout: String(decoding: outData, as: UTF8.self),
                                            stderr: String(decoding: errorData.value, as: UTF8.self)),
                             timedOut: timedOut, crashed: crashed, seconds: Date().timeIntervalSince(start))
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    func set(_ value: Data) { lock.lock(); data = value; finished = true; lock.unlock() }
    var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data }
}
