import GridEditLayout

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
