import ArgumentParser
import Foundation
import GridEditCore

/// `gridedit tangram`: the exact tangram solver and the figure generator.
struct TangramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tangram",
        abstract: "Solve tangram figures exactly; generate new ones for a pack.",
        subcommands: [Solve.self, Generate.self, Import.self]
    )

    struct Solve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find every way to fill a tangram figure with the seven pieces.",
            discussion: """
                FILE is a tangram puzzle (its silhouette, or the outline of its pieces when it has none) \
                or a bare silhouette file {"polygons": [[[x, y], ...], ...]}: outer rings counter-clockwise, \
                holes clockwise, units where the small triangle's legs are 1. Coordinates are exact \
                ("1+0.5√2") or decimals; in a bare silhouette file a decimal within 0.001 of an exact value (a vector \
                tool's precision, 2.8284 for 2√2) is taken as that value, with a note naming it. Prints whether the figure can be \
                filled, the number of solutions (raw, and up to the figure's symmetry), the first \
                solution, the parts that can be filled in more than one way, and a difficulty estimate. \
                Exit status: 0 solvable, 1 not solvable, 2 the file cannot be read or is not a figure, \
                64 bad usage. See docs/tangram-solver.md.
                """
        )

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

        @Argument(help: "A tangram puzzle file or a bare silhouette file.")
        var file: String

        @Flag(help: "Print every solution, not only the first.")
        var all = false

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let figure: TangramFigureFile.Figure
            switch TangramFigureFile.load(try readInput(file)) {
            case .success(let loaded): figure = loaded
            case .failure(let problem):
                let place = problem.location.map { "\(file):\($0.line):\($0.column)" } ?? file
                StandardStreams.errorLine("\(place): \(problem.message)")
                throw ExitCode(2)
            }
            for note in figure.notes {
                let place = note.location.map { "\(file):\($0.line):\($0.column)" } ?? file
                StandardStreams.errorLine("\(place): note: \(note.message)")
            }
            let report = TangramSolveReport(figure: figure)
            if report.analysis == nil, case .failure(.overlapping) = figure.region {
                // Not a figure at all, rather than a figure no arrangement fills.
                let message = figure.source == "arrangement"
                    ? "the puzzle has no silhouette and the pieces of its solution overlap; run `gridedit check` on it"
                    : report.reason ?? "not a figure"
                StandardStreams.errorLine("\(file): \(message)")
                throw ExitCode(2)
            }
            print(format == .json ? report.json(all: all) : report.text(all: all), terminator: "")
            if !report.isSolvable { throw ExitCode(1) }
        }
    }
}
