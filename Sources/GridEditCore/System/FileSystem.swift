#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Every file-system operation gridedit makes outside ``AtomicFile``, for every layer: the checker
/// and the store, the renderer, the editor's journals and the REPL's history.
///
/// Descriptors, status and paths come from swift-system (`FileDescriptor`, `Stat`, `FilePath`),
/// which retries calls a signal interrupts (EINTR), so no caller loops over `errno` by hand.
/// Folder listing and `readlink` are the only raw POSIX calls here: swift-system has neither.
///
/// Paths stay `String`s at this boundary (they are printed in findings and messages as the user
/// typed them); `FilePath` does the splitting and joining, so repeated slashes are collapsed the
/// same way everywhere.
public enum FileSystem {
    /// Why a file-system operation failed, in words for the user.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    // MARK: What is there

    public enum Kind: Sendable { case file, directory, missing }

    /// What `path` is, following symbolic links; anything that is not a folder counts as a file.
    public static func kind(of path: String) -> Kind {
        guard let status = status(path) else { return .missing }
        return status.type == .directory ? .directory : .file
    }

    /// A regular file (following links).
    public static func isFile(_ path: String) -> Bool { status(path)?.type == .regular }

    /// A folder (following links).
    public static func isDirectory(_ path: String) -> Bool { status(path)?.type == .directory }

    /// Something is at `path`, if only a symbolic link that leads nowhere.
    public static func exists(_ path: String) -> Bool { status(path, followingLinks: false) != nil }

    /// A regular file this process may run.
    public static func isExecutable(_ path: String) -> Bool { isFile(path) && access(path, X_OK) == 0 }

    private static func status(_ path: String, followingLinks: Bool = true) -> Stat? {
        try? Stat(FilePath(path), followTargetSymlink: followingLinks)
    }

    // MARK: Reading and writing

