import GridEditCore
import Testing
@testable import GridEditCapture

/// The white balance counts its histogram in four parts and sums its channels as integers; the
/// gains must be what the plain form (one histogram, a 3×3 sum at every bin, channel sums added
/// as doubles one by one) gives, to the bit, or every colour label downstream would move.
@Suite("Top view white balance")
struct WhiteBalanceTests {
    /// The plain form, as the top view worked it out before.
    static func plainGains(_ bytes: [UInt8], stride: Int, size n: Int) -> (r: Float, g: Float, b: Float) {
        let bins = TopView.whiteBalanceBins, table = TopView.chromaticityBins
        var histogram = [Int](repeating: 0, count: bins * bins)
        var sampled: [Int] = []
        for row in Swift.stride(from: 0, to: n, by: 2) {
            for column in Swift.stride(from: 0, to: n, by: 2) {
                let at = row * stride + 3 * column
                let b = Int(bytes[at]), g = Int(bytes[at + 1]), r = Int(bytes[at + 2])
                var bin = -1
                if max(r, g, b) >= 60 {
                    let a = Int(table[r * 256 + g]), c = Int(table[b * 256 + g])
                    if a >= 0, c >= 0 { histogram[a * bins + c] += 1; bin = a * bins + c }
                }
                sampled.append(bin)
            }
        }
        var mode = (a: 0, c: 0), modeCount = 0
        for a in 1..<(bins - 1) {
            for c in 1..<(bins - 1) {
                var sum = 0
                for da in -1...1 { for dc in -1...1 { sum += histogram[(a + da) * bins + c + dc] } }
                if sum > modeCount { (mode, modeCount) = ((a, c), sum) }
            }
        }
        guard modeCount > 0 else { return (1, 1, 1) }
        var sum = (r: 0.0, g: 0.0, b: 0.0), k = 0
        for row in Swift.stride(from: 0, to: n, by: 2) {
            for column in Swift.stride(from: 0, to: n, by: 2) {
                let bin = sampled[k]
                k += 1
                guard bin >= 0, abs(bin / bins - mode.a) <= 1, abs(bin % bins - mode.c) <= 1 else { continue }
                let at = row * stride + 3 * column
                sum.b += Double(bytes[at]); sum.g += Double(bytes[at + 1]); sum.r += Double(bytes[at + 2])
            }
        }
        guard sum.r > 0, sum.g > 0, sum.b > 0 else { return (1, 1, 1) }
        let grey = (sum.r + sum.g + sum.b) / 3
        return (Float(grey / sum.r), Float(grey / sum.g), Float(grey / sum.b))
    }

    /// A top view's bytes: paper of a random tint and brightness, with pieces' colours, dark
    /// patches and noise, in sizes odd and even, rows padded past the pixels.
    static func image(_ random: inout SplitMix64, size n: Int, stride: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: stride * n)
        let paper = (Int(random.next() % 120) + 110, Int(random.next() % 120) + 110, Int(random.next() % 120) + 110)
        let kind = random.next() % 4  // 0: mostly paper, 1: half pieces, 2: mostly dark, 3: noise
        for row in 0..<n {
            for column in 0..<n {
                let at = row * stride + 3 * column
                var (b, g, r) = paper
                let pick = Int(random.next() % 100)
                switch kind {
                case 1 where pick < 50, 3:
                    (b, g, r) = (Int(random.next() % 256), Int(random.next() % 256), Int(random.next() % 256))
                case 2 where pick < 90:
                    (b, g, r) = (Int(random.next() % 60), Int(random.next() % 60), Int(random.next() % 60))
                default:
                    let jitters = (Int(random.next() % 9) - 4, Int(random.next() % 9) - 4, Int(random.next() % 9) - 4)
                    (b, g, r) = (max(0, min(255, b + jitters.0)), max(0, min(255, g + jitters.1)), max(0, min(255, r + jitters.2)))
                }
                (bytes[at], bytes[at + 1], bytes[at + 2]) = (UInt8(b), UInt8(g), UInt8(r))
            }
        }
        return bytes
    }

    @Test("the gains are the plain form's to the bit, on paper of any tint, with pieces, dark patches or noise")
    func matchesPlainForm() {
        var random = SplitMix64(seed: 3802)
        var mismatches = 0
        for trial in 0..<60 {
            let n = [1, 2, 7, 64, 101, 420][trial % 6]
            let stride = 3 * n + Int(random.next() % 5)
            let bytes = Self.image(&random, size: n, stride: stride)
            let plain = Self.plainGains(bytes, stride: stride, size: n)
            let gains = bytes.withUnsafeBufferPointer { TopView.whiteBalance($0.baseAddress!, stride: stride, size: n) }
            if gains.r.bitPattern != plain.r.bitPattern || gains.g.bitPattern != plain.g.bitPattern || gains.b.bitPattern != plain.b.bitPattern {
                mismatches += 1
                Issue.record("trial \(trial), size \(n): \(gains), plain form \(plain)")
            }
        }
        #expect(mismatches == 0)
    }

    @Test("a grey-tinted paper gives gains that make it grey; a dark image leaves the colours as they are")
    func gainsMakePaperGrey() {
        let n = 64, stride = 3 * n
        var bytes = [UInt8](repeating: 0, count: stride * n)
        for i in 0..<(n * n) { (bytes[3 * i], bytes[3 * i + 1], bytes[3 * i + 2]) = (150, 180, 210) }  // warm paper: b, g, r
        let gains = bytes.withUnsafeBufferPointer { TopView.whiteBalance($0.baseAddress!, stride: stride, size: n) }
        #expect(abs(150 * gains.b - 180 * gains.g) < 0.01 && abs(210 * gains.r - 180 * gains.g) < 0.01)
        let dark = [UInt8](repeating: 20, count: stride * n)
        let none = dark.withUnsafeBufferPointer { TopView.whiteBalance($0.baseAddress!, stride: stride, size: n) }
        #expect(none.r == 1 && none.g == 1 && none.b == 1)
    }
}
