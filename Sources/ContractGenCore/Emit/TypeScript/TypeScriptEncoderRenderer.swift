/// Renders the writer side in TypeScript: input types and `encode`, writing the JSON text directly
/// and checking every value as the plan's writer (WriterPlan) says, as Swift and Kotlin do.
extension TypeScriptContractWriter {
    // MARK: Encoding (the writer side)

    func encoder(_ p: inout CodePrinter) {
        p.line("// MARK: - Encoding (the writer side: the app writes the blob)")
        for type in contract.types {
            p.line()
            p.doc(type.doc + "\nThe writer's input: required fields are required; optional fields may be left out (undefined or null: the key is not written, never as null); fields with a default may be left out (the default is written); derived fields are computed by readers, never written.", style: .block)
            p.block("export interface \(type.name)Input {") { p in
                for field in type.storedFields {
                    var doc = field.doc
                    let fieldType = TypeScriptNames.inputType(field.type, owners: owners)
                    switch field.presence {
                    case .required:
                        p.doc(Self.fieldDoc(field, doc), style: .block)
                        p.line("readonly \(field.name): \(fieldType);")
                    case .optional where field.explicitNull:
                        doc += "\nLeft out: the key is not written; null: written as null (explicit-null: a value of its own)."
                        p.doc(Self.fieldDoc(field, doc), style: .block)
                        p.line("readonly \(field.name)?: \(fieldType) | null;")
                    case .optional:
                        doc += "\nLeft out (or null): the key is not written."
                        p.doc(Self.fieldDoc(field, doc), style: .block)
                        p.line("readonly \(field.name)?: \(fieldType) | null;")
                    case .defaultValue(let value):
                        doc += "\nLeft out: written as \(value.spelling)."
                        p.doc(Self.fieldDoc(field, doc), style: .block)
                        p.line("readonly \(field.name)?: \(fieldType);")
                    }
                }
            }
        }
        p.line()
        var encodeDoc = "The document text for `input`, as readers expect it: `{\"\(contract.version.field)\":\(contract.version.writes),…}` with the version first, then the fields in declaration order; optional fields left out (undefined or null) are omitted, never written as null; left-out defaulted fields are written with their default; derived fields are never written; map entries in UTF-16 order of their keys. The same bytes as the Swift and Kotlin encoders write for the same value."
        encodeDoc += "\nEvery value is checked against the readers' rules first: a value they would not read back as given (a wrong type, NaN or ±Infinity, a fractional or unsafe integer, a timestamp below 1, an invalid date, a string with an unpaired surrogate, an unknown enum value, a value outside its constraints) throws a ContractEncodeError naming its path, rather than writing a blob that renders something else."
        if let validUntil = contract.behaviours.validUntil {
            encodeDoc += "\n`\(contract.behaviours.staleness?.field ?? "validUntil")`: compute it with `computeValidUntil(\(validUntil.dayField), startOfNextDayDiffMs, timeZoneId)` (the same calendar code the readers use), never as \"+24h\"."
        }
        p.doc(encodeDoc, style: .block)
        let writer = WriterPlan(contract)
        p.block("export function encode(input: \(root.name)Input): string {") { p in
            p.block("try {") { p in
                p.line("return write\(root.name)(input\(writer.objects.first { $0.name == root.name }!.isVariant ? ", \"\"" : ""));")
            }
            p.block("catch (error) {") { p in
                p.line("throw contractEncodeError(error);")
            }
        }
        for union in plan.unions {
            p.line()
            p.doc(union.union.doc + (union.union.doc.isEmpty ? "" : "\n") + "The writer's input: one variant's input with its tag `\(union.tagName)`, written as the JSON key `\(union.tagKey)`.", style: .block)
            unionAlias(union, suffix: "Input", &p)
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

    /// A union's writer: the value must be an object whose tag is one of the variants'; the
    /// variant's writer then writes the tag member first and its own fields after it.
    func unionWriter(_ union: WriterPlan.UnionWrite, _ p: inout CodePrinter) {
        p.block("function write\(union.name)(input: \(union.name)Input): string {") { p in
            p.line("writeObject(input);")
            p.block("switch (input.\(union.tagName)) {") { p in
                for variant in union.variants {
                    p.line("case \(TypeScriptNames.quoted(variant.tag)):")
                    p.line("  return write\(variant.typeName)(input, \(TypeScriptNames.quoted(variant.tagText)));")
                }
                p.line("default:")
                p.line("  throw contractWithin(new ContractRefusal(\(TypeScriptNames.quoted(union.unknownTagExpected))), \(TypeScriptNames.quoted(union.tagStep)));")
            }
        }
    }

    /// The writer of one object type: its JSON text, the fields in declaration order (the plan's
    /// writing order). `at` is the field being written, for the step a refusal's path gets.
    func objectWriter(_ object: WriterPlan.ObjectWrite, _ p: inout CodePrinter) {
        let tagParameter = object.isVariant ? ", tag: string" : ""
        p.block("function write\(object.name)(input: \(object.name)Input\(tagParameter)): string {") { p in
            p.line("let at = 0;")
            p.block("try {") { p in
                p.line("writeObject(input);")
                // Whether a member is certainly written before the next field: the version always
                // is; a variant's tag is when the union writes it (not when the type is written alone).
                var separator: Separator = .none
                if let version = object.versionText {
                    p.line("// The version first: readers check it before anything it gates.")
                    p.line("let text = \(TypeScriptNames.quoted("{" + version));")
                    separator = .comma
                } else if object.isVariant {
                    p.line("let text = \"{\" + tag;")
                    separator = .dynamic
                } else {
                    p.line("let text = \"{\";")
                }
                let firstOptional = object.fields.first { $0.presence == .optional }?.codeName
                for (index, field) in object.fields.enumerated() {
                    if field.codeName == firstOptional {
                        p.line("// Optional fields left out or null are not written at all: a null would be a second spelling of absent.")
                    }
                    p.line("at = \(index + 1);")
                    // Each field's locals in a block of their own (v0, a0, …), unless it is one line.
                    var fieldPrinter = CodePrinter(indentUnit: p.indentUnit)
                    fieldWrite(field, separator: separator, &fieldPrinter)
                    let lines = fieldPrinter.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
                    if lines.count == 1 {
                        p.line(lines[0])
                    } else {
                        p.block("{") { p in lines.forEach { p.line($0) } }
                    }
                    switch field.presence {
                    case .required, .defaulted: separator = .comma
                    case .optional, .explicitNull: if separator == .none { separator = .dynamic }
                    }
                }
                p.line("return text + \"}\";")
            }
            p.block("catch (error) {") { p in
                let steps = [""] + object.fields.map(\.step)
                p.line("throw contractWithin(error, [\(steps.map(TypeScriptNames.quoted).joined(separator: ", "))][at]!);")
            }
        }
    }

    /// Whether a member needs a `,` before it: never (the object's first), always, or when one was written.
    enum Separator: Equatable {
        case none, comma, dynamic

        func key(_ keyText: String) -> String {
            switch self {
            case .none: return TypeScriptNames.quoted(keyText)
            case .comma: return TypeScriptNames.quoted("," + keyText)
            case .dynamic: return "(text.length > 1 ? \",\" : \"\") + \(TypeScriptNames.quoted(keyText))"
            }
        }
    }

    /// One field under its presence policy: `text += <key> + <value>`.
    func fieldWrite(_ field: WriterPlan.FieldWrite, separator: Separator, _ p: inout CodePrinter) {
        let source = "input.\(field.codeName)"
        let key = separator.key(field.keyText)
        switch field.presence {
        case .required:
            valueWrite(field.value, source: source, prefix: key, depth: 0, &p)
        case .defaulted(let value):
            p.line("const v\(0) = \(source) ?? \(TypeScriptNames.literal(value));")
            valueWrite(field.value, source: "v0", prefix: key, depth: 0, &p)
        case .optional:
            p.line("const v\(0) = \(source);")
            p.block("if (v0 !== undefined && v0 !== null) {") { p in
                valueWrite(field.value, source: "v0", prefix: key, depth: 0, &p)
            }
        case .explicitNull:
            p.line("const v\(0) = \(source);")
            p.block("if (v0 === null) {") { p in
                p.line("text += \(key) + \"null\"; // explicit-null: null is written, and read back, as a value of its own")
            }
            p.block("else if (v0 !== undefined) {") { p in
                valueWrite(field.value, source: "v0", prefix: key, depth: 0, &p)
            }
        }
    }

    /// Statements appending `prefix` and the value of `source` (checked) to `text`; a constraint is
    /// checked after the value's own writer (an array's after its elements), as the plan orders them.
    func valueWrite(_ value: WriterPlan.ValueWrite, source: String, prefix: String, target: String = "text", depth d: Int, _ p: inout CodePrinter) {
        func refuseUnless(_ measured: String) {
            for check in value.checks {
                p.line("if (!(\(writerCondition(check.check, measured)))) throw new ContractRefusal(\(TypeScriptNames.quoted(check.expected)));")
            }
        }
        switch value.operation {
        case .scalar, .enumeration, .object, .union:
            let expression = scalarWrite(value.operation, source: source)
            if value.checks.isEmpty {
                p.line("\(target) += \(prefix) + \(expression);")
            } else {
                p.line("const t\(d) = \(expression);")
                refuseUnless(source)
                p.line("\(target) += \(prefix) + t\(d);")
            }
        case .array(let element):
            // The elements go into a text of their own, added to the document in flat chunks (contractFlat).
            p.line("const a\(d) = writeArray(\(source));")
            p.line("\(target) += \(prefix) + \"[\";")
            p.line("let s\(d) = \"\";")
            p.block("for (let i\(d) = 0; i\(d) < a\(d).length; i\(d)++) {") { p in
                p.block("try {") { p in
                    valueWrite(WriterPlan.ValueWrite(element: element), source: "a\(d)[i\(d)]!", prefix: "(i\(d) > 0 ? \",\" : \"\")", target: "s\(d)", depth: d + 1, &p)
                }
                p.block("catch (error) {") { p in
                    p.line("throw contractWithin(error, \"[\" + i\(d) + \"]\");")
                }
                p.block("if (s\(d).length > CONTRACT_FLAT_CHUNK) {") { p in
                    p.line("\(target) += contractFlat(s\(d));")
                    p.line("s\(d) = \"\";")
                }
            }
            p.line("\(target) += s\(d) + \"]\";")
            refuseUnless("a\(d)")
        case .map(let element):
            p.line("const m\(d) = writeMapEntries(\(source));")
            p.line("\(target) += \(prefix) + \"{\";")
            p.block("for (let i\(d) = 0; i\(d) < m\(d).length; i\(d)++) {") { p in
                p.line("const k\(d) = m\(d)[i\(d)]![0];")
                p.block("try {") { p in
                    valueWrite(WriterPlan.ValueWrite(element: element), source: "m\(d)[i\(d)]![1]", prefix: "(i\(d) > 0 ? \",\" : \"\") + writeKey(k\(d))", target: target, depth: d + 1, &p)
                }
                p.block("catch (error) {") { p in
                    p.line("throw contractWithin(error, contractKeyStep(k\(d)));")
                }
            }
            p.line("\(target) += \"}\";")
            refuseUnless("m\(d)")
        }
    }

    /// The JSON text of a value that is not a collection, by its kind's runtime writer.
    func scalarWrite(_ operation: ReadOperation, source: String) -> String {
        switch operation {
        case .scalar(let kind): return "\(TypeScriptNames.writer(kind))(\(source))"
        case .enumeration(let cases, _): return "writeOneOf(\(source), [\(cases.map(TypeScriptNames.quoted).joined(separator: ", "))])"
        case .object(let name): return "write\(name)(\(source)\(isVariant(name) ? ", \"\"" : ""))"
        case .union(let name): return "write\(name)(\(source))"
        case .array, .map: preconditionFailure("collections are written by valueWrite")
        }
    }

    func isVariant(_ typeName: String) -> Bool { contract.unions.contains { $0.variants.contains { $0.typeName == typeName } } }

    /// A constraint on a written value: `measured` is the value (a string, a number) or, for a
    /// collection, the array or the map's entries (both measured by `length`).
    func writerCondition(_ check: ConstraintCheck, _ measured: String) -> String {
        switch check {
        case .nonEmpty: return "\(measured).length > 0"
        case .atLeast(let bound, let integral): return "\(measured) >= \(TypeScriptNames.number(bound, integral: integral))"
        case .atMost(let bound, let integral): return "\(measured) <= \(TypeScriptNames.number(bound, integral: integral))"
        case .textLength(let min, let max): return Self.within("contractTextLength(\(measured))", min: min, max: max)
        case .itemCount(let min, let max): return Self.within("\(measured).length", min: min, max: max)
        }
    }
}
