import GridEditJSON

/// A pack folder as the pack rules see it: the manifest, what the folder holds, and the facts
/// (id, difficulty, what figure or grid it asks for) of the puzzles the manifest lists.
public struct Pack: Sendable {
    /// The folder's path.
    public var folder: String
    public var manifest: PackManifest { didSet { firstListings = Self.firstListings(of: manifest) } }
    /// JSON files in the folder other than the manifest, relative to it, sorted.
    public var files: [String] { didSet { fileSet = Set(files) } }
    /// The same, for fast membership tests on packs of thousands of puzzles.
    public private(set) var fileSet: Set<String>
    /// The entries that list a file for the first time (a path inside the folder not listed
    /// before), in listing order: the rules that compare puzzles go through these, so a file
    /// listed twice (`pack.duplicate-entry`'s business) is compared once.
    public private(set) var firstListings: [Int]
    /// The facts of the listed puzzles that could be read, by entry index.
    public var puzzles: [Int: PuzzleFacts]

    public init(folder: String, manifest: PackManifest, files: [String], puzzles: [Int: PuzzleFacts]) {
        self.folder = folder
        self.manifest = manifest
        self.files = files
        self.fileSet = Set(files)
        self.puzzles = puzzles
        self.firstListings = Self.firstListings(of: manifest)
    }

    static func firstListings(of manifest: PackManifest) -> [Int] {
        var seen = Set<String>()
        return manifest.puzzles.indices.filter { index in
            guard let path = PackManifest.containedPath(manifest.puzzles[index]) else { return false }
            return seen.insert(path).inserted
        }
    }

    public static let rules: [any Rule<Pack>] = [
        PathEscapeRule(),
        DuplicateEntryRule(),
        MissingFileRule(),
        UnlistedFileRule(),
        DuplicateIDRule(),
        DifficultyOrderRule(),
        DuplicateSilhouetteRule(),
        DuplicatePuzzleRule(),
    ]

    public func validate() -> [Finding] { Self.rules.flatMap { $0.check(self) } }

    static func entryPath(_ index: Int) -> JSONPath { JSONPath.root.appending(key: "puzzles").appending(index: index) }
}
