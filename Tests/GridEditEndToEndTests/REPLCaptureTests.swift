import Foundation
import GridEditTestSupport
import Testing

/// A stand-in for gridedit-capture, for testing the REPL's `capture` without a camera: a shell
/// script that records its arguments and process id, writes `stderr` to standard error, prints
/// `stream` (the touch-file lines gridedit-capture would stream), then, if `hold` exists, waits
/// like a camera that sees nothing new; else exits with the status in `exit` (default 0).
/// Every file is in the rig's folder, so a test can change what the next capture sees.
final class StandInCapture {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("""
            #!/bin/sh
            dir="$(dirname "$0")"
            echo "$$" > "$dir/pid"
            printf '%s\\n' "$@" > "$dir/arguments"
            [ -f "$dir/stderr" ] && cat "$dir/stderr" >&2
            cat "$dir/stream"
            [ -f "$dir/hold" ] && exec sleep 60
            exit "$(cat "$dir/exit" 2>/dev/null || echo 0)"
            """, to: "gridedit-capture")
        chmod(path, 0o755)
    }

    var path: String { folder.file("gridedit-capture").path }

    func stream(_ lines: [String], stderr: [String] = [], exit: Int32 = 0, hold: Bool = false) throws {
        try folder.write(lines.joined(separator: "\n") + "\n", to: "stream")
        try folder.write(stderr.map { $0 + "\n" }.joined(), to: "stderr")
        try folder.write("\(exit)\n", to: "exit")
        if hold { try folder.write("", to: "hold") } else { try? FileManager.default.removeItem(at: folder.file("hold")) }
    }

    var arguments: [String] { ((try? folder.read("arguments")) ?? "").split(separator: "\n").map(String.init) }
    var pid: pid_t? { (try? folder.read("pid")).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }

    /// Whether the last one started is still running (waits up to `timeout` for it to end).
    func isRunning(timeout: TimeInterval = 3) -> Bool {
        guard let pid else { return false }
        let deadline = Date().addingTimeInterval(timeout)
        while kill(pid, 0) == 0 {
            guard Date() < deadline else { return true }
            usleep(20_000)
        }
        return false
    }
}

/// The header and three pieces of the classic square put down near their places.
private let header = #"{"touchFile":1,"description":"camera /dev/video0"}"#
private let buildThree = [
    header,
    #"{"t":0.4,"frame":12,"type":"moved","object":"large-1","x":4.03,"y":3.96,"rotation":133.5}"#,
    #"{"t":0.9,"frame":27,"type":"moved","object":"large-2","x":3.98,"y":4.04,"rotation":46,"confidence":0.93}"#,
    #"{"t":1.6,"frame":48,"type":"moved","object":"small-2","x":4.05,"y":3.97,"rotation":223}"#,
]

@Suite("The REPL's capture command, with a stand-in for gridedit-capture", .serialized)
struct REPLCaptureTests {
    static func environment(_ run: EditorRun, _ standIn: StandInCapture) -> [String: String] {
        var environment = run.environment
        environment["GRIDEDIT_CAPTURE"] = standIn.path
        return environment
    }

