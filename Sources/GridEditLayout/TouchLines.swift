import GridEditCore
import GridEditGeometry
import GridEditJSON

/// A recorded touch file: JSON Lines, an optional header line then one event per line (see
/// docs/editor.md, "Touch files"). Parsed completely up front, so a malformed file is refused with
/// its line number before anything is applied.
public struct TouchRecording: Sendable {
    public static let version = 1

    public var description: String?
    /// Pose events below this confidence are ignored (default 0.5).
    public var minConfidence: Double
    public var events: [InputEvent]

    public init(description: String? = nil, minConfidence: Double = 0.5, events: [InputEvent]) {
        self.description = description
        self.minConfidence = minConfidence
        self.events = events
    }

    public init(parsing text: String) throws(JSONLineError) {
        var reader = TouchLineReader()
        var description: String?
        var minConfidence = 0.5
        var events: [InputEvent] = []
        for line in numberedLines(text) {
            switch try reader.read(line.text, number: line.number) {
            case .header(let d, let m):
                description = d
                minConfidence = m
            case .event(let event):
                events.append(event)
            }
        }
        self.init(description: description, minConfidence: minConfidence, events: events)
    }

    /// The file text of a recording (a header, then one event per line).
    public var text: String {
        ([headerLine] + events.map(Self.line(for:))).joined(separator: "\n") + "\n"
    }

    /// The header line: `{"touchFile":1,…}`. A live stream starts with it too.
    public var headerLine: String {
        var header: [JSONValue.Member] = [.init("touchFile", .int(Self.version))]
        if let description { header.append(.init("description", .string(description))) }
        if minConfidence != 0.5 { header.append(.init("minConfidence", .double(minConfidence))) }
        return JSONValue.object(header).compactText
    }

    /// One event as a line of the file (or of a live stream).
    public static func line(for event: InputEvent) -> String {
        switch event {
        case .touch(let e):
            return JSONValue.fields(["t": .double(e.timestamp), "frame": .int(e.frame), "type": .string(e.phase.rawValue),
                                     "pointer": .int(e.pointer), "x": .double(e.x), "y": .double(e.y)]).compactText
        case .pose(let e):
            let pose = e.pose
            var members: [JSONValue.Member] = [
                .init("t", .double(e.timestamp)), .init("frame", .int(e.frame)), .init("type", .string(e.kind.rawValue)),
                .init("object", .string(pose.piece.rawValue)),
            ]
            if e.kind != .removed {
                members += [.init("x", .double(pose.x)), .init("y", .double(pose.y))]
                if let exact = pose.exact { members += [.init("exactX", .string(exact.x.description)), .init("exactY", .string(exact.y.description))] }
                members.append(.init("rotation", .double(pose.degrees)))
                if pose.flipped { members.append(.init("flip", .bool(true))) }
            }
            if pose.confidence != 1 { members.append(.init("confidence", .double(pose.confidence))) }
            return JSONValue.object(members).compactText
        }
    }
}

/// Reads a touch file one line at a time, with the same rules whether the lines come from a file
/// (``TouchRecording``) or live from another program (`gridedit-capture capture --stream` writes
/// exactly this format to its standard output, one line per event as it happens).
public struct TouchLineReader: Sendable {
    /// One line: the header (only as the first line), or an event.
    public enum Line: Sendable, Hashable {
        case header(description: String?, minConfidence: Double)
        case event(InputEvent)
    }

    static let headerKeys: Set<String> = ["touchFile", "description", "minConfidence"]
    static let touchKeys: Set<String> = ["t", "frame", "type", "pointer", "x", "y"]
    static let poseKeys: Set<String> = ["t", "frame", "type", "object", "x", "y", "exactX", "exactY", "rotation", "flip", "confidence"]

    private var lines = 0
    private var lastTime = -Double.infinity
    private var frame = 0

    public init() {}

    /// Reads one non-blank line; `number` is its line number, for the error.
    public mutating func read(_ text: Substring, number: Int) throws(JSONLineError) -> Line {
        try read(LineObject(parsing: text, line: number))
    }

    /// Reads one line already parsed (the page's touch message carries the event's object).
    public mutating func read(_ object: LineObject) throws(JSONLineError) -> Line {
        lines += 1
        if lines == 1 && object.has("touchFile") {
            try Self.checkKeys(object, allowed: Self.headerKeys)
            guard try object.int("touchFile") == TouchRecording.version else {
                throw object.fail("touchFile \(try object.int("touchFile")) is not a version this gridedit reads (\(TouchRecording.version))")
            }
            return .header(description: try object.optionalString("description"),
                           minConfidence: try object.optionalDouble("minConfidence") ?? 0.5)
        }
        let time = try object.double("t")
        guard time >= lastTime else { throw object.fail("\"t\" goes back in time (\(time) after \(lastTime)); events must be in order") }
        lastTime = time
        if let f = try object.optionalInt("frame") {
            guard f >= frame else { throw object.fail("\"frame\" goes back (\(f) after \(frame))") }
            frame = f
        }
        let type = try object.string("type")
        if let phase = TouchEvent.Phase(rawValue: type) {
            try Self.checkKeys(object, allowed: Self.touchKeys)
            return .event(.touch(TouchEvent(phase: phase, pointer: try object.int("pointer"), x: try object.double("x"),
                                            y: try object.double("y"), timestamp: time, frame: frame)))
        }
        guard let kind = PoseEvent.Kind(rawValue: type) else {
            throw object.fail("unknown \"type\" \"\(type)\"; use down, move, up (touches) or detected, moved, removed (poses)")
        }
        try Self.checkKeys(object, allowed: Self.poseKeys)
        let removed = kind == .removed
        var exact: Point?
        switch (try object.optionalString("exactX"), try object.optionalString("exactY")) {
        case (nil, nil): break
        case (let x?, let y?):
            guard let ex = Exact(parsing: x), let ey = Exact(parsing: y) else {
                throw object.fail("\"exactX\"/\"exactY\" must be exact numbers such as \"2.25+√2\"")
            }
            exact = Point(ex, ey)
        default:
            throw object.fail("give both \"exactX\" and \"exactY\", or neither")
        }
        let objectName = try object.string("object")
        guard let piece = TangramPiece(rawValue: objectName) else {
            throw object.fail("unknown \"object\" \"\(objectName)\"; objects are piece ids such as large-1")
        }
        let pose = ApproximatePose(
            piece: piece,
            x: removed ? try object.optionalDouble("x") ?? 0 : try object.double("x"),
            y: removed ? try object.optionalDouble("y") ?? 0 : try object.double("y"),
            degrees: removed ? try object.optionalDouble("rotation") ?? 0 : try object.double("rotation"),
            flipped: try object.optionalBool("flip") ?? false,
            confidence: try object.optionalDouble("confidence") ?? 1,
            exact: exact)
        return .event(.pose(PoseEvent(kind: kind, pose: pose, timestamp: time, frame: frame)))
    }

    static func checkKeys(_ object: LineObject, allowed: Set<String>) throws(JSONLineError) {
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw object.fail("unknown key \"\(unknown)\" (allowed here: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
