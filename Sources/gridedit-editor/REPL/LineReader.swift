#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLineShim
import Foundation

/// Line editing for the interactive session: libedit (emacs keys, history, Ctrl-R search, Tab
/// completion) through the small C shim in `Sources/CEditLineShim`.
final class LineReader {
    enum Read {
        case line(String)
        /// Ctrl-C abandoned the line.
        case interrupted
        case end
        /// SIGTERM or SIGHUP: the session is asked to end (the terminal is already put back).
        case terminated
    }

    private let handle: OpaquePointer
    /// Called on Tab with the text before the cursor: what to insert and what to list.
    var completer: ((String) -> (insert: String, list: String))?

    /// Sets the locale (UTF-8 input) and opens the editor on standard input and output.
    init?(program: String, historySize: Int) {
        gridedit_line_setlocale()
        guard let handle = gridedit_line_open(program, Int32(historySize)) else { return nil }
        self.handle = handle
        gridedit_line_set_completer(handle, { context, before, insert, list in
            guard let context, let before else { return }
            let reader = Unmanaged<LineReader>.fromOpaque(context).takeUnretainedValue()
            guard let completer = reader.completer else { return }
            let result = completer(String(cString: before))
            if !result.insert.isEmpty { insert?.pointee = strdup(result.insert) }
            if !result.list.isEmpty { list?.pointee = strdup(result.list) }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { gridedit_line_close(handle) }

    func read(prompt: String) -> Read {
        gridedit_line_set_prompt(handle, prompt)
        var status: Int32 = 0
        guard let text = gridedit_line_read(handle, &status) else { return status == -2 ? .terminated : status < 0 ? .interrupted : .end }
        return .line(String(cString: text))
    }

    /// Shows complete lines above the line being edited, from any thread (a browser edit while
    /// the designer types): the line editor prints them and redraws the prompt and the line.
    func post(_ text: String) {
        gridedit_line_post(handle, text)
    }

    /// Reads a line on a thread of its own, so the main actor stays free meanwhile: with
    /// `gridedit serve` running, the browser's edits are handled while the designer types.
    @MainActor
    func readOffMain(prompt: String) async -> Read {
        let box = UncheckedBox(self)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: box.value.read(prompt: prompt)) }
        }
    }

    func addHistory(_ entry: String) {
        gridedit_line_history_add(handle, entry)
    }

    /// Ctrl-C pressed while a command ran (and clears the flag).
    static func takeInterrupt() -> Bool { gridedit_interrupt_take() != 0 }

    static func installInterruptHandler() { gridedit_interrupt_install() }

    /// SIGTERM and SIGHUP end a read with `.terminated` instead of killing the process.
    func installTerminationHandler() { gridedit_terminate_install(handle) }

    /// The signal that asked the session to end (SIGTERM, SIGHUP), if one came.
    static var terminationSignal: Int32? {
        let number = gridedit_terminate_requested()
        return number == 0 ? nil : number
    }
}

/// Hands a value to another thread that the caller guarantees is the only one using it meanwhile
/// (the line reader while the main actor waits for the line).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
