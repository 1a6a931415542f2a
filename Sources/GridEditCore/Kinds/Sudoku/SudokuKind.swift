import GridEditJSON

/// Sudoku files: `size`, `givens` (one string per row), optional `solution`.
public enum SudokuKind: PuzzleKind {
    public static let name = "sudoku"
    public static let keys = ["size", "givens", "solution"]

    public static let rules: [any Rule<SudokuPuzzle>] = [
        GivenConflictRule(),
        SolutionInvalidRule(),
        NoSolutionRule(),
        MultipleSolutionsRule(),
        SudokuDifficultyMismatchRule(),
        SudokuConflictRule(),
    ]

    public static let decodingRules: [any DocumentedRule.Type] = [SudokuSizeRule.self, SudokuValueOutOfRangeRule.self]

    public static func decode(_ object: ObjectReader, metadata: PuzzleMetadata,
                              context: DecodeContext) -> SudokuPuzzle? {
        guard let sizeNode = object.required("size") else { return nil }
        guard let n = context.int(sizeNode, in: 1...99), let size = SudokuSize(rawValue: n) else {
            if case .number(let number) = sizeNode.value, number.intValue != nil {
                context.report(SudokuSizeRule.self, "size \(number.literal) is not supported; use 4, 6 or 9", at: sizeNode)
            }
            return nil
        }
        let givens = object.required("givens").flatMap { decodeGrid($0, size: size, digitsOnly: false, context: context) }
        let solution = object.optional("solution").flatMap { decodeGrid($0, size: size, digitsOnly: true, context: context) }
        guard let givens, !context.hasErrors else { return nil }
        return SudokuPuzzle(metadata: metadata, givens: givens, solution: solution)
    }

    public static func encodeFields(_ puzzle: SudokuPuzzle) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [
            .init("size", .number(String(puzzle.size.rawValue))),
            .init("givens", .array(puzzle.givens.rowStrings.map(JSONValue.string))),
        ]
        if let solution = puzzle.solution {
            members.append(.init("solution", .array(solution.rowStrings.map(JSONValue.string))))
        }
        return members
    }

    public static func summary(_ puzzle: SudokuPuzzle) -> String {
        "\(puzzle.size.rawValue)×\(puzzle.size.rawValue)"
    }

    /// Reads `size` row strings; each problem cell is reported at its own column.
    static func decodeGrid(_ node: JSONNode, size: SudokuSize, digitsOnly: Bool,
                           context: DecodeContext) -> SudokuGrid? {
        guard let rows = context.array(node) else { return nil }
        let n = size.rawValue
        var ok = true
        if rows.count != n {
            context.report(SudokuSizeRule.self, "a \(n)×\(n) grid has \(n) rows; this one has \(rows.count)", at: node)
            ok = false
        }
        var cells: [UInt8] = []
        for row in rows.prefix(n) {
            guard let text = context.string(row) else { ok = false; continue }
            let chars = Array(text.unicodeScalars)
            if chars.count != n {
                context.report(SudokuSizeRule.self, "row has \(chars.count) cells; a \(n)×\(n) row has \(n)", at: row)
                ok = false
                continue
            }
            for (i, c) in chars.enumerated() {
                if c == "." && !digitsOnly { cells.append(0); continue }
                if let d = Character(c).wholeNumberValue, c.isASCII, (1...n).contains(d) { cells.append(UInt8(d)); continue }
                let allowed = digitsOnly ? "a digit 1–\(n)" : "a digit 1–\(n) or . for an empty cell"
                context.report(SudokuValueOutOfRangeRule.finding(
                    "\(Excerpt.quoted(String(c))) in \(cellName((cells.count / n, i))) is not allowed: use \(allowed)",
                    at: row.path, location: context.location(ofScalar: i, inString: row)))
                ok = false
                cells.append(0)
            }
        }
        guard ok else { return nil }
        return SudokuGrid(size: size, cells: cells)
    }
}

