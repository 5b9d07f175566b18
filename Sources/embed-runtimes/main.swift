/// Build-time tool behind the `EmbedRuntimes` plugin: turns the runtime sources in `Runtime/`
/// (real `.swift`, `.kt` and `.ts` files, compiled and tested in their own languages) into one
/// Swift file of string constants, so `contract-gen` stays a single binary that works from any
/// directory and `emit` copies the runtimes verbatim.
///
/// Usage: embed-runtimes OUTPUT NAME=FILE...   e.g. `swift=Runtime/swift/ContractRuntime.swift`
///        embed-runtimes --commit OUTPUT [FILE]
/// The second form writes `BuildCommit.value`: the commit in FILE (40 hex digits, which
/// scripts/release.sh writes into the tree it exports from git), or nil without FILE, so a
/// build from anything else says "commit unknown" instead of guessing.
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

/// Writes `text` to `path` atomically, or exits 1.
func write(_ text: String, to path: String) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("embed-runtimes: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}

/// `--commit OUTPUT [FILE]`: the commit a release was built from, refused unless it is a full hash.
func embedCommit(output: String, file: String?) -> Never {
    var value = "nil"
    if let file {
        let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard commit.count == 40, commit.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }) else {
            FileHandle.standardError.write(Data("embed-runtimes: \(file) must hold one full commit hash (40 lowercase hex digits)\n".utf8))
            exit(2)
        }
        value = swiftLiteral(commit)
    }
    write("""
    // DO NOT EDIT. Generated at build time by embed-runtimes.

    /// The commit this binary was built from, when the build said (scripts/release.sh); nil otherwise.
    enum BuildCommit {
        static let value: String? = \(value)
    }

    """, to: output)
    exit(0)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--commit" {
    guard arguments.count == 2 || arguments.count == 3 else {
        FileHandle.standardError.write(Data("usage: embed-runtimes --commit OUTPUT [FILE]\n".utf8))
        exit(2)
    }
    let rest = Array(arguments.dropFirst())
    embedCommit(output: rest[0], file: rest.count == 2 ? rest[1] : nil)
}
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: embed-runtimes OUTPUT NAME=FILE... | --commit OUTPUT [FILE]\n".utf8))
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
write(source, to: output)
