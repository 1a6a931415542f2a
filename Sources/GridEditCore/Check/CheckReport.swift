/// The result of checking files: one entry per file in the order they were checked.
public struct CheckReport: Sendable {
    public struct FileReport: Sendable {
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

        /// A file passes when it has no error-level finding (warnings are reported, not fatal).
        public var passed: Bool { !findings.contains { $0.severity == .error } }
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
