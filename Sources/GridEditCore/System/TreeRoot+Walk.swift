/// One `.json` entry a walk found: a path to read, or a path already refused (a link out of the
/// root, a folder too deep, a name that is not UTF-8), so that every entry gets a finding.
public struct TreeEntry: Sendable, Hashable {
    public var path: String
    public var refusal: FileRefusal?
    /// The walk saw this entry itself as a regular file, reached through real folders only
    /// (never through a link), so it is inside the root without resolving its path again.
    /// Reading it still opens with `O_NOFOLLOW` and checks the opened file is regular, so a
    /// link or FIFO put in its place since the walk is refused, not followed.
    public var walkedRegularFile: Bool

    public init(path: String, refusal: FileRefusal? = nil, walkedRegularFile: Bool = false) {
        self.path = path
        self.refusal = refusal
        self.walkedRegularFile = walkedRegularFile
    }
}

extension TreeRoot {
    /// Every `.json` entry below `folder` (the root or a folder in it), in the order the
    /// checker reports: entries sorted by name at each level, folders depth first, hidden
    /// entries skipped. This is the one walk over a tree.
    ///
    /// Real folders are walked; a link to a folder inside the root is not (the folder is walked
    /// as itself, so nothing is checked twice and link loops cannot recur); a link that leads
    /// out of the root is listed as refused when it names a folder or a `.json` file. FIFOs,
    /// sockets and devices named `.json` are listed; ``read(_:)`` refuses them unopened.
    public func jsonFiles(under folder: String) -> [TreeEntry] {
        var result: [TreeEntry] = []
        walk(folder, depth: 0, into: &result)
        return result
    }

    /// The bytes of an entry a walk found, or why it is not read: its own refusal (a link out
    /// of the root, a folder too deep), else whatever ``read(_:)`` says.
    public func read(_ entry: TreeEntry) -> Result<[UInt8], FileRefusal> {
        if let refusal = entry.refusal { return .failure(refusal) }
        // A re-check of a big unchanged tree is mostly this call: skipping `realpath` for what
        // the walk already placed inside the root halves its system calls.
        return entry.walkedRegularFile ? readRegular(entry.path) : read(entry.path)
    }

    /// The names of the `.json` entries directly in a pack folder, sorted (the pack rules'
    /// view of the folder; each is read through ``read(_:)`` like any other).
    public func jsonNames(in folder: String) -> [String] {
        (FileSystem.listing(of: folder)?.names ?? []).filter { $0.hasSuffix(".json") }
    }

    private func walk(_ folder: String, depth: Int, into result: inout [TreeEntry]) {
        guard let listing = FileSystem.typedListing(of: folder) else {
            if depth > 0 { result.append(TreeEntry(path: folder, refusal: .unreadable("cannot list this folder; check its permissions"))) }
            return
        }
        var named: [(name: String, type: FileSystem.EntryType?, decodable: Bool)] =
            listing.names.map { ($0.name, $0.type, true) } + listing.undecodable.map { ($0, nil, false) }
        if !listing.undecodable.isEmpty { named.sort { $0.name < $1.name } }
        for (name, recordedType, decodable) in named {
            let path = FileSystem.join(folder, name)
            guard decodable else {
                result.append(TreeEntry(path: path, refusal: .unreadable("the name is not valid UTF-8 (shown with \\x escapes); rename it")))
                continue
            }
            let isJSON = name.hasSuffix(".json")
            switch recordedType ?? FileSystem.entryType(path, followingLinks: false) {
            case .directory:
                guard depth + 1 < FileAccessPolicy.maxDepth else {
                    result.append(TreeEntry(path: path, refusal: .unreadable(
                        "folders nested more than \(FileAccessPolicy.maxDepth) deep; gridedit does not look further down here")))
                    continue
                }
                walk(path, depth: depth + 1, into: &result)
            case .symbolicLink:
                switch resolve(path) {
                case .success:
                    // A link to a folder inside the root is skipped: the folder is walked as itself.
                    if isJSON { result.append(TreeEntry(path: path)) }
                case .failure(let refusal):
                    if isJSON || (refusal.isOutsideRoot && FileSystem.entryType(path, followingLinks: true) == .directory) {
                        result.append(TreeEntry(path: path, refusal: refusal))
                    }
                }
            case .regular:
                if isJSON { result.append(TreeEntry(path: path, walkedRegularFile: true)) }
            default:
                if isJSON { result.append(TreeEntry(path: path)) }
            }
        }
    }
}

extension FileRefusal {
    var isOutsideRoot: Bool {
        if case .outsideRoot = self { return true }
        return false
    }
}
