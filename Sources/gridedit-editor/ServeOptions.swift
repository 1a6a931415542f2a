import ArgumentParser

/// `--port`, `--host` and `--open`: where the browser editor listens, for `gridedit serve` and
/// `gridedit edit --serve` alike (docs/serve.md).
struct ServeOptions: ParsableArguments {
    @Option(help: "The port to listen on; 0 picks a free one (the URL printed says which).")
    var port: Int = 8080

    @Option(help: "The address to listen on. Off loopback, the URL carries a secret token.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the desktop's browser.")
    var open = false

    /// True when none of the three was given (`edit` refuses them without `--serve`).
    var areDefaults: Bool { port == 8080 && host == "127.0.0.1" && !open }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port; give 0…65535 (0 picks a free one)") }
    }

    /// What to serve: `folder`, with these options.
    func request(folder: String) -> ServeControl.Request {
        ServeControl.Request(folder: folder, options: .init(host: host, port: port), openBrowser: open)
    }
}
