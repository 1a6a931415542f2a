import GridEditCore
import GridEditLayout

extension CommandInterpreter {
    /// `replay TOUCHFILE`: feeds a recorded touch file through ``LiveInput``.
    nonisolated(nonsending) func replay(_ a: inout Arguments) async throws(EditError) -> Result {
        let path = try a.next("a touch file")
        try a.end()
        let (document, _) = try requireTangram()
        var pacing = TouchFilePoseSource.Pacing.immediate
        if let speedText = a.option("--speed") {
            guard let speed = Double(speedText), speed > 0 else { throw EditError("--speed takes a positive number, like 2") }
            pacing = .realTime(speed: speed)
        } else if a.flag("--realtime") {
            pacing = .realTime(speed: 1)
        }
        let source = try TouchFilePoseSource(path: path, pacing: pacing)
        let findingsBefore = document.liveFindings
        let input = LiveInput(service: service, minConfidence: source.recording.minConfidence)
        var events = 0
        var edits = 0
        var ignored: [String] = []
        var failures: [String] = []
        var interrupted = false
        for await event in source.events() {
            if interruptRequested() {
                interrupted = true
                break
            }
            events += 1
            var redraw: EditorDocument?
            if case .realTime = pacing { redraw = service.active }
            for outcome in input.handle(event) {
                say(outcome, edits: &edits, ignored: &ignored, failures: &failures, redraw: redraw)
            }
        }
        for why in ignored.prefix(5) { console.say("  ignored: " + why, .dim) }
        if ignored.count > 5 { console.say("  … and \(ignored.count - 5) more ignored", .dim) }
        let active = service.active ?? document
        let (added, resolved) = GridEditorService.difference(before: findingsBefore, after: active.liveFindings)
        reportChanges(added: added, resolved: resolved)
        sayJournalWarnings()
        console.say("replayed \(path)\(interrupted ? " (interrupted)" : ""): \(events) events, \(edits) edit\(edits == 1 ? "" : "s"), "
                    + "\(ignored.count) ignored; \(active.displayName): \(Self.summary(of: active.findings))", .plain)
        if liveView { console.documentChanged(active) }
        if interrupted { return .failed("replay interrupted after \(events) events") }
        if !failures.isEmpty { return .failed("\(failures.count) gesture\(failures.count == 1 ? "" : "s") of \(path) could not be applied") }
        return .ok
    }

    /// Says what one live-input outcome did, counting edits and collecting what was ignored or
    /// refused; redraws the live view of `redraw` after an edit.
    func say(_ outcome: LiveInput.Outcome, edits: inout Int, ignored: inout [String], failures: inout [String],
             redraw: EditorDocument?) {
        switch outcome {
        case .edited(let result):
            edits += 1
            console.say(result.command.label, .edit)
            for note in result.notes { console.say("  " + note, .note) }
            if let document = service.active { sayPlay(document) }
            if liveView, let redraw { console.documentChanged(redraw) }
        case .ignored(let why):
            ignored.append(why)
        case .failed(let why):
            failures.append(why)
            console.say("  refused: " + why, .warning)
        }
    }
}
