import ArgumentParser
import GridEditCheck
import GridEditCore

extension CheckReportFormat: ExpressibleByArgument {}

/// `gridedit report`: work on the reports `gridedit check` writes.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work on the reports gridedit check writes.",
        subcommands: [Merge.self]
    )

    /// `gridedit report merge OUT IN...`: the reports of every shard of a CI matrix as one.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the reports of `gridedit check --shard K/N` runs into the report of the whole run.",
            discussion: """
                IN are the JSON (--format json), JUnit (--junit) or SARIF (--sarif) reports of all N shards of \
                one run; OUT gets the same bytes an unsharded `gridedit check` would have written. The format \
                comes from OUT's name (.json, .xml, .sarif) or --format. Reports of another format, of different \
                runs (version, paths, options), the same shard twice, a missing shard or an edited report are \
                refused. OUT is written atomically. Exit status: 0 written, 2 a report could not be read or \
                merged, 64 bad usage. See docs/ci.md.
                """
        )

        @Argument(help: "The merged report to write.")
        var output: String

        @Argument(help: "The shards' reports.")
        var inputs: [String]

        @Option(help: "Report format: json, junit or sarif (default: from OUT's extension).")
        var format: CheckReportFormat?

        func validate() throws {
            guard !inputs.isEmpty else { throw ValidationError("name the reports of every shard after OUT") }
            guard format != nil || CheckReportFormat(fileName: output) != nil else {
                throw ValidationError("cannot tell the format from \(output): name it .json, .xml (JUnit) or .sarif, or pass --format")
            }
        }

        func run() throws {
            let format = self.format ?? CheckReportFormat(fileName: output)!
            var reports: [ReportMerge.Input] = []
            for path in inputs {
                switch FileSystem.read(path) {
                case .success(let bytes): reports.append(.init(path: path, bytes: bytes))
                case .failure(let failure):
                    StandardStreams.errorLine("\(path): \(failure.message)")
                    throw ExitCode(2)
                }
            }
            let text: String
            do throws(ReportMerge.Problem) { text = try ReportMerge.merge(reports, format: format) } catch {
                StandardStreams.errorLine(error.message)
                throw ExitCode(2)
            }
            do throws(AtomicFile.WriteError) { try AtomicFile.write(Array(text.utf8), to: output) } catch {
                StandardStreams.errorLine(error.description)
                throw ExitCode(2)
            }
        }
    }
}
