import GridEditCore

/// The puzzles named on a command line, grouped by pack in the packs' own order:
///
/// - a puzzle file: that puzzle (labelled with its folder's pack when the pack lists it);
/// - a `pack.json`, or a folder holding one: the pack's puzzles in manifest order;
/// - any other folder: the packs in its subfolders (sorted by name) and the puzzle files directly
///   in it.
///
/// Loading is not checking: `gridedit render` runs `Checker` on the same paths first and
/// refuses to render when it finds errors.
public struct PuzzleCollection: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var document: PuzzleDocument
        public var pack: PackLabel?
    }

    public struct Group: Sendable {
        /// Nil for puzzles given one by one.
        public var manifest: PackManifest?
        public var folder: String?
        public var entries: [Entry]

        /// The group as a sheet booklet; loose puzzles make a booklet titled after `fallbackTitle`.
        public func sheetPack(fallbackTitle: String = "Puzzles") -> SheetPack {
            if let manifest { return SheetPack(manifest: manifest, puzzles: entries.map(\.document)) }
            return SheetPack(id: "puzzles", title: fallbackTitle, puzzles: entries.map(\.document))
        }
    }

    public var groups: [Group]

    public var entries: [Entry] { groups.flatMap(\.entries) }

    public init(groups: [Group]) { self.groups = groups }

    /// Reads each path within its own ``TreeRoot`` under `policy`, as `gridedit check` does.
    public static func load(_ paths: [String], policy: FileAccessPolicy = FileAccessPolicy()) throws(RenderError) -> PuzzleCollection {
        var loader = Loader()
        for path in paths {
            loader.root = TreeRoot(argument: path, policy: policy)
            try loader.collect(path)
        }
        loader.flushLoose()
        return PuzzleCollection(groups: loader.groups)
    }

    private struct Loader {
        var groups: [Group] = []
        var seen = Set<String>()
        var loose: [Entry] = []
        var root = TreeRoot(folder: ".")

        mutating func collect(_ path: String) throws(RenderError) {
            if FileSystem.isDirectory(path) {
                if FileSystem.isFile(FileSystem.join(path, PackManifest.fileName)) {
                    try pack(folder: path)
                    return
                }
                for name in FileSystem.entries(of: path) {
                    let child = FileSystem.join(path, name)
                    // Links to folders are not walked, as in the checker's walk; a curricula
                    // folder holds plans, not puzzles (`gridedit curriculum render` draws them).
                    let isFolder = FileSystem.entryType(child, followingLinks: false) == .directory
                    if isFolder && name == CurriculumView.folderName { continue }
                    if isFolder || name.hasSuffix(".json") { try collect(child) }
                }
            } else if FileSystem.isFile(path) {
                if FileSystem.lastComponent(of: path) == PackManifest.fileName {
                    try pack(folder: FileSystem.folder(of: path))
                } else {
                    try puzzle(path)
                }
            } else {
                throw .inputUnreadable(path: path, reason: "no such file or folder; check the path")
            }
        }

        /// Puzzles given one by one (or found loose in a folder) form a group of their own, in
        /// order between the packs around them.
        mutating func flushLoose() {
            guard !loose.isEmpty else { return }
            groups.append(Group(manifest: nil, folder: nil, entries: loose))
            loose = []
        }

        mutating func pack(folder: String) throws(RenderError) {
            let store = PuzzleStore(root: FileSystem.folder(of: folder), tree: root)
            let entry: PuzzleStore.PackEntry
            let paths: [String]
            do {
                entry = try store.loadPack(folder: folder)
                paths = try store.puzzlePaths(in: entry)
            } catch {
                throw Loader.error(error)
            }
            var entries: [Entry] = []
            for (index, path) in paths.enumerated() where seen.insert(path).inserted {
                let document = try load(path, store: store)
                entries.append(Entry(path: path, document: document,
                                     pack: PackLabel(id: entry.manifest.id, title: entry.manifest.title,
                                                     position: index + 1, count: paths.count)))
            }
            flushLoose()
            if !entries.isEmpty { groups.append(Group(manifest: entry.manifest, folder: folder, entries: entries)) }
        }

        mutating func puzzle(_ path: String) throws(RenderError) {
            guard seen.insert(path).inserted else { return }
            let folder = FileSystem.folder(of: path)
            let store = PuzzleStore(root: FileSystem.folder(of: folder), tree: root)
            let document = try load(path, store: store)
            var label: PackLabel?
            if FileSystem.isFile(FileSystem.join(folder, PackManifest.fileName)), let pack = try? store.loadPack(folder: folder) {
                let name = FileSystem.lastComponent(of: path)
                if let index = pack.manifest.puzzles.firstIndex(where: { PackManifest.containedPath($0) == name }) {
                    label = PackLabel(id: pack.manifest.id, title: pack.manifest.title, position: index + 1,
                                      count: pack.manifest.puzzles.count)
                }
            }
            loose.append(Entry(path: path, document: document, pack: label))
        }

        func load(_ path: String, store: PuzzleStore) throws(RenderError) -> PuzzleDocument {
            do { return try store.load(path).document } catch { throw Loader.error(error) }
        }

        static func error(_ error: PuzzleStore.StoreError) -> RenderError {
            switch error {
            case .invalid(let path, let findings): .puzzleInvalid(path: path, findings: findings)
            case .unreadable(let path, let reason): .inputUnreadable(path: path, reason: reason)
            case .notFound(let path): .inputUnreadable(path: path, reason: "no such file")
            case .refused(let path, let refusal): .puzzleInvalid(path: path, findings: [Finding(refusal)])
            case .pathEscapes(let path): .puzzleInvalid(path: path, findings: [
                PathEscapeRule.finding("\(path) leaves the pack folder"),
            ])
            case .changedOnDisk, .writeFailed: .unsupported(error.description)  // not raised by loading
            }
        }
    }
}