    /// The whole file. Plain descriptor reads: `FileHandle` costs more per file than the parse
    /// itself on packs of thousands of small puzzles.
    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch {
            let code = error as? Errno
            return .failure(Failure(code == .noSuchFileOrDirectory
                ? "no such file; check the path"
                : "cannot open the file: \(reason(code)); check its permissions"))
        }
        defer { try? file.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
            } catch {
                return .failure(Failure("cannot read the file: \(reason(error as? Errno))"))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// What a path names, in words a finding can use ("a FIFO (named pipe)").
    public enum EntryType: Sendable, Hashable {
        case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, other, missing

        public var words: String {
            switch self {
            case .regular: "a file"
            case .directory: "a folder"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO (named pipe)"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "not a regular file"
            case .missing: "missing"
            }
        }

        init(_ type: FileType) {
            switch type {
            case .regular: self = .regular
            case .directory: self = .directory
            case .symbolicLink: self = .symbolicLink
            case .fifo: self = .fifo
            case .socket: self = .socket
            case .characterSpecial: self = .characterDevice
            case .blockSpecial: self = .blockDevice
            default: self = .other
            }
        }
    }

    /// The type of what `path` names; with `followingLinks: false` a link is reported as one.
    public static func entryType(_ path: String, followingLinks: Bool) -> EntryType {
        status(path, followingLinks: followingLinks).map { EntryType($0.type) } ?? .missing
    }

    /// The path with every symbolic link and `.`/`..` resolved (`realpath`), or the error.
    public static func resolvedPath(_ path: String) -> Result<String, Errno> {
        guard let resolved = realpath(path, nil) else { return .failure(Errno(rawValue: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// The text a symbolic link holds (`readlink`), nil for anything else.
    public static func linkText(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Why ``readRegular(_:limit:)`` read nothing.
    public enum BoundedReadFailure: Error, Sendable, Hashable {
        case notRegular(EntryType)
        case tooLarge(size: Int)
        case failed(Failure)
    }

    /// A regular file of at most `limit` bytes, and never a byte more read.
    ///
    /// The caller has already checked the path (``TreeRoot`` does: inside the root, a regular
    /// file). The open is `O_NOFOLLOW | O_NONBLOCK` and `fstat` checks the opened descriptor, so a
    /// link or a FIFO swapped in after those checks neither redirects the read nor blocks it; the
    /// size is checked before reading, and the read stops at `limit + 1` bytes for a file that
    /// grows (or a `/proc` file whose size says 0).
    public static func readRegular(_ path: String, limit: Int) -> Result<[UInt8], BoundedReadFailure> {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .noFollow, .nonBlocking])
        } catch {
            let code = error as? Errno
            if code == .tooManySymbolicLinkLevels { return .failure(.notRegular(.symbolicLink)) }
            return .failure(.failed(Failure(code == .noSuchFileOrDirectory
                ? "no such file; check the path"
                : "cannot open the file: \(reason(code)); check its permissions")))
        }
        defer { try? file.close() }
        guard let status = try? file.stat() else { return .failure(.failed(Failure("cannot read the file's status"))) }
        guard status.type == .regular else { return .failure(.notRegular(EntryType(status.type))) }
        guard status.size <= Int64(limit) else { return .failure(.tooLarge(size: Int(status.size))) }
        // Read into a buffer of the size fstat gave plus one byte, which shows a file that grew;
        // it grows in steps up to `limit + 1` for files whose size says less (`/proc`).
        var bytes = [UInt8](repeating: 0, count: Int(status.size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 4096), limit + 1 - bytes.count))
            }
            let count: Int
            do {
                count = try bytes.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            } catch {
                return .failure(.failed(Failure("cannot read the file: \(reason(error as? Errno))")))
            }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return .success(bytes)
            }
            filled += count
            if filled > limit { return .failure(.tooLarge(size: filled)) }
        }
    }

    /// Appends `bytes` to the file (created with `permissions` when missing) in one `O_APPEND`
    /// write, so writers running side by side interleave whole records instead of overwriting.
    public static func append(_ bytes: [UInt8], to path: String, permissions: FilePermissions = [.ownerReadWrite]) throws(Failure) {
        do {
            let file = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .append, .closeOnExec],
                                               permissions: permissions)
            _ = try file.closeAfter { try file.writeAll(bytes) }
        } catch {
            throw Failure("cannot write \(path): \(reason(error as? Errno))")
        }
    }

    /// Deletes a file; nil on success, else why not.
    @discardableResult
    /// When the entry itself (not a link's target) was last modified, in seconds since 1970.
    public static func modificationTime(_ path: String) -> Double? {
        status(path, followingLinks: false).map { Double($0.st_mtim.tv_sec) + Double($0.st_mtim.tv_nsec) / 1e9 }
    }

    public static func remove(_ path: String) -> Failure? {
        unlink(path) == 0 ? nil : Failure("cannot delete \(path): \(reason(Errno(rawValue: errno)))")
    }

    /// `mkdir -p`: creates the folder and its missing parents (new ones with `permissions`).
    public static func makeFolders(_ path: String, permissions: FilePermissions = [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute]) throws(Failure) {
        if isDirectory(path) { return }
        let parent = folder(of: path)
        if parent != path && parent != "." { try makeFolders(parent, permissions: permissions) }
        // Whether something else is in the way is decided by `mkdir` alone: another process may
        // create the folder between our look and here (two checks starting on one cache).
        if mkdir(path, permissions.rawValue) != 0 {
            let code = errno
            if code == EEXIST {
                if isDirectory(path) { return }
                throw Failure("\(path) is a file, not a folder")
            }
            throw Failure("cannot create the folder \(path): \(reason(Errno(rawValue: code)))")
        }
    }

    // MARK: Folders

    /// The names in a folder, sorted, without `.` and `..`; hidden ones (`.name`) only when asked.
    /// Empty when the folder cannot be read.
    public static func entries(of folder: String, includingHidden: Bool = false) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = String(decoding: nameBytes(entry), as: UTF8.self)
            if name == "." || name == ".." || (!includingHidden && name.hasPrefix(".")) { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// The name of a `readdir` entry, read in place up to its NUL. (Loading `entry.pointee`
    /// copies a whole `dirent`, but the kernel's record is only as long as its name: for the last
    /// entry of a buffer that copy can run past the end of the mapped memory and crash.)
    private static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
    }

    /// A folder's entries for a walk that must account for every one: the names (sorted,
    /// without `.`, `..` and hidden ones), and the names that are not UTF-8, escaped byte by
    /// byte (`\xFF`), which no `String` path could open again. Nil when the folder cannot be read.
    public static func listing(of folder: String) -> (names: [String], undecodable: [String])? {
        typedListing(of: folder).map { (names: $0.names.map(\.name), undecodable: $0.undecodable) }
    }

    /// ``listing(of:)`` with each name's type as the folder itself records it (`d_type`), when
    /// it does: a walk then needs no `lstat` per entry. Nil types (file systems that leave
    /// `d_type` unknown) are for the caller to look up.
    public static func typedListing(of folder: String) -> (names: [(name: String, type: EntryType?)], undecodable: [String])? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [(name: String, type: EntryType?)] = []
        var undecodable: [String] = []
        while let entry = readdir(directory) {
            let bytes = nameBytes(entry)
            guard bytes.first != UInt8(ascii: ".") else { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                // Read in place, like the name (see ``nameBytes(_:)``).
                let recorded = (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_type)!).load(as: UInt8.self)
                let type: EntryType? = switch Int32(recorded) {
                case Int32(DT_REG): .regular
                case Int32(DT_DIR): .directory
                case Int32(DT_LNK): .symbolicLink
                default: nil
                }
                names.append((name, type))
            } else {
                undecodable.append(bytes.map { $0 < 0x80 ? String(Unicode.Scalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined())
            }
        }
        return (names.sorted { $0.name < $1.name }, undecodable.sorted())
    }

    // MARK: Paths

    /// The folder holding `path`: `.` for a bare name, `/` at the root.
    public static func folder(of path: String) -> String {
        if let slash = plainLastSlash(path) {
            guard let slash else { return "." }
            return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        }
        let file = FilePath(path)
        if file.lastComponent == nil { return file.isEmpty ? "." : file.string }
        let parent = file.removingLastComponent()
        return parent.isEmpty ? "." : parent.string
    }

    /// The last name in `path` (`cat.json` of `puzzles/cat.json`, `puzzles` of `puzzles/`).
    public static func lastComponent(of path: String) -> String {
        if let slash = plainLastSlash(path) {
            guard let slash else { return path }
            return String(path[path.utf8.index(after: slash)...])
        }
        return FilePath(path).lastComponent?.string ?? ""
    }

    /// For a path `FilePath` would leave as it is (not empty, no `//`, no `/` at the end): the
    /// index of its last `/`, `.some(nil)` when it has none. Nil for any other path, which then
    /// goes through `FilePath`. The walk's paths are all plain, and this is a string search
    /// instead of `FilePath`'s parse: a few percent of a warm re-check of 10,000 files.
    static func plainLastSlash(_ path: String) -> String.Index?? {
        let utf8 = path.utf8
        guard let last = utf8.last, last != UInt8(ascii: "/") else { return nil }
        var lastSlash: String.Index?
        var previousWasSlash = false
        for index in utf8.indices {
            let isSlash = utf8[index] == UInt8(ascii: "/")
            if isSlash {
                if previousWasSlash { return nil }
                lastSlash = index
            }
            previousWasSlash = isSlash
        }
        return .some(lastSlash)
    }

    /// `name` inside `folder`; just `name` when the folder is empty.
    public static func join(_ folder: String, _ name: String) -> String {
        FilePath(folder).appending(name).string
    }

    /// An absolute, `.`/`..`-free form of a path (symbolic links kept), relative to the
    /// working directory.
    public static func absolute(_ path: String) -> String {
        var full = FilePath(path)
        if full.isRelative {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buffer, buffer.count) != nil
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
            full = FilePath(cwd).pushing(full)
        }
        // Lexical: `..` drops the name before it, never climbing above the root.
        return full.lexicallyNormalized().string
    }

    /// A temporary file without a name: made in `$TMPDIR` (or `/tmp`) and unlinked at once, so
    /// it goes away with its descriptor however the process ends. Read and written at offsets.
    public final class AnonymousFile: @unchecked Sendable {
        private let descriptor: FileDescriptor

        public init() throws(Failure) {
            let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            var template = Array(FileSystem.join(folder, "gridedit-XXXXXX").utf8CString)
            let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard raw >= 0 else { throw Failure("cannot make a temporary file in \(folder): \(reason(Errno(rawValue: errno)))") }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            descriptor = FileDescriptor(rawValue: raw)
        }

        public func write(_ bytes: [UInt8], at offset: Int) throws(Failure) {
            do { _ = try descriptor.writeAll(toAbsoluteOffset: Int64(offset), bytes) } catch {
                throw Failure("cannot write a temporary file: \(reason(error as? Errno))")
            }
        }

        /// Up to `count` bytes from `offset` (fewer at the end).
        public func read(_ count: Int, at offset: Int) throws(Failure) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            do {
                let read = try bytes.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: Int64(offset), into: $0) }
                bytes.removeLast(count - read)
                return bytes
            } catch {
                throw Failure("cannot read a temporary file: \(reason(error as? Errno))")
            }
        }

        deinit { try? descriptor.close() }
    }

    /// A file's identity as text (device, inode, size, modification time to the nanosecond):
    /// different after the file is rebuilt or replaced. The check cache keys on gridedit's own.
    public static func identity(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// This process's executable (Linux: /proc/self/exe).
    public static func runningExecutable() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// `strerror` of a failed call, in the C library's words.
    static func reason(_ code: Errno?) -> String {
        String(cString: strerror(code?.rawValue ?? EIO))
    }
}
