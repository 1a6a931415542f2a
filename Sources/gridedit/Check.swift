import ArgumentParser
import Foundation
import GridEditCore
import GridEditJSON

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

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json, github }

    @Argument(help: "Puzzle files, pack manifests or folders.")
    var paths: [String]

    @Option(help: "Report format: text (file:line:col: severity: [rule] message), json, or github (Actions annotations plus the text report).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write a SARIF 2.1.0 report to this file.", valueName: "file"))
    var sarif: String?

    @Option(help: "Files checked in parallel (default: all cores). The report's order does not depend on it.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Check only shard K of N (1-based), for a CI matrix; every file is in exactly one shard.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Report a file as check.timeout when checking it takes longer than this.", valueName: "seconds"))
    var timeoutPerPuzzle: Double?

    @Flag(help: "Warnings fail too.")
    var strict = false

    @Option(help: ArgumentHelp("Findings listed per file; the rest are counted in one check.too-many-findings.", valueName: "n"))
    var maxFindings = FileAccessPolicy.defaultMaxFindingsPerFile

    @OptionGroup var access: AccessOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let shard, Shard(shard) == nil { throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, like 2/4") }
        if let timeoutPerPuzzle, !(timeoutPerPuzzle > 0) { throw ValidationError("--timeout-per-puzzle must be a positive number of seconds") }
        guard maxFindings >= 1 else { throw ValidationError("--max-findings must be at least 1") }
    }

    func run() throws {
        let progress = ProgressBar.forStandardError()
        var options = Checker.Options(jobs: jobs, shard: shard.flatMap(Shard.init), timeoutPerFile: timeoutPerPuzzle,
                                      strict: strict, policy: access.policy(maxFindings: maxFindings))
        if let progress { options.progress = { done, total in progress.update(done, of: total) } }
        var report = Checker(options: options).check(paths)
        progress?.finish()
        report.shard?.run = runDescription(policy: options.policy)

        var sideReportFailed = false
        let sideReports: [(String?, () -> String)] = [
            (junit, { report.junitReport() }),
            (sarif, { report.sarifReport(toolVersion: GridEdit.configuration.version) }),
        ]
        for (path, text) in sideReports {
            guard let path else { continue }
            do throws(AtomicFile.WriteError) { try AtomicFile.write(Array(text().utf8), to: path) } catch {
                StandardStreams.errorLine(error.description)
                sideReportFailed = true
            }
        }
        switch format {
        case .text: print(report.textReport(), terminator: "")
        case .json: print(report.jsonReport(), terminator: "")
        case .github: print(report.githubReport(), terminator: "")
        }
        if report.hadIOError || sideReportFailed { throw ExitCode(2) }
        if report.failed > 0 { throw ExitCode(1) }
    }

    /// The version and everything on the command line that can change a report's findings, for
    /// a shard's `ShardStamp` (`--strict` is stamped on its own): `report merge` refuses shards
    /// whose runs differ.
    func runDescription(policy: FileAccessPolicy) -> String {
        var words = ["gridedit", GridEdit.configuration.version, "check",
                     "--max-findings", String(policy.maxFindingsPerFile), "--max-file-size", String(policy.maxFileSize)]
        if let timeoutPerPuzzle { words += ["--timeout-per-puzzle", String(timeoutPerPuzzle)] }
        words.append("--")
        words += paths.map { $0.contains(where: { $0 == " " || $0 == "\"" }) || $0.isEmpty ? CanonicalJSONWriter.quoted($0) : $0 }
        return words.joined(separator: " ")
    }
}
