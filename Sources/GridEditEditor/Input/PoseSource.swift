import GridEditGeometry

/// A pose of a physical or virtual object as a device reports it: approximate (a camera, a
/// finger), in play-area units (origin bottom-left, y up), before any snapping.
public struct PoseEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The object appeared.
        case detected
        /// The object is somewhere else (or turned, or flipped).
        case moved
        /// The object left (was taken off the board).
        case removed
    }

    public var kind: Kind
    /// Which object: a piece id such as `large-1`.
    public var objectID: String
    /// Where the object's origin (its local vertex 0, as in the file format) is, in units.
    public var x: Double
    public var y: Double
    /// Counter-clockwise, in degrees.
    public var rotation: Double
    public var flipped: Bool
    /// 0…1; events below the consumer's threshold are ignored.
    public var confidence: Double
    /// Seconds since the recording started.
    public var timestamp: Double
    /// The camera frame (or input frame) the event belongs to.
    public var frame: Int
    /// Where vertex 0 is exactly, when the source has already snapped the pose (gridedit-capture
    /// snaps a whole layout at once, which places 45° pieces better than piece by piece); then
    /// `x` and `y` are its approximation and the editor neither grid-snaps nor anchors it again.
    public var exact: Point?

    public init(kind: Kind, objectID: String, x: Double, y: Double, rotation: Double, flipped: Bool = false,
                confidence: Double = 1, timestamp: Double, frame: Int, exact: Point? = nil) {
        self.kind = kind
        self.objectID = objectID
        self.x = x
        self.y = y
        self.rotation = rotation
        self.flipped = flipped
        self.confidence = confidence
        self.timestamp = timestamp
        self.frame = frame
        self.exact = exact
    }
}

/// A raw pointer event from a touch screen, in play-area units. Gestures (drag, two-finger
/// rotate, tap to flip) are recognised by the editor from these, with hit testing against the
/// document as it stands when each event arrives.
public struct TouchEvent: Sendable, Hashable {
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        case down, move, up
    }

    public var phase: Phase
    /// Identifies one finger from its `down` to its `up`.
    public var pointer: Int
    public var x: Double
    public var y: Double
    public var timestamp: Double
    public var frame: Int

    public init(phase: Phase, pointer: Int, x: Double, y: Double, timestamp: Double, frame: Int) {
        self.phase = phase
        self.pointer = pointer
        self.x = x
        self.y = y
        self.timestamp = timestamp
        self.frame = frame
    }
}

/// One input event: an object pose (a camera) or a raw touch.
public enum InputEvent: Sendable, Hashable {
    case pose(PoseEvent)
    case touch(TouchEvent)

    public var timestamp: Double {
        switch self {
        case .pose(let e): e.timestamp
        case .touch(let e): e.timestamp
        }
    }
}

/// Where object poses enter the editor: a stream of events, consumed by ``LiveInput``, which
/// applies them to the active document with hit testing, snapping and anchoring. Two sources:
/// a recorded touch file (``TouchFilePoseSource``), and the camera (the REPL's `CameraPoseSource`,
/// which reads the same lines live from `gridedit-capture capture --stream`).
public protocol PoseSource: Sendable {
    /// For messages: the file name, the camera name.
    var name: String { get }
    /// The events, in order. The stream finishes when the source has no more (a file) or stops.
    func events() -> AsyncStream<InputEvent>
}
