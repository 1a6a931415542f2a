import ArgumentParser
import GridEditCore

/// `gridedit check`: the CI entry point. Exit 0 clean, 1 findings, 2 I/O error, 64 usage.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate puzzle files and packs.",
        discussion: """
            Walks files and folders in sorted order and reports findings with stable rule ids \
            (see docs/format.md). Exit status: 0 clean (warnings allowed), 1 errors found, \
            2 a file could not be read, 64 bad usage.
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "Puzzle files, pack manifests or folders.")
    var paths: [String]

    @Option(help: "Report format: text (file:line:col: severity: [rule] message) or json.")
    var format: OutputFormat = .text

    func run() throws {
        let report = Checker().check(paths)
        switch format {
        case .text: print(report.textReport(), terminator: "")
        case .json: print(report.jsonReport(), terminator: "")
        }
        if report.hadIOError { throw ExitCode(2) }
        if report.failed > 0 { throw ExitCode(1) }
    }
}
