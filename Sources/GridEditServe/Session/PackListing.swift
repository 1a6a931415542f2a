import GridEditCore
import GridEditEditor
import GridEditJSON

/// The pack view's cards: the puzzle files of the served folder, with what a card shows.
enum PackListing {
    /// At most this many files are listed (a folder of thousands is not a pack to browse).
    static let limit = 500

    static func puzzles(in folder: ServedFolder, open: [EditorDocument]) -> [JSONValue] {
        let openPaths = Set(open.compactMap { $0.path.map(FileSystem.absolute) })
        var result: [JSONValue] = []
        // The one walk and reader of a tree (issue 18's policy): links out of the folder, FIFOs,
        // devices and oversized files are listed with their refusal, never opened.
        let tree = TreeRoot(folder: folder.root)
        for entry in tree.jsonFiles(under: folder.root).prefix(limit) {
            let path = entry.path
            guard FileSystem.lastComponent(of: path) != "pack.json", let relative = folder.relative(path) else { continue }
            var card: [JSONValue.Member] = [.init("path", .string(relative))]
            switch tree.read(entry) {
            case .success(let bytes):
                let loaded = DocumentLoader.load(bytes, isManifest: false)
                // A curriculum is a plan over the packs, not a puzzle to open.
                if loaded.kind == Curriculum.kindName { continue }
                if case .puzzle(let document)? = loaded.document {
                    card += [.init("title", .string(document.puzzle.name)), .init("kind", .string(document.kindName)),
                             .init("summary", .string(document.puzzle.summary)),
                             .init("difficulty", .string(document.puzzle.difficulty.rawValue))]
                } else {
                    card += [.init("kind", .string(loaded.kind)),
                             .init("problem", .string(loaded.findings.first.map(\.message) ?? "does not load"))]
                }
            case .failure(let refusal):
                card.append(.init("problem", .string(Finding(refusal).message)))
            }
            card.append(.init("open", .bool(openPaths.contains(path))))
            result.append(.object(card))
        }
        return result
    }
}
