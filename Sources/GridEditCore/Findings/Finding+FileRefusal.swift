import GridEditJSON

extension Finding {
    /// Why an entry of a tree was not opened, as a finding under its own rule, with what to do.
    public init(_ refusal: FileRefusal) {
        switch refusal {
        case .outsideRoot(_, let target, let root):
            self = FileOutsideRootRule.finding(
                "a symbolic link to \(Excerpt.escaped(target, limit: 120)), outside \(Excerpt.escaped(root, limit: 120)); it was not opened. "
                + "gridedit reads and writes only inside the folder it is given: replace the link with a copy of what it points to")
        case .notRegular(let type):
            self = FileNotRegularRule.finding(
                "this is \(type.words), not a regular file; it was not opened. Remove it, or rename it so it does not end in .json")
        case .tooLarge(let size, let limit):
            self = FileTooLargeRule.finding(
                "the file has \(size == limit + 1 ? "more than \(limit)" : "\(size)") bytes and the limit is \(limit) (puzzles are a few KB); it was not read. "
                + "If it really is a puzzle or manifest, raise --max-file-size")
        case .unreadable(let message):
            self = IOReadRule.finding(message)
        }
    }
}
