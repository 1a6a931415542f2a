import GridEditCore
import GridEditJSON

/// GitHub Actions workflow commands, so findings show up as annotations on the pull request:
/// `::error file=…,line=…,col=…,title=[rule]::message`.
///
/// GitHub shows at most 10 annotations of each severity per step, so after 10 errors (or
/// warnings) the rest are only in the log and a `::notice` says how many were left out.
extension CheckReport {
    public static let annotationLimit = 10

    public func githubReport() -> String { text(.github) }

    static func writeGitHub<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, to sink: (String) -> Void) {
        var shown: [Finding.Severity: Int] = [:]
        var hidden: [Finding.Severity: Int] = [:]
        for file in files {
            for finding in file.findings {
                if shown[finding.severity, default: 0] < annotationLimit {
                    shown[finding.severity, default: 0] += 1
                    sink(annotation(finding, in: file.path) + "\n")
                } else {
                    hidden[finding.severity, default: 0] += 1
                }
            }
        }
        for severity in [Finding.Severity.error, .warning] {
            if let count = hidden[severity] {
                sink("::notice title=gridedit check::\(count) more \(severity.rawValue)\(count == 1 ? "" : "s") not shown as annotations (GitHub shows \(annotationLimit) per kind); see the full list below\n")
            }
        }
        writeText(files: files, summary: summary, to: sink)
    }

    static func annotation(_ finding: Finding, in path: String) -> String {
        var properties = ["file=\(escapeProperty(path))"]
        if let location = finding.location {
            properties.append("line=\(location.line)")
            properties.append("col=\(location.column)")
        }
        properties.append("title=\(escapeProperty("[\(finding.rule)]"))")
        var message = finding.message
        if let path = finding.path, !path.components.isEmpty { message = "\(path): \(message)" }
        let command = finding.severity == .error ? "error" : "warning"
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// Workflow-command escaping for the message part.
    static func escapeData(_ text: String) -> String {
        // Other control characters (an escape sequence in a file name) are escaped as in the
        // text report.
        Excerpt.escaped(text).replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values also escape the separators `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
