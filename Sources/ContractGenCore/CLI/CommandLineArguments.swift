/// A small, strict command-line parser (no argument-parser package is available): options are
/// declared per command, unknown ones are usage errors (exit 2), never ignored.

/// A usage mistake: printed with the command's usage line, exit status 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The parsed arguments of one command.
/// For example `emit --lang kotlin --schema a.yaml --schema b.yaml` → options["lang"] = ["kotlin"].
public struct ParsedArguments: Sendable {
    public var options: [String: [String]] = [:]
    public var flags: Set<String> = []

    public func value(_ name: String) -> String? { options[name]?.last }
    public func values(_ name: String) -> [String] { options[name] ?? [] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What a command accepts.
public struct CommandSpec: Sendable {
    public var name: String
    public var valueOptions: [String]
    public var flags: [String]

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                throw UsageError("unexpected argument '\(argument)' for '\(name)'")
            }
            var key = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = key.firstIndex(of: "=") {
                inlineValue = String(key[key.index(after: equals)...])
                key = String(key[..<equals])
            }
            if flags.contains(key) {
                if inlineValue != nil { throw UsageError("--\(key) takes no value") }
                parsed.flags.insert(key)
            } else if valueOptions.contains(key) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    index += 1
                    guard index < arguments.count else { throw UsageError("--\(key) needs a value") }
                    value = arguments[index]
                }
                parsed.options[key, default: []].append(value)
            } else {
                // `--help` itself is handled before parsing, but a typo of it deserves the hint too.
                let hint = closestMatch(to: key, in: valueOptions + flags + ["help"]).map { " (did you mean --\($0)?)" } ?? ""
                throw UsageError("unknown option '--\(key)' for '\(name)'\(hint)")
            }
            index += 1
        }
        return parsed
    }
}
