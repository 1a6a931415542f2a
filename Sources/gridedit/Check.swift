import ArgumentParser
import Foundation
import GridEditCheck
import GridEditCore
import GridEditJSON

/// `gridedit check`: the CI entry point. Exit 0 clean, 1 findings, 2 I/O error, 64 usage.
struct Check: ParsableCommand {
    // `_superCommandName` matters only when `check` is parsed on its own (GridEdit.checkFirst,
    // the start-up fast path): it names the command "gridedit check", and it spares that parse
    // ArgumentParser's two trial parses for a completion-script request (5 % of the process's
    // instructions under callgrind; `gridedit --generate-completion-script` still answers from
    // the root).
    static let configuration = CommandConfiguration(
        _superCommandName: "gridedit",
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
    var format: OutputFormat = CheckRequest.defaults.format

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write a SARIF 2.1.0 report to this file.", valueName: "file"))
    var sarif: String?

    @Option(help: "Files checked in parallel (default: all cores). The report's order does not depend on it.")
    var jobs: Int = CheckRequest.defaults.jobs

    @Option(help: ArgumentHelp("Check only shard K of N (1-based), for a CI matrix; every file is in exactly one shard.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Report a file as check.timeout when checking it takes longer than this.", valueName: "seconds"))
    var timeoutPerPuzzle: Double?

    @Flag(help: "Warnings fail too.")
    var strict = CheckRequest.defaults.strict

    @Option(help: ArgumentHelp("Findings listed per file; the rest are counted in one check.too-many-findings.", valueName: "n"))
    var maxFindings = CheckRequest.defaults.maxFindings

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Keep the findings of unchanged files in a content cache and reuse them (default: on inside a git work tree)."))
    var cache: Bool?

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Where the cache lives (default: $GRIDEDIT_CACHE_DIR, else .gridedit-cache at the top of the git work tree). Implies --cache.", valueName: "dir"))
    var cacheDir: String?

    @OptionGroup var access: AccessOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let shard, Shard(shard) == nil { throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, like 2/4") }
        if let timeoutPerPuzzle, !(timeoutPerPuzzle > 0) { throw ValidationError("--timeout-per-puzzle must be a positive number of seconds") }
        guard maxFindings >= 1 else { throw ValidationError("--max-findings must be at least 1") }
    }

    /// The parsed command line as plain values.
    var request: CheckRequest {
        CheckRequest(paths: paths, format: format, junit: junit, sarif: sarif, jobs: jobs, shard: shard,
                     timeoutPerPuzzle: timeoutPerPuzzle, strict: strict, maxFindings: maxFindings, cache: cache,
                     cacheDir: cacheDir, maxFileSize: access.maxFileSize)
    }

    func run() throws { try request.run() }
}

/// What `gridedit check` was asked to do, as plain values, and doing it. `Check` parses a
/// command line into one; `gridedit check PATH…` with no option at all (what CI steps and
/// editor hooks run most) is made into one directly, without ArgumentParser (GridEdit.checkFirst):
/// its parse was a fifth of the start-up. The defaults live here, and `Check`'s options take them.
struct CheckRequest: Equatable {
    var paths: [String]
    var format: Check.OutputFormat = .text
    var junit: String?
    var sarif: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var shard: String?
    var timeoutPerPuzzle: Double?
    var strict = false
    var maxFindings = FileAccessPolicy.defaultMaxFindingsPerFile
    var cache: Bool?
    var cacheDir: String?
    var maxFileSize: String?

    /// Every default, for `Check`'s options.
    static let defaults = CheckRequest(paths: [])

    func run() throws {
        let progress = ProgressBar.forStandardError()
        let policy = AccessOptions.policy(maxFileSize: maxFileSize, maxFindings: maxFindings)
        var options = Checker.Options(jobs: jobs, shard: shard.flatMap(Shard.init), timeoutPerFile: timeoutPerPuzzle,
                                      strict: strict, policy: policy, cache: try openCache(policy: policy))
        if let progress { options.progress = { done, total in progress.update(done, of: total) } }

        // Each file's report goes to a spool on disk as it is produced, and every format is
        // written from there: memory stays flat however many files there are.
        let spool: ReportSpool
        do throws(FileSystem.Failure) { spool = try ReportSpool() } catch {
            StandardStreams.errorLine("gridedit check: \(error.message)")
            throw ExitCode(2)
        }
        var spoolFailure: FileSystem.Failure?
        var summary = Checker(options: options).check(paths) { file in
            do throws(FileSystem.Failure) { try spool.append(file) } catch { spoolFailure = spoolFailure ?? error }
        }
        progress?.finish()
        summary.shard?.run = runDescription(policy: options.policy)
        if let failure = spoolFailure {
            StandardStreams.errorLine("gridedit check: \(failure.message)")
            throw ExitCode(2)
        }
        if let cache = options.cache {
            do throws(AtomicFile.WriteError) { try cache.save() } catch {
                StandardStreams.errorLine("warning: \(error.description); the next check starts without a cache")
            }
            if let warning = cache.warning { StandardStreams.errorLine("warning: \(warning)") }
        }

        let version = GridEdit.configuration.version
        var sideReportFailed = false
        for (path, format) in [(junit, CheckReport.Format.junit), (sarif, .sarif)] {
            guard let path else { continue }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(to: path) { output in
                    CheckReport.write(format, files: spool, summary: summary, toolVersion: version) { output.write($0) }
                }
            } catch {
                StandardStreams.errorLine(error.description)
                sideReportFailed = true
            }
        }
        let output = BufferedOutput.standardOutput()
        let stdoutFormat: CheckReport.Format = switch format {
        case .text: .text
        case .json: .json
        case .github: .github
        }
        CheckReport.write(stdoutFormat, files: spool, summary: summary, toolVersion: version) { output.write($0) }
        output.flush()
        if summary.hadIOError || sideReportFailed { throw ExitCode(2) }
        if summary.failed > 0 { throw ExitCode(1) }
    }

    /// The content cache, when on: `--cache-dir`, or `$GRIDEDIT_CACHE_DIR` (as Ruff's
    /// `RUFF_CACHE_DIR`: a CI job or a test keeps the cache out of the checked tree), or
    /// `.gridedit-cache` at the top of the git work tree the first path is in (on by default
    /// there), else in the first path's root. The variable only moves the cache: whether it is
    /// on is decided as without it. A cache folder that is a link or a file is refused: an error
    /// when the cache was asked for, a warning (and no cache) by default.
    func openCache(policy: FileAccessPolicy) throws -> CheckCache? {
        if cache == false { return nil }
        guard let first = paths.first, FileSystem.kind(of: first) != .missing else { return nil }
        let root = TreeRoot(argument: first, policy: policy).name
        let asked = cache == true || cacheDir != nil
        let top = CheckCache.gitWorkTreeTop(root)
        guard asked || top != nil else { return nil }
        let fromEnvironment = ProcessInfo.processInfo.environment[CheckCache.folderVariable].flatMap { $0.isEmpty ? nil : $0 }
        let folder = cacheDir ?? fromEnvironment ?? FileSystem.join(top ?? root, CheckCache.defaultFolderName)
        let settings = CheckCache.settings(version: GridEdit.configuration.version, strict: strict, policy: policy,
                                           timeoutPerFile: timeoutPerPuzzle)
        do throws(CheckCache.Refusal) {
            return try CheckCache(folder: folder, settings: settings)
        } catch {
            if asked {
                StandardStreams.errorLine("error: \(error.description)")
                throw ExitCode(2)
            }
            StandardStreams.errorLine("warning: \(error.description); checking without the cache")
            return nil
        }
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
