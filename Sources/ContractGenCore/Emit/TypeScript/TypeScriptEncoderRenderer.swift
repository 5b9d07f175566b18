/// Renders the writer side in TypeScript: input types and `encode`, checking every value against
/// the readers' rules (the same checks the plan gives the decoders).
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
        var encodeDoc = "The document text for `input`, as readers expect it: `{\"\(contract.version.field)\":\(contract.version.writes),…}` with the version first, then the fields in declaration order; optional fields left out (undefined or null) are omitted, never written as null; left-out defaulted fields are written with their default; derived fields are never written."
        encodeDoc += "\nEvery value is checked against the readers' rules first: a value they would not read back as given (a wrong type, NaN or ±Infinity, a fractional or unsafe integer, a timestamp below 1, an invalid date, a string with an unpaired surrogate, an unknown enum value, a value outside its constraints) throws a ContractEncodeError naming its path, rather than writing a blob that renders something else."
        if let validUntil = contract.behaviours.validUntil {
            encodeDoc += "\n`\(contract.behaviours.staleness?.field ?? "validUntil")`: compute it with `computeValidUntil(\(validUntil.dayField), startOfNextDayDiffMs, timeZoneId)` (the same calendar code the readers use), never as \"+24h\"."
        }
        p.doc(encodeDoc, style: .block)
        p.block("export function encode(input: \(root.name)Input): string {") { p in
            p.line("return serializeContractJson(encode\(root.name)(input, \"$\"));")
        }
        for union in plan.unions {
            p.line()
            p.doc(union.union.doc + (union.union.doc.isEmpty ? "" : "\n") + "The writer's input: one variant's input with its tag `\(union.tagName)`, written as the JSON key `\(union.tagKey)`.", style: .block)
            unionAlias(union, suffix: "Input", &p)
        }
        for type in contract.types {
            p.line()
            objectEncoder(type, &p)
        }
        for union in plan.unions {
            p.line()
            unionEncoder(union, &p)
        }
    }

    /// A union's encoder: the tag first (readers find it anywhere; first reads best), then the
    /// variant's fields. A tag that is none of the variants' throws, as an unknown enum value does.
    func unionEncoder(_ union: UnionPlan, _ p: inout CodePrinter) {
        p.block("function encode\(union.name)(input: \(union.name)Input, path: string): ContractJsonObject {") { p in
            p.line("const object = writeObject(input, path);")
            p.line("let fields: ContractJsonObject;")
            p.block("switch (input.\(union.tagName)) {") { p in
                for variant in union.variants {
                    p.line("case \(TypeScriptNames.quoted(variant.tag)):")
                    p.indented { p in
                        p.line("object.set(\(TypeScriptNames.quoted(union.tagKey)), \(TypeScriptNames.quoted(variant.tag)));")
                        p.line("fields = encode\(variant.typeName)(input, path);")
                        p.line("break;")
                    }
                }
                p.line("default:")
                p.indented { p in
                    p.line("throw new ContractEncodeError(path + \(TypeScriptNames.quoted("." + union.tagName)), \(TypeScriptNames.quoted("one of " + union.variants.map { "\"" + $0.tag + "\"" }.joined(separator: ", "))));")
                }
            }
            p.line("for (const [key, value] of fields) object.set(key, value);")
            p.line("return object;")
        }
    }

    /// The encoder of one object type: a new JSON object with the stored fields in declaration order.
    func objectEncoder(_ type: ObjectType, _ p: inout CodePrinter) {
        p.block("function encode\(type.name)(input: \(type.name)Input, path: string): ContractJsonObject {") { p in
            p.line("const object = writeObject(input, path);")
            if type.name == root.name {
                p.line("// The version first: readers check it before anything it gates.")
                p.line("object.set(versionField, writtenVersion);")
            }
            let firstOptional = type.storedFields.first { $0.presence == .optional }?.name
            for field in type.storedFields {
                if field.name == firstOptional {
                    p.line("// Optional fields left out or null are not written at all: a null would be a second spelling of absent.")
                }
                fieldEncode(field, &p)
            }
            p.line("return object;")
        }
    }

    /// `object.set(name, <checked value>)` under the presence policy.
    func fieldEncode(_ field: Field, _ p: inout CodePrinter) {
        let source = "input.\(field.name)"
        let key = TypeScriptNames.quoted(field.jsonKey)
        let path = "path + \(TypeScriptNames.quoted("." + field.name))"
        switch field.presence {
        case .required:
            p.line("object.set(\(key), \(writeExpression(field, source: source, path: path)));")
        case .optional where field.explicitNull:
            p.block("if (\(source) === null) {") { p in
                p.line("object.set(\(key), null); // explicit-null: null is written, and read back, as a value of its own")
            }
            p.block("else if (\(source) !== undefined) {") { p in
                p.line("object.set(\(key), \(writeExpression(field, source: source, path: path)));")
            }
        case .optional:
            p.block("if (\(source) !== undefined && \(source) !== null) {") { p in
                p.line("object.set(\(key), \(writeExpression(field, source: source, path: path)));")
            }
        case .defaultValue(let value):
            p.line("object.set(\(key), \(writeExpression(field, source: "\(source) ?? \(TypeScriptNames.literal(value))", path: path)));")
        }
    }

    /// An expression writing `source` as JSON, throwing ContractEncodeError when a reader would not
    /// read it back as given: the same read operation and checks the plan gives the decoder.
    func writeExpression(_ field: Field, source: String, path: String) -> String {
        let read = ValueRead(field.type, constraints: field.constraints)
        var expression = writeValue(read.operation, source: source, path: path, depth: 0)
        let conditions = checkConditions(read.checks, value: "v")
        if !conditions.isEmpty {
            let expected = read.checks.map { check -> String in
                switch check {
                case .nonEmpty: return "non-empty"
                case .atLeast(let bound, let integral): return ">= \(TypeScriptNames.number(bound, integral: integral))"
                case .atMost(let bound, let integral): return "<= \(TypeScriptNames.number(bound, integral: integral))"
                case .textLength(let min, let max): return "length \(Self.range(min, max)) Unicode scalars"
                case .itemCount(let min, let max): return "\(Self.range(min, max)) items"
                }
            }
            expression = "writeSatisfying(\(expression), (v) => \(conditions.joined(separator: " && ")), \(TypeScriptNames.quoted(expected.joined(separator: ", "))), \(path))"
        }
        return expression
    }

    /// Inclusive bounds as an error message names them (ASCII, as every literal is): `1 to 80`, `>= 1`, `<= 80`.
    static func range(_ min: Int?, _ max: Int?) -> String {
        switch (min, max) {
        case let (min?, max?): return "\(min) to \(max)"
        case let (min?, nil): return ">= \(min)"
        case let (nil, max?): return "<= \(max)"
        case (nil, nil): return "any"
        }
    }

    func writeValue(_ operation: ReadOperation, source: String, path: String, depth: Int) -> String {
        switch operation {
        case .scalar(let kind): return "\(TypeScriptNames.writer(kind))(\(source), \(path))"
        case .enumeration(let cases, _): return "writeOneOf(\(source), [\(cases.map(TypeScriptNames.quoted).joined(separator: ", "))], \(path))"
        case .object(let name), .union(let name): return "encode\(name)(\(source), \(path))"
        case .array(let element):
            return "writeArray(\(source), \(path), (e\(depth), p\(depth)) => \(writeValue(element, source: "e\(depth)", path: "p\(depth)", depth: depth + 1)))"
        case .map(let element):
            return "writeMap(\(source), \(path), (e\(depth), p\(depth)) => \(writeValue(element, source: "e\(depth)", path: "p\(depth)", depth: depth + 1)))"
        }
    }
}
