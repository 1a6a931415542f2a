import GridEditCore
import GridEditJSON

/// Why a colour profile could not be loaded or saved. Every case names the file; `invalid`
/// carries each problem located as `file:line:col` with its JSON path.
public enum ColorProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, findings: [Finding])
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot read the colour profile: \(reason)"
        case .invalid(let path, let findings):
            (["\(path): the colour profile has \(findings.count) problem(s); fix them, or run `gridedit capture calibrate` to measure your pieces again"]
             + findings.map { $0.line(in: path) }).joined(separator: "\n")
        case .writeFailed(let path, let reason):
            "\(path): cannot save the colour profile: \(reason)"
        }
    }

    /// 1 for a profile with problems, 2 for a file that cannot be read or written (as `check`).
    public var exitCode: Int32 {
        switch self {
        case .invalid: 1
        case .unreadable, .writeFailed: 2
        }
    }
}

// MARK: Files

extension ColorProfile {
    /// Reads and checks a profile file (JSON; `//` and `/* */` comments are allowed, as in the
    /// style file). Every problem is reported at once.
    public static func load(path: String) throws(ColorProfileError) -> ColorProfile {
        switch FileSystem.read(path) {
        case .success(let bytes): return try decode(bytes, path: path)
        case .failure(let failure): throw .unreadable(path: path, reason: failure.message)
        }
    }

    /// Decodes a profile's bytes; `path` only names the file in messages.
    public static func decode(_ bytes: [UInt8], path: String) throws(ColorProfileError) -> ColorProfile {
        let stripped = JSONComments.strip(bytes)
        let root: JSONNode
        do {
            root = try JSONParser.parse(stripped)
        } catch {
            throw .invalid(path: path, findings: [Finding(error)])
        }
        let context = DecodeContext(source: stripped)
        let profile = decode(root, context: context)
        guard let profile, !context.hasErrors else {
            throw .invalid(path: path, findings: context.findings.sorted(by: Finding.displayOrder))
        }
        return profile
    }

    /// Decodes a parsed profile, recording every problem (located) in `context`.
    public static func decode(_ root: JSONNode, context: DecodeContext) -> ColorProfile? {
        guard let object = context.object(root, allowedKeys: ["$schema", "colorProfile", "name", "description",
                                                              "minSaturation", "pieces"]) else { return nil }
        let schema = object.optional("$schema").flatMap(context.string)
        let version = object.required("colorProfile").flatMap { node -> Int? in
            guard case .number(let n) = node.value, let version = n.intValue, version >= 1 else {
                context.report(SchemaValueRule.self, "colorProfile must be a whole number (this gridedit writes \(formatVersion))", at: node)
                return nil
            }
            guard version <= formatVersion else {
                context.report(FormatUnsupportedVersionRule.self,
                               "colorProfile \(version) is newer than this gridedit understands (\(formatVersion)); update gridedit",
                               at: node)
                return nil
            }
            return version
        }
        let name = object.required("name").flatMap(context.string)
        let description = object.optional("description").flatMap(context.string)
        let minSaturation = object.required("minSaturation").flatMap { number($0, context: context) }
        let colors = object.required("pieces").flatMap { pieces($0, context: context) }
        guard version != nil, let name, let minSaturation, let colors, !context.hasErrors else { return nil }
        let profile = ColorProfile(name: name, description: description, minSaturation: minSaturation, colors: colors,
                                   schemaReference: schema)
        for finding in profile.validate() { context.report(DocumentLoader.locate(finding, in: root)) }
        return context.hasErrors ? nil : profile
    }

    private static func pieces(_ node: JSONNode, context: DecodeContext) -> [TangramPiece: PieceColor]? {
        guard let object = context.object(node, allowedKeys: TangramPiece.allCases.map(\.rawValue)) else { return nil }
        var colors: [TangramPiece: PieceColor] = [:]
        for piece in TangramPiece.allCases {
            guard let entry = object.optional(piece.rawValue) else { continue }  // `validate` names what is missing
            guard let fields = context.object(entry, allowedKeys: ["color", "hueTolerance"]) else { continue }
            let tolerance = fields.required("hueTolerance").flatMap { number($0, context: context) }
            let color = fields.required("color").flatMap { node -> PieceColor? in
                guard let text = context.string(node) else { return nil }
                guard let color = PieceColor(hex: text, hueTolerance: 0) else {
                    context.report(SchemaValueRule.self, "\(Excerpt.quoted(text)) is not a colour; write \"#RRGGBB\" in hex, like \"#D62839\"", at: node)
                    return nil
                }
                return color
            }
            guard var color, let tolerance else { continue }
            color.hueTolerance = tolerance
            colors[piece] = color
        }
        return colors
    }

