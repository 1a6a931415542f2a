import Foundation

/// File-system access for the checker and the store, kept in one place so that ordering,
/// error wording and path handling agree everywhere.
enum FileWalker {
    enum Kind { case file, directory, missing }

    static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }

    /// Every `.json` file below `folder`, in sorted order (folders are walked depth first,
    /// entries sorted by name), skipping hidden entries and not following links to folders.
    static func jsonFiles(under folder: String) -> [String] {
        var result: [String] = []
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        for entry in entries {
            let path = join(folder, entry)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let type = attributes?[.type] as? FileAttributeType
            if type == .typeDirectory {
                result += jsonFiles(under: path)
            } else if entry.hasSuffix(".json") {
                result.append(path)
            }
        }
        return result
    }

    /// The `.json` files directly in `folder`, by name.
    static func jsonFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    static func read(_ path: String) -> Result<[UInt8], ReadError> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ReadError(message: FileManager.default.fileExists(atPath: path)
                ? "cannot open the file for reading; check its permissions"
                : "no such file; check the path"))
        }
        defer { try? handle.close() }
        do {
            return .success([UInt8](try handle.readToEnd() ?? Data()))
        } catch {
            return .failure(ReadError(message: "cannot read the file: \(error.localizedDescription)"))
        }
    }

    struct ReadError: Error { var message: String }

    static func isManifest(_ path: String) -> Bool { lastComponent(of: path) == "pack.json" }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func lastComponent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
