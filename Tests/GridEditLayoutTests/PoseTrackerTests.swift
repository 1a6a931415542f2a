import Foundation
import GridEditCore
import GridEditLayout
import GridEditTestSupport
import Testing

/// A camera at 30 frames a second over pieces on the mat, with noise.
struct TrackedCamera {
    struct Piece {
        var candidates: [TangramPiece]
        var x: Double
        var y: Double
        var rotation: Double
        var flipped = false
        /// Not on the mat (lifted).
        var lifted = false
        /// Partly under a hand.
        var occluded = false
        var confidence = 0.9
    }

    var pieces: [Piece]
    var noise = Noise(state: 42)
    /// Units and degrees of noise in each reading.
    var positionNoise = 0.03
    var angleNoise = 1.5
    var matVisible = true
    private(set) var frame = 0
    var time: Double { Double(frame) / 30 }
    var tracker = PoseTracker()
    private(set) var events: [PoseEvent] = []

    init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    /// Runs for `seconds`, calling `change` before each frame (with the time since this run began).
    mutating func run(_ seconds: Double, _ change: (inout TrackedCamera, Double) -> Void = { _, _ in }) {
        let start = time
        let frames = Int((seconds * 30).rounded())
        for _ in 0..<frames {
            change(&self, time - start)
            var observations = pieces.filter { !$0.lifted }.map { p in
                ApproximatePose(piece: p.candidates[0], x: p.x + noise.jitter(positionNoise), y: p.y + noise.jitter(positionNoise),
                                degrees: p.rotation + noise.jitter(angleNoise), flipped: p.flipped, confidence: p.confidence,
                                occluded: p.occluded, alternatives: Array(p.candidates.dropFirst()))
            }
            observations.shuffle(using: &noise)
            events += tracker.track(PoseTracker.Frame(index: frame, time: time, observations: matVisible ? observations : [],
                                                      matVisible: matVisible))
            frame += 1
        }
    }

    mutating func flush() { events += tracker.flush() }

    func kinds(_ piece: TangramPiece) -> [PoseEvent.Kind] { events.filter { $0.pose.piece == piece }.map(\.kind) }
}

private let large = [TangramPiece.large1, .large2]

@Suite("PoseTracker: camera frames become debounced pose events with stable ids")
struct PoseTrackerTests {
    static func square(at x: Double, _ y: Double, rotation: Double = 0) -> TrackedCamera.Piece {
        TrackedCamera.Piece(candidates: [.square], x: x, y: y, rotation: rotation)
    }

    @Test("Pieces sitting still under camera noise are detected once, after settling, and then nothing")
    func noiseDoesNotChurn() throws {
        var camera = TrackedCamera([Self.square(at: 2, 2), TrackedCamera.Piece(candidates: [.medium], x: 5, y: 1, rotation: 359.5)])
        camera.positionNoise = 0.05
        camera.angleNoise = 3
        camera.run(20)
        #expect(camera.events.map(\.kind) == [.detected, .detected])
        let square = try #require(camera.events.first { $0.pose.piece.rawValue == "square" })
        #expect(abs(square.pose.x - 2) < 0.05 && abs(square.pose.y - 2) < 0.05)
        #expect(abs(square.timestamp - 0.3) < 0.05, "settled after the settle time")
        let medium = try #require(camera.events.first { $0.pose.piece.rawValue == "medium" })
        #expect(medium.pose.degrees > 355 || medium.pose.degrees < 5, "angles average across 0°: \(medium.pose.degrees)")
        #expect(abs(square.pose.confidence - 0.9) < 1e-9)
    }

