import Foundation
import GridEditCore
import Testing

/// Journals and a save's temporary files belong to their process while it runs; a zombie (killed,
/// not yet reaped by its parent) has ended: its journal is offered at once (seen when a REPL in
/// tmux was killed and `gridedit serve` started right after did not mention its edits).
@Suite("Whether the process behind a journal still runs")
struct ProcessLivenessTests {
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], nil, nil, argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    @Test("This process and a live child run; an exited child not yet reaped does not; nor does no process")
    func zombies() async throws {
        #expect(ProcessLiveness.isRunning(getpid()))
        let sleeper = try Self.spawn(["/bin/sleep", "30"])
        #expect(ProcessLiveness.isRunning(sleeper))
        kill(sleeper, SIGKILL)
        // Not reaped yet: a zombie until waitpid.
        for _ in 0..<200 where ProcessLiveness.isRunning(sleeper) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!ProcessLiveness.isRunning(sleeper), "killed and unreaped: ended")
        #expect(kill(sleeper, 0) == 0, "the zombie still answers kill(pid, 0), which is what the old check trusted")
        var status: Int32 = 0
        _ = waitpid(sleeper, &status, 0)
        #expect(!ProcessLiveness.isRunning(sleeper))
        #expect(!ProcessLiveness.isRunning(0) && !ProcessLiveness.isRunning(-1))
    }
}
