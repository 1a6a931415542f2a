import GridEditCore
import GridEditLayout

extension CommandInterpreter {
    /// `pin PIECE...`
    func pin(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        var pieces: [TangramPiece] = []
        while let word = a.optional() { pieces.append(try Self.piece(named: word)) }
        try perform(try editor.pin(pieces), on: document)
    }

    /// `unpin PIECE...` or `unpin all`.
    func unpin(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        if a.peek() == "all" {
            _ = a.optional()
            try a.end()
            try perform(try editor.unpinAll(), on: document)
            return
        }
        var pieces: [TangramPiece] = []
        while let word = a.optional() { pieces.append(try Self.piece(named: word)) }
        try perform(try editor.unpin(pieces), on: document)
    }
}
