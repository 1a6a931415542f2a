import Foundation
import GridEditTestSupport
import Testing

/// The JSON object `gridedit tangram solve --format json` printed.
private func json(_ output: GridEditBinary.Output) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
}

@Suite("gridedit tangram solve")
struct TangramSolveCommandTests {
    @Test("the classic square: one solution up to symmetry, eight raw")
    func square() throws {
        let output = try GridEditBinary.run(["tangram", "solve", "puzzles/tangram-starter/square.json"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines.first == "solvable: yes")
        #expect(output.lines.contains("solutions: 8, 1 up to the figure's symmetry (8 motions map it onto itself)"))
        #expect(output.lines.contains("first solution:"))
        #expect(output.lines.filter { $0.hasPrefix("  ") }.map { $0.split(separator: " ")[0] }
                == ["large-1", "large-2", "medium", "small-1", "small-2", "square", "parallelogram"])
        #expect(output.lines.contains("ambiguity: none"))
        #expect(output.lines.last?.hasPrefix("difficulty estimate: expert (") == true)
        // Axis-aligned, the square's pieces sit at √2 coordinates, written exactly.
        #expect(output.lines.contains { $0.hasPrefix("  medium") && $0.contains("√2") })
    }

    /// The square moved so that its pieces sit at long exact values (`4.25+0.5√2`,
    /// `-4.25-0.25√2`): every column keeps a space after its value and no value is cut short.
    @Test("text output: columns never run together, values are never cut")
    func longValuesKeepTheirColumns() throws {
        let scratch = try TemporaryFolder()
        try scratch.write("""
            {"polygons": [[["4.25-0.5√2", "-4.25-1.25√2"], ["4.25+1.5√2", "-4.25-1.25√2"], ["4.25+1.5√2", "-4.25+0.75√2"], ["4.25-0.5√2", "-4.25+0.75√2"]]]}
            """, to: "moved.json")
        let text = try GridEditBinary.run(["tangram", "solve", scratch.file("moved.json").path])
        #expect(text.status == 0, "\(text.stderr)")
        let rows = text.lines.filter { $0.hasPrefix("  ") && $0.contains(" rotation ") }
        #expect(rows.count == 7)
        let placements = try #require(try json(try GridEditBinary.run(["tangram", "solve", scratch.file("moved.json").path, "--format", "json"]))["placements"]
            as? [[String: Any]])
        #expect(placements.contains { ($0["y"] as? String)?.count ?? 0 >= 12 })
        for (row, placement) in zip(rows, placements) {
            let words = row.split(separator: " ").map(String.init)
            // piece, "x", X, "y", Y, "rotation", degrees: the columns read apart.
            #expect(words.count >= 7 && words[1] == "x" && words[3] == "y" && words[5] == "rotation", "\(row)")
            // JSON writes a plain decimal as a number (4.25), others as strings.
            let value = { (key: String) in (placement[key] as? String) ?? (placement[key] as? NSNumber)?.stringValue }
            #expect(words[0] == placement["piece"] as? String && words[2] == value("x") && words[4] == value("y"), "\(row)")
        }
    }

    @Test("a bare silhouette with a repeated point: the repeat is dropped with a located note")
    func repeatedPointsAreDropped() throws {
        let scratch = try TemporaryFolder()
        let ring = #"[["4-√2", "4-√2"], ["4+√2", "4-√2"], ["4+√2", "4+√2"], ["4-√2", "4+√2"]]"#
        try scratch.write(#"{"polygons": [\#(ring)]}"#, to: "clean.json")
        // Floating-point exports: a point twice (the second within 1e-6) and the ring closed by
        // repeating its first point.
        try scratch.write("""
            {"polygons": [[
              ["4-√2", "4-√2"], ["4+√2", "4-√2"], [5.414213562373095, 2.585786437626905],
              ["4+√2", "4+√2"], ["4-√2", "4+√2"], ["4-√2", "4-√2"]]]}
            """, to: "repeats.json")
        let clean = try GridEditBinary.run(["tangram", "solve", scratch.file("clean.json").path])
        let repeats = try GridEditBinary.run(["tangram", "solve", scratch.file("repeats.json").path])
        #expect(repeats.status == 0)
        #expect(repeats.stdout == clean.stdout)
        let path = scratch.file("repeats.json").path
        #expect(repeats.stderr == """
            \(path):2:39: note: polygons[0][2]: the same point as the one before it; dropped (remove the repeat to silence this note)
            \(path):3:39: note: polygons[0][5]: the same point as the one the ring starts with; dropped (remove the repeat to silence this note)

            """, "\(repeats.stderr)")
        // What remains must still be a polygon: two distinct points are not.
        try scratch.write(#"{"polygons": [[["0", "0"], ["0", "0"], ["1", "0"], ["1", "0"]]]}"#, to: "line.json")
        let line = try GridEditBinary.run(["tangram", "solve", scratch.file("line.json").path])
        #expect(line.status == 2)
        #expect(line.stderr.contains("not a simple polygon"), "\(line.stderr)")
    }

    @Test("JSON output: counts and exact placements that check accepts as the figure's solution")
    func jsonOutput() throws {
        let output = try GridEditBinary.run(["tangram", "solve", "puzzles/tangram-starter/rectangle.json", "--format", "json"])
        #expect(output.status == 0)
        let root = try json(output)
        #expect(root["solvable"] as? Bool == true)
        #expect(root["solutions"] as? Int == 36)
        #expect(root["solutionsUpToSymmetry"] as? Int == 9)
        #expect(root["symmetries"] as? Int == 4)
        let placements = try #require(root["placements"] as? [[String: Any]])
        #expect(placements.count == 7)
        for placement in placements {
            #expect(Set(placement.keys) == ["piece", "x", "y", "rotation", "flip"])
        }
        let ambiguities = try #require(root["ambiguities"] as? [[String: Any]])
        #expect(!ambiguities.isEmpty)
        #expect(root["all"] == nil)

        // Put the placements into a copy of the puzzle as its solution: check must accept it.
        let folder = try TemporaryFolder(copying: Repository.puzzles.appendingPathComponent("tangram-starter"))
        let text = try folder.read("rectangle.json")
        let piecesStart = try #require(text.range(of: "\"pieces\": [")).lowerBound
        let piecesEnd = try #require(text.range(of: "],\n  \"silhouette\"")).upperBound
        let pieces = try JSONSerialization.data(withJSONObject: placements.map { $0.filter { $0.key != "flip" || ($0.value as? Bool) == true } })
        let edited = text.replacingCharacters(in: piecesStart..<piecesEnd,
                                              with: "\"pieces\": \(String(decoding: pieces, as: UTF8.self)),\n  \"silhouette\"")
        try folder.write(edited, to: "rectangle.json")
        let checked = try GridEditBinary.run(["check", folder.file("rectangle.json").path])
        #expect(checked.lines.last == "1 passed, 0 failed", "\(checked.stdout)")
        #expect(!checked.stdout.contains("tangram."), "\(checked.stdout)")
    }

    @Test("--all lists every solution with its symmetry class")
    func all() throws {
        let text = try GridEditBinary.run(["tangram", "solve", "puzzles/tangram-starter/hexagon.json", "--all"])
        #expect(text.status == 0)
        #expect(text.lines.filter { $0.hasPrefix("solution ") }.count == 8)
        #expect(text.lines.contains("solution 1 (class 1):"))
        let output = try GridEditBinary.run(["tangram", "solve", "puzzles/tangram-starter/hexagon.json", "--all", "--format", "json"])
        let all = try #require(try json(output)["all"] as? [[String: Any]])
        #expect(all.count == 8)
        #expect(Set(all.compactMap { $0["class"] as? Int }) == [1, 2])
    }

    @Test("an arrangement-only puzzle: the outline of its pieces is solved")
    func arrangementOnly() throws {
        let output = try GridEditBinary.run(["tangram", "solve", "puzzles/tangram-starter/cat.json", "--format", "json"])
        #expect(output.status == 0)
        let root = try json(output)
        #expect(root["solutions"] as? Int == 1)
        #expect((root["difficulty"] as? [String: Any])?["estimate"] as? String == "easy")
    }

    @Test("a bare silhouette file with floating-point decimals")
    func bareSilhouette() throws {
        let folder = try TemporaryFolder()
        // The square of side 2√2 turned 45°, written as a drawing program would.
        try folder.write(#"{"polygons": [[[2, 0], [4.000000001, 2], [2, 4], [0, 2.0000000003]]]}"#, to: "diamond.json")
        let output = try GridEditBinary.run(["tangram", "solve", folder.file("diamond.json").path, "--format", "json"])
        #expect(output.status == 0)
        let root = try json(output)
        #expect(root["solutions"] as? Int == 8 && root["solutionsUpToSymmetry"] as? Int == 1)
        let placements = try #require(root["placements"] as? [[String: Any]])
        // Turned 45°, the classic dissection has every corner on the half-unit grid: plain numbers.
        #expect(placements.allSatisfy { $0["x"] is NSNumber && $0["y"] is NSNumber })

        // A hole: the frame around the square's corner cannot be filled (area 8, but no tiling).
        try folder.write(#"{"polygons": [[[0, 0], [3, 0], [3, 3], [0, 3]], [[1, 1], [1, 2], [2, 2], [2, 1]]]}"#, to: "frame.json")
        let frame = try GridEditBinary.run(["tangram", "solve", folder.file("frame.json").path])
        #expect(frame.status == 1)
        #expect(frame.lines == [frame.lines[0]])
        #expect(frame.lines[0].hasPrefix("solvable: no: no arrangement of the seven pieces fills it (every placement was tried"))
    }

    @Test("unsolvable figures exit 1 and say why")
    func unsolvable() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"polygons": [[[0, 0], [8, 0], [8, 1], [0, 1]]]}"#, to: "strip.json")
        let strip = try GridEditBinary.run(["tangram", "solve", folder.file("strip.json").path, "--format", "json"])
        #expect(strip.status == 1)
        let root = try json(strip)
        #expect(root["solvable"] as? Bool == false && root["solutions"] as? Int == 0 && root["solutionsUpToSymmetry"] as? Int == 0)
        #expect((root["placements"] as? [Any])?.isEmpty == true)

        try folder.write(#"{"polygons": [[[0, 0], [3, 0], [3, 3], [0, 3]]]}"#, to: "nine.json")
        let nine = try GridEditBinary.run(["tangram", "solve", folder.file("nine.json").path])
        #expect(nine.status == 1)
        #expect(nine.stdout == "solvable: no: its area is 9 square units; the seven pieces cover exactly 8\n")

        try folder.write(#"{"polygons": [[[1, 3], [5, 3], [7.25, 5], [3.25, 5]]]}"#, to: "sheared.json")
        let sheared = try GridEditBinary.run(["tangram", "solve", folder.file("sheared.json").path])
        #expect(sheared.status == 1)
        #expect(sheared.stdout.contains("the edge from (5, 3) to (7.25, 5) is not horizontal, vertical or at 45°"))
    }

    @Test("A figure from a vector tool (four decimals: 2.8284 for 2√2) solves, with a note saying which exact value each number became")
    func vectorToolPrecision() throws {
        let folder = try TemporaryFolder()
        // The classic square, side 2√2, as a drawing program writes it.
        try folder.write(#"{"polygons": [[[0, -2.8284], [2.8284, -2.8284], [2.8284, 0], [0, 0]]]}"#, to: "diamond.json")
        let run = try GridEditBinary.run(["tangram", "solve", folder.file("diamond.json").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("solvable: yes"), "\(run.stdout)")
        #expect(run.stderr.contains("polygons[0][0][1]: took -2.8284 as -2√2 (within 0.001, vector-tool precision)"), "\(run.stderr)")
        #expect(run.errorLines.count == 4, "one note per inexact number: \(run.stderr)")
    }

    @Test("unreadable files and inexact decimals exit 2 with a located message")
    func badFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("{\"polygons\": [[[0, 0], [2, 0], [0, 0.3333]]]}", to: "third.json")
        let third = try GridEditBinary.run(["tangram", "solve", folder.file("third.json").path])
        #expect(third.status == 2)
        #expect(third.stdout == "")
        #expect(third.errorLines == ["\(folder.file("third.json").path):1:36: polygons[0][2][1]: 0.3333 is not within 1e-6 of any exact coordinate (a + b√2)/4, nor within 0.001 of one with a √2 part up to 4√2; check the figure's units (the small triangle's legs are 1) or write the value exactly, like \"1+0.5√2\""])

        try folder.write(#"{"polygons": [[[0, 0], [2, 0], [2, 2], [0, 2]], [[1, 1], [3, 1], [3, 3], [1, 3]]]}"#, to: "overlap.json")
        let overlap = try GridEditBinary.run(["tangram", "solve", folder.file("overlap.json").path])
        #expect(overlap.status == 2)
        #expect(overlap.errorLines.first?.contains("the rings overlap") == true)

        let missing = try GridEditBinary.run(["tangram", "solve", folder.file("nope.json").path])
        #expect(missing.status == 2)
        #expect(missing.errorLines == ["\(folder.file("nope.json").path): cannot read the file; check the path"])

        let sudoku = try GridEditBinary.run(["tangram", "solve", "puzzles/sudoku-4x4/mini-01.json"])
        #expect(sudoku.status == 2)
        #expect(sudoku.errorLines == ["puzzles/sudoku-4x4/mini-01.json: this is a sudoku puzzle, not a tangram"])

        let usage = try GridEditBinary.run(["tangram", "solve", "puzzles/tangram-starter/cat.json", "--format", "xml"])
        #expect(usage.status == 64)
    }
}
