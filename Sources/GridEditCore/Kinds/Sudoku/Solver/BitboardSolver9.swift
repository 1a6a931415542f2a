/// The 9×9 hot path: a band-oriented bitboard solver that counts solutions up to a limit.
///
/// Representation. For each digit d and band b (three rows) one 27-bit word holds the cells of
/// the band where d may still go: bit `9 * (row % 3) + column`. A placed digit keeps its own
/// bit (so every row of every band always holds each digit once), and the `unsolved` words hold
/// the cells not yet placed.
///
/// Propagation, per digit and band ("band update"):
/// - the band's nine minirows (a row inside one box) where d may go form a 3×3 pattern; d sits
///   in one minirow per row and one per box, so only minirows that belong to some permutation
///   of the pattern survive (a 512-entry table). This is pointing and claiming, and more;
/// - a box whose candidates for d lie in one column locks that column in the other bands;
/// - a row of the band left with one cell for d is a hidden single (for its box too).
///
/// When no band changes any more: naked singles (cells with one digit, found with bit-sliced
/// counters across the nine digit words), then hidden singles in columns. When neither
/// applies, the solver branches on a cell with two candidates (or the fewest), copying the
/// 32-word state onto a preallocated stack.
///
/// Everything lives in one unsafe buffer owned by the solver (tables, state stack, found
/// solutions): no allocation, reference counting or dynamic dispatch in the search.
final class BitboardSolver9 {
    /// Words per search state: 27 candidate words (index 9 * band + digit), 3 unsolved-cell
    /// words, the mask of candidate words changed since their last band update, padding.
    static var stateWords: Int { 32 }
    static var unsolved: Int { 27 }
    /// The digits whose words changed since their last update (9 bits), as a state is handed
    /// to `search`; `propagate` takes them over.
    static var dirty: Int { 30 }
    static var maxDepth: Int { 82 }
    /// What `updateDigit` returns on a contradiction (never a set of digits).
    static var failed: UInt32 { 0x8000_0000 }

    private let tables: UnsafePointer<UInt32>
    private let stack: UnsafeMutablePointer<UInt32>
    private let found: UnsafeMutablePointer<UInt8>
    /// count, limit, keep: in the buffer rather than in stored properties, so the search
    /// pays no exclusivity checks.
    private let counters: UnsafeMutablePointer<Int>
    /// Cells with two candidates per band, as of the last propagation.
    private let pairs: UnsafeMutablePointer<UInt32>
    private let keepCapacity: Int
    /// Per digit, the triads it may occupy and those it must occupy (see `triads`).
    private let triadScratch: UnsafeMutablePointer<UInt64>
    /// Per digit, the three words its entries in `triadScratch` and `configScratch` were worked
    /// out from (all ones until then: no candidate word has bits above 26).
    private let triadWords: UnsafeMutablePointer<UInt32>
    /// The givens, gathered before the first state is written (see `solve`).
    private let givenScratch: UnsafeMutablePointer<UInt32>
    /// Per digit, its configurations in each band and stack (see `branchOnConfiguration`).
    private let configScratch: UnsafeMutablePointer<UInt32>

    /// `keep`: how many solutions to record at most (the first ones found).
    init(keep: Int = 2) {
        tables = BitboardTables9.shared.base
        stack = .allocate(capacity: Self.stateWords * Self.maxDepth)
        keepCapacity = max(1, keep)
        found = .allocate(capacity: 81 * keepCapacity)
        counters = .allocate(capacity: 3)
        counters.initialize(repeating: 0, count: 3)
        pairs = .allocate(capacity: 3)
        pairs.initialize(repeating: 0, count: 3)
        triadScratch = .allocate(capacity: 18)
        triadScratch.initialize(repeating: 0, count: 18)
        triadWords = .allocate(capacity: 27)
        triadWords.initialize(repeating: .max, count: 27)
        givenScratch = .allocate(capacity: 66)
        givenScratch.initialize(repeating: 0, count: 66)
        configScratch = .allocate(capacity: 54)
        configScratch.initialize(repeating: 0, count: 54)
    }

    deinit {
        stack.deallocate()
        found.deallocate()
        counters.deallocate()
        pairs.deallocate()
        triadScratch.deallocate()
        triadWords.deallocate()
        givenScratch.deallocate()
        configScratch.deallocate()
    }

