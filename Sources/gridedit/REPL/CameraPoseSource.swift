#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridEditEditor
import GridEditLayout

/// The camera as a ``PoseSource``: runs `gridedit-capture capture --stream SOURCE…` and turns its
/// standard output into pose events as they arrive.
///
/// The stream is a touch file written as it happens (docs/editor.md, "Touch files"): a header
/// line `{"touchFile":1,"description":"camera /dev/video0"}`, then one `detected`, `moved` or
/// `removed` line per event, already debounced by a ``PoseTracker`` in gridedit-capture. Lines
/// are read with ``TouchLineReader``, the touch-file reader. Standard error carries status lines
/// for people (`mat not visible: 2 of 8 markers`, errors); the ``CaptureMonitor`` hears them and
/// how the program ended. The events finish when the program ends; stopping to read them stops it.
struct CameraPoseSource: PoseSource {
    /// `camera /dev/video0`, `video clip.mp4`.
    let name: String
    let executable: String
    /// After the program name: `capture --stream --camera /dev/video0`.
    let arguments: [String]
    /// Keep Ctrl-C at the terminal from reaching it (an interactive session stops it itself).
    let ownProcessGroup: Bool
    let monitor: CaptureMonitor

    func events() -> AsyncStream<InputEvent> {
        AsyncStream { continuation in
            let child: ChildProcess
            do throws(EditError) {
                child = try ChildProcess(path: executable, arguments: arguments, ownProcessGroup: ownProcessGroup)
            } catch {
                monitor.end(failure: error.message)
                continuation.finish()
                return
            }
            let stop = StopFlag()
            let reader = StreamReader(child: child, monitor: monitor, stop: stop, continuation: continuation)
            Thread.detachNewThread { reader.run() }
            continuation.onTermination = { _ in stop.raise() }
        }
    }
}

/// What a running capture says besides poses: its header, its status lines and how it ended.
/// Called from the thread that reads the program, so the callbacks must be thread-safe.
final class CaptureMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var failureText: String?
    let onHeader: @Sendable (_ description: String?, _ minConfidence: Double) -> Void
    let onStatus: @Sendable (String) -> Void

    init(onHeader: @escaping @Sendable (String?, Double) -> Void = { _, _ in }, onStatus: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onHeader = onHeader
        self.onStatus = onStatus
    }

    /// Why the capture failed, once it ended; nil while it runs or when it ended well.
    var failure: String? { lock.withLock { failureText } }

    func end(failure: String?) { lock.withLock { failureText = failure } }
}

/// A flag one thread raises and another polls.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

/// Reads the program's output and error on a thread of its own until both close, or until
/// stopped (then it stops the program).
private final class StreamReader: @unchecked Sendable {
    let child: ChildProcess
    let monitor: CaptureMonitor
    let stop: StopFlag
    let continuation: AsyncStream<InputEvent>.Continuation
    private var lines = TouchLineReader()
    private var lineNumber = 0
    private var lastStatus: String?
    private var errorLines: [String] = []

    init(child: ChildProcess, monitor: CaptureMonitor, stop: StopFlag, continuation: AsyncStream<InputEvent>.Continuation) {
        self.child = child
        self.monitor = monitor
        self.stop = stop
        self.continuation = continuation
    }

    func run() {
        var output = LineBuffer(fd: child.output), errors = LineBuffer(fd: child.errors)
        var failure: String?
        reading: while !(output.closed && errors.closed) {
            if stop.isRaised { break }
            var fds = [output, errors].filter { !$0.closed }.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
            let ready = Set(fds.filter { $0.revents != 0 }.map(\.fd))
            // Status first: a line explaining a problem usually comes just before it.
            if ready.contains(errors.fd) {
                for line in errors.readLines() where !line.allSatisfy(\.isWhitespace) {
                    // Errors are held back: they become the failure when the program ends.
                    if line.hasPrefix("error: ") { errorLines.append(String(line.dropFirst(7))) } else { monitor.onStatus(line) }
                    lastStatus = line
                }
            }
            if ready.contains(output.fd) {
                for line in output.readLines() {
                    if let problem = take(line) {
                        failure = problem
                        break reading
                    }
                }
            }
        }
        if stop.isRaised || failure != nil {
            child.terminate()
        } else {
            failure = describe(child.wait())
            // Errors of a program that then ended well were not fatal: show them after all.
            if failure == nil { for line in errorLines { monitor.onStatus("error: " + line) } }
        }
        child.closeInput()
        child.closeOutputs()
        monitor.end(failure: stop.isRaised ? nil : failure)
        continuation.finish()
    }

    /// Handles one line of the stream; a problem ends the capture.
    private func take(_ line: String) -> String? {
        lineNumber += 1
        guard !line.allSatisfy(\.isWhitespace) else { return nil }
        do {
            switch try lines.read(Substring(line), number: lineNumber) {
            case .header(let description, let minConfidence):
                monitor.onHeader(description, minConfidence)
            case .event(.pose(let event)):
                continuation.yield(.pose(event))
            case .event(.touch):
                return "\(CaptureExecutable.name) sent a touch event on line \(lineNumber); its stream carries pose events only"
            }
        } catch {
            return "\(CaptureExecutable.name) sent a line gridedit cannot read (line \(error.line): \(error.message)); "
                + "are gridedit and \(CaptureExecutable.name) from the same build?"
        }
        return nil
    }

    /// Nil for a clean exit, else what went wrong, in its words: its error lines, else its last
    /// status line, else the exit status.
    private func describe(_ status: ChildProcess.Status) -> String? {
        switch status {
        case .exited(0): return nil
        case .exited(let code):
            if !errorLines.isEmpty { return errorLines.joined(separator: "; ") }
            return lastStatus ?? "\(CaptureExecutable.name) exited with status \(code)"
        case .signalled(let number): return "\(CaptureExecutable.name) was stopped by signal \(number)"
        }
    }
}

/// Bytes from a pipe, cut into lines (a last line without a newline counts once the pipe closes).
private struct LineBuffer {
    let fd: Int32
    private var pending: [UInt8] = []
    private(set) var closed = false

    init(fd: Int32) {
        self.fd = fd
    }

    /// Reads what is there (call when poll says so) and returns the complete lines.
    mutating func readLines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        if n <= 0 {
            closed = true
            defer { pending = [] }
            return pending.isEmpty ? [] : [Self.text(pending[...])]
        }
        pending += chunk[0..<n]
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(Self.text(pending[..<newline]))
            pending.removeSubrange(...newline)
        }
        return lines
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
