import GridEditCore
import Foundation
import Synchronization

/// `gridedit check --cache`: the findings (and ``PuzzleFacts``) of every puzzle file checked
/// before, by content, as ESLint, Ruff and SwiftLint keep theirs, so that re-checking a pack
/// where little changed costs reading and hashing the files, not solving them again.
///
/// **Key.** A file's SHA-256 and size, within one index file per *settings*: the gridedit
/// version and the build of the executable itself (its GNU build ID, ``ExecutableIdentity``:
/// a rebuilt gridedit starts afresh, the same binary downloaded by another CI job does not), every
/// rule's id, severity and summary, `--strict`, `--max-findings`, `--max-file-size` and
/// `--timeout-per-puzzle`. No check rule reads a style or colour file. Whatever could change a
/// file's findings is in the key, so a cached result is the result the file would get now:
/// the cache cannot make a failing file pass. Pack rules are never cached: they run on every
/// check, over the facts of the listed puzzles (cached or fresh). Manifests, refused entries
/// and timeouts are not cached.
///
/// **Layout.** `FOLDER/.gitignore` (`*`) and `FOLDER/index-<settings>`, one file read whole at
/// the start and written once at the end (an atomic rename), so a warm run does not open a
/// file per entry nor parse JSON: the index is a header, fixed-size keys and
/// ``CheckRecord`` values, and a SHA-256 of all of it at the end. Entries not used for
/// ``maxAge`` runs are dropped when it is written.
///
/// **Safety.** A truncated, corrupt or foreign index or entry is ignored (the files are checked
/// again) with one warning for the run. Two checks on one cache at once are safe: each reads a
/// complete index and writes a complete one; the last rename wins and the other's new entries
/// are merely lost. The folder must be a real folder: a symbolic link or a file in its place is
/// refused, never written through.
public final class CheckCache: Sendable {
    /// A file's content key: SHA-256 of its bytes and its size.
    public struct Digest: Hashable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64)
        var size: UInt64

        public init(of bytes: [UInt8]) {
            let hash = SHA256.hash(data: bytes)
            words = hash.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                 raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            }
            size = UInt64(bytes.count)
        }

        init(words: (UInt64, UInt64, UInt64, UInt64), size: UInt64) {
            self.words = words
            self.size = size
        }

        public static func == (a: Digest, b: Digest) -> Bool {
            a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3 && a.size == b.size
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(size)
        }
    }

    /// Why a cache folder is refused.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The default folder, at the top of the git work tree (or of the checked tree outside one).
    public static let defaultFolderName = ".gridedit-cache"
    /// The environment variable that moves the cache folder when `--cache-dir` is not given.
    public static let folderVariable = "GRIDEDIT_CACHE_DIR"
    /// Runs an entry may go unused before it is dropped.
    public static let maxAge: UInt8 = 8
    static let magic = Array("gridedit-check-cache\n".utf8)
    static let formatVersion: UInt8 = 1

    public let folder: String
    /// The settings this index belongs to, as text (hashed into its name and header).
    public let settings: String
    private let settingsDigest: [UInt8]
    /// This settings' index file.
    public let indexPath: String

    /// The index as read: its bytes, and where each entry's value and age lie in them.
    private let stored: [UInt8]
    private let storedEntries: [Digest: (value: Range<Int>, age: UInt8)]

    private struct RunState {
        var used = Set<Digest>()
        var fresh: [Digest: [UInt8]] = [:]
        var warning: String?
    }
    private let state = Mutex(RunState())

    /// Opens (or creates) the cache in `folder` for `settings`. Refuses a folder that is a
    /// symbolic link or not a folder; an unreadable or damaged index only costs a warning.
    public init(folder: String, settings: String) throws(Refusal) {
        switch FileSystem.entryType(folder, followingLinks: false) {
        case .missing:
            do throws(FileSystem.Failure) { try FileSystem.makeFolders(folder) } catch {
                throw Refusal(description: "\(folder): cannot create the check cache: \(error.message); pass --cache-dir or --no-cache")
            }
        case .directory: break
        case .symbolicLink:
            throw Refusal(description: "\(folder) is a symbolic link; gridedit does not write its check cache through links: remove it, or pass --cache-dir or --no-cache")
        case let type:
            throw Refusal(description: "\(folder) is \(type.words), not a folder; remove it, or pass --cache-dir or --no-cache")
        }
        // Made just now or found: it must be a real folder, not something swapped in.
        guard FileSystem.entryType(folder, followingLinks: false) == .directory else {
            throw Refusal(description: "\(folder) is not a folder; remove it, or pass --cache-dir or --no-cache")
        }
        self.folder = folder
        self.settings = settings
        settingsDigest = Array(SHA256.hash(data: Array(settings.utf8)))
        indexPath = FileSystem.join(folder, "index-" + settingsDigest.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined())

        let gitignore = FileSystem.join(folder, ".gitignore")
        if FileSystem.entryType(gitignore, followingLinks: false) == .missing {
            try? AtomicFile.write(Array("# gridedit check's cache: never committed\n*\n".utf8), to: gitignore)
        }

        var warning: String?
        var entries: [Digest: (value: Range<Int>, age: UInt8)] = [:]
        var bytes: [UInt8] = []
        switch FileSystem.readRegular(indexPath, limit: Int(Int32.max)) {
        case .success(let read):
            if let parsed = Self.parse(read, settingsDigest: settingsDigest) {
                bytes = read
                entries = parsed
            } else {
                warning = "\(indexPath): the check cache is damaged or was written by another program; ignoring it, every file is checked again"
            }
        case .failure(.failed(let failure)) where failure.message.hasPrefix("no such file"):
            break
        case .failure:
            warning = "\(indexPath): the check cache cannot be read (not a regular file?); ignoring it, every file is checked again"
        }
        stored = bytes
        storedEntries = entries
        state.withLock { $0.warning = warning }
    }

    /// The settings text for a check run: everything besides a file's bytes that can change its
    /// findings.
    public static func settings(version: String, strict: Bool, policy: FileAccessPolicy, timeoutPerFile: Double?) -> String {
        var lines = ["gridedit \(version)"]
        lines.append("executable \(FileSystem.runningExecutable().flatMap(ExecutableIdentity.of) ?? "unknown")")
        lines += RuleCatalog.all.map { "rule \($0.id) \($0.severity.rawValue) \($0.summary)" }
        lines.append("strict \(strict)")
        lines.append("max-findings \(policy.maxFindingsPerFile)")
        lines.append("max-file-size \(policy.maxFileSize)")
        lines.append("timeout-per-puzzle \(timeoutPerFile.map { String($0) } ?? "none")")
        return lines.joined(separator: "\n")
    }

    /// The one warning of this run about the cache, if anything was wrong with it.
    public var warning: String? { state.withLock { $0.warning } }

    /// The record of a file with this digest, if an earlier check (or this one) stored it.
    func record(for digest: Digest) -> CheckRecord? {
        if let fresh = state.withLock({ $0.fresh[digest] }) { return CheckRecord(bytes: fresh[...]) }
        guard let entry = storedEntries[digest] else { return nil }
        guard let record = CheckRecord(bytes: stored[entry.value]) else {
            state.withLock { state in
                if state.warning == nil {
                    state.warning = "\(indexPath): an entry of the check cache is damaged; ignoring such entries, those files are checked again"
                }
            }
            return nil
        }
        state.withLock { _ = $0.used.insert(digest) }
        return record
    }

    func store(_ record: CheckRecord, for digest: Digest) {
        let bytes = record.bytes
        state.withLock { $0.fresh[digest] = bytes }
    }

    /// Counts for the benchmark and tests: entries read, used and added this run.
    public var counts: (stored: Int, used: Int, added: Int) {
        state.withLock { (storedEntries.count, $0.used.count, $0.fresh.count) }
    }

    /// Writes the index for the next run (atomically), unless nothing changed: the entries used
    /// or added now, and older ones one run older, up to ``maxAge``.
    public func save() throws(AtomicFile.WriteError) {
        let (used, fresh) = state.withLock { ($0.used, $0.fresh) }
        if fresh.isEmpty && used.count == storedEntries.count { return }
        // Streamed to the file as it is made, with its SHA-256 worked out on the way: at a
        // million files the index is about 170 MB, which need not be held twice.
        func age(_ digest: Digest, _ entry: (value: Range<Int>, age: UInt8)) -> UInt8 { used.contains(digest) ? 0 : entry.age + 1 }
        func kept(_ digest: Digest, _ entry: (value: Range<Int>, age: UInt8)) -> Bool { fresh[digest] == nil && age(digest, entry) <= Self.maxAge }
        let keptCount = storedEntries.reduce(0) { $0 + (kept($1.key, $1.value) ? 1 : 0) }
        try AtomicFile.write(to: indexPath) { output in
            var hash = SHA256()
            var chunk = Self.magic + [Self.formatVersion] + settingsDigest
            Self.append(UInt64(fresh.count + keptCount), to: &chunk)
            func add(_ digest: Digest, _ age: UInt8, _ value: ArraySlice<UInt8>) {
                for word in [digest.words.0, digest.words.1, digest.words.2, digest.words.3, digest.size] { Self.append(word, to: &chunk) }
                chunk.append(age)
                Self.append(UInt64(value.count), to: &chunk)
                chunk += value
                if chunk.count >= 1 << 16 {
                    hash.update(data: chunk)
                    output.write(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            for (digest, bytes) in fresh { add(digest, 0, bytes[...]) }
            for (digest, entry) in storedEntries where kept(digest, entry) { add(digest, age(digest, entry), stored[entry.value]) }
            hash.update(data: chunk)
            output.write(chunk)
            output.write(Array(hash.finalize()))
        }
        pruneOtherIndexes()
    }

    /// Indexes of other settings kept beside this one (the most recently written): enough for
    /// a few builds or `--strict` and not, few enough that a designer who rebuilds gridedit
    /// every day does not collect one more index per build.
    public static let otherIndexesKept = 3

    /// Removes all but the ``otherIndexesKept`` newest indexes of other settings. Only
    /// `index-*` regular files are touched; anything else in the folder is left alone.
    private func pruneOtherIndexes() {
        let others = FileSystem.entries(of: folder)
            .filter { $0.hasPrefix("index-") }
            .map { FileSystem.join(folder, $0) }
            .filter { $0 != indexPath && FileSystem.entryType($0, followingLinks: false) == .regular }
            .compactMap { path in FileSystem.modificationTime(path).map { (path, $0) } }
            .sorted { $0.1 > $1.1 }
        for (path, _) in others.dropFirst(Self.otherIndexesKept) { _ = FileSystem.remove(path) }
    }

    /// The entries of an index, or nil when anything about it is wrong.
    static func parse(_ bytes: [UInt8], settingsDigest: [UInt8]) -> [Digest: (value: Range<Int>, age: UInt8)]? {
        let header = magic.count + 1 + 32 + 8
        guard bytes.count >= header + 32, bytes.starts(with: magic), bytes[magic.count] == formatVersion,
              Array(bytes[(magic.count + 1)..<(magic.count + 33)]) == settingsDigest else { return nil }
        let body = bytes.count - 32
        guard Array(SHA256.hash(data: bytes[..<body])) == Array(bytes[body...]) else { return nil }
        var position = magic.count + 33
        func word() -> UInt64? {
            guard position + 8 <= body else { return nil }
            defer { position += 8 }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt64.self) }.littleEndian
        }
        guard let count = word(), count <= UInt64(body) else { return nil }
        var entries: [Digest: (value: Range<Int>, age: UInt8)] = [:]
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let a = word(), let b = word(), let c = word(), let d = word(), let size = word(),
                  position < body else { return nil }
            let age = bytes[position]
            position += 1
            guard let length = word(), length <= UInt64(body - position) else { return nil }
            entries[Digest(words: (a, b, c, d), size: size)] = (position..<(position + Int(length)), age)
            position += Int(length)
        }
        return position == body ? entries : nil
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// The top of the git work tree `folder` is in (the folder holding `.git`), if it is in one:
    /// where the cache lives by default, one per repository, as Ruff keeps its cache at the
    /// project's top, and never among a pack's own files.
    public static func gitWorkTreeTop(_ folder: String) -> String? {
        guard case .success(var current) = FileSystem.resolvedPath(folder) else { return nil }
        while true {
            if FileSystem.exists(FileSystem.join(current, ".git")) { return current }
            let parent = FileSystem.folder(of: current)
            if parent == current { return nil }
            current = parent
        }
    }
}
