@testable import GridEditLayout
import GridEditCore
import Testing

/// The exact solver under the contact search (`LayoutSnapper+Rigid.swift`): the search's
/// answers are only as right as these.
@Suite("IntegerMatrix: exact solutions of small integer systems")
struct IntegerMatrixTests {
    /// Rows like the contact search's: a corner of one cluster on the line of another's edge,
    /// one of four normals (1,0), (0,1), (1,1), (1,−1) per cluster, up to 12 unknowns.
    static func contactRow(_ random: inout SplitMix64, size n: Int) -> [Int] {
        let normals = [(1, 0), (0, 1), (1, 1), (1, -1)]
        var row = [Int](repeating: 0, count: n)
        let (nx, ny) = normals[Int(random.next() % 4)]
        let a = Int(random.next() % UInt64(n / 2 + 1)) - 1   // −1: the first cluster, not an unknown
        var b = Int(random.next() % UInt64(n / 2 + 1)) - 1
        if b == a { b = a == -1 ? 0 : -1 }
        if a >= 0 { row[2 * a] += nx; row[2 * a + 1] += ny }
        if b >= 0 { row[2 * b] -= nx; row[2 * b + 1] -= ny }
        return row
    }

    @Test("det · M⁻¹ · v exactly, for every right-hand side, on 3,000 random contact systems; singular ones refused")
    func solvesExactly() {
        var random = SplitMix64(seed: 42)
        var solved = 0, singular = 0
        for trial in 0..<3000 {
            let n = 2 * (1 + trial % 6)
            let rows = (0..<n).map { _ in Self.contactRow(&random, size: n) }
            let m = rows.flatMap { $0 }
            let rhs = (0..<2).map { _ in (0..<n).map { _ in Int(random.next() % 8193) - 4096 } }
            guard let (scaled, determinant) = IntegerMatrix.solve(m, size: n, rightHandSides: rhs) else {
                // Refused: the rows must be dependent (the determinant, by exact expansion, is 0).
                #expect(Self.determinant(rows) == 0, "trial \(trial): refused a nonsingular matrix")
                singular += 1
                continue
            }
            solved += 1
            #expect(determinant == Self.determinant(rows), "trial \(trial): determinant")
            for (c, v) in rhs.enumerated() {
                for i in 0..<n {
                    let product = (0..<n).reduce(0) { $0 + rows[i][$1] * scaled[c][$1] }
                    #expect(product == determinant * v[i], "trial \(trial): row \(i) of right-hand side \(c)")
                }
            }
        }
        // Both branches must be exercised for the test to mean anything.
        #expect(solved > 300 && singular > 300, "solved \(solved), singular \(singular)")
    }

    @Test("integerSolution is M⁻¹ · v whenever that is integral and nil otherwise, on 3,000 random contact systems")
    func integerSolutionAgreesWithTheExactSolver() {
        var random = SplitMix64(seed: 7)
        var integral = 0, fractional = 0, singular = 0
        for trial in 0..<3000 {
            let n = 2 * (1 + trial % 6)
            let rows = (0..<n).map { _ in Self.contactRow(&random, size: n) }
            let m = rows.flatMap { $0 }
            // Half the trials: v = M · x for an integer x (the contact search's case); the rest arbitrary.
            let rhs: [[Int]] = (0..<2).map { _ in
                if trial % 2 == 0 {
                    let x = (0..<n).map { _ in Int(random.next() % 2001) - 1000 }
                    return (0..<n).map { i in (0..<n).reduce(0) { $0 + rows[i][$1] * x[$1] } }
                }
                return (0..<n).map { _ in Int(random.next() % 8193) - 4096 }
            }
            let answer = IntegerMatrix.integerSolution(m, size: n, rightHandSides: rhs)
            guard let (scaled, determinant) = IntegerMatrix.solve(m, size: n, rightHandSides: rhs) else {
                #expect(answer == nil, "trial \(trial): a singular matrix solved")
                singular += 1
                continue
            }
            let exact = scaled.allSatisfy { $0.allSatisfy { $0 % determinant == 0 } } ? scaled.map { $0.map { $0 / determinant } } : nil
            #expect(answer == exact, "trial \(trial)")
            if exact == nil { fractional += 1 } else { integral += 1 }
        }
        // Most contact matrices have determinant ±1 (every solution integral): 78 of these are not.
        #expect(integral > 300 && fractional > 50 && singular > 300, "integral \(integral), fractional \(fractional), singular \(singular)")
    }

    @Test("a system whose solution is not integral: nil (x = y = 1/2)")
    func halfIsRefused() {
        #expect(IntegerMatrix.integerSolution([1, 1, 1, -1], size: 2, rightHandSides: [[1, 0]]) == nil)
        #expect(IntegerMatrix.integerSolution([1, 1, 1, -1], size: 2, rightHandSides: [[2, 0], [3, -1]]) == [[1, 1], [1, 2]])
    }

    /// The determinant by floating-point elimination with partial pivoting, rounded: a different
    /// road from the solver's, exact here because the entries are small (|det| ≤ 2¹²).
    static func determinant(_ rows: [[Int]]) -> Int {
        var a = rows.map { $0.map(Double.init) }
        let n = a.count
        var det = 1.0
        for k in 0..<n {
            let p = (k..<n).max { abs(a[$0][k]) < abs(a[$1][k]) }!
            guard abs(a[p][k]) > 1e-9 else { return 0 }
            if p != k { a.swapAt(p, k); det = -det }
            det *= a[k][k]
            for i in (k + 1)..<n {
                let f = a[i][k] / a[k][k]
                for j in k..<n { a[i][j] -= f * a[k][j] }
            }
        }
        return Int(det.rounded())
    }
}
