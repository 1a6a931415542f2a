import Foundation
import ArgumentParser
import GridEditCore

/// `gridedit mat …`: handed over to `gridedit-capture mat …` (see ``CaptureForwarding``).
struct ForwardedMat: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mat",
        abstract: "Write the printable capture mat (runs gridedit-capture; `gridedit mat --help` has its options).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Handed to gridedit-capture mat as they are.")
    var arguments: [String] = []

    func run() throws { CaptureForwarding.replaceProcess(subcommand: "mat", arguments: arguments) }
}

/// `gridedit capture …`: handed over to `gridedit-capture capture …` (see ``CaptureForwarding``).
struct ForwardedCapture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Turn pieces on the printed mat into a puzzle (runs gridedit-capture; `gridedit capture --help` has its options).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Handed to gridedit-capture capture as they are.")
    var arguments: [String] = []

    func run() throws { CaptureForwarding.replaceProcess(subcommand: "capture", arguments: arguments) }
}

/// Camera commands run in gridedit-capture, which links OpenCV; gridedit never does (it would cost
/// every editor start ~0.4 s). gridedit hands them over by replacing itself with `execv`, so
/// standard output, standard error and the exit status are gridedit-capture's own, `--help`
/// included. ``GridEdit/main()`` does it before parsing; the two subcommands above exist for
/// `gridedit --help` and `gridedit help capture` (and forward too, should they ever run).
enum CaptureForwarding {
    /// Exit status when gridedit-capture cannot be found or started (EX_UNAVAILABLE).
    static let unavailable: Int32 = 69

    /// The subcommands that belong to gridedit-capture.
    static let subcommands: Set<String> = ["mat", "capture"]

    /// Replaces this process with gridedit-capture when the command line is `gridedit mat …` or
    /// `gridedit capture …`; returns otherwise. Runs before gridedit parses anything, so every
    /// argument (`--help`, `--version`, `-o`) reaches gridedit-capture as typed.
    static func forward(_ arguments: [String]) {
        guard let first = arguments.first, subcommands.contains(first) else { return }
        replaceProcess(subcommand: first, arguments: Array(arguments.dropFirst()))
    }

    static func replaceProcess(subcommand: String, arguments: [String]) -> Never {
        let path: String
        do {
            path = try CaptureExecutable.path(environment: ProcessInfo.processInfo.environment)
        } catch {
            fail(error.message)
        }
        let words = [path, subcommand] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        execv(path, argv)
        // Only reached when exec failed.
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        fail("cannot run \(path): \(reason); build it with `swift build --product \(CaptureExecutable.name)`")
    }

    static func fail(_ message: String) -> Never {
        StandardStreams.writeError("gridedit: error: \(message)\n")
        exit(unavailable)
    }
}
