import ArgumentParser
import GridEditProcess

/// `gridedit-editor`: the interactive editor (the REPL) and the browser editor (`serve`), the half
/// of gridedit that links the server and libedit. `gridedit`, `gridedit edit …` and
/// `gridedit serve …` hand over to it (gridedit/Forwarding.swift), so it answers to the name
/// `gridedit` and reads its arguments exactly as gridedit would have.
@main
struct EditorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Edit puzzles in a terminal session or in the browser (the REPL and `serve` of gridedit).",
        discussion: "Run as `gridedit`, `gridedit edit …` or `gridedit serve …`; `gridedit --help` lists every command.",
        version: SiblingExecutable.version,
        subcommands: [Edit.self, Serve.self],
        defaultSubcommand: Edit.self
    )
}
