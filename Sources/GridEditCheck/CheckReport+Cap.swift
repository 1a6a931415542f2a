import GridEditCore
extension CheckReport.FileReport {
    /// Keeps the first `limit` findings (in display order) and counts the rest in one
    /// `check.too-many-findings` finding, located at the first one left out, as compilers stop
    /// after so many errors. It is an error when any finding left out is one, so a capped file
    /// passes or fails exactly as it would uncapped.
    mutating func capFindings(at limit: Int) {
        guard findings.count > limit else { return }
        let dropped = findings[limit...]
        let errors = dropped.filter { $0.severity == .error }.count
        var more = CheckTooManyFindingsRule.finding(
            "… and \(dropped.count) more finding\(dropped.count == 1 ? "" : "s") in this file (\(errors) error\(errors == 1 ? "" : "s")) not listed; "
            + "fix these first, or raise --max-findings to see them",
            location: dropped.first?.location)
        if errors == 0 { more.severity = .warning }
        findings = Array(findings[..<limit]) + [more]
    }
}
