/// Names a schema may not give a type, a namespace or an object, per target language: the
/// platform's own types (shadowing them breaks or confuses generated and user code), every
/// top-level name of the runtime and testee, and the names each contract file declares itself.
/// The runtime names are read from the runtime sources, so the lists never drift from them.

enum TakenNames {
    /// Names every contract file declares beside the schema's types (all three languages).
    static let generated: Set<String> = ["Status", "Decoded", "Header", "DoneQueue", "DoneQueueEntry", "DecodeContext"]

    /// Top-level names of the generated testee programs.
    static let testee: Set<String> = Set(["TesteeKt", "Testee", "TesteeSupportKt", "serve"])
        .union(topLevelNames(EmbeddedRuntime.swiftTestee)).union(topLevelNames(EmbeddedRuntime.kotlinTestee))
        .union(["TesteeError", "Given", "TesteeContractServer", "unknownOp", "respond", "runTestee"])

    /// Swift standard library, Concurrency and Foundation types a name could shadow inside a
    /// namespace: generated code does not use most of them, but app code extending the namespace
    /// would (`Task { … }` there would mean the contract's type).
    static let swiftPlatform: Set<String> = [
        "Actor", "AsyncSequence", "AsyncStream", "Bundle", "Duration", "MainActor", "Task", "TaskGroup", "UserDefaults",
        "Any", "AnyObject", "AnyHashable", "Array", "Bool", "Calendar", "CaseIterable", "Character", "Codable",
        "Collection", "Comparable", "Data", "Date", "DateFormatter", "Decimal", "Decodable", "Dictionary", "Double",
        "Encodable", "Equatable", "Error", "Float", "Foundation", "Hashable", "Identifiable", "Int", "Int8", "Int16",
        "Int32", "Int64", "JSONDecoder", "JSONEncoder", "JSONSerialization", "Locale", "Never", "NSNull", "NSNumber",
        "NSObject", "Optional", "Range", "RawRepresentable", "Result", "Sendable", "Sequence", "Set", "String",
        "Substring", "Swift", "TimeZone", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Unicode", "Unit", "URL", "UUID", "Void",
        // Not types but never a member type's name: `Foo.Type`, `Foo.Protocol`, `Self`.
        "Type", "Protocol", "Self",
    ]

    /// Kotlin (kotlin.*, implicitly imported) and java.lang types, and the Android JSON classes.
    static let kotlinPlatform: Set<String> = [
        "Character", "Class", "Integer", "Math", "Override", "Record", "Runnable", "System", "Thread", "Void",
        "Any", "Array", "Boolean", "BooleanArray", "Byte", "Char", "CharSequence", "Collection", "Comparable",
        "Deprecated", "Double", "DoubleArray", "Enum", "Error", "Exception", "Float", "Int", "IntArray", "Iterable",
        "JSONArray", "JSONException", "JSONObject", "JvmStatic", "Lazy", "List", "Long", "LongArray", "Map",
        "MutableList", "MutableMap", "MutableSet", "Nothing", "Number", "Object", "Pair", "Regex", "Result",
        "Sequence", "Set", "Short", "String", "StringBuilder", "Suppress", "Throwable", "TimeZone", "Triple", "Unit",
    ]

    /// TypeScript global values and types (lib.es2019, with every utility type): an app importing
    /// `{ Record }` from a contract module would hide the global `Record<K, V>` in that file. DOM
    /// names (`Event`, `Node`, …) exist only under `lib: dom` and are not refused.
    static let typeScriptPlatform: Set<String> = [
        "Awaited", "Capitalize", "ConstructorParameters", "InstanceType", "Lowercase", "Parameters", "Record", "ThisType",
        "Uncapitalize", "Uppercase",
        "Array", "ArrayBuffer", "ArrayLike", "BigInt", "Boolean", "Date", "Error", "Exclude", "Extract", "Function",
        "Infinity", "Intl", "Iterable", "Iterator", "JSON", "Map", "Math", "NaN", "NonNullable", "Number", "Object",
        "Omit", "Partial", "Pick", "Promise", "PromiseLike", "PropertyKey", "RangeError", "Readonly", "ReadonlyArray",
        "ReadonlyMap", "ReadonlySet", "RegExp", "Required", "ReturnType", "Set", "String", "Symbol", "SyntaxError",
        "TypeError", "Uint8Array", "WeakMap", "WeakSet",
    ]

    static let swift: Set<String> = swiftPlatform.union(generated).union(testee).union(topLevelNames(EmbeddedRuntime.swift))
    static let kotlin: Set<String> = kotlinPlatform.union(generated).union(testee).union(topLevelNames(EmbeddedRuntime.kotlin))
    /// Types whose TypeScript decoders would take a name the module already has: `decode<Name>`
    /// named like a function every contract module declares (`decodeBytes`, `decodeTree`,
    /// `decodeScanned`), `tree<Name>` like a runtime function it imports (`treeSkip`, `treeTag`, …):
    /// two declarations of one name, which does not compile.
    static let typeScriptDecoderNames: Set<String> = Set(["Bytes", "Scanned", "Tree"])
        .union(TypeScriptNames.runtimeExports.filter { $0.hasPrefix("tree") && $0.dropFirst(4).first?.isUppercase == true }.map { String($0.dropFirst(4)) })

    static let typeScript: Set<String> = typeScriptPlatform.union(generated).union(testee).union(TypeScriptNames.runtimeExports)
        .union(typeScriptDecoderNames)

    /// The languages in which `name` is taken, e.g. `["Kotlin", "TypeScript"]` for `Map`.
    static func languages(taking name: String) -> [String] {
        [("Swift", swift), ("Kotlin", kotlin), ("TypeScript", typeScript)].filter { $0.1.contains(name) }.map(\.0)
    }

    /// Names declared at the top level (no indentation) of a Swift or Kotlin source: the word
    /// after the declaring keyword, e.g. `ContractJSON` in `@_spi(ContractGenRuntime) public enum ContractJSON: Sendable {`.
    static func topLevelNames(_ source: String) -> Set<String> {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "func", "let", "var", "object", "fun", "val", "interface"]
        var names: Set<String> = []
        // A line may start with an attribute: the Swift runtime writes `@_spi(ContractGenRuntime) public …`.
        for line in source.split(separator: "\n") where line.first?.isLetter == true || line.first == "@" {
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            guard let index = words.firstIndex(where: keywords.contains), index + 1 < words.count else { continue }
            names.insert(String(words[index + 1]))
        }
        return names
    }
}
