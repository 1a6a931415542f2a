import GridEditFuzzTargets

#if canImport(Glibc)
import Glibc
#endif

// Built by scripts/fuzz.sh with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer's `main` drives
// the target named by GRIDEDIT_FUZZ_TARGET (libFuzzer's own options on the command line).
// Built normally (every `swift build`): `gridedit-fuzz TARGET FILE…` runs the target on each
// file, to reproduce a crash libFuzzer found under a debugger.

/// A line on standard error.
func complain(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
nonisolated(unsafe) private var target: FuzzTarget = .json

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = getenv("GRIDEDIT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let chosen = FuzzTarget(rawValue: name) else {
        complain("set GRIDEDIT_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n")
        exit(64)
    }
    target = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            complain("usage: gridedit-fuzz TARGET FILE…   (TARGET: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))\n"
                  + "Runs the fuzz target on each file; scripts/fuzz.sh builds the fuzzer itself.\n")
            exit(64)
        }
        for path in arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                complain("\(path): cannot be read\n")
                exit(2)
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            fclose(file)
            target.run(bytes)
            print("\(path): ran \(target.rawValue) on \(bytes.count) bytes")
        }
    }
}
#endif
