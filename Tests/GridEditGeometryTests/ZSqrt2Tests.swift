import Testing
@testable import GridEditGeometry
import GridEditCore

@Suite struct ZSqrt2Tests {
    @Test func multiplicationFollowsTheFormula() {
        #expect(ZSqrt2(1, 1) * ZSqrt2(1, -1) == ZSqrt2(-1))      // (1+√2)(1−√2) = −1
        #expect(ZSqrt2(3, 2) * ZSqrt2(3, -2) == ZSqrt2(1))       // a unit of the ring
        #expect(ZSqrt2.sqrt2 * ZSqrt2.sqrt2 == ZSqrt2(2))
        #expect(ZSqrt2(2, 3) * ZSqrt2(5, 7) == ZSqrt2(2 * 5 + 2 * 3 * 7, 2 * 7 + 3 * 5))
    }

    @Test func ringLaws() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<500 {
            let (x, y, z) = (rng.zsqrt2(1000), rng.zsqrt2(1000), rng.zsqrt2(1000))
            #expect((x + y) + z == x + (y + z))
            #expect((x * y) * z == x * (y * z))
            #expect(x + y == y + x)
            #expect(x * y == y * x)
            #expect(x * (y + z) == x * y + x * z)
            #expect(x + .zero == x && x * .one == x && x * .zero == .zero)
            #expect(x + (-x) == .zero && x - y == x + (-y))
        }
    }

    /// Values very close to zero, from the convergents of √2: Double gets these right only
    /// barely (577 − 408√2 ≈ 0.0012 comes from cancelling two numbers near 577).
    @Test func signOfNearZeroValues() {
        #expect(ZSqrt2(3, -2).signum == 1)
        #expect(ZSqrt2(7, -5).signum == -1)
        #expect(ZSqrt2(99, -70).signum == 1)
        #expect(ZSqrt2(577, -408).signum == 1)
        #expect(ZSqrt2(-577, 408).signum == -1)
        #expect(ZSqrt2(-1393, 985).signum == 1)          // 985√2 ≈ 1393.0004
        #expect(ZSqrt2(665_857, -470_832).signum == 1)   // ≈ 7.5e-7
        #expect(ZSqrt2(-665_857, 470_832).signum == -1)
        #expect(ZSqrt2.zero.signum == 0)
        #expect(ZSqrt2(0, -1).signum == -1 && ZSqrt2(-1).signum == -1 && ZSqrt2(0, 1).signum == 1)
    }

    /// signum must be exact beyond the range where squaring fits in 64 bits.
    @Test func signOfHugeValues() {
        let big = 3_037_000_499  // big² is just below 2^63; 2·big² is not
        #expect(ZSqrt2(big * 2, -big).signum == 1)        // 2 > √2
        #expect(ZSqrt2(big, -big).signum == -1)           // 1 < √2
        #expect(ZSqrt2(Int.max, -(Int.max / 2)).signum == 1)
        #expect(ZSqrt2(-Int.max, Int.max / 2 + Int.max / 4).signum == 1)  // 0.75·√2 > 1
    }

    /// The hardest cases there are: solutions of Pell's equations a² − 2b² = ±1, for which
    /// |a − b√2| = 1/(a + b√2) gets as small as 1e-19 before a overflows. Double cannot
    /// tell these from zero at all.
    @Test func signOfPellSolutionsUpToIntMax() {
        // (a, b) with a² − 2b² = +1 (so a > b√2) and with −1 (so a < b√2).
        for (start, expected) in [((3, 2), 1), ((1, 1), -1)] {
            var (a, b) = start
            var count = 0
            while true {
                #expect(ZSqrt2(a, -b).signum == expected, "\(a) - \(b)√2")
                #expect(ZSqrt2(-a, b).signum == -expected)
                #expect((ZSqrt2(a, -b) < .zero) == (expected < 0))
                count += 1
                // Next solution: (a, b) → (3a + 4b, 2a + 3b), stopping before Int overflows.
                let (threeA, o1) = a.multipliedReportingOverflow(by: 3)
                let (fourB, o2) = b.multipliedReportingOverflow(by: 4)
                let (nextA, o3) = threeA.addingReportingOverflow(fourB)
                guard !(o1 || o2 || o3) else { break }
                (a, b) = (nextA, 2 * a + 3 * b)
            }
            #expect(count >= 24)
        }
    }

    /// An independent oracle: √2 lies strictly between two convergents L < √2 < U, so
    /// a + b·[L, U] brackets the value with integer arithmetic only. When the bracket
    /// excludes zero it decides the sign without ever squaring.
    @Test func signumAgreesWithRationalBrackets() {
        let (lowerP, lowerQ) = (275_807, 195_025)    // < √2
        let (upperP, upperQ) = (665_857, 470_832)    // > √2
        var rng = SplitMix64(seed: 2)
        var decided = 0
        for round in 0..<2000 {
            let b = rng.int(-5000...5000)
            // Half of the cases sit right next to zero: a ≈ −b√2.
            let a = round.isMultiple(of: 2)
                ? rng.int(-10000...10000)
                : -Int((Double(b) * 2.0.squareRoot()).rounded()) + rng.int(-1...1)
            // Low and high ends of a + b√2, scaled by the positive denominator.
            let low = b >= 0 ? a * lowerQ + b * lowerP : a * upperQ + b * upperP
            let high = b >= 0 ? a * upperQ + b * upperP : a * lowerQ + b * lowerP
            let value = ZSqrt2(a, b)
            if low > 0 { #expect(value.signum == 1, "\(value)"); decided += 1 }
            else if high < 0 { #expect(value.signum == -1, "\(value)"); decided += 1 }
            else if a == 0 && b == 0 { #expect(value.signum == 0) }
        }
        #expect(decided > 1900)  // the bracket is tight enough to decide almost all cases
    }

    @Test func signumAgreesWithDoubleAwayFromZero() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<1000 {
            let value = rng.zsqrt2(100_000)
            let approximation = value.doubleValue
            guard abs(approximation) > 1e-3 else { continue }
            #expect(value.signum == (approximation > 0 ? 1 : -1), "\(value)")
        }
    }

    @Test func signumIsMultiplicativeAndOdd() {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<1000 {
            let b = rng.int(-3000...3000)
            // Mix in near-zero factors, where a wrong sign would be most likely.
            let x = ZSqrt2(-Int((Double(b) * 2.0.squareRoot()).rounded()) + rng.int(-2...2), b)
            let y = rng.zsqrt2(3000)
            #expect((x * y).signum == x.signum * y.signum)
            #expect((-x).signum == -x.signum)
            #expect((x.signum == 0) == (x == .zero))
        }
    }

    @Test func orderIsTotalAndTranslationInvariant() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let (x, y, z) = (rng.zsqrt2(50), rng.zsqrt2(50), rng.zsqrt2(50))
            #expect([x < y, x == y, y < x].filter { $0 }.count == 1)
            #expect((x < y) == (x + z < y + z))
            if x < y && y < z { #expect(x < z) }
            // Multiplying by a positive unit (1+√2) keeps the order.
            #expect((x < y) == (x * ZSqrt2(1, 1) < y * ZSqrt2(1, 1)))
        }
    }

    @Test func descriptionAndDouble() {
        #expect(ZSqrt2(3, -2).description == "3-2√2")
        #expect(ZSqrt2(0, 1).description == "√2")
        #expect(ZSqrt2(0, -2).description == "-2√2")
        #expect(ZSqrt2(-5).description == "-5")
        #expect(ZSqrt2(-1, 1).description == "-1+√2")
        #expect(ZSqrt2.zero.description == "0")
        #expect(abs(ZSqrt2(1, 1).doubleValue - 2.414_213_562_373_095) < 1e-12)
    }
}
