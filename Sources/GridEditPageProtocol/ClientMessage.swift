import GridEditJSON

/// A message from the page, version 1 of the protocol (docs/serve.md, "Protocol, version 1"). Every message
/// is one JSON object with a `type` and, optionally, an `id` the reply carries back.
///
/// The decoder knows nothing of HTTP or of the editor: `gridedit serve` decodes each WebSocket
/// text with it, and the fuzz targets (Sources/GridEditFuzzTargets) feed it arbitrary bytes.
public enum ClientMessage: Sendable, Equatable {
    /// Sends the whole state again. With `patches`, every later state reaches this page as a
    /// `patch`: only the members that changed since the state it has (the page sends this).
    case hello(patches: Bool)
    /// An editor command line, as typed in the REPL (only the verbs in ``BrowserCommands``).
    case command(String)
    /// One touch event, an object exactly as a touch-file line holds it
    /// (`{"t":…,"type":"down","pointer":1,"x":…,"y":…}`), handed to the touch-file reader as parsed.
    case touch(JSONNode)
    /// Where a dragged piece would land if released now: a dry-run settle of `move`.
    case ghost(piece: String, dx: Double, dy: Double)
    /// Open a puzzle file of the served folder (a path relative to it). A file with unsaved
    /// edits from a session that ended abruptly is not opened until the page says what to do
    /// with them (`unsaved`: the reply to a plain open carries `unsaved` and asks).
    case open(path: String, unsaved: UnsavedEdits? = nil)
    /// A new puzzle from a template, saved at `path` (relative) when given; `empty` starts a
    /// tangram with every piece in the tray.
    case new(template: String, path: String?, empty: Bool)
    /// Save the active puzzle (to `path`, relative, for "save as").
    case save(path: String?, force: Bool)
    /// The served folder's puzzles, for the pack view.
    case pack
    /// A pack's new order: the files its `pack.json` lists, in the order the page shows them.
    case reorder(folder: String, order: [String])

    /// What to do with a file's unsaved edits from a session that ended abruptly (a killed
    /// `serve`, a crash): the REPL's question when it opens such a file.
    public enum UnsavedEdits: String, Sendable, Equatable, CaseIterable {
        /// Open the file with them, unsaved (each undoable).
        case recover
        /// Delete them and open the file as saved.
        case discard
        /// Open the file as saved and keep them for later.
        case keep
    }

    /// The protocol version this server speaks.
    public static let version = 1
    /// Longer messages are refused with an error reply (the document is untouched).
    public static let maximumBytes = 64 * 1024
    /// A pack's order lists at most this many files (the pack view lists no more).
    public static let maximumOrder = 500

    static let types = ["hello", "command", "touch", "ghost", "open", "new", "save", "pack", "reorder"]

    /// Parses one message; the error names the JSON key and says what is expected.
    public static func parse(_ text: String) throws(ProtocolError) -> (id: JSONValue, message: ClientMessage) {
        guard text.utf8.count <= maximumBytes else {
            throw ProtocolError(id: .null, "message of \(text.utf8.count) bytes is longer than the limit of \(maximumBytes) bytes")
        }
        let node: JSONNode
        do { node = try JSONParser.parse(text, maxDepth: 8) } catch {
            throw ProtocolError(id: .null, "not JSON: \(error.message)")
        }
        guard case .object = node.value else { throw ProtocolError(id: .null, "a message is one JSON object; found \(node.typeName)") }
        let object = LineObject(node: node, line: 1)
        var id = JSONValue.null
        if let idNode = node["id"] {
            switch idNode.value {
            case .number(let n) where n.intValue != nil: id = .int(n.intValue!)
            case .string(let s) where s.utf8.count <= 64: id = .string(s)
            default: throw ProtocolError(id: .null, "\"id\" must be a whole number or a string of at most 64 bytes")
            }
        }
        do throws(JSONLineError) {
            let type = try object.string("type")
            let message: ClientMessage
            switch type {
            case "hello":
                try allow(object, ["patches"])
                message = .hello(patches: try object.optionalBool("patches") ?? false)
            case "command":
                try allow(object, ["line"])
                message = .command(try object.string("line"))
            case "touch":
                try allow(object, ["event"])
                guard let event = node["event"], case .object = event.value else {
                    throw object.fail("\"event\" must be a touch-file event object such as {\"t\":0,\"type\":\"down\",\"pointer\":1,\"x\":1,\"y\":1}")
                }
                message = .touch(event)
            case "ghost":
                try allow(object, ["piece", "dx", "dy"])
                message = .ghost(piece: try object.string("piece"), dx: try object.double("dx"), dy: try object.double("dy"))
            case "open":
                try allow(object, ["path", "unsaved"])
                var unsaved: UnsavedEdits?
                if let word = try object.optionalString("unsaved") {
                    guard let choice = UnsavedEdits(rawValue: word) else {
                        throw object.fail("\"unsaved\" is one of \(UnsavedEdits.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")); found \"\(word)\"")
                    }
                    unsaved = choice
                }
                message = .open(path: try object.string("path"), unsaved: unsaved)
            case "new":
                try allow(object, ["template", "path", "empty"])
                message = .new(template: try object.string("template"), path: try object.optionalString("path"),
                               empty: try object.optionalBool("empty") ?? false)
            case "save":
                try allow(object, ["path", "force"])
                message = .save(path: try object.optionalString("path"), force: try object.optionalBool("force") ?? false)
            case "pack":
                try allow(object, [])
                message = .pack
            case "reorder":
                try allow(object, ["folder", "order"])
                guard case .array(let items)? = node["order"]?.value, items.count <= maximumOrder else {
                    throw object.fail("\"order\" must be an array of the pack's file names (at most \(maximumOrder))")
                }
                let order = try items.map { item throws(JSONLineError) -> String in
                    guard case .string(let name) = item.value, !name.isEmpty, !name.contains("/") else {
                        throw object.fail("\"order\" holds file names of the pack's folder, such as \"cat.json\"")
                    }
                    return name
                }
                message = .reorder(folder: try object.string("folder"), order: order)
            default:
                throw object.fail("unknown \"type\" \"\(type)\"; use one of \(types.joined(separator: ", "))")
            }
            return (id, message)
        } catch {
            throw ProtocolError(id: id, error.message)
        }
    }

    private static func allow(_ object: LineObject, _ keys: Set<String>) throws(JSONLineError) {
        let allowed = keys.union(["type", "id"])
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw object.fail("unknown key \"\(unknown)\" (allowed here: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}

/// A message the server could not act on: the reply says why, and nothing was changed.
public struct ProtocolError: Error, Sendable {
    public var id: JSONValue
    public var message: String

    public init(id: JSONValue, _ message: String) {
        self.id = id
        self.message = message
    }
}
