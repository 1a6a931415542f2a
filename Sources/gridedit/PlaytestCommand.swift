import ArgumentParser
import GridEditCore
import GridEditJSON
import GridEditRender

/// `gridedit playtest`: what play-tests say about a pack. Records are written by play mode (the
/// REPL's `play`, the page's Play); docs/editor.md, "Play mode".
struct PlaytestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playtest",
        abstract: "Summarise play records: how a pack's puzzles actually play.",
        subcommands: [PlaytestReportCommand.self]
    )
}

struct PlaytestReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Per puzzle: plays, solves, median time to solve, wrong placements and hints, pieces most often misplaced.",
        discussion: """
            Reads every play record (*.json) in FOLDER, as written by `play` in the editor or the page. \
            Files that are not records are named on standard error with the JSON path, line and column of \
            the problem, and left out. Exit status: 0 summarised, 1 some files were not records (the rest \
            are summarised), 2 the folder cannot be read or the chart written, 64 bad usage.
            """
    )

    @Argument(help: "The folder of play records.")
    var folder: String

    @Flag(help: "Print JSON instead of the table.")
    var json = false

    @Option(help: ArgumentHelp("Also draw the report as a chart (.png, .svg or .pdf).", valueName: "file"))
    var chart: String?

    @Option(help: ArgumentHelp("Chart PNG width in pixels (default 1200).", valueName: "n"))
    var size: Int?

    @Option(help: ArgumentHelp("The style file (default: templates/style.jsonc of the repository).", valueName: "file"))
    var style: String?

    func validate() throws {
        if let chart, RenderFormat(path: chart) == nil { throw ValidationError("--chart: end the file name in .png, .svg or .pdf") }
        if let size, !(200...8192).contains(size) { throw ValidationError("--size must be from 200 to 8192") }
    }

    func run() throws {
        guard FileSystem.isDirectory(folder) else {
            StandardStreams.errorLine("\(folder): not a folder; give the folder play records are written to (playtests/ by default)")
            throw ExitCode(2)
        }
        let (records, problems) = PlaytestReport.load(folder: folder)
        for (path, finding) in problems {
            StandardStreams.errorLine(finding.line(in: path) + " (not a play record; left out)")
        }
        let report = PlaytestReport(records)
        StandardStreams.write(json ? CanonicalJSONWriter.write(report.json) : report.text)
        if let chart {
            do {
                let renderer = try Renderer(style: Style.load(try Render.stylePath(style)))
                let format = try Renderer.format(nil, for: chart)
                try Renderer.writeFile(renderer.renderPlaytestChart(report, as: format, size: size), to: chart)
                StandardStreams.errorLine("\(chart): \(report.entries.count) puzzle\(report.entries.count == 1 ? "" : "s"), \(records.count) plays")
            } catch let error as RenderError {
                StandardStreams.errorLine("gridedit playtest report: \(error)")
                throw ExitCode(2)
            }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
