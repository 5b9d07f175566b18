/// The escaping layer, place by place and language by language: every line terminator and every
/// comment or string delimiter. Expectations are written from the rules, not from output.
import XCTest
@testable import ContractGenCore

final class SchemaTextEscapingTests: XCTestCase {
    // MARK: Comments

    func testEveryLineTerminatorSplitsCommentText() {
        for terminator in SchemaTextFuzz.lineTerminators {
            XCTAssertEqual(CommentText.lines("a" + terminator + "b"), ["a", "b"], "terminator \(terminator.unicodeScalars.map(\.value))")
        }
        // CR LF is one break; CR CR LF is two.
        XCTAssertEqual(CommentText.lines("a\r\r\nb"), ["a", "", "b"])
        XCTAssertEqual(CommentText.lines("a\n\rb"), ["a", "", "b"])
    }

    func testHiddenCharactersBecomeVisibleInComments() {
        XCTAssertEqual(CommentText.lines("x\u{202E}y\u{2066}z\u{2069}"), ["x<U+202E>y<U+2066>z<U+2069>"])
        XCTAssertEqual(CommentText.lines("\u{0}\u{1B}\u{7F}\u{9B}\u{200F}\u{061C}\u{FEFF}"),
                       ["<U+0000><U+001B><U+007F><U+009B><U+200F><U+061C><U+FEFF>"])
        XCTAssertEqual(CommentText.lines("a\tb"), ["a b"])
        // Ordinary non-ASCII text stays as written.
        XCTAssertEqual(CommentText.lines("é 日本 🙂 ±"), ["é 日本 🙂 ±"])
    }

