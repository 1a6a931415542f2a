#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditEditor
import GridEditLayout

/// A program started with pipes on its standard input, output and error (gridedit-capture,
/// streaming poses). Nothing is written to its input: closing it tells the program gridedit is
/// gone, if it cares to look.
final class ChildProcess: @unchecked Sendable {
    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// The read ends of its standard output and error, and the write end of its input.
    let output: Int32
    let errors: Int32
    private var input: Int32
    /// In a process group of its own: Ctrl-C at the terminal reaches gridedit only, which stops
    /// the child itself (and can take the capture back first).
    let ownProcessGroup: Bool

    /// Starts `path` with `arguments` (without the program name), in the current folder and
    /// environment, with the default handling of SIGINT, SIGTERM and SIGPIPE.
    init(path: String, arguments: [String], ownProcessGroup: Bool) throws(EditError) {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            let reason = String(cString: strerror(errno))
            for fd in inPipe + outPipe + errPipe where fd >= 0 { close(fd) }
            throw EditError("cannot start \(path): \(reason)")
        }
        // Only the copies on 0, 1 and 2 may reach the program (dup2 clears close-on-exec on them).
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if ownProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard result == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            close(errPipe[0])
            throw EditError("cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.input = inPipe[1]
        self.output = outPipe[0]
        self.errors = errPipe[0]
        self.ownProcessGroup = ownProcessGroup
    }

    /// Waits for the program to end.
    func wait() -> Status {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.decode(status)
    }

    /// Asks the program to stop (SIGTERM), waits up to `grace` seconds, then kills it.
    @discardableResult
    func terminate(grace: Double = 1) -> Status {
        closeInput()
        signal(SIGTERM)
        var status: Int32 = 0
        for _ in 0..<max(1, Int(grace * 100)) {  // checks every 10 ms
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return Self.decode(status) }
            usleep(10_000)
        }
        signal(SIGKILL)
        return wait()
    }

    func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Closes the read ends (after the program ended, or when no longer read).
    func closeOutputs() {
        close(output)
        close(errors)
    }

    private func signal(_ number: Int32) {
        _ = kill(ownProcessGroup ? -pid : pid, number)
    }

    static func decode(_ status: Int32) -> Status {
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}
