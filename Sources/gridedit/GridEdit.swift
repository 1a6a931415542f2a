import ArgumentParser

@main
struct GridEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Author, check and convert Tangram and Sudoku puzzles.",
        discussion: "Puzzle files and packs are described in docs/format.md.",
        version: "0.1.0",
        subcommands: [Edit.self, Check.self, List.self, Format.self, SudokuCommand.self, TangramCommand.self, Render.self],
        defaultSubcommand: Edit.self
    )
}
