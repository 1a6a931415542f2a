import GridEditCore
import GridEditLayout

extension CommandInterpreter {
    /// `play [FILE] [--records DIR]`, `play stop`.
    func play(_ a: inout Arguments) throws(EditError) {
        let first = a.optional()
        try a.end()
        if first == "stop" {
            let document = try requireDocument()
            guard let session = document.play else { throw EditError("\(document.displayName) is not a play board; `play FILE` starts one") }
            session.finish(completed: session.judge.isSolved)
            try service.close(document, discardingChanges: true)
            console.say("play stopped: \(Self.recordSummary(session))", .plain)
            return
        }
        let source: EditorDocument
        if let path = first {
            if let open = service.document(at: path) { source = open } else { source = try service.open(path) }
        } else {
            source = try requireDocument()
        }
        guard source.play == nil else { throw EditError("\(source.displayName) is already a play board; `play stop` ends it") }
        let folder = a.option("--records") ?? playRecords
        let board = try service.startPlay(of: source, recordFolder: folder, hint: a.option("--hint"))
        let session = board.play!
        console.say("playing \(source.displayName) as \(board.displayName): \(session.judge.status)", .plain)
        if let path = session.recordPath { console.say("  record: \(path)", .dim) }
        if liveView { console.documentChanged(board) }
    }

    /// `hint [LEVEL]` on a play board.
    func playHint(_ a: inout Arguments) throws(EditError) {
        let word = a.optional()
        try a.end()
        let document = try requireDocument()
        guard let session = document.play else {
            throw EditError("hints are for play: `play` starts it on the active puzzle (a Sudoku's own `hint` works while editing)")
        }
        var level: Int?
        if let word {
            guard let n = Int(word), (1...3).contains(n) else { throw EditError("the hint level is 1, 2 or 3, not \(word)") }
            level = n
        }
        let hint = session.hint(level: level)
        // Not an edit, but every page shows the hint (and its outline on the board).
        service.didChange?()
        console.say("hint \(session.lastHintLevel): \(hint.text)", .note)
        if let command = hint.command { console.say("  \(command)", .dim) }
        sayRecordWarnings(session)
    }

    /// Prints the judgements the last change made on a play board, and the end when it is solved.
    func sayPlay(_ document: EditorDocument) {
        guard let session = document.play else { return }
        for event in session.takeUnreported() {
            switch event.kind {
            case .place: console.say("  \(event.part): \(event.detail)", event.isError ? .warning : .note)
            case .remove: console.say("  \(event.part): \(event.detail)", .dim)
            case .hint: break
            }
        }
        if session.judge.isSolved && session.isFinished {
            console.say("solved in \(session.record.durationSeconds.decimalText(places: 1)) s: \(Self.recordSummary(session))", .plain)
        }
        sayRecordWarnings(session)
    }

    private func sayRecordWarnings(_ session: PlaySession) {
        for warning in session.warnings { console.say(warning, .warning) }
    }

    static func recordSummary(_ session: PlaySession) -> String {
        let record = session.record
        let errors = record.errors.count
        return "\(record.completed ? "solved" : "not solved"), \(errors) wrong placement\(errors == 1 ? "" : "s"), "
            + "\(record.hintsUsed) hint\(record.hintsUsed == 1 ? "" : "s"), score \(record.score)"
            + (session.recordPath.map { "; record \($0)" } ?? "")
    }
}
