/// `swift.access`: the access level of every declaration in the Swift app files (runtime and
/// contracts). Every declaration there is written `public` at the start of its line, after
/// indentation (or after the runtime's `@_spi(ContractGenRuntime)`), and nothing else starts a line with that word (doc comments start with `///`,
/// no string literal spans lines); `internal`, Swift's default, is that word left out. One rule
/// in one place, checked by compiling the result warning-free (ExampleAppRepositoryTests).
enum SwiftAccess {
    /// The runtime's machinery is public only to importers of its SPI group (the testee, the
    /// runtime's tests); internal access drops the group with the `public`.
    static let spiPublic = "@_spi(ContractGenRuntime) public "

    static func apply(_ access: SwiftAccessLevel, to text: String) -> String {
        switch access {
        case .public: return text
        case .internal:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for index in lines.indices {
                let line = lines[index]
                let indentation = line.prefix { $0 == " " }
                for prefix in ["public ", spiPublic] where line.dropFirst(indentation.count).hasPrefix(prefix) {
                    lines[index] = indentation + line.dropFirst(indentation.count + prefix.count)
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
