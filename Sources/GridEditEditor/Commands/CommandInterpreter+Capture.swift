import GridEditCore
import GridEditLayout

/// What `capture` asks the front end to start: `gridedit-capture capture --stream` with these
/// source options.
public struct CaptureRequest: Sendable, Hashable {
    /// The options naming the source, for gridedit-capture: `--camera /dev/video0`,
    /// `--video clip.mp4` or `--image a.png b.png`, then `--colors PROFILE` if given.
    public var sourceArguments: [String]
    /// For messages: `camera /dev/video0`, `video clip.mp4`, `image a.png`, `3 images`.
    public var description: String

    public init(sourceArguments: [String], description: String) {
        self.sourceArguments = sourceArguments
        self.description = description
    }

    /// Reads `--camera DEVICE | --video FILE | --image FILE…` and `--colors PROFILE`.
    init(_ a: inout Arguments) throws(EditError) {
        var sources: [(arguments: [String], description: String)] = []
        if let device = a.option("--camera") { sources.append((["--camera", device], "camera \(device)")) }
        if let video = a.option("--video") { sources.append((["--video", video], "video \(video)")) }
        if a.flag("--image") {
            let images = a.remaining
            guard !images.isEmpty else { throw EditError("--image needs one or more image files, like `capture --image mat.jpg`") }
            sources.append((["--image"] + images, images.count == 1 ? "image \(images[0])" : "\(images.count) images"))
            while a.optional() != nil {}
        }
        try a.end()
        guard sources.count == 1 else {
            throw EditError(sources.isEmpty
                ? "capture needs a source: --camera /dev/video0, --video FILE or --image FILE…"
                : "capture takes one source at a time (--camera, --video or --image)")
        }
        var arguments = sources[0].arguments
        if let colors = a.option("--colors") { arguments += ["--colors", colors] }
        self.init(sourceArguments: arguments, description: sources[0].description)
    }
}

/// What happens during a capture, in order, as the front end reports it.
public enum CaptureSignal: Sendable {
    /// The stream's header: what it is and the confidence under which poses are ignored.
    case header(description: String?, minConfidence: Double)
    /// A pose from the camera, already debounced (gridedit-capture runs a ``PoseTracker``).
    case event(InputEvent)
    /// A line of status from gridedit-capture (`mat not visible: 2 of 8 markers`).
    case status(String)
    /// The designer pressed Enter: keep what was captured.
    case finish
    /// The designer pressed Ctrl-C: take it all back.
    case cancel
    /// The source ended by itself (a video or the images ran out: keep what was captured), or
    /// failed with this message (take it all back).
    case ended(failure: String?)
}

extension CommandInterpreter {
    /// `capture --camera DEVICE | --video FILE | --image FILE… [--colors PROFILE]`: poses from a
    /// camera are applied to the active tangram as they arrive, through ``LiveInput`` (snapped,
    /// anchored, validated, drawn), and become one undo step labelled `capture` when the designer
    /// presses Enter or the source ends; Ctrl-C or a failure of the source puts the puzzle back
    /// as it was.
    nonisolated(nonsending) func capture(_ a: inout Arguments) async throws(EditError) -> Result {
        let request = try CaptureRequest(&a)
        let (document, _) = try requireTangram()
        guard let startCapture else {
            throw EditError("capture runs gridedit-capture, which only the gridedit command line can start")
        }
        let signals = try startCapture(request)
        let group = service.beginGroup(on: document)
        let findingsBefore = document.liveFindings
        let input = LiveInput(service: service)
        console.say("capturing from \(request.description) into \(document.displayName)"
                    + (console.isInteractive ? ": press Enter to keep what the view shows, Ctrl-C to cancel" : ""), .note)
        var events = 0
        var edits = 0
        var ignored: [String] = []
        var end: CaptureSignal = .ended(failure: nil)
        receiving: for await signal in signals {
            switch signal {
            case .header(_, let minConfidence):
                input.minConfidence = minConfidence
            case .status(let line):
                console.say(line, .dim)
            case .event(let event):
                events += 1
                var refused: [String] = []
                for outcome in input.handle(event) {
                    say(outcome, edits: &edits, ignored: &ignored, failures: &refused, redraw: document)
                }
            case .finish, .cancel, .ended:
                end = signal
                break receiving
            }
        }
        for why in ignored.prefix(5) { console.say("  ignored: " + why, .dim) }
        if ignored.count > 5 { console.say("  … and \(ignored.count - 5) more ignored", .dim) }

        switch end {
        case .cancel, .ended(failure: .some):
            try service.cancelGroup(group)
            sayJournalWarnings()
            if liveView { console.documentChanged(document) }
            if case .ended(let failure?) = end {
                return .failed("capture from \(request.description) failed: \(failure); \(document.displayName) is unchanged")
            }
            return .failed("capture cancelled; \(document.displayName) is as it was")
        default:
            let kept = try service.commitGroup(group, label: "capture")
            let (added, resolved) = GridEditorService.difference(before: findingsBefore, after: document.liveFindings)
            reportChanges(added: added, resolved: resolved)
            sayJournalWarnings()
            let what = kept == nil ? "nothing changed" : "\(edits) edit\(edits == 1 ? "" : "s") kept as one undo step"
            console.say("captured from \(request.description): \(events) event\(events == 1 ? "" : "s"), \(what); "
                        + "\(document.displayName): \(Self.summary(of: document.findings))", .plain)
            if liveView { console.documentChanged(document) }
            return .ok
        }
    }
}
