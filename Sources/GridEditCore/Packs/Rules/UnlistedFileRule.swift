import GridEditJSON

/// Every puzzle file in the folder is listed; an unlisted one never reaches children.
struct UnlistedFileRule: Rule {
    static let id = "pack.unlisted-file"
    static let summary = "A puzzle file the manifest does not list."
    static let severity = Finding.Severity.warning

    func check(_ pack: Pack) -> [Finding] {
        let listed = Set(pack.manifest.puzzles.compactMap(PackManifest.containedPath))
        return pack.files.filter { !listed.contains($0) }.map {
            finding("\(Excerpt.escaped($0)) is in the pack folder but not in \"puzzles\"; list it or move it out",
                    at: JSONPath.root.appending(key: "puzzles"))
        }
    }
}
