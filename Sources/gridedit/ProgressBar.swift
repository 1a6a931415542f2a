import Foundation
import GridEditCore

/// A one-line progress bar on standard error for long checks. Only on an interactive
/// terminal: never in CI logs (the `CI` variable is set) or when standard error is a pipe or
/// file, so logs stay clean. Appears only after half a second, so quick runs never flicker.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    static func forStandardError() -> ProgressBar? {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(STDERR_FILENO) == 1, environment["CI"] == nil, environment["TERM"] != "dumb" else { return nil }
        return ProgressBar()
    }

    func update(_ done: Int, of total: Int) {
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(start) > 0.5, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
            lastDraw = now
            drawn = true
            let width = 30
            let filled = total == 0 ? width : width * done / total
            let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
            StandardStreams.writeError("\r[\(bar)] \(done)/\(total) files")
        }
    }

    /// Clears the bar's line so the report starts on a clean line.
    func finish() {
        lock.withLock {
            if drawn { StandardStreams.writeError("\r\u{1B}[2K") }
        }
    }
}
