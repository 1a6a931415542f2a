import GridEditJSON

/// Manifest entries stay inside the pack folder: a pack is copied and shipped as one folder, so
/// a puzzle outside it would be missing on every child's device. Public because rendering a
/// pack reports the same problem when it meets such an entry.
public struct PathEscapeRule: Rule {
    public static let id = "pack.path-escape"
    public static let summary = "A manifest path leaves the pack folder."

    public func check(_ pack: Pack) -> [Finding] {
        pack.manifest.puzzles.enumerated().compactMap { index, entry in
            PackManifest.containedPath(entry) == nil
                ? finding("\(Excerpt.quoted(entry)) leaves the pack folder; list files inside it, like \"cat.json\"", at: Pack.entryPath(index))
                : nil
        }
    }
}
