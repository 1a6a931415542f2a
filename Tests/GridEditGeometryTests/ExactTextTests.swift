import Testing
@testable import GridEditGeometry
import GridEditCore

@Suite struct ExactTextTests {
    @Test(arguments: [
        (0, 0, "0"), (5, 0, "1.25"), (-2, 0, "-0.5"), (3, 0, "0.75"), (-1, 0, "-0.25"),
        (40, 0, "10"), (0, 4, "√2"), (0, -4, "-√2"), (0, 2, "0.5√2"), (4, 2, "1+0.5√2"),
        (8, -4, "2-√2"), (-1, -3, "-0.25-0.75√2"), (0, 9, "2.25√2"), (-4, 8, "-1+2√2"),
    ])
    func canonicalText(quarters: Int, sqrt2Quarters: Int, text: String) {
        let value = Exact(quarters: quarters, sqrt2Quarters: sqrt2Quarters)
        #expect(value.description == text)
        #expect(Exact(parsing: text) == value)
    }

    @Test func textRoundTripsForRandomValues() {
        var rng = SplitMix64(seed: 20)
        for _ in 0..<1000 {
            let value = rng.exact(4096)
            let text = value.description
            #expect(Exact(parsing: text) == value, "\(text)")
            #expect(!text.contains(" "))
            // Shortest decimals: every fractional part is one of .25, .5, .75.
            let fractions = text.split(separator: ".").dropFirst().map { $0.prefix { $0.isNumber } }
            #expect(fractions.allSatisfy { ["25", "5", "75"].contains($0) }, "\(text)")
        }
    }

    @Test(arguments: [
        ("1 + 0.5√2", 4, 2), ("1+0.5sqrt2", 4, 2), ("2 - sqrt2", 8, -4), ("+1.25", 5, 0),
        ("+√2", 0, 4), ("2.50", 10, 0), ("0.250", 1, 0), ("007", 28, 0), ("-0", 0, 0),
        ("sqrt2", 0, 4), ("-0.25 -0.75√2", -1, -3), ("1024", 4096, 0), ("1024√2", 0, 4096),
        ("0+√2", 0, 4), ("3  +  2√2", 12, 8), (" 1", 4, 0), ("1 ", 4, 0), ("- 1", -4, 0),
        ("1 √2", 0, 4), ("1 + 0.5 sqrt2", 4, 2),
    ])
    func lenientTextForms(text: String, quarters: Int, sqrt2Quarters: Int) {
        #expect(Exact(parsing: text) == Exact(quarters: quarters, sqrt2Quarters: sqrt2Quarters))
    }

    @Test(arguments: [
        "", " ", "0.1", "1.3", "0.125", "abc", "1+", "+", "-", "√", "√3", "sqrt", "1+2",
        "√2+1", "1+√2+1", "1+-√2", "--1", ".5", "1.", "1,5", "1e0",
        "0x10", "1025", "2000√2", "√2√2", "1 2", "1.5.5", "½", "١", "1+0.1√2",
        "√2+√2", "√2-0.5√2", "1+√2√2",
    ])
    func rejectedText(text: String) {
        #expect(Exact(parsing: text) == nil)
    }

    @Test(arguments: [
        ("1.25", 5), ("-3", -12), ("2.50", 10), ("1e0", 4), ("25e-2", 1), ("0", 0), ("-0", 0),
        ("0.75", 3), ("1024", 4096), ("-1024", -4096), ("1.024E3", 4096), ("0.0025e2", 1),
        ("0e99999999999999999999", 0), ("2E+1", 80), ("100000e-5", 4), ("1.000000", 4),
        ("-0.0", 0),
    ])
    func decimalLiterals(text: String, quarters: Int) {
        #expect(Exact(decimalLiteral: text) == Exact(quarters: quarters))
    }

    @Test(arguments: [
        "", "0.1", "1.3", "0.125", "1025", "1024.25", "-1024.25", "1e4", "01", "-01", "+1",
        ".5", "1.", "1e", "1e+", "--1", "1 ", " 1", "√2", "NaN", "Infinity", "0x1",
        "1e-99999999999999999999", "5e99999999999999999999", "12.5e-3", "1.5e-1",
    ])
    func rejectedDecimalLiterals(text: String) {
        #expect(Exact(decimalLiteral: text) == nil)
    }

    @Test func decimalLiteralsAgreeWithTextForm() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<500 {
            let value = Exact(quarters: rng.int(-4096...4096))
            #expect(Exact(decimalLiteral: value.description) == value, "\(value)")
        }
    }

    @Test func approximatingFindsTheExactValue() {
        var rng = SplitMix64(seed: 22)
        var checked = 0
        while checked < 500 {
            let value = Exact(quarters: rng.int(-4000...4000), sqrt2Quarters: rng.int(-64...64))
            guard abs(value.doubleValue) <= 1024 else { continue }
            let noise = Double(rng.int(-900...900)) * 1e-9
            #expect(Exact(approximating: value.doubleValue + noise) == value, "\(value)")
            checked += 1
        }
    }

    /// Vector-tool precision (four decimals): every value with |b| ≤ 16 on and around the board
    /// comes back from within 0.001, never another; values with larger √2 parts are not guessed.
    @Test func approximatingVectorToolPrecision() {
        var rng = SplitMix64(seed: 23)
        var checked = 0
        while checked < 2_000 {
            let value = Exact(quarters: rng.int(-80...80), sqrt2Quarters: rng.int(-16...16))
            guard abs(value.doubleValue) <= 16 else { continue }
            let noise = Double(rng.int(-999...999)) * 1e-6
            #expect(Exact(approximatingVectorTool: value.doubleValue + noise) == value, "\(value) + \(noise)")
            checked += 1
        }
        #expect(Exact(approximatingVectorTool: 2.8284) == Exact(quarters: 0, sqrt2Quarters: 8))
        #expect(Exact(approximatingVectorTool: 0.3333) == nil)
        #expect(Exact(approximatingVectorTool: 2.1) == nil)
    }

    @Test func approximatingRefusesWhatItCannotRepresent() {
        #expect(Exact(approximating: 0.1) == nil)
        #expect(Exact(approximating: 1.25 + 1e-5) == nil)
        #expect(Exact(approximating: 1024.25) == nil)
        #expect(Exact(approximating: .nan) == nil)
        #expect(Exact(approximating: .infinity) == nil)
        // 65√2/4 is exact in the ring but outside the |b| ≤ 64 search.
        #expect(Exact(approximating: 65 * 2.0.squareRoot() / 4) == nil)
        #expect(Exact(approximating: 2.0.squareRoot() / 2) == Exact(quarters: 0, sqrt2Quarters: 2))
        #expect(Exact(approximating: -1024) == Exact(-1024))
        // With a loose tolerance, 0 and (41 − 29√2)/4 ≈ −0.003 both fit: refuse to guess.
        #expect(Exact(approximating: 0, tolerance: 0.01) == nil)
        #expect(Exact(approximating: 0, tolerance: 1e-3) == .zero)
    }
}
