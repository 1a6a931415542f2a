import Foundation
import GridEditCore
#if canImport(Glibc)
import Glibc
#endif

/// A pack tree such as a stranger's pull request might hold, built from a seed: symbolic links
/// in and out of the root (absolute, relative, chains, loops, to folders, to `/dev/zero`,
/// `/dev/urandom`, `/proc/self/environ`), FIFOs, sockets, a device node, unreadable files and
/// folders, a sparse file of several GiB, deep nesting, and names with newlines, control
/// characters and invalid UTF-8, beside ordinary puzzles and a manifest listing them all.
///
/// Beside the root lies `outside/`, whose files carry ``canary``: no command run on the root
/// may ever print it or write it anywhere. Seed 0 builds every entry; other seeds a random
/// share of them under random names.
public final class HostileTree: @unchecked Sendable {
    /// An entry every command must report, and the rules it may be reported under.
    public struct Expected: Sendable {
        /// Relative to ``base``, as the commands print it when run from there on `root`.
        public var path: String
        public var rules: Set<String>
    }

    public static let canary = "CANARY-5f1e7d-never-print-me"
    public let folder: TemporaryFolder
    public var base: URL { folder.url }
    public private(set) var expected: [Expected] = []
    /// Entries whose status says the process is root, so permission bits do not stop its reads
    /// (unreadable files and folders are then read like any other; reported honestly here).
    public private(set) var permissionsIgnored = geteuid() == 0

