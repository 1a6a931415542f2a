import GridEditJSON

/// The compiler-style text report: one line per finding, then the totals.
///
///     puzzles/animals/cat.json:12:7: error: [tangram.overlap] pieces[3]: medium overlaps large-1 (pieces[0]); …
///     3 passed, 1 failed
extension CheckReport {
    static func writeText<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, to sink: (String) -> Void) {
        for file in files {
            for finding in file.findings {
                sink(line(for: finding, in: file.path) + "\n")
            }
        }
        sink("\(summary.passed) passed, \(summary.failed) failed\n")
    }

    /// One finding as a compiler-style line. Paths and JSON paths come from the tree (a file
    /// name may hold a newline or an escape sequence), so their control characters are escaped:
    /// one finding is always one line.
    public static func line(for finding: Finding, in path: String) -> String {
        var place = Excerpt.escaped(path)
        if let location = finding.location { place += ":\(location.line):\(location.column)" }
        var message = Excerpt.escaped(finding.message)
        if let jsonPath = finding.path, !jsonPath.components.isEmpty { message = "\(Excerpt.escaped(jsonPath.description)): \(message)" }
        return "\(place): \(finding.severity.rawValue): [\(finding.rule)] \(message)"
    }
}
