/// The result of checking files: one entry per file in the order they were checked.
public struct CheckReport: Sendable {
    public struct FileReport: Sendable {
        /// The path as the user gave it or as found under a folder they gave.
        public var path: String
        /// "tangram", "sudoku", "pack", "folder" or "unknown".
        public var kind: String
        public var findings: [Finding]

        /// A file passes when it has no error-level finding (warnings are reported, not fatal).
        public var passed: Bool { !findings.contains { $0.severity == .error } }
    }

    public var files: [FileReport] = []
    /// Set when a file or folder could not be read at all (exit code 2).
    public var hadIOError = false
    /// Warnings fail a file too (`--strict`).
    public var strict = false

    public init() {}

    /// Whether a file counts as passed under this report's strictness.
    public func passes(_ file: FileReport) -> Bool { strict ? file.findings.isEmpty : file.passed }

    public var passed: Int { files.filter(passes).count }
    public var failed: Int { files.count - passed }
    public var errorCount: Int { files.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count } }
    public var warningCount: Int { files.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count } }
}
