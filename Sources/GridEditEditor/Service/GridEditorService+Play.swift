import GridEditCore
import GridEditLayout

extension GridEditorService {
    /// Starts play mode on a puzzle: a new board document (the child's view: a tangram's figure
    /// with every piece in the tray, a Sudoku's givens), made active, whose every change, from
    /// any input, is judged by the kind's judge. The solutions are worked out here, once. The
    /// record is written to `recordFolder` (created if need be) as `ID-START-N.json`, or kept in
    /// memory when it is nil. `hint` is how much of the answer the child is shown (the kind's
    /// word: a tangram's `shape`, `outline`, `pieces`).
    @discardableResult
    public func startPlay(of source: EditorDocument, recordFolder: String?, hint: String? = nil) throws(EditError) -> EditorDocument {
        let puzzle = source.puzzle
        let start = try EditingKinds.of(source).play(puzzle, hint: hint)
        let id = puzzle.metadata.id
        let serial = takeSerial()
        var recordPath: String?
        if let recordFolder {
            do throws(FileSystem.Failure) { try FileSystem.makeFolders(recordFolder) } catch {
                throw EditError("\(error.message); pick another folder for play records with --records")
            }
            let stamp = environment.now().filter { $0.isNumber || $0 == "T" }
            var path = FileSystem.join(recordFolder, "\(id)-\(stamp)-\(serial).json")
            var extra = 1
            while FileSystem.exists(path) {
                extra += 1
                path = FileSystem.join(recordFolder, "\(id)-\(stamp)-\(serial)-\(extra).json")
            }
            recordPath = path
        }
        let record = PlayRecord(id: "\(id)-\(serial)", activityId: id, kind: puzzle.kindName, source: source.path, startTime: "")
        let session = PlaySession(judge: start.judge, record: record, recordPath: recordPath)
        let board = EditorDocument(serial: serial, path: nil, puzzle: start.board, schemaReference: nil, fingerprint: nil)
        board.play = session
        board.settings = source.settings
        board.playName = "play-\(serial) (\(source.displayName))"
        add(board)
        return board
    }
}
