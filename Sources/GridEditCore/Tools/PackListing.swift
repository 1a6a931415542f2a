import GridEditJSON

/// A plain-text overview of the packs under a folder (the engine of `gridedit list`): each
/// pack's title and ages, then its puzzles in order with kind, size and difficulty.
public enum PackListing {
    /// Reads only within `root` under `policy` (the file-access policy for trees from strangers).
    public static func text(root: String, policy: FileAccessPolicy = FileAccessPolicy()) -> (text: String, problems: [String]) {
        let store = PuzzleStore(root: root, tree: TreeRoot(folder: root, policy: policy))
        var lines: [String] = []
        var refused: [PuzzleStore.StoreError] = []
        let packs = store.listPacks(problems: &refused)
        var problems = refused.map(\.description)
        for pack in packs {
            let m = pack.manifest
            lines.append("\(m.id)  \(Excerpt.escaped(m.title, limit: 80))  (ages \(m.ageRange.lowerBound)–\(m.ageRange.upperBound), \(m.puzzles.count) puzzles)")
            let paths: [String]
            do { paths = try store.puzzlePaths(in: pack) } catch {
                problems.append(error.description)
                continue
            }
            for path in paths {
                do {
                    let puzzle = try store.load(path).document.puzzle
                    lines.append("  \(pad(puzzle.id, 20)) \(pad(summary(puzzle), 12)) \(pad(puzzle.difficulty.rawValue, 7)) \(Excerpt.escaped(puzzle.name, limit: 80))")
                } catch {
                    lines.append("  \(Excerpt.escaped(FileSystem.lastComponent(of: path), limit: 60))  (does not load: run gridedit check)")
                    problems.append(error.description)
                }
            }
        }
        return (lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), problems)
    }

    static func summary<P: Puzzle>(_ puzzle: P) -> String { "\(P.Kind.name) \(P.Kind.summary(puzzle))" }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
