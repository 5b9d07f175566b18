/// Renders the writer side in Swift: `encode(_:)` of the root type, writing the document's bytes
/// directly (ContractJSONOutput) as the plan's writer says (WriterPlan), the same bytes and
/// refusals as TypeScript and Kotlin. The input is the contract's own value types, so what Swift's
/// types cannot hold (a fraction in an Int64, an unknown enum case, a missing required field, an
/// unpaired surrogate in a String) needs no check here.
extension SwiftContractWriter {
    func encoding(_ p: inout CodePrinter) {
        let writer = WriterPlan(contract)
        p.line()
        p.line("// MARK: - Encoding (the writer side)")
        p.line()
        p.doc("""
            The document for `value`, as readers expect it: `{"\(contract.version.field)":\(contract.version.writes),…}` with the version first, then the stored fields in declaration order under their JSON keys; nil optionals are not written (never as null); derived fields are never written; map entries in UTF-16 order of their keys. The same bytes, escapes and number spellings as the TypeScript and Kotlin encoders write for the same value (docs/schema.md, "The canonical document").
            A value no reader would read back as given (an integer beyond ±(2^53−1), a non-finite number, an instant below 1, an invalid date, an empty `non-empty` string, a value outside its constraints, …) is refused with its path, `.refused(ContractEncodeRefusal)`, instead of a document that renders something else. `.ok(document)` holds `document.data` (UTF-8, for App Group files and `UserDefaults`) and `document.text`.
            """, style: .tripleSlash)
        p.block("public static func encode(_ value: \(root.name)) -> ContractEncodeResult {") { p in
            p.line("var output = ContractJSONOutput()")
            p.block("do throws(ContractEncodeRefusal) {") { p in
                p.line("try write\(root.name)(value, &output)")
            }
            p.block("catch {") { p in
                p.line("return .refused(error.within(\"$\"))")
            }
            p.line("return .ok(output.document())")
        }
        for object in writer.objects {
            p.line()
            objectWriter(object, &p)
        }
        for union in writer.unions {
            p.line()
            unionWriter(union, &p)
        }
    }

    /// A union's writer: the variant's writer, given the tag member to write first.
    func unionWriter(_ union: WriterPlan.UnionWrite, _ p: inout CodePrinter) {
        p.block("private static func write\(union.name)(_ value: \(union.name), _ w: inout ContractJSONOutput) throws(ContractEncodeRefusal) {") { p in
            p.block("switch value {") { p in
                for variant in union.variants {
                    p.line("case .\(SwiftNames.caseName(variant.tag))(let variant): try write\(variant.typeName)(variant, &w, tag: \(Naming.swiftQuoted(variant.tagText)))")
                }
            }
        }
    }

    /// The writer of one object type: `{`, the fields in declaration order, `}`. `at` is the field
    /// being written, the step a refusal's path gets.
    func objectWriter(_ object: WriterPlan.ObjectWrite, _ p: inout CodePrinter) {
        let tagParameter = object.isVariant ? ", tag: StaticString = \"\"" : ""
        p.block("private static func write\(object.name)(_ value: \(object.name), _ w: inout ContractJSONOutput\(tagParameter)) throws(ContractEncodeRefusal) {") { p in
            // No field that can be refused (none, or only Bool and enum fields): no path to make.
            guard object.fields.contains(where: { Self.canRefuse($0.value.operation) || !$0.value.checks.isEmpty }) else {
                p.line("w.openObject()")
                if let version = object.versionText { p.line("w.raw(\(Naming.swiftQuoted(version)))") }
                if object.isVariant { p.line("if tag.utf8CodeUnitCount > 0 { w.raw(tag) }") }
                for field in object.fields { fieldWrite(field, &p) }
                p.line("w.closeObject()")
                return
            }
            p.line("var at: StaticString = \"\"")
            p.block("do throws(ContractEncodeRefusal) {") { p in
                p.line("w.openObject()")
                if let version = object.versionText {
                    p.line("// The version first: readers check it before anything it gates.")
                    p.line("w.raw(\(Naming.swiftQuoted(version)))")
                }
                if object.isVariant {
                    p.line("// A union's tag first: readers find it anywhere, and first reads best.")
                    p.line("if tag.utf8CodeUnitCount > 0 { w.raw(tag) }")
                }
                for field in object.fields {
                    p.line("at = \(Naming.swiftQuoted(field.step))")
                    fieldWrite(field, &p)
                }
                p.line("w.closeObject()")
            }
            p.block("catch {") { p in
                p.line("throw error.within(at)")
            }
        }
    }

