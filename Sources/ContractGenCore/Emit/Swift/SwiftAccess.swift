/// `swift.access`: the access level of every declaration in the Swift app files (runtime and
/// contracts). Every declaration there is written `public` at the start of its line, after
/// indentation, and nothing else starts a line with that word (doc comments start with `///`,
/// no string literal spans lines); `internal`, Swift's default, is that word left out. One rule
/// in one place, checked by compiling the result warning-free (ExampleAppRepositoryTests).
enum SwiftAccess {
    static func apply(_ access: SwiftAccessLevel, to text: String) -> String {
        switch access {
        case .public: return text
        case .internal:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for index in lines.indices {
                let line = lines[index]
                let indentation = line.prefix { $0 == " " }
                if line.dropFirst(indentation.count).hasPrefix("public ") {
                    lines[index] = indentation + line.dropFirst(indentation.count + "public ".count)
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
