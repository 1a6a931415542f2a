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

    @Flag(help: "Also edit in the browser: start `gridedit serve` on the (last) file's folder, sharing this session (--port, --host and --open say where).")
    var serve = false

    @OptionGroup var served: ServeOptions

    func validate() throws {
        // `gridedit chekc` reaches here (edit is the default command): say so as a usage error.
        if !serve && !served.areDefaults {
            throw ValidationError("--port, --host and --open go with --serve")
        }
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
            options.serve = served.request(folder: folder)
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
