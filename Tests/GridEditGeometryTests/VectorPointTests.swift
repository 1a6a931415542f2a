import Foundation
import Testing
@testable import GridEditGeometry
import GridEditCore

@Suite struct VectorPointTests {
    @Test func pointAndVectorAlgebra() {
        var rng = SplitMix64(seed: 30)
        for _ in 0..<300 {
            let (p, q) = (rng.point(4096), rng.point(4096))
            let (u, v) = (rng.vector(4096), rng.vector(4096))
            #expect(q + (p - q) == p)
            #expect((p + u) - u == p)
            #expect((p + u) - p == u)
            #expect(u + v - v == u && u + .zero == u && u + (-u) == .zero)
            #expect(Point.origin + (p - .origin) == p)
        }
    }

    @Test func crossAndDotAreNumeratorsOver16() {
        let (ex, ey) = (vq(4, 0), vq(0, 4))  // unit vectors
        #expect(ex.cross(ey) == ZSqrt2(16))
        #expect(ey.cross(ex) == ZSqrt2(-16))
        #expect(ex.dot(ex) == ZSqrt2(16) && ex.dot(ey) == .zero)
        // (√2/2, √2/2) has length 1: dot with itself is 16/16.
        let diagonal = Vector(x: Exact(quarters: 0, sqrt2Quarters: 2), y: Exact(quarters: 0, sqrt2Quarters: 2))
        #expect(diagonal.dot(diagonal) == ZSqrt2(16))
        #expect(ex.cross(diagonal) == ZSqrt2(0, 8))  // sin 45° = √2/2 → 8√2/16
    }

    @Test func crossAndDotLaws() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<300 {
            let (u, v, w) = (rng.vector(1000), rng.vector(1000), rng.vector(1000))
            #expect(u.cross(v) == -v.cross(u))
            #expect(u.cross(u) == .zero)
            #expect(u.dot(v) == v.dot(u))
            #expect(u.cross(v + w) == u.cross(v) + u.cross(w))
            #expect(u.dot(v + w) == u.dot(v) + u.dot(w))
            #expect(u.dot(u).signum == (u == .zero ? 0 : 1))
        }
    }

    @Test func descriptions() {
        let p = Point(x: Exact(quarters: 4, sqrt2Quarters: 2), y: Exact(2))
        #expect(p.description == "(1+0.5√2, 2)")
        #expect(vq(-1, 0).description == "(-0.25, 0)")
        #expect(abs(p.doubleX - 1.707_106_781_186_547_5) < 1e-12 && p.doubleY == 2)
        #expect(vq(6, -2).doubleX == 1.5 && vq(6, -2).doubleY == -0.5)
    }
}

@Suite struct RotationTests {
    @Test func degreesAreNormalised() {
        #expect(Rotation(degrees: 45)?.eighths == 1)
        #expect(Rotation(degrees: -45)?.degrees == 315)
        #expect(Rotation(degrees: 360) == .identity)
        #expect(Rotation(degrees: 405)?.degrees == 45)
        #expect(Rotation(degrees: -720) == .identity)
        #expect(Rotation(degrees: 30) == nil)
        #expect(Rotation(degrees: -50) == nil)
        #expect(Rotation(eighths: -1).eighths == 7 && Rotation(eighths: 17).eighths == 1)
    }

    @Test func compositionAndInverse() {
        var rng = SplitMix64(seed: 40)
        for _ in 0..<100 {
            let (r, s) = (Rotation(eighths: rng.int(-20...20)), Rotation(eighths: rng.int(-20...20)))
            #expect(r + r.inverse == .identity)
            #expect((r + s).degrees == (r.degrees + s.degrees) % 360)
            #expect(r + s == s + r)
        }
    }

    @Test func quarterTurnIsExact() {
        #expect(vq(4, 0).rotated(by: Rotation(eighths: 2)) == vq(0, 4))
        #expect(vq(3, 5).rotated(by: Rotation(eighths: 2)) == vq(-5, 3))
        #expect(vq(3, 5).rotated(by: Rotation(eighths: 4)) == vq(-3, -5))
        #expect(vq(3, 5).rotated(by: Rotation(eighths: 6)) == vq(5, -3))
        #expect(vq(1, 0).rotated(by: Rotation(eighths: 2)) != nil)
    }

