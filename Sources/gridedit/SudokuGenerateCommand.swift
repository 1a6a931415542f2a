import ArgumentParser
import Foundation
import GridEditCore

extension SudokuTier: ExpressibleByArgument {}
extension SudokuSymmetry: ExpressibleByArgument {}

extension SudokuCommand {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate unique puzzles of a tier, one line each.",
            discussion: """
                The same options and --seed always give the same puzzles, whatever --jobs. \
                Pipe the lines into `gridedit sudoku import - -o FOLDER` to make puzzle files, \
                each recorded with its graded tier (beyond-logic as expert).
                """)

        @Option(help: "Grid size: 4, 6 or 9.")
        var size = 9

        @Option(help: "Tier: easy, medium, hard, expert or beyond-logic (default medium; easy for 4×4, the only tier a 4×4 has).")
        var difficulty: SudokuTier?

        @Option(help: "Aim at a score range A..B instead of a tier, e.g. 900..1100 (see docs/sudoku.md for the scale).")
        var score: String?

        @Option(help: "Symmetry of the givens: none, rot180, rot90, left-right, top-bottom, diagonal, anti-diagonal or dihedral.")
        var symmetry: SudokuSymmetry = .rot180

        @Option(help: "How many puzzles.")
        var count = 1

        @Option(help: "Seed for the random choices (default: from the clock, printed on standard error).")
        var seed: UInt64?

        @Option(help: "Attempts per puzzle before giving up (default 2000 for 9×9, 5000 for 6×6, 200 for 4×4).")
        var attempts: Int?

        @Option(help: "Threads (default: all cores). The output does not depend on it.")
        var jobs = ProcessInfo.processInfo.activeProcessorCount

        @Flag(help: "Follow each puzzle with its grade: TIER HARDEST STEPS SCORE.")
        var grade = false

        func validate() throws {
            guard SudokuSize(rawValue: size) != nil else { throw ValidationError("--size must be 4, 6 or 9") }
            guard count >= 1 else { throw ValidationError("--count must be at least 1") }
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
            if let attempts, attempts < 1 { throw ValidationError("--attempts must be at least 1") }
            if score != nil, difficulty != nil { throw ValidationError("give --score or --difficulty, not both") }
            if let difficulty, let size = SudokuSize(rawValue: size), !SudokuGenerator.Options.tiers(size).contains(difficulty) {
                throw ValidationError("--difficulty \(difficulty.rawValue): a \(size.rawValue)×\(size.rawValue) puzzle is always easy (singles solve it); use --difficulty easy or a 6×6 or 9×9 grid")
            }
            if let score {
                let range = try Self.scoreRange(score)
                // A 4×4 puzzle is solved by singles alone, at most one hidden single per cell.
                let ceiling = SudokuTechnique.hiddenSingle.points * 16
                if size == 4, range.lowerBound > ceiling {
                    throw ValidationError("--score \(score): a 4×4 puzzle scores at most \(ceiling) (singles only); ask for a range that starts lower")
                }
            }
        }

        /// `A..B` with 0 ≤ A ≤ B.
        static func scoreRange(_ text: String) throws -> ClosedRange<Int> {
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]) else {
                throw ValidationError("--score must be a range A..B of whole numbers, e.g. 900..1100 (got \"\(text)\")")
            }
            guard low >= 0, low <= high else {
                throw ValidationError("--score \(text) is empty: the range needs 0 ≤ A ≤ B")
            }
            return low...high
        }

        func run() throws {
            let seed = self.seed ?? {
                let clock = UInt64(Date().timeIntervalSince1970 * 1000)
                StandardStreams.errorLine("seed \(clock) (pass --seed \(clock) to get these puzzles again)")
                return clock
            }()
            let options = SudokuGenerator.Options(size: SudokuSize(rawValue: size)!, tier: difficulty,
                                                  symmetry: symmetry, seed: seed, maxAttempts: attempts,
                                                  score: try score.map(Self.scoreRange))
            var problems: [String] = []
            for (index, result) in SudokuGenerator.generate(options, count: count, jobs: jobs).enumerated() {
                switch result {
                case .success(let generated):
                    print(grade ? "\(generated.givens.line) \(generated.grade.line)" : generated.givens.line)
                case .failure(let failure):
                    problems.append("puzzle \(index + 1) of \(count): \(failure)")
                }
            }
            try finish(errors: problems)
        }
    }
}
