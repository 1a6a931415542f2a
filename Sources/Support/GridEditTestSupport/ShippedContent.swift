import Foundation

/// The puzzles and templates the repository ships, for tests that run over all of them.
public enum ShippedContent {
    /// Every puzzle file (not manifests, not curricula) under `puzzles/` and `templates/`, sorted.
    public static var puzzleFiles: [URL] {
        jsonFiles(under: "puzzles").filter { $0.lastPathComponent != "pack.json" && !isCurriculum($0) } + jsonFiles(under: "templates")
    }

    /// Every curriculum under `puzzles/curricula/`.
    public static var curricula: [URL] { jsonFiles(under: "puzzles").filter(isCurriculum) }

    static func isCurriculum(_ url: URL) -> Bool { url.deletingLastPathComponent().lastPathComponent == "curricula" }

    /// Every `pack.json` under `puzzles/`.
    public static var manifests: [URL] {
        jsonFiles(under: "puzzles").filter { $0.lastPathComponent == "pack.json" }
    }

    static func jsonFiles(under folder: String) -> [URL] {
        let root = GridEditBinary.repositoryRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
            .sorted { $0.path < $1.path }
    }

    public static func bytes(_ url: URL) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: url))) ?? []
    }
}
