import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads Linux's /proc to find the processes a browser session left, by a string only their
/// command lines hold (the session's temporary folder), never by program name: other
/// engineers' and other suites' browsers on the same machine are not ours to stop.
enum ProcessTable {
    static func processes(commandLineContaining marker: String) -> [pid_t] {
        allProcesses().filter { pid in
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            return String(decoding: bytes.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(marker)
        }
    }

    /// The processes with `marker` on their command line and every process in their groups
    /// (chromium's helpers, which carry no profile path, share chromedriver's group).
    static func sessionProcesses(marker: String) -> Set<pid_t> {
        let marked = processes(commandLineContaining: marker)
        let groups = Set(marked.compactMap(processGroup)).subtracting([getpgrp()])
        return Set(marked).union(allProcesses().filter { processGroup(of: $0).map(groups.contains) ?? false })
    }

    /// Every process but this one.
    private static func allProcesses() -> [pid_t] {
        let own = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            pid_t(entry).flatMap { $0 == own ? nil : $0 }
        }
    }

    /// True while `pid` runs (a zombie, ended but not yet reaped by its parent, does not count).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = statFields(pid)?.first else { return false }
        return state != "Z" && state != "X"
    }

    /// When `pid` started, in clock ticks after boot (/proc/PID/stat's 22nd field). With the pid it
    /// names one process: once that process has ended, a busy machine may give its pid to another.
    static func startTime(_ pid: pid_t) -> UInt64? {
        guard let fields = statFields(pid), fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    /// True while the process that had `pid` and started at `start` runs (``isRunning(_:)``), not
    /// a newer one given the same pid.
    static func isRunning(_ pid: pid_t, startedAt start: UInt64?) -> Bool {
        isRunning(pid) && startTime(pid) == start
    }

    /// The process group of `pid` (the fifth field of /proc/PID/stat, after the parenthesised name).
    static func processGroup(of pid: pid_t) -> pid_t? {
        guard let fields = statFields(pid), fields.count > 2 else { return nil }
        return pid_t(fields[2])
    }

    /// The fields of /proc/PID/stat after the parenthesised name: state, parent, group, …
    private static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: bytes, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
