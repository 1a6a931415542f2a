import ArgumentParser

@main
struct GridEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Author, check and convert Tangram and Sudoku puzzles.",
        discussion: "Puzzle files and packs are described in docs/format.md.",
        version: "0.1.0",
        subcommands: [Check.self, List.self, Format.self, SudokuCommand.self]
    )
}
