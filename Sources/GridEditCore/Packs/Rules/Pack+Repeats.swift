extension Pack {
    /// The listed puzzles of one kind that ask for what an earlier one of the pack asks for (the
    /// same `sameAs` key, ``PuzzleFacts/sameAsKey``), each with the first such earlier one, in
    /// listing order. A file listed twice is `pack.duplicate-entry`'s business and is compared once.
    /// Each key is looked up in a dictionary, so a pack of thousands costs no more than its puzzles.
    func repeats(ofKind kind: String) -> [(entry: Int, earlier: Int)] {
        var first: [String: Int] = [:]
        var repeats: [(entry: Int, earlier: Int)] = []
        let prefix = kind + " "
        for index in firstListings {
            guard let key = puzzles[index]?.sameAsKey, key.hasPrefix(prefix) else { continue }
            if let earlier = first[key] { repeats.append((index, earlier)) } else { first[key] = index }
        }
        return repeats
    }
}
