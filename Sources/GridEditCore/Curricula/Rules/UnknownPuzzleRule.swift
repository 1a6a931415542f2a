import GridEditJSON

/// Every puzzle reference names a pack beside the curriculum and a puzzle that pack lists: a
/// renamed or removed puzzle would leave a hole in a child's day. A listed file named after the
/// id that does not load is left to that file's own findings (one mistake, one finding).
struct UnknownPuzzleRule: Rule {
    static let id = "curriculum.unknown-puzzle"
    static let summary = "A puzzle reference names a pack or puzzle that does not exist."

    func check(_ view: CurriculumView) -> [Finding] {
        var findings: [Finding] = []
        let packIDs = view.library.packs.keys.sorted()
        for use in view.uses {
            guard let pack = view.library.packs[use.reference.pack] else {
                let hint = DecodeContext.closest(to: use.reference.pack, in: packIDs).map { "did you mean \"\($0)\"?" }
                    ?? "packs there: \(packIDs.isEmpty ? "none" : packIDs.joined(separator: ", "))"
                findings.append(finding("no pack \"\(use.reference.pack)\" in \(view.library.folder); \(hint)",
                                        at: use.path.appending(key: "pack")))
                continue
            }
            // A listed file of that name that does not load is reported by its own check.
            guard pack.byID[use.reference.id] == nil, !pack.unloaded.contains(use.reference.id) else { continue }
            let ids = pack.puzzles.map(\.facts.id)
            let hint = DecodeContext.closest(to: use.reference.id, in: ids).map { "; did you mean \"\($0)\"?" }
                ?? "; it lists \(ids.prefix(8).joined(separator: ", "))\(ids.count > 8 ? ", …" : "")"
            findings.append(finding("pack \"\(use.reference.pack)\" has no puzzle \"\(use.reference.id)\"\(hint)",
                                    at: use.path.appending(key: "id")))
        }
        return findings
    }
}
