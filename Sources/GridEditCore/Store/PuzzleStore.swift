import Foundation
import GridEditJSON

/// Packs and puzzles on disk, under a `puzzles/` folder.
///
/// Saves are atomic, and a save refuses to overwrite a file that changed on disk since it was
/// loaded (another designer, a `git pull`, an editor in another window) unless forced: a
/// designer's work is never silently lost.
public struct PuzzleStore: Sendable {
    public let root: String
    /// When set, every read goes through this ``TreeRoot`` (the file-access policy for trees
    /// from strangers: `list` and `render` set it); the editor's own files are read directly.
    public let tree: TreeRoot?

    public init(root: String, tree: TreeRoot? = nil) {
        self.root = root
        self.tree = tree
    }

    public enum StoreError: Error, CustomStringConvertible, Equatable {
        case unreadable(path: String, reason: String)
        case invalid(path: String, findings: [Finding])
        case changedOnDisk(path: String)
        case writeFailed(path: String, reason: String)
        case pathEscapes(path: String)
        case notFound(path: String)
        /// Refused by the file-access policy: a link out of the tree, a FIFO, a file too large.
        case refused(path: String, refusal: FileRefusal)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .invalid(let path, let findings):
                ([ "\(path): cannot load: \(findings.count) problem(s); run `gridedit check \(path)`" ]
                 + findings.prefix(5).map { $0.line(in: path) }).joined(separator: "\n")
            case .changedOnDisk(let path):
                "\(path) changed on disk since it was loaded; reload it, or save with force to overwrite the other change"
            case .writeFailed(let path, let reason): "\(path): cannot save: \(reason)"
            case .pathEscapes(let path): "\(path) leaves the pack folder; puzzles live inside their pack"
            case .notFound(let path): "\(path): no such file"
            case .refused(let path, let refusal): Finding(refusal).line(in: path)
            }
        }
    }

    /// A loaded puzzle and a fingerprint of the bytes it came from.
    public struct LoadedPuzzle: Sendable {
        public var document: PuzzleDocument
        public var path: String
        /// The file's bytes when loaded; a save compares against them.
        public var fingerprint: [UInt8]
    }

    public struct PackEntry: Sendable {
        public var folder: String
        public var manifest: PackManifest
    }

    // MARK: Listing

    /// Every readable pack under the root, sorted by folder name.
    public func listPacks() -> [PackEntry] {
        var problems: [StoreError] = []
        return listPacks(problems: &problems)
    }

    /// Every readable pack under the root, and the entries the file-access policy refused (a
    /// pack folder or manifest that links out of the tree, a manifest that is a FIFO…). A folder
    /// without a manifest, or whose manifest does not load, is not a pack and is skipped.
    public func listPacks(problems: inout [StoreError]) -> [PackEntry] {
        FileSystem.entries(of: root, includingHidden: true).sorted().compactMap { name -> PackEntry? in
            let folder = FileSystem.join(root, name)
            do throws(StoreError) {
                return try loadPack(folder: folder)
            } catch {
                if case .refused(_, let refusal) = error,
                   refusal.isOutsideRoot || FileSystem.entryType(folder, followingLinks: true) == .directory {
                    problems.append(error)
                }
                return nil
            }
        }
    }

    public func loadPack(folder: String) throws(StoreError) -> PackEntry {
        let path = FileSystem.join(folder, PackManifest.fileName)
        let bytes = try read(path)
        let result = DocumentLoader.load(bytes, isManifest: true)
        guard case .pack(let manifest)? = result.document, !result.findings.contains(where: { $0.severity == .error }) else {
            throw .invalid(path: path, findings: result.findings)
        }
        return PackEntry(folder: folder, manifest: manifest)
    }

    /// The paths of a pack's puzzles in manifest order; entries that leave the folder are refused.
    public func puzzlePaths(in pack: PackEntry) throws(StoreError) -> [String] {
        var paths: [String] = []
        for entry in pack.manifest.puzzles {
            guard let relative = PackManifest.containedPath(entry) else { throw .pathEscapes(path: entry) }
            paths.append(FileSystem.join(pack.folder, relative))
        }
        return paths
    }

    // MARK: Puzzles

    public func load(_ path: String) throws(StoreError) -> LoadedPuzzle {
        let bytes = try read(path)
        let result = DocumentLoader.load(bytes, isManifest: false)
        // Rule findings (an overlap, a conflict) do not stop a load: the editor opens work in
        // progress. Only a file that does not decode is refused.
        if result.kind == Curriculum.kindName {
            throw .unreadable(path: path, reason: "a curriculum, not a puzzle: check it with `gridedit check`, draw it with `gridedit curriculum render`")
        }
        guard case .puzzle(let document)? = result.document else { throw .invalid(path: path, findings: result.findings) }
        return LoadedPuzzle(document: document, path: path, fingerprint: bytes)
    }

    /// Saves in canonical form. With `expected` (the loaded puzzle's fingerprint), refuses when
    /// the file on disk no longer holds those bytes, unless `force`.
    @discardableResult
    public func save(_ document: PuzzleDocument, to path: String, expected: [UInt8]? = nil,
                     force: Bool = false) throws(StoreError) -> LoadedPuzzle {
        if !force, let expected {
            switch Result(catching: { () throws(StoreError) in try Self.readOwn(path) }) {
            case .success(let current) where current != expected: throw .changedOnDisk(path: path)
            case .failure where FileSystem.kind(of: path) != .missing: throw .changedOnDisk(path: path)
            default: break
            }
        }
        let bytes = Array(document.canonicalText().utf8)
        do { try AtomicFile.write(bytes, to: path) } catch { throw .writeFailed(path: path, reason: error.reason) }
        return LoadedPuzzle(document: document, path: path, fingerprint: bytes)
    }

    /// Saves a pack manifest in canonical form, atomically.
    public func save(_ manifest: PackManifest, folder: String) throws(StoreError) {
        let path = FileSystem.join(folder, PackManifest.fileName)
        let bytes = Array(manifest.canonicalText().utf8)
        do { try AtomicFile.write(bytes, to: path) } catch { throw .writeFailed(path: path, reason: error.reason) }
    }

    /// Deletes a puzzle file and removes it from its pack's manifest, if it is listed there.
    public func delete(_ path: String) throws(StoreError) {
        guard FileSystem.kind(of: path) == .file else { throw .notFound(path: path) }
        let folder = FileSystem.folder(of: path)
        if FileSystem.kind(of: FileSystem.join(folder, PackManifest.fileName)) == .file {
            var pack = try loadPack(folder: folder)
            let name = FileSystem.lastComponent(of: path)
            pack.manifest.puzzles.removeAll { PackManifest.containedPath($0) == name }
            try save(pack.manifest, folder: folder)
        }
        guard unlink(path) == 0 else { throw .writeFailed(path: path, reason: AtomicFile.reason(errno)) }
    }

    private func read(_ path: String) throws(StoreError) -> [UInt8] {
        if let tree {
            switch tree.read(path) {
            case .success(let bytes): return bytes
            case .failure(.unreadable(let reason)): throw .unreadable(path: path, reason: reason)
            case .failure(let refusal): throw .refused(path: path, refusal: refusal)
            }
        }
        return try Self.readOwn(path)
    }

    /// A file the designer named (the editor's, the REPL's, `serve`'s open and save): links are
    /// followed wherever they lead, but only a regular file of at most the policy's size is
    /// opened, so a FIFO or a device never blocks the editor or the server.
    static func readOwn(_ path: String) throws(StoreError) -> [UInt8] {
        let target = (try? FileSystem.resolvedPath(path).get()) ?? path
        let limit = FileAccessPolicy().maxFileSize
        switch FileSystem.readRegular(target, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.notRegular(let type)): throw .refused(path: path, refusal: .notRegular(type))
        case .failure(.tooLarge(let size)): throw .refused(path: path, refusal: .tooLarge(size: size, limit: limit))
        case .failure(.failed(let failure)): throw .unreadable(path: path, reason: failure.message)
        }
    }
}

