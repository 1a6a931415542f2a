#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore

/// What the editor needs from the outside world, so tests can pin it down.
public struct EditorEnvironment: Sendable {
    /// The current time as RFC 3339 UTC (`2026-11-22T09:30:00Z`), for `createdAt`/`updatedAt`.
    public var now: @Sendable () -> String
    /// The folder holding `tangram.json`, `sudoku-9x9.json`, … for `new`.
    public var templatesFolder: String?
    /// Where journals go; nil turns journaling off.
    public var journals: JournalStore?

    public init(now: @escaping @Sendable () -> String = { PuzzleMetadata.now(environment: [:]) }, templatesFolder: String? = nil,
                journals: JournalStore? = nil) {
        self.now = now
        self.templatesFolder = templatesFolder
        self.journals = journals
    }

    /// The environment of a gridedit process: the clock honours SOURCE_DATE_EPOCH (reproducible
    /// timestamps), templates are found by ``TemplateLocator``, journals under $XDG_STATE_HOME.
    public static func process(environment: [String: String], executablePath: String?) -> EditorEnvironment {
        EditorEnvironment(
            now: { PuzzleMetadata.now(environment: environment) },
            templatesFolder: TemplateLocator.find(environment: environment, executablePath: executablePath),
            journals: JournalStore.defaultFolder(environment: environment).map(JournalStore.init(folder:)))
    }
}

/// Finds the `templates/` folder: $GRIDEDIT_TEMPLATES, then `templates/` in the working
/// directory, then beside the checkout the executable was built in (`.build/<config>/gridedit`),
/// then `../share/gridedit/templates` for an installed binary.
public enum TemplateLocator {
    public static func find(environment: [String: String], executablePath: String?) -> String? {
        var candidates: [String] = []
        if let explicit = environment["GRIDEDIT_TEMPLATES"] { candidates.append(explicit) }
        candidates.append("templates")
        if let executable = (executablePath ?? FileSystem.runningExecutable()).map(FileSystem.absolute) {
            var folder = Substring(executable)
            for _ in 0..<4 {
                guard let slash = folder.lastIndex(of: "/") else { break }
                folder = folder[..<slash]
                candidates.append(folder + "/templates")
                candidates.append(folder + "/share/gridedit/templates")
            }
        }
        return candidates.first { FileSystem.exists($0 + "/tangram.json") }
    }

    /// The template names in a folder (`tangram`, `sudoku-9x9`, …), sorted.
    public static func names(in folder: String?) -> [String] {
        FileSystem.entries(of: folder ?? "").filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}
