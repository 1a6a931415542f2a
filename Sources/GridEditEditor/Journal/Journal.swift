#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditJSON
import GridEditLayout

/// The first line of a journal: whose it is and the state the edits start from.
public struct JournalHeader: Sendable {
    public static let version = 2

    public var pid: Int32
    /// The kernel's boot id: a pid from an earlier boot is certainly not running.
    public var boot: String
    public var started: String
    /// The document's absolute path; nil for an untitled document.
    public var path: String?
    /// FNV-1a of the file's bytes when the journal started (nil for an untitled document).
    public var fileHash: String?
    /// The document at the start, as canonical file text.
    public var document: String
    /// Play state at the start that the file does not hold (the Sudoku working grid), in the
    /// kind's own form; nil when there is none.
    public var play: JSONValue?
    public var groups: GroupTable
    /// Pinned pieces at the start. Optional in the file: journals written before pins existed
    /// have none, and recover with no pins.
    public var pins: PinTable

    var value: JSONValue {
        var members: [JSONValue.Member] = [
            .init("gridedit-journal", .int(Self.version)), .init("pid", .int(Int(pid))), .init("boot", .string(boot)),
            .init("started", .string(started)), .init("path", path.map(JSONValue.string) ?? .null),
            .init("fileHash", fileHash.map(JSONValue.string) ?? .null), .init("document", .string(document)),
        ]
        if let play { members.append(.init("play", play)) }
        var layers: [JSONValue.Member] = []
        for layer in Layer.allCases where !groups[layer].isEmpty {
            layers.append(.init(layer.rawValue, .array(groups[layer].map { .array($0.map { .string($0.rawValue) }) })))
        }
        members.append(.init("groups", .object(layers)))
        let pinned = Layer.allCases.filter { !pins[$0].isEmpty }.map { JSONValue.Member($0.rawValue, Change.pinList(pins[$0])) }
        if !pinned.isEmpty { members.append(.init("pins", .object(pinned))) }
        return .object(members)
    }

    init(pid: Int32, boot: String, started: String, path: String?, fileHash: String?, document: String,
         play: JSONValue?, groups: GroupTable, pins: PinTable = PinTable()) {
        self.pid = pid
        self.boot = boot
        self.started = started
        self.path = path
        self.fileHash = fileHash
        self.document = document
        self.play = play
        self.groups = groups
        self.pins = pins
    }

    init(_ o: LineObject) throws(JSONLineError) {
        guard try o.int("gridedit-journal") == Self.version else { throw o.fail("not a gridedit journal of version \(Self.version)") }
        pid = Int32(clamping: try o.int("pid"))
        boot = try o.string("boot")
        started = try o.string("started")
        path = try o.optionalString("path")
        fileHash = try o.optionalString("fileHash")
        document = try o.string("document")
        play = o.node["play"].flatMap { LineObject.isNull($0) ? nil : JSONValue($0) }
        var groups = GroupTable()
        let layers = try o.object("groups")
        for layer in Layer.allCases where layers.has(layer.rawValue) {
            groups[layer] = try Change.groupList(layers, layer.rawValue)
        }
        self.groups = groups
        var pins = PinTable()
        if o.has("pins") {
            let layers = try o.object("pins")
            for layer in Layer.allCases where layers.has(layer.rawValue) {
                pins[layer] = try Change.pinSet(layers, layer.rawValue)
            }
        }
        self.pins = pins
    }
}

/// Appends each edit of one document to its journal file as it happens, so a crash or a kill
/// loses nothing: the next session finds the journal and offers to replay it.
///
/// Each line is written with one `write(2)` on a descriptor opened with `O_APPEND`: once the call
/// returns, the line is in the kernel and survives the process. (It is not `fsync`ed per edit; a
/// power cut may lose the last seconds.)
public final class JournalWriter {
    public let path: String
    private var fd: Int32
    public private(set) var entries = 0