    @Test("A hand passing over pieces makes no events: hidden, occluded, or the mat out of sight")
    func handPassing() {
        var camera = TrackedCamera([Self.square(at: 2, 2), TrackedCamera.Piece(candidates: large, x: 4, y: 4, rotation: 90)])
        camera.run(1)
        #expect(camera.events.count == 2)
        // Hidden completely for 0.3 s.
        camera.run(0.3) { c, _ in c.pieces[0].lifted = true }
        camera.pieces[0].lifted = false
        camera.run(1)
        // Partly hidden for 0.5 s, with the fingers throwing the pose estimate about.
        camera.run(0.5) { c, t in
            c.pieces[1].occluded = true
            c.pieces[1].x = 4 + 0.6 * sin(t * 20)
            c.pieces[1].rotation = 90 + 30 * cos(t * 17)
        }
        camera.pieces[1] = TrackedCamera.Piece(candidates: large, x: 4, y: 4, rotation: 90)
        camera.run(1)
        // The markers hidden for 2 s: nothing is seen at all.
        camera.matVisible = false
        camera.run(2)
        camera.matVisible = true
        camera.run(1)
        #expect(camera.events.count == 2, "\(camera.events)")
    }

    @Test("A piece carried and put down somewhere else makes exactly one moved event")
    func realMove() throws {
        var camera = TrackedCamera([Self.square(at: 2, 2)])
        camera.run(1)
        // Carried for 0.8 s at 4 units a second, in plain view, turning as it goes.
        camera.run(0.8) { c, t in
            c.pieces[0].x = 2 + 4 * t
            c.pieces[0].y = 2 + t
            c.pieces[0].rotation = 50 * t
        }
        camera.pieces[0] = Self.square(at: 5.5, 3, rotation: 45)
        camera.run(1.5)
        #expect(camera.kinds(.square) == [.detected, .moved])
        let moved = try #require(camera.events.last)
        #expect(abs(moved.pose.x - 5.5) < 0.04 && abs(moved.pose.y - 3) < 0.04 && abs(moved.pose.degrees - 45) < 2)
        #expect(moved.timestamp > 1.8 + 0.29 && moved.timestamp < 1.8 + 0.4, "settled after being put down")
    }

    @Test("A slow push shorter than the jitter makes nothing; a turn by 45° in place makes a move")
    func smallChanges() {
        var camera = TrackedCamera([Self.square(at: 2, 2)])
        camera.run(1)
        camera.pieces[0].x += 0.04
        camera.run(1)
        #expect(camera.kinds(.square) == [.detected])
        camera.pieces[0].rotation = 45
        camera.run(1)
        #expect(camera.kinds(.square) == [.detected, .moved])
    }

    @Test("A piece taken away is removed once, after the delay, counting only frames where the mat is visible")
    func removal() throws {
        var camera = TrackedCamera([Self.square(at: 2, 2), Self.square(at: 6, 6)])
        camera.pieces[1].candidates = [.medium]
        camera.run(1)
        camera.pieces[0].lifted = true
        camera.run(0.5)
        #expect(camera.kinds(.square) == [.detected], "0.5 s is not long enough")
        camera.run(0.5)
        #expect(camera.kinds(.square) == [.detected, .removed])
        let removed = try #require(camera.events.last)
        let lastSeen = 1 - 1.0 / 30
        #expect(removed.timestamp >= lastSeen + 0.6 - 1e-9 && removed.timestamp < lastSeen + 0.6 + 0.04)
        // The medium: lifted, then the mat goes out of sight for 2 s: only visible time counts.
        camera.pieces[1].lifted = true
        camera.run(0.3)
        camera.matVisible = false
        camera.run(2)
        camera.matVisible = true
        camera.run(0.2)
        #expect(camera.kinds(.medium) == [.detected])
        camera.run(0.2)
        #expect(camera.kinds(.medium) == [.detected, .removed])
        camera.run(2)
        #expect(camera.events.count == 4)
    }

    @Test("Two pieces of one colour keep their ids while jittered, whatever order the camera lists them in")
    func samColourPairJitter() {
        var camera = TrackedCamera([TrackedCamera.Piece(candidates: large, x: 2, y: 2, rotation: 0), TrackedCamera.Piece(candidates: large, x: 3.2, y: 2.4, rotation: 0)])
        camera.positionNoise = 0.06
        camera.angleNoise = 4
        camera.run(10)
        #expect(camera.events.map(\.kind) == [.detected, .detected])
        #expect(camera.events.first { $0.pose.piece.rawValue == "large-1" }.map { abs($0.pose.x - 2) < 0.06 } == true)
        #expect(camera.events.first { $0.pose.piece.rawValue == "large-2" }.map { abs($0.pose.x - 3.2) < 0.06 } == true)
    }

