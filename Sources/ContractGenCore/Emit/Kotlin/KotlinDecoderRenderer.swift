/// Renders the plan's decoders in Kotlin: `decode`, the per-type and composite decoders, the
/// derived-field pass and the walkers.
extension KotlinContractWriter {
    // MARK: Decoding

    /// The decoder reads the text once, front to back, straight into the types (no intermediate
    /// JSON tree): each field is a slot that every occurrence of its key overwrites, so for a
    /// duplicate key the last occurrence wins, as in JavaScript and org.json.
    func decoding(_ p: inout CodePrinter) {
        p.line("// region Decoding")
        p.line()
        p.line("/** How a read went. Anything but `OK` renders the empty state; nothing is guessed. */")
        p.block("enum class Status(val json: String) {") { p in
            p.line("OK(\"ok\"), UNSUPPORTED_VERSION(\"unsupportedVersion\"), MALFORMED(\"malformed\"), INVALID(\"invalid\")")
        }
        p.line()
        p.line("/**")
        p.line(" * The result of [decode]: [Ok] with the value and how many array elements were dropped, or why")
        p.line(" * there is no value (render the empty state). `when` over it, or read [status], [value], [dropped].")
        p.line(" */")
        p.block("sealed class Decoded {") { p in
            p.line("abstract val status: Status")
            p.line("/** The value when [Ok], else null. */")
            p.line("open val value: \(root.name)? get() = null")
            p.line("/** Array elements dropped anywhere in the value (0 when there is none). */")
            p.line("open val dropped: Int get() = 0")
            p.line()
            p.block("data class Ok(override val value: \(root.name), override val dropped: Int) : Decoded() {") { p in
                p.line("override val status: Status get() = Status.OK")
            }
            for (name, status) in [("UnsupportedVersion", "UNSUPPORTED_VERSION"), ("Malformed", "MALFORMED"), ("Invalid", "INVALID")] {
                p.line()
                p.block("object \(name) : Decoded() {") { p in
                    p.line("override val status: Status get() = Status.\(status)")
                    p.line("override fun toString(): String = \"\(name)\"")
                }
            }
        }
        p.line()
        p.line("/**")
        p.line(" * Decodes the document text. Strict RFC 8259, fail-closed, never throws, never crashes.")
        p.line(" * With a [report], also records each value not taken as written and why (docs/report.md).")
        p.line(" */")
        p.line(KotlinFacts.jvmStatic)
        p.line("@JvmOverloads")
        p.block("fun decode(text: String, report: ContractReport? = null): Decoded {") { p in
            p.line("report?.begin()")
            p.line("val scanner = ContractJsonScanner(text)")
            p.line("val context = DecodeContext(report)")
            p.line("val isObject = scanner.nextIsObject()")
            p.line("val value = decode\(root.name)(scanner, context)")
            p.line("// Not JSON, not an object, or nested deeper than ContractJsonScanner.MAX_DEPTH: nothing is usable.")
            p.block("if (!isObject || !scanner.finish()) {") { p in
                p.line("report?.malformed(text)")
                p.line("return Decoded.Malformed")
            }
            p.line("// The version gate comes before any field: a future version may mean something else by every field.")
            p.line("val version: Double? = context.version")
            p.block("if (version == null || ACCEPTED_VERSIONS.none { it.toDouble() == version }) {") { p in
                p.line("if (report != null) report.versionRejected(\(KotlinNames.quoted(ReportPlan.step(contract.version.field))), report.versionType)")
                p.line("return Decoded.UnsupportedVersion")
            }
            p.line("report?.end()")
            p.line("// A fail-document field anywhere fails the whole read: a distinct, visible state, not zeros.")
            p.line("if (value == null || context.failed) return Decoded.Invalid")
            if plan.derivations.isEmpty {
                p.line("return Decoded.Ok(value, context.dropped)")
            } else {
                p.line("return Decoded.Ok(resolvingDerivedFields(value, context), context.dropped)")
            }
        }
        p.line()
        p.line("/**")
        p.line(" * Decodes the document from its UTF-8 bytes (a file, a `ContentProvider`, a network body).")
        p.line(" * Bytes that are not UTF-8 are no JSON text (RFC 8259 §8.1): [Decoded.Malformed], never")
        p.line(" * repaired into U+FFFD as `String(bytes, UTF_8)` would. With a [report], as `decode(text)`;")
        p.line(" * bytes that are not UTF-8 get the one entry `utf-8` (docs/report.md).")
        p.line(" */")
        p.line(KotlinFacts.jvmStatic)
        p.line("@JvmOverloads")
        p.block("fun decode(bytes: ByteArray, report: ContractReport? = null): Decoded {") { p in
            p.line("val text = ContractUtf8.text(bytes)")
            p.block("if (text == null) {") { p in
                p.line("report?.notUtf8(bytes)")
                p.line("return Decoded.Malformed")
            }
            p.line("return decode(text, report)")
        }
        p.line()
        p.line("/** State threaded through one decode; [report] is null on the default path. */")
        p.block("private class DecodeContext(val report: ContractReport?) {") { p in
            p.line("/** " + CommentText.blockCommentLine(CommentText.singleLine("The root's `\(contract.version.field)` (its last occurrence) when it is a number: the version gate's slot.")) + " */")
            p.line("var version: Double? = null")
            p.line()
            p.line("/**")
            DropAccounting.counterDoc.forEach { p.line(" * " + $0) }
            p.line(" */")
            p.line("var dropped = 0")
            p.line()
            p.line("/** Set when a `fail-document` field is missing or invalid. */")
            p.line("var failed = false")
            for lookup in plan.lookups {
                p.line()
                p.line("/** The root's `\(lookup.name)`, for the derived fields resolved once the whole document is read. */")
                p.line("var \(lookup.name): \(type(lookup.type)) = emptyMap()")
            }
        }
        if !plan.derivations.isEmpty {
            p.line()
            p.line("/**")
            p.line(" * Derived fields are filled in once the whole document is read: the map they look into may")
            p.line(" * come after the elements that use it.")
            p.line(" */")
            p.block("private fun resolvingDerivedFields(value: \(root.name), context: DecodeContext): \(root.name) {") { p in
                p.line("var result = value")
                for derivation in plan.derivations {
                    p.block("result = each\(derivation.typeName)(result) { element ->") { p in
                        var arguments: [String] = []
                        var unchanged: [String] = []
                        for (index, lookup) in derivation.lookups.enumerated() {
                            p.line("// \(lookup.field) = \(lookup.lookupField)[\(lookup.keyField)] when both exist, else null.")
                            p.line(lookup.keyIsNullable
                                ? "val derived\(index) = element.\(lookup.keyField)?.let { context.\(lookup.lookupField)[it] }"
                                : "val derived\(index) = context.\(lookup.lookupField)[element.\(lookup.keyField)]")
                            arguments.append("\(lookup.field) = derived\(index)")
                            unchanged.append("derived\(index) == element.\(lookup.field)")
                        }
                        // A row whose derived fields come out as they are (null) is kept, not copied.
                        p.line("if (\(unchanged.joined(separator: " && "))) element else element.copy(\(arguments.joined(separator: ", ")))")
                    }
                }
                p.line("return result")
            }
        }
        for object in plan.objects {
            p.line()
            objectDecoder(object, &p)
        }
        for union in plan.unions {
            p.line()
            unionDecoder(union, &p)
        }
        for composite in plan.composites {
            p.line()
            compositeDecoder(composite, &p)
        }
        for walker in plan.walkers {
            walkers(walker, &p)
        }
        p.line()
        p.line("// endregion")
        p.line()
    }

