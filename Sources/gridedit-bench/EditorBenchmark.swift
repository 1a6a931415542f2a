import Foundation
import GridEditCore
import GridEditProcess
import GridEditEditor
import GridEditGeometry
import GridEditLayout

/// The editor's two speed targets, in a release build:
/// - REPL start-up (under 50 ms): the `gridedit` binary beside this one, handing over to
///   `gridedit-editor` as a user's `gridedit` does, until it shows its first prompt on a pseudo-terminal, and until it has run a one-line script and exited; and
///   `gridedit check` of one small file, launch to exit (under 15 ms, issue 38);
/// - one edit plus the validation that follows it (under 1 ms), on the full classic-square Tangram
///   (all seven pieces, silhouette) and on a full 9×9 Sudoku (every cell filled).
enum EditorBenchmark {
    static func run(repository: URL) throws {
        print("editor: REPL start-up and edit+validate latency")
        try startup(repository: repository)
        try editing(repository: repository)
    }

    /// The start-up figures alone (`gridedit-bench startup`).
    static func startup(repository: URL) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gridedit")
        defer { try? FileManager.default.removeItem(atPath: stateFolder) }  // the REPL runs' journal, ours alone
        let editor = binary.deletingLastPathComponent().appendingPathComponent(SiblingExecutable.editor.name)
        if FileManager.default.isExecutableFile(atPath: binary.path), !FileManager.default.isExecutableFile(atPath: editor.path) {
            print("  (no \(editor.path): gridedit hands the REPL over to it; `swift build -c release --product gridedit-editor` for the REPL figures)")
        } else if FileManager.default.isExecutableFile(atPath: binary.path) {
            let prompt = try startupTimes(binary, repository: repository, runs: 25) { try timeToPrompt(binary, repository: repository) }
            print(String(format: "  start-up to first prompt (pseudo-terminal)     median %6.1f ms   best %6.1f ms", prompt.median, prompt.best))
            let script = try startupTimes(binary, repository: repository, runs: 25) {
                try timeScript(binary, repository: repository, arguments: [repository.appendingPathComponent("puzzles/tangram-starter/cat.json").path], input: "quit\n")
            }
            print(String(format: "  gridedit cat.json < quit (open, exit)          median %6.1f ms   best %6.1f ms", script.median, script.best))
            let check = try startupTimes(binary, repository: repository, runs: 51) {
                try timeLaunch(binary, arguments: ["check", repository.appendingPathComponent("puzzles/tangram-starter/cat.json").path])
            }
            print(String(format: "  gridedit check cat.json (start-up, goal < 15)  median %6.1f ms   best %6.1f ms", check.median, check.best))
        } else {
            print("  (no gridedit binary at \(binary.path): build it first for the start-up figures)")
        }
    }

    static func editing(repository: URL) throws {

        let journals = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-journals-\(getpid())")
        defer { try? FileManager.default.removeItem(at: journals) }
        for journaled in [false, true] {
            let environment = EditorEnvironment(now: { "2026-01-01T00:00:00Z" },
                                                journals: journaled ? JournalStore(folder: journals.path) : nil)
            let suffix = journaled ? " (journal on)" : ""

            let tangramService = GridEditorService(environment: environment)
            let tangram = try tangramService.open(repository.appendingPathComponent("puzzles/tangram-starter/square.json").path)
            var right = true
            let nudge = latency(count: 20_000) {
                let offset = Vector(Exact(quarters: right ? 1 : -1), .zero)
                right.toggle()
                _ = try? tangramService.perform(try tangram.tangramEditor!.nudge(.square, by: offset), on: tangram)
            }
            report("tangram: nudge + validate\(suffix)", nudge)
            var away = true
            let move = latency(count: 5_000) {
                // A move near the figure searches every anchor of the six other pieces.
                let target = away ? PositionInput(Point(Exact(quarters: 19), Exact(quarters: 13))) : PositionInput(Point(Exact(quarters: 18), Exact(quarters: 14)))
                away.toggle()
                _ = try? tangramService.perform(try tangram.tangramEditor!.move(.square, to: target), on: tangram)
            }
            report("tangram: move with anchoring + validate\(suffix)", move)

            let sudokuService = GridEditorService(environment: environment)
            let sudoku = try sudokuService.open(repository.appendingPathComponent("puzzles/sudoku-9x9/classic-01.json").path)
            let solution = try fill(sudoku, service: sudokuService)
            let cell = Cell(row: 4, column: 4)
            var filled = true
            let set = try latency(count: 20_000) {
                let proposal = filled ? try sudoku.sudokuEditor!.clear(cell) : try sudoku.sudokuEditor!.set(cell, to: solution)
                filled.toggle()
                _ = try? sudokuService.perform(proposal, on: sudoku)
            }
            report("sudoku 9×9 full: set/clear + validate\(suffix)", set)
        }
    }

    /// Fills every empty cell with the stored solution's digit; returns the centre cell's digit.
    static func fill(_ document: EditorDocument, service: GridEditorService) throws -> Int {
        guard let content = document.puzzle as? SudokuPuzzle, let solution = content.solution else {
            throw BenchmarkError("the 9×9 benchmark puzzle needs a stored solution")
        }
        for i in content.currentState.cells.indices where content.currentState.cells[i] == 0 {
            try service.perform(try document.sudokuEditor!.set(Cell(row: i / 9, column: i % 9), to: Int(solution.cells[i])), on: document)
        }
        guard (document.puzzle as! SudokuPuzzle).currentState.isFull, content.givens.cells[40] == 0 else { throw BenchmarkError("r5c5 must be an entered cell") }
        return Int(solution.cells[40])
    }

    struct Figures { var median: Double; var best: Double; var p99: Double }

    /// Per-operation wall time in milliseconds (each measured alone).
    static func latency(count: Int, _ body: () throws -> Void) rethrows -> Figures {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        samples.sort()
        return Figures(median: samples[count / 2], best: samples[0], p99: samples[count * 99 / 100])
    }

    static func report(_ name: String, _ figures: Figures) {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        print(String(format: "  %@ median %6.3f ms   p99 %6.3f ms", padded, figures.median, figures.p99))
    }

    static func startupTimes(_ binary: URL, repository: URL, runs: Int, _ once: () throws -> Double) throws -> (median: Double, best: Double) {
        _ = try once()  // warm the page cache
        var samples = try (0..<runs).map { _ in try once() }
        samples.sort()
        return (samples[runs / 2], samples[0])
    }

    static func environment(_ state: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        return environment
    }

    static var stateFolder: String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-state-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Milliseconds from launch until the first prompt appears on a pseudo-terminal.
    static func timeToPrompt(_ binary: URL, repository: URL) throws -> Double {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw BenchmarkError("openpty failed") }
        defer { close(master) }
        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = repository
        process.environment = environment(stateFolder)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        try terminal.close()
        var seen: [UInt8] = []
        var elapsed = 0.0
        while elapsed < 5000 {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
                if n > 0 { seen += buffer[0..<n] }
            }
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if String(decoding: seen, as: UTF8.self).contains("gridedit> ") { break }
        }
        _ = "quit\r".withCString { write(master, $0, 5) }
        process.waitUntilExit()
        return elapsed
    }

    /// Launch to exit of one run, timed as hyperfine does: `posix_spawn`, then `waitpid`, its
    /// output to /dev/null. (`timeScript`'s asynchronous child-process machinery, with pipes for
    /// the output, adds a millisecond or two that is the benchmark's, not gridedit's.)
    static func timeLaunch(_ binary: URL, arguments: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = Self.environment(stateFolder).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, binary.path, &actions, nil, argv, environment) == 0 else { throw BenchmarkError("cannot start \(binary.path)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard status == 0 else { throw BenchmarkError("\(binary.lastPathComponent) \(arguments.joined(separator: " ")) failed (wait status \(status))") }
        return elapsed
    }

    /// Milliseconds from launch to exit for a script on standard input (the process helper
    /// waits on the child's pidfd, so no run-loop polling is measured).
    static func timeScript(_ binary: URL, repository: URL, arguments: [String], input: String) throws -> Double {
        let environment = environment(stateFolder)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try ChildProcess.waitFor { () async throws(ChildProcess.Failure) -> ChildProcess.Status in
            try await ChildProcess.run(binary.path, arguments: arguments, environment: environment, input: input)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
