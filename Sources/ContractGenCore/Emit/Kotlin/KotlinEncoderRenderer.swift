/// Renders the writer side in Kotlin: `encode(value)` and `encodeBytes(value)` of the root type,
/// writing the document's text directly (ContractJsonOutput) as the plan's writer says
/// (WriterPlan), the same text and refusals as TypeScript and Swift. The input is the contract's
/// own data classes; a collection's elements are checked as `Any?`, since a Java caller (or an
/// unchecked cast) can put a null or another type into a `List<String>`.
extension KotlinContractWriter {
    func encoding(_ p: inout CodePrinter) {
        let writer = WriterPlan(contract)
        p.line()
        p.line("// region Encoding (the writer side)")
        p.line()
        p.doc("""
            The document for [value], as readers expect it: `{"\(contract.version.field)":\(contract.version.writes),…}` with the version first, then the stored fields in declaration order under their JSON keys; null optionals are not written (never as null); derived fields are never written; map entries in UTF-16 order of their keys. The same text, escapes and number spellings as the TypeScript and Swift encoders write for the same value (docs/schema.md, "The canonical document").
            A value no reader would read back as given (an integer beyond ±(2^53−1), a non-finite number, an instant below 1, an invalid date, a string with an unpaired surrogate, an empty `non-empty` string, a value outside its constraints, …) throws [ContractEncodeException] naming its path (`$.tasks[0].id`) instead of a document that renders something else.
            """, style: .block)
        p.line("@JvmStatic")
        p.block("fun encode(value: \(root.name)): String {") { p in
            p.line("val w = ContractJsonOutput()")
            p.block("try {") { p in
                p.line("write\(root.name)(value, w)")
            }
            p.block("catch (refusal: ContractEncodeException) {") { p in
                p.line("throw refusal.within(\"$\")")
            }
            p.line("return w.toString()")
        }
        p.line()
        p.doc("[encode]'s document as UTF-8 bytes (what a file or a `SharedPreferences`-free store takes); the same refusals.", style: .block)
        p.line("@JvmStatic")
        p.line("fun encodeBytes(value: \(root.name)): ByteArray = encode(value).toByteArray(Charsets.UTF_8)")
        for object in writer.objects {
            p.line()
            objectWriter(object, &p)
        }
        for union in writer.unions {
            p.line()
            unionWriter(union, &p)
        }
        p.line()
        p.line("// endregion")
    }

    /// A union's writer: the variant's writer, given the tag member to write first.
    func unionWriter(_ union: WriterPlan.UnionWrite, _ p: inout CodePrinter) {
        p.block("private fun write\(union.name)(value: \(union.name), w: ContractJsonOutput) {") { p in
            p.block("when (value) {") { p in
                for variant in union.variants {
                    p.line("is \(union.name).\(KotlinNames.unionCaseName(variant.tag)) -> write\(variant.typeName)(value.value, w, \(KotlinNames.quoted(variant.tagText)))")
                }
            }
        }
    }

    /// The writer of one object type: `{`, the fields in declaration order, `}`; a refusal inside
    /// a field gets the field's step in front of its path.
    func objectWriter(_ object: WriterPlan.ObjectWrite, _ p: inout CodePrinter) {
        if object.fields.contains(where: { $0.field.deprecated != nil }) {
            p.line("// Every stored field is written, the deprecated ones too (the app's own reads still warn).")
            p.line(KotlinFacts.suppressDeprecation)
        }
        let tagParameter = object.isVariant ? ", tag: String = \"\"" : ""
        p.block("private fun write\(object.name)(value: \(object.name), w: ContractJsonOutput\(tagParameter)) {") { p in
            p.line("w.openObject()")
            if let version = object.versionText {
                p.line("// The version first: readers check it before anything it gates.")
                p.line("w.raw(\(KotlinNames.quoted(version)))")
            }
            if object.isVariant {
                p.line("// A union's tag first: readers find it anywhere, and first reads best.")
                p.line("w.raw(tag)")
            }
            for (index, field) in object.fields.enumerated() {
                p.block("try {") { p in
                    fieldWrite(field, name: "f\(index)", &p)
                }
                p.block("catch (refusal: ContractEncodeException) {") { p in
                    p.line("throw refusal.within(\(KotlinNames.quoted(field.step)))")
                }
            }
            p.line("w.closeObject()")
        }
    }

