/// Everything about TypeScript as a target in one place: where files go, indentation, the lint
/// line, the runtime module, reserved words and the names generated code already uses.
enum TypeScriptFacts {
    static let directory = "generated/typescript"
    static let indentUnit = "  "
    static let lintOff = "/* eslint-disable */"
    /// The runtime module, as the contract modules and the testee import it.
    static let runtimeModule = "./contract-runtime"

    /// Names every contract module declares besides its types.
    static let generatedTypeNames: Set<String> = ["Status", "Decoded", "Header", "DoneQueue", "DoneQueueEntry", "DecodeContext"]

    /// Words no local variable may be named in strict-mode TypeScript, plus globals a local must not shadow.
    static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
        "let", "static", "implements", "interface", "package", "private", "protected", "public", "await", "arguments",
        "eval", "undefined", "NaN", "Infinity", "Map", "Array", "Object", "Number", "String", "JSON", "Math", "Error",
        "RangeError", "TypeError",
    ]

    /// Names a decoder or encoder function already uses; a field's local must not shadow them.
    static let functionNames: Set<String> = ["json", "context", "object", "value", "input", "path", "satisfying", "scanner", "key", "mark", "text", "r", "report", "tag", "depth", "present", "item"]

    /// Names TypeScript or the runtime already uses, which an enum type must not take.
    static var takenTypeNames: Set<String> { TakenNames.typeScript }
}