    func testSourceHeaderLineStaysOneLine() {
        XCTAssertEqual(CommentText.singleLine("schema/a\nb.yaml"), "schema/a<U+000A>b.yaml")
        XCTAssertEqual(CommentText.singleLine("a\r\nb"), "a<U+000D><U+000A>b")
        XCTAssertEqual(CommentText.singleLine("a\u{2028}b\u{2029}c\u{85}d\u{0B}e\u{0C}f"), "a<U+2028>b<U+2029>c<U+0085>d<U+000B>e<U+000C>f")
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: "schema/x\r} func injected() {\u{2028}.yaml", hash: "0123456789abcdef0", lintOff: nil)
        for line in p.text.split(separator: "\n") { XCTAssertTrue(line.hasPrefix("// "), String(line)) }
        XCTAssertEqual(p.text.split(separator: "\n").count, 3)
    }

    func testBlockCommentDelimitersAreNeutralised() {
        XCTAssertEqual(CommentText.blockCommentLine("a*/b"), "a* /b")
        XCTAssertEqual(CommentText.blockCommentLine("a/*b"), "a/ *b")
        XCTAssertEqual(CommentText.blockCommentLine("/*/"), "/ * /")
        XCTAssertEqual(CommentText.blockCommentLine("**/"), "** /")
        XCTAssertEqual(CommentText.blockCommentLine("/**/"), "/ ** /")
        // A combining mark after `*` does not hide it from the lexer: scalars are what count.
        XCTAssertEqual(CommentText.blockCommentLine("/*\u{301}"), "/ *\u{301}")
        XCTAssertEqual(CommentText.blockCommentLine("*/\u{301}"), "* /\u{301}")
        XCTAssertEqual(CommentText.blockCommentLine("a * b / c"), "a * b / c")
    }

    func testBlockDocHasNoDelimiterAndEveryTerminatorSplits() {
        for terminator in SchemaTextFuzz.lineTerminators {
            var p = CodePrinter()
            p.doc("x */ y /* z" + terminator + "} fun injected() {}", style: .block)
            XCTAssertEqual(p.text, "/**\n * x * / y / * z\n * } fun injected() {}\n */\n")
        }
    }

    func testTripleSlashDocSplitsEveryTerminator() {
        for terminator in SchemaTextFuzz.lineTerminators {
            var p = CodePrinter()
            p.doc("first" + terminator + "return .stale", style: .tripleSlash)
            XCTAssertEqual(p.text, "/// first\n/// return .stale\n")
        }
    }

    func testBlankDocPrintsNothing() {
        for text in ["", " ", "\n\r\u{2028}", " \u{85} "] {
            var p = CodePrinter()
            p.doc(text, style: .block)
            p.doc(text, style: .tripleSlash)
            XCTAssertEqual(p.text, "", "doc \(text.unicodeScalars.map(\.value))")
        }
    }

    /// A deprecation reason is comment text in Swift and TypeScript and a string literal in
    /// Kotlin: every terminator and delimiter stays inside.
    func testDeprecationReasonStaysInsideItsCommentOrLiteral() throws {
        for terminator in SchemaTextFuzz.lineTerminators {
            let reason = "x */ y /* z \" $a ${b} \\" + terminator + "} fun injected() {}"
            let text = """
            contract: demo
            version: {field: v, writes: 1, accepts: [1]}
            root: Doc
            types:
              Doc:
                fields:
                  note: {type: string, optional: true, deprecated: \(SchemaTextFuzz.yamlQuoted(reason))}
            """
            let contract = try SchemaLoader.load(text: text, path: "demo.yaml")
            XCTAssertTrue(SwiftEmitter().contractFile(contract).contents.contains(
                "        /// - Warning: Deprecated: x */ y /* z \" $a ${b} \\\n        /// } fun injected() {}\n        public var note: String?\n"))
            XCTAssertTrue(KotlinEmitter().contractFile(contract).contents.contains(
                #"        @Deprecated("x */ y /* z \" \$a \${b} \\"# + (terminator == "\r\n" ? #"\r\n"# : StringLiteral.kotlinContent(terminator))
                    + #"} fun injected() {}")"# + "\n        val note: String? = null\n"))
            XCTAssertTrue(TypeScriptEmitter().contractFile(contract).contents.contains(
                "  /**\n   * @deprecated x * / y / * z \" $a ${b} \\\n   * } fun injected() {}\n   */\n  readonly note: string | null;\n"))
        }
    }

    // MARK: String literals

    func testSwiftLiteral() {
        XCTAssertEqual(StringLiteral.swift("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(StringLiteral.swift("\\(x)"), #""\\(x)""#)
        XCTAssertEqual(StringLiteral.swift("\n\r\u{2028}\u{2029}\u{85}\u{0B}\u{0C}"), #""\n\u{d}\u{2028}\u{2029}\u{85}\u{b}\u{c}""#)
        XCTAssertEqual(StringLiteral.swift("\u{202E}\u{0}🙂"), #""\u{202e}\u{0}\u{1f642}""#)
        XCTAssertEqual(StringLiteral.swift("\"\"\"#"), ##""\"\"\"#""##)
    }

    func testKotlinLiteral() {
        XCTAssertEqual(StringLiteral.kotlin("$x ${y}"), #""\$x \${y}""#)
        XCTAssertEqual(StringLiteral.kotlin("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(StringLiteral.kotlin("\n\r\t\u{2028}\u{2029}\u{85}\u{0B}\u{0C}"), #""\n\r\t\u2028\u2029\u0085\u000b\u000c""#)
        // Kotlin's \u takes four digits: a character outside the BMP is its surrogate pair.
        XCTAssertEqual(StringLiteral.kotlin("🙂"), #""\ud83d\ude42""#)
        XCTAssertEqual(StringLiteral.kotlinContent("it's"), "it's")
    }

    func testTypeScriptLiteral() {
        XCTAssertEqual(StringLiteral.typeScript("a\"b\\c'`${x}"), #""a\"b\\c'`${x}""#)
        XCTAssertEqual(StringLiteral.typeScript("\n\r\t\u{2028}\u{2029}\u{85}\u{0B}\u{0C}"), #""\n\r\t\u2028\u2029\u0085\u000b\u000c""#)
        XCTAssertEqual(StringLiteral.typeScript("</script>\u{0}"), #""</script>\u0000""#)
        // In a template literal, a backtick and `${` are escaped; a double quote is not.
        XCTAssertEqual(StringLiteral.typeScriptContent("`${x}\"", quote: "`"), #"\`\${x}""#)
    }

    func testEveryLiteralIsPrintableASCII() {
        var r = FuzzRandom(seed: 7)
        for _ in 0..<500 {
            let text = SchemaTextFuzz.hostileText(&r)
            for literal in [StringLiteral.swift(text), StringLiteral.kotlin(text), StringLiteral.typeScript(text)] {
                XCTAssertTrue(literal.unicodeScalars.allSatisfy { (" "..."~").contains($0) }, literal)
            }
        }
    }

    // MARK: Names

    func testNamesAreCheckedOverTheWholeString() {
        for suffix in SchemaTextFuzz.lineTerminators + ["\u{0}", " "] {
            XCTAssertFalse(ScalarReading.isKebabName("todo-count" + suffix))
            XCTAssertFalse(ScalarReading.isModuleName("todo-count" + suffix))
            XCTAssertFalse(ScalarReading.isEnumValue("idle" + suffix))
            XCTAssertFalse(ScalarReading.isIdentifier("Record" + suffix))
        }
        XCTAssertTrue(ScalarReading.isKebabName("todo-count2"))
        XCTAssertFalse(ScalarReading.isKebabName("todo--count"))
        XCTAssertFalse(ScalarReading.isKebabName("todo-"))
        XCTAssertFalse(ScalarReading.isKebabName("2do"))
        XCTAssertTrue(ScalarReading.isEnumValue("not_started-2"))
        XCTAssertFalse(ScalarReading.isEnumValue("é"))
    }
}
