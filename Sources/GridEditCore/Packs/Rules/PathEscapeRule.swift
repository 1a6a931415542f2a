/// Manifest entries stay inside the pack folder.
struct PathEscapeRule: Rule {
    static let id = "pack.path-escape"

    func check(_ pack: Pack) -> [Finding] {
        pack.manifest.puzzles.enumerated().compactMap { index, entry in
            PackManifest.containedPath(entry) == nil
                ? finding("\"\(entry)\" leaves the pack folder; list files inside it, like \"cat.json\"", at: Pack.entryPath(index))
                : nil
        }
    }
}