    @Test("One of a same-colour pair lifted and put down elsewhere keeps its id; the other never changes")
    func sameColourPairLiftAndReturn() throws {
        var camera = TrackedCamera([TrackedCamera.Piece(candidates: large, x: 2, y: 2, rotation: 0), TrackedCamera.Piece(candidates: large, x: 6, y: 2, rotation: 90)])
        camera.run(1)
        #expect(camera.events.map(\.pose.piece.rawValue) == ["large-1", "large-2"])
        // large-1 lifted for 0.4 s and put down on the other side of large-2.
        camera.run(0.4) { c, _ in c.pieces[0].lifted = true }
        camera.pieces[0] = TrackedCamera.Piece(candidates: large, x: 7, y: 5, rotation: 180)
        camera.run(1)
        #expect(camera.kinds(.large1) == [.detected, .moved])
        #expect(camera.kinds(.large2) == [.detected])
        let moved = try #require(camera.events.last)
        #expect(abs(moved.pose.x - 7) < 0.04 && abs(moved.pose.degrees - 180) < 2)
        // large-2 lifted for a second (removed), then put down where large-1 first was: it comes
        // back as large-2, the first free id; large-1 keeps its id.
        camera.run(1) { c, _ in c.pieces[1].lifted = true }
        camera.pieces[1] = TrackedCamera.Piece(candidates: large, x: 2, y: 2, rotation: 0)
        camera.run(1)
        #expect(camera.kinds(.large2) == [.detected, .removed, .detected])
        #expect(camera.kinds(.large1) == [.detected, .moved])
    }

    @Test("With trustsPartlyHidden, a partly hidden piece lying still settles when its confidence holds, announced as occluded; a moving one still does not")
    func partlyHiddenTrusted() throws {
        var camera = TrackedCamera([Self.square(at: 2, 2), TrackedCamera.Piece(candidates: [.medium], x: 5, y: 1, rotation: 0)])
        camera.tracker.trustsPartlyHidden = true
        camera.tracker.minConfidence = 0.6
        camera.pieces[0].occluded = true
        camera.pieces[1].occluded = true
        camera.pieces[1].confidence = 0.4
        camera.run(2)
        #expect(camera.kinds(.square) == [.detected])
        #expect(camera.kinds(.medium).isEmpty, "doubtful: not settled, hidden or not")
        let square = try #require(camera.tracker.announced.first { $0.pose.piece == .square })
        #expect(square.pose.occluded, "the announced pose says part of it was hidden")
        // Fingers throwing a hidden piece's estimate about: no move.
        camera.run(1) { c, t in
            c.pieces[0].x = 2 + 0.6 * sin(t * 20)
            c.pieces[0].rotation = 30 * cos(t * 17)
        }
        #expect(camera.kinds(.square) == [.detected])
    }

    @Test("Occluded or doubtful sightings keep a piece but never announce a pose")
    func untrustedSightings() {
        var camera = TrackedCamera([Self.square(at: 2, 2)])
        camera.pieces[0].occluded = true
        camera.run(2)
        camera.pieces[0].occluded = false
        camera.pieces[0].confidence = 0.3
        camera.run(2)
        #expect(camera.events.isEmpty, "a piece first seen under a hand or doubtfully is not detected")
        camera.pieces[0].confidence = 0.9
        camera.run(1)
        #expect(camera.kinds(.square) == [.detected])
        // Seen only doubtfully for 3 s: not removed, and its wobbling reading is not a move.
        camera.positionNoise = 0.4
        camera.pieces[0].confidence = 0.2
        camera.run(3)
        #expect(camera.kinds(.square) == [.detected])
    }

