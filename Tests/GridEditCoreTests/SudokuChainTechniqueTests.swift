import Foundation
@testable import GridEditCore
import GridEditTestSupport
import Testing

/// The techniques of gridedit issue 14: grouped AICs, Sue de Coq, ALS-XY-chains and death
/// blossoms. Each is checked on a hand-made pencil-mark position (the step it finds, worked
/// out by hand) and on published puzzles (every step sound, each technique used).
@Suite("Sudoku chain techniques: groups, Sue de Coq, ALS chains, death blossom")
struct SudokuChainTechniqueTests {
    static let techniques: [SudokuTechnique] = [.sueDeCoq, .groupedAIC, .alsXYChain, .deathBlossom]

    @Test("the new techniques sit together in the expert tier, ahead of the last resort, scored on HoDoKu's scale")
    func placement() {
        for technique in Self.techniques {
            #expect(technique.tier == .expert)
            #expect(technique < .forcingChain && technique > .alsXYWing)
            #expect(SudokuTechnique(id: technique.id) == technique)
        }
        // HoDoKu: Sue de Coq 250 < X-chain 260; grouped AIC 300 > AIC 280; ALS-XY-chain 340 >
        // ALS-XY-wing 320; death blossom 360.
        #expect(SudokuTechnique.sueDeCoq.points < SudokuTechnique.xChain.points)
        #expect(SudokuTechnique.groupedAIC.points > SudokuTechnique.aic.points)
        #expect(SudokuTechnique.alsXYChain.points > SudokuTechnique.alsXYWing.points)
        #expect(SudokuTechnique.deathBlossom.points > SudokuTechnique.alsXYChain.points)
        #expect(SudokuTechnique.deathBlossom.points < SudokuTechnique.forcingChain.points)
    }

    @Test func groupedAIC() {
        // Row 1 has 5 only in r1c1 and the group r1c7/r1c8 (box 3); column 9 only in r2c9 and
        // r5c9. r1c1(5) = r1c7/r1c8(5) – r2c9(5) = r5c9(5): r1c1 or r5c9 is 5, so r5c1 is not.
        var p = Pattern()
        p.confine(5, in: Pattern.row(1), to: ["r1c1", "r1c7", "r1c8"])
        p.confine(5, in: Pattern.column(9), to: ["r2c9", "r5c9"])
        // Without the group there is one strong link only: no chain.
        #expect(Chains.xChain(p.board) == nil)
        #expect(Chains.aic(p.board) == nil)
        let step = Chains.groupedAIC(p.board)
        #expect(step?.technique == .groupedAIC)
        #expect(removals(step) == ["r5c1-5"])
        #expect(step?.explanation.contains("r1c7/r1c8(5)") == true, "\(step?.explanation ?? "")")
    }

    @Test("a group's strong link inside its box, and a group at each end")
    func groupedLinks() {
        // Box 1 has 7 only in the group r1c1/r1c2 and in r3c3; row 3 only in r3c3 and the
        // group r3c8/r3c9 (box 3). Each group is strongly linked to r3c3, and weakly to the
        // places of 7 that see both its cells.
        var p = Pattern()
        p.confine(7, in: Pattern.box(1), to: ["r1c1", "r1c2", "r3c3"])
        p.confine(7, in: Pattern.row(3), to: ["r3c3", "r3c8", "r3c9"])
        let links = ChainLinks(p.board, kinds: .grouped)
        let group = { (cells: [String]) in
            links.groups.firstIndex { $0.digit == 7 && $0.cells == cells.map(Pattern.index) }.map { links.candidateNodes + $0 }
        }
        let r3c3 = links.node(Pattern.index("r3c3"), 7)
        let top = group(["r1c1", "r1c2"]), right = group(["r3c8", "r3c9"])
        #expect(top != nil && right != nil)
        if let top, let right {
            #expect(links.strong[top].contains(r3c3) && links.strong[r3c3].contains(top))
            #expect(links.strong[right].contains(r3c3) && links.strong[r3c3].contains(right))
            // r1c4 sees both cells of the top group (row 1); r2c4 neither.
            #expect(links.weak[top].contains(links.node(Pattern.index("r1c4"), 7)))
            #expect(links.weak[links.node(Pattern.index("r1c4"), 7)].contains(top))
            #expect(!links.weak[top].contains(links.node(Pattern.index("r2c4"), 7)))
            #expect(links.excludes(top, links.node(Pattern.index("r1c5"), 7)))
            #expect(!links.excludes(top, links.node(Pattern.index("r1c1"), 7)), "a group does not exclude its own cell")
            #expect(!links.excludes(top, right))
        }
    }

    @Test func sueDeCoq() {
        // r1c1 and r1c2 (box 1, row 1) allow 1, 2, 3 and 4; r1c5 in the row is 1 or 2, r2c1 in
        // the box 3 or 4: four cells, four digits, 1 and 2 only in the row cells, 3 and 4 only
        // in the box ones. So 1 and 2 are in row 1's four cells, 3 and 4 in box 1's.
        var p = Pattern()
        p.only("r1c1", [1, 2, 3])
        p.only("r1c2", [2, 3, 4])
        p.only("r1c5", [1, 2])
        p.only("r2c1", [3, 4])
        let step = SueDeCoq.find(p.board)
        #expect(step?.technique == .sueDeCoq)
        let row = cells(["r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"], digit: 1) + cells(["r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"], digit: 2)
        let box = cells(["r1c3", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"], digit: 3) + cells(["r1c3", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"], digit: 4)
        #expect(removals(step) == (row + box).sorted())
        #expect(step?.explanation.contains("Where box 1 meets row 1") == true, "\(step?.explanation ?? "")")
    }

