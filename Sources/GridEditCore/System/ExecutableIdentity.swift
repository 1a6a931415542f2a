import SystemPackage

/// What names a build of an executable: its GNU build ID when the linker wrote one (a digest of
/// the linked bytes, so the same binary copied to another machine, as a CI job downloads it,
/// has the same one), else its file's device, inode, size and modification time (a rebuilt or
/// copied binary then counts as new).
///
/// The check cache keys on it so that results from another build are never reused, without
/// hashing a 70 MB executable on every run: the build ID is a few hundred bytes into the file.
public enum ExecutableIdentity {
    public static func of(_ path: String) -> String? {
        buildID(of: path).map { "build-id " + $0 } ?? FileSystem.identity(of: path).map { "file " + $0 }
    }

    /// The `NT_GNU_BUILD_ID` note of a 64-bit little-endian ELF file, as hex; nil for any other
    /// file, or one without the note. Reads only the headers and the note segments.
    public static func buildID(of path: String) -> String? {
        guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) else { return nil }
        defer { try? file.close() }
        func read(_ count: Int, at offset: UInt64) -> [UInt8]? {
            guard count > 0, count <= 1 << 16, offset < 1 << 40 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = try? bytes.withUnsafeMutableBytes { try file.read(fromAbsoluteOffset: Int64(offset), into: $0) }
            return got == count ? bytes : nil
        }
        guard let header = read(64, at: 0), header.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else { return nil }  // ELF, 64-bit, LE
        let programHeaders = header.little(UInt64.self, at: 0x20)
        let entrySize = Int(header.little(UInt16.self, at: 0x36)), entries = Int(header.little(UInt16.self, at: 0x38))
        guard entrySize >= 56, entries > 0, let table = read(entrySize * entries, at: programHeaders) else { return nil }
        for index in 0..<entries {
            let entry = Array(table[(index * entrySize)..<(index * entrySize + 56)])
            guard entry.little(UInt32.self, at: 0) == 4,  // PT_NOTE
                  let notes = read(Int(entry.little(UInt64.self, at: 32)), at: entry.little(UInt64.self, at: 8)) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(notes.little(UInt32.self, at: at)), descSize = Int(notes.little(UInt32.self, at: at + 4))
                let type = notes.little(UInt32.self, at: at + 8)
                let name = at + 12, desc = name + (nameSize + 3) / 4 * 4
                guard nameSize >= 0, descSize >= 0, desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, Array(notes[name..<(name + 4)]) == Array("GNU\0".utf8), descSize > 0 {  // NT_GNU_BUILD_ID
                    return notes[desc..<(desc + descSize)].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                }
                at = desc + (descSize + 3) / 4 * 4
            }
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// The little-endian integer at `offset` (the caller has checked the bounds).
    fileprivate func little<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        var value: T = 0
        for i in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(self[offset + i]) }
        return value
    }
}
