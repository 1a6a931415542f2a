import Foundation
import GridEditTestSupport
import Testing

/// The harness that keeps `gridedit` running for the serve, REPL and browser tests: it collects
/// what the process writes, and a released one leaves none of its pipes open here (a run of
/// hundreds of killed servers, `gridedit-bench serve-faults`, must not run out of descriptors).
@Suite("LiveProcess: output collected, nothing left open")
struct LiveProcessTests {
    /// The pipes a running child has as standard input, output and error (`pipe:[INODE]`).
    static func pipes(of pid: Int32) throws -> Set<String> {
        Set(try (0...2).map { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") })
    }

    /// Those of `pipes` that this test process still holds a descriptor of.
    static func held(_ pipes: Set<String>) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)
        }).intersection(pipes)
    }

    @Test("A REPL ended by end of input, killed, or released while running leaves none of its three pipes open here")
    func releasesItsPipes() async throws {
        let directory = FileManager.default.temporaryDirectory
        let environment = ProcessInfo.processInfo.environment
        var all = Set<String>()
        for round in 0..<30 {
            let repl = try LiveProcess([], environment: environment, in: directory)
            let pipes = try Self.pipes(of: repl.processIdentifier)
            #expect(pipes.count == 3 && pipes.allSatisfy { $0.hasPrefix("pipe:") }, "\(pipes)")
            all.formUnion(pipes)
            switch round % 3 {
            case 0:
                try repl.closeInput()
                #expect(try await repl.waitForExit() == 0)
            case 1:
                repl.signal(SIGKILL)
                #expect(try await repl.waitForExit() == 128 + SIGKILL)
            default:
                break  // released running: deinit kills it
            }
        }
        // The readers close theirs at end of file, a moment after each process has gone.
        var left = try Self.held(all)
        for _ in 0..<100 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            left = try Self.held(all)
        }
        #expect(left.isEmpty, "\(left.count) of the 90 pipes of 30 processes still open here")
    }

    @Test("Standard output and error are collected to the last byte")
    func collectsOutput() async throws {
        let process = try LiveProcess(["check", "--no-such-option", "no-such-file.json"], environment: ProcessInfo.processInfo.environment,
                                      in: FileManager.default.temporaryDirectory)
        #expect(try await process.waitForExit() != 0)
        #expect(process.stderr.contains("--no-such-option") && process.stderr.hasSuffix("\n"), "\(process.stderr)")
        #expect(process.stdout.isEmpty)
        let help = try LiveProcess(["--help"], environment: ProcessInfo.processInfo.environment, in: FileManager.default.temporaryDirectory)
        #expect(try await help.waitForExit() == 0)
        #expect(help.stdout.contains("USAGE: gridedit <subcommand>"))
        #expect(help.stdout.hasSuffix("\n"))
    }
}