    @Test func sueDeCoqNeedsDisjointSides() {
        // The same, but r2c1 may be 2 as well: 2 could then go twice (r1c5 and r2c1), and
        // five digits over four cells lock nothing.
        var p = Pattern()
        p.only("r1c1", [1, 2, 3])
        p.only("r1c2", [2, 3, 4])
        p.only("r1c5", [1, 2])
        p.only("r2c1", [2, 3, 4])
        #expect(SueDeCoq.find(p.board) == nil)
    }

    @Test func alsXYChain() {
        // r1c1 (1 or 2) –2– r1c5 (2 or 3) –3– r5c5/r6c5 (3, 4, 5: two cells, three digits)
        // –5– r4c5 (5 or 1): if r1c1 is not 1, it is 2, r1c5 is 3, the pair in column 5 is 4
        // and 5, r4c5 is 1. So r1c1 or r4c5 is 1, and r4c1, seeing both, is not. (Here the
        // shortest chain has three sets, r1c5 and the pair making one: what the ALS-XY-wing,
        // tried before, finds too.)
        var p = Pattern()
        p.only("r1c1", [1, 2])
        p.only("r1c5", [2, 3])
        p.only("r5c5", [3, 4, 5])
        p.only("r6c5", [3, 4, 5])
        p.only("r4c5", [1, 5])
        #expect(Chains.xyChain(p.board) == nil)
        let step = AlmostLockedSets.alsXYChain(p.board)
        #expect(step?.technique == .alsXYChain)
        #expect(removals(step) == ["r4c1-1"])
        #expect(step?.explanation.contains("r4c1") == true)
        #expect(removals(AlmostLockedSets.alsXYWing(p.board)) == ["r4c1-1"])
    }

    @Test func deathBlossom() {
        // The stem r5c5 is 1, 2 or 4; r2c5 (1 or 3), r5c4 (2 or 3) and r6c4 (3 or 4) each see it:
        // whichever digit the stem holds, one of them is 3. Cells seeing all three are not 3.
        var p = Pattern()
        p.only("r5c5", [1, 2, 4])
        p.only("r2c5", [1, 3])
        p.only("r5c4", [2, 3])
        p.only("r6c4", [3, 4])
        let step = DeathBlossom.find(p.board)
        #expect(step?.technique == .deathBlossom)
        #expect(removals(step) == cells(["r1c4", "r2c4", "r3c4", "r4c5", "r6c5"], digit: 3))
        #expect(step?.explanation.contains("r5c5 is 1, 2 or 4") == true, "\(step?.explanation ?? "")")
    }

    @Test func deathBlossomNeedsEveryPetal() {
        // Without a set for 4, the stem may be 4 and nothing follows.
        var p = Pattern()
        p.only("r5c5", [1, 2, 4])
        p.only("r2c5", [1, 3])
        p.only("r5c4", [2, 3])
        #expect(DeathBlossom.find(p.board) == nil)
    }

    /// Published puzzles (magictour top1465) whose grading reaches the new techniques, found
    /// with `gridedit-bench grader-scan`: the technique is used, and every step is sound.
    static let publishedUses: [(SudokuTechnique, String)] = [
        (.groupedAIC, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"),
        (.groupedAIC, ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"),
        (.deathBlossom, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."),
    ]

    @Test("published puzzles that reach a new technique: it is used, and every step is sound", arguments: publishedUses)
    func soundOnPublished(_ technique: SudokuTechnique, _ line: String) throws {
        try expectUsedSoundly(technique, line)
    }

    @Test("seeingBoth lists exactly the candidates weakly linked to both ends, by the definition, groups included")
    func seeingBothMatchesTheDefinition() {
        var random = SplitMix64(seed: 14)
        for (_, line) in Self.publishedUses {
            var board = SudokuBoard(try! SudokuGrid(line: line))
            board.explains = false
            board.knownUnique = true
            var positions = 0
            while !board.isSolved, let step = SudokuGrader.next(board) {
                board.apply(step)
                positions += 1
                guard positions % 4 == 0 else { continue }
                let links = ChainLinks(board, kinds: .grouped)
                let g = board.geometry
                // The definition: t is a single candidate other than a and b that cannot be true
                // with either (same cell and another digit, or the same digit in a cell seeing
                // every cell of the other; a group does not exclude its own cells).
                func excludes(_ t: Int, _ x: Int) -> Bool {
                    let cells = links.cells(x), cell = t / board.n
                    if !links.isGroup(x), cells[0] == cell { return t != x }
                    return t % board.n + 1 == links.digit(x) && cells.allSatisfy { g.sees($0, cell) }
                }
                let nodes = (0..<links.strong.count).filter { links.isGroup($0) || board.has($0 / board.n, $0 % board.n + 1) }
                guard !nodes.isEmpty else { continue }
                for _ in 0..<80 {
                    let a = nodes.randomElement(using: &random)!
                    let b = random.next() % 8 == 0 ? a : nodes.randomElement(using: &random)!
                    let expected = (0..<links.candidateNodes).filter { t in
                        board.has(t / board.n, t % board.n + 1) && t != a && t != b && excludes(t, a) && excludes(t, b)
                    }
                    #expect(links.seeingBoth(a, b) == expected, "\(links.name(a)) and \(links.name(b)) in \(board.grid.line)")
                }
            }
            #expect(positions > 10)
        }
    }
}
