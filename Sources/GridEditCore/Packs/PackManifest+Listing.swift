/// Adding new puzzle files to their folder's `pack.json`, so a puzzle made by `new` or
/// `sudoku import` is part of its pack at once (`check` stays clean of `pack.unlisted-file`, and
/// `list` and the app see it).
extension PackManifest {
    /// What ``list(_:)`` did.
    public struct Listing: Sendable, Equatable {
        /// The manifest written.
        public var manifest: String
        /// The files added, by name, in the order they were listed.
        public var added: [String]
        /// Whether the manifest was created (the folder had none).
        public var created: Bool

        /// One line for the designer: "listed boat.json in puzzles/spring/pack.json (created)".
        public var summary: String {
            "listed \(added.joined(separator: ", ")) in \(manifest)" + (created ? " (a new pack; give it a title and description)" : "")
        }
    }

    /// Why a manifest could not be updated (the puzzle files themselves are written).
    public struct ListingError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Lists puzzle files of one folder in that folder's `pack.json`, creating it when missing
    /// (id and title from the folder's name, ages 4–10, an empty description). Each file goes
    /// before the first listed puzzle that is harder than it, so the pack keeps going from easy to
    /// hard; files already listed are left where they are. Written atomically, in canonical form.
    ///
    /// - Returns: what was done, or nil when every file was already listed.
    public static func list(_ files: [String]) throws(ListingError) -> Listing? {
        guard let first = files.first else { return nil }
        let folder = FileSystem.folder(of: first)
        let manifestPath = FileSystem.join(folder, fileName)
        var manifest: PackManifest
        var created = false
        if FileSystem.exists(manifestPath) {
            guard case .success(let bytes) = FileSystem.read(manifestPath) else {
                throw ListingError(description: "\(manifestPath) cannot be read; add \(names(files)) to its puzzles by hand")
            }
            guard case .pack(let loaded)? = DocumentLoader.load(bytes, isManifest: true).document else {
                throw ListingError(description: "\(manifestPath) does not load, so \(names(files)) was not added to it; "
                                   + "`gridedit check \(manifestPath)` says what to fix")
            }
            manifest = loaded
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
            let found = difficulty(of: FileSystem.join(folder, name))
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
        do { try AtomicFile.write(Array(manifest.canonicalText().utf8), to: manifestPath) } catch {
            throw ListingError(description: "\(manifestPath): \(error.description); add \(added.joined(separator: ", ")) to its puzzles by hand")
        }
        return Listing(manifest: manifestPath, added: added, created: created)
    }

    private static func names(_ files: [String]) -> String { files.map(FileSystem.lastComponent).joined(separator: ", ") }

    /// The recorded difficulty of a puzzle file, or nil when it does not load.
    private static func difficulty(of path: String) -> Difficulty? {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document else { return nil }
        return document.puzzle.metadata.difficulty
    }
}
