/// Renders the Kotlin testee's reader of the `encode` op's input (docs/conformance.md): the JSON
/// an app would hand TypeScript's `encode`, read into the contract's data classes through
/// `TesteeInput` (Runtime/kotlin/testee/TesteeSupport.kt). Test-harness code in the observation
/// object, never part of what an app ships. Fields are read in declaration order, so what
/// Kotlin's types cannot hold is refused at the path TypeScript's encoder names.
extension KotlinContractWriter {
    func encodeInput(_ p: inout CodePrinter) {
        p.line()
        p.doc("The `encode` op's input as this contract's values; a refusal's path starts at `$`.", style: .block)
        p.block("fun encodeInput(json: ContractJson): \(root.name) {") { p in
            p.block("try {") { p in
                p.line("return input\(root.name)(json)")
            }
            p.block("catch (refusal: ContractEncodeException) {") { p in
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
        p.block("private fun input\(union.name)(json: ContractJson?): \(union.name) {") { p in
            p.block("return when (TesteeInput.text(TesteeInput.obj(json)[\(KotlinNames.quoted(union.tag))])) {") { p in
                for variant in union.variants {
                    p.line("\(KotlinNames.quoted(variant.tag)) -> \(union.name).\(KotlinNames.unionCaseName(variant.tag))(input\(variant.typeName)(json))")
                }
                p.line("else -> throw ContractEncodeException(\(KotlinNames.quoted(WriterPlan.oneOf(union.variants.map(\.tag))))).within(\(KotlinNames.quoted("." + union.tag)))")
            }
        }
    }

    func objectInput(_ type: ObjectType, _ p: inout CodePrinter) {
        p.block("private fun input\(type.name)(json: ContractJson?): \(type.name) {") { p in
            let fields = type.storedFields
            guard !fields.isEmpty else {
                p.line("TesteeInput.obj(json)")
                p.line("return \(type.name)()")
                return
            }
            p.line("val o = TesteeInput.obj(json)")
            for (index, field) in fields.enumerated() {
                let local = "f\(index)"
                let member = "o[\(KotlinNames.quoted(field.name))]"
                let read = { (json: String) in self.inputExpression(field.type, field: field, owner: type.name, json: json, nested: false) }
                // Named from outside the type (its own enum through it: `Event.Attendance`).
                let valueType = KotlinNames.type(field.type, enums: enums, field: field, owner: type.name)
                let declared = field.explicitNull ? "ContractNullable<\(valueType)>" : valueType + (KotlinNames.isNullable(field) ? "?" : "")
                let value: String
                switch field.presence {
                case .required:
                    value = read(member)
                case .optional where field.explicitNull:
                    value = "when (val j = \(member)) { null -> ContractNullable.Absent; ContractJson.Null -> ContractNullable.Null; else -> ContractNullable.Value(\(read("j"))) }"
                case .optional:
                    value = "TesteeInput.present(\(member))?.let { \(read("it")) }"
                case .defaultValue(let defaultValue):
                    let literal = KotlinNames.literal(defaultValue, field: field, owner: type.name, enums: enums)
                    value = "TesteeInput.present(\(member))?.let { \(read("it")) } ?: \(literal)"
                }
                p.line("val \(local): \(declared) = try { \(value) } catch (refusal: ContractEncodeException) { throw refusal.within(\(KotlinNames.quoted("." + field.name))) }")
            }
            let arguments = fields.enumerated().map { "\($0.element.name) = f\($0.offset)" }
            p.line("return \(type.name)(\(arguments.joined(separator: ", ")))")
        }
    }

    /// An expression reading `json` as a value of `type` (a field's own, or nested in a list or map).
    func inputExpression(_ type: FieldType, field: Field, owner: String, json: String, nested: Bool) -> String {
        switch type {
        case .string, .localDate: return "TesteeInput.string(\(json))"
        case .bool: return "TesteeInput.bool(\(json))"
        case .number: return "TesteeInput.number(\(json))"
        case .integer: return "TesteeInput.integer(\(json), \(KotlinNames.quoted("an integer within ±(2^53−1)")))"
        case .epochMillis: return "TesteeInput.integer(\(json), \(KotlinNames.quoted("epoch milliseconds within 1 … 2^53−1")))"
        case .dateTime: return "TesteeInput.integer(\(json), \(KotlinNames.quoted("epoch milliseconds within 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z")))"
        case .enumeration(let cases, _):
            let enumType = KotlinNames.type(type, enums: enums, field: nested ? nil : field, owner: nested ? nil : owner)
            return "(TesteeInput.text(\(json))?.let { \(enumType).fromJson(it) } ?: throw ContractEncodeException(\(KotlinNames.quoted(WriterPlan.oneOf(cases)))))"
        case .object(let name), .union(let name): return "input\(name)(\(json))"
        case .array(let element): return "TesteeInput.array(\(json)) { \(inputExpression(element, field: field, owner: owner, json: "it", nested: true)) }"
        case .map(let element): return "TesteeInput.map(\(json)) { \(inputExpression(element, field: field, owner: owner, json: "it", nested: true)) }"
        }
    }
}
