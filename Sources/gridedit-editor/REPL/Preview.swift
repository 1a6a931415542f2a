import GridEditCore
import GridEditEditor
import GridEditLayout

/// The live view under each edit: the kind's terminal picture (its ``KindEditing`` entry draws
/// it), then the status line and the first findings. Names no kind.
enum Preview {
    /// With an analyzer, the status also gives the verifier's answer (worked out now if it is not
    /// known: 20–40 ms for a tangram figure).
    static func render(_ document: EditorDocument, style: TerminalStyle, analyzer: Analyzer? = nil) -> String {
        var lines = style.render(EditingKinds.of(document).textView(of: document, colour: style.colour))
        lines.append(status(document, style: style, analysis: analyzer.flatMap { analyzer in
            (document.play == nil ? EditingKinds.of(document).analysisJob(of: document) : nil).flatMap(analyzer.answer)
        }))
        return lines.joined(separator: "\n")
    }

    static func status(_ document: EditorDocument, style: TerminalStyle, analysis: KindAnalysis? = nil) -> String {
        var parts = [style.sgr("1", document.displayName + (document.isDirty ? " (modified)" : ""))]
        parts += EditingKinds.of(document).status(of: document)
        if let analysis { parts.append(analysis.status) }
        // A play board is not validated after its moves (a child's work in progress): its status
        // is the play's, without a findings summary.
        if document.play != nil { return parts.joined(separator: " · ") }
        let findings = document.findings
        let summary = CommandInterpreter.summary(of: findings)
        let hasErrors = findings.contains { $0.severity == .error }
        parts.append(findings.isEmpty ? style.sgr("32", summary) : style.sgr(hasErrors ? "31" : "33", summary))
        if document.searchFindings == nil && !ConstraintValidator.ruleIDs(of: document.kindName).searching.isEmpty {
            parts.append(style.sgr("2", "solver checks: `validate`"))
        }
        var text = parts.joined(separator: " · ")
        for finding in findings.prefix(6) {
            text += "\n  " + style.paint(CommandInterpreter.line(for: finding), finding.severity == .error ? .error : .warning)
        }
        if findings.count > 6 { text += "\n  " + style.sgr("2", "… \(findings.count - 6) more: `validate` lists them") }
        return text
    }
}
