import Dispatch
import Foundation
import GridEditJSON
import Synchronization

/// `gridedit check` without the terminal: walks files and folders in sorted order, loads every
/// `.json` file, runs the kinds' rules and the pack rules, and returns a report.
///
/// Files are checked on `jobs` threads, but the report lists them in the same sorted order
/// whatever the number of jobs, so CI logs and diffs stay stable.
public struct Checker: Sendable {
    public struct Options: Sendable {
        /// Worker threads; 1 checks on the calling thread.
        public var jobs: Int
        /// Only this share of the files, for a CI matrix.
        public var shard: Shard?
        /// A file whose check takes longer is reported as `check.timeout`.
        public var timeoutPerFile: Double?
        /// Warnings fail a file too.
        public var strict: Bool
        /// Called after each file with (files done, files in total), from any thread.
        public var progress: (@Sendable (Int, Int) -> Void)?
        /// What may be read (the root of each path, the size limit) and how many findings a
        /// file keeps.
        public var policy: FileAccessPolicy

        public init(jobs: Int = 1, shard: Shard? = nil, timeoutPerFile: Double? = nil, strict: Bool = false,
                    progress: (@Sendable (Int, Int) -> Void)? = nil, policy: FileAccessPolicy = FileAccessPolicy()) {
            self.jobs = max(1, jobs)
            self.shard = shard
            self.timeoutPerFile = timeoutPerFile
            self.strict = strict
            self.progress = progress
            self.policy = policy
        }
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    public func check(_ paths: [String]) -> CheckReport {
        var report = CheckReport()
        report.strict = options.strict
        // Each path is read within its own root (the folder named, or a file's folder).
        var missing: [String] = []
        var files: [Item] = []
        for path in paths {
            switch FileSystem.kind(of: path) {
            case .directory:
                let root = TreeRoot(folder: path, policy: options.policy)
                files += root.jsonFiles(under: path).map { Item(entry: $0, root: root) }
            case .file:
                files.append(Item(entry: TreeEntry(path: path), root: TreeRoot(argument: path, policy: options.policy)))
            case .missing:
                missing.append(path)
            }
        }
        var seen = Set<String>()
        files = files.filter { seen.insert($0.entry.path).inserted }

        // The whole run's entries in report order (paths that do not exist, then the files), and
        // which entries a shard keeps. Everything that depends on other entries is worked out on
        // the whole run, so that a shard's report is exactly its share of the unsharded one.
        let everyPath = missing + files.map(\.entry.path)
        let manifestWarnings = Self.missingManifestWarnings(everyPath)
        var positions = Array(everyPath.indices)
        if let shard = options.shard {
            positions = positions.filter { shard.contains(everyPath[$0]) }
            report.shard = ShardStamp(shard: shard, files: everyPath.count, run: "")
        }
        let missingShare = positions.prefix { $0 < missing.count }
        for position in missingShare {
            report.hadIOError = true
            report.files.append(.init(path: everyPath[position], kind: "unknown", findings: [
                IOReadRule.finding("no such file or folder; check the path"),
            ]))
        }
        let checked = positions.dropFirst(missingShare.count).map { files[$0 - missing.count] }

        let outcomes = checkFiles(checked)
        var loaded: [String: DocumentLoader.Result] = [:]
        var roots: [String: TreeRoot] = [:]
        for (file, outcome) in zip(checked, outcomes) {
            if outcome.unreadable { report.hadIOError = true }
            if let result = outcome.result { loaded[file.entry.path] = result }
            roots[file.entry.path] = file.root
            report.files.append(outcome.report)
        }

        // Pack rules: findings go to the manifest's own entry.
        for index in report.files.indices where PackManifest.isManifest(report.files[index].path) {
            let path = report.files[index].path
            guard let result = loaded[path], let root = result.root, let tree = roots[path],
                  case .pack(let manifest)? = result.document else { continue }
            let pack = PackLoader.pack(manifest: manifest, folder: FileSystem.folder(of: path), cache: loaded, root: tree)
            report.files[index].findings += pack.validate().map { DocumentLoader.locate($0, in: root) }
            report.files[index].findings.sort(by: Finding.displayOrder)
        }
        for (index, position) in positions.enumerated() {
            if let warning = manifestWarnings[position] { report.files[index].findings.append(warning) }
            if report.shard != nil { report.files[index].position = position }
        }
        for index in report.files.indices { report.files[index].capFindings(at: options.policy.maxFindingsPerFile) }
        return report
    }

