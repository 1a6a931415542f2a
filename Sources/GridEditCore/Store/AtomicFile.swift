import Foundation

/// Writes files so that a crash, a full disk or a kill mid-write never leaves a half-written
/// puzzle: the bytes go to a temporary file beside the target, are flushed to disk, and then
/// replace the target in one `rename`, which POSIX guarantees is atomic within a file system.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): cannot save: \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let folder = FileWalker.folder(of: path)
        let temporary = FileWalker.join(folder, ".\(FileWalker.lastComponent(of: path)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: reason(errno) + "; check the folder exists and is writable") }
        var ok = true
        var failure = ""
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    failure = reason(errno)
                    return
                }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false; failure = reason(errno) }
        if close(fd) != 0 && ok { ok = false; failure = reason(errno) }
        if ok && rename(temporary, path) != 0 { ok = false; failure = reason(errno) }
        if !ok {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
