#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditJSON
import SystemPackage

/// The folder a command was handed, and the one gate its reads and writes go through
/// (``FileAccessPolicy`` says what the gate allows and why).
///
/// The root is the folder named on the command line, or for a file named there its folder (for
/// a `pack.json` or a puzzle, the pack folder). "Inside" is decided on resolved paths
/// (`realpath`), so `../`, absolute links, chains of links and links to folders are all judged
/// by where they finally lead. Paths keep the spelling the user gave or the walk found; only
/// the descriptor is opened on the resolved path.
public struct TreeRoot: Sendable {
    /// The root as named (printed in findings).
    public let name: String
    /// The root with every link resolved; nil when it does not exist (nothing can be inside).
    public let resolved: String?
    public let policy: FileAccessPolicy

    /// The root for a command-line argument: a folder is its own root; a file's root is the
    /// folder that holds it.
    public init(argument: String, policy: FileAccessPolicy = FileAccessPolicy()) {
        let folder = FileSystem.entryType(argument, followingLinks: true) == .directory ? argument : FileSystem.folder(of: argument)
        self.init(folder: folder, policy: policy)
    }

    public init(folder: String, policy: FileAccessPolicy = FileAccessPolicy()) {
        name = folder
        resolved = try? FileSystem.resolvedPath(folder).get()
        self.policy = policy
    }

    /// Whether a resolved path lies in the root (or is the root).
    public func contains(resolvedPath path: String) -> Bool {
        guard let resolved else { return false }
        return path == resolved || path.hasPrefix(resolved == "/" ? "/" : resolved + "/")
    }

    /// Where `path` leads once every link is followed, when that is inside the root.
    public func resolve(_ path: String) -> Result<String, FileRefusal> {
        let own = FileSystem.entryType(path, followingLinks: false)
        if own == .missing { return .failure(.unreadable("no such file; check the path")) }
        switch FileSystem.resolvedPath(path) {
        case .failure(let code):
            let text = FileSystem.linkText(path).map { Excerpt.escaped($0, limit: 80) }
            if code == .tooManySymbolicLinkLevels {
                return .failure(.unreadable("a symbolic link loop\(text.map { " (it points to \($0))" } ?? ""); remove the link or point it at a file"))
            }
            if code == .noSuchFileOrDirectory, let text {
                return .failure(.unreadable("a symbolic link to \(text), which does not exist; remove the link or point it at a file in the folder"))
            }
            return .failure(.unreadable("cannot follow the path: \(FileSystem.reason(code)); check its permissions"))
        case .success(let target):
            guard contains(resolvedPath: target) else {
                return .failure(.outsideRoot(link: path, target: FileSystem.linkText(path) ?? target, root: name))
            }
            return .success(target)
        }
    }

    /// The bytes of a regular file inside the root, at most ``FileAccessPolicy/maxFileSize``.
    /// Anything else is refused without being opened for reading.
    public func read(_ path: String) -> Result<[UInt8], FileRefusal> {
        let target: String
        switch resolve(path) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let resolved): target = resolved
        }
        let type = FileSystem.entryType(target, followingLinks: false)
        guard type == .regular else { return .failure(.notRegular(type)) }
        return readRegular(target)
    }

    /// The bytes of `path`, known to be a regular file inside the root.
    func readRegular(_ path: String) -> Result<[UInt8], FileRefusal> {
        switch FileSystem.readRegular(path, limit: policy.maxFileSize) {
        case .success(let bytes): return .success(bytes)
        case .failure(.notRegular(let type)): return .failure(.notRegular(type))
        case .failure(.tooLarge(let size)): return .failure(.tooLarge(size: size, limit: policy.maxFileSize))
        case .failure(.failed(let failure)): return .failure(.unreadable(failure.message))
        }
    }

    /// Where a writer may put the bytes meant for `path`: `path` itself when nothing is there
    /// or a regular file is, the link's target when `path` is a link to a regular file inside
    /// the root (the link is kept), and a refusal when the path or its folder leads outside
    /// the root or names something that is not a regular file.
    public func writableTarget(_ path: String) -> Result<String, FileRefusal> {
        // The nearest folder that exists decides: folders still to be made are made inside it.
        var folder = FileSystem.folder(of: path)
        while !FileSystem.exists(folder), FileSystem.folder(of: folder) != folder { folder = FileSystem.folder(of: folder) }
        switch FileSystem.resolvedPath(folder) {
        case .failure: return .failure(.unreadable("the folder of \(Excerpt.escaped(path)) cannot be followed"))
        case .success(let resolved) where !contains(resolvedPath: resolved):
            return .failure(.outsideRoot(link: folder, target: FileSystem.linkText(folder) ?? resolved, root: name))
        case .success: break
        }
        switch FileSystem.entryType(path, followingLinks: false) {
        case .missing, .regular: return .success(path)
        case .symbolicLink:
            return resolve(path).flatMap { target in
                let type = FileSystem.entryType(target, followingLinks: false)
                return type == .regular ? .success(target) : .failure(.notRegular(type))
            }
        case let type: return .failure(.notRegular(type))
        }
    }
}
