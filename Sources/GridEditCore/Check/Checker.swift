import Foundation
import GridEditJSON

/// `gridedit check` without the terminal: walks files and folders in sorted order, loads every
/// `.json` file, runs the kinds' rules and the pack rules, and returns a report.
public struct Checker: Sendable {
    public init() {}

    public func check(_ paths: [String]) -> CheckReport {
        var report = CheckReport()
        var files: [String] = []
        for path in paths {
            switch FileWalker.kind(of: path) {
            case .directory:
                files += FileWalker.jsonFiles(under: path)
            case .file:
                files.append(path)
            case .missing:
                report.hadIOError = true
                report.files.append(.init(path: path, kind: "unknown", findings: [
                    Finding(rule: "io.read", message: "no such file or folder; check the path"),
                ]))
            }
        }
        var seen = Set<String>()
        files = files.filter { seen.insert($0).inserted }

        var loaded: [String: DocumentLoader.Result] = [:]
        for file in files {
            let fileReport: CheckReport.FileReport
            switch FileWalker.read(file) {
            case .failure(let error):
                report.hadIOError = true
                fileReport = .init(path: file, kind: "unknown", findings: [Finding(rule: "io.read", message: error.message)])
            case .success(let bytes):
                let result = DocumentLoader.load(bytes, isManifest: FileWalker.isManifest(file))
                loaded[file] = result
                fileReport = .init(path: file, kind: result.kind, findings: result.findings)
            }
            report.files.append(fileReport)
        }

        // Pack rules: findings go to the manifest's own entry.
        for index in report.files.indices where FileWalker.isManifest(report.files[index].path) {
            let path = report.files[index].path
            guard let result = loaded[path], let root = result.root,
                  case .pack(let manifest)? = result.document else { continue }
            let pack = PackLoader.pack(manifest: manifest, folder: FileWalker.folder(of: path), cache: loaded)
            report.files[index].findings += pack.validate().map { DocumentLoader.locate($0, in: root) }
            report.files[index].findings.sort(by: Finding.displayOrder)
        }

        // Folders of puzzles directly under a `puzzles` folder are meant to be packs; the
        // warning goes to the folder's first checked file.
        var warned = Set<String>()
        for index in report.files.indices {
            let folder = FileWalker.folder(of: report.files[index].path)
            guard !warned.contains(folder), FileWalker.lastComponent(of: FileWalker.folder(of: folder)) == "puzzles",
                  FileWalker.kind(of: FileWalker.join(folder, PackManifest.fileName)) == .missing else { continue }
            warned.insert(folder)
            report.files[index].findings.append(Finding(
                rule: "pack.missing-manifest", severity: .warning,
                message: "\(folder) holds puzzles but no pack.json; add a manifest so the app can show it as a pack"))
        }
        return report
    }
}

/// Reads the listed puzzles of a pack (from the checker's cache when it already loaded them).
enum PackLoader {
    static func pack(manifest: PackManifest, folder: String, cache: [String: DocumentLoader.Result]) -> Pack {
        let files = FileWalker.jsonFiles(in: folder).filter { $0 != PackManifest.fileName }
        let present = Set(files)
        var ids: [Int: String] = [:]
        for (index, entry) in manifest.puzzles.enumerated() {
            guard let relative = PackManifest.containedPath(entry), present.contains(relative) else { continue }
            let path = FileWalker.join(folder, relative)
            let result = cache[path] ?? {
                guard case .success(let bytes) = FileWalker.read(path) else { return nil }
                return DocumentLoader.load(bytes, isManifest: false)
            }()
            if case .puzzle(let document)? = result?.document { ids[index] = document.puzzle.id }
        }
        return Pack(folder: folder, manifest: manifest, files: files, puzzleIDs: ids)
    }
}
