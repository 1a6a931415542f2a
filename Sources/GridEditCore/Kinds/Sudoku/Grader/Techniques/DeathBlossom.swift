/// Expert: death blossom.
///
/// A stem cell with two or three candidates, and for each of its digits d an almost locked
/// set (a petal, see `AlmostLockedSets`) where every place of d sees the stem. Whichever digit
/// the stem holds, that digit's petal loses it and is locked on its other digits. So a digit z
/// every petal has (and the stem has not) is in one of the petals, and a cell that sees every
/// z of every petal is not z.
enum DeathBlossom {
    /// Petals of up to this many cells: bounds the search.
    static let petalLimit = 4

    static func find(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let peers = g.peerMasks
        let sets = AlmostLockedSets.masked(AlmostLockedSets.all(board, maximumSize: petalLimit), board)
        let withDigit = board.placeMasks
        for stem in 0..<g.cellCount where board.values[stem] == 0 && (2...3).contains(board.candidates[stem].nonzeroBitCount) {
            let stemDigits = SudokuBoard.digits(board.candidates[stem])
            let stemBit = UInt128(1) << stem
            // petals[i]: the sets that can be the petal of the stem's i-th digit.
            let petals = stemDigits.map { d in
                sets.indices.filter { sets[$0].cells & stemBit == 0 && sets[$0].has(d) && sets[$0].places[d - 1] & ~peers[stem] == 0 }
            }
            guard petals.allSatisfy({ !$0.isEmpty }) else { continue }
            for z in 1...board.n where board.candidates[stem] & SudokuBoard.bit(z) == 0 {
                let choices = petals.map { $0.filter { sets[$0].has(z) } }
                guard choices.allSatisfy({ !$0.isEmpty }) else { continue }
                // One petal per stem digit, narrowing the cells that see every z so far.
                var chosen: [Int] = []
                func pick(_ i: Int, _ targets: UInt128) -> Bool {
                    if i == choices.count { return true }
                    for petal in choices[i] {
                        let narrowed = targets & sets[petal].seeing[z - 1]
                        guard narrowed != 0 else { continue }
                        chosen.append(petal)
                        if pick(i + 1, narrowed) { return true }
                        chosen.removeLast()
                    }
                    return false
                }
                guard pick(0, withDigit[z - 1] & ~stemBit) else { continue }
                let targets = chosen.reduce(withDigit[z - 1] & ~stemBit) { $0 & sets[$1].seeing[z - 1] }
                let eliminations = board.eliminations(AlmostLockedSets.cells(targets).map { ($0, z) })
                let focus = chosen.reduce(stemBit) { $0 | sets[$1].cells }
                let petalText = zip(stemDigits, chosen).map { d, petal in
                    "for \(d), \(AlmostLockedSets.describe(sets[petal].als, board))"
                }
                return SudokuStep(
                    technique: .deathBlossom, eliminations: eliminations, focus: AlmostLockedSets.cells(focus).map(board.cell),
                    explanation: board.say("\(board.name(stem)) is \(Words.digits(board.candidates[stem], conjunction: "or")). Each of its digits has an almost locked set (one digit more than cells) whose places of that digit all see \(board.name(stem)): \(Words.list(petalText)). Whichever digit \(board.name(stem)) holds, that set loses it and is fixed on its other digits, which include \(z); so \(z) is in one of the sets, and a cell that sees every \(z) of them cannot be \(z): remove \(board.removalText(eliminations))."))
            }
        }
        return nil
    }
}