    /// A union's decoder (`UnionPlan`): the tag first (Kotlin's String `==` compares code units
    /// exactly), then the variant's object decoder; null when the value is not an object, has no
    /// string tag, an unknown tag (without a fallback), or its variant is invalid.
    func unionDecoder(_ union: UnionPlan, _ p: inout CodePrinter) {
        p.block("private fun decode\(union.name)(scanner: ContractJsonScanner, context: DecodeContext): \(union.name)? {") { p in
            let tagKey = KotlinNames.quoted(union.tagKey)
            p.line("val r = context.report")
            p.line("val tag = scanner.peekTag(\(tagKey))")
            p.block("if (tag == null) {") { p in
                p.line("// not an object, no tag, or a tag that is not a string: invalid")
                p.line("if (r == null) scanner.skipValue() else r.badUnion(scanner.value(), \(tagKey), false)")
                p.line("return null")
            }
            p.block("return when (tag) {") { p in
                for variant in union.variants {
                    p.line("\(KotlinNames.quoted(variant.tag)) -> decode\(variant.typeName)(scanner, context)?.let { \(union.name).\(KotlinNames.unionCaseName(variant.tag))(it) }")
                }
                if let fallback = union.fallback {
                    p.block("else -> { // an unknown tag reads as '\(fallback.tag)'") { p in
                        p.line("val value = decode\(fallback.typeName)(scanner, context)")
                        p.line("if (value != null) r?.unknownTag(\(tagKey), \(KotlinNames.quoted(fallback.tag)))")
                        p.line("value?.let { \(union.name).\(KotlinNames.unionCaseName(fallback.tag))(it) }")
                    }
                } else {
                    p.block("else -> {") { p in
                        p.line("scanner.skipValue() // an unknown tag: invalid")
                        p.line("r?.badUnion(null, \(tagKey), true)")
                        p.line("null")
                    }
                }
            }
        }
    }