    /// One field under its presence policy. A Swift value always holds a required or defaulted
    /// field (the initializer's default when the app gave none), so both are always written.
    func fieldWrite(_ field: WriterPlan.FieldWrite, _ p: inout CodePrinter) {
        let key = "w.member(\(Naming.swiftQuoted(field.keyText)))"
        switch field.presence {
        case .required, .defaulted:
            p.line(key)
            valueWrite(field.value, source: "value.\(field.codeName)", depth: 0, &p)
        case .optional:
            p.block("if let v0 = value.\(field.codeName) {") { p in
                p.line(key)
                valueWrite(field.value, source: "v0", depth: 0, &p)
            }
        case .explicitNull:
            p.block("switch value.\(field.codeName) {") { p in
                p.line("case .absent: break")
                p.line("case .null: \(key); w.null()  // explicit-null: written, and read back, as a value of its own")
                p.line("case .value(let v0):")
                p.indented { p in
                    p.line(key)
                    valueWrite(field.value, source: "v0", depth: 0, &p)
                }
            }
        }
    }

    /// Statements writing the value of `source`, then checking its constraints (an array's after
    /// its elements, as the plan orders them).
    func valueWrite(_ value: WriterPlan.ValueWrite, source: String, depth d: Int, _ p: inout CodePrinter) {
        switch value.operation {
        case .scalar(let kind):
            switch kind {
            case .bool: p.line("w.bool(\(source))")
            case .string, .number, .integer, .localDate, .epochMillis, .dateTime: p.line("try w.\(kind.rawValue)(\(source))")
            }
        case .enumeration: p.line("w.enumeration(\(source).rawValue)")
        case .object(let name): p.line("try write\(name)(\(source), &w)")
        case .union(let name): p.line("try write\(name)(\(source), &w)")
        case .array(let element):
            p.line("w.openArray()")
            if Self.canRefuse(element) {
                p.block("for (i\(d), e\(d)) in \(source).enumerated() {") { p in
                    p.line("w.separate()")
                    p.block("do throws(ContractEncodeRefusal) {") { p in
                        valueWrite(WriterPlan.ValueWrite(element: element), source: "e\(d)", depth: d + 1, &p)
                    }
                    p.block("catch {") { p in
                        p.line("throw error.within(index: i\(d))")
                    }
                }
            } else {
                p.block("for e\(d) in \(source) {") { p in
                    p.line("w.separate()")
                    valueWrite(WriterPlan.ValueWrite(element: element), source: "e\(d)", depth: d + 1, &p)
                }
            }
            p.line("w.closeArray()")
        case .map(let element):
            p.line("w.openObject()")
            p.block("for (k\(d), e\(d)) in ContractMapOrder.entries(\(source)) {") { p in
                p.block("do throws(ContractEncodeRefusal) {") { p in
                    p.line("try w.key(k\(d))")
                    valueWrite(WriterPlan.ValueWrite(element: element), source: "e\(d)", depth: d + 1, &p)
                }
                p.block("catch {") { p in
                    p.line("throw error.within(key: k\(d))")
                }
            }
            p.line("w.closeObject()")
        }
        for check in value.checks {
            p.line("guard \(writerCondition(check.check, source)) else { throw ContractEncodeRefusal(expected: \(Naming.swiftQuoted(check.expected))) }")
        }
    }

    /// Whether writing a value of this operation can be refused in Swift: not a Bool, not an enum
    /// case (their types hold only what readers accept), nor an array of them.
    static func canRefuse(_ operation: ReadOperation) -> Bool {
        switch operation {
        case .scalar(let kind): return kind != .bool
        case .enumeration: return false
        case .array(let element): return canRefuse(element)
        case .object, .union, .map: return true
        }
    }

    /// A constraint on a written value (a string, a number, an array or a dictionary).
    func writerCondition(_ check: ConstraintCheck, _ measured: String) -> String {
        switch check {
        case .nonEmpty: return "!\(measured).isEmpty"
        case .atLeast(let bound, let integral): return "\(measured) >= \(SwiftNames.number(bound, integral: integral))"
        case .atMost(let bound, let integral): return "\(measured) <= \(SwiftNames.number(bound, integral: integral))"
        case .textLength(let min, let max): return Self.within("ContractText.length(\(measured))", min: min, max: max)
        case .itemCount(let min, let max): return Self.within("\(measured).count", min: min, max: max)
        }
    }
}