    var count: Int { counters[0] }

    /// The `index`-th recorded solution (0-based), 81 digits 1…9.
    func solution(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: found + 81 * index, count: 81)
    }

    var recorded: Int { min(counters[0], counters[2]) }

    /// Counts the solutions of `cells` (81 values, 0 for empty, digits 1…9) up to `limit`,
    /// recording the first `min(limit, keep)` of them. Digits above 9 count as no solution.
    @discardableResult
    func solve(_ cells: UnsafePointer<UInt8>, limit: Int, keep: Int? = nil) -> Int {
        counters[0] = 0
        counters[1] = max(1, limit)
        counters[2] = min(keep ?? keepCapacity, keepCapacity)
        let s = stack
        let t = tables
        // The givens in one pass: per band the given cells; per digit and band its givens and
        // their peers in the band (row, box, column); per digit the columns it holds. Then
        // each word is every cell but the given ones and the digit's peers, plus its own givens.
        let g = givenScratch
        g.update(repeating: 0, count: 66)
        let own = g, peers = g + 27, columns = g + 54, given = g + 63
        for cell in 0..<81 {
            let value = Int(cells[cell])
            if value == 0 { continue }
            guard value <= 9 else { return 0 }
            let band = cell / 27
            let k = cell - 27 * band
            let bit = UInt32(1) &<< UInt32(k)
            let digit = value - 1
            let i = 9 * band + digit
            let spread = t[BitboardTables9.columnSpread &+ k]
            // The digit given twice in a row, box or column: no solution.
            guard own[i] & t[BitboardTables9.bandPeers &+ k] == 0, columns[digit] & spread == 0 else { return 0 }
            given[band] |= bit
            own[i] |= bit
            peers[i] |= t[BitboardTables9.bandPeers &+ k]
            columns[digit] |= spread
        }
        for b in 0..<3 {
            for d in 0..<9 {
                let i = 9 &* b &+ d
                s[i] = (0x7FF_FFFF & ~given[b] & ~peers[i] & ~columns[d]) | own[i]
            }
            s[Self.unsolved &+ b] = 0x7FF_FFFF & ~given[b]
        }
        s[Self.dirty] = 0x1FF
        search(s)
        return counters[0]
    }

    // MARK: Search

    private func search(_ s: UnsafeMutablePointer<UInt32>) {
        guard propagate(s) else { return }
        let u = s + Self.unsolved
        let pairs = self.pairs
        if u[0] | u[1] | u[2] == 0 {
            let n = counters[0]
            if n < counters[2] { record(s, into: found + 81 * n) }
            counters[0] = n &+ 1
            return
        }
        if branchOnConfiguration(s) { return }
        // A cell with two candidates if there is one, else one with the fewest.
        var band = 0
        var bit: UInt32 = 0
        for b in 0..<3 where pairs[b] != 0 {
            band = b
            bit = pairs[b] & (0 &- pairs[b])
            break
        }
        if bit == 0 {
            (band, bit) = fewestCandidates(s)
        }
        var digits: UInt32 = 0
        for d in 0..<9 where s[9 &* band &+ d] & bit != 0 { digits |= 1 &<< UInt32(d) }
        let child = s + Self.stateWords
        while digits != 0 {
            let d = Int(digits.trailingZeroBitCount)
            digits &= digits &- 1
            if digits == 0 {
                // The last candidate: no copy needed.
                assign(s, d, band, bit)
                search(s)
                return
            }
            child.update(from: s, count: Self.stateWords)
            assign(child, d, band, bit)
            search(child)
            if counters[0] >= counters[1] { return }
        }
    }

    /// Branches on the placement of one digit across a band or a stack (its configuration:
    /// which minirow of each row, or minicolumn of each column, one of six permutations), in
    /// the band or stack with the fewest configurations left over all digits, for the digit
    /// with the fewest there (two if possible). This is tdoku's choice: it leaves search trees
    /// as small as its own. False when every band and stack is fixed.
    ///
    /// The configurations per digit come from the last pass of `triads` (the state has not
    /// changed since): entries hold the 6-bit set and, from bit 8, its size.
    private func branchOnConfiguration(_ s: UnsafeMutablePointer<UInt32>) -> Bool {
        let t = tables
        let configs = configScratch
        var n0: UInt32 = 0, n1: UInt32 = 0, n2: UInt32 = 0, n3: UInt32 = 0, n4: UInt32 = 0, n5: UInt32 = 0
        var d = 0
        while d < 9 {
            let row = configs + 6 &* d
            n0 &+= row[0] &>> 8; n1 &+= row[1] &>> 8; n2 &+= row[2] &>> 8
            n3 &+= row[3] &>> 8; n4 &+= row[4] &>> 8; n5 &+= row[5] &>> 8
            d &+= 1
        }
        // A band or stack is fixed when each digit has one configuration (a total of 9).
        var best: UInt32 = .max, band = -1
        if n0 > 9 && n0 < best { best = n0; band = 0 }
        if n1 > 9 && n1 < best { best = n1; band = 1 }
        if n2 > 9 && n2 < best { best = n2; band = 2 }
        if n3 > 9 && n3 < best { best = n3; band = 3 }
        if n4 > 9 && n4 < best { best = n4; band = 4 }
        if n5 > 9 && n5 < best { best = n5; band = 5 }
        if band < 0 { return false }
        var fewest: UInt32 = .max, digit = 0
        d = 0
        while d < 9 {
            let n = configs[6 &* d &+ band] &>> 8
            if n > 1 && n < fewest {
                fewest = n
                digit = d
                if n == 2 { break }
            }
            d &+= 1
        }
        var left = configs[6 &* digit &+ band] & 0x3F
        let child = s + Self.stateWords
        let stackCells = band < 3 ? 0 : t[BitboardTables9.columnCells &+ Int(UInt32(7) &<< UInt32(3 &* (band &- 3)))]
        while left != 0 {
            let k = Int(left.trailingZeroBitCount)
            left &= left &- 1
            // The last configuration is searched in place.
            let target = left == 0 ? s : child
            if left != 0 { child.update(from: s, count: Self.stateWords) }
            let chosen = t[BitboardTables9.permutationMinirows &+ k]
            let base = digit
            if band < 3 {
                target[9 &* band &+ base] &= t[BitboardTables9.minirowCells &+ Int(chosen)]
            } else {
                let shift = UInt32(3 &* (band &- 3))
                target[base] &= ~stackCells | t[BitboardTables9.columnCells &+ Int((chosen & 7) &<< shift)]
                target[base &+ 9] &= ~stackCells | t[BitboardTables9.columnCells &+ Int(((chosen &>> 3) & 7) &<< shift)]
                target[base &+ 18] &= ~stackCells | t[BitboardTables9.columnCells &+ Int((chosen &>> 6) &<< shift)]
            }
            target[Self.dirty] |= 1 &<< UInt32(digit)
            search(target)
            if left == 0 || counters[0] >= counters[1] { return true }
        }
        return true
    }

    private func fewestCandidates(_ s: UnsafeMutablePointer<UInt32>) -> (Int, UInt32) {
        var best = 10
        var result = (0, UInt32(0))
        for b in 0..<3 {
            var cells = s[Self.unsolved + b]
            while cells != 0 {
                let bit = cells & (0 &- cells)
                cells ^= bit
                var n = 0
                for d in 0..<9 where s[9 &* b &+ d] & bit != 0 { n &+= 1 }
                if n < best {
                    best = n
                    result = (b, bit)
                    if n <= 2 { return result }
                }
            }
        }
        return result
    }

    private func record(_ s: UnsafeMutablePointer<UInt32>, into out: UnsafeMutablePointer<UInt8>) {
        for d in 0..<9 {
            for b in 0..<3 {
                var w = s[9 &* b &+ d]
                while w != 0 {
                    let k = Int(w.trailingZeroBitCount)
                    w &= w &- 1
                    out[27 &* b &+ k] = UInt8(d &+ 1)
                }
            }
        }
    }

    // MARK: Propagation

    /// `s[i] &= mask` for word i of digit d, marking the digit dirty when that changes it.
    @inline(__always)
    private func clear(_ s: UnsafeMutablePointer<UInt32>, _ i: Int, _ d: Int, _ mask: UInt32) {
        let old = s[i]
        let new = old & mask
        if new != old {
            s[i] = new
            s[Self.dirty] |= 1 &<< UInt32(d)
        }
    }

    /// Places digit `d` in the cell `bit` of band `b`: removes the cell from every other digit
    /// and d from the cell's row, box and column.
    @inline(__always)
    private func assign(_ s: UnsafeMutablePointer<UInt32>, _ d: Int, _ b: Int, _ bit: UInt32) {
        let t = tables
        s[Self.unsolved &+ b] &= ~bit
        let own = 9 &* b &+ d
        // Read before the stores below rewrite it (no store-to-load stall).
        let before = s[own] | bit
        let k = UInt32(bit.trailingZeroBitCount)
        // The cell leaves every digit's word of the band (its own digit's too, restored below).
        var changed = clearCells(s, b, bit)
        // The digit leaves the cell's peers: row, box and column in the band, column elsewhere.
        let after = (before & ~t[BitboardTables9.bandPeers &+ Int(k)])
        s[own] = after
        changed = (changed & ~(1 &<< UInt32(d))) | (before != after ? 1 &<< UInt32(d) : 0)
        let column = ~t[BitboardTables9.columnSpread &+ Int(k)]
        changed |= keepColumn(s, d, b, column) ? 1 &<< UInt32(d) : 0
        s[Self.dirty] |= changed
    }

    /// `assign` for the hidden singles of a band found by `updateDigit` (`cells`, one or more):
    /// its pruning has already taken the digit out of each cell's peers. A cell is the only one
    /// of its row, so each other row of the band keeps the digit out of the cell's box (one box
    /// per row), which takes the cell's column in the band; the band's columns in that stack are
    /// then the cell's alone, so the other bands have lost that column (one column per band in a
    /// stack). Only the other digits leave the cells; returns those whose words changed.
    @inline(__always)
    private func placeHiddenSingles(_ s: UnsafeMutablePointer<UInt32>, _ d: Int, _ b: Int, _ cells: UInt32) -> UInt32 {
        s[Self.unsolved &+ b] &= ~cells
        let own = s[9 &* b &+ d]
        let changed = clearCells(s, b, cells)
        s[9 &* b &+ d] = own
        return changed & ~(1 &<< UInt32(d))
    }

    /// Takes `cells` out of every digit's word of band `b` (the band's nine words are
    /// consecutive); returns the digits whose word had any of them, as bits.
    @inline(__always)
    private func clearCells(_ s: UnsafeMutablePointer<UInt32>, _ b: Int, _ cells: UInt32) -> UInt32 {
        let row = s + 9 &* b
        var changed: UInt32 = 0
        var e = 0
        while e < 9 {
            let old = row[e]
            row[e] = old & ~cells
            changed |= (old & cells != 0 ? 1 : 0) &<< UInt32(e)
            e &+= 1
        }
        return changed
    }

    /// `assign` for a naked single: no other digit has the cell, so only the digit leaves the
    /// cell's peers. Returns the digit's bit when its words changed.
    @inline(__always)
    private func placeNakedSingle(_ s: UnsafeMutablePointer<UInt32>, _ d: Int, _ b: Int, _ bit: UInt32) -> UInt32 {
        let t = tables
        s[Self.unsolved &+ b] &= ~bit
        let own = 9 &* b &+ d
        let k = Int(bit.trailingZeroBitCount)
        let before = s[own]
        let after = before & ~t[BitboardTables9.bandPeers &+ k]
        s[own] = after
        let column = ~t[BitboardTables9.columnSpread &+ k]
        let columnChanged = keepColumn(s, d, b, column)
        return (before != after || columnChanged) ? 1 &<< UInt32(d) : 0
    }

    /// Masks digit d's words of the two bands other than `b` with `column` (all but the placed
    /// cell's column); true when either word changed.
    @inline(__always)
    private func keepColumn(_ s: UnsafeMutablePointer<UInt32>, _ d: Int, _ b: Int, _ column: UInt32) -> Bool {
        let o1 = b == 0 ? d &+ 9 : d
        let o2 = b == 2 ? d &+ 9 : d &+ 18
        let w1 = s[o1], w2 = s[o2]
        let n1 = w1 & column, n2 = w2 & column
        s[o1] = n1
        s[o2] = n2
        return w1 != n1 || w2 != n2
    }

    /// Keeps the minirows of a band word that belong to a permutation (one per row, one per
    /// box); 0 when there is none.
    @inline(__always)
    private func pruneBand(_ w: UInt32) -> UInt32 {
        let t = tables
        let pattern = t[Int(w & 0x1FF)] | t[Int((w &>> 9) & 0x1FF)] &<< 3 | t[Int(w &>> 18)] &<< 6
        return w & t[BitboardTables9.permutationCells &+ Int(pattern)]
    }

    /// The update of one digit: rows×boxes and columns×boxes patterns until stable, then
    /// hidden singles. Returns the other digits whose words the singles changed, as bits, or
    /// `failed` on a contradiction. The digits to update are kept in a local of `propagate`
    /// rather than in the state: a register, where the state's word was read and written back
    /// at every change (4–5 % of the time on the hard sets).
    @inline(__always)
    private func updateDigit(_ s: UnsafeMutablePointer<UInt32>, _ d: Int) -> UInt32 {
        let t = tables
        let base = d
        var w0 = s[base], w1 = s[base &+ 9], w2 = s[base &+ 18]
        while true {
            w0 = pruneBand(w0)
            w1 = pruneBand(w1)
            w2 = pruneBand(w2)
            if w0 == 0 || w1 == 0 || w2 == 0 { return Self.failed }
            // Columns of each band, three per stack: a permutation per stack too.
            let c0 = (w0 | w0 &>> 9 | w0 &>> 18) & 0x1FF
            let c1 = (w1 | w1 &>> 9 | w1 &>> 18) & 0x1FF
            let c2 = (w2 | w2 &>> 9 | w2 &>> 18) & 0x1FF
            var a0: UInt32 = 0, a1: UInt32 = 0, a2: UInt32 = 0
            var shift: UInt32 = 0
            while shift < 9 {
                let pattern = (c0 &>> shift) & 7 | ((c1 &>> shift) & 7) &<< 3 | ((c2 &>> shift) & 7) &<< 6
                // A stack with no permutation left empties a box of some band: the row
                // pruning of the next round finds that.
                let keep = t[BitboardTables9.permutations &+ Int(pattern)]
                a0 |= (keep & 7) &<< shift
                a1 |= ((keep &>> 3) & 7) &<< shift
                a2 |= (keep &>> 6) &<< shift
                shift &+= 3
            }
            // Nothing removed by columns: the rows' pruning already holds.
            if a0 == c0 && a1 == c1 && a2 == c2 { break }
            w0 &= a0 | a0 &<< 9 | a0 &<< 18
            w1 &= a1 | a1 &<< 9 | a1 &<< 18
            w2 &= a2 | a2 &<< 9 | a2 &<< 18
        }
        s[base] = w0
        s[base &+ 9] = w1
        s[base &+ 18] = w2
        // Hidden singles: a row with one unsolved cell left for the digit (after the pruning
        // above, this also finds every box and column with one cell left). A row where the
        // digit is placed has no unsolved candidate.
        // The three bands' singles are found first, then one test: most updates find none.
        let x0 = w0 & s[Self.unsolved], x1 = w1 & s[Self.unsolved &+ 1], x2 = w2 & s[Self.unsolved &+ 2]
        let single = t + BitboardTables9.singleBit
        let g0 = single[Int(x0 & 0x1FF)] | single[Int((x0 &>> 9) & 0x1FF)] &<< 9 | single[Int(x0 &>> 18)] &<< 18
        let g1 = single[Int(x1 & 0x1FF)] | single[Int((x1 &>> 9) & 0x1FF)] &<< 9 | single[Int(x1 &>> 18)] &<< 18
        let g2 = single[Int(x2 & 0x1FF)] | single[Int((x2 &>> 9) & 0x1FF)] &<< 9 | single[Int(x2 &>> 18)] &<< 18
        if g0 | g1 | g2 == 0 { return 0 }
        var changed: UInt32 = 0
        if g0 != 0 { changed |= placeHiddenSingles(s, d, 0, g0) }
        if g1 != 0 { changed |= placeHiddenSingles(s, d, 1, g1) }
        if g2 != 0 { changed |= placeHiddenSingles(s, d, 2, g2) }
        return changed
    }

    /// Triads: the three cells of a row inside one box (horizontal) or of a column inside one
    /// box (vertical) hold exactly three digits. A digit *may* occupy a triad when it has a
    /// candidate there, and *must* when it has no other place in that row (column). A triad
    /// that must hold three digits loses every other digit; a triad that may hold only three
    /// must hold all of them, so each leaves the rest of its row (column). False on a
    /// contradiction (fewer than three digits possible, or more than three required).
    ///
    /// Bits, per digit: horizontal triads at `9 * band + 3 * row + box` in the low half,
    /// vertical ones at `32 + 9 * band + column`.
    private func triads(_ s: UnsafeMutablePointer<UInt32>) -> Bool {
        let t = tables
        let may = triadScratch, must = triadScratch + 9
        // Bit-sliced counters: at least 1, 2, 3, 4 digits may / must occupy each triad.
        var m1: UInt64 = 0, m2: UInt64 = 0, m3: UInt64 = 0, m4: UInt64 = 0
        var r1: UInt64 = 0, r2: UInt64 = 0, r3: UInt64 = 0, r4: UInt64 = 0
        let cfg = BitboardTables9.configurations
        let configs = configScratch
        let seen = triadWords
        for d in 0..<9 {
            let w0 = s[d], w1 = s[d &+ 9], w2 = s[d &+ 18]
            // A digit whose words have not changed since it was last worked out (about half of
            // them) keeps what was found then.
            if seen[d] == w0 && seen[d &+ 9] == w1 && seen[d &+ 18] == w2 {
                let x = may[d], y = must[d]
                m4 |= m3 & x; m3 |= m2 & x; m2 |= m1 & x; m1 |= x
                r4 |= r3 & y; r3 |= r2 & y; r2 |= r1 & y; r1 |= y
                continue
            }
            seen[d] = w0; seen[d &+ 9] = w1; seen[d &+ 18] = w2
            let h0 = t[Int(w0 & 0x1FF)] | t[Int((w0 &>> 9) & 0x1FF)] &<< 3 | t[Int(w0 &>> 18)] &<< 6
            let h1 = t[Int(w1 & 0x1FF)] | t[Int((w1 &>> 9) & 0x1FF)] &<< 3 | t[Int(w1 &>> 18)] &<< 6
            let h2 = t[Int(w2 & 0x1FF)] | t[Int((w2 &>> 9) & 0x1FF)] &<< 3 | t[Int(w2 &>> 18)] &<< 6
            let v0 = (w0 | w0 &>> 9 | w0 &>> 18) & 0x1FF
            let v1 = (w1 | w1 &>> 9 | w1 &>> 18) & 0x1FF
            let v2 = (w2 | w2 &>> 9 | w2 &>> 18) & 0x1FF
            // The same patterns give the digit's configurations in each band and stack, kept
            // for `branchOnConfiguration` (valid when this pass changes nothing).
            let row = configs + 6 &* d
            row[0] = t[cfg &+ Int(h0)]
            row[1] = t[cfg &+ Int(h1)]
            row[2] = t[cfg &+ Int(h2)]
            row[3] = t[cfg &+ Int(v0 & 7 | (v1 & 7) &<< 3 | (v2 & 7) &<< 6)]
            row[4] = t[cfg &+ Int((v0 &>> 3) & 7 | ((v1 &>> 3) & 7) &<< 3 | ((v2 &>> 3) & 7) &<< 6)]
            row[5] = t[cfg &+ Int(v0 &>> 6 | (v1 &>> 6) &<< 3 | (v2 &>> 6) &<< 6)]
            let h = UInt64(h0 | h1 &<< 9 | h2 &<< 18)
            let vm = UInt64(v0 | v1 &<< 9 | v2 &<< 18)
            // A row's only box (its group of three bits has one bit set).
            let lo = h & 0x249_2492_49, mid = (h &>> 1) & 0x249_2492_49, hi = (h &>> 2) & 0x249_2492_49
            let hMust = (lo & ~mid & ~hi) | (mid & ~lo & ~hi) &<< 1 | (hi & ~lo & ~mid) &<< 2
            // A column's only band.
            let vMust = UInt64(v0 & ~(v1 | v2) | (v1 & ~(v0 | v2)) &<< 9 | (v2 & ~(v0 | v1)) &<< 18)
            let x = h | vm &<< 32
            let y = hMust | vMust &<< 32
            may[d] = x
            must[d] = y
            m4 |= m3 & x; m3 |= m2 & x; m2 |= m1 & x; m1 |= x
            r4 |= r3 & y; r3 |= r2 & y; r2 |= r1 & y; r1 |= y
        }
        let all: UInt64 = 0x7FF_FFFF | 0x7FF_FFFF &<< 32
        if all & ~m3 != 0 || r4 != 0 { return false }
        // Triads with three required digits and more possible; triads with three possible
        // digits not all required yet.
        let full = r3 & m4
        let open = m3 & ~m4 & ~r3
        if full | open == 0 { return true }
        for d in 0..<9 {
            let x = may[d], y = must[d]
            let drop = full & x & ~y
            let force = open & x & ~y
            if drop | force == 0 { continue }
            var band = 0
            while band < 3 {
                let shift = UInt64(9 &* band)
                let hDrop = UInt32(truncatingIfNeeded: drop &>> shift) & 0x1FF
                let vDrop = UInt32(truncatingIfNeeded: drop &>> (32 &+ shift)) & 0x1FF
                // A forced horizontal triad: the digit leaves the other boxes of its row.
                let hForce = UInt32(truncatingIfNeeded: force &>> shift) & 0x1FF
                let rows = (hForce | hForce &>> 1 | hForce &>> 2) & 0x49
                let hOthers = (rows &* 7) & ~hForce
                let mask = t[BitboardTables9.minirowCells &+ Int(hDrop | hOthers)]
                    | t[BitboardTables9.columnCells &+ Int(vDrop)]
                // A forced vertical triad: the digit leaves its column in the other bands.
                let vForce = UInt32(truncatingIfNeeded: force &>> (32 &+ shift)) & 0x1FF
                if vForce != 0 {
                    let cells = t[BitboardTables9.columnCells &+ Int(vForce)]
                    for other in 0..<3 where other != band { clear(s, 9 &* other &+ d, d, ~cells) }
                }
                if mask != 0 { clear(s, 9 &* band &+ d, d, ~mask) }
                band &+= 1
            }
        }
        return true
    }

    @inline(__always)
    private func propagate(_ s: UnsafeMutablePointer<UInt32>) -> Bool {
        let u = s + Self.unsolved
        let pairs = self.pairs
        var dirty = s[Self.dirty]
        s[Self.dirty] = 0
        while true {
            while dirty != 0 {
                let d = Int(dirty.trailingZeroBitCount)
                dirty &= dirty &- 1
                let changed = updateDigit(s, d)
                if changed == Self.failed { return false }
                dirty |= changed
            }
            // Naked singles, and cells with no candidate left; the cells with two candidates
            // are kept for the branch, should it come to that.
            var placed = false
            for b in 0..<3 {
                let w = s + 9 &* b
                let w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4], w5 = w[5], w6 = w[6], w7 = w[7], w8 = w[8]
                var one = w0, two: UInt32 = 0, three: UInt32 = 0
                three |= two & w1; two |= one & w1; one |= w1
                three |= two & w2; two |= one & w2; one |= w2
                three |= two & w3; two |= one & w3; one |= w3
                three |= two & w4; two |= one & w4; one |= w4
                three |= two & w5; two |= one & w5; one |= w5
                three |= two & w6; two |= one & w6; one |= w6
                three |= two & w7; two |= one & w7; one |= w7
                three |= two & w8; two |= one & w8; one |= w8
                if u[b] & ~one != 0 { return false }
                pairs[b] = two & ~three & u[b]
                var singles = u[b] & ~two
                if singles == 0 { continue }
                // A single's digit, read from the bits of the digits' indices (no search).
                let i0 = w1 | w3 | w5 | w7, i1 = w2 | w3 | w6 | w7, i2 = w4 | w5 | w6 | w7, i3 = w8
                while singles != 0 {
                    let k = UInt32(singles.trailingZeroBitCount)
                    singles &= singles &- 1
                    let digit = Int((i0 &>> k) & 1 | ((i1 &>> k) & 1) &<< 1 | ((i2 &>> k) & 1) &<< 2 | ((i3 &>> k) & 1) &<< 3)
                    // An earlier single of this pass may have taken the digit (the same digit
                    // alone in two cells of a row, box or column): a contradiction.
                    if w[digit] & (1 &<< k) == 0 { return false }
                    dirty |= placeNakedSingle(s, digit, b, 1 &<< k)
                    placed = true
                }
            }
            if placed { continue }
            // Solved: no triad left to reason about.
            if u[0] | u[1] | u[2] == 0 { return true }
            if !triads(s) { return false }
            dirty = s[Self.dirty]
            if dirty == 0 { return true }
            s[Self.dirty] = 0
        }
    }
}

