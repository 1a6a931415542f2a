import GridEditJSON

/// Each file is listed once.
struct DuplicateEntryRule: Rule {
    static let id = "pack.duplicate-entry"
    static let summary = "A file is listed twice."

    func check(_ pack: Pack) -> [Finding] {
        var first: [String: Int] = [:]
        var findings: [Finding] = []
        for (index, entry) in pack.manifest.puzzles.enumerated() {
            guard let path = PackManifest.containedPath(entry) else { continue }
            if let earlier = first[path] {
                findings.append(finding("\(Excerpt.quoted(entry)) is listed twice (first at puzzles[\(earlier)]); remove one", at: Pack.entryPath(index)))
            } else {
                first[path] = index
            }
        }
        return findings
    }
}
