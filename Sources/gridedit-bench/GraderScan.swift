import Foundation
import GridEditCore

/// `gridedit-bench grader-scan FILE`: grades the first puzzles of a file of Sudoku lines
/// (`GRIDEDIT_GRADER_SCAN_LIMIT`, default 2,000) and prints how many are beyond logic and, per
/// technique, the first puzzles that use it and the first whose hardest step it is: how the
/// technique puzzles of the grader's tests are found.
enum GraderScan {
    static func run(file: String) throws {
        let limit = Int(ProcessInfo.processInfo.environment["GRIDEDIT_GRADER_SCAN_LIMIT"] ?? "") ?? 2000
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").prefix(limit)
        var found: [SudokuTechnique: [String]] = [:]
        var stuck = 0
        var used: [SudokuTechnique: Int] = [:]
        for line in lines {
            let puzzle = String(line.split(separator: " ").first ?? "")
            guard let grid = try? SudokuGrid(line: puzzle) else { continue }
            let grade = SudokuGrader.grade(grid, explaining: false)
            if grade.status == .stuck { stuck += 1 }
            for technique in Set(grade.steps.map(\.technique)).sorted() where used[technique, default: 0] < 2 {
                used[technique, default: 0] += 1
                print("USES \(technique.id) \(puzzle)")
            }
            guard grade.status == .solved, let hardest = grade.hardest else { continue }
            if found[hardest, default: []].count < 3 { found[hardest, default: []].append(puzzle) }
        }
        print("scan of \(lines.count): beyond-logic \(stuck)")
        for (technique, puzzles) in found.sorted(by: { $0.key < $1.key }) {
            print("SCAN \(technique.id) \(puzzles.joined(separator: " "))")
        }
    }
}
