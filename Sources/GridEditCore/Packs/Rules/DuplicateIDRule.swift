import GridEditJSON

/// Puzzle ids are unique within a pack: the app and saved progress refer to puzzles by id.
/// A file listed twice is `pack.duplicate-entry`'s business, not a second id.
struct DuplicateIDRule: Rule {
    static let id = "pack.duplicate-id"
    static let summary = "Two puzzles of one pack share an id."

    func check(_ pack: Pack) -> [Finding] {
        var first: [String: Int] = [:]
        var findings: [Finding] = []
        for index in pack.firstListings {
            guard let id = pack.puzzles[index]?.id else { continue }
            if let earlier = first[id] {
                findings.append(finding("puzzle id \"\(id)\" is used by \(Excerpt.escaped(pack.manifest.puzzles[earlier], limit: Excerpt.defaultLimit)) and \(Excerpt.escaped(pack.manifest.puzzles[index], limit: Excerpt.defaultLimit)); ids must be unique in a pack",
                                        at: Pack.entryPath(index)))
            } else {
                first[id] = index
            }
        }
        return findings
    }
}
