/// Build-time tool behind the `EmbedRuntimes` plugin: turns the runtime sources in `Runtime/`
/// (real `.swift`, `.kt` and `.ts` files, compiled and tested in their own languages) into one
/// Swift file of string constants, so `contract-gen` stays a single binary that works from any
/// directory and `emit` copies the runtimes verbatim.
///
/// Usage: embed-runtimes OUTPUT NAME=FILE...   e.g. `swift=Runtime/swift/ContractRuntime.swift`
import Foundation

/// A Swift string literal that spells `text` exactly: printable ASCII as is, everything else
/// as `\u{…}`, so no byte of a runtime source can end the literal or change its meaning. One
/// literal on one line: a chain of `+` would make the type checker take minutes.
func swiftLiteral(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case " "..."~": out.unicodeScalars.append(scalar)
        default: out += "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
    return out + "\""
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: embed-runtimes OUTPUT NAME=FILE...\n".utf8))
    exit(2)
}
var source = "// DO NOT EDIT. Generated at build time by embed-runtimes from Runtime/.\n\n"
source += "/// The runtime sources of each target language, byte for byte as in `Runtime/`.\n"
source += "enum EmbeddedRuntime {\n"
for pair in arguments.dropFirst() {
    guard let equals = pair.firstIndex(of: "=") else {
        FileHandle.standardError.write(Data("embed-runtimes: expected NAME=FILE, got \(pair)\n".utf8))
        exit(2)
    }
    let name = pair[..<equals]
    let path = String(pair[pair.index(after: equals)...])
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("embed-runtimes: cannot read \(path) as UTF-8\n".utf8))
        exit(1)
    }
    source += "    static let \(name): String = \(swiftLiteral(text))\n"
}
source += "}\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("embed-runtimes: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
