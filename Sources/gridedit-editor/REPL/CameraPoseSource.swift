#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridEditCore
import GridEditProcess
import GridEditEditor
import GridEditJSON
import GridEditLayout
import Synchronization

/// The camera as a ``PoseSource``: runs `gridedit-capture capture --stream SOURCE…` and turns its
/// standard output into pose events as they arrive.
///
/// The stream is a touch file written as it happens (docs/editor.md, "Touch files"): a header
/// line `{"touchFile":1,"description":"camera /dev/video0"}`, then one `detected`, `moved` or
/// `removed` line per event, already debounced by a ``PoseTracker`` in gridedit-capture. Lines
/// are read with ``TouchLineReader``, the touch-file reader. Standard error carries status lines
/// for people (`mat not visible: 2 of 8 markers`, errors); the ``CaptureMonitor`` hears them and
/// how the program ended. The events finish when the program ends; stopping to read them stops it.
/// The program runs through ``ChildProcess/streamLines(_:arguments:ownProcessGroup:grace:error:output:)``.
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
            let reader = StreamReader(monitor: monitor, continuation: continuation)
            let running = Task { [executable, arguments, ownProcessGroup, monitor] in
                let end: ChildProcess.StreamEnd
                do throws(ChildProcess.Failure) {
                    end = try await ChildProcess.streamLines(executable, arguments: arguments, ownProcessGroup: ownProcessGroup,
                                                             error: reader.status, output: reader.take)
                } catch {
                    monitor.end(failure: error.message)
                    continuation.finish()
                    return
                }
                switch end {
                case .stopped(let problem):
                    // nil when gridedit stopped it (Enter, Ctrl-C): that is no failure.
                    monitor.end(failure: problem)
                case .ended(let status):
                    monitor.end(failure: reader.failure(ending: status))
                }
                continuation.finish()
            }
            // Stopping to read the events stops the program.
            continuation.onTermination = { _ in running.cancel() }
        }
    }
}

/// What a running capture says besides poses: its header, its status lines and how it ended.
/// Called from the tasks that read the program, so the callbacks must be thread-safe.
final class CaptureMonitor: Sendable {
    private let failureText = Mutex<String?>(nil)
    let onHeader: @Sendable (_ description: String?, _ minConfidence: Double) -> Void
    let onStatus: @Sendable (String) -> Void

    init(onHeader: @escaping @Sendable (String?, Double) -> Void = { _, _ in }, onStatus: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onHeader = onHeader
        self.onStatus = onStatus
    }

    /// Why the capture failed, once it ended; nil while it runs or when it ended well.
    var failure: String? { failureText.withLock { $0 } }

    func end(failure: String?) { failureText.withLock { $0 = failure } }
}

/// A flag one thread raises and another polls.
final class StopFlag: Sendable {
    private let raised = Mutex(false)
    var isRaised: Bool { raised.withLock { $0 } }
    func raise() { raised.withLock { $0 = true } }
}

/// Turns the program's lines into events and status: standard output (touch lines) and standard
/// error (status lines) arrive on two tasks, so what both touch sits behind a lock.
private final class StreamReader: Sendable {
    private struct State {
        var lines = TouchLineReader()
        var lineNumber = 0
        var lastStatus: String?
        var errorLines: [String] = []
    }

    private let state = Mutex(State())
    let monitor: CaptureMonitor
    let continuation: AsyncStream<InputEvent>.Continuation

    init(monitor: CaptureMonitor, continuation: AsyncStream<InputEvent>.Continuation) {
        self.monitor = monitor
        self.continuation = continuation
    }

    /// One line of standard error: a status line for people, or an error held back to become the
    /// failure when the program ends.
    @Sendable func status(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        let isError = state.withLock { state in
            state.lastStatus = line
            guard line.hasPrefix("error: ") else { return false }
            state.errorLines.append(String(line.dropFirst(7)))
            return true
        }
        if !isError { monitor.onStatus(line) }
    }

    /// Handles one line of the stream; a problem ends the capture.
    @Sendable func take(_ line: String) -> String? {
        state.withLock { (state: inout State) -> String? in
            state.lineNumber += 1
            guard !line.allSatisfy(\.isWhitespace) else { return nil }
            let number = state.lineNumber
            do throws(JSONLineError) {
                switch try state.lines.read(Substring(line), number: number) {
                case .header(let description, let minConfidence):
                    monitor.onHeader(description, minConfidence)
                case .event(.pose(let event)):
                    continuation.yield(.pose(event))
                case .event(.touch):
                    return "\(SiblingExecutable.capture.name) sent a touch event on line \(number); its stream carries pose events only"
                }
            } catch {
                return "\(SiblingExecutable.capture.name) sent a line gridedit cannot read (line \(error.line): \(error.message)); "
                    + "are gridedit and \(SiblingExecutable.capture.name) from the same build?"
            }
            return nil
        }
    }

    /// Nil for a clean exit, else what went wrong, in its words: its error lines, else its last
    /// status line, else the exit status. Errors of a program that then ended well were not
    /// fatal: they are shown as status after all.
    func failure(ending status: ChildProcess.Status) -> String? {
        let (errorLines, lastStatus) = state.withLock { ($0.errorLines, $0.lastStatus) }
        switch status {
        case .exited(0):
            for line in errorLines { monitor.onStatus("error: " + line) }
            return nil
        case .exited(let code):
            if !errorLines.isEmpty { return errorLines.joined(separator: "; ") }
            return lastStatus ?? "\(SiblingExecutable.capture.name) exited with status \(code)"
        case .signalled(let number): return "\(SiblingExecutable.capture.name) was stopped by signal \(number)"
        }
    }
}
