import GridEditJSON

extension Finding {
    /// The finding as one compiler-style line, as `gridedit check` prints it:
    ///
    ///     puzzles/animals/cat.json:12:7: error: [tangram.overlap] pieces[3]: medium overlaps large-1 (pieces[0]); …
    ///
    /// Paths and JSON paths come from the tree (a file name may hold a newline or an escape
    /// sequence), so their control characters are escaped: one finding is always one line.
    public func line(in path: String) -> String {
        var place = Excerpt.escaped(path)
        if let location { place += ":\(location.line):\(location.column)" }
        var message = Excerpt.escaped(self.message)
        if let path = self.path, !path.components.isEmpty { message = "\(Excerpt.escaped(path.description)): \(message)" }
        return "\(place): \(severity.rawValue): [\(rule)] \(message)"
    }
}
