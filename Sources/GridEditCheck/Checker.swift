import GridEditCore
import Dispatch
import Foundation
import GridEditJSON
import Synchronization

/// `gridedit check` without the terminal: walks files and folders in sorted order, loads every
/// `.json` file, runs the kinds' rules and the pack rules, and hands on each file's report.
///
/// Files are checked on `jobs` threads, but reports come out in the same sorted order whatever
/// the number of jobs, so CI logs and diffs stay stable. They come out as they are produced
/// (``check(_:each:)``), a batch at a time: memory stays flat in the number of files, except
/// for the paths themselves and, while a pack is being checked, the ``PuzzleFacts`` of its
/// puzzles. With a ``CheckCache`` a file whose bytes were checked before under the same
/// settings is not checked again; its findings and facts come from the cache.
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
        /// Results of earlier checks, by content (`--cache`); nil checks every file.
        public var cache: CheckCache?

        public init(jobs: Int = 1, shard: Shard? = nil, timeoutPerFile: Double? = nil, strict: Bool = false,
                    progress: (@Sendable (Int, Int) -> Void)? = nil, policy: FileAccessPolicy = FileAccessPolicy(),
                    cache: CheckCache? = nil) {
            self.jobs = max(1, jobs)
            self.shard = shard
            self.timeoutPerFile = timeoutPerFile
            self.strict = strict
            self.progress = progress
            self.policy = policy
            self.cache = cache
        }
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// Files checked together before their reports are handed on: enough to keep every thread
    /// busy, few enough that a batch's results are a small fixed amount of memory.
    static let batchSize = 512

    /// Checks everything and keeps every file's report (tests, `render`'s pre-check).
    public func check(_ paths: [String]) -> CheckReport {
        var report = CheckReport()
        report.strict = options.strict
        let summary = check(paths) { report.files.append($0) }
        report.hadIOError = summary.hadIOError
        report.shard = summary.shard
        return report
    }

    /// Checks `paths` and hands each file's finished report to `each`, in report order, as soon
    /// as it and every file before it are done. Returns the totals.
    public func check(_ paths: [String], each: (CheckReport.FileReport) -> Void) -> CheckSummary {
        var summary = CheckSummary(strict: options.strict)
        // Each path is read within its own root (the folder named, or a file's folder).
        var files: [Item] = []
        var missing: [String] = []
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
        if paths.count > 1 {
            var seen = Set<String>()
            files = files.filter { seen.insert($0.entry.path).inserted }
        }

        // The whole run's entries in report order (paths that do not exist, then the files), and
        // which entries a shard keeps. Everything that depends on other entries is worked out on
        // the whole run, so that a shard's report is exactly its share of the unsharded one.
        let everyPath = missing + files.map(\.entry.path)
        let manifestWarnings = Self.missingManifestWarnings(everyPath)
        var positions = Array(everyPath.indices)
        if let shard = options.shard {
            positions = positions.filter { shard.contains(everyPath[$0]) }
            summary.shard = ShardStamp(shard: shard, files: everyPath.count, run: "")
        }
        func finish(_ file: CheckReport.FileReport, at position: Int) {
            var file = file
            if let warning = manifestWarnings[position] { file.findings.append(warning) }
            if summary.shard != nil { file.position = position }
            file.capFindings(at: options.policy.maxFindingsPerFile)
            summary.add(file)
            each(file)
        }
        let missingShare = positions.prefix { $0 < missing.count }
        for position in missingShare {
            summary.hadIOError = true
            finish(.init(path: everyPath[position], kind: "unknown", findings: [
                IOReadRule.finding("no such file or folder; check the path"),
            ]), at: position)
        }
        let checkedPositions = Array(positions.dropFirst(missingShare.count))
        // Without a shard every file is checked, in order: no second list of a million items.
        if options.shard != nil { files = checkedPositions.map { files[$0 - missing.count] } }

        let done = Counter()
        // What curricula need from other files, read once per folder in a run.
        var libraries: [String: PackLibrary] = [:]
        var siblings: [String: [String: [String]]] = [:]
        var ahead: [String: FileOutcome] = [:]
        // While this thread reports a batch (pack rules, curricula, handing reports on), the
        // next batch is already being checked on other threads.
        // (The first batch is checked on this thread: there is nothing to overlap it with, and a
        // check of one file starts no thread at all.)
        func startChecking(from start: Int, here: Bool = false) -> BatchInFlight? {
            guard start < files.count else { return nil }
            let batch = start..<min(files.count, start + Self.batchSize)
            let toCheck = batch.filter { ahead[files[$0].entry.path] == nil }
            let items = toCheck.map { files[$0] }
            let total = files.count
            return BatchInFlight(batch: batch, indices: toCheck, here: here) { [self] in
                self.checkFiles(items, done: done, total: total)
            }
        }
        var inFlight = startChecking(from: 0, here: true)
        // The batch before this one, whose facts a pack that straddles the two needs.
        var previous: [Int: FileOutcome] = [:]
        while let current = inFlight {
            let batch = current.batch
            let outcomes = current.outcomes()
            let upcoming = startChecking(from: batch.upperBound)
            for index in batch {
                let path = files[index].entry.path
                guard var outcome = outcomes[index] ?? ahead.removeValue(forKey: path) else { continue }
                if outcome.unreadable { summary.hadIOError = true }
                // Pack rules: findings go to the manifest's own entry.
                if let parsed = outcome.manifest {
                    let (root, manifest) = parsed
                    let pack = packView(manifest: manifest, at: index, in: files, outcomes: outcomes, previous: previous,
                                        upcoming: upcoming, ahead: &ahead, done: done)
                    outcome.report.findings += pack.validate().map { DocumentLoader.locate($0, in: root) }
                    outcome.report.findings.sort(by: Finding.displayOrder)
                }
                // Curriculum rules: they read the packs beside the curriculum's folder.
                if let (root, curriculum) = outcome.curriculum {
                    let folder = FileSystem.folder(of: path)
                    if siblings[folder] == nil { siblings[folder] = CurriculumView.prerequisites(in: folder, policy: options.policy) }
                    let view = CurriculumView.load(curriculum, at: path, policy: options.policy,
                                                   library: library(for: path, libraries: &libraries), siblings: siblings[folder])
                    outcome.report.findings += view.validate().map { DocumentLoader.locate($0, in: root) }
                    outcome.report.findings.sort(by: Finding.displayOrder)
                }
                finish(outcome.report, at: checkedPositions[index])
            }
            inFlight = upcoming
            previous = outcomes
        }
        return summary
    }

    /// Folders of puzzles directly under a `puzzles` folder are meant to be packs (except
    /// `puzzles/curricula`, which holds curricula): for each one
    /// without a manifest, a warning for its first entry in the run (by position in `paths`).
    /// Each folder is looked at once (its first entry), so a pack folder costs one stat, not one per file.
    static func missingManifestWarnings(_ paths: [String]) -> [Int: Finding] {
        var decided = Set<String>()
        var warnings: [Int: Finding] = [:]
        for (position, path) in paths.enumerated() {
            let folder = FileSystem.folder(of: path)
            guard decided.insert(folder).inserted, FileSystem.lastComponent(of: FileSystem.folder(of: folder)) == "puzzles",
                  FileSystem.lastComponent(of: folder) != CurriculumView.folderName,
                  FileSystem.kind(of: FileSystem.join(folder, PackManifest.fileName)) == .missing else { continue }
            warnings[position] = MissingManifestRule.finding(
                "\(folder) holds puzzles but no pack.json; add a manifest so the app can show it as a pack")
        }
        return warnings
    }

    /// Files checked so far, for the progress callback (shared by the threads).
    final class Counter: Sendable {
        private let count = Mutex(0)

        func increment() -> Int {
            count.withLock { (count: inout Int) -> Int in
                count += 1
                return count
            }
        }
    }

    /// A file to check and the root it is read within.
    struct Item: Sendable {
        var entry: TreeEntry
        var root: TreeRoot
    }

    struct FileOutcome: Sendable {
        var report: CheckReport.FileReport
        /// What the pack rules need, for a puzzle that decoded.
        var facts: PuzzleFacts?
        /// The parsed manifest and its tree (to locate pack findings), for a `pack.json`.
        var manifest: (JSONNode, PackManifest)?
        /// The same for a curriculum, whose rules run once its packs are read.
        var curriculum: (JSONNode, Curriculum)?
        var unreadable = false
    }

    /// A batch of files being checked on other threads; ``outcomes()`` waits for them.
    final class BatchInFlight {
        let batch: Range<Int>
        private let results = Results()
        private var done = false

        /// What the other thread hands back.
        final class Results: Sendable {
            let outcomes = Mutex<[Int: FileOutcome]>([:])
            let finished = DispatchSemaphore(value: 0)
        }

        /// Starts `check` (the outcomes of the files at `indices`, in order) on another thread,
        /// or runs it before returning when `here`.
        init(batch: Range<Int>, indices: [Int], here: Bool, check: @escaping @Sendable () -> [FileOutcome]) {
            self.batch = batch
            let results = results
            let work: @Sendable () -> Void = {
                let outcomes = check()
                results.outcomes.withLock { slot in for (index, outcome) in zip(indices, outcomes) { slot[index] = outcome } }
                results.finished.signal()
            }
            if here { work() } else { DispatchQueue.global().async(execute: work) }
        }

        /// The outcomes by file index, once every file is checked (files already known when
        /// the batch started are absent).
        func outcomes() -> [Int: FileOutcome] {
            if !done {
                results.finished.wait()
                done = true
            }
            return results.outcomes.withLock { $0 }
        }

        /// The outcome of the file at `index` if it is in this batch (waiting for the batch).
        func outcome(at index: Int) -> FileOutcome? {
            batch.contains(index) ? outcomes()[index] : nil
        }
    }

    /// Checks every file, in parallel when asked; the outcomes keep the files' order.
    private func checkFiles(_ items: [Item], done: Counter, total: Int) -> [FileOutcome] {
        parallelMap(items.count, jobs: options.jobs) { index in
            let outcome = self.checkFileWithinTimeout(items[index])
            let finished = done.increment()
            self.options.progress?(finished, total)
            return outcome
        }
    }

    /// The pack of the manifest at `files[index]`, with the facts of every puzzle it lists.
    ///
    /// A pack folder's entries are contiguous in the walk. Listed files the walk reaches after
    /// the manifest come from the batch being checked (`upcoming`), or are checked now, in
    /// parallel, and kept in `ahead` until the report reaches them; those before it in this
    /// batch or the one before (`p-001.json` sorts before `pack.json`) lend the facts their
    /// check found. The others (in an earlier batch, in another shard, or not checked at all)
    /// only have their facts worked out, from the cache when it knows their bytes.
    private func packView(manifest: PackManifest, at index: Int, in files: [Item], outcomes: [Int: FileOutcome],
                          previous: [Int: FileOutcome], upcoming: BatchInFlight?, ahead: inout [String: FileOutcome],
                          done: Counter) -> Pack {
        let item = files[index]
        let folder = FileSystem.folder(of: item.entry.path)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        // The folder's own entries in the walk, by name, on one side of the manifest.
        func entries(step: Int) -> [String: Int] {
            var found: [String: Int] = [:]
            var position = index + step
            while files.indices.contains(position), files[position].entry.path.hasPrefix(prefix) {
                if FileSystem.folder(of: files[position].entry.path) == folder {
                    found[FileSystem.lastComponent(of: files[position].entry.path)] = position
                }
                position += step
            }
            return found
        }
        let earlier = entries(step: -1), later = entries(step: 1)
        let names = item.root.jsonNames(in: folder).filter { $0 != PackManifest.fileName }
        let present = Set(names)
        var listed: [(entry: Int, name: String)] = []
        for (entry, name) in manifest.puzzles.enumerated() {
            guard let relative = PackManifest.containedPath(name), present.contains(relative) else { continue }
            listed.append((entry, relative))
        }
        // Later files not yet checked are checked in full now (they will be reported anyway).
        func known(_ position: Int) -> FileOutcome? {
            outcomes[position] ?? upcoming?.outcome(at: position) ?? ahead[files[position].entry.path]
        }
        var unchecked: [Int] = []
        var queued = Set<Int>()
        for (_, name) in listed {
            if let position = later[name], known(position) == nil, queued.insert(position).inserted {
                unchecked.append(position)
            }
        }
        for (position, outcome) in zip(unchecked, checkFiles(unchecked.map { files[$0] }, done: done, total: files.count)) {
            ahead[files[position].entry.path] = outcome
        }
        var facts: [Int: PuzzleFacts] = [:]
        var others: [(entry: Int, file: TreeEntry)] = []
        for (entry, name) in listed {
            if let position = later[name] {
                if let known = known(position)?.facts { facts[entry] = known }
            } else if let position = earlier[name], let outcome = outcomes[position] ?? previous[position] {
                if let known = outcome.facts { facts[entry] = known }
            } else {
                // A walked entry is read as the walk found it (no second `realpath`).
                others.append((entry, earlier[name].map { files[$0].entry } ?? TreeEntry(path: FileSystem.join(folder, name))))
            }
        }
        let cache = options.cache
        let root = item.root
        let entries = others.map(\.file)
        let found = parallelMap(entries.count, jobs: options.jobs) { i -> PuzzleFacts? in
            guard case .success(let bytes) = root.read(entries[i]) else { return nil }
            return Self.facts(of: bytes, cache: cache)
        }
        for (other, known) in zip(others, found) { if let known { facts[other.entry] = known } }
        return Pack(folder: folder, manifest: manifest, files: names, puzzles: facts)
    }

    private func checkFileWithinTimeout(_ item: Item) -> FileOutcome {
        let file = item.entry.path
        let cache = options.cache
        guard let timeout = options.timeoutPerFile else { return Self.checkFile(item, cache: cache) }
        // The check runs on its own thread; if it overruns, its result is dropped and the
        // file is reported. (The thread finishes in the background; the process ends soon after.)
        // The thread times its own check too: on a loaded machine this thread may only reach
        // `wait` after the check is over, and a check that took longer than the limit is
        // reported whenever it finished.
        let slot = Mutex<(outcome: FileOutcome, took: Duration)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = Self.checkFile(item, cache: cache)
            let took = start.duration(to: clock.now)
            slot.withLock { $0 = (outcome, took) }
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .success, let done = slot.withLock({ $0 }), done.took <= .seconds(timeout) {
            return done.outcome
        }
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        return FileOutcome(report: .init(path: file, kind: "unknown", findings: [
            CheckTimeoutRule.finding(
                "checking this file took longer than \(seconds) s; raise --timeout-per-puzzle or simplify the puzzle"),
        ]))
    }

    static func checkFile(_ item: Item, cache: CheckCache?) -> FileOutcome {
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
            // A manifest is always read afresh: its pack findings need its tree, and there are few.
            if PackManifest.isManifest(file) {
                let result = DocumentLoader.load(bytes, isManifest: true)
                var outcome = FileOutcome(report: .init(path: file, kind: result.kind, findings: result.findings))
                if let root = result.root, case .pack(let manifest)? = result.document { outcome.manifest = (root, manifest) }
                return outcome
            }
            let (record, curriculum) = record(of: bytes, cache: cache)
            var outcome = FileOutcome(report: .init(path: file, kind: record.kind, findings: record.findings), facts: record.facts)
            outcome.curriculum = curriculum
            return outcome
        }
    }

    /// The findings and facts of a puzzle file's bytes: from the cache when it has them, else
    /// worked out (and given to the cache).
    ///
    /// A curriculum's findings depend on the packs it uses, so it is never cached: its record
    /// holds the findings of reading it, and the parsed curriculum comes back for its rules.
    static func record(of bytes: [UInt8], cache: CheckCache?) -> (CheckRecord, curriculum: (JSONNode, Curriculum)?) {
        let digest = cache.map { _ in CheckCache.Digest(of: bytes) }
        if let cache, let digest, let known = cache.record(for: digest) { return (known, nil) }
        let result = DocumentLoader.load(bytes, isManifest: false)
        var facts: PuzzleFacts?
        var curriculum: (JSONNode, Curriculum)?
        switch result.document {
        case .puzzle(let document)?: facts = PuzzleFacts(document.puzzle)
        case .curriculum(let plan)?: curriculum = result.root.map { ($0, plan) }
        default: break
        }
        let record = CheckRecord(kind: result.kind, findings: result.findings, facts: facts)
        if let cache, let digest, result.kind != Curriculum.kindName { cache.store(record, for: digest) }
        return (record, curriculum)
    }

    /// The packs for a curriculum at `path`, read once per folder in a run.
    private func library(for path: String, libraries: inout [String: PackLibrary]) -> PackLibrary {
        let folder = CurriculumView.packsFolder(forCurriculumAt: path)
        if let known = libraries[folder] { return known }
        let library = PackLibrary.load(folder: folder, policy: options.policy, jobs: options.jobs)
        libraries[folder] = library
        return library
    }

    /// Only the facts of a listed puzzle the report does not reach: from the cache when it has
    /// them, else from decoding alone (no rules, no solver).
    static func facts(of bytes: [UInt8], cache: CheckCache?) -> PuzzleFacts? {
        if let cache, let known = cache.record(for: CheckCache.Digest(of: bytes)) { return known.facts }
        guard let root = try? JSONParser.parse(bytes) else { return nil }
        // As DocumentLoader: an object with neither "kind" nor "formatVersion" is not a puzzle.
        if case .object = root.value, root["kind"] == nil, root["formatVersion"] == nil { return nil }
        guard let document = PuzzleDocument.decode(root, context: DecodeContext(source: bytes)) else { return nil }
        return PuzzleFacts(document.puzzle)
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
