import GridEditCheck
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditPageProtocol

/// The pack view's cards: the puzzle files of the served folder, with what a card shows.
enum PackListing {
    /// At most this many files are listed (a folder of thousands is not a pack to browse).
    static let limit = ClientMessage.maximumOrder

    /// The puzzle files of the served folder, each folder's in its `pack.json`'s order (files the
    /// manifest does not list after, by name), with each file's findings counted for a badge.
    static func puzzles(in folder: ServedFolder, open: [EditorDocument]) -> [JSONValue] {
        let openPaths = Set(open.compactMap { $0.path.map(FileSystem.absolute) })
        // The one walk and reader of a tree (issue 18's policy): links out of the folder, FIFOs,
        // devices and oversized files are listed with their refusal, never opened.
        let tree = TreeRoot(folder: folder.root)
        let entries = Array(tree.jsonFiles(under: folder.root).prefix(limit))
        var manifests: [String: PackManifest] = [:]
        for entry in entries where PackManifest.isManifest(entry.path) {
            if let manifest = manifest(entry, in: tree) { manifests[FileSystem.folder(of: entry.path)] = manifest }
        }
        // What `gridedit check` says of each file (the badge), in one run over them all.
        let report = Checker().check(entries.map(\.path).filter { !PackManifest.isManifest($0) })
        var counts: [String: (errors: Int, warnings: Int)] = [:]
        for file in report.files {
            counts[FileSystem.absolute(file.path)] = (file.findings.filter { $0.severity == .error }.count,
                                                      file.findings.filter { $0.severity != .error }.count)
        }
        var cards: [(folder: String, rank: Int, name: String, card: JSONValue)] = []
        for entry in entries {
            let path = entry.path
            guard !PackManifest.isManifest(path), let relative = folder.relative(path) else { continue }
            let parent = FileSystem.folder(of: path), name = FileSystem.lastComponent(of: path)
            let position = manifests[parent]?.puzzles.firstIndex(of: name)
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
            let count = counts[FileSystem.absolute(path)] ?? (0, 0)
            card += [.init("errors", .int(count.errors)), .init("warnings", .int(count.warnings)),
                     .init("listed", .bool(position != nil)), .init("open", .bool(openPaths.contains(path)))]
            cards.append((parent, position ?? Int.max, name, .object(card)))
        }
        return cards.sorted { ($0.folder, $0.rank, $0.name) < ($1.folder, $1.rank, $1.name) }.map(\.card)
    }

    /// The packs of the served folder: each folder with a `pack.json`, its title, and the files it
    /// lists, in order.
    static func packs(in folder: ServedFolder) -> [JSONValue] {
        let tree = TreeRoot(folder: folder.root)
        return tree.jsonFiles(under: folder.root).prefix(limit).filter { PackManifest.isManifest($0.path) }.compactMap { entry in
            guard let manifest = manifest(entry, in: tree), let relative = folder.relative(FileSystem.folder(of: entry.path)) else { return nil }
            return .fields(["folder": .string(relative), "id": .string(manifest.id), "title": .string(manifest.title),
                            "puzzles": .array(manifest.puzzles.map(JSONValue.string))])
        }
    }

    static func manifest(_ entry: TreeEntry, in tree: TreeRoot) -> PackManifest? {
        guard case .success(let bytes) = tree.read(entry),
              case .pack(let manifest)? = DocumentLoader.load(bytes, isManifest: true).document else { return nil }
        return manifest
    }

    /// Writes a pack's new order: `order` must name the files its `pack.json` lists, each once
    /// (the page's drag reorders, it never adds or drops). Atomic, in canonical form.
    static func reorder(_ relativeFolder: String, to order: [String], in folder: ServedFolder) throws(PackOrderError) -> String {
        let manifestPath: String
        do { manifestPath = try folder.resolve(relativeFolder == "." ? PackManifest.fileName : relativeFolder + "/" + PackManifest.fileName) } catch {
            throw PackOrderError("\(relativeFolder): \(error.description)")
        }
        // Read through the served folder's file-access policy, written as every manifest is.
        let store = PuzzleStore(root: folder.root, tree: TreeRoot(folder: folder.root))
        let packFolder = FileSystem.folder(of: manifestPath)
        var manifest: PackManifest
        do { manifest = try store.loadPack(folder: packFolder).manifest } catch {
            throw PackOrderError("\(error.description)")
        }
        guard order.count == manifest.puzzles.count, Set(order) == Set(manifest.puzzles) else {
            throw PackOrderError("the new order must list the pack's \(manifest.puzzles.count) files, each once (it lists \(order.count)); reload the pack view")
        }
        manifest.puzzles = order
        do { try store.save(manifest, folder: packFolder) } catch {
            throw PackOrderError(error.description)
        }
        return packFolder
    }
}

/// Why a pack's order was not written.
struct PackOrderError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension PackListing {
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
