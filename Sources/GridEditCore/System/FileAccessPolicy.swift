/// What gridedit allows itself when it reads a tree it was handed: a contributor's pull request,
/// a pack downloaded from a stranger. Every command that walks or reads a tree (`check`, `list`,
/// `render`, `format`, `sudoku export`, `sudoku grade`, and `serve`) reads through a ``TreeRoot``
/// made with this policy, so the guarantees are the same everywhere:
///
/// - nothing outside the root is opened: a symbolic link is followed only when its target
///   resolves inside the root (`file.outside-root` otherwise);
/// - only regular files are opened: FIFOs, sockets, devices and folders are refused from their
///   status, before any open that could block (`file.not-regular`);
/// - no read goes past ``maxFileSize`` (`file.too-large`), so a sparse file of many GiB or a link
///   to an endless device costs one `stat`;
/// - walks stop ``maxDepth`` folders down;
/// - a file's findings are capped at ``maxFindingsPerFile`` (`check.too-many-findings`), so no
///   report grows with the input.
///
/// Writers keep to the same root (``TreeRoot/writableTarget(_:)``): they never write through a
/// link that leaves it, nor outside the folder named.
public struct FileAccessPolicy: Sendable, Hashable {
    /// 1 MiB. The largest shipped puzzle is under 1 KB and a 10,000-puzzle manifest (the check
    /// benchmark's) about 180 KB, so this leaves a thousandfold margin for puzzles and room for
    /// manifests of some 50,000 entries, while every command still parses, checks and reports a
    /// file of this size in well under a second (`gridedit-bench check` measures grown files).
    public static let defaultMaxFileSize = 1 << 20
    /// As compilers cap errors: enough to fix a file in one pass, never a flood in a CI log.
    public static let defaultMaxFindingsPerFile = 100
    /// Packs sit two folders below `puzzles/`; a tree nested deeper than this is refused there.
    public static let maxDepth = 32

    /// Files larger than this many bytes are refused unread.
    public var maxFileSize: Int
    /// Findings kept per file; the rest are counted in one `check.too-many-findings` finding.
    public var maxFindingsPerFile: Int

    public init(maxFileSize: Int = defaultMaxFileSize, maxFindingsPerFile: Int = defaultMaxFindingsPerFile) {
        self.maxFileSize = max(0, maxFileSize)
        self.maxFindingsPerFile = max(1, maxFindingsPerFile)
    }

    /// A byte count as options take it: a whole number, optionally with `K`, `M` or `G`
    /// (binary multiples: `1M` is 1,048,576 bytes).
    public static func byteCount(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = text.uppercased()
        var multiplier = 1
        if digits.hasSuffix("B") { digits.removeLast() }
        if digits.hasSuffix("I") { digits.removeLast() }
        if let last = digits.last, let m = multipliers[last] {
            multiplier = m
            digits.removeLast()
        }
        guard let value = Int(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}

/// Why an entry of a tree was not opened. Each case is reported under its own rule
/// (`Finding(_: FileRefusal)`), with what to do.
public enum FileRefusal: Error, Sendable, Hashable {
    /// A symbolic link, or a path through one, that resolves outside the root.
    case outsideRoot(link: String, target: String, root: String)
    /// A FIFO, socket, device or folder where a file was expected.
    case notRegular(FileSystem.EntryType)
    case tooLarge(size: Int, limit: Int)
    /// Missing, a dangling link, a link loop, no permission, a name that is not UTF-8, a tree
    /// nested too deep: the message says which.
    case unreadable(String)
}