    /// One field under its presence policy. A data class always holds a required or defaulted
    /// field (its constructor's default when the app gave none), so both are always written.
    func fieldWrite(_ field: WriterPlan.FieldWrite, name: String, _ p: inout CodePrinter) {
        let key = "w.key(\(KotlinNames.quoted(field.keyText)))"
        switch field.presence {
        case .required, .defaulted:
            p.line(key)
            valueWrite(field.value, source: "value.\(field.codeName)", typed: true, name: name, depth: 0, &p)
        case .optional:
            p.line("val \(name) = value.\(field.codeName)")
            p.block("if (\(name) != null) {") { p in
                p.line(key)
                valueWrite(field.value, source: name, typed: true, name: name, depth: 0, &p)
            }
        case .explicitNull:
            p.block("when (val \(name) = value.\(field.codeName)) {") { p in
                p.block("is ContractNullable.Value -> {") { p in
                    p.line(key)
                    valueWrite(field.value, source: "\(name).value", typed: true, name: name, depth: 0, &p)
                }
                p.line("ContractNullable.Null -> {")
                p.line("    \(key)")
                p.line("    w.nullValue() // explicit-null: written, and read back, as a value of its own")
                p.line("}")
                p.line("ContractNullable.Absent -> {}")
            }
        }
    }

    /// Statements writing the value of `source`, then checking its constraints (an array's after
    /// its elements, as the plan orders them). `typed`: `source` has the field's declared type;
    /// otherwise it is an element as `Any?`, checked for its type first.
    func valueWrite(_ value: WriterPlan.ValueWrite, source: String, typed: Bool, name: String, depth d: Int, _ p: inout CodePrinter) {
        switch value.operation {
        case .scalar(let kind):
            p.line("w.\(kind == .bool ? "bool" : kind.rawValue)(\(source))")
        case .enumeration(let cases, let unknown):
            if typed {
                p.line("w.enumeration(\(source).json)")
            } else {
                let enumType = KotlinNames.type(.enumeration(cases, unknown: unknown), enums: enums)
                p.line("if (\(source) !is \(enumType)) throw ContractEncodeException(\(KotlinNames.quoted(WriterPlan.oneOf(cases))))")
                p.line("w.enumeration(\(source).json)")
            }
        case .object(let typeName), .union(let typeName):
            if !typed { p.line("if (\(source) !is \(typeName)) throw ContractEncodeException(ContractJsonOutput.EXPECTED_OBJECT)") }
            p.line("write\(typeName)(\(source), w)")
        case .array(let element):
            if !typed { p.line("if (\(source) !is List<*>) throw ContractEncodeException(ContractJsonOutput.EXPECTED_ARRAY)") }
            let index = "i\(name)_\(d)", item = "e\(name)_\(d)"
            p.line("w.openArray()")
            p.line("var \(index) = 0")
            p.block("for (\(item): Any? in \(source)) {") { p in
                p.block("try {") { p in
                    p.line("w.separate()")
                    valueWrite(WriterPlan.ValueWrite(element: element), source: item, typed: false, name: name, depth: d + 1, &p)
                }
                p.block("catch (r\(d): ContractEncodeException) {") { p in
                    p.line("throw r\(d).withinIndex(\(index))")
                }
                p.line("\(index)++")
            }
            p.line("w.closeArray()")
        case .map(let element):
            if !typed { p.line("if (\(source) !is Map<*, *>) throw ContractEncodeException(ContractJsonOutput.EXPECTED_MAP)") }
            let entry = "m\(name)_\(d)"
            p.line("w.openObject()")
            p.block("for (\(entry) in ContractJsonOutput.entries(\(source))) {") { p in
                p.block("try {") { p in
                    p.line("w.mapKey(\(entry).key)")
                    p.line("val v\(name)_\(d) = \(entry).value")
                    valueWrite(WriterPlan.ValueWrite(element: element), source: "v\(name)_\(d)", typed: false, name: name, depth: d + 1, &p)
                }
                p.block("catch (r\(d): ContractEncodeException) {") { p in
                    p.line("throw r\(d).withinKey(\(entry).key)")
                }
            }
            p.line("w.closeObject()")
        }
        for check in value.checks {
            p.line("if (!(\(writerCondition(check.check, source)))) throw ContractEncodeException(\(KotlinNames.quoted(check.expected)))")
        }
    }

    /// A constraint on a written value (a string, a number, a list or a map).
    func writerCondition(_ check: ConstraintCheck, _ measured: String) -> String {
        switch check {
        case .nonEmpty: return "\(measured).isNotEmpty()"
        case .atLeast(let bound, let integral): return "\(measured) >= \(KotlinNames.number(bound, integral: integral))"
        case .atMost(let bound, let integral): return "\(measured) <= \(KotlinNames.number(bound, integral: integral))"
        case .textLength(let min, let max): return Self.within("ContractText.length(\(measured))", min: min, max: max)
        case .itemCount(let min, let max): return Self.within("\(measured).size", min: min, max: max)
        }
    }
}
