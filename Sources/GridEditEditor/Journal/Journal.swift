#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditJSON
import GridEditLayout
import SystemPackage

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
    /// Working marks at the start (``EditorState/marks``). Optional in the file, as pins are.
    public var marks: [String: JSONValue]

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
        if !marks.isEmpty { members.append(.init("marks", .object(marks.keys.sorted().map { .init($0, marks[$0]!) }))) }
        return .object(members)
    }

    init(pid: Int32, boot: String, started: String, path: String?, fileHash: String?, document: String,
         play: JSONValue?, groups: GroupTable, pins: PinTable = PinTable(), marks: [String: JSONValue] = [:]) {
        self.pid = pid
        self.boot = boot
        self.started = started
        self.path = path
        self.fileHash = fileHash
        self.document = document
        self.play = play
        self.groups = groups
        self.pins = pins
        self.marks = marks
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
        var marks: [String: JSONValue] = [:]
        if o.has("marks") {
            let object = try o.object("marks")
            for key in object.keys { marks[key] = object.node[key].map { JSONValue($0) } }
        }
        self.marks = marks
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
    private var file: FileDescriptor?
    public private(set) var entries = 0

    init(path: String, header: JournalHeader) throws(EditError) {
        self.path = path
        do {
            file = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .append, .closeOnExec],
                                           permissions: .ownerReadWrite)
        } catch {
            throw EditError("cannot write the journal \(path): \(Self.reason(error))")
        }
        try write(header.value)
    }

    public func append(_ command: EditCommand) throws(EditError) {
        try write(command.journalValue)
        entries += 1
    }

    /// One `writeAll` per line (it retries after EINTR and after short writes).
    private func write(_ value: JSONValue) throws(EditError) {
        guard let file else { throw EditError("cannot write the journal \(path): it is closed") }
        do {
            _ = try file.writeAll(Array((value.compactText + "\n").utf8))
        } catch {
            throw EditError("cannot write the journal \(path): \(Self.reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String { String(cString: strerror((error as? Errno)?.rawValue ?? EIO)) }

    /// Closes and deletes the journal: its edits are saved or deliberately dropped.
    public func discard() {
        close()
        _ = FileSystem.remove(path)  // one left behind is offered for recovery at the next open: nothing lost
    }

    /// Closes the journal and leaves it on disk (for recovery).
    public func close() {
        try? file?.close()
        file = nil
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

    /// `cat.json has 3 unsaved edits from a session that ended abruptly (started …)`: what the
    /// REPL's `open`, `gridedit serve FILE` and the page say of it.
    public func summary(for path: String) -> String {
        "\(path) has \(commands.count) unsaved edit\(commands.count == 1 ? "" : "s") from a session that ended abruptly "
            + "(started \(header.started))"
    }

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
        do throws(FileSystem.Failure) {
            try FileSystem.makeFolders(folder, permissions: .ownerReadWriteExecute)
        } catch {
            throw EditError("cannot keep a journal: \(error.message)")
        }
        let name = "\(header.pid)-\(serial)-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        return try JournalWriter(path: folder + "/" + name, header: header)
    }

    /// Journals whose session is no longer running, oldest first.
    public func orphans() -> [OrphanJournal] {
        let boot = Self.bootID()
        var found: [OrphanJournal] = []
        for name in FileSystem.entries(of: folder) where name.hasSuffix(".jsonl") {
            // A live session's journal (this one's open documents, another running editor's) is
            // skipped on its header alone: its edits, which can be many, are not read.
            guard let orphan = read(folder + "/" + name, skipping: { Self.isRunning($0, boot: boot) }) else { continue }
            found.append(orphan)
        }
        return found.sorted { $0.header.started < $1.header.started }
    }

    /// Orphaned journals of one file (by absolute path).
    public func orphans(forPath path: String) -> [OrphanJournal] {
        orphans().filter { $0.header.path == path }
    }

    /// Reads a journal; nil when its header cannot be read, or `skipping` says so from the header.
    func read(_ file: String, skipping: (JournalHeader) -> Bool = { _ in false }) -> OrphanJournal? {
        guard case .success(let bytes) = FileSystem.read(file) else { return nil }
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        guard let object = try? LineObject(parsing: Substring(String(decoding: bytes[..<end], as: UTF8.self)), line: 1),
              let header = try? JournalHeader(object), !skipping(header) else { return nil }
        let lines = numberedLines(String(decoding: bytes, as: UTF8.self))
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
        _ = FileSystem.remove(orphan.file)  // one left behind is offered again: nothing lost
    }

    static func isRunning(_ header: JournalHeader, boot: String) -> Bool {
        guard header.boot == boot else { return false }
        return ProcessLiveness.isRunning(header.pid)
    }

    static func bootID() -> String {
        guard case .success(let bytes) = FileSystem.read("/proc/sys/kernel/random/boot_id") else { return "" }
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
}

extension String {
    public func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
