import GridEditJSON

/// A pack's `pack.json`: what the app shows about the pack and the order of its puzzles.
public struct PackManifest: Sendable, Hashable {
    public static let fileName = "pack.json"
    /// Whether a path names a manifest (by its file name: `check` and `format` load it as one).
    public static func isManifest(_ path: String) -> Bool { FileSystem.lastComponent(of: path) == fileName }
    public static let keys = ["$schema", "formatVersion", "id", "title", "description", "ageRange", "puzzles"]
    public static let defaultSchemaReference = "../../schemas/pack.schema.json"

    public var schemaReference: String?
    public var id: String
    public var title: String
    public var description: String
    /// Ages in years, inclusive.
    public var ageRange: ClosedRange<Int>
    /// Puzzle files relative to the pack folder, in the order children meet them.
    public var puzzles: [String]

    public init(schemaReference: String? = PackManifest.defaultSchemaReference, id: String, title: String,
                description: String, ageRange: ClosedRange<Int>, puzzles: [String]) {
        self.schemaReference = schemaReference
        self.id = id
        self.title = title
        self.description = description
        self.ageRange = ageRange
        self.puzzles = puzzles
    }

    public static func decode(_ root: JSONNode, context: DecodeContext) -> PackManifest? {
        guard let object = context.object(root, allowedKeys: keys) else { return nil }
        if let versionNode = object.required("formatVersion"), let version = context.int(versionNode, in: 1...Int.max),
           !context.supportedVersion(version, at: versionNode) {
            return nil
        }
        let schema = object.optional("$schema").flatMap(context.string)
        let id = object.required("id").flatMap { context.identifier($0, what: "pack id") }
        let title = object.required("title").flatMap(context.string)
        let description = object.required("description").flatMap(context.string)
        let ages = object.required("ageRange").flatMap(context.ageRange)
        let puzzles = object.required("puzzles").flatMap { node -> [String]? in
            guard let items = context.array(node) else { return nil }
            let names = items.compactMap(context.string)
            return names.count == items.count ? names : nil
        }
        guard let id, let title, let description, let ages, let puzzles, !context.hasErrors else { return nil }
        return PackManifest(schemaReference: schema, id: id, title: title, description: description,
                            ageRange: ages, puzzles: puzzles)
    }

    /// The manifest as the store writes it (canonical layout).
    public func canonicalText() -> String { CanonicalJSONWriter.write(encode()) }

    public func encode() -> JSONValue {
        var members: [JSONValue.Member] = []
        if let schemaReference { members.append(.init("$schema", .string(schemaReference))) }
        members += [
            .init("formatVersion", .number(String(PuzzleDocument.formatVersion))),
            .init("id", .string(id)),
            .init("title", .string(title)),
            .init("description", .string(description)),
            .init("ageRange", .object([.init("min", .number(String(ageRange.lowerBound))),
                                       .init("max", .number(String(ageRange.upperBound)))])),
            .init("puzzles", .array(puzzles.map(JSONValue.string))),
        ]
        return .object(members)
    }

    /// The entry as a path inside the pack folder, or nil when it would leave the folder
    /// (absolute paths, `..` steps that climb out, backslashes). Such entries are refused so a
    /// manifest can never make gridedit read or overwrite files elsewhere.
    ///
    /// Pack rules ask this for every entry of every pack, so the common case (a plain name
    /// such as `morning-1.json`) is answered from one pass over the bytes, without Foundation.
    public static func containedPath(_ entry: String) -> String? {
        var plain = true
        var previous: UInt8 = UInt8(ascii: "/")
        for byte in entry.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), 0: return nil
            case UInt8(ascii: "/"): plain = false
            case UInt8(ascii: ".") where previous == UInt8(ascii: "/"): plain = false
            default: break
            }
            previous = byte
        }
        guard !entry.isEmpty, !entry.utf8.starts(with: [UInt8(ascii: "/")]) else { return nil }
        if plain { return entry }
        var parts: [Substring] = []
        for part in entry.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
