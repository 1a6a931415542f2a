import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// Shipped files and fixtures by path relative to the repository root.
enum Files {
    static var root: URL { GridEditBinary.repositoryRoot }
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static var templates: String { path("templates") }
    static var squareScattered: String { path("Tests/Fixtures/editor/square-scattered.json") }
    static var squareTouches: String { path("Tests/Fixtures/editor/square-build.touches.jsonl") }
    static var classicSquare: String { path("puzzles/tangram-starter/square.json") }
}

/// A service with a fixed clock, the shipped templates and journals in a temporary folder.
func makeService(journals: TemporaryFolder? = nil) -> GridEditorService {
    GridEditorService(environment: EditorEnvironment(
        now: { "2026-12-01T10:00:00Z" }, templatesFolder: Files.templates,
        journals: journals.map { JournalStore(folder: $0.path + "/journals") }))
}

/// A copy of a shipped file in a temporary folder, so tests can save over it.
func copy(_ source: String, into folder: TemporaryFolder, as name: String? = nil) throws -> String {
    let target = folder.file(name ?? URL(fileURLWithPath: source).lastPathComponent)
    try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: target)
    return target.path
}

/// Exact values from text, for readable tests.
func x(_ text: String) -> Exact { Exact(parsing: text)! }
func point(_ a: String, _ b: String) -> Point { Point(x(a), x(b)) }

func pose(_ piece: TangramPiece, _ px: String, _ py: String, _ degrees: Int = 0, flipped: Bool = false) -> Pose {
    Pose(piece: piece, position: point(px, py), rotation: Rotation(degrees: degrees)!, flipped: flipped)
}

let testMetadata = PuzzleMetadata(id: "test", name: "Test", difficulty: .easy,
                                  createdAt: "2026-11-22T09:00:00Z", updatedAt: "2026-11-22T09:00:00Z")

func tangram(_ poses: [Pose], tray: [Pose] = []) -> TangramPuzzle {
    TangramPuzzle(metadata: testMetadata, pieces: poses, tray: tray.isEmpty ? nil : tray)
}

func editor(_ poses: [Pose], groups: GroupTable = GroupTable(), settings: SnapSettings = SnapSettings()) -> TangramEditor {
    TangramEditor(puzzle: tangram(poses), groups: groups, layer: .solution, settings: settings)
}

/// The poses a proposal leaves the layer in.
func after(_ proposal: Proposal, on editor: TangramEditor) throws -> [Pose] {
    var state = EditorState(puzzle: editor.puzzle, groups: editor.groups)
    try proposal.command.apply(to: &state)
    return TangramKind.poses(editor.layer.arrangement, of: state.puzzle as! TangramPuzzle)
}

/// Typed views of the puzzle being edited, for readable tests.
extension EditorState {
    var tangram: TangramPuzzle? { puzzle as? TangramPuzzle }
    var sudoku: SudokuPuzzle? { puzzle as? SudokuPuzzle }
    /// The Tangram's solution arrangement (`pieces`).
    var solution: [Pose] { tangram?.pieces ?? [] }
}

extension EditorDocument {
    var tangram: TangramPuzzle? { state.tangram }
    var sudoku: SudokuPuzzle? { state.sudoku }
    var solution: [Pose] { state.solution }
}

/// Records what the interpreter says and answers its questions from a script.
final class CapturingConsole: EditorConsole {
    var isInteractive: Bool
    var answers: [Character?]
    private(set) var lines: [(text: String, style: MessageStyle)] = []
    private(set) var questions: [String] = []
    private(set) var shown = 0
    private(set) var changed = 0

    init(interactive: Bool = false, answers: [Character?] = []) {
        self.isInteractive = interactive
        self.answers = answers
    }

    var text: String { lines.map(\.text).joined(separator: "\n") }

    func say(_ text: String, _ style: MessageStyle) { lines.append((text, style)) }

    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character? {
        questions.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    func documentChanged(_ document: EditorDocument) { changed += 1 }
    func show(_ document: EditorDocument) { shown += 1 }
}
