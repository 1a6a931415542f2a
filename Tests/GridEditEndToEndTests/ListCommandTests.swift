import Foundation
import GridEditTestSupport
import Testing

@Suite("gridedit list") struct ListCommandTests {
    @Test("lists every pack with its puzzles in manifest order")
    func listsPacks() throws {
        let output = try GridEditBinary.run(["list"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let packLines = lines.filter { !$0.hasPrefix(" ") }
        #expect(packLines.map { String($0.prefix { $0 != " " }) } == ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "tangram-starter"])
        // The tangram pack's puzzles come in the manifest's order, each with its kind.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: GridEditBinary.repositoryRoot
            .appendingPathComponent("puzzles/tangram-starter/pack.json"))) as! [String: Any]
        let ids = (manifest["puzzles"] as! [String]).map { String($0.dropLast(".json".count)) }
        let start = lines.firstIndex { $0.hasPrefix("tangram-starter") }!
        let rows = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
        let listed: [String] = rows.map { (row: String) in String(row.split(separator: " ")[0]) }
        #expect(listed == ids)
        #expect(rows.allSatisfy { $0.contains("tangram 7 pieces") })
    }

    @Test("a pack whose puzzle does not load is listed and the problem reported: exit 1")
    func brokenPuzzle() throws {
        let scratch = try TemporaryFolder(copying: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles"))
        try scratch.write("{", to: "sudoku-4x4/mini-02.json")
        let output = try GridEditBinary.run(["list", scratch.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("  mini-02.json  (does not load: run gridedit check)"))
        #expect(output.stderr.contains("mini-02.json"))
    }
}