    /// Folders of puzzles directly under a `puzzles` folder are meant to be packs: for each one
    /// without a manifest, a warning for its first entry in the run (by position in `paths`).
    static func missingManifestWarnings(_ paths: [String]) -> [Int: Finding] {
        var warned = Set<String>()
        var warnings: [Int: Finding] = [:]
        for (position, path) in paths.enumerated() {
            let folder = FileSystem.folder(of: path)
            guard !warned.contains(folder), FileSystem.lastComponent(of: FileSystem.folder(of: folder)) == "puzzles",
                  FileSystem.kind(of: FileSystem.join(folder, PackManifest.fileName)) == .missing else { continue }
            warned.insert(folder)
            warnings[position] = MissingManifestRule.finding(
                "\(folder) holds puzzles but no pack.json; add a manifest so the app can show it as a pack")
        }
        return warnings
    }

    /// A file to check and the root it is read within.
    struct Item: Sendable {
        var entry: TreeEntry
        var root: TreeRoot
    }

    struct FileOutcome: Sendable {
        var report: CheckReport.FileReport
        var result: DocumentLoader.Result?
        var unreadable = false
    }

    /// Checks every file, in parallel when asked; the outcomes keep the files' order.
    private func checkFiles(_ files: [Item]) -> [FileOutcome] {
        let done = Mutex(0)
        return parallelMap(files.count, jobs: options.jobs) { index in
            let outcome = self.checkFileWithinTimeout(files[index])
            let finished = done.withLock { (count: inout Int) -> Int in
                count += 1
                return count
            }
            self.options.progress?(finished, files.count)
            return outcome
        }
    }

    private func checkFileWithinTimeout(_ item: Item) -> FileOutcome {
        let file = item.entry.path
        guard let timeout = options.timeoutPerFile else { return Self.checkFile(item) }
        // The check runs on its own thread; if it overruns, its result is dropped and the
        // file is reported. (The thread finishes in the background; the process ends soon after.)
        let slot = Mutex<FileOutcome?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let outcome = Self.checkFile(item)
            slot.withLock { $0 = outcome }
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .success, let outcome = slot.withLock({ $0 }) {
            return outcome
        }
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        return FileOutcome(report: .init(path: file, kind: "unknown", findings: [
            CheckTimeoutRule.finding(
                "checking this file took longer than \(seconds) s; raise --timeout-per-puzzle or simplify the puzzle"),
        ]))
    }

    static func checkFile(_ item: Item) -> FileOutcome {
        let file = item.entry.path
        switch item.root.read(item.entry) {
        case .failure(let refusal):
            // Only a file that cannot be read at all makes the run's status 2; a link out of the
            // tree, a FIFO or an oversized file is a finding about the tree, like any other.
            var unreadable = false
            if case .unreadable = refusal { unreadable = true }
            return FileOutcome(report: .init(path: file, kind: "unknown", findings: [Finding(refusal)]),
                               unreadable: unreadable)
        case .success(let bytes):
            let result = DocumentLoader.load(bytes, isManifest: PackManifest.isManifest(file))
            return FileOutcome(report: .init(path: file, kind: result.kind, findings: result.findings), result: result)
        }
    }
}

/// One share of the files for a CI matrix: `K/N`, 1-based. A file's shard comes from a stable
/// hash of its path, so every file is in exactly one shard and adding a file does not move
/// the others between machines.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Parses `K/N` with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        index = k
        count = n
    }

    /// `K/N`, as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    public func contains(_ path: String) -> Bool {
        Int(FNV1a.hash(path.utf8) % UInt64(count)) == index - 1
    }
}

/// Reads the listed puzzles of a pack (from the checker's cache when it already loaded them).
enum PackLoader {
    static func pack(manifest: PackManifest, folder: String, cache: [String: DocumentLoader.Result], root: TreeRoot) -> Pack {
        let files = root.jsonNames(in: folder).filter { $0 != PackManifest.fileName }
        let present = Set(files)
        var puzzles: [Int: PuzzleDocument] = [:]
        for (index, entry) in manifest.puzzles.enumerated() {
            guard let relative = PackManifest.containedPath(entry), present.contains(relative) else { continue }
            let path = FileSystem.join(folder, relative)
            let result = cache[path] ?? {
                guard case .success(let bytes) = root.read(path) else { return nil }
                return DocumentLoader.load(bytes, isManifest: false)
            }()
            if case .puzzle(let document)? = result?.document { puzzles[index] = document }
        }
        return Pack(folder: folder, manifest: manifest, files: files, puzzles: puzzles)
    }
}