    private static func number(_ node: JSONNode, context: DecodeContext) -> Double? {
        guard case .number(let n) = node.value else {
            context.report(SchemaTypeRule.self, "expected a number, found \(node.typeName)", at: node)
            return nil
        }
        return n.doubleValue
    }

    /// What capture could not work with, located by JSON path (the checks that need no file).
    /// `save` refuses a profile with any of these, so every saved profile loads again.
    public func validate() -> [Finding] {
        var findings: [Finding] = []
        let root = JSONPath.root
        if name.isEmpty {
            findings.append(SchemaValueRule.finding("name is empty; name the set of pieces, like \"wooden set\"",
                                                    at: root.appending(key: "name")))
        }
        if !(0...1).contains(minSaturation) {
            findings.append(SchemaValueRule.finding(
                "minSaturation \(Self.number(minSaturation)) is out of range; use one from 0 to 1 (0.35 suits printed pieces)",
                at: root.appending(key: "minSaturation")))
        }
        let pieces = root.appending(key: "pieces")
        let missing = TangramPiece.allCases.filter { colors[$0] == nil }
        for piece in missing {
            findings.append(SchemaRequiredRule.finding(
                "missing piece \"\(piece.rawValue)\": add \"\(piece.rawValue)\": {\"color\": \"#RRGGBB\", \"hueTolerance\": 14}",
                at: pieces))
        }
        for piece in TangramPiece.allCases {
            guard let color = colors[piece] else { continue }
            let entry = pieces.appending(key: piece.rawValue)
            if !Self.hueToleranceRange.contains(color.hueTolerance) {
                findings.append(SchemaValueRule.finding(
                    "hueTolerance \(Self.number(color.hueTolerance)) is out of range; use \(Int(Self.hueToleranceRange.lowerBound)) to \(Int(Self.hueToleranceRange.upperBound)) degrees (14 suits most sets)",
                    at: entry.appending(key: "hueTolerance")))
            }
            if color.saturation < minSaturation {
                let saturation = (color.saturation * 100).rounded() / 100
                findings.append(SchemaValueRule.finding(
                    "\(color.hex) has saturation \(Self.number(saturation)), below minSaturation \(Self.number(minSaturation)): a piece this grey cannot be told from the paper; give it a more saturated colour",
                    at: entry.appending(key: "color")))
            }
        }
        return findings
    }

    /// Writes the canonical text atomically (temporary file, then rename); refuses a profile that
    /// `validate` finds problems with, so that a saved profile always loads.
    public func save(to path: String) throws(ColorProfileError) {
        let problems = validate()
        guard problems.isEmpty else { throw .invalid(path: path, findings: problems) }
        do {
            try AtomicFile.write(Array(canonicalText().utf8), to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// The profile file a command uses when none is named: `templates/capture-colors.jsonc` in
    /// `folder` or the nearest parent that has one, else near the executable (a build under
    /// `.build/…` finds its repository's template from anywhere), as for the style file.
    public static func findDefault(from folder: String, executable: String? = nil) -> String? {
        func search(upFrom start: String) -> String? {
            var current = start
            while true {
                let candidate = FileSystem.join(current, defaultRelativePath)
                if FileSystem.kind(of: candidate) == .file { return candidate }
                let parent = FileSystem.folder(of: current)
                if parent == current || current == "/" || current.isEmpty || current == "." { return nil }
                current = parent
            }
        }
        return search(upFrom: folder) ?? executable.flatMap { search(upFrom: FileSystem.folder(of: $0)) }
    }
}

// MARK: Canonical form

extension ColorProfile {
    /// The canonical JSON tree: `$schema`, `colorProfile`, `name`, `description`, `minSaturation`,
    /// then `pieces` in `TangramPiece` order, each `{"color", "hueTolerance"}` on one line.
    public func encode() -> JSONValue {
        var members: [JSONValue.Member] = []
        if let schemaReference { members.append(.init("$schema", .string(schemaReference))) }
        members.append(.init("colorProfile", .number(String(Self.formatVersion))))
        members.append(.init("name", .string(name)))
        if let description { members.append(.init("description", .string(description))) }
        members.append(.init("minSaturation", .number(Self.number(minSaturation))))
        members.append(.init("pieces", .object(TangramPiece.allCases.compactMap { piece in
            colors[piece].map { color in
                .init(piece.rawValue, .object([.init("color", .string(color.hex)),
                                               .init("hueTolerance", .number(Self.number(color.hueTolerance)))]))
            }
        })))
        return .object(members)
    }

    /// The file text gridedit writes; loading it gives the same profile, saving that the same bytes.
    public func canonicalText() -> String { CanonicalJSONWriter.write(encode()) }

    /// A JSON number literal: whole numbers without a fraction (`14`), others in Swift's
    /// shortest round-tripping form (`0.35`).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
