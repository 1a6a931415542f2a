import Testing
@testable import GridEditGeometry
import GridEditCore

@Suite struct ExactTests {
    @Test func initialisersAgree() {
        #expect(Exact(3) == Exact(quarters: 12))
        #expect(Exact(quarters: 5, sqrt2Quarters: 0) == Exact(quarters: 5))
        #expect(Exact(numerator: ZSqrt2(1, 2)) == Exact(quarters: 1, sqrt2Quarters: 2))
        #expect(Exact.one == Exact(numerator: ZSqrt2(4)) && Exact.zero.numerator == .zero)
        #expect(Exact.denominator == 4)
    }

    @Test func arithmeticMatchesNumerators() {
        var rng = SplitMix64(seed: 10)
        for _ in 0..<300 {
            let (x, y) = (rng.exact(4096), rng.exact(4096))
            let k = rng.int(-20...20)
            #expect((x + y).numerator == x.numerator + y.numerator)
            #expect((x - y) + y == x)
            #expect(-(-x) == x && x + (-x) == .zero)
            #expect(x.times(k).numerator == x.numerator * ZSqrt2(k))
            #expect(x.times(2) == x + x)
            #expect(abs((x + y).doubleValue - (x.doubleValue + y.doubleValue)) < 1e-9)
        }
    }

    @Test func orderAgreesWithNumerators() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let (x, y) = (rng.exact(200), rng.exact(200))
            #expect((x < y) == (x.numerator < y.numerator))
            #expect(x.signum == x.numerator.signum)
            #expect((x < y) == ((y - x).signum == 1))
        }
        // 577/4 < 408√2/4 is false: 577 > 408√2.
        #expect(Exact(quarters: 577) > Exact(quarters: 0, sqrt2Quarters: 408))
        #expect(Exact(quarters: 7) < Exact(quarters: 0, sqrt2Quarters: 5))
    }

    @Test func timesSqrt2Over2() {
        // 1 · √2/2 = 2√2/4
        #expect(Exact.one.timesSqrt2Over2() == Exact(quarters: 0, sqrt2Quarters: 2))
        // √2/2 · √2/2 = 1/2
        #expect(Exact(quarters: 0, sqrt2Quarters: 2).timesSqrt2Over2() == Exact(quarters: 2))
        // 0.25 · √2/2 = √2/8 needs eighths.
        #expect(Exact(quarters: 1).timesSqrt2Over2() == nil)
        #expect(Exact(quarters: 3, sqrt2Quarters: 8).timesSqrt2Over2() == nil)

        var rng = SplitMix64(seed: 12)
        for _ in 0..<300 {
            let x = rng.exact(1000)
            let result = x.timesSqrt2Over2()
            #expect((result == nil) == (x.numerator.a % 2 != 0))
            if let result {
                #expect(abs(result.doubleValue - x.doubleValue * 2.0.squareRoot() / 2) < 1e-9)
                // Applying it twice halves the value.
                if let twice = result.timesSqrt2Over2() { #expect(twice.times(2) == x) }
            }
        }
    }

    @Test func quarterGrid() {
        #expect(Exact(quarters: 7).isOnQuarterGrid)
        #expect(!Exact(quarters: 0, sqrt2Quarters: 1).isOnQuarterGrid)
        #expect(!Exact(quarters: 4, sqrt2Quarters: -4).isOnQuarterGrid)
    }

    @Test func doubleValueForDisplay() {
        #expect(Exact(quarters: 5).doubleValue == 1.25)
        #expect(abs(Exact(quarters: 4, sqrt2Quarters: 2).doubleValue - (1 + 2.0.squareRoot() / 2)) < 1e-12)
    }
}