    @Test func eighthTurn() {
        let half = Exact(quarters: 0, sqrt2Quarters: 2)  // √2/2
        #expect(vq(4, 0).rotated(by: Rotation(eighths: 1)) == Vector(x: half, y: half))
        #expect(vq(4, 0).rotated(by: Rotation(eighths: 3)) == Vector(x: -half, y: half))
        // (0.25, 0) would need √2/8.
        #expect(vq(1, 0).rotated(by: Rotation(eighths: 1)) == nil)
        #expect(vq(1, 0).rotated(by: Rotation(eighths: 7)) == nil)
        // Same parity in x and y: fine, (0.25, 0.25) → (0, √2/4).
        #expect(vq(1, 1).rotated(by: Rotation(eighths: 1))
                == Vector(x: .zero, y: Exact(quarters: 0, sqrt2Quarters: 1)))
    }

    @Test func eightEighthTurnsAreTheIdentity() throws {
        var rng = SplitMix64(seed: 41)
        let step = Rotation(eighths: 1)
        for _ in 0..<300 {
            // Rational numerators of equal parity rotate exactly (and keep doing so).
            let v = rng.vector(500)
            let fixed = Vector(x: v.x + Exact(quarters: (v.x.numerator.a - v.y.numerator.a) & 1), y: v.y)
            var turned = fixed
            for _ in 0..<8 { turned = try #require(turned.rotated(by: step)) }
            #expect(turned == fixed)
        }
    }

    @Test func twoEighthTurnsMakeAQuarterTurn() throws {
        var rng = SplitMix64(seed: 42)
        let eighth = Rotation(eighths: 1)
        for _ in 0..<300 {
            let v = rng.ringVector(300)
            let r = rng.rotation()
            let once = try #require(v.rotated(by: eighth))
            #expect(once.rotated(by: eighth) == v.rotated(by: Rotation(eighths: 2)))
            // Rotations compose: rotating by r then s equals rotating by r + s.
            let s = rng.rotation()
            #expect(try #require(v.rotated(by: r)).rotated(by: s) == v.rotated(by: r + s))
            #expect(try #require(v.rotated(by: r)).rotated(by: r.inverse) == v)
        }
    }

    @Test func ringVectorsAlwaysRotate() {
        var rng = SplitMix64(seed: 43)
        for _ in 0..<300 {
            #expect(rng.ringVector(1000).rotated(by: rng.rotation()) != nil)
        }
    }

    @Test func rotationPreservesLengthsAndAngles() throws {
        var rng = SplitMix64(seed: 44)
        for _ in 0..<300 {
            let (u, v) = (rng.ringVector(300), rng.ringVector(300))
            let r = rng.rotation()
            let (ru, rv) = (try #require(u.rotated(by: r)), try #require(v.rotated(by: r)))
            #expect(ru.dot(ru) == u.dot(u))
            #expect(ru.dot(rv) == u.dot(v))
            #expect(ru.cross(rv) == u.cross(v))
            if r != .identity && u != .zero { #expect(ru != u) }
        }
    }

    @Test func rotationMatchesTrigonometry() throws {
        var rng = SplitMix64(seed: 45)
        for _ in 0..<200 {
            let v = rng.ringVector(100)
            let r = rng.rotation()
            let turned = try #require(v.rotated(by: r))
            let angle = Double(r.degrees) * .pi / 180
            let x = v.doubleX * cos(angle) - v.doubleY * sin(angle)
            let y = v.doubleX * sin(angle) + v.doubleY * cos(angle)
            #expect(abs(turned.doubleX - x) < 1e-9 && abs(turned.doubleY - y) < 1e-9)
        }
    }

    @Test func reflection() {
        var rng = SplitMix64(seed: 46)
        for _ in 0..<300 {
            let (u, v) = (rng.vector(1000), rng.vector(1000))
            #expect(u.reflectedX.reflectedX == u)
            #expect(u.reflectedX.cross(v.reflectedX) == -u.cross(v))  // mirrors flip orientation
            #expect(u.reflectedX.dot(v.reflectedX) == u.dot(v))
            let (p, pivot) = (rng.point(1000), rng.point(1000))
            #expect(p.reflectedX(around: pivot).reflectedX(around: pivot) == p)
            #expect(p.reflectedX(around: pivot).y == p.y)
            #expect(p.reflectedX(around: pivot).x - pivot.x == pivot.x - p.x)
        }
    }

    @Test func pointRotationUsesTheCentre() throws {
        let centre = pu(2, 3)
        #expect(pu(3, 3).rotated(by: Rotation(eighths: 2), around: centre) == pu(2, 4))
        #expect(centre.rotated(by: Rotation(eighths: 1), around: centre) == centre)
        #expect(pq(1, 0).rotated(by: Rotation(eighths: 1), around: .origin) == nil)
        var rng = SplitMix64(seed: 47)
        for _ in 0..<200 {
            let (p, c) = (rng.point(400), rng.point(400))
            let r = Rotation(eighths: 2 * rng.int(0...3))
            let turned = try #require(p.rotated(by: r, around: c))
            #expect((turned - c).dot(turned - c) == (p - c).dot(p - c))
        }
    }
}
