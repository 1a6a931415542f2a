import GridEditCore
import GridEditJSON

/// The compiler-style text report: one line per finding, then the totals.
///
///     puzzles/animals/cat.json:12:7: error: [tangram.overlap] pieces[3]: medium overlaps large-1 (pieces[0]); …
///     3 passed, 1 failed
extension CheckReport {
    static func writeText<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, to sink: (String) -> Void) {
        for file in files {
            for finding in file.findings {
                sink(finding.line(in: file.path) + "\n")
            }
        }
        sink("\(summary.passed) passed, \(summary.failed) failed\n")
    }
}