    /// Every decoder takes the context; one that needs none says so instead of warning.
    func unusedContextSuppression(_ uses: Bool, _ p: inout CodePrinter) {
        if !uses { p.line("@Suppress(\"UNUSED_PARAMETER\") // Every decoder takes the context; this one needs none.") }
    }

    /// The decoder of one object type: null when the value is not an object or a `drop-element`
    /// field fails. Drops inside it count only if it is kept.
    func objectDecoder(_ object: ObjectPlan, _ p: inout CodePrinter) {
        let counted = object.countedSlots
        p.block("private fun decode\(object.name)(scanner: ContractJsonScanner, context: DecodeContext): \(object.name)? {") { p in
            p.line("val r = context.report")
            p.block("if (!scanner.enterObject()) {") { p in
                p.line("if (r == null) scanner.skipValue() else r.wrongType(scanner.value())")
                p.line("return null")
            }
            p.line("r?.beginObject(\(object.slots.count))")
            for slot in object.slots {
                p.line(slot.readsNull ? "var \(slot.codeName)Slot: ContractNullable<\(slotType(slot.field, owner: object.name))> = ContractNullable.Absent"
                       : "var \(slot.codeName)Slot: \(slotType(slot.field, owner: object.name))? = null")
                if slot.countsDrops { p.line("var \(DropAccounting.held(slot)) = 0") }
            }
            if object.slots.isEmpty && !object.isRoot {
                p.line("while (scanner.nextMember() != null) scanner.skipValue()")
            } else {
                p.block("while (true) {") { p in
                    p.line("val key = scanner.nextMember() ?: break")
                    var first = true
                    if object.isRoot {
                        p.line("if (key.matches(VERSION_FIELD)) {")
                        p.indented { p in p.line("context.version = if (r == null) scanner.anyNumber() else r.version(scanner.value())") }
                        first = false
                    }
                    for (index, slot) in object.slots.enumerated() {
                        p.line("\(first ? "if" : "} else if") (key.matches(\(KotlinNames.quoted(slot.jsonKey)))) {")
                        p.indented { p in
                            p.block("if (r == null) {", closer: "} else {") { p in slotDecode(slot, owner: object.name, report: false, &p) }
                            p.indented { p in
                                p.line("r.field(\(index), \(KotlinNames.quoted(ReportPlan.step(slot.jsonKey))))")
                                slotDecode(slot, owner: object.name, report: true, &p)
                                p.line("r.fieldDone(\(index), \"\(ReportPlan.used(slot))\")")
                            }
                            p.line("}")
                        }
                        first = false
                    }
                    p.line("} else {")
                    p.indented { p in p.line("scanner.skipValue() // unknown keys are ignored: fields are added within a version") }
                    p.line("}")
                }
            }
            p.block("if (scanner.failed) {") { p in
                p.line("r?.endObject() // the document is malformed: the report keeps its frames balanced")
                p.line("return null")
            }
            for (index, slot) in object.presenceOrder {
                presenceAction(slot, owner: object.name, index: index, &p)
            }
            if !counted.isEmpty {
                p.line("context.dropped += " + counted.map(DropAccounting.held).joined(separator: " + "))
            }
            if object.isRoot {
                for lookup in plan.lookups {
                    p.line("context.\(lookup.name) = \(lookup.name)Slot ?: emptyMap()")
                }
            }
            let arguments = object.fields.map { field -> String in
                if field.derived != nil { return "\(field.name) = null" }
                return "\(field.name) = \(KotlinNames.local(field.name, avoiding: KotlinFacts.decoderNames))"
            }
            p.line("r?.endObject()")
            p.line("return \(object.name)(\(arguments.joined(separator: ", ")))")
        }
    }

    /// The slot of a field: its type, not null (a missing or invalid value is a null slot).
    func slotType(_ field: Field, owner: String) -> String {
        KotlinNames.type(field.type, enums: enums, field: field, owner: owner)
    }

    /// One occurrence of the key: read the value into the slot (the last occurrence wins). A
    /// counted slot's drops are held apart (`DropAccounting`) until the object is kept.
    func slotDecode(_ slot: SlotPlan, owner: String, report: Bool, _ p: inout CodePrinter) {
        let read = report ? reportReadExpression(slot.read, field: slot.field, owner: owner) : readExpression(slot.read, field: slot.field, owner: owner)
        let name = slot.codeName
        if slot.countsDrops {
            p.line("val \(DropAccounting.mark) = context.dropped")
            p.line("\(name)Slot = \(read)")
            p.line("\(DropAccounting.held(slot)) = context.dropped - \(DropAccounting.mark)")
            p.line("context.dropped = \(DropAccounting.mark)")
        } else if slot.readsNull {
            // `explicit-null`: null is a value of its own; a missing or invalid value stays absent.
            p.line("\(name)Slot = if (scanner.nextIsNull()) ContractNullable.Null else ContractNullable.of(\(read))")
        } else {
            p.line("\(name)Slot = \(read)")
        }
    }

    /// After all keys: the field's presence policy decides what a missing or invalid value becomes.
    func presenceAction(_ slot: SlotPlan, owner: String, index: Int, _ p: inout CodePrinter) {
        let field = slot.field
        let name = KotlinNames.local(field.name, avoiding: KotlinFacts.decoderNames)
        let slotName = "\(field.name)Slot"
        let drop = "r?.dropObject(\(index), \(KotlinNames.quoted(ReportPlan.step(slot.jsonKey))), \(KotlinNames.quoted(slot.jsonKey)), \"\(ReportPlan.used(slot))\")"
        switch slot.presence {
        case .dropElement:
            p.line("val \(name) = \(slotName)")
            p.block("if (\(name) == null) {") { p in
                p.line(drop)
                p.line("return null // \(field.name) missing or invalid: the element is dropped")
            }
        case .failDocument:
            p.line("val \(name) = \(slotName)")
            p.block("if (\(name) == null) {") { p in
                p.line("context.failed = true // \(field.name) missing or invalid: the whole document is unusable")
                p.line(drop)
                p.line("return null")
            }
        case .null, .absent:
            p.line("val \(name) = \(slotName)")
        case .defaultValue(let value):
            p.line("val \(name) = \(slotName) ?: \(KotlinNames.literal(value, field: field, owner: owner, enums: enums))")
        }
    }

    /// An expression of type `T?` reading one value from `scanner`: the value when it has the right
    /// type and meets the checks, else null (the value is still consumed and checked).
    /// `field` and `owner` name a field's enum class (both nil for an array element or map value).
    func readExpression(_ read: ValueRead, field: Field? = nil, owner: String? = nil) -> String {
        var expression: String
        switch read.operation {
        case .scalar(let kind): expression = "scanner.\(kind.rawValue)()"
        case .enumeration(let cases, let unknown):
            let enumType = KotlinNames.type(.enumeration(cases), enums: enums, field: field, owner: owner)
            if let unknown {
                // An open enum: any other string reads as the fallback; a value that is not a string stays null.
                expression = "scanner.string()?.let { \(enumType).fromJson(it) ?: \(enumType).\(KotlinNames.caseName(unknown, in: cases)) }"
            } else {
                expression = "scanner.string()?.let { \(enumType).fromJson(it) }"
            }
        case .array, .map, .object, .union: expression = "\(KotlinNames.helperName(read.operation, enums: enums))(scanner, context)"
        }
        let conditions = read.checks.map(checkCondition)
        if !conditions.isEmpty {
            expression += "?.takeIf { \(conditions.joined(separator: " && ")) }"
        }
        return expression
    }

    /// `readExpression` with a report: scalars through the report's readers (which hold the reason a
    /// value is not taken), each check on its own under its schema key.
    func reportReadExpression(_ read: ValueRead, field: Field? = nil, owner: String? = nil) -> String {
        var expression: String
        switch read.operation {
        case .scalar(let kind): expression = "r.\(kind.rawValue)(scanner.value())"
        case .enumeration(let cases, let unknown):
            let enumType = KotlinNames.type(.enumeration(cases), enums: enums, field: field, owner: owner)
            if let unknown {
                expression = "r.enumeration(scanner.value(), { \(enumType).fromJson(it) }, \(enumType).\(KotlinNames.caseName(unknown, in: cases)), \(KotlinNames.quoted(unknown)))"
            } else {
                expression = "r.enumeration(scanner.value(), { \(enumType).fromJson(it) }, null, null)"
            }
        case .array, .map, .object, .union: expression = "\(KotlinNames.helperName(read.operation, enums: enums))(scanner, context)"
        }
        for (name, check) in ReportPlan.checks(read.checks) {
            expression = "r.satisfying(\(expression), \(KotlinNames.quoted(name))) { \(checkCondition(check)) }"
        }
        return expression
    }

    func checkCondition(_ check: ConstraintCheck) -> String {
        switch check {
        case .nonEmpty: return "it.isNotEmpty()"
        case .atLeast(let bound, let integral): return "it >= \(KotlinNames.number(bound, integral: integral))"
        case .atMost(let bound, let integral): return "it <= \(KotlinNames.number(bound, integral: integral))"
        case .textLength(let min, let max): return Self.within("ContractText.length(it)", min: min, max: max)
        case .itemCount(let min, let max): return Self.within("it.size", min: min, max: max)
        }
    }

    /// `measure` within inclusive bounds, measured once: `… in 1..80`, `… >= 1` or `… <= 80`.
    static func within(_ measure: String, min: Int?, max: Int?) -> String {
        switch (min, max) {
        case let (min?, max?): return "\(measure) in \(min)..\(max)"
        case let (min?, nil): return "\(measure) >= \(min)"
        case let (nil, max?): return "\(measure) <= \(max)"
        case (nil, nil): return "true"
        }
    }

    func compositeDecoder(_ composite: CompositePlan, _ p: inout CodePrinter) {
        let name = KotlinNames.helperName(composite.operation, enums: enums)
        let element = ValueRead(composite.elementType)
        let elementType = self.type(composite.elementType)
        switch composite.kind {
        case .array:
            p.line("/** An array; each element that is not a valid \(composite.elementSpelling) is dropped and counted. */")
            p.block("private fun \(name)(scanner: ContractJsonScanner, context: DecodeContext): List<\(elementType)>? {") { p in
                p.line("val r = context.report")
                p.block("if (!scanner.enterArray()) {") { p in
                    p.line("if (r == null) scanner.skipValue() else r.wrongType(scanner.value())")
                    p.line("return null")
                }
                p.line("r?.beginArray()")
                p.line("val result = ArrayList<\(elementType)>()")
                p.block("while (scanner.nextElement()) {") { p in
                    p.line("r?.element()")
                    p.line(readExpression(element) == reportReadExpression(element) ? "val value = \(readExpression(element))" : "val value = if (r == null) \(readExpression(element)) else \(reportReadExpression(element))")
                    p.line("if (value != null) result.add(value) else context.dropped += 1 // \(DropAccounting.droppedElementComment)")
                    p.line("r?.elementDone(value != null)")
                }
                p.line("r?.endContainer()")
                p.line("return if (scanner.failed) null else result")
            }
        case .map:
            let counts = composite.countsInnerDrops
            p.line("/**")
            p.line(" * A string-keyed map; entries whose value is not a valid \(composite.elementSpelling) are ignored one by one;")
            p.line(" * a duplicate key replaces the earlier entry (the last wins, even when it is invalid), and so does")
            p.line(" * a canonically equivalent spelling of it (docs/semantics.md row 15).")
            p.line(" */")
            p.block("private fun \(name)(scanner: ContractJsonScanner, context: DecodeContext): Map<String, \(elementType)>? {") { p in
                p.line("val r = context.report")
                p.block("if (!scanner.enterObject()) {") { p in
                    p.line("if (r == null) scanner.skipValue() else r.wrongType(scanner.value())")
                    p.line("return null")
                }
                p.line("r?.beginMap()")
                p.line("val result = LinkedHashMap<String, \(elementType)>()")
                p.line("val keys = ContractMapKeys()")
                if counts { p.line("val innerDropped = HashMap<String, Int>()") }
                p.block("while (true) {") { p in
                    p.line("val name = (scanner.nextMember() ?: break).text")
                    p.line("r?.entry()")
                    if counts { p.line("val \(DropAccounting.mark) = context.dropped") }
                    p.line(readExpression(element) == reportReadExpression(element) ? "val value = \(readExpression(element))" : "val value = if (r == null) \(readExpression(element)) else \(reportReadExpression(element))")
                    if counts {
                        p.line("val inner = context.dropped - \(DropAccounting.mark)")
                        p.line("context.dropped = \(DropAccounting.mark)")
                    }
                    p.line("r?.entryDone(name, value != null)")
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    p.line("if (name == null) continue")
                    p.line("// The entry this key replaces: an exact repeat, or a canonically equivalent spelling.")
                    p.line("val earlier = keys.replaced(name, value != null, result.keys)")
                    p.line("result.remove(earlier)")
                    if counts {
                        p.line("innerDropped.remove(earlier)")
                        p.block("if (value != null) {") { p in
                            p.line("result[name] = value")
                            p.line("innerDropped[name] = inner")
                        }
                    } else {
                        p.line("if (value != null) result[name] = value")
                    }
                }
                p.line("r?.endContainer()")
                if counts {
                    p.line("if (scanner.failed) return null")
                    p.line("context.dropped += innerDropped.values.sum()")
                    p.line("return result")
                } else {
                    p.line("return if (scanner.failed) null else result")
                }
            }
        }
    }

    /// `each<Target>(value) { … }`: applies an update to every `Target` anywhere inside a value.
    func walkers(_ plan: WalkerPlan, _ p: inout CodePrinter) {
        let target = plan.target
        for walker in plan.walkers {
            p.line()
            p.block("private fun each\(target)(value: \(walker.typeName), update: (\(target)) -> \(target)): \(walker.typeName) {") { p in
                p.line("var result = value")
                if walker.updatesSelf { p.line("result = update(result)") }
                for step in walker.steps {
                    let name = step.field.name
                    if step.isNullable {
                        let inner = walkTransform(step.path, target: target, value: "present", depth: 0)
                        p.line("result = result.copy(\(name) = value.\(name)?.let { present -> \(inner) })")
                    } else {
                        p.line("result = result.copy(\(name) = \(walkTransform(step.path, target: target, value: "value.\(name)", depth: 0)))")
                    }
                }
                p.line("return result")
            }
        }
    }

    /// Lambda parameters are numbered by depth: Kotlin warns when one shadows another.
    func walkTransform(_ path: WalkerPlan.Path, target: String, value: String, depth: Int) -> String {
        let parameter = depth == 0 ? "element" : "element\(depth + 1)"
        switch path {
        case .object: return "each\(target)(\(value), update)"
        case .array(let inner):
            return "\(value).map { \(parameter) -> \(walkTransform(inner, target: target, value: parameter, depth: depth + 1)) }"
        case .map(let inner, _):
            return "\(value).mapValues { \(parameter) -> \(walkTransform(inner, target: target, value: "\(parameter).value", depth: depth + 1)) }"
        }
    }
}