    @Test("A mirrored triangle is a turned one: flips of symmetric pieces do not churn")
    func mirroredTriangles() throws {
        var camera = TrackedCamera([TrackedCamera.Piece(candidates: [.small1, .small2], x: 3, y: 3, rotation: 0, flipped: true)])
        camera.run(1)
        let detected = try #require(camera.events.first)
        #expect(!detected.pose.flipped && abs(detected.pose.degrees - 90) < 2, "stored as Pose stores it: turned by 90°")
        camera.pieces[0] = TrackedCamera.Piece(candidates: [.small1, .small2], x: 3, y: 3, rotation: 90)
        camera.run(1)
        #expect(camera.events.count == 1, "the same footprint, reported the other way, is no move")
    }

    @Test("flush announces what a short source saw (a few still images), and nothing twice")
    func flushAtTheEnd() throws {
        var tracker = PoseTracker()
        let frame = PoseTracker.Frame(index: 0, time: 0, observations: [
            .init(piece: .square, x: 1.02, y: 0.98, degrees: 1), .init(piece: .large1, x: 4, y: 4, degrees: 89, alternatives: [.large2]),
        ])
        #expect(tracker.track(frame).isEmpty)
        let events = tracker.flush()
        #expect(events.map(\.kind) == [.detected, .detected])
        #expect(events.map(\.pose.piece.rawValue) == ["large-1", "square"])
        #expect(tracker.flush().isEmpty)
        #expect(tracker.announced.map(\.pose.piece.rawValue) == ["large-1", "square"])
        // A piece whose last frames disagree (still moving) is not announced.
        var moving = PoseTracker()
        _ = moving.track(.init(index: 0, time: 0, observations: [.init(piece: .medium, x: 1, y: 1, degrees: 0)]))
        _ = moving.track(.init(index: 1, time: 0.03, observations: [.init(piece: .medium, x: 1.5, y: 1, degrees: 0)]))
        #expect(moving.flush().map(\.pose.x) == [1.5], "only the last run of agreeing frames counts")
    }

    @Test("Frames that go back in time and unusable readings are ignored")
    func badFrames() {
        var tracker = PoseTracker()
        tracker.settleFrames = 1
        tracker.settleTime = 0
        #expect(tracker.track(.init(index: 5, time: 1, observations: [.init(piece: .square, x: 1, y: 1, degrees: 0)])).count == 1)
        #expect(tracker.track(.init(index: 4, time: 0.5, observations: [.init(piece: .square, x: 5, y: 5, degrees: 0)])).isEmpty)
        #expect(tracker.track(.init(index: 6, time: 1.1, observations: [.init(piece: .square, x: .nan, y: 5, degrees: 0)])).isEmpty)
    }

    @Test("Settings are honoured: a longer settle time delays detection")
    func settings() throws {
        var camera = TrackedCamera([Self.square(at: 2, 2)])
        camera.tracker.settleTime = 1
        camera.tracker.settleFrames = 5
        camera.run(2)
        let detected = try #require(camera.events.first)
        #expect(abs(detected.timestamp - 1) < 0.05)
    }

    @Test("The events read back as a touch file: the stream gridedit-capture writes")
    func touchFileRoundTrip() throws {
        var camera = TrackedCamera([Self.square(at: 2, 2), TrackedCamera.Piece(candidates: [.parallelogram], x: 4, y: 1, rotation: 45, flipped: true)])
        camera.run(1)
        camera.pieces[0].lifted = true
        camera.run(1)
        let recording = TouchRecording(description: "camera /dev/video0", events: camera.events.map { .pose($0) })
        let parsed = try TouchRecording(parsing: recording.text)
        #expect(camera.events.map(\.kind) == [.detected, .detected, .removed])
        // A removed event carries no pose in the file.
        let withoutRemovedPoses = camera.events.map { e in
            e.kind == .removed ? PoseEvent(kind: .removed, pose: ApproximatePose(piece: e.pose.piece, x: 0, y: 0, degrees: 0,
                                                                                 confidence: e.pose.confidence),
                                           timestamp: e.timestamp, frame: e.frame) : e
        }
        #expect(parsed.events == withoutRemovedPoses.map { .pose($0) })
        #expect(parsed.description == "camera /dev/video0")
    }
}
