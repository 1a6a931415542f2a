import ArgumentParser
import Foundation
import GridEditCore

extension SudokuCommand {
    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explain, step by step in plain words, how a person solves a puzzle.",
            discussion: """
                Each step names the technique, the cells (r1c1 is the top left) and what follows. \
                PUZZLE is a Sudoku puzzle file, a folder of them, a file of puzzle lines, - for \
                lines on standard input, or a puzzle line itself.
                """)

        @Argument(help: "Puzzle files, folders, line files, - or puzzle lines.")
        var puzzles: [String]

        func run() throws {
            let outcome = readPuzzles(puzzles)
            var problems = outcome.errors
            for (index, item) in outcome.items.enumerated() {
                if index > 0 { print("") }
                if item.label != item.grid.line { print(item.label) }
                print("puzzle \(item.grid.line)")
                let explanation = SudokuExplanation(item.grid)
                for line in explanation.lines { print(line) }
                if let problem = explanation.problem { problems.append("\(item.label): \(problem)") }
            }
            try finish(errors: problems, ioError: outcome.hadIOError)
        }
    }

    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Authoring aids: solutions, grade, symmetry, redundant givens, canonical form.",
            discussion: """
                Redundant givens are givens that could each be removed on its own with the \
                solution staying unique (removing two at once may not keep it unique). The \
                canonical form is equal for two puzzles exactly when one is the other in disguise.
                """)

        @Argument(help: "Puzzle files, folders, line files, - or puzzle lines.")
        var puzzles: [String]

        func run() throws {
            let outcome = readPuzzles(puzzles)
            for (index, item) in outcome.items.enumerated() {
                if index > 0 { print("") }
                print(item.label == item.grid.line ? "puzzle \(item.grid.line)" : "\(item.label)\npuzzle \(item.grid.line)")
                let n = item.grid.size.rawValue
                let givens = item.grid.cells.filter { $0 != 0 }.count
                print("  givens:     \(givens) of \(n * n)")
                let result = SudokuSolver.countSolutions(item.grid)
                switch result.verdict {
                case .none: print("  solutions:  none")
                case .multiple: print("  solutions:  2 or more (\(result.differences.prefix(2).map(\.description).joined(separator: ", and ")))")
                case .unique:
                    print("  solutions:  1")
                    let grade = SudokuGrader.grade(item.grid)
                    let hardest = grade.hardest.map { ", hardest technique \($0.name)" } ?? ""
                    let stored = item.puzzle.map { "; the file says \($0.difficulty.rawValue)" } ?? ""
                    print("  grade:      \(grade.tier!.rawValue)\(hardest), \(grade.steps.count) steps, score \(grade.score!)\(stored)")
                    let redundant = SudokuMinimality.redundantGivens(item.grid)
                    print(redundant.isEmpty ? "  redundant:  none: the puzzle is minimal"
                                            : "  redundant:  \(redundant.map(\.description).joined(separator: ", ")) (each on its own)")
                }
                let symmetries = SudokuSymmetry.detect(item.grid).map(\.rawValue)
                print("  symmetry:   \(symmetries.joined(separator: ", "))")
                print("  canonical:  \(SudokuCanonicalForm.key(item.grid))")
            }
            try finish(errors: outcome.errors, ioError: outcome.hadIOError)
        }
    }
}
