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
        let temporary = FileSystem.join(folder, ".\(FileSystem.lastComponent(of: path)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
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

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func reason(_ error: any Error) -> String { reason((error as? Errno)?.rawValue ?? EIO) }
}
