import ArgumentParser
import Foundation
import GridEditCore
import GridEditEditor

/// `gridedit edit` (and plain `gridedit`): the interactive editor, or an editing script.
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Edit puzzles in an interactive session (the default command), or run an editing script.",
        discussion: """
            At a terminal: line editing, history across sessions, Tab completion, a live view after \
            every edit; `help` inside lists the commands. With standard input from a file or pipe \
            (gridedit < script.ge), with --script, or with a .ge file argument, the same commands run \
            as a script: no prompts, no colour, exit status 1 at the first failing command unless \
            --keep-going. Commands, touch files and recovery are described in docs/editor.md.
            """
    )

    @Argument(help: "Puzzle files to open. A file ending in .ge is run as a script.")
    var files: [String] = []

    @Option(name: .shortAndLong, help: "Run the commands in this file (- for standard input).")
    var script: String?

    @Flag(help: "In a script, carry on after a failing command (the exit status is still 1).")
    var keepGoing = false

    @Option(help: "Colour: auto (at a terminal, unless NO_COLOR is set), always or never.")
    var color: TerminalStyle.Choice = .auto

    @Flag(help: "Also edit in the browser: start `gridedit serve` on the (last) file's folder, sharing this session.")
    var serve = false

    @Option(help: "With --serve: the port (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "With --serve: the address to listen on; off loopback the URL carries a secret token.")
    var host: String = "127.0.0.1"

    @Flag(help: "With --serve: open the page in the desktop's browser.")
    var open = false

    func validate() throws {
        // `gridedit chekc` reaches here (edit is the default command): say so as a usage error.
        if !serve && (port != 8080 || host != "127.0.0.1" || open) {
            throw ValidationError("--port, --host and --open go with --serve")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port; give 0…65535 (0 picks a free one)") }
        for file in files where !Self.looksLikeFile(file) {
            throw ValidationError("\"\(file)\" is neither a command nor a file; `gridedit --help` lists the commands")
        }
    }

    func run() async throws {
        var options = REPLSession.Options(keepGoing: keepGoing, colour: color)
        options.script = script
        for file in files {
            if file.hasSuffix(".ge") && options.script == nil { options.script = file } else { options.files.append(file) }
        }
        if serve {
            let folder = options.files.last.map { FileSystem.folder(of: FileSystem.absolute($0)) } ?? "."
            options.serve = ServeControl.Request(folder: folder, options: .init(host: host, port: port), openBrowser: open)
        }
        let environment = ProcessInfo.processInfo.environment
        let status = await REPLSession(options: options, environment: environment, executablePath: nil).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// A command-line argument that can only be a mistyped subcommand: no such file, and no
    /// path separator or extension that would make it look like one.
    static func looksLikeFile(_ argument: String) -> Bool {
        FileSystem.exists(argument) || argument.contains("/") || argument.contains(".")
    }
}

extension TerminalStyle.Choice: ExpressibleByArgument {}
