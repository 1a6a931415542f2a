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
            var info = stat()
            let isDirectory = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            if isDirectory {
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

    /// The whole file, read with plain POSIX calls (FileHandle costs more per file than the
    /// parse itself on packs of thousands of small puzzles).
    static func read(_ path: String) -> Result<[UInt8], ReadError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(ReadError(message: code == ENOENT
                ? "no such file; check the path"
                : "cannot open the file: \(String(cString: strerror(code))); check its permissions"))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return .success(bytes) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(message: "cannot read the file: \(String(cString: strerror(errno)))"))
            }
            bytes.append(contentsOf: chunk[..<n])
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
