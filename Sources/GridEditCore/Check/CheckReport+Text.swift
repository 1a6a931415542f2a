/// The compiler-style text report: one line per finding, then the totals.
///
///     puzzles/animals/cat.json:12:7: error: [tangram.overlap] pieces[3]: medium overlaps large-1 (pieces[0]); …
///     3 passed, 1 failed
extension CheckReport {
    public func textReport() -> String {
        var lines: [String] = []
        for file in files {
            for finding in file.findings {
                lines.append(Self.line(for: finding, in: file.path))
            }
        }
        lines.append("\(passed) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(for finding: Finding, in path: String) -> String {
        var place = path
        if let location = finding.location { place += ":\(location.line):\(location.column)" }
        var message = finding.message
        if let jsonPath = finding.path, !jsonPath.components.isEmpty { message = "\(jsonPath): \(message)" }
        return "\(place): \(finding.severity.rawValue): [\(finding.rule)] \(message)"
    }
}