/// The solver's lookup tables, built once and shared (read-only) by every solver instance.
struct BitboardTables9: @unchecked Sendable {
    /// Offsets of each table in `base`. The first 512 words map a 9-bit row of a band to the
    /// 3-bit set of its boxes that are non-empty.
    static let permutations = 512
    static let minirowCells = 1024
    static let columnCells = 1536
    static let singleBit = 2048
    static let bandPeers = 2560
    static let columnSpread = 2560 + 27
    /// A 9-bit minirow pattern → the 6-bit set of permutations (one minirow per row and per
    /// box) it contains, with its size from bit 8; then the nine minirows of each of the six permutations.
    static let configurations = 2560 + 54
    static let permutationMinirows = 2560 + 54 + 512
    /// A minirow pattern → the cells of the minirows that belong to a permutation (the two
    /// tables above in one step: one memory access less on the hottest path).
    static let permutationCells = 2560 + 54 + 512 + 6
    static let words = 2560 + 54 + 512 + 6 + 512

    let base: UnsafePointer<UInt32>

    static let shared = BitboardTables9()

    private init() {
        let t = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.words)
        for segment in 0..<512 {
            var boxes: UInt32 = 0
            for j in 0..<3 where (segment >> (3 * j)) & 7 != 0 { boxes |= 1 << j }
            t[segment] = boxes
        }
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for pattern in 0..<512 {
            var union: UInt32 = 0
            for order in orders {
                let mask = UInt32((1 << order[0]) | (1 << (3 + order[1])) | (1 << (6 + order[2])))
                if UInt32(pattern) & mask == mask { union |= mask }
            }
            t[Self.permutations + pattern] = union
            var contained: UInt32 = 0
            for (k, order) in orders.enumerated() {
                let mask = (1 << order[0]) | (1 << (3 + order[1])) | (1 << (6 + order[2]))
                if pattern & mask == mask { contained |= 1 << UInt32(k) }
            }
            t[Self.configurations + pattern] = contained | UInt32(contained.nonzeroBitCount) << 8
            var cells: UInt32 = 0
            for minirow in 0..<9 where (pattern >> minirow) & 1 != 0 {
                cells |= 7 << UInt32(9 * (minirow / 3) + 3 * (minirow % 3))
            }
            t[Self.minirowCells + pattern] = cells
            var kept: UInt32 = 0
            for minirow in 0..<9 where (union >> UInt32(minirow)) & 1 != 0 {
                kept |= 7 << UInt32(9 * (minirow / 3) + 3 * (minirow % 3))
            }
            t[Self.permutationCells + pattern] = kept
            // A set of columns → their cells in a band.
            let columns = UInt32(pattern)
            t[Self.columnCells + pattern] = columns | columns << 9 | columns << 18
            // A row segment with exactly one cell → that cell.
            t[Self.singleBit + pattern] = pattern != 0 && pattern & (pattern - 1) == 0 ? UInt32(pattern) : 0
        }
        for (k, order) in orders.enumerated() {
            t[Self.permutationMinirows + k] = UInt32((1 << order[0]) | (1 << (3 + order[1])) | (1 << (6 + order[2])))
        }
        for k in 0..<27 {
            let (r, c) = (k / 9, k % 9)
            var peers: UInt32 = 0
            for k2 in 0..<27 where k2 != k {
                let (r2, c2) = (k2 / 9, k2 % 9)
                if r2 == r || c2 == c || c2 / 3 == c / 3 { peers |= 1 << UInt32(k2) }
            }
            t[Self.bandPeers + k] = peers
            t[Self.columnSpread + k] = UInt32((1 << c) | (1 << (c + 9)) | (1 << (c + 18)))
        }
        base = UnsafePointer(t)
    }
}