    init(path: String, header: JournalHeader) throws(EditError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw EditError("cannot write the journal \(path): \(String(cString: strerror(errno)))") }
        try write(header.value)
    }

    public func append(_ command: EditCommand) throws(EditError) {
        try write(command.journalValue)
        entries += 1
    }

    private func write(_ value: JSONValue) throws(EditError) {
        let bytes = Array((value.compactText + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw EditError("cannot write the journal \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// Closes and deletes the journal: its edits are saved or deliberately dropped.
    public func discard() {
        close()
        unlink(path)
    }

    /// Closes the journal and leaves it on disk (for recovery).
    public func close() {
        if fd >= 0 { systemClose(fd) }
        fd = -1
    }

    deinit { close() }
}

/// A journal left behind by a session that ended without saving.
public struct OrphanJournal: Sendable {
    public var file: String
    public var header: JournalHeader
    public var commands: [EditCommand]
    /// Lines after the header that could not be read (a line cut short by the crash, usually).
    public var unreadable: Int

    /// `cat.json` or `untitled tangram`.
    public var title: String {
        if let path = header.path { return path }
        let kind = header.document.contains("\"kind\": \"sudoku\"") ? "sudoku" : "tangram"
        return "untitled \(kind)"
    }
}

/// Where journals live: `$XDG_STATE_HOME/gridedit/journals` (by default
/// `~/.local/state/gridedit/journals`), one file per open document with edits since its last save.
public struct JournalStore: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The folder for an environment, or nil when neither XDG_STATE_HOME nor HOME is set.
    public static func defaultFolder(environment: [String: String]) -> String? {
        StateFolder.path(environment: environment).map { $0 + "/journals" }
    }

    func create(header: JournalHeader, serial: Int) throws(EditError) -> JournalWriter {
        guard StateFolder.makeFolders(folder) else {
            throw EditError("cannot create the journal folder \(folder): \(String(cString: strerror(errno)))")
        }
        let name = "\(header.pid)-\(serial)-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        return try JournalWriter(path: folder + "/" + name, header: header)
    }

    /// Journals whose session is no longer running, oldest first.
    public func orphans() -> [OrphanJournal] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { (p: UnsafePointer<CChar>) in String(cString: p) }
            }
            if name.hasSuffix(".jsonl") && !name.hasPrefix(".") { names.append(name) }
        }
        let boot = Self.bootID()
        var found: [OrphanJournal] = []
        for name in names.sorted() {
            guard let orphan = read(folder + "/" + name), !Self.isRunning(orphan.header, boot: boot) else { continue }
            found.append(orphan)
        }
        return found.sorted { $0.header.started < $1.header.started }
    }

    /// Orphaned journals of one file (by absolute path).
    public func orphans(forPath path: String) -> [OrphanJournal] {
        orphans().filter { $0.header.path == path }
    }

    /// Reads a journal; nil when its header cannot be read.
    func read(_ file: String) -> OrphanJournal? {
        guard case .success(let bytes) = FileBytes.read(file) else { return nil }
        let lines = numberedLines(String(decoding: bytes, as: UTF8.self))
        guard let first = lines.first, let object = try? LineObject(parsing: first.text, line: first.number),
              let header = try? JournalHeader(object) else { return nil }
        var commands: [EditCommand] = []
        var unreadable = 0
        for line in lines.dropFirst() {
            do { commands.append(try EditCommand(journal: LineObject(parsing: line.text, line: line.number))) }
            catch { unreadable += 1 }
        }
        return OrphanJournal(file: file, header: header, commands: commands, unreadable: unreadable)
    }

    /// Deletes an orphan once it has been recovered or dropped.
    public func remove(_ orphan: OrphanJournal) {
        unlink(orphan.file)
    }

    static func isRunning(_ header: JournalHeader, boot: String) -> Bool {
        guard header.boot == boot else { return false }
        if header.pid == getpid() { return true }
        return kill(header.pid, 0) == 0 || errno == EPERM
    }

    static func bootID() -> String {
        guard case .success(let bytes) = FileBytes.read("/proc/sys/kernel/random/boot_id") else { return "" }
        return String(decoding: bytes, as: UTF8.self).trimming(" \n")
    }
}

/// `$XDG_STATE_HOME/gridedit`, or `~/.local/state/gridedit`.
public enum StateFolder {
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/gridedit" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/gridedit" }
        return nil
    }

    /// `mkdir -p` with mode 0700 for new folders; true when the folder exists afterwards.
    public static func makeFolders(_ path: String) -> Bool {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST { return false }
        }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemClose(_ fd: Int32) { _ = close(fd) }

/// Small POSIX file helpers (the core's are internal to it).
public enum FileBytes {
    static func read(_ path: String) -> Result<[UInt8], EditError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(EditError(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return .failure(EditError(String(cString: strerror(errno)))) }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return .success(bytes)
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a cheap fingerprint for "is this still the same file".
    static func hash(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// An absolute, `.`/`..`-free form of a path (symbolic links kept), relative to the
    /// working directory.
    public static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buffer, buffer.count) != nil
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
            full = cwd + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension String {
    public func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
