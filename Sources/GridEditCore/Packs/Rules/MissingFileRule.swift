import GridEditJSON

/// Every listed file exists.
struct MissingFileRule: Rule {
    static let id = "pack.missing-file"
    static let summary = "A listed puzzle file does not exist."

    func check(_ pack: Pack) -> [Finding] {
        pack.manifest.puzzles.enumerated().compactMap { index, entry in
            guard let path = PackManifest.containedPath(entry), !pack.fileSet.contains(path) else { return nil }
            return finding("\(Excerpt.quoted(entry)) is listed but there is no such file in \(Excerpt.escaped(pack.folder)); fix the name or add the file",
                           at: Pack.entryPath(index))
        }
    }
}
