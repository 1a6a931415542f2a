import ArgumentParser

@main
struct GridEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Author, check and convert Tangram and Sudoku puzzles.",
        discussion: "Puzzle files and packs are described in docs/format.md.",
        version: "0.1.0",
        subcommands: [Edit.self, Serve.self, Check.self, Report.self, List.self, Format.self, SudokuCommand.self, TangramCommand.self, Render.self, CurriculumCommand.self, PlaytestCommand.self,
                      ForwardedMat.self, ForwardedCapture.self],
        defaultSubcommand: Edit.self
    )

    /// `mat` and `capture` go to gridedit-capture before anything is parsed here: the root's
    /// `--version` would otherwise be answered by gridedit (see CaptureForwarding.swift).
    static func main() async {
        CaptureForwarding.forward(Array(CommandLine.arguments.dropFirst()))
        await main(nil)
    }
}
