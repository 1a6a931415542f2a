import Foundation
import GridEditTestSupport
import Testing

// The Sudoku verifier as a user and CI meet it: `gridedit sudoku solve|grade|explain|inspect|
// canonical|generate` and the Sudoku findings of `gridedit check`. Answers are checked here with
// small independent helpers (a grid validator, a symmetry check), not with gridedit's code.

/// A line (16, 36 or 81 characters) as rows of digits, 0 for empty.
private func rows(_ line: String) -> [[Int]] {
    let n = Int(Double(line.count).squareRoot())
    let digits = line.map { $0 == "." ? 0 : $0.wholeNumberValue ?? -1 }
    return (0..<n).map { Array(digits[$0 * n..<($0 + 1) * n]) }
}

/// `solution` is a full valid grid that keeps every given of `puzzle`.
private func solves(_ solution: String, _ puzzle: String) -> Bool {
    let grid = rows(solution), givens = rows(puzzle)
    let n = grid.count
    guard n * n == solution.count, solution.count == puzzle.count else { return false }
    let (boxRows, boxColumns) = n == 9 ? (3, 3) : n == 6 ? (2, 3) : (2, 2)
    var units: [[Int]] = []
    for i in 0..<n {
        units.append(grid[i])
        units.append(grid.map { (row: [Int]) in row[i] })
        let top: Int = i / (n / boxColumns) * boxRows, left: Int = i % (n / boxColumns) * boxColumns
        units.append((0..<n).map { (k: Int) -> Int in grid[top + k / boxColumns][left + k % boxColumns] })
    }
    let digits = Set(1...n)
    guard units.allSatisfy({ (unit: [Int]) in Set(unit) == digits }) else { return false }
    for r in 0..<n {
        for c in 0..<n where givens[r][c] != 0 && givens[r][c] != grid[r][c] { return false }
    }
    return true
}

/// The givens of a shipped puzzle file as a line.
private func givens(_ relative: String) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.puzzles.appendingPathComponent(relative))) as? [String: Any])
    return try #require(object["givens"] as? [String]).joined()
}

private let emptyFour = String(repeating: ".", count: 16)
private let conflict = "11" + String(repeating: ".", count: 79)

@Suite("gridedit sudoku solve, grade, explain, inspect, canonical, generate")
struct SudokuVerifierCommandTests {
    // MARK: solve

