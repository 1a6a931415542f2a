/// Adding new puzzle files to their folder's `pack.json` (the twin of ``PuzzleStore/delete(_:)``,
/// which takes a file out), so a puzzle made by `new`, `sudoku import` or `tangram generate` is
/// part of its pack at once: `check` stays clean of `pack.unlisted-file`, and `list` and the app
/// see it.
extension PuzzleStore {
    /// What ``list(_:)`` did.
    public struct Listing: Sendable, Equatable {
        /// The manifest written.
        public var manifest: String
        /// The files added, by name, in the order they were listed.
        public var added: [String]
        /// Whether the manifest was created (the folder had none).
        public var created: Bool

        /// One line for the designer: "listed boat.json in puzzles/spring/pack.json".
        public var summary: String {
            "listed \(added.joined(separator: ", ")) in \(manifest)" + (created ? " (a new pack; give it a title and description)" : "")
        }
    }

    /// Lists puzzle files of one folder in that folder's `pack.json`, creating it when missing
    /// (id and title from the folder's name, ages 4–10, an empty description). Each file goes
    /// before the first listed puzzle that is harder than it, so the pack keeps going from easy to
    /// hard; files already listed are left where they are. Written atomically, in canonical form.
    ///
    /// - Returns: what was done, or nil when every file was already listed.
    public func list(_ files: [String]) throws(StoreError) -> Listing? {
        guard let first = files.first else { return nil }
        let folder = FileSystem.folder(of: first)
        var manifest: PackManifest
        var created = false
        if FileSystem.exists(FileSystem.join(folder, PackManifest.fileName)) {
            manifest = try loadPack(folder: folder).manifest
        } else {
            let folderName = FileSystem.lastComponent(of: FileSystem.absolute(folder))
            let id = PuzzleMetadata.isValidID(folderName) ? folderName : "pack"
            let title = folderName.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            manifest = PackManifest(id: id, title: title.isEmpty ? "New Pack" : title, description: "", ageRange: 4...10, puzzles: [])
            created = true
        }
        var added: [String] = []
        var levels: [String: Difficulty?] = [:]  // each file read once, however many are added
        func level(_ name: String) -> Difficulty? {
            if let known = levels[name] { return known }
            let found = (try? load(FileSystem.join(folder, name)))?.document.puzzle.metadata.difficulty
            levels[name] = found
            return found
        }
        for file in files where FileSystem.folder(of: file) == folder {
            let name = FileSystem.lastComponent(of: file)
            guard !manifest.puzzles.contains(name) else { continue }
            let harder = level(name).flatMap { new in manifest.puzzles.firstIndex { level($0).map { $0 > new } ?? false } }
            manifest.puzzles.insert(name, at: harder ?? manifest.puzzles.endIndex)
            added.append(name)
        }
        guard !added.isEmpty else { return nil }
        try save(manifest, folder: folder)
        return Listing(manifest: FileSystem.join(folder, PackManifest.fileName), added: added, created: created)
    }
}
