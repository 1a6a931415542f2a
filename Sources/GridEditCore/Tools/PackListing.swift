/// A plain-text overview of the packs under a folder (the engine of `gridedit list`): each
/// pack's title and ages, then its puzzles in order with kind, size and difficulty.
public enum PackListing {
    public static func text(root: String) -> (text: String, problems: [String]) {
        let store = PuzzleStore(root: root)
        var lines: [String] = []
        var problems: [String] = []
        for pack in store.listPacks() {
            let m = pack.manifest
            lines.append("\(m.id)  \(m.title)  (ages \(m.ageRange.lowerBound)–\(m.ageRange.upperBound), \(m.puzzles.count) puzzles)")
            let paths: [String]
            do { paths = try store.puzzlePaths(in: pack) } catch {
                problems.append(error.description)
                continue
            }
            for path in paths {
                do {
                    let puzzle = try store.load(path).document.puzzle
                    lines.append("  \(pad(puzzle.id, 20)) \(pad(summary(puzzle), 12)) \(pad(puzzle.difficulty.rawValue, 7)) \(puzzle.name)")
                } catch {
                    lines.append("  \(FileSystem.lastComponent(of: path))  (does not load: run gridedit check)")
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
