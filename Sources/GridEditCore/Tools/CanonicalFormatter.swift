import GridEditJSON

/// Rewrites puzzle files and manifests in canonical form (the engine of `gridedit format`).
/// Files that do not decode are left untouched and reported.
public enum CanonicalFormatter {
    public struct Outcome: Sendable {
        public var messages: [String] = []
        /// Files that were (or, when only checking, would be) rewritten.
        public var changed: [String] = []
        public var hadError = false
    }

    public static func format(_ paths: [String], write: Bool) -> Outcome {
        var outcome = Outcome()
        for path in paths {
            let files: [String]
            switch FileSystem.kind(of: path) {
            case .directory: files = FileSystem.jsonFiles(under: path)
            case .file: files = [path]
            case .missing:
                outcome.messages.append("\(path): no such file or folder")
                outcome.hadError = true
                continue
            }
            for file in files { format(file, write: write, into: &outcome) }
        }
        return outcome
    }

    static func format(_ file: String, write: Bool, into outcome: inout Outcome) {
        guard case .success(let bytes) = FileSystem.read(file) else {
            outcome.messages.append("\(file): cannot read the file")
            outcome.hadError = true
            return
        }
        let result = DocumentLoader.load(bytes, isManifest: PackManifest.isManifest(file))
        let canonical: String
        switch result.document {
        case .puzzle(let document)?: canonical = document.canonicalText()
        case .pack(let manifest)?: canonical = CanonicalJSONWriter.write(manifest.encode())
        case nil:
            outcome.messages.append("\(file): not formatted: it does not load; run `gridedit check \(file)`")
            outcome.hadError = true
            return
        }
        guard Array(canonical.utf8) != bytes else { return }
        outcome.changed.append(file)
        if write {
            do {
                try AtomicFile.write(Array(canonical.utf8), to: file)
                outcome.messages.append("formatted \(file)")
            } catch {
                outcome.messages.append(error.description)
                outcome.hadError = true
            }
        } else {
            outcome.messages.append("\(file): not in canonical form; run `gridedit format \(file)`")
        }
    }
}
