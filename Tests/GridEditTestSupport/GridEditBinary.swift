import Foundation

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
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting so a large report cannot fill a pipe and stall.
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
