/// The declaration each line of a generated source file belongs to, as far as mutant keys need
/// it: the name of the nearest function, initializer, property accessor or type declared on a
/// line at or above it (code bytes only, so a name in a comment or string never counts).
///
/// Why: two mutants with the same change on the same line text must be told apart, and a plain
/// occurrence count (`#2`) re-points an entry of the equivalent lists at a different mutant as
/// soon as an identical line is added anywhere above, silently listing a reachable mutant with
/// another line's reason. Naming the declaration keeps an entry on its mutant unless the edit
/// is inside that same declaration. It is textual, not a parser: after a nested function ends,
/// the lines below still name it, which is stable, and stability is all a key needs.
import Foundation

enum DeclarationScopes {
    /// One name per line (index 0 is line 1); "file" above the first declaration.
    static func names(of bytes: [UInt8], language: Language, lineStarts: [Int]) -> [String] {
        let mask = CodeMask(bytes, language: language)
        let patterns = self.patterns(language)
        var names: [String] = []
        var current = "file"
        for (index, start) in lineStarts.enumerated() {
            let end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
            let code = String(decoding: (start..<end).map { mask.isCode($0..<($0 + 1)) ? bytes[$0] : UInt8(ascii: " ") }, as: UTF8.self)
            if let name = declaredName(in: code, patterns) { current = name }
            names.append(current)
        }
        return names
    }

    private static func declaredName(in line: String, _ patterns: [NSRegularExpression]) -> String? {
        let range = NSRange(line.startIndex..., in: line)
        for pattern in patterns {
            guard let match = pattern.firstMatch(in: line, range: range) else { continue }
            for group in 1..<match.numberOfRanges {
                if let found = Range(match.range(at: group), in: line) { return String(line[found]) }
            }
        }
        return nil
    }

    private static func patterns(_ language: Language) -> [NSRegularExpression] {
        switch language {
        case .swift: return compile(swiftPatterns)
        case .kotlin: return compile(kotlinPatterns)
        case .typescript: return compile(typeScriptPatterns)
        }
    }

    private static let swiftPatterns = [
        #"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*|[^\s(A-Za-z0-9_]+)"#,
        #"\b(init|deinit|subscript)\b[?!]?\s*[(<{]"#,
        #"\b(?:var|let)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^=]*\{\s*$"#,  // a computed property
        #"\b(?:struct|enum|class|actor|protocol|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)"#,
    ]
    private static let kotlinPatterns = [
        #"\bfun\s+(?:<[^>]*>\s*)?(?:[A-Za-z_][A-Za-z0-9_<>, ?*]*\.)*([A-Za-z_][A-Za-z0-9_]*)\s*\("#,
        #"^\s*(init)\s*\{"#,
        #"\b(constructor)\s*\("#,
        #"\b(?:val|var)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::[^=,]*)?$"#,  // a property whose getter follows
        #"\b(?:class|object|interface)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
    ]
    private static let typeScriptPatterns = [
        #"\bfunction\s*\*?\s*([A-Za-z_$][A-Za-z0-9_$]*)"#,
        #"\b(?:const|let)\s+([A-Za-z_$][A-Za-z0-9_$]*)\s*(?::[^=]*)?=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][A-Za-z0-9_$]*)\s*(?::[^=]*)?=>"#,
        #"^\s*(?:(?:public|private|protected|static|readonly|async|get|set)\s+)*(?!(?:if|for|while|switch|catch|return|function|new)\b)([A-Za-z_$][A-Za-z0-9_$]*)\s*(?:<[^>]*>)?\([^)]*\)\s*(?::[^{]*)?\{\s*$"#,
        #"\b(?:class|interface|namespace|enum)\s+([A-Za-z_$][A-Za-z0-9_$]*)"#,
    ]

    private static func compile(_ sources: [String]) -> [NSRegularExpression] {
        sources.map { try! NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }  // fixed patterns above
    }
}
