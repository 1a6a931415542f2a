import GridEditEditor

/// The console of the page's command interpreter: it keeps the lines a command prints, for the
/// reply (and for the REPL's note about the edit). It cannot ask questions, so anything that
/// would ask (closing with unsaved changes, say) fails with a message, as in a script.
final class BrowserConsole: EditorConsole {
    struct Line {
        var text: String
        var style: MessageStyle
    }

    private(set) var lines: [Line] = []

    var isInteractive: Bool { false }

    func say(_ text: String, _ style: MessageStyle) { lines.append(Line(text: text, style: style)) }

    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character? { nil }

    func documentChanged(_ document: EditorDocument) {}

    func show(_ document: EditorDocument) {}

    /// The lines printed since the last call.
    func take() -> [Line] {
        defer { lines = [] }
        return lines
    }
}

/// The REPL verbs a page may send as `command` messages: every kind's commands (edits and views
/// of the puzzle, from its ``KindEditing`` entry), undo and redo, and views. Verbs that name files
/// (`open`, `new`, `save as`, `render`, `replay`, `capture`, `recover`) have their own messages
/// whose paths go through ``ServedFolder/resolve(_:mustExist:)``, or are not offered.
enum BrowserCommands {
    static let editorVerbs: Set<String> = ["undo", "redo", "history", "validate", "meta", "list", "switch", "play", "hint"]

    static var allowed: Set<String> {
        editorVerbs.union(EditingKinds.commands.filter(\.fromPage).map(\.spec.name))
    }

    /// Nil when the line may run; else why not.
    static func refusal(_ line: String) -> String? {
        guard let words = try? Tokenizer.split(line).map(\.text), let first = words.first else { return nil }
        // The page plays the active puzzle; a file is opened with the open message first.
        let hinted = words.count == 3 && words[1] == "--hint"
        if CommandSpec.named(first)?.name == "play", words.count > 1, words != [first, "stop"], !hinted {
            return "the page plays the active puzzle: send `play` or `play stop` (open a file with the open message first)"
        }
        guard let spec = CommandSpec.named(first), allowed.contains(spec.name) else {
            return "\"\(first)\" cannot be sent from the page; the page sends \(allowed.sorted().joined(separator: ", ")) "
                + "(files are opened, created and saved with the open, new and save messages)"
        }
        return nil
    }
}
