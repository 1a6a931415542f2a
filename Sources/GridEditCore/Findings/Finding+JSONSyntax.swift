import GridEditJSON

extension Finding {
    /// The finding that reports a file that is not acceptable JSON, as the parser words it: its
    /// rule (`json.syntax`, `json.duplicate-key`, …), message, place and JSON path. Puzzles, packs,
    /// style files and colour profiles all report a syntax error this one way.
    public init(_ error: JSONSyntaxError) {
        self.init(rule: error.rule, message: error.message, path: error.path, location: error.location)
    }
}
