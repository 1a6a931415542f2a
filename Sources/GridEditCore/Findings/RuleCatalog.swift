/// One line about each rule id, for reports that describe their rules (SARIF). The full
/// table, with what to do, is docs/format.md.
public enum RuleCatalog {
    public static func summary(of id: String) -> String {
        summaries[id] ?? "see docs/format.md"
    }

    static let summaries: [String: String] = [
        "io.read": "The file cannot be read.",
        "check.timeout": "Checking the file took longer than the allowed time.",
        "json.syntax": "The file is not strict JSON.",
        "json.duplicate-key": "A key appears twice in one object.",
        "json.invalid-unicode": "Invalid UTF-8 or a lone surrogate.",
        "json.too-deep": "Nesting deeper than 64 levels.",
        "json.number-range": "A number that cannot be represented.",
        "schema.type": "A value of the wrong JSON type.",
        "schema.required": "A required key is missing.",
        "schema.unknown-key": "A key the format does not define.",
        "schema.value": "A value outside its allowed set or pattern.",
        "schema.exact-number": "A coordinate that is not an exact a + b√2 with quarter steps.",
        "schema.unknown-document": "A .json file that is neither a puzzle nor a pack manifest.",
        "format.unsupported-version": "formatVersion newer than this gridedit understands.",
        "format.schema-reference": "$schema is missing or does not point at the gridedit schema.",
        "tangram.piece-set": "A piece is missing, repeated or unknown.",
        "tangram.overlap": "Two pieces overlap.",
        "tangram.out-of-bounds": "A piece leaves the 8×8 play area.",
        "tangram.disconnected": "The pieces form more than one figure.",
        "tangram.silhouette-shape": "A silhouette ring is not a simple polygon or has the wrong orientation.",
        "tangram.silhouette-area": "The silhouette's area is not 8.",
        "tangram.solution-mismatch": "The stored arrangement does not cover exactly the stored silhouette.",
        "tangram.unsolvable": "No arrangement of the seven pieces fills the silhouette.",
        "tangram.difficulty-mismatch": "The stored difficulty is far from the solver's estimate.",
        "sudoku.size": "Rows or row lengths do not match the size.",
        "sudoku.value-out-of-range": "A digit outside 1…size, or a character that is not a digit or '.'.",
        "sudoku.given-conflict": "Two equal givens in one row, column or box.",
        "sudoku.solution-invalid": "The stored solution breaks a rule or disagrees with a given.",
        "sudoku.no-solution": "The givens cannot be completed.",
        "sudoku.multiple-solutions": "The givens have more than one solution.",
        "sudoku.difficulty-mismatch": "The stored difficulty is not the grade of the hardest technique needed.",
        "sudoku.conflict": "An entered digit of the editor's working grid repeats a digit in its unit.",
        "pack.missing-manifest": "A folder of puzzles without pack.json.",
        "pack.path-escape": "A manifest path leaves the pack folder.",
        "pack.missing-file": "A listed puzzle file does not exist.",
        "pack.duplicate-entry": "A file is listed twice.",
        "pack.unlisted-file": "A puzzle file the manifest does not list.",
        "pack.duplicate-id": "Two puzzles of one pack share an id.",
        "pack.difficulty-order": "The pack's list does not go from easy to hard.",
        "pack.duplicate-puzzle": "Two puzzles of the pack ask for the same figure (or are the same Sudoku in disguise).",
    ]
}
