import Foundation
import Synchronization

/// Runs the real `gridedit` executable the way a user or CI would, for end-to-end tests.
public enum GridEditBinary {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The built executable beside the test bundle (`.build/<config>/gridedit`).
    public static var url: URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("gridedit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/gridedit")
    }

    /// The repository checkout, found from this source file's location.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `gridedit arguments…` in `directory` with `input` on standard input.
    public static func run(_ arguments: [String], in directory: URL? = nil, input: String? = nil) throws -> Output {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
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
