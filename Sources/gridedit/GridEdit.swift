import ArgumentParser
import Foundation
import GridEditProcess

@main
struct GridEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Author, check and convert Tangram and Sudoku puzzles.",
        discussion: "Puzzle files and packs are described in docs/format.md.",
        version: SiblingExecutable.version,
        subcommands: [ForwardedEdit.self, ForwardedServe.self, Check.self, Report.self, List.self, Format.self, SudokuCommand.self, TangramCommand.self, Render.self, CurriculumCommand.self, PlaytestCommand.self,
                      ForwardedMat.self, ForwardedCapture.self],
        defaultSubcommand: ForwardedEdit.self
    )

    /// `check` runs at once (below); `edit`, `serve` (and the default command's arguments), `mat`
    /// and `capture` go to their executables before anything is parsed here: the root's
    /// `--version` would otherwise be answered by gridedit (see Forwarding.swift).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        checkFirst(arguments)
        Forwarding.forward(arguments, subcommands: Set(configuration.subcommands.map { $0._commandName }))
        await main(nil)
    }

    /// `gridedit check …`, what CI steps and editor hooks run most, parsed as `Check` alone: the
    /// whole command tree costs a few milliseconds of start-up (a type lookup for every option
    /// of every subcommand). Anything but a clean parse (help, a usage error) goes the usual way,
    /// so messages and help read the same.
    ///
    /// `gridedit check PATH…` with no option (no argument starting with `-`) is not parsed at
    /// all: it is a ``CheckRequest`` with its defaults, as `Check` would have made it.
    static func checkFirst(_ arguments: [String]) {
        guard arguments.first == "check" else { return }
        let rest = Array(arguments.dropFirst())
        let request: CheckRequest
        if !rest.isEmpty, rest.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") }) {
            request = CheckRequest(paths: rest)
        } else {
            guard !arguments.contains(where: { ["-h", "--help", "-help", "--version", "--experimental-dump-help"].contains($0) }),
                  let command = try? Check.parse(rest) else { return }
            request = command.request
        }
        do {
            try request.run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            GridEdit.exit(withError: error)
        }
    }
}
