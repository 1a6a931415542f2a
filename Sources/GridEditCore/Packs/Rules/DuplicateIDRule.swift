/// Puzzle ids are unique within a pack: the app and saved progress refer to puzzles by id.
struct DuplicateIDRule: Rule {
    static let id = "pack.duplicate-id"

    func check(_ pack: Pack) -> [Finding] {
        var first: [String: Int] = [:]
        var findings: [Finding] = []
        for index in pack.puzzleIDs.keys.sorted() {
            let id = pack.puzzleIDs[index]!
            if let earlier = first[id] {
                findings.append(finding("puzzle id \"\(id)\" is used by \(pack.manifest.puzzles[earlier]) and \(pack.manifest.puzzles[index]); ids must be unique in a pack",
                                        at: Pack.entryPath(index)))
            } else {
                first[id] = index
            }
        }
        return findings
    }
}
