#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore

/// Why a requested path was refused: the server answers 403 (outside) or 404 (missing), and says
/// which path and what to do.
public enum PathRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a valid path: a bad percent escape, a NUL byte, an absolute path where a relative one
    /// belongs.
    case malformed(String)
    /// The path leaves the served folder (`..`, an encoded `..`, a symlink pointing out).
    case outside(String)
    case missing(String)
    /// A new file's folder does not exist and was not to be created, or could not be.
    case missingFolder(String)
    /// A puzzle was to be opened, made or saved at a path that is not a `.json` file.
    case notPuzzleFile(String)

    public var description: String {
        switch self {
        case .malformed(let path): "\(path) is not a valid path inside the served folder"
        case .outside(let path): "\(path) leaves the folder gridedit serve was started on; only files inside it are served"
        case .missing(let path): "\(path) does not exist in the served folder"
        case .missingFolder(let path): "\(path): its folder does not exist in the served folder and cannot be made there; name a file in an existing folder"
        case .notPuzzleFile(let path): "\(path) is not a puzzle file: name it .json"
        }
    }
}

/// The one folder `gridedit serve` was started on, resolved once to its real path.
///
/// Every path a browser names (a card, a file to open, a `save as` target) goes through
/// ``resolve(_:mustExist:)``: the one place that decides what may be touched.
public struct ServedFolder: Sendable, Equatable {
    /// The folder's real path (symlinks resolved), without a trailing slash.
    public let root: String

    public init(_ path: String) throws(PathRefusal) {
        guard let real = Self.realPath(path), FileSystem.isDirectory(real) else { throw .missing(path) }
        root = real
    }

    /// The real path of `requested` (a path relative to the folder, percent-encoded as in a URL)
    /// when it stays inside the folder. Percent escapes are decoded first (so `%2e%2e` and `%2f`
    /// count as `..` and `/`), then `..` is applied lexically and refused once it climbs above
    /// the root, then symlinks are resolved with realpath(3) and the result must still lie inside
    /// the root. A path that does not exist yet (a `save as` target) is checked through its
    /// folder, which must exist, unless `creatingFolders` (a designer starting a new pack from
    /// the page names `my-pack/first.json`): then the missing folders are made, one by one below
    /// the deepest existing one, which must itself lie inside the root.
    public func resolve(_ requested: String, mustExist: Bool = true, creatingFolders: Bool = false) throws(PathRefusal) -> String {
        guard let decoded = Self.percentDecoded(requested), !decoded.contains("\0") else { throw .malformed(requested) }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { throw .outside(requested) }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        let joined = parts.isEmpty ? root : root + "/" + parts.joined(separator: "/")
        if let real = Self.realPath(joined) {
            guard contains(real) else { throw .outside(requested) }
            return real
        }
        if FileSystem.exists(joined) { throw .outside(requested) }  // a dangling symlink: refused, not followed
        guard !mustExist, let name = parts.last else { throw .missing(requested) }
        let folder = parts.dropLast().isEmpty ? root : root + "/" + parts.dropLast().joined(separator: "/")
        if creatingFolders, Self.realPath(folder) == nil { try makeFolders(Array(parts.dropLast()), for: requested) }
        guard let realFolder = Self.realPath(folder), FileSystem.isDirectory(realFolder) else { throw .missingFolder(requested) }
        guard contains(realFolder) else { throw .outside(requested) }
        return realFolder + "/" + name
    }

    /// Makes the missing tail of `folders` (path components below the root): the deepest
    /// existing folder must be a real folder inside the root; each missing one is made with
    /// mkdir(2), which never follows a link, so nothing is created outside.
    private func makeFolders(_ folders: [Substring], for requested: String) throws(PathRefusal) {
        var existing = folders.count
        while existing > 0, !FileSystem.exists(root + "/" + folders.prefix(existing).joined(separator: "/")) { existing -= 1 }
        let base = existing == 0 ? root : root + "/" + folders.prefix(existing).joined(separator: "/")
        guard let realBase = Self.realPath(base), FileSystem.isDirectory(realBase) else { throw .missingFolder(requested) }
        guard contains(realBase) else { throw .outside(requested) }
        var path = realBase
        for name in folders.dropFirst(existing) {
            path += "/" + name
            guard mkdir(path, 0o755) == 0 else { throw .missingFolder(requested) }
        }
    }

    /// A real path inside the folder as the browser names it: relative, `/`-separated.
    public func relative(_ real: String) -> String? {
        if real == root { return "" }
        guard real.hasPrefix(root + "/") else { return nil }
        return String(real.dropFirst(root.count + 1))
    }

    private func contains(_ real: String) -> Bool { real == root || real.hasPrefix(root == "/" ? "/" : root + "/") }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `%2e%2e%2Fx` → `../x`; nil for a broken escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A hex digit's value, as the JSON scanner reads `\u` escapes (the standard library's).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
    }
}
