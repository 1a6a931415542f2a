import ArgumentParser
import Foundation
import GridEditProcess

/// The commands that run in a sibling executable (``SiblingExecutable``): `gridedit` replaces
/// itself with it before parsing anything, so every argument (`--help`, `--version`, `-o`) reaches
/// the sibling as typed, and its output and exit status are the sibling's own.
/// - `mat`, `capture` → `gridedit-capture` (OpenCV);
/// - `edit`, `serve`, and everything the default command (`edit`) takes (no arguments, files,
///   `--script`, a mistyped command) → `gridedit-editor` (the REPL and the server).
/// The stand-ins below exist for `gridedit --help` and `gridedit help mat|capture`
/// (`gridedit help edit|serve` goes to gridedit-editor, whose root knows those two).
enum Forwarding {
    static let capture: Set<String> = ["mat", "capture"]
    static let editor: Set<String> = ["edit", "serve"]
    /// What the root command answers itself.
    static let rootWords: Set<String> = ["-h", "--help", "-help", "help", "--version", "--generate-completion-script",
                                         "--experimental-dump-help"]

    /// Which sibling, if any, a command line belongs to. `subcommands`: the root's own names.
    static func sibling(for arguments: [String], subcommands: Set<String>) -> SiblingExecutable? {
        guard let first = arguments.first else { return .editor }
        if capture.contains(first) { return .capture }
        if editor.contains(first) { return .editor }
        if first == "help", arguments.count > 1, editor.contains(arguments[1]) { return .editor }
        if rootWords.contains(first) || subcommands.contains(first) { return nil }
        return .editor  // the default command's files and options, or a mistyped command it names
    }

    /// Hands the command line over when it belongs to a sibling; returns otherwise.
    static func forward(_ arguments: [String], subcommands: Set<String>) {
        guard let sibling = sibling(for: arguments, subcommands: subcommands) else { return }
        sibling.replaceProcess(arguments: arguments, environment: ProcessInfo.processInfo.environment)
    }
}

/// A stand-in in `gridedit --help` for a command that runs in a sibling executable.
protocol ForwardedCommand: ParsableCommand {
    static var sibling: SiblingExecutable { get }
    var arguments: [String] { get }
}

extension ForwardedCommand {
    func run() throws {
        Self.sibling.replaceProcess(arguments: [Self.configuration.commandName ?? ""] + arguments,
                                    environment: ProcessInfo.processInfo.environment)
    }
}

struct ForwardedEdit: ForwardedCommand {
    static let sibling = SiblingExecutable.editor
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit puzzles in an interactive session (the default command), or run an editing script (runs gridedit-editor; `gridedit edit --help` has its options).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Handed to gridedit-editor edit as they are.")
    var arguments: [String] = []
}

struct ForwardedServe: ForwardedCommand {
    static let sibling = SiblingExecutable.editor
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Edit puzzles in the browser: serve a folder's puzzles to a page on this machine (runs gridedit-editor; `gridedit serve --help` has its options).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Handed to gridedit-editor serve as they are.")
    var arguments: [String] = []
}

struct ForwardedMat: ForwardedCommand {
    static let sibling = SiblingExecutable.capture
    static let configuration = CommandConfiguration(
        commandName: "mat",
        abstract: "Write the printable capture mat (runs gridedit-capture; `gridedit mat --help` has its options).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Handed to gridedit-capture mat as they are.")
    var arguments: [String] = []
}

struct ForwardedCapture: ForwardedCommand {
    static let sibling = SiblingExecutable.capture
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Turn pieces on the printed mat into a puzzle (runs gridedit-capture; `gridedit capture --help` has its options).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Handed to gridedit-capture capture as they are.")
    var arguments: [String] = []
}
