import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("Snapping to the 0.25 grid and to 45° steps")
struct SnappingTests {
    @Test("nearestQuarter is within half a quarter of the value, decided exactly", arguments: 0..<8)
    func nearestQuarterIsNearest(seed: Int) {
        var noise = Noise(state: UInt64(seed) &* 7919)
        for _ in 0..<500 {
            let value = Exact(quarters: noise.int(in: -2000...2000), sqrt2Quarters: noise.int(in: -1400...1400))
            let rounded = value.nearestQuarter
            #expect(rounded.isOnQuarterGrid)
            // |value − rounded| ≤ 1/8 ⟺ −1 ≤ 8(value − rounded) ≤ 1, i.e. −1 ≤ 2·(numerator difference) ≤ 1.
            let d = value.numerator - rounded.numerator
            let twice = ZSqrt2(2 * d.a, 2 * d.b)
            #expect((twice - ZSqrt2(1)).signum <= 0 && (twice + ZSqrt2(1)).signum >= 0, "\(value) → \(rounded)")
            // Agrees with floating point wherever floating point is not too close to call.
            let approximate = (value.doubleValue * 4).rounded() / 4
            if abs(value.doubleValue * 4 - (value.doubleValue * 4).rounded(.down) - 0.5) > 1e-6 {
                #expect(rounded.doubleValue == approximate, "\(value)")
            }
        }
    }

    @Test("√2 coordinates round to the nearest quarter", arguments: [
        ("4+√2", "5.5"), ("4-√2", "2.5"), ("0.5√2", "0.75"), ("-0.5√2", "-0.75"), ("√2", "1.5"),
        ("2.25", "2.25"), ("-3", "-3"), ("1+0.25√2", "1.25"), ("-1-0.75√2", "-2"),
    ])
    func knownRoundings(value: String, expected: String) {
        #expect(x(value).nearestQuarter == x(expected))
    }

    @Test("Approximate inputs become exact values")
    func approximateInputs() throws {
        #expect(Exact(nearestQuarterTo: 3.1) == Exact(3))
        #expect(Exact(nearestQuarterTo: 3.13) == x("3.25"))
        #expect(Exact(nearestQuarterTo: -0.13) == x("-0.25"))
        #expect(Exact(nearestQuarterTo: .nan) == nil)
        #expect(Exact(nearestQuarterTo: 5000) == nil)
        for value in [5.4142, 2.71828, -1.333, 0.1] {
            let exact = try #require(Exact(nearestTo: value))
            #expect(abs(exact.doubleValue - value) < 0.02, "\(value) → \(exact)")
        }
        // A value with a small exact form is found.
        #expect(Exact(nearestTo: 4 + 2.0.squareRoot()) == x("4+√2"))
    }

    @Test("Angles snap to the nearest multiple of 45°", arguments: [
        (44.0, 45), (22.0, 0), (23.0, 45), (-44.0, 315), (359.0, 0), (200.0, 180), (-135.0, 225), (1000.0, 270),
    ])
    func angleSnapping(degrees: Double, expected: Int) {
        #expect(Rotation(nearestTo: degrees).degrees == expected)
    }

    @Test("Settings decide what happens to inexact input")
    func settingsResolve() throws {
        var settings = SnapSettings()
        let snapped = try settings.resolve(PositionInput.approximate(3.1, 4.9))
        #expect(snapped.point == Point(Exact(3), Exact(5)) && snapped.snapped)
        let typed = try settings.resolve(PositionInput(point("4+0.5√2", "1")))
        #expect(typed.point == point("4+0.5√2", "1") && !typed.snapped, "exact input is never moved by the grid")
        #expect(try settings.resolve(AngleInput.degrees(50)).rotation.degrees == 45)

        settings.grid = false
        let free = try settings.resolve(PositionInput.approximate(3.1, 4.9))
        #expect(!free.point.x.isOnQuarterGrid || free.point.x != Exact(3), "grid off keeps more detail than the grid")
        #expect(abs(free.point.doubleX - 3.1) < 0.02)

        settings.rotation = false
        #expect(throws: EditError.self) { try settings.resolve(AngleInput.degrees(50)) }
        #expect(try settings.resolve(AngleInput.degrees(44.8)).rotation.degrees == 45)
        #expect(try settings.resolve(AngleInput.degrees(90)).rotation.degrees == 90)
    }

    @Test("Pose motions stay exact")
    func poseMotions() throws {
        let square = pose(.square, "4+0.5√2", "4-0.5√2", 45)
        let turned = try #require(square.rotated(by: Rotation(degrees: 90)!, around: point("4", "4")))
        #expect(turned.position == point("4+0.5√2", "4+0.5√2"))
        #expect(turned.rotation.degrees == 135)
        // A 45° turn about a centre at an odd quarter offset would need eighths.
        #expect(pose(.square, "0.25", "0").rotated(by: Rotation(degrees: 45)!, around: .origin) == nil)
        // Mirroring twice across the same line is the identity; a mirrored parallelogram is flipped.
        let p = pose(.parallelogram, "1", "2", 45)
        let mirrored = p.mirrored(acrossVerticalLine: Exact(3))
        #expect(mirrored.flipped)
        #expect(mirrored.mirrored(acrossVerticalLine: Exact(3)) == p)
        #expect(Set(mirrored.vertices) == Set(p.vertices.map { Point(Exact(6) - $0.x, $0.y) }))
        // A mirrored triangle is stored as a turn, covering the mirrored ground.
        let t = pose(.large1, "1", "1", 45)
        let mt = t.mirrored(acrossVerticalLine: Exact(2))
        #expect(!mt.flipped)
        #expect(Set(mt.vertices) == Set(t.vertices.map { Point(Exact(4) - $0.x, $0.y) }))
    }
}
