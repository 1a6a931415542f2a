import Foundation
import GridEditTestSupport
import GridEditCore
import GridEditGeometry
import GridEditLayout

/// One noisy recording of a designer (or a camera) laying out a figure piece by piece: the exact
/// figure meant, and the touch file that reports it. Everything follows from the seed.
///
/// The touch file starts with a `removed` event for every piece (the camera sees an empty mat:
/// `new tangram` starts with the template's pieces on the board, and pieces left there would be
/// in the way of the figure), then one `detected` event per piece in a random order, some pieces
/// dropped twice (a rough `detected` farther away, a `moved` near the place later). Each reported
/// pose is the target's vertex 0 (the pose origin, as the file format and `ApproximatePose` use),
/// plus the sequence's shift, plus noise.
public struct PoseSequence: Sendable {
    /// Position noise on each reported x and y, in units (uniform in ±this).
    public static let positionNoise = 0.08
    /// Angle noise, in degrees (uniform in ±this).
    public static let angleNoise = 4.0
    /// How far a first rough drop lands from the place, in units.
    public static let roughDistance = 0.6...1.5

    public var seed: UInt64
    public var family: FigureFamily
    /// The shipped file's name ("cat") or "random", "holes", "corner-only".
    public var figureName: String
    /// The exact figure the recording means, in piece order, where it is meant (any translation
    /// of it is as good: see ``ReplayChecker``).
    public var target: [Pose]
    /// The exact translation from the figure as made or shipped to `target`.
    public var exactShift: Vector
    /// Added to every reported position on top of `target` (zero when the shift is on the grid).
    public var offGridShift: SIMD2<Double>
    /// The pieces in the order they are first reported.
    public var order: [TangramPiece]
    /// The pieces dropped twice.
    public var movedTwice: [TangramPiece]
    /// The events after the opening `removed` ones.
    public var events: [PoseEvent]

    /// The figure is off the 0.25 grid as a whole: shifted by a √2 amount, or reported shifted by
    /// a fraction of a quarter.
    public var isOffGrid: Bool {
        offGridShift != .zero || !exactShift.x.isOnQuarterGrid || !exactShift.y.isOnQuarterGrid
    }

    /// What the sequence is, in one line a person can search for.
    public var label: String {
        var parts = ["seed \(seed)", family.rawValue]
        if family == .shipped { parts.append(figureName) }
        parts.append("shift \(exactShift)" + (offGridShift == .zero ? "" : String(format: " + (%.2f, %.2f)", offGridShift.x, offGridShift.y)))
        return parts.joined(separator: ", ")
    }

    /// The touch file: the header, seven `removed` events, then the sequence.
    public var recording: TouchRecording {
        let clear = TangramPiece.allCases.map {
            InputEvent.pose(PoseEvent(kind: .removed, pose: ApproximatePose(piece: $0, x: 0, y: 0, degrees: 0), timestamp: 0, frame: 0))
        }
        return TouchRecording(description: "gridedit settling sequence: \(label)", events: clear + events.map(InputEvent.pose))
    }

    public var touchFileText: String { recording.text }

