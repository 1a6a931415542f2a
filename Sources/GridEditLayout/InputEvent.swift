/// A piece appeared, moved or left, as a device reports it: a line of a touch file, or of the
/// camera stream.
public struct PoseEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The piece appeared.
        case detected
        /// The piece is somewhere else (or turned, or flipped).
        case moved
        /// The piece left (was taken off the board).
        case removed
    }

    public var kind: Kind
    /// Which piece, and where (a `removed` event's pose says only which piece).
    public var pose: ApproximatePose
    /// Seconds since the recording started.
    public var timestamp: Double
    /// The camera frame (or input frame) the event belongs to.
    public var frame: Int

    public init(kind: Kind, pose: ApproximatePose, timestamp: Double, frame: Int) {
        self.kind = kind
        self.pose = pose
        self.timestamp = timestamp
        self.frame = frame
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

/// One input event: a piece's pose (a camera) or a raw touch.
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