    @Test("solve prints COUNT SOLUTION per line, in order; bad lines print error - and exit 1")
    func solve() throws {
        let puzzles = try [givens("sudoku-9x9/classic-01.json"), givens("sudoku-6x6/six-03.json"), givens("sudoku-4x4/mini-02.json")]
        let input = ["# a comment", puzzles[0], conflict, "", emptyFour + " extra fields", puzzles[1], "12x4", puzzles[2]]
        let output = try GridEditBinary.run(["sudoku", "solve", "-"], input: input.joined(separator: "\n") + "\n")
        #expect(output.status == 1)
        #expect(output.errorLines == ["-:7: a line must have 16, 36 or 81 cells (4×4, 6×6, 9×9); this one has 4"])
        let lines = output.lines
        try #require(lines.count == 6)
        let expected: [(count: String, puzzle: String?)] = [("1", puzzles[0]), ("0", nil), ("2", emptyFour), ("1", puzzles[1]), ("error", nil), ("1", puzzles[2])]
        for (line, (count, puzzle)) in zip(lines, expected) {
            let fields = line.split(separator: " ").map(String.init)
            #expect(fields.count == 2)
            #expect(fields[0] == count, "\(line)")
            if let puzzle { #expect(solves(fields[1], puzzle), "\(line)") } else { #expect(fields[1] == "-") }
        }
    }

    @Test("--count caps the count: the empty 4×4 grid has 288 solutions")
    func count() throws {
        let capped = try GridEditBinary.run(["sudoku", "solve", "-", "--count", "10"], input: emptyFour + "\n")
        #expect(capped.lines.first?.hasPrefix("10 ") == true)
        let all = try GridEditBinary.run(["sudoku", "solve", "-", "--count", "1000"], input: emptyFour + "\n")
        #expect(all.status == 0)
        #expect(all.lines.first?.hasPrefix("288 ") == true)
    }

    @Test("--jobs does not change the output; a published file solves to one solution per puzzle",
          .sharedSudokuData("norvig_top95.txt"))
    func jobs() throws {
        let file = SharedSudokuData.url("norvig_top95.txt")
        let puzzles = try SharedSudokuData.lines("norvig_top95.txt")
        let one = try GridEditBinary.run(["sudoku", "solve", file.path, "--jobs", "1"])
        let three = try GridEditBinary.run(["sudoku", "solve", file.path, "--jobs", "3"])
        #expect(one.status == 0)
        #expect(one.stdout == three.stdout)
        #expect(one.lines.count == puzzles.count)
        for (line, puzzle) in zip(one.lines, puzzles) {
            #expect(line.hasPrefix("1 "))
            #expect(solves(String(line.dropFirst(2)), puzzle))
        }
    }

    static let usageCases: [([String], Int32)] = [
        (["sudoku", "solve", "-", "--count", "0"], 64),
        (["sudoku", "solve", "-", "--jobs", "0"], 64),
        (["sudoku", "solve", "no-such-file.txt"], 2),
        (["sudoku", "generate", "--size", "5"], 64),
        (["sudoku", "generate", "--difficulty", "extreme"], 64),
        (["sudoku", "generate", "--symmetry", "spiral"], 64),
        (["sudoku", "generate", "--count", "0"], 64),
        (["sudoku", "generate", "--score", "1100..900"], 64),
        (["sudoku", "generate", "--score", "hard"], 64),
        (["sudoku", "generate", "--score", "900..1100", "--difficulty", "hard"], 64),
        (["sudoku", "generate", "--size", "4", "--score", "500..600"], 64),
    ]

    @Test("bad usage exits 64; a missing file exits 2", arguments: usageCases)
    func usage(arguments: [String], status: Int32) throws {
        let output = try GridEditBinary.run(arguments, input: "")
        #expect(output.status == status)
        #expect(output.stdout == "")
    }

    // MARK: grade

    @Test("grade prints TIER HARDEST STEPS SCORE per line")
    func gradeLines() throws {
        let input = [try givens("sudoku-9x9/classic-08.json"), conflict, emptyFour, "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"]
        let output = try GridEditBinary.run(["sudoku", "grade", "-", "--jobs", "2"], input: input.joined(separator: "\n"))
        #expect(output.status == 0)
        try #require(output.lines.count == 4)
        #expect(output.lines[0].hasPrefix("hard remote-pair "))
        #expect(output.lines[1] == "no-solution - 0 -")
        #expect(output.lines[2] == "multiple-solutions - 0 -")
        #expect(output.lines[3].hasPrefix("beyond-logic "))
        for line in [output.lines[0], output.lines[3]] {
            #expect(line.wholeMatch(of: /[a-z-]+ [a-z-]+ \d+ \d+/) != nil, "\(line)")
        }
    }

    @Test("grade over the shipped packs agrees with every file's difficulty")
    func gradeShippedPacks() throws {
        let output = try GridEditBinary.run(["sudoku", "grade", "puzzles"])
        #expect(output.status == 0)
        #expect(output.lines.count == 20)
        let field = ["easy": "easy", "medium": "medium", "hard": "hard", "expert": "expert", "beyond-logic": "expert"]
        for line in output.lines {
            let match = try #require(line.wholeMatch(of: /(.+\.json): ([a-z-]+) ([a-z-]+) (\d+) (\d+) \(file says ([a-z]+)\)/), "\(line)")
            #expect(field[String(match.2)] == String(match.6), "\(line)")
        }
    }

    // MARK: explain, inspect

    @Test("explain lists numbered steps naming cells r1c1-style, and the solution")
    func explain() throws {
        let file = "puzzles/sudoku-9x9/classic-05.json"
        let output = try GridEditBinary.run(["sudoku", "explain", file])
        #expect(output.status == 0)
        let lines = output.lines
        #expect(lines.first == file)
        let puzzle = try givens("sudoku-9x9/classic-05.json")
        #expect(lines.dropFirst().first == "puzzle \(puzzle)")
        let grade = try #require(lines.dropFirst(2).first)
        let summary = try #require(grade.wholeMatch(of: /grade: ([a-z-]+) \(hardest technique: (.+)\), (\d+) steps, score (\d+)/))
        let steps = lines.dropFirst(3).dropLast()
        #expect(steps.count == Int(summary.3)!)
        for (index, step) in steps.enumerated() {
            #expect(step.trimmingCharacters(in: .whitespaces).hasPrefix("\(index + 1). "), "\(step)")
            #expect(step.contains(/r[1-9]c[1-9]/), "\(step)")
        }
        #expect(steps.contains { $0.contains(". \(summary.2): ") }, "the hardest technique appears")
        let solved = try #require(lines.last)
        #expect(solved.hasPrefix("solved: "))
        #expect(solves(String(solved.dropFirst(8)), puzzle))
        // The same grade as `grade` reports.
        let graded = try GridEditBinary.run(["sudoku", "grade", "-"], input: puzzle + "\n")
        #expect(graded.lines.first?.hasPrefix("\(summary.1) ") == true)
    }

    @Test("explain says where logic stops, and refuses puzzles without one solution")
    func explainStuckAndBroken() throws {
        let hardest = "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"
        let stuck = try GridEditBinary.run(["sudoku", "explain", hardest])
        #expect(stuck.status == 0)
        #expect(stuck.lines.dropFirst().first?.hasPrefix("grade: beyond-logic") == true)
        #expect(stuck.lines.last?.hasPrefix("stuck: no technique of the ladder applies any more; the ") == true)
        let broken = try GridEditBinary.run(["sudoku", "explain", emptyFour])
        #expect(broken.status == 1)
        #expect(broken.lines.last?.hasPrefix("more than one solution: r") == true)
        #expect(broken.errorLines == ["\(emptyFour): the givens have more than one solution"])
    }

    @Test("inspect reports solutions, grade, redundant givens, symmetry and the canonical form")
    func inspect() throws {
        // mini-01 plus one more given from its solution: that given can go again.
        let output = try GridEditBinary.run(["sudoku", "inspect", "1.233.4..134.312"])
        #expect(output.status == 0)
        #expect(output.lines == [
            "puzzle 1.233.4..134.312",
            "  givens:     11 of 16",
            "  solutions:  1",
            "  grade:      easy, hardest technique full house, 5 steps, score 20",
            output.lines[4],
            "  symmetry:   none",
            output.lines[6],
        ])
        #expect(output.lines[4].hasPrefix("  redundant:  r1c1"))
        #expect(output.lines[6].hasPrefix("  canonical:  "))
    }

    // MARK: canonical

    @Test("canonical: a puzzle and its disguise print the same line")
    func canonical() throws {
        let puzzle = try givens("sudoku-9x9/classic-03.json")
        let grid = rows(puzzle)
        // Transposed, with the digits 1 and 9 swapped and bands 1 and 3 swapped.
        var disguised = ""
        for r in [6, 7, 8, 3, 4, 5, 0, 1, 2] {
            for c in 0..<9 {
                let d = grid[c][r]
                disguised += d == 0 ? "." : String(d == 1 ? 9 : d == 9 ? 1 : d)
            }
        }
        let output = try GridEditBinary.run(["sudoku", "canonical", "-"], input: "\(puzzle)\n\(disguised)\n\(try givens("sudoku-9x9/classic-04.json"))\n")
        #expect(output.status == 0)
        #expect(output.lines.count == 3)
        #expect(output.lines[0] == output.lines[1])
        #expect(output.lines[0] != output.lines[2])
        #expect(output.lines[0].filter { $0 != "." }.count == puzzle.filter { $0 != "." }.count)
    }

    // MARK: generate

    @Test("generate: the same seed gives the same puzzles, whatever --jobs; another seed others")
    func generateDeterminism() throws {
        let arguments = ["sudoku", "generate", "--size", "9", "--difficulty", "easy", "--symmetry", "rot180", "--count", "4", "--seed", "7"]
        let first = try GridEditBinary.run(arguments + ["--jobs", "1"])
        let second = try GridEditBinary.run(arguments + ["--jobs", "3"])
        #expect(first.status == 0)
        #expect(first.stderr == "")
        #expect(first.lines.count == 4)
        #expect(first.stdout == second.stdout)
        let other = try GridEditBinary.run(Array(arguments.dropLast()) + ["8"])
        #expect(other.lines.count == 4)
        #expect(other.stdout != first.stdout)
    }

    @Test("generate: unique puzzles of the tier asked for, with the symmetry asked for", arguments: [
        ("9", "hard", "rot180"), ("6", "hard", "left-right"), ("4", "easy", "rot90"),
    ])
    func generate(size: String, difficulty: String, symmetry: String) throws {
        let output = try GridEditBinary.run(["sudoku", "generate", "--size", size, "--difficulty", difficulty,
                                             "--symmetry", symmetry, "--count", "2", "--seed", "3", "--grade"])
        let n = Int(size)!
        for fields in try Self.generated(output, count: 2, size: n, tier: difficulty) {
            // Graded the same by `grade`.
            let graded = try GridEditBinary.run(["sudoku", "grade", "-"], input: fields[0])
            #expect(graded.lines.first == fields[1...].joined(separator: " "))
            // The pattern of givens has the symmetry.
            let g = rows(fields[0])
            let m = n - 1
            for r in 0..<n {
                for c in 0..<n {
                    let image = switch symmetry {
                    case "rot180": g[m - r][m - c]
                    case "rot90": g[c][m - r]
                    default: g[r][m - c]
                    }
                    #expect((g[r][c] == 0) == (image == 0), "\(fields[0]) at r\(r + 1)c\(c + 1)")
                }
            }
        }
    }

    @Test("generate --score: puzzles whose score is in the range asked for, as grade scores them")
    func generateScore() throws {
        let output = try GridEditBinary.run(["sudoku", "generate", "--score", "1000..1200", "--count", "2", "--seed", "5", "--grade"])
        #expect(output.status == 0, "\(output.stderr)")
        try #require(output.lines.count == 2)
        for line in output.lines {
            let fields = line.split(separator: " ").map(String.init)
            try #require(fields.count == 5)
            let score = try #require(Int(fields[4]))
            #expect((1000...1200).contains(score), "\(line)")
            let graded = try GridEditBinary.run(["sudoku", "grade", "-"], input: fields[0])
            #expect(graded.lines.first == fields[1...].joined(separator: " "))
        }
        let impossible = try GridEditBinary.run(["sudoku", "generate", "--size", "4", "--score", "150..160", "--seed", "1", "--attempts", "20"])
        #expect(impossible.status == 1)
        #expect(impossible.errorLines == ["puzzle 1 of 1: no 4×4 puzzle with a score in 150..160 and rot180 symmetry after 20 attempts; try a wider range, another symmetry or seed"])
    }

    @Test("generate: a tier a 4×4 grid cannot reach is refused at once, naming the tier it has (exit 64)")
    func generateImpossible() throws {
        let output = try GridEditBinary.run(["sudoku", "generate", "--size", "4", "--difficulty", "hard", "--seed", "1"])
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("--difficulty hard: a 4×4 puzzle is always easy (singles solve it); use --difficulty easy"), "\(output.stderr)")
    }

    @Test("generate with its defaults works for every size: unique puzzles, graded as the default tier says",
          arguments: ["4", "6", "9"])
    func generateDefaults(size: String) throws {
        let output = try GridEditBinary.run(["sudoku", "generate", "--size", size, "--count", "3", "--seed", "5", "--grade"])
        let n = Int(size)!
        _ = try Self.generated(output, count: 3, size: n, tier: n == 4 ? "easy" : "medium")
    }

    /// The fields of each line `generate --grade` printed (`PUZZLE TIER HARDEST STEPS SCORE`),
    /// once checked: exit 0, `count` lines of five fields, a puzzle of `size`×`size` cells of
    /// `tier`, unique as `solve` sees it.
    static func generated(_ output: GridEditBinary.Output, count: Int, size n: Int, tier: String) throws -> [[String]] {
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.count == count)
        return try output.lines.map { line in
            let fields = line.split(separator: " ").map(String.init)
            try #require(fields.count == 5)
            #expect(fields[0].count == n * n)
            #expect(fields[1] == tier, "\(line)")
            let solved = try GridEditBinary.run(["sudoku", "solve", "-"], input: fields[0] + "\n")
            #expect(solved.lines.first?.hasPrefix("1 ") == true, "\(fields[0]) is unique")
            return fields
        }
    }

    // MARK: check

    @Test("check: several solutions is an error at the givens, naming two cells")
    func checkMultipleSolutions() throws {
        let mini = "sudoku-4x4/mini-01.json"
        let copy = try PlantedPuzzles([.replace(mini, "\".134\", \".312\"]", "\"....\", \"....\"]")])
        let output = try copy.check()
        #expect(output.status == 1)
        #expect(output.lines.last == "\(copy.fileCount - 1) passed, 1 failed")
        let position = try #require(TextPosition.ofOnly("\"givens\": [", plus: 10, in: try copy.text(mini)))
        let finding = try #require(output.lines.first)
        #expect(finding.hasPrefix("\(copy.path(mini)):\(position): error: [sudoku.multiple-solutions] givens: the givens allow more than one solution: "))
        #expect(finding.matches(of: /r[1-4]c[1-4] is [1-4] in one solution and [1-4] in another/).count == 2, "\(finding)")
        #expect(output.lines.count == 2)
    }

    @Test("check: givens without a solution are an error at the givens")
    func checkNoSolution() throws {
        let mini = "sudoku-4x4/mini-01.json"
        // 4 in r1c1 breaks no rule by itself, but row 1 then needs its 1 in r1c2, and
        // column 2 already has one (r3c2).
        let copy = try PlantedPuzzles([.replace(mini, "\"givens\": [\"..23\"", "\"givens\": [\"4.23\"")])
        let output = try copy.check()
        #expect(output.status == 1)
        let text = try copy.text(mini)
        let givensAt = try #require(TextPosition.ofOnly("\"givens\": [", plus: 10, in: text))
        let solutionAt = try #require(TextPosition.ofOnly("\"1423\"", in: text))
        #expect(Array(output.lines.dropLast()) == [
            "\(copy.path(mini)):\(givensAt): error: [sudoku.no-solution] givens: the givens have no solution; r1c2 has no digit left that its row, column and box allow; change or remove a given",
            "\(copy.path(mini)):\(solutionAt): error: [sudoku.solution-invalid] solution[0]: the solution has 1 in r1c1 but the given there is 4",
        ])
    }

    @Test("check: a difficulty the grade disagrees with is a warning at the difficulty")
    func checkDifficulty() throws {
        let file = "sudoku-4x4/mini-06.json"
        let copy = try PlantedPuzzles([.replace(file, "\"difficulty\": \"easy\"", "\"difficulty\": \"expert\"")])
        let output = try copy.check()
        #expect(output.status == 0)
        let position = try #require(TextPosition.ofOnly("\"expert\"", in: try copy.text(file)))
        #expect(Array(output.lines.dropLast()) == [
            "\(copy.path(file)):\(position): warning: [sudoku.difficulty-mismatch] difficulty: difficulty is \"expert\" but the grade is easy (hardest technique: hidden single); set \"difficulty\": \"easy\" or change the givens",
        ])
    }

    @Test("check: the same Sudoku twice in a pack, in disguise, is a warning at the later entry")
    func checkDuplicate() throws {
        let pack = "sudoku-9x9/pack.json"
        @Sendable func disguise(_ text: String) throws -> String {
            // Swap the first and last bands of givens and solution, and rename 1 ↔ 2.
            var lines = text.components(separatedBy: "\n")
            for key in ["\"givens\": [", "\"solution\": ["] {
                let start = try #require(lines.firstIndex { $0.hasSuffix(key) }) + 1
                let band = Array(lines[start..<start + 9])
                let swapped = Array(band[6..<9]) + Array(band[3..<6]) + Array(band[0..<3])
                for (i, line) in swapped.enumerated() {
                    let ending = band[i].hasSuffix(",") ? "," : ""
                    let body = line.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
                    lines[start + i] = "    " + String(body.map { $0 == "1" ? "2" : $0 == "2" ? "1" : $0 }) + ending
                }
            }
            return lines.joined(separator: "\n").replacingOccurrences(of: "\"id\": \"classic-02\"", with: "\"id\": \"classic-02b\"")
        }
        let copy = try PlantedPuzzles([
            .write("sudoku-9x9/classic-02b.json", Array(try disguise(try Repository.text("puzzles/sudoku-9x9/classic-02.json")).utf8)),
            .replace(pack, "\"classic-02.json\",", "\"classic-02.json\",\n    \"classic-02b.json\","),
        ])
        let output = try copy.check()
        #expect(output.status == 0)
        let position = try #require(TextPosition.ofOnly("\"classic-02b.json\"", in: try copy.text(pack)))
        #expect(Array(output.lines.dropLast()) == [
            "\(copy.path(pack)):\(position): warning: [pack.duplicate-puzzle] puzzles[2]: classic-02b.json is the same Sudoku as classic-02.json (the same givens once digits are renamed and rows, columns, bands or stacks reordered or the grid transposed); replace or remove one",
        ])
    }
}
