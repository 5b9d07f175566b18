/// Renders the Swift testee's reader of the `encode` op's input (docs/conformance.md): the JSON an
/// app would hand TypeScript's `encode`, read into the contract's Swift values through
/// `TesteeInput` (Runtime/swift/Testee/TesteeSupport.swift). Test-harness code in the
/// observation file, never part of what an app ships. Fields are read in declaration order, so
/// what Swift's types cannot hold is refused at the path TypeScript's encoder names.
extension SwiftContractWriter {
    func encodeInput(_ p: inout CodePrinter) {
        p.line()
        p.line("/// The `encode` op's input as this contract's values; a refusal's path starts at `$`.")
        p.block("static func encodeInput(_ json: ContractJSON) throws -> \(root.name) {") { p in
            p.block("do {") { p in
                p.line("return try input\(root.name)(json)")
            }
            p.block("catch let refusal as ContractEncodeRefusal {") { p in
                p.line("throw refusal.within(\"$\")")
            }
        }
        for type in contract.types {
            p.line()
            objectInput(type, &p)
        }
        for union in contract.unions {
            p.line()
            unionInput(union, &p)
        }
    }

    func unionInput(_ union: UnionType, _ p: inout CodePrinter) {
        p.block("private static func input\(union.name)(_ json: ContractJSON?) throws -> \(union.name) {") { p in
            p.line("let tag = TesteeInput.text(try TesteeInput.object(json)[\(Naming.swiftQuoted(union.tag))])")
            for variant in union.variants {
                p.line("if TesteeInput.isTag(tag, \(Naming.swiftQuoted(variant.tag))) { return .\(SwiftNames.caseName(variant.tag))(try input\(variant.typeName)(json)) }")
            }
            p.line("throw ContractEncodeRefusal(expected: \(Naming.swiftQuoted(WriterPlan.oneOf(union.variants.map(\.tag))))).within(\(Naming.swiftQuoted("." + union.tag)))")
        }
    }

    /// A field's value type as named inside the namespace (its own enum through its owner).
    func valueType(_ field: Field, owner: String) -> String {
        if case .enumeration = field.type { return "\(owner).\(SwiftNames.enumTypeName(field))" }
        return SwiftNames.type(field.type, field: field, enums: enums)
    }

    func objectInput(_ type: ObjectType, _ p: inout CodePrinter) {
        p.block("private static func input\(type.name)(_ json: ContractJSON?) throws -> \(type.name) {") { p in
            p.line("let object = try TesteeInput.object(json)")
            let fields = type.storedFields
            guard !fields.isEmpty else {
                p.line("_ = object")
                p.line("return \(type.name)()")
                return
            }
            p.line("var at: StaticString = \"\"")
            p.block("do {") { p in
                for (index, field) in fields.enumerated() {
                    let local = "f\(index)"
                    let member = "object[\(Naming.swiftQuoted(field.name))]"
                    p.line("at = \(Naming.swiftQuoted("." + field.name))")
                    let read = { (json: String) in self.inputExpression(field.type, field: field, owner: type.name, json: json, nested: false) }
                    switch field.presence {
                    case .required:
                        p.line("let \(local) = \(read(member))")
                    case .optional where field.explicitNull:
                        p.line("var \(local): ContractNullable<\(valueType(field, owner: type.name))> = .absent")
                        p.block("switch \(member) {") { p in
                            p.line("case nil: break")
                            p.line("case .null?: \(local) = .null")
                            p.line("case let j?: \(local) = .value(\(read("j")))")
                        }
                    case .optional:
                        p.line("var \(local): \(valueType(field, owner: type.name))? = nil")
                        p.line("if let j = TesteeInput.present(\(member)) { \(local) = \(read("j")) }")
                    case .defaultValue(let value):
                        p.line("var \(local): \(valueType(field, owner: type.name)) = \(SwiftNames.literal(value, field: field))")
                        p.line("if let j = TesteeInput.present(\(member)) { \(local) = \(read("j")) }")
                    }
                }
                let arguments = fields.enumerated().map { "\($0.element.name): f\($0.offset)" }
                p.line("return \(type.name)(\(arguments.joined(separator: ", ")))")
            }
            p.block("catch let refusal as ContractEncodeRefusal {") { p in
                p.line("throw refusal.within(at)")
            }
        }
    }

    /// `try …` reading `json` as a value of `type` (a field's own, or nested in an array or map).
    func inputExpression(_ type: FieldType, field: Field, owner: String, json: String, nested: Bool) -> String {
        switch type {
        case .string, .localDate: return "try TesteeInput.string(\(json))"
        case .bool: return "try TesteeInput.bool(\(json))"
        case .number: return "try TesteeInput.number(\(json))"
        case .integer: return "try TesteeInput.integer(\(json), expected: \(Naming.swiftQuoted("an integer within ±(2^53−1)")))"
        case .epochMillis: return "try TesteeInput.integer(\(json), expected: \(Naming.swiftQuoted("epoch milliseconds within 1 … 2^53−1")))"
        case .dateTime: return "try TesteeInput.integer(\(json), expected: \(Naming.swiftQuoted("epoch milliseconds within 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z")))"
        case .enumeration(let cases, _):
            let enumType = nested ? SwiftNames.nestedEnumType(cases, enums: enums) : "\(owner).\(SwiftNames.enumTypeName(field))"
            return "try TesteeInput.enumeration(\(json), as: \(enumType).self, expected: \(Naming.swiftQuoted(WriterPlan.oneOf(cases))))"
        case .object(let name), .union(let name): return "try input\(name)(\(json))"
        case .array(let element): return "try TesteeInput.array(\(json)) { \(inputExpression(element, field: field, owner: owner, json: "$0", nested: true)) }"
        case .map(let element): return "try TesteeInput.map(\(json)) { \(inputExpression(element, field: field, owner: owner, json: "$0", nested: true)) }"
        }
    }
}
