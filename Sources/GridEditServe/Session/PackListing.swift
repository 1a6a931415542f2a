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

    /// The curricula of the served folder, for the pack view's timeline: each day's activities
    /// with their puzzles (path in the served folder, when the reference resolves, and measured
    /// difficulty 0–4). Packs are read only inside the served folder.
    static func curricula(in folder: ServedFolder) -> [JSONValue] {
        let tree = TreeRoot(folder: folder.root)
        var result: [JSONValue] = []
        var libraries: [String: PackLibrary] = [:]
        for entry in tree.jsonFiles(under: folder.root).prefix(limit) {
            guard let relative = folder.relative(entry.path), case .success(let bytes) = tree.read(entry) else { continue }
            let loaded = DocumentLoader.load(bytes, isManifest: false)
            guard case .curriculum(let curriculum)? = loaded.document else { continue }
            let packs = CurriculumView.packsFolder(forCurriculumAt: entry.path)
            var library = PackLibrary(folder: packs, packs: [:])
            if folder.relative(packs) != nil {
                if libraries[packs] == nil { libraries[packs] = PackLibrary.load(folder: packs, policy: tree.policy) }
                library = libraries[packs]!
            }
            let findings = CurriculumView.load(curriculum, at: entry.path, policy: tree.policy, library: library).validate()
            func number(_ value: Int) -> JSONValue { .number(String(value)) }
            let days: [JSONValue] = curriculum.days.map { day in
                .object([
                    .init("day", number(day.day)),
                    .init("theme", .string(day.theme)),
                    .init("minutes", number(day.estimatedMinutes)),
                    .init("activities", .array(day.activities.map { activity in
                        .object([
                            .init("game", .string(activity.game.rawValue)),
                            .init("type", .string(activity.type.rawValue)),
                            .init("puzzles", .array(activity.puzzles.map { reference in
                                var fields: [JSONValue.Member] = [.init("ref", .string(reference.description))]
                                if let resolved = library.entry(reference) {
                                    if let path = folder.relative(resolved.path) { fields.append(.init("path", .string(path))) }
                                    fields.append(.init("name", .string(resolved.name)))
                                    if let measure = resolved.measure { fields.append(.init("value", .number(PuzzleMeasure.text(measure.value)))) }
                                }
                                return .object(fields)
                            })),
                        ])
                    })),
                ])
            }
            result.append(.object([
                .init("path", .string(relative)),
                .init("id", .string(curriculum.id)),
                .init("name", .string(curriculum.name)),
                .init("ages", .string("\(curriculum.ageRange.lowerBound)–\(curriculum.ageRange.upperBound)")),
                .init("findings", number(findings.count)),
                .init("days", .array(days)),
            ]))
        }
        return result
    }
}
