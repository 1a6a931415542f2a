import GridEditJSON

/// The packs a curriculum draws on: every pack folder directly inside one folder (for a
/// curriculum in `puzzles/curricula/`, the packs of `puzzles/`), with each listed puzzle's
/// facts, game and measured difficulty. Read through a ``TreeRoot``, so a link out of the
/// folder is not followed; a manifest or puzzle that does not decode is left out (its own check
/// reports it).
public struct PackLibrary: Sendable {
    public struct Entry: Sendable {
        public var game: Curriculum.Game
        public var facts: PuzzleFacts
        public var name: String
        /// Nil when the puzzle cannot be measured (no solution, a conflict).
        public var measure: PuzzleMeasure?
        /// The puzzle's file, for drawing it.
        public var path: String
        public var puzzle: any Puzzle
    }

    public struct PackEntry: Sendable {
        public var folder: String
        public var manifest: PackManifest
        /// The listed puzzles that decoded, in the manifest's order.
        public var puzzles: [Entry]
        public var byID: [String: Entry]
        /// Names (without `.json`) of listed files that did not load: a reference to one of
        /// them is left to the file's own findings rather than reported as a missing puzzle.
        public var unloaded: Set<String> = []
    }

    /// The folder the packs were read from.
    public var folder: String
    /// Packs by id (the first folder wins when two manifests share an id).
    public var packs: [String: PackEntry]

    public init(folder: String, packs: [String: PackEntry]) {
        self.folder = folder
        self.packs = packs
    }

    public func entry(_ reference: Curriculum.PuzzleReference) -> Entry? { packs[reference.pack]?.byID[reference.id] }

    /// Packs in the order of their ids.
    public var sortedPacks: [PackEntry] { packs.keys.sorted().map { packs[$0]! } }

    /// Reads every `*/pack.json` directly inside `folder` and the puzzles they list, measuring
    /// each on `jobs` threads.
    public static func load(folder: String, policy: FileAccessPolicy = FileAccessPolicy(), jobs: Int = 1) -> PackLibrary {
        let root = TreeRoot(folder: folder, policy: policy)
        var manifests: [(folder: String, manifest: PackManifest)] = []
        for name in (FileSystem.listing(of: folder)?.names ?? []).sorted() where !name.hasPrefix(".") {
            let packFolder = FileSystem.join(folder, name)
            let manifestPath = FileSystem.join(packFolder, PackManifest.fileName)
            guard FileSystem.isDirectory(packFolder), FileSystem.isFile(manifestPath),
                  case .success(let bytes) = root.read(manifestPath), let node = try? JSONParser.parse(bytes),
                  let manifest = PackManifest.decode(node, context: DecodeContext(source: bytes)) else { continue }
            manifests.append((packFolder, manifest))
        }
        var listed: [(pack: Int, path: String)] = []
        for (index, pack) in manifests.enumerated() {
            for entry in pack.manifest.puzzles {
                guard let relative = PackManifest.containedPath(entry) else { continue }
                listed.append((index, FileSystem.join(pack.folder, relative)))
            }
        }
        let files = listed
        let entries = parallelMap(files.count, jobs: jobs) { i -> Entry? in
            let path = files[i].path
            guard case .success(let bytes) = root.read(path), let node = try? JSONParser.parse(bytes),
                  !Curriculum.isCurriculum(node),
                  let document = PuzzleDocument.decode(node, context: DecodeContext(source: bytes)),
                  let game = Curriculum.Game(rawValue: document.puzzle.kindName) else { return nil }
            return Entry(game: game, facts: PuzzleFacts(document.puzzle), name: document.puzzle.name,
                         measure: PuzzleMeasure(document.puzzle), path: path, puzzle: document.puzzle)
        }
        var packs: [String: PackEntry] = [:]
        for (index, pack) in manifests.enumerated() where packs[pack.manifest.id] == nil {
            let listed = zip(files, entries).filter { $0.0.pack == index }
            let puzzles = listed.compactMap(\.1)
            let unloaded = Set(listed.filter { $0.1 == nil }.map { String(FileSystem.lastComponent(of: $0.0.path).dropLast(5)) })
            var byID: [String: Entry] = [:]
            for entry in puzzles where byID[entry.facts.id] == nil { byID[entry.facts.id] = entry }
            packs[pack.manifest.id] = PackEntry(folder: pack.folder, manifest: pack.manifest, puzzles: puzzles, byID: byID, unloaded: unloaded)
        }
        return PackLibrary(folder: folder, packs: packs)
    }
}
