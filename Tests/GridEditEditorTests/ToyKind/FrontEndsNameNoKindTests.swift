import Foundation
import GridEditTestSupport
import Testing

/// The front ends and the midend look a kind up in `EditingKinds`, the renderer in
/// `DrawingKinds`, packs and curricula in `PuzzleKinds`; only a kind's own folder (`Kinds/`)
/// names its types. A file elsewhere that names one is a missing table entry.
@Suite("No front end names a concrete kind")
struct FrontEndsNameNoKindTests {
    /// The folders of the midend, the front ends that edit (the REPL, `serve` and its page), the
    /// renderer and the domain's core.
    static let folders = ["Sources/GridEditEditor", "Sources/gridedit/REPL", "Sources/GridEditServe", "Sources/GridEditRender",
                          "Sources/GridEditCore"]
    /// The built-in table of kinds, which names each once.
    static let tables = ["Sources/GridEditCore/Puzzle/PuzzleKind.swift"]
    static let names = ["TangramPuzzle", "SudokuPuzzle", "TangramEditor", "SudokuEditor", "tangramEditor", "sudokuEditor",
                        "TangramKind", "SudokuKind", "TangramEditing", "SudokuEditing"]

    @Test("Outside Kinds/, no file of the editor, the REPL, serve, the renderer or the core names a kind's types")
    func noConcreteKind() throws {
        let root = GridEditBinary.repositoryRoot
        var offenders: [String] = []
        var read = 0
        for folder in Self.folders {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Kinds/") && !Self.tables.contains("\(folder)/\(file)") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                read += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let words = line.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
                    if let name = words.first(where: Self.names.contains) {
                        offenders.append("\(folder)/\(file):\(number + 1): names \(name)")
                    }
                }
            }
        }
        #expect(read > 30, "the folders were read (\(read) files)")
        #expect(offenders.isEmpty, "look the kind up in its table (EditingKinds, DrawingKinds, PuzzleKinds) instead:\n\(offenders.joined(separator: "\n"))")
    }
}
