import GridEditCore
/// The result of checking files: one entry per file in the order they were checked.
///
/// This is the in-memory form (tests, `render`'s pre-check, the benchmark). `gridedit check`
/// itself never holds every file: ``Checker/check(_:each:)`` hands each file's report on as it
/// is produced, and the writers (``write(_:files:summary:toolVersion:to:)``) turn any sequence of
/// file reports plus its ``CheckSummary`` into each format, so that a streamed, an in-memory and a
/// merged report are the same bytes.
public struct CheckReport: Sendable {
    public struct FileReport: Sendable, Hashable {
        /// The path as the user gave it or as found under a folder they gave.
        public var path: String
        /// "tangram", "sudoku", "pack", "folder" or "unknown".
        public var kind: String
        public var findings: [Finding]
        /// Its place in the report of the whole run; set only in a shard's report, so that
        /// `gridedit report merge` can put the shards' files back in order.
        public var position: Int?

        public init(path: String, kind: String, findings: [Finding], position: Int? = nil) {
            self.path = path
            self.kind = kind
            self.findings = findings
            self.position = position
        }

        public init(path: String, kind: String, findings: [Finding]) {
            self.path = path
            self.kind = kind
            self.findings = findings
        }

        /// A file passes when it has no error-level finding (warnings are reported, not fatal).
        public var passed: Bool { !findings.contains { $0.severity == .error } }
    }

    /// The report formats: `text`, `json` and `github` go to standard output; `junit` and
    /// `sarif` to files beside them.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, github, junit, sarif
    }

    public var files: [FileReport] = []
    /// Set when a file or folder could not be read at all (exit code 2).
    public var hadIOError = false
    /// Warnings fail a file too (`--strict`).
    public var strict = false
    /// Set in the report of one shard (`--shard K/N`): which shard of which run.
    public var shard: ShardStamp?

    public init() {}

    /// Whether a file counts as passed under this report's strictness.
    public func passes(_ file: FileReport) -> Bool { strict ? file.findings.isEmpty : file.passed }

    public var passed: Int { files.filter(passes).count }
    public var failed: Int { files.count - passed }
    public var errorCount: Int { files.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count } }
    public var warningCount: Int { files.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count } }

    /// The totals of this report.
    public var summary: CheckSummary {
        var summary = CheckSummary(files: files, strict: strict)
        summary.hadIOError = hadIOError
        summary.shard = shard
        return summary
    }

    /// The whole report in `format`, as one string.
    public func text(_ format: Format, toolVersion: String = "") -> String {
        var out = ""
        Self.write(format, files: files, summary: summary, toolVersion: toolVersion) { out += $0 }
        return out
    }

    /// Writes a report in `format` from `files` (in report order) and their totals, piece by
    /// piece to `sink`: the one writer of every report, whole or streamed or merged. `files` is
    /// gone through once, twice for `github` (annotations, then the text report), so it must be
    /// a sequence that can be gone through again (an array, a ``ReportSpool``).
    public static func write<Files: Sequence<FileReport>>(_ format: Format, files: Files, summary: CheckSummary,
                                                          toolVersion: String, to sink: (String) -> Void) {
        switch format {
        case .text: writeText(files: files, summary: summary, to: sink)
        case .json: writeJSON(files: files, summary: summary, to: sink)
        case .github: writeGitHub(files: files, summary: summary, to: sink)
        case .junit: writeJUnit(files: files, summary: summary, to: sink)
        case .sarif: writeSARIF(files: files, summary: summary, toolVersion: toolVersion, to: sink)
        }
    }
}

/// What the report writers need to know of all the files before or after writing them: how
/// many passed and failed (JUnit's header, the text report's last line), the rules that fired
/// (SARIF lists them first), and whether anything could not be read (the exit status).
/// Added up file by file as they are produced, so a streamed report needs no second look.
public struct CheckSummary: Sendable, Hashable {
    /// Warnings fail a file too (`--strict`).
    public var strict: Bool
    public var files = 0
    public var passed = 0
    public var errorCount = 0
    public var warningCount = 0
    /// Every rule id with a finding, for SARIF's rule table.
    public var ruleIDs: Set<String> = []
    /// A file or folder could not be read at all (exit status 2).
    public var hadIOError = false
    /// Set in the report of one shard (`--shard K/N`): which shard of which run.
    public var shard: ShardStamp?

    public var failed: Int { files - passed }

    public init(strict: Bool) { self.strict = strict }

    public init<Files: Sequence<CheckReport.FileReport>>(files: Files, strict: Bool) {
        self.init(strict: strict)
        for file in files { add(file) }
    }

    /// Whether a file counts as passed under this strictness.
    public func passes(_ file: CheckReport.FileReport) -> Bool { strict ? file.findings.isEmpty : file.passed }

    public mutating func add(_ file: CheckReport.FileReport) {
        files += 1
        if passes(file) { passed += 1 }
        for finding in file.findings {
            if finding.severity == .error { errorCount += 1 } else { warningCount += 1 }
            ruleIDs.insert(finding.rule)
        }
    }
}

/// What a shard's report says about the run it is a part of, so that `gridedit report merge`
/// can put the shards back together exactly and refuse shards of different runs. Reports carry
/// it only when `--shard` was given (docs/ci.md, "Merging shard reports").
public struct ShardStamp: Sendable, Hashable {
    public var shard: Shard
    /// Entries in the report of the whole run (all shards together).
    public var files: Int
    /// The version and the command without its shard and output options
    /// (`gridedit 0.1.0 check --max-findings 100 --max-file-size 1048576 -- puzzles`): shards
    /// merge only when it is the same, since anything in it can change the findings.
    public var run: String

    public init(shard: Shard, files: Int, run: String) {
        self.shard = shard
        self.files = files
        self.run = run
    }
}
