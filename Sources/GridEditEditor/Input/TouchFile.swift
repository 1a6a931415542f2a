import GridEditCore
import GridEditLayout

/// Replays a recorded touch file as a pose source: as fast as the consumer takes the events, or
/// paced by their timestamps (`speed` times real time).
public struct TouchFilePoseSource: PoseSource {
    public enum Pacing: Sendable, Hashable {
        case immediate
        case realTime(speed: Double)
    }

    public let name: String
    public let recording: TouchRecording
    public var pacing: Pacing

    public init(recording: TouchRecording, name: String, pacing: Pacing = .immediate) {
        self.name = name
        self.recording = recording
        self.pacing = pacing
    }

    /// Reads and parses a touch file; errors name the file and line.
    public init(path: String, pacing: Pacing = .immediate) throws(EditError) {
        let bytes: [UInt8]
        switch FileSystem.read(path) {
        case .success(let b): bytes = b
        case .failure(let error): throw EditError("\(path): \(error.message)")
        }
        do {
            self.init(recording: try TouchRecording(parsing: String(decoding: bytes, as: UTF8.self)), name: path, pacing: pacing)
        } catch {
            throw EditError("\(path):\(error.line): \(error.message)")
        }
    }

    public func events() -> AsyncStream<InputEvent> {
        let events = recording.events
        switch pacing {
        case .immediate:
            return AsyncStream { continuation in
                for event in events { continuation.yield(event) }
                continuation.finish()
            }
        case .realTime(let speed):
            return AsyncStream { continuation in
                let task = Task {
                    let start = ContinuousClock.now
                    let first = events.first?.timestamp ?? 0
                    for event in events {
                        let due = start + .milliseconds(Int(((event.timestamp - first) / max(speed, 0.01)) * 1000))
                        try? await Task.sleep(until: due, clock: .continuous)
                        if Task.isCancelled { break }
                        continuation.yield(event)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
