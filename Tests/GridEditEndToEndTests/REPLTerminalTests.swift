import Foundation
import GridEditTestSupport
import Testing

/// The real binary on a pseudo-terminal, typed at like a person: keystrokes go in through the
/// master side, the screen output is read back and searched (cursor-movement escapes removed).
final class PseudoTerminal {
    let process = Process()
    private let master: Int32
    private(set) var transcript = ""
    /// How much of the visible screen text earlier waits have matched.
    private var consumed = 0

    init(arguments: [String] = [], directory: URL, environment: [String: String]) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw CocoaError(.fileNoSuchFile) }
        self.master = master
        process.executableURL = GridEditBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = environment
        environment["TERM"] = "xterm"
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try terminal.close()  // the child has its copies; closing ours lets the master see the end
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Writes at once, whatever mode the terminal is in: for keys a running command reads itself,
    /// such as the Enter that ends a camera capture.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
    }

    /// The screen text so far, without control sequences.
    var screen: String { Self.visible(transcript) }

    /// Types once the line editor is reading: the terminal is out of canonical mode. Keys typed
    /// while a command runs meet a cooked terminal, which would treat ^U, ^R and ^D itself.
    func type(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(15)
        var settings = termios()
        while tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 {
            guard Date() < deadline, process.isRunning else {
                Issue.record("the line editor never started reading", sourceLocation: sourceLocation)
                return
            }
            usleep(2000)
        }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
    }

    /// Reads output until `text` appears after what earlier waits consumed; false on timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 15, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let screen = Self.visible(transcript)
            let rest = screen.dropFirst(consumed)
            if let range = rest.range(of: text) {
                consumed += rest.distance(from: rest.startIndex, to: range.upperBound)
                return true
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                Issue.record("timed out waiting for \(String(reflecting: text)); the screen said:\n\(Self.visible(transcript))",
                             sourceLocation: sourceLocation)
                return false
            }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(remaining, 0.5) * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
            if n <= 0 {
                if !process.isRunning {
                    Issue.record("gridedit ended (status \(process.terminationStatus), \(process.terminationReason == .exit ? "exit" : "signal")) before \(String(reflecting: text)) appeared:\n\(Self.visible(transcript))",
                                 sourceLocation: sourceLocation)
                    return false
                }
                continue
            }
            transcript += String(decoding: buffer[0..<n], as: UTF8.self)
        }
    }

    /// Waits for the program to end; its exit status, or nil on timeout.
    func exitStatus(timeout: TimeInterval = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
                if n > 0 { transcript += String(decoding: buffer[0..<n], as: UTF8.self) }
            }
        }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The text without terminal control sequences and carriage returns.
    static func visible(_ text: String) -> String {
        var out = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            if c == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let d = iterator.next(), !(0x40...0x7E).contains(d.value) {}
                }
                continue
            }
            if c == "\r" || c == "\u{7}" || c == "\u{8}" { continue }
            out.unicodeScalars.append(c)
        }
        return out
    }
}

@Suite("The interactive session on a pseudo-terminal")
struct REPLTerminalTests {
    static let up = "\u{1B}[A"

    @Test("Tab completion, history across sessions, Ctrl-R, Ctrl-C and the unsaved-changes question")
    func interactiveSessions() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let original = try run.work.read("square.json")

        // Session 1: complete a command, a file name and a piece; edit; quit: cancel, then drop.
        let first = try PseudoTerminal(directory: run.work.url, environment: run.environment)
        #expect(first.waitFor("gridedit> "))
        first.type("op\t")
        #expect(first.waitFor("open "))
        first.type("sq\t")
        #expect(first.waitFor("square.json "))
        first.type("\r")
        #expect(first.waitFor("opened square.json"))
        #expect(first.waitFor("square.json · solution 7/7 placed · "), "the live view is drawn")
        #expect(first.waitFor("square.json> "))
        first.type("rotate me\t")
        #expect(first.waitFor("rotate medium "))
        first.type("90\r")
        #expect(first.waitFor("rotate medium by 90° about (4.75, 3.25)"))
        #expect(first.waitFor("square.json*> "), "the prompt marks unsaved changes")
        first.type("q\t")
        #expect(first.waitFor("quit "))
        first.type("\r")
        #expect(first.waitFor("Save changes to square.json before quitting? [y/n/c] "))
        first.type("c\r")
        #expect(first.waitFor("quit cancelled"))
        #expect(first.waitFor("square.json*> "))
        first.type("quit\r")
        #expect(first.waitFor("before quitting? [y/n/c] "))
        first.type("n\r")
        #expect(first.exitStatus() == 0)
        #expect(try run.work.read("square.json") == original, "the dropped change was not saved")
        let historyFile = run.state.file("state/gridedit/history")
        let entries = try String(contentsOf: historyFile, encoding: .utf8).split(separator: "\n")
        #expect(entries == ["open square.json", "rotate medium 90", "quit", "quit"], "answers to questions are not history")

