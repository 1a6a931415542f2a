#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridEditCore
import GridEditProcess
import GridEditEditor
import GridEditLayout

/// The REPL's side of `capture`: starts gridedit-capture through a ``CameraPoseSource`` and tells
/// the interpreter what happens, in order: the stream's header, poses, status lines, and the end
/// (the source ran out or failed; at a terminal, also Enter to keep and Ctrl-C to cancel).
enum CameraCapture {
    /// Lets `capture` run. `interactive`: a person at a terminal, whose Enter and Ctrl-C end the
    /// capture; in a script, standard input is the script, so only the source's end does.
    static func install(on interpreter: CommandInterpreter, interactive: Bool, environment: [String: String]) {
        interpreter.startCapture = { (request: CaptureRequest) throws(EditError) -> AsyncStream<CaptureSignal> in
            // The interpreter reports what refuses a command as an EditError.
            let executable: String
            do throws(ChildProcess.Failure) {
                executable = try SiblingExecutable.capture.path(environment: environment)
            } catch {
                throw EditError(error.message)
            }
            return signals(executable: executable, request: request, keyboard: interactive)
        }
    }

    static func signals(executable: String, request: CaptureRequest, keyboard: Bool) -> AsyncStream<CaptureSignal> {
        AsyncStream { continuation in
            let monitor = CaptureMonitor(onHeader: { continuation.yield(.header(description: $0, minConfidence: $1)) },
                                         onStatus: { continuation.yield(.status($0)) })
            let source = CameraPoseSource(name: request.description, executable: executable,
                                          arguments: ["capture", "--stream", "--stop-when-input-closes"] + request.sourceArguments,
                                          ownProcessGroup: keyboard, monitor: monitor)
            let forwarding = Task.detached {
                for await event in source.events() { continuation.yield(.event(event)) }
                continuation.yield(.ended(failure: monitor.failure))
                continuation.finish()
            }
            let keys = keyboard ? KeyWatch(report: { continuation.yield($0) }) : nil
            continuation.onTermination = { _ in
                forwarding.cancel()
                keys?.stop()
            }
        }
    }
}

/// Watches the terminal while a capture runs: a line (Enter) keeps the capture, Ctrl-C cancels
/// it. The terminal is in its ordinary line mode then (the line editor is not reading), so a
/// line arrives when Enter is pressed, and Ctrl-C raises the session's interrupt flag.
private final class KeyWatch: @unchecked Sendable {
    private let stopping = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    init(report: @escaping @Sendable (CaptureSignal) -> Void) {
        Thread.detachNewThread { [stopping, finished] in
            defer { finished.signal() }
            while !stopping.isRaised {
                if LineReader.takeInterrupt() {
                    report(.cancel)
                    return
                }
                var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                guard poll(&input, 1, 50) > 0, !stopping.isRaised else { continue }
                var bytes = [UInt8](repeating: 0, count: 4096)
                let n = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                // A line, or the end of input (Ctrl-D): keep what was captured.
                if n <= 0 || bytes[0..<n].contains(UInt8(ascii: "\n")) {
                    report(.finish)
                    return
                }
            }
        }
    }

    /// Stops watching, and returns once the watch no longer reads the terminal (the line editor
    /// is about to).
    func stop() {
        stopping.raise()
        finished.wait()
    }
}
