import Foundation
import GridEditCore
import GridEditProcess
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// chromedriver running as a child of the test process, on a loopback port it picks itself
/// (`--port=0`, read back from its "started successfully on port N" line, so no two suites race
/// for a port). It runs through GridEditCore's `ChildProcess.streamLines` in its own process
/// group, which chromium and its helpers join: stopping signals the whole group, and anything
/// still alive after the grace is killed, found by the session's unique folder on its command
/// line, so a test never leaves a browser behind.
final class ChromeDriverProcess: Sendable {
    let port: Int
    /// The folder whose path is on the command lines of chromedriver (its log) and chromium (its
    /// profile): how the leftovers of this session are told from anyone else's.
    private let marker: String
    private let run: Task<Void, Never>
    private let output: OutputTail

    private init(port: Int, marker: String, run: Task<Void, Never>, output: OutputTail) {
        self.port = port
        self.marker = marker
        self.run = run
        self.output = output
    }

    /// The last lines chromedriver and chromium wrote, for error messages.
    var recentOutput: String { output.text }

    /// Starts `executable` and waits (at most `timeout` seconds) until it listens.
    static func start(executable: String, folder: String, timeout: Double) async throws -> ChromeDriverProcess {
        let output = OutputTail()
        let (events, sink) = AsyncStream<Int?>.makeStream()
        let arguments = ["--port=0", "--log-path=\(folder)/chromedriver.log", "--log-level=WARNING"]
        let run = Task {
            let end: String
            do {
                let result = try await ChildProcess.streamLines(
                    executable, arguments: arguments, ownProcessGroup: true, grace: .seconds(2),
                    error: { output.append($0) },
                    output: { line in
                        output.append(line)
                        if let port = Self.port(in: line) { sink.yield(port) }
                        return nil
                    })
                end = "\(result)"
            } catch {
                end = "\(error)"
            }
            output.append("[chromedriver ended: \(end)]")
            sink.yield(nil)
            sink.finish()
        }
        let port: Int?
        do {
            port = try await Deadline.run(timeout, "starting \(executable)") {
                for await event in events { return event }
                return nil
            }
        } catch {
            await stop(run, marker: folder)
            throw WebDriverError("\(error); its output:\n\(output.text)")
        }
        guard let port else {
            await stop(run, marker: folder)
            throw WebDriverError("\(executable) ended before it listened; its output:\n\(output.text)")
        }
        return ChromeDriverProcess(port: port, marker: folder, run: run, output: output)
    }

    /// Stops chromedriver and everything it started; returns within a few seconds whatever they do.
    func stop() async {
        await Self.stop(run, marker: marker)
    }

    private static func stop(_ run: Task<Void, Never>, marker: String) async {
        // chromedriver's group is its own pid (ownProcessGroup); read it while it is still there.
        let groups = Set(ProcessTable.processes(commandLineContaining: marker).compactMap(ProcessTable.processGroup))
        run.cancel()  // SIGTERM to the process group, SIGKILL to chromedriver after the grace
        _ = try? await Deadline.run(5, "stopping chromedriver") { await run.value }
        for group in groups where group > 1 && group != getpgrp() { _ = kill(-group, SIGKILL) }
        for pid in ProcessTable.processes(commandLineContaining: marker) { _ = kill(pid, SIGKILL) }
    }

    /// N from chromedriver's "ChromeDriver was started successfully on port N." line.
    static func port(in line: String) -> Int? {
        guard let range = line.range(of: "started successfully on port ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}

/// The last lines of a child's output, kept for error messages.
final class OutputTail: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock {
            $0.append(line)
            if $0.count > 40 { $0.removeFirst($0.count - 40) }
        }
    }

    var text: String { lines.withLock { $0.joined(separator: "\n") } }
}