    public init(seed: UInt64) throws {
        folder = try TemporaryFolder()
        var random = SplitMix64(seed: seed)
        let fm = FileManager.default
        let outside = base.appendingPathComponent("outside")
        let pack = base.appendingPathComponent("root/pack")
        try fm.createDirectory(at: outside.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside.appendingPathComponent("outside-pack"), withIntermediateDirectories: true)
        try fm.createDirectory(at: pack, withIntermediateDirectories: true)

        // The canary: a valid puzzle and plain text, so that any read of them would show.
        let shipped = GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/sudoku-4x4")
        let good = try String(decoding: Data(contentsOf: shipped.appendingPathComponent("mini-01.json")), as: UTF8.self)
        let canaryPuzzle = good.replacingOccurrences(of: "\"name\": \"", with: "\"name\": \"\(Self.canary) ")
        for file in ["canary.json", "dir/canary.json", "outside-pack/canary.json"] {
            try Data(canaryPuzzle.utf8).write(to: outside.appendingPathComponent(file))
        }
        try Data("\(Self.canary)\n".utf8).write(to: outside.appendingPathComponent("canary.txt"))
        try Data(#"{"formatVersion": 1, "id": "outside", "title": "\#(Self.canary)", "description": "x", "ageRange": {"min": 4, "max": 8}, "puzzles": ["canary.json"]}"#.utf8)
            .write(to: outside.appendingPathComponent("outside-pack/pack.json"))

        // Ordinary content the hostile entries sit among.
        var listed: [String] = []
        for name in ["mini-01.json", "mini-02.json"] {
            try fm.copyItem(at: shipped.appendingPathComponent(name), to: pack.appendingPathComponent(name))
            listed.append(name)
        }

        let everything = seed == 0
        func pick() -> Bool { everything || random.below(10) < 7 }
        func name(_ stem: String) -> String {
            everything ? stem : "\(stem)-\(String(random.next() % 10_000))"
        }
        func expect(_ relative: String, _ rules: Set<String>) { expected.append(Expected(path: "root/pack/" + relative, rules: rules)) }
        func link(_ name: String, to target: String) throws {
            try fm.createSymbolicLink(atPath: pack.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let outsideRule: Set<String> = ["file.outside-root"]

        if pick() { let n = name("absolute") + ".json"; try link(n, to: outside.appendingPathComponent("canary.json").path); expect(n, outsideRule); listed.append(n) }
        if pick() { let n = name("relative") + ".json"; try link(n, to: "../../outside/canary.json"); expect(n, outsideRule); listed.append(n) }
        if pick() {
            let n = name("chain") + ".json", middle = name("chain-middle")
            try link(middle, to: "../../outside/canary.txt")
            try link(n, to: middle)
            expect(n, outsideRule)
            listed.append(n)
        }
        if pick() {
            let a = name("loop-a") + ".json", b = name("loop-b") + ".json"
            try link(a, to: b)
            try link(b, to: a)
            expect(a, ["io.read"])
            expect(b, ["io.read"])
            listed.append(a)
        }
        if pick() { let n = name("self") + ".json"; try link(n, to: n); expect(n, ["io.read"]) }
        if pick() { let n = name("dangling") + ".json"; try link(n, to: "nowhere.json"); expect(n, ["io.read"]) }
        if pick() { let n = name("outdir"); try link(n, to: outside.appendingPathComponent("dir").path); expect(n, outsideRule); listed.append(n + "/canary.json") }
        if pick() { let n = name("outdir") + ".json"; try link(n, to: "../../outside/dir"); expect(n, outsideRule) }
        if pick() {
            try fm.createDirectory(at: pack.appendingPathComponent("inside"), withIntermediateDirectories: true)
            let n = name("indir") + ".json"
            try link(n, to: "inside")
            expect(n, ["file.not-regular"])
            try link(name("indir-plain"), to: "inside")  // benign: the folder is walked as itself
        }
        for device in ["/dev/zero", "/dev/urandom", "/proc/self/environ"] where pick() {
            let n = name(device.split(separator: "/").last.map(String.init)!) + ".json"
            try link(n, to: device)
            expect(n, outsideRule)
            listed.append(n)
        }
        if pick() { let n = name("fifo") + ".json"; guard mkfifo(pack.appendingPathComponent(n).path, 0o644) == 0 else { throw Failure("mkfifo") }; expect(n, ["file.not-regular"]); listed.append(n) }
        if pick() { let n = name("socket") + ".json"; try Self.makeSocket(pack.appendingPathComponent(n).path); expect(n, ["file.not-regular"]); listed.append(n) }
        if pick() {
            // A character device inside the tree (the same device as /dev/zero); only root may make one.
            let n = name("device") + ".json"
            if mknod(pack.appendingPathComponent(n).path, S_IFCHR | 0o644, dev_t((1 << 8) | 5)) == 0 { expect(n, ["file.not-regular"]); listed.append(n) }
        }
        if pick() {
            let n = name("sparse") + ".json"
            let fd = open(pack.appendingPathComponent(n).path, O_CREAT | O_WRONLY, 0o644)
            guard fd >= 0, ftruncate(fd, 5 << 30) == 0 else { throw Failure("sparse file") }
            close(fd)
            expect(n, ["file.too-large"])
            listed.append(n)
        }
        if pick() {
            // Unreadable file and folder: refused by the kernel unless this process is root.
            let n = name("unreadable") + ".json"
            try fm.copyItem(at: shipped.appendingPathComponent("mini-03.json"), to: pack.appendingPathComponent(n))
            chmod(pack.appendingPathComponent(n).path, 0)
            let locked = pack.appendingPathComponent(name("locked"))
            try fm.createDirectory(at: locked, withIntermediateDirectories: true)
            try fm.copyItem(at: shipped.appendingPathComponent("mini-04.json"), to: locked.appendingPathComponent("mini-04.json"))
            chmod(locked.path, 0)
            if !permissionsIgnored {
                expect(n, ["io.read"])
                expect(locked.lastPathComponent, ["io.read"])
            }
        }
        if pick() {
            var deep = pack.appendingPathComponent("deep")
            for _ in 0..<40 { deep.appendPathComponent("d") }
            try fm.createDirectory(at: deep, withIntermediateDirectories: true)
            try fm.copyItem(at: shipped.appendingPathComponent("mini-05.json"), to: deep.appendingPathComponent("mini-05.json"))
            // The walk stops at the folder FileAccessPolicy.maxDepth below the root.
            expect("deep" + String(repeating: "/d", count: FileAccessPolicy.maxDepth - 2), ["io.read"])
        }
        if pick() {
            for n in ["new\nline.json", "escape\u{1B}[31mred.json", "bell\u{07}.json"] {
                try fm.copyItem(at: shipped.appendingPathComponent("mini-06.json"), to: pack.appendingPathComponent(n))
            }
            // Not UTF-8: the name cannot be a Swift string, so it is made from bytes.
            let bytes = Array(pack.path.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array(".json".utf8) + [0]
            let fd = bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            if fd >= 0 { close(fd) }
            expect("bad-\\xFF\\xFE.json", ["io.read"])
        }
        if pick() {
            // A pack whose manifest is a link out, and a pack folder that is one.
            let pack2 = base.appendingPathComponent("root/pack2")
            try fm.createDirectory(at: pack2, withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: pack2.appendingPathComponent("pack.json").path,
                                      withDestinationPath: outside.appendingPathComponent("outside-pack/pack.json").path)
            expected.append(Expected(path: "root/pack2/pack.json", rules: outsideRule))
            try fm.createSymbolicLink(atPath: base.appendingPathComponent("root/evil-pack").path, withDestinationPath: "../outside/outside-pack")
            expected.append(Expected(path: "root/evil-pack", rules: outsideRule))
        }

        let entries = listed.map { "\"\($0)\"" }.joined(separator: ", ")
        try Data(#"{"$schema": "../../schemas/pack.schema.json", "formatVersion": 1, "id": "hostile", "title": "Hostile", "description": "x", "ageRange": {"min": 4, "max": 8}, "puzzles": [\#(entries)]}"#.utf8)
            .write(to: pack.appendingPathComponent("pack.json"))
    }

    struct Failure: Error { var what: String; init(_ what: String) { self.what = what } }

    /// A listening Unix socket at `path`, left behind as a socket file.
    static func makeSocket(_ path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket") }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Failure("socket path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else { throw Failure("bind") }
    }

    /// Every regular file under `url` (links not followed) holding the canary; sizes over
    /// 16 MiB (the sparse file) are skipped, and their holes hold no canary.
    public static func filesHoldingCanary(under url: URL) -> [String] {
        var found: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        while let relative = walker.nextObject() as? String {
            let path = url.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size < 16 << 20 else { continue }
            if let data = FileManager.default.contents(atPath: path), String(decoding: data, as: UTF8.self).contains(canary) {
                found.append(relative)
            }
        }
        return found
    }
}
