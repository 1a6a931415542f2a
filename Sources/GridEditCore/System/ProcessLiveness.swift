#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the process that left a journal or a save's temporary file is still running: then
/// its files are its own, else they are orphans to recover or remove.
public enum ProcessLiveness {
    /// True for this process, and for one that exists (or exists under another user) and is not
    /// a zombie: a process killed but not yet reaped by its parent (a terminal multiplexer, a
    /// supervisor) has ended all the same, and its journal is offered at once.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        if pid == getpid() { return true }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        // /proc/PID/stat is "PID (NAME) STATE …"; NAME may hold spaces and parentheses, so the
        // state is the letter after the last ')'. Without /proc (another system): running.
        guard case .success(let bytes) = FileSystem.read("/proc/\(pid)/stat"),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return true }
        let state = bytes[close + 2]
        return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
    }
}