        // Session 2: the history is back; Up recalls, Ctrl-R finds; Ctrl-C drops a line.
        let second = try PseudoTerminal(directory: run.work.url, environment: run.environment)
        #expect(second.waitFor("gridedit> "))
        second.type(Self.up + Self.up)
        #expect(second.waitFor("rotate medium 90"), "Up steps back through the last session's commands")
        second.type("\u{15}")  // Ctrl-U: clear the line
        second.type("\u{12}open")  // Ctrl-R: search backwards
        #expect(second.waitFor("open square.json"))
        second.type("\r")
        #expect(second.waitFor("opened square.json"))
        #expect(second.waitFor("square.json> "))
        second.type("nonsense words\u{3}")
        #expect(second.waitFor("^C"))
        #expect(second.waitFor("square.json> "))
        second.type("flip P\r")
        #expect(second.waitFor("flip parallelogram"))
        #expect(second.waitFor("square.json*> "), "wait for the prompt: keys typed while a command runs meet a cooked terminal")
        #expect(!PseudoTerminal.visible(second.transcript).contains("unknown command \"nonsense\""), "Ctrl-C abandons the line")
        // Ctrl-D at an empty prompt quits; unsaved changes are offered for saving.
        second.type("\u{4}")
        #expect(second.waitFor("Save changes to square.json before quitting? [y/n/c] "))
        second.type("y\r")
        #expect(second.waitFor("saved square.json"))
        #expect(second.exitStatus() == 0)
        #expect(try run.work.read("square.json").contains(#"{"piece": "parallelogram", "x": "#))
        #expect(try run.work.read("square.json") != original)
        #expect(run.journals.isEmpty)
    }

    /// A supervisor's SIGTERM, or the terminal going away (SIGHUP), while the designer is
    /// typing, with and without the browser editor: the session says what happened, puts the
    /// terminal back, exits 0, saves nothing, and the next session offers the unsaved edit.
    @Test("SIGTERM and SIGHUP end the session cleanly; the unsaved edit is offered by `recover`",
          arguments: [(SIGTERM, false), (SIGTERM, true), (SIGHUP, false)])
    func terminationSignals(_ signal: Int32, serving: Bool) throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let original = try run.work.read("square.json")
        let name = signal == SIGHUP ? "SIGHUP" : "SIGTERM"
        let session = try PseudoTerminal(arguments: ["square.json"] + (serving ? ["--serve", "--port", "0"] : []),
                                         directory: run.work.url, environment: run.environment)
        if serving { #expect(session.waitFor("serving ")) }
        #expect(session.waitFor("square.json> "))
        session.type("move square 6 6\r")
        #expect(session.waitFor("square.json*> "))
        session.type("rota")  // half a line typed when the signal comes
        #expect(session.waitFor("rota"))
        kill(session.process.processIdentifier, signal)
        #expect(session.waitFor("gridedit: stopped by \(name); unsaved edits in square.json stay in the journal"))
        #expect(session.exitStatus() == 0)
        #expect(session.process.terminationReason == .exit, "ended by itself, not killed by the signal")
        #expect(try run.work.read("square.json") == original, "nothing was saved behind the designer's back")

        let next = try run.script(["recover", "recover 1", "show", "quit --force"])
        #expect(next.stdout.contains("square.json: 1 edit"), "\(next.stdout)")
        #expect(next.stdout.contains("Q square (6, 6)"), "\(next.stdout)")
    }

    @Test("Colour at a terminal, none with NO_COLOR; a UTF-8 name round-trips through line editing")
    func colourAndUnicode() throws {
        let run = try EditorRun()
        try run.copy("templates/sudoku-4x4.json", as: "tiny.json")
        var environment = run.environment
        environment["NO_COLOR"] = nil
        environment["LANG"] = "C.UTF-8"
        let coloured = try PseudoTerminal(arguments: ["tiny.json"], directory: run.work.url, environment: environment)
        #expect(coloured.waitFor("tiny.json> "))
        coloured.type("meta name \"Café ★\"\r")
        #expect(coloured.waitFor("meta name = Café ★"))
        coloured.type("save\r")
        #expect(coloured.waitFor("saved tiny.json"))
        coloured.type("quit\r")
        #expect(coloured.exitStatus() == 0)
        #expect(coloured.transcript.contains("\u{1B}[32m"), "edits are green at a terminal")
        #expect(try run.work.read("tiny.json").contains(#""name": "Café ★""#))

        let plain = try PseudoTerminal(arguments: ["tiny.json"], directory: run.work.url, environment: run.environment)
        #expect(plain.waitFor("tiny.json> "))
        plain.type("show\r")
        #expect(plain.waitFor("└─────┴─────┘"))
        plain.type("quit\r")
        #expect(plain.exitStatus() == 0)
        #expect(!plain.transcript.contains("\u{1B}[3"), "NO_COLOR: no colour escapes")
    }
}
