import GridEditJSON

/// The solution uses each of the seven pieces exactly once; a tray names no piece twice.
struct PieceSetRule: Rule {
    static let id = "tangram.piece-set"
    static let summary = "A piece is missing, repeated or unknown."

    func check(_ puzzle: TangramPuzzle) -> [Finding] {
        var findings: [Finding] = []
        if let pieces = puzzle.pieces {
            findings += check(pieces, field: "pieces", requireAll: true)
        }
        if let tray = puzzle.tray {
            findings += check(tray, field: "tray", requireAll: false)
        }
        return findings
    }

    private func check(_ poses: [Pose], field: String, requireAll: Bool) -> [Finding] {
        var findings: [Finding] = []
        var firstIndex: [TangramPiece: Int] = [:]
        for (index, pose) in poses.enumerated() {
            if let first = firstIndex[pose.piece] {
                findings.append(finding("\(pose.piece.rawValue) appears twice (first at \(field)[\(first)]); each piece is used once",
                                        at: JSONPath.root.appending(key: field).appending(index: index)))
            } else {
                firstIndex[pose.piece] = index
            }
        }
        let missing = TangramPiece.allCases.filter { firstIndex[$0] == nil }
        if requireAll && !missing.isEmpty {
            let names = missing.map(\.rawValue).joined(separator: ", ")
            findings.append(finding("the solution must place all 7 pieces; missing: \(names)",
                                    at: JSONPath.root.appending(key: field)))
        }
        return findings
    }
}
