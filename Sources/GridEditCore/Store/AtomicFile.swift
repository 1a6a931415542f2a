#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Writes files so that a crash, a full disk or a kill mid-write never leaves a half-written
/// puzzle: the bytes go to a temporary file beside the target, are flushed to disk, and then
/// replace the target in one `rename`, which POSIX guarantees is atomic within a file system.
/// The one writer of whole files: puzzles, packs, renders, colour profiles, the REPL's history.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): cannot save: \(reason)" }
    }

    /// Replaces the file at `path` with `bytes`; a new file gets `permissions` (`rw-r--r--`
    /// unless told otherwise: a private file such as the history passes `rw-------`).
    public static func write(_ bytes: [UInt8], to path: String,
                             permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead]) throws(WriteError) {
        try write(to: path, permissions: permissions) { $0.write(bytes) }
    }

    /// The same for content produced piece by piece (a streamed report), written to the
    /// temporary file as it comes, so it never has to be held whole in memory.
    public static func write(to path: String, permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead],
                             _ produce: (BufferedOutput) -> Void) throws(WriteError) {
        let folder = FileSystem.folder(of: path)
        let temporary = FileSystem.join(folder, ".\(FileSystem.lastComponent(of: path))\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                                           permissions: permissions)
        } catch {
            throw WriteError(path: path, reason: reason(error) + "; check the folder exists and is writable")
        }
        do {
            // `writeAll` and `close` retry after EINTR; fsync makes the bytes durable before
            // the rename makes them visible.
            try file.closeAfter {
                var failure: (any Error)?
                let output = BufferedOutput { bytes in
                    guard failure == nil else { return }
                    do { _ = try file.writeAll(bytes) } catch { failure = error }
                }
                produce(output)
                output.flush()
                if let failure { throw failure }
                guard fsync(file.rawValue) == 0 else { throw Errno(rawValue: errno) }
            }
            guard rename(temporary, path) == 0 else { throw Errno(rawValue: errno) }
        } catch {
            unlink(temporary)
            throw WriteError(path: path, reason: reason(error))
        }
    }

    /// Between the target's name and the writer's process id in a temporary file's name:
    /// `.cat.json.tmp-PID-N`.
    static let temporaryMarker = ".tmp-"

    /// Removes the temporary files a killed writer left behind in `folder` (a REPL killed during
    /// `save`): only regular files named exactly `.NAME.json.tmp-PID-N` whose process `PID` is
    /// no longer alive; never anything else, and never the file of a writer still running.
    /// Returns the names removed. The editor calls it when it opens or saves in a folder.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String) -> [String] {
        var removed: [String] = []
        for name in FileSystem.entries(of: folder, includingHidden: true) {
            guard let pid = writerProcess(ofTemporary: name), !ProcessLiveness.isRunning(pid) else { continue }
            let path = FileSystem.join(folder, name)
            guard FileSystem.entryType(path, followingLinks: false) == .regular, unlink(path) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    /// The process id in a name of the form `.NAME.json.tmp-PID-N` (digits only), else nil.
    static func writerProcess(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.firstRange(of: ".json" + temporaryMarker),
              marker.lowerBound > name.index(after: name.startIndex) else { return nil }
        let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              UInt32(numbers[1]) != nil, let pid = pid_t(numbers[0]), pid > 0 else { return nil }
        return pid
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func reason(_ error: any Error) -> String { reason((error as? Errno)?.rawValue ?? EIO) }
}