    /// `gridedit < script` with GRIDEDIT_CAPTURE set.
    static func script(_ run: EditorRun, _ standIn: StandInCapture, _ lines: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = GridEditBinary.url
        process.currentDirectoryURL = run.work.url
        process.environment = environment(run, standIn)
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test("In a script, capture runs until the source ends and keeps its edits as one undo step")
    func scriptCommitsAtTheEnd() throws {
        let run = try EditorRun()
        try run.copy("Tests/Fixtures/editor/square-scattered.json", as: "square.json")
        let standIn = try StandInCapture()
        try standIn.stream(buildThree, stderr: ["mat found: 8 of 8 markers"])
        let output = try Self.script(run, standIn, ["open square.json", "capture --video clip.mp4 --colors wood.json", "history", "save"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr == "")
        #expect(standIn.arguments == ["capture", "--stream", "--stop-when-input-closes", "--video", "clip.mp4", "--colors", "wood.json"])
        let lines = GridEditBinary.Output.lines(output.stdout)
        #expect(containsInOrder(lines, [
            "capturing from video clip.mp4 into square.json",
            "move large-1 at (4, 4) turned 135°",
            "move large-2 at (4, 4) turned 45°",
            "move small-2 at (4, 4) turned 225°",
            "captured from video clip.mp4: 3 events, 3 edits kept as one undo step; square.json: 1 error, 1 warning",
            ">  1 capture",
            "saved square.json",
        ]), "\(output.stdout)")
        #expect(lines.contains("mat found: 8 of 8 markers"), "status lines are shown")
        let saved = try run.work.read("square.json")
        #expect(saved.contains(#"{"piece": "large-1", "x": 4, "y": 4, "rotation": 135}"#))
        #expect(saved.contains(#"{"piece": "small-2", "x": 4, "y": 4, "rotation": 225}"#))
    }

    @Test("When gridedit-capture fails, its message is shown and the puzzle is unchanged")
    func failureLeavesThePuzzle() throws {
        let run = try EditorRun()
        try run.copy("Tests/Fixtures/editor/square-scattered.json", as: "square.json")
        let original = try run.work.read("square.json")
        let standIn = try StandInCapture()
        try standIn.stream(Array(buildThree.prefix(2)), stderr: ["error: cannot open camera /dev/video9: no such device"], exit: 2)
        let output = try Self.script(run, standIn, ["open square.json", "capture --camera /dev/video9", "history", "quit"])
        #expect(output.status == 1)
        #expect(output.stderr == "<stdin>:2: error: capture from camera /dev/video9 failed: cannot open camera /dev/video9: no such device; "
                + "square.json is unchanged\n")
        #expect(try run.work.read("square.json") == original)
        #expect(output.stdout.contains("move large-1 at (4, 4) turned 135°"), "what came before the failure was shown, then taken back")
    }

    @Test("A stream gridedit cannot read stops the capture with the line that is wrong")
    func unreadableStream() throws {
        let run = try EditorRun()
        try run.copy("Tests/Fixtures/editor/square-scattered.json", as: "square.json")
        let standIn = try StandInCapture()
        try standIn.stream([header, #"{"t":0.4,"type":"moved","object":"large-1","x":4.03}"#], hold: true)
        let output = try Self.script(run, standIn, ["open square.json", "capture --camera /dev/video0"])
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("<stdin>:2: error: capture from camera /dev/video0 failed: gridedit-capture sent a line gridedit "
                                        + "cannot read (line 2: missing \"y\")"), "\(output.stderr)")
        #expect(!standIn.isRunning(), "gridedit stops the program it started")
    }

    @Test("Without gridedit-capture the command says how to get it; the puzzle is unchanged")
    func missingProgram() throws {
        let run = try EditorRun()
        try run.copy("Tests/Fixtures/editor/square-scattered.json", as: "square.json")
        let standIn = try StandInCapture()
        try FileManager.default.removeItem(atPath: standIn.path)
        let output = try Self.script(run, standIn, ["open square.json", "capture --camera /dev/video0"])
        #expect(output.status == 1)
        #expect(output.stderr == "<stdin>:2: error: GRIDEDIT_CAPTURE is set to \(standIn.path), which is not an executable file; "
                + "point it at gridedit-capture, or unset it\n")
    }

    @Test("At a terminal, Enter keeps the capture as one undo step and Ctrl-C takes it back; gridedit-capture is stopped")
    func interactive() throws {
        let run = try EditorRun()
        try run.copy("Tests/Fixtures/editor/square-scattered.json", as: "square.json")
        let standIn = try StandInCapture()
        try standIn.stream(buildThree, stderr: ["mat found: 8 of 8 markers"], hold: true)
        let terminal = try PseudoTerminal(arguments: ["square.json"], directory: run.work.url, environment: Self.environment(run, standIn))
        #expect(terminal.waitFor("square.json> "))
        terminal.send("capture --camera /dev/video0\r")
        #expect(terminal.waitFor("press Enter to keep what the view shows, Ctrl-C to cancel"))
        #expect(terminal.waitFor("move small-2 at (4, 4) turned 225°"))
        #expect(standIn.isRunning(timeout: 0), "the camera keeps running until Enter")
        terminal.send("\r")
        #expect(terminal.waitFor("captured from camera /dev/video0: 3 events, 3 edits kept as one undo step"))
        #expect(terminal.waitFor("square.json*> "))
        #expect(!standIn.isRunning(), "Enter stops gridedit-capture")

        try standIn.stream([header, #"{"t":0.5,"frame":15,"type":"moved","object":"square","x":3.02,"y":5.97,"rotation":1}"#], hold: true)
        terminal.send("capture --camera /dev/video0\r")
        #expect(terminal.waitFor("move square at (3, 6) turned 0°"))
        terminal.process.interrupt()  // Ctrl-C
        #expect(terminal.waitFor("capture cancelled; square.json is as it was"))
        #expect(terminal.waitFor("square.json*> "))
        #expect(!standIn.isRunning(), "Ctrl-C stops gridedit-capture")
        terminal.send("history\r")
        #expect(terminal.waitFor(">  1 capture"))
        #expect(terminal.waitFor("square.json*> "))
        #expect(!terminal.screen.contains("  2 capture"), "the cancelled capture left no undo step")
        terminal.send("undo\r")
        #expect(terminal.waitFor("undo: capture"))
        #expect(terminal.waitFor("square.json> "), "one undo takes the whole capture back: no unsaved changes")
        terminal.send("quit\r")
        #expect(terminal.exitStatus() == 0)
    }
}
