import GridEditCore

/// The page's files (index.html, page.css, the JS modules), shipped as a SwiftPM resource folder
/// (`Resources/page`). Found, in order: `$GRIDEDIT_PAGE`; the resource bundle SwiftPM puts beside
/// the executable (`.build/release/gridedit_GridEditServe.resources/page`); `share/gridedit/page`
/// beside an installed binary; the sources of the checkout the binary was built from. Looked up
/// by hand rather than with `Bundle.module`, which stops the process when the bundle is missing.
public enum PageFiles {
    public static func find(environment: [String: String], executablePath: String? = nil) -> String? {
        var candidates: [String] = []
        if let explicit = environment["GRIDEDIT_PAGE"] { candidates.append(explicit) }
        if let executable = (executablePath ?? FileSystem.runningExecutable()).map(FileSystem.absolute) {
            let folder = FileSystem.folder(of: executable)
            candidates.append(folder + "/gridedit_GridEditServe.resources/page")
            candidates.append(folder + "/../share/gridedit/page")
        }
        candidates.append(sourceFolder)
        return candidates.first { FileSystem.isFile($0 + "/index.html") }
    }

    /// `Sources/GridEditServe/Resources/page` in the checkout this file was compiled from.
    static var sourceFolder: String {
        FileSystem.folder(of: FileSystem.folder(of: FileSystem.folder(of: #filePath))) + "/Resources/page"
    }

    /// The content type of a page file, by its extension; nil for files the page does not have.
    static func contentType(of path: String) -> String? {
        switch path.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json; charset=utf-8"
        default: nil
        }
    }
}
