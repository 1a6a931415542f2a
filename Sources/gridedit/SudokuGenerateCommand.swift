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

        @Option(help: "Tier: easy, medium, hard, expert or beyond-logic.")
        var difficulty: SudokuTier = .medium

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

        @Flag(help: "Follow each puzzle with its grade: TIER HARDEST STEPS.")
        var grade = false

        func validate() throws {
            guard SudokuSize(rawValue: size) != nil else { throw ValidationError("--size must be 4, 6 or 9") }
            guard count >= 1 else { throw ValidationError("--count must be at least 1") }
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
            if let attempts, attempts < 1 { throw ValidationError("--attempts must be at least 1") }
        }

        func run() throws {
            let seed = self.seed ?? {
                let clock = UInt64(Date().timeIntervalSince1970 * 1000)
                StandardStreams.errorLine("seed \(clock) (pass --seed \(clock) to get these puzzles again)")
                return clock
            }()
            let options = SudokuGenerator.Options(size: SudokuSize(rawValue: size)!, tier: difficulty,
                                                  symmetry: symmetry, seed: seed, maxAttempts: attempts)
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
