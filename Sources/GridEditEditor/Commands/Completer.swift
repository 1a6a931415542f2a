#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore

/// What Tab should do for a partly typed word.
public struct Completion: Sendable, Equatable {
    /// The word being completed, as read (escapes removed).
    public var word: String
    /// Full replacements for the word, sorted.
    public var candidates: [String]
    /// What to show when listing the candidates (the last path component for paths).
    public var display: [String]

    /// Text to insert at the cursor (escaped), and the candidates to list when the insertion
    /// alone cannot decide (two or more candidates and no longer common prefix).
    public var action: (insert: String, list: [String]) {
        guard let first = candidates.first else { return ("", []) }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        guard common.count >= word.count, common.hasPrefix(word) else { return ("", candidates.count > 1 ? display : []) }
        var insert = Tokenizer.escape(String(common.dropFirst(word.count)))
        if candidates.count == 1 && !first.hasSuffix("/") { insert += " " }
        return (insert, insert.isEmpty && candidates.count > 1 ? display : [])
    }
}

/// Tab completion for the editor language: command names first, then each argument by its kind
/// (pieces of the active puzzle, template names, file paths, keywords).
public struct Completer {
    public let service: GridEditorService
    public var environment: [String: String]
    public var commands: [CommandSpec]

    public init(service: GridEditorService, environment: [String: String] = [:], commands: [CommandSpec] = CommandSpec.all) {
        self.service = service
        self.environment = environment
        self.commands = commands
    }

    public func complete(_ lineBeforeCursor: String) -> Completion {
        let (words, current) = Tokenizer.partial(lineBeforeCursor)
        let word = current.text
        guard let command = words.first else {
            return simple(word, commands.map(\.name))
        }
        guard let spec = CommandSpec.named(command.text, in: commands) else { return Completion(word: word, candidates: [], display: []) }
        if word.hasPrefix("-") { return simple(word, spec.flags) }
        if spec.name == "capture", let option = words.dropFirst().last?.text, let value = captureValue(word, after: option) { return value }
        let positional = words.dropFirst().filter { !$0.text.hasPrefix("--") }.map(\.text)
        var index = positional.count
        // `save as PATH`, `rotate P A about X Y`: the keyword shifts what follows.
        if spec.name == "save" && positional.first == "as" { index = 1 }
        guard !spec.arguments.isEmpty else { return Completion(word: word, candidates: [], display: []) }
        if index >= spec.arguments.count {
            guard spec.repeatsLast else { return Completion(word: word, candidates: [], display: []) }
            index = spec.arguments.count - 1
        }
        switch spec.arguments[index] {
        case .piece(let placement):
            let excluded = Set(positional.compactMap { try? CommandInterpreter.piece(named: $0).rawValue })
            // `unpin all` instead of pieces: offered only as the first word.
            let all = spec.name == "unpin" && positional.isEmpty ? ["all"] : []
            return simple(word, pieces(placement).filter { !excluded.contains($0) } + all)
        case .path(let extensions):
            return paths(word, extensions: extensions)
        case .template:
            return simple(word, TemplateLocator.names(in: service.environment.templatesFolder))
        case .command:
            return simple(word, commands.map(\.name))
        case .document:
            return simple(word, service.documents.map(\.displayName))
        case .words(let options):
            return simple(word, options)
        case .snapTarget:
            return simple(word, ["grid", "rotation", "anchors", "radius"] + pieces(.placed))
        case .metaField:
            return simple(word, ["id", "name", "difficulty", "author", "description", "tags"])
        case .value:
            if spec.name == "meta", positional.first == "difficulty" {
                return simple(word, Difficulty.allCases.map(\.rawValue))
            }
            return Completion(word: word, candidates: [], display: [])
        }
    }

    /// The value of a `capture` option: a camera device, a video, a colour profile.
    private func captureValue(_ word: String, after option: String) -> Completion? {
        switch option {
        case "--camera":
            let devices = paths(word.isEmpty ? "/dev/video" : word, extensions: [])
            return Completion(word: word, candidates: devices.candidates, display: devices.display)
        case "--video": return paths(word, extensions: ["mp4", "mkv", "avi", "mov", "webm"])
        case "--colors": return paths(word, extensions: ["json"])
        default: return nil
        }
    }

    private func simple(_ word: String, _ options: [String]) -> Completion {
        let matches = Array(Set(options.filter { $0.hasPrefix(word) })).sorted()
        return Completion(word: word, candidates: matches, display: matches)
    }

    /// Candidates for a piece argument, from the active document's kind entry (or, with none
    /// open or another kind active, from whichever kind knows the argument).
    private func pieces(_ placement: CommandSpec.Argument.Placement) -> [String] {
        let argument = CommandSpec.Argument.piece(placement)
        if let document = service.active, let found = EditingKinds.of(document).completions(for: argument, in: document) {
            return found
        }
        return EditingKinds.all.lazy.compactMap { $0.completions(for: argument, in: nil) }.first ?? []
    }

    /// Files and folders matching a partial path; folders end in `/`, files must have one of the
    /// extensions (when there are files with them; otherwise any file is offered).
    private func paths(_ word: String, extensions: [String]) -> Completion {
        let slash = word.lastIndex(of: "/")
        let folderPart = slash.map { String(word[...$0]) } ?? ""
        let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var folder = folderPart.isEmpty ? "." : folderPart
        if folder.hasPrefix("~/"), let home = environment["HOME"] { folder = home + folder.dropFirst() }
        var folders: [String] = []
        var files: [String] = []
        for name in FileSystem.entries(of: folder, includingHidden: prefix.hasPrefix(".")) where name.hasPrefix(prefix) {
            if FileSystem.isDirectory(folder + "/" + name) { folders.append(name + "/") } else { files.append(name) }
        }
        let wanted = files.filter { name in extensions.contains { name.hasSuffix("." + $0) } }
        let names = (folders + (wanted.isEmpty ? files : wanted)).sorted()
        return Completion(word: word, candidates: names.map { folderPart + $0 }, display: names)
    }
}
