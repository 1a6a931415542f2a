import Foundation
import Synchronization

/// Runs the real `gridedit` executable the way a user or CI would, for end-to-end tests.
public enum GridEditBinary {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The built executable beside the test bundle (`.build/<config>/gridedit`), else the
    /// debug build's.
    public static var url: URL {
        besideRunningProgram ?? repositoryRoot.appendingPathComponent(".build/debug/gridedit")
    }

    /// `gridedit` in the folder of the running program or the one above it: beside a test
    /// bundle or beside `gridedit-bench`, the one built with it. Nil when there is none.
    public static var besideRunningProgram: URL? {
        let programFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [programFolder, programFolder.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("gridedit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The environment of a `gridedit` run kept to itself: its home and state (journals, line
    /// history) under `folder`, no colour, a fixed clock for saves (`SOURCE_DATE_EPOCH`), the
    /// templates of `repository`.
    public static func isolatedEnvironment(stateIn folder: String, repository: URL = repositoryRoot) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder + "/home"
        environment["XDG_STATE_HOME"] = folder + "/state"
        environment["NO_COLOR"] = "1"
        environment["SOURCE_DATE_EPOCH"] = "1795000000"
        environment["GRIDEDIT_TEMPLATES"] = repository.appendingPathComponent("templates").path
        return environment
    }

    /// The text of a file under `Tests/Fixtures` (`tangram-import/square.svg`).
    public static func fixture(_ relative: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/" + relative), encoding: .utf8)
    }

    /// The repository checkout, found from this source file's location
    /// (`Sources/Support/GridEditTestSupport/GridEditBinary.swift`).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs `gridedit arguments…` in `directory` with `input` on standard input. Run in the
    /// repository itself (no `directory`), a `check`'s content cache goes to a folder of this
    /// test process under the temporary folder, so the checkout is left as it was.
    public static func run(_ arguments: [String], in directory: URL? = nil, input: String? = nil) throws -> Output {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        if directory == nil {
            environment["GRIDEDIT_CACHE_DIR"] = FileManager.default.temporaryDirectory
                .appendingPathComponent("gridedit-test-cache-\(getpid())").path
        }
        return try runProgram(url, arguments, in: directory ?? repositoryRoot, environment: environment, input: input)
    }

    /// Runs any program to its end (a script, `pdfinfo`, a built tool) and collects what it
    /// writes. Standard error is read on its own thread while standard output is read here,
    /// so a program that fills either pipe never stalls.
    public static func runProgram(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                                  environment: [String: String]? = nil, input: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        let errData = Mutex(Data())
        let errRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = stderr.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
            errRead.signal()
        }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        errRead.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }
}
