import GridEditCore

/// The setter's panel: what `gridedit sudoku solve --count 1000`, `grade`, `explain` and
/// `inspect` say about the givens, worked out off the edit path after every change to them
/// (entries and marks do not change it): the solution count, the tier, score and hardest
/// technique, the symmetry, the redundant givens, a given that would make a puzzle with several
/// solutions unique, every cell's true candidates, and the explanation's steps.
extension SudokuEditing {
    /// Solutions are counted up to this many, as `gridedit sudoku solve --count 1000` counts.
    public static let solutionCountLimit = 1_000

    public static func analysisJob(of document: EditorDocument) -> AnalysisJob? {
        guard let sudoku = document.puzzle as? SudokuPuzzle else { return nil }
        let givens = sudoku.givens
        return AnalysisJob(key: "sudoku " + givens.line) { isCancelled, publish in analyse(givens, isCancelled: isCancelled, publish: publish) }
    }

    /// Everything but the grade comes first (`publish`: counting, redundant givens, true
    /// candidates take milliseconds); the grade, a search that takes up to a third of a second on the
    /// hardest published puzzles (forcing nets), completes it.
    static func analyse(_ givens: SudokuGrid, isCancelled: @escaping @Sendable () -> Bool,
                        publish: (KindAnalysis) -> Void = { _ in }) -> KindAnalysis? {
        let n = givens.size.rawValue
        let clues = givens.cells.filter { $0 != 0 }.count
        let symmetry = SudokuSymmetry.detect(givens).map(\.rawValue).joined(separator: ", ")
        var numbers: [KindAnalysis.Number] = [.init("givens", "Givens", String(clues))]
        if let conflict = givens.conflicts.first {
            let hint = SudokuHint.conflict(SudokuCell(row: conflict.first.0, column: conflict.first.1),
                                           SudokuCell(row: conflict.second.0, column: conflict.second.1), unit: conflict.unit)
            numbers.append(.init("solutions", "Solutions", "0"))
            numbers.append(.init("symmetry", "Symmetry", symmetry))
            return KindAnalysis(status: "no solution: \(hint.description.dropLast()) (givens conflict)", numbers: numbers)
        }
        let count = SudokuSolver.countSolutions(givens, limit: solutionCountLimit, keep: 2)
        if isCancelled() { return nil }
        let capped = count.count >= solutionCountLimit
        numbers.append(.init("solutions", capped ? "Solutions (counted to \(solutionCountLimit))" : "Solutions", String(count.count),
                             text: capped ? "\(count.count) or more" : nil))
        var marks: [KindAnalysis.Mark] = []
        // Digits some solution puts in each cell (none without a solution).
        var candidates: [[Int]] = Array(repeating: [], count: givens.cells.count)
        if count.verdict != .none {
            guard let found = SudokuTrueCandidates.of(givens, isCancelled: isCancelled) else { return nil }
            candidates = found
        }
        var notes: [String] = []
        var steps: [KindAnalysis.Step] = []
        var status: String
        switch count.verdict {
        case .none:
            status = "no solution: the givens cannot be completed"
        case .multiple:
            status = capped ? "\(count.count) or more solutions: add givens" : "\(count.count) solutions: add givens"
            if let (cell, digit, unique) = suggestion(givens, differences: count.differences, candidates: candidates, isCancelled: isCancelled) {
                marks.append(.init("suggested", cell.description, digits: [digit]))
                notes.append(unique ? "a given \(digit) in \(cell) makes the solution unique"
                                    : "no single given makes it unique; a given \(digit) in \(cell) tells the first two solutions apart")
                numbers.append(.init("suggested", "Add", "\(cell)=\(digit)"))
            } else if isCancelled() {
                return nil
            }
        case .unique:
            let redundant = SudokuMinimality.redundantGivens(givens)
            if isCancelled() { return nil }
            marks += redundant.map { .init("redundant", $0.description) }
            let redundancy = KindAnalysis.Number("redundant", "Redundant givens", String(redundant.count))
            notes.append(redundant.isEmpty ? "minimal: no given can go"
                                           : "redundant (each on its own): \(redundant.map(\.description).joined(separator: ", "))")
            let first = numbers + [redundancy, .init("symmetry", "Symmetry", symmetry)]
            publish(KindAnalysis(status: "unique; grading…", numbers: first, notes: notes,
                                 marks: marks + trueCandidateMarks(givens, candidates)))
            // One puzzle, latency felt: the slow techniques on a second thread.
            let explanation = SudokuExplanation(givens, twoThreads: true, isCancelled: isCancelled)
            if isCancelled() { return nil }
            let grade = explanation.grade
            let tier = grade.tier!.rawValue
            numbers.append(.init("tier", "Tier", tier))
            numbers.append(.init("score", "Score", String(grade.score!)))
            numbers.append(.init("hardest", "Hardest technique", grade.hardest?.id ?? "-", text: grade.hardest?.name ?? "none"))
            numbers.append(.init("steps", "Steps", String(grade.steps.count)))
            status = "tier \(tier)\(grade.hardest.map { " (hardest: \($0.name))" } ?? ""), score \(grade.score!)"
            steps = grade.steps.indices.map { i in
                let step = grade.steps[i]
                return KindAnalysis.Step(text: explanation.stepLine(i + 1).drop { $0 == " " }.description,
                                         focus: step.focus.map(\.description),
                                         changes: step.placements.map { .init("place", $0.cell.description, digits: [$0.digit]) }
                                             + step.eliminations.map { .init("remove", $0.cell.description, digits: [$0.digit]) })
            }
            if let ending = explanation.ending { notes.insert(ending, at: 0) }
            numbers.append(redundancy)
        }
        numbers.append(.init("symmetry", "Symmetry", symmetry))
        if count.verdict != .none { marks += trueCandidateMarks(givens, candidates) }
        return KindAnalysis(status: status, numbers: numbers, notes: notes, marks: marks, steps: steps)
    }

