import Foundation

/// The few file-system operations the renderer needs, with plain-words errors.
enum FileBytes {
    static func read(_ path: String) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(Failure(code == ENOENT ? "no such file; check the path" : String(cString: strerror(code))))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return .success(bytes) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(String(cString: strerror(errno))))
            }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Visible entries of a folder, sorted by name.
    static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func folder(of path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = String(trimmed[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func lastComponent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Creates a folder and its missing parents; nil on success, else what went wrong.
    static func makeFolder(_ path: String) -> String? {
        if isDirectory(path) { return nil }
        if exists(path) { return "\(path) is a file, not a folder" }
        let parent = folder(of: path)
        if parent != path, !parent.isEmpty, parent != ".", let problem = makeFolder(parent) { return problem }
        if mkdir(path, 0o755) != 0 && !(errno == EEXIST && isDirectory(path)) {
            return "cannot create the folder \(path): \(String(cString: strerror(errno)))"
        }
        return nil
    }
}
