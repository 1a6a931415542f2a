#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditEditor

/// The command history kept across sessions: `$XDG_STATE_HOME/gridedit/history` (by default
/// `~/.local/state/gridedit/history`), one command per line, oldest first.
///
/// Each command is appended as it is entered (with `O_APPEND`, so sessions running side by side
/// interleave rather than overwrite each other, and a crash keeps everything entered so far).
/// When the file grows past twice the limit it is rewritten with the newest `limit` lines,
/// atomically.
struct HistoryFile {
    let path: String
    let limit: Int

    init?(environment: [String: String], limit: Int = 1000) {
        guard let folder = StateFolder.path(environment: environment) else { return nil }
        self.path = folder + "/history"
        self.limit = limit
    }

    init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }

    /// The newest `limit` entries, oldest first.
    func load() -> [String] {
        let lines = readLines()
        if lines.count > 2 * limit { rewrite(Array(lines.suffix(limit))) }
        return Array(lines.suffix(limit))
    }

    func append(_ entry: String) {
        guard !entry.contains("\n"), !entry.isEmpty else { return }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        guard StateFolder.makeFolders(folder) else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array((entry + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
    }

    private func readLines() -> [String] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    private func rewrite(_ lines: [String]) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        close(fd)
        if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
    }
}