    /// Every empty cell's true candidates, as marks.
    static func trueCandidateMarks(_ givens: SudokuGrid, _ candidates: [[Int]]) -> [KindAnalysis.Mark] {
        let n = givens.size.rawValue
        return candidates.indices.filter { givens.cells[$0] == 0 }.map { i in
            .init("true-candidates", SudokuCell(row: i / n, column: i % n).description, digits: candidates[i])
        }
    }

    /// A given to add to a grid with several solutions: one that makes the solution unique when
    /// there is one (cells where the first two solutions differ are tried first), else the
    /// check's suggestion (a cell where they differ, with the first solution's digit). The third
    /// value says whether it makes the solution unique. Nil when cancelled.
    /// Only true candidates are tried (a given outside them leaves no solution).
    static func suggestion(_ givens: SudokuGrid, differences: [SudokuDifference], candidates: [[Int]],
                           isCancelled: () -> Bool) -> (SudokuCell, Int, Bool)? {
        guard let first = differences.first else { return nil }
        let n = givens.size.rawValue
        var counter = SudokuCounter(keep: 0)
        var probe = givens
        func makesUnique(_ index: Int, _ digit: Int) -> Bool {
            probe[index / n, index % n] = UInt8(digit)
            defer { probe[index / n, index % n] = 0 }
            return counter.count(probe, limit: 2).count == 1
        }
        let differing = differences.map { ($0.row * n + $0.column, [Int($0.first), Int($0.second)]) }
        let others = givens.cells.indices.filter { givens.cells[$0] == 0 && candidates[$0].count > 1 }.map { ($0, candidates[$0]) }
        // Each probe is one count to two; the budget keeps the panel quick on an almost empty
        // grid, where no single given can make the solution unique anyway.
        var budget = 6 * n * n
        for (index, digits) in differing + others {
            for digit in digits {
                if isCancelled() { return nil }
                budget -= 1
                if budget < 0 { break }
                if makesUnique(index, digit) { return (SudokuCell(row: index / n, column: index % n), digit, true) }
            }
            if budget < 0 { break }
        }
        return (SudokuCell(row: first.row, column: first.column), Int(first.first), false)
    }
}
