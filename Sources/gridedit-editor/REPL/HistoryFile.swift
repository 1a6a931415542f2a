import GridEditCore
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
        // History is a convenience: a full disk or an unwritable folder loses it, nothing more.
        do {
            try FileSystem.makeFolders(FileSystem.folder(of: path), permissions: .ownerReadWriteExecute)
            try FileSystem.append(Array((entry + "\n").utf8), to: path, permissions: .ownerReadWrite)
        } catch {}
    }

    private func readLines() -> [String] {
        guard case .success(let bytes) = FileSystem.read(path) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    private func rewrite(_ lines: [String]) {
        try? AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: path, permissions: .ownerReadWrite)
    }
}