    /// The sequence for a seed: the family from the seed (the four ``FigureFamily/rated`` ones in
    /// turn, so any run of consecutive seeds has each) unless `family` says which, the rest from
    /// independent streams of it.
    /// `noise`: the position (units) and angle (degrees) noise, ± each; the harness's own by default.
    public init(seed: UInt64, family: FigureFamily? = nil, shipped: [ShippedFigure] = ShippedFigure.all,
                noise level: (position: Double, angle: Double) = (positionNoise, angleNoise)) {
        self.seed = seed
        self.family = family ?? FigureFamily.rated[Int(seed % UInt64(FigureFamily.rated.count))]
        var figureRNG = SplitMix64.stream(seed, 1)
        let made: [Pose]
        if self.family == .shipped && !shipped.isEmpty {
            // Every shipped figure in turn over consecutive shipped seeds.
            let figure = shipped[Int((seed / UInt64(FigureFamily.rated.count)) % UInt64(shipped.count))]
            figureName = figure.name
            made = figure.pieces
        } else {
            if self.family == .shipped { self.family = .random }
            figureName = self.family.rawValue
            made = RandomFigures.make(self.family, &figureRNG)
        }

        // Where the figure goes: half the sequences off the grid (√2 amounts in the figure itself,
        // or fractions of a quarter in what is reported), the rest moved by quarters.
        var shiftRNG = SplitMix64.stream(seed, 2)
        var offset = Vector.zero
        var reported = SIMD2<Double>.zero
        if shiftRNG.chance(0.5) {
            if shiftRNG.chance(0.4) {
                offset = Vector(Exact(quarters: 0, sqrt2Quarters: shiftRNG.int(in: 0...3)),
                                Exact(quarters: 0, sqrt2Quarters: shiftRNG.int(in: 0...3)))
            }
            let fractions = [0.0, 0.13, 0.37, 0.5, 0.05, 0.21, 0.45]
            reported = SIMD2(shiftRNG.chance(0.3) ? shiftRNG.double(0, 0.5) : shiftRNG.pick(fractions),
                             shiftRNG.chance(0.3) ? shiftRNG.double(0, 0.5) : shiftRNG.pick(fractions))
            if reported == .zero && offset == .zero { reported.x = 0.37 }
        }
        offset = offset + Self.quarterShift(made.map { $0.translated(by: offset) }, rng: &shiftRNG)
        exactShift = offset
        offGridShift = reported
        target = made.map { $0.translated(by: offset) }.sorted { $0.piece < $1.piece }

        // The order, the pieces dropped twice, and the noise.
        var orderRNG = SplitMix64.stream(seed, 3)
        order = TangramPiece.allCases
        orderRNG.shuffle(&order)
        movedTwice = []
        if orderRNG.chance(0.35) {
            var twice = order
            orderRNG.shuffle(&twice)
            movedTwice = Array(twice.prefix(orderRNG.chance(0.7) ? 1 : 2))
        }
        // Steps: (piece, rough?) in time order; a second drop comes after its rough one, with
        // possibly other pieces between.
        let (target, twice) = (target, movedTwice)
        var steps: [(piece: TangramPiece, rough: Bool)] = order.map { ($0, twice.contains($0)) }
        for piece in movedTwice {
            let roughAt = steps.firstIndex { $0.piece == piece && $0.rough }!
            steps.insert((piece, false), at: orderRNG.int(in: (roughAt + 1)...steps.count))
        }
        var noise = SplitMix64.stream(seed, 4)
        var seen = Set<TangramPiece>()
        events = []
        for (index, step) in steps.enumerated() {
            let pose = target.first { $0.piece == step.piece }!
            var x = pose.position.doubleX + reported.x + noise.jitter(level.position)
            var y = pose.position.doubleY + reported.y + noise.jitter(level.position)
            var degrees = Double(pose.rotation.degrees) + noise.jitter(level.angle)
            if step.rough {
                let angle = noise.double(0, 2 * Double.pi)
                let distance = noise.double(Self.roughDistance.lowerBound, Self.roughDistance.upperBound)
                x = min(7.7, max(0.3, x + distance * cos(angle)))
                y = min(7.7, max(0.3, y + distance * sin(angle)))
                degrees += noise.jitter(6)
            }
            if degrees < 0 { degrees += 360 }
            let kind: PoseEvent.Kind = seen.insert(step.piece).inserted ? .detected : .moved
            events.append(PoseEvent(kind: kind, pose: ApproximatePose(piece: step.piece, x: Self.rounded(x), y: Self.rounded(y),
                                                                      degrees: Self.rounded(degrees), flipped: pose.flipped),
                                    timestamp: Double(index + 1) * 0.5, frame: index + 1))
        }
    }

    /// Four decimals, as a device would write them (and so the file reads back the same).
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// A random quarter shift that puts the figure inside [0.5, 7] on both axes (room for the
    /// reported off-grid part and the noise below 7.5), decided exactly.
    static func quarterShift(_ poses: [Pose], rng: inout SplitMix64) -> Vector {
        let box = FigureGeometry.bounds(poses)
        let low = Exact(quarters: 2), high = Exact(quarters: 28)
        func shifts(_ minimum: Exact, _ maximum: Exact) -> [Int] {
            let from = Int(((low - minimum).doubleValue * 4).rounded(.down)) - 1
            let to = Int(((high - maximum).doubleValue * 4).rounded(.up)) + 1
            guard from <= to else { return [0] }
            let fitting = (from...to).filter { q in
                let d = Exact(quarters: q)
                return !(minimum + d < low) && !(high < maximum + d)
            }
            return fitting.isEmpty ? [0] : fitting
        }
        return Vector(Exact(quarters: rng.pick(shifts(box.minX, box.maxX))), Exact(quarters: rng.pick(shifts(box.minY, box.maxY))))
    }
}

/// A shipped starter figure: its file name and solution pieces.
public struct ShippedFigure: Sendable {
    public var name: String
    public var pieces: [Pose]

    /// The shipped tangram figures with seven solution pieces, in file-name order.
    public static let all: [ShippedFigure] = load(repository: PoseSequences.repository)

    public static func load(repository: URL) -> [ShippedFigure] {
        let folder = repository.appendingPathComponent("puzzles/tangram-starter").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "pack.json" }.sorted()
        let store = PuzzleStore(root: repository.appendingPathComponent("puzzles").path)
        return names.compactMap { name in
            guard let puzzle = (try? store.load(folder + "/" + name))?.document.puzzle as? TangramPuzzle,
                  let pieces = puzzle.pieces, pieces.count == 7 else { return nil }
            return ShippedFigure(name: String(name.dropLast(5)), pieces: pieces.sorted { $0.piece < $1.piece })
        }
    }
}

/// Where this harness finds the repository it was built from (the shipped figures, the templates).
public enum PoseSequences {
    public static let repository: URL = GridEditBinary.repositoryRoot
}
