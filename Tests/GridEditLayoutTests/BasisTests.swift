@testable import GridEditLayout
import GridEditCore
import Testing

/// The contact search's independence test (`Basis` in `LayoutSnapper+Rigid.swift`): which sets of
/// equations it solves depends on nothing else.
@Suite("Basis: rows added one at a time, dependent ones refused")
struct BasisTests {
    @Test("add refuses exactly the rows in the span of those held, through 20,000 adds and take-offs on random contact rows")
    func agreesWithExactRank() {
        var random = SplitMix64(seed: 11)
        var accepted = 0, refused = 0
        for trial in 0..<400 {
            let n = 2 * (1 + trial % 6)
            let table = (0..<(n + Int(random.next() % UInt64(3 * n + 1)))).map { _ in IntegerMatrixTests.contactRow(&random, size: n) }
            let basis = Basis(rows: table.map { $0.map(Double.init) }, columns: n)
            var held: [Int] = []
            for step in 0..<50 {
                // Mostly adds; now and then the last row off, or all of them (as the search backs up).
                let choice = random.next() % 10
                if choice == 0, !held.isEmpty {
                    basis.removeLast()
                    held.removeLast()
                } else if choice == 1 {
                    basis.removeAll()
                    held.removeAll()
                } else {
                    let i = Int(random.next() % UInt64(table.count))
                    let independent = Self.rank(held.map { table[$0] } + [table[i]]) > held.count
                    let added = basis.add(i)
                    #expect(added == independent, "trial \(trial), step \(step): row \(table[i]) after \(held.map { table[$0] })")
                    if added { held.append(i); accepted += 1 } else { refused += 1 }
                }
                #expect(basis.count == held.count)
            }
        }
        #expect(accepted > 2000 && refused > 2000, "accepted \(accepted), refused \(refused)")
    }

    @Test("a row and its negative: the second refused; taken off, it can be added again")
    func negativeIsDependent() {
        let basis = Basis(rows: [[1, 1, 0, 0], [-1, -1, 0, 0], [0, 0, 1, -1]], columns: 4)
        #expect(basis.add(0))
        #expect(!basis.add(1))
        #expect(basis.add(2))
        basis.removeLast()
        basis.removeLast()
        #expect(basis.add(1))
        #expect(!basis.add(0))
    }

    /// The rank of integer rows, exactly: elimination over the integers, each row divided by the
    /// gcd of its entries after every step so that nothing grows.
    static func rank(_ rows: [[Int]]) -> Int {
        var a = rows
        var rank = 0
        guard let width = a.first?.count else { return 0 }
        for column in 0..<width {
            guard let p = (rank..<a.count).first(where: { a[$0][column] != 0 }) else { continue }
            a.swapAt(p, rank)
            for i in (rank + 1)..<a.count where a[i][column] != 0 {
                let (f, g) = (a[i][column], a[rank][column])
                a[i] = (0..<width).map { g * a[i][$0] - f * a[rank][$0] }
                let d = a[i].reduce(0) { gcd($0, abs($1)) }
                if d > 1 { a[i] = a[i].map { $0 / d } }
            }
            rank += 1
        }
        return rank
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
