/// Renders the plan's decoders in Swift: `decode`, the per-type and composite decoders, the
/// derived-field pass and the walkers.
extension SwiftContractWriter {
    // MARK: Decoding

    /// The decoder reads the text once, front to back, straight into the types (no intermediate
    /// JSON tree): each field is a slot that every occurrence of its key overwrites, so for a
    /// duplicate key the last occurrence wins, as in JavaScript and org.json.
    func decoding(_ p: inout CodePrinter) {
        p.line("// MARK: - Decoding")
        p.line()
        p.line("/// How a read went. Anything but `ok` renders the empty state; nothing is guessed.")
        p.block("public enum Status: String, Sendable, Equatable {") { p in
            p.line("case ok, unsupportedVersion, malformed, invalid")
        }
        p.line()
        p.line("/// The result of `decode`: `.ok` with the value and how many array elements were dropped, or")
        p.line("/// why there is no value (render the empty state). Switch over it, or read `status`, `value`")
        p.line("/// and `dropped`; an `ok` without a value cannot be written.")
        p.block("public enum Decoded: Sendable, Equatable {") { p in
            p.line("case ok(\(root.name), dropped: Int)")
            p.line("case unsupportedVersion")
            p.line("case malformed")
            p.line("case invalid")
            p.line()
            p.block("public var status: Status {") { p in
                p.block("switch self {") { p in
                    p.line("case .ok: return .ok")
                    p.line("case .unsupportedVersion: return .unsupportedVersion")
                    p.line("case .malformed: return .malformed")
                    p.line("case .invalid: return .invalid")
                }
            }
            p.line()
            p.line("/// The value when `ok`, else nil.")
            p.block("public var value: \(root.name)? {") { p in
                p.line("if case .ok(let value, _) = self { return value }")
                p.line("return nil")
            }
            p.line()
            p.line("/// Array elements dropped anywhere in the value (0 when there is none).")
            p.block("public var dropped: Int {") { p in
                p.line("if case .ok(_, let dropped) = self { return dropped }")
                p.line("return 0")
            }
        }
        p.line()
        p.line("/// Decodes the document text. Strict RFC 8259, fail-closed, never throws, never crashes.")
        p.line("/// With a `report`, also records each value not taken as written and why (docs/report.md).")
        p.block("public static func decode(_ text: String, report: ContractReport? = nil) -> Decoded {") { p in
            p.line("report?.begin()")
            p.line("let decoded = ContractJSONScanner.scan(text) { readDocument(&$0, report: report) }")
            p.line("if case .malformed = decoded { report?.malformed(text) }")
            p.line("return decoded")
        }
        p.line()
        p.line("/// Decodes the document as the UTF-8 bytes App Group storage and files hand over, read in place:")
        p.line("/// no String is built. Bytes that are not UTF-8 are not JSON text (RFC 8259 §8.1), so they are")
        p.line("/// `.malformed`, never silently repaired into other text.")
        p.block("public static func decode(_ data: Data, report: ContractReport? = nil) -> Decoded {") { p in
            p.block("if let report {") { p in
                p.line("// The report's paths and offsets are found on the text; this path need not be the fastest.")
                p.line("let text = String(decoding: data, as: UTF8.self)")
                p.block("guard text.utf8.elementsEqual(data) else {") { p in
                    p.line("report.notUTF8(data)")
                    p.line("return .malformed")
                }
                p.line("return decode(text, report: report)")
            }
            p.line("return ContractJSONScanner.scan(utf8: data) { readDocument(&$0, report: nil) }")
        }
        p.line()
        p.block("private static func readDocument(_ scanner: inout ContractJSONScanner, report: ContractReport?) -> Decoded {") { p in
            p.line("var context = DecodeContext()")
            p.line("var version: Double?")
            p.line("let isObject = scanner.nextIsObject()")
            p.line("// Two families of decoders: the plain one holds no report code at all, so the default path pays nothing for it.")
            p.line("// (An if-expression: assigned in two branches instead, the value is kept alive next to its copy")
            p.line("// below, and filling in derived fields copied every array it holds.)")
            p.block("let value = if let report {", closer: "} else {") { p in
                p.line("decode\(root.name)(&scanner, &context, version: &version, report: report)")
            }
            p.indented { p in p.line("decode\(root.name)(&scanner, &context, version: &version)") }
            p.line("}")
            p.line("// Not JSON, not an object, or nested deeper than ContractJSONScanner.maxDepth: nothing is usable.")
            p.block("guard isObject, scanner.finish() else {") { p in
                p.line("return .malformed")
            }
            p.line("// The version gate comes before any field: a future version may mean something else by every field.")
            p.block("guard let version, acceptedVersions.contains(where: { Double($0) == version }) else {") { p in
                p.line("report?.versionRejected(\(Naming.swiftQuoted(ReportPlan.step(plan.version.field))), report?.versionType)")
                p.line("return .unsupportedVersion")
            }
            p.line("report?.end()")
            p.block("guard let value, !context.failed else {") { p in
                p.line("return .invalid")
            }
            if plan.derivations.isEmpty {
                p.line("return .ok(value, dropped: context.dropped)")
            } else {
                p.line("var result = value")
                p.line("resolveDerivedFields(&result, context)")
                p.line("return .ok(result, dropped: context.dropped)")
            }
        }
        p.line()
        p.line("/// State threaded through one decode.")
        p.block("private struct DecodeContext {") { p in
            DropAccounting.counterDoc.forEach { p.line("/// " + $0) }
            p.line("var dropped = 0")
            p.line("/// Set when a `fail-document` field is missing or invalid.")
            p.line("var failed = false")
            for lookup in plan.lookups {
                p.line("/// `\(lookup.name)` by exact UTF-16 code units, as Kotlin and JavaScript compare keys (Swift's")
                p.line("/// String equality is canonical: \"é\" == \"e\\u{301}\", which would find entries they do not).")
                p.line("var \(lookup.name) = ContractExactMap<\(SwiftNames.type(mapValueType(lookup), field: lookup, enums: enums, nested: true))>()")
            }
        }
        derivedFieldPass(&p)
        for report in [false, true] {
            if report {
                p.line()
                p.line("// MARK: - Decoding with a report")
                p.line()
                p.line("// The same decoders, each also recording into the report `r` what it did not take as written")
                p.line("// and why (docs/report.md). A family of their own, so the plain ones above carry none of it.")
            }
            for object in plan.objects {
                p.line()
                objectDecoder(object, report: report, &p)
            }
            for union in plan.unions {
                p.line()
                unionDecoder(union, report: report, &p)
            }
            for composite in plan.composites {
                p.line()
                compositeDecoder(composite, report: report, &p)
            }
        }
        for walker in plan.walkers {
            walkers(walker, &p)
        }
        p.line()
    }

    /// A union's decoder (`UnionPlan`): the tag first, then the variant's object decoder; nil when
    /// the value is not an object, has no string tag, an unknown tag (without a fallback), or its
    /// variant is invalid.
    func unionDecoder(_ union: UnionPlan, report: Bool, _ p: inout CodePrinter) {
        p.block("private static func decode\(union.name)(_ scanner: inout ContractJSONScanner, _ context: inout DecodeContext\(reportParameter(report))) -> \(union.name)? {") { p in
            let tagKey = Naming.swiftQuoted(union.tagKey)
            p.block("guard let tag = scanner.peekTag(\(tagKey)) else {") { p in
                p.line("// not an object, no tag, or a tag that is not a string: invalid")
                p.line(report ? "r.badUnion(scanner.value(), \(tagKey), unknown: false)" : "scanner.skipValue()")
                p.line("return nil")
            }
            p.line("// Exact code units: Swift's String == is canonical equivalence (\"\\u{212A}\" == \"K\").")
            for variant in union.variants {
                p.block("if tag.utf8.elementsEqual(\(Naming.swiftQuoted(variant.tag)).utf8) {") { p in
                    p.line("return decode\(variant.typeName)(&scanner, &context\(reportArgument(report))).map { .\(SwiftNames.caseName(variant.tag))($0) }")
                }
            }
            if let fallback = union.fallback {
                p.line("let value = decode\(fallback.typeName)(&scanner, &context\(reportArgument(report)))  // an unknown tag reads as '\(fallback.tag)'")
                if report { p.line("if value != nil { r.unknownTag(\(tagKey), \(Naming.swiftQuoted(fallback.tag))) }") }
                p.line("return value.map { .\(SwiftNames.caseName(fallback.tag))($0) }")
            } else {
                p.line("scanner.skipValue()  // an unknown tag: invalid")
                if report { p.line("r.badUnion(nil, \(tagKey), unknown: true)") }
                p.line("return nil")
            }
        }
    }

    /// The report family's extra parameter and argument (none in the plain family).
    func reportParameter(_ report: Bool) -> String { report ? ", report r: ContractReport" : "" }
    func reportArgument(_ report: Bool) -> String { report ? ", report: r" : "" }

    /// Derived fields are filled in once the whole document is read.
    func derivedFieldPass(_ p: inout CodePrinter) {
        guard !plan.derivations.isEmpty else { return }
        p.line()
        p.line("/// Derived fields are filled in once the whole document is read: the map they look into")
        p.line("/// may come after the elements that use it.")
        p.line("/// In place: every element is updated where it lies, nothing is copied.")
        p.block("private static func resolveDerivedFields(_ value: inout \(root.name), _ context: DecodeContext) {") { p in
            for derivation in plan.derivations {
                p.block("each\(derivation.typeName)(&value) { element in") { p in
                    for lookup in derivation.lookups {
                        p.line("// \(lookup.field) = \(lookup.lookupField)[\(lookup.keyField)] when both exist, else null.")
                        p.line(lookup.keyIsNullable
                               ? "element.\(lookup.field) = element.\(lookup.keyField).flatMap { context.\(lookup.lookupField).value(for: $0) }"
                               : "element.\(lookup.field) = context.\(lookup.lookupField).value(for: element.\(lookup.keyField))")
                    }
                }
            }
        }
    }

    /// The decoder of one object type: nil when the value is not an object or a
    /// `drop-element` field fails. Drops inside it count only if it is kept. With `report`, the
    /// report family's twin: the same reads, each also recorded into `r`.
    func objectDecoder(_ object: ObjectPlan, report: Bool, _ p: inout CodePrinter) {
        let signature = "private static func decode\(object.name)(_ scanner: inout ContractJSONScanner, _ context: inout DecodeContext"
            + (object.isRoot ? ", version: inout Double?" : "") + reportParameter(report) + ") -> \(object.name)? {"
        p.block(signature) { p in
            p.block("guard scanner.enterObject() else {") { p in
                p.line(report ? "r.wrongType(scanner.value())" : "scanner.skipValue()")
                p.line("return nil")
            }
            if report { p.line("r.beginObject(\(object.slots.count))") }
            for slot in object.slots {
                let type = slotType(slot.field)
                let qualified = slot.field.type.isEnumeration ? object.name + "." + type : type
                p.line(slot.readsNull ? "var \(slot.codeName)Slot: ContractNullable<\(qualified)> = .absent" : "var \(slot.codeName)Slot: \(qualified)?")
                if slot.countsDrops { p.line("var \(DropAccounting.held(slot)) = 0") }
            }
            p.block("while let key = scanner.nextMember() {") { p in
                var first = true
                if object.isRoot {
                    p.line("if key.matches(\(Naming.swiftQuoted(plan.version.field))) {")
                    p.indented { p in p.line(report ? "version = r.version(scanner.value())" : "version = scanner.anyNumber()") }
                    first = false
                }
                for (index, slot) in object.slots.enumerated() {
                    p.line("\(first ? "if" : "} else if") key.matches(\(Naming.swiftQuoted(slot.jsonKey))) {")
                    p.indented { p in
                        if report { p.line("r.field(\(index), \(Naming.swiftQuoted(ReportPlan.step(slot.jsonKey))))") }
                        slotDecode(slot, owner: object.name, report: report, &p)
                        if report { p.line("r.fieldDone(\(index), \(Naming.swiftQuoted(ReportPlan.used(slot))))") }
                    }
                    first = false
                }
                if first {
                    p.line("scanner.skipValue()")
                } else {
                    p.line("} else {")
                    p.indented { p in p.line("scanner.skipValue()  // unknown keys are ignored: fields are added within a version") }
                    p.line("}")
                }
            }
            if report {
                p.block("if scanner.failed {") { p in
                    p.line("r.endObject()  // the document is malformed: the report keeps its frames balanced")
                    p.line("return nil")
                }
            } else {
                p.line("if scanner.failed { return nil }")
            }
            for (index, slot) in object.presenceOrder {
                presenceAction(slot, index: index, report: report, &p)
            }
            let counted = object.countedSlots
            if !counted.isEmpty {
                p.line("context.dropped += " + counted.map(DropAccounting.held).joined(separator: " + "))
            }
            if object.isRoot {
                for lookup in plan.lookups {
                    p.line("if let \(lookup.name)Slot { context.\(lookup.name) = \(lookup.name)Slot }")
                }
            }
            let arguments = object.fields.map { field -> String in
                if field.derived != nil { return "\(field.name): nil" }
                let local = Self.local(field)
                if case .map = field.type {
                    return ObjectPlan.isNullable(field)
                        ? "\(field.name): \(local).map { $0.dictionary }"
                        : "\(field.name): \(local).dictionary"
                }
                return "\(field.name): \(local)"
            }
            if report { p.line("r.endObject()") }
            // The memberwise initializer (ContractMemberwise): plain moves of the fields.
            let memberwise = arguments + ["\(SwiftNames.memberwiseMarker): ContractMemberwise()"]
            p.line("return \(object.name)(\(memberwise.joined(separator: ", ")))")
        }
    }

    /// Maps read as exact-key maps (last duplicate already applied); the public field is a
    /// dictionary built from them.
    func slotType(_ field: Field) -> String {
        if case .map(let value) = field.type { return "ContractExactMap<\(SwiftNames.type(value, field: field, enums: enums, nested: true))>" }
        return SwiftNames.type(field.type, field: field, enums: enums)
    }

    /// One occurrence of the key: read the value into the slot (the last occurrence wins).
    /// A counted slot's drops are held apart (`DropAccounting`) until the object is kept.
    func slotDecode(_ slot: SlotPlan, owner: String, report: Bool, _ p: inout CodePrinter) {
        let read = report ? reportReadExpression(slot.read, field: slot.field, owner: owner) : readExpression(slot.read, field: slot.field, owner: owner)
        if slot.countsDrops {
            p.line("let \(DropAccounting.mark) = context.dropped")
            p.line("\(slot.codeName)Slot = \(read)")
            p.line("\(DropAccounting.held(slot)) = context.dropped - \(DropAccounting.mark)")
            p.line("context.dropped = \(DropAccounting.mark)")
        } else if slot.readsNull {
            // `explicit-null`: null is a value of its own; a missing or invalid value stays absent.
            p.line("\(slot.codeName)Slot = scanner.nextIsNull() ? .null : ContractNullable(\(read))")
        } else {
            p.line("\(slot.codeName)Slot = \(read)")
        }
    }

    /// The local holding a field's final value: its name, or with a trailing `_` when that is one
    /// of the decoder's parameters (field names are letters and digits, so no field is named so).
    static func local(_ field: Field) -> String {
        SwiftFacts.decoderParameters.contains(field.name) ? field.name + "_" : field.name
    }

    /// After all keys: the field's presence policy decides what a missing or invalid value becomes.
    func presenceAction(_ slot: SlotPlan, index: Int, report: Bool, _ p: inout CodePrinter) {
        let name = slot.codeName
        let local = Self.local(slot.field)
        let drop = "r.dropObject(\(index), \(Naming.swiftQuoted(ReportPlan.step(slot.jsonKey))), \(Naming.swiftQuoted(slot.jsonKey)), \(Naming.swiftQuoted(ReportPlan.used(slot))))"
        switch slot.presence {
        case .dropElement:
            if !report {
                p.line("guard let \(local) = \(name)Slot else { return nil }  // \(name) missing or invalid: the element is dropped")
                return
            }
            p.line("guard let \(local) = \(name)Slot else {")
            p.indented { p in
                p.line(drop)
                p.line("return nil  // \(name) missing or invalid: the element is dropped")
            }
            p.line("}")
        case .failDocument:
            p.line("guard let \(local) = \(name)Slot else {")
            p.indented { p in
                p.line("context.failed = true  // \(name) missing or invalid: the whole document is unusable")
                if report { p.line(drop) }
                p.line("return nil")
            }
            p.line("}")
        case .null, .absent:
            p.line("let \(local) = \(name)Slot")
        case .defaultValue(let value):
            if case .map = slot.read.operation {
                p.line("let \(local) = \(name)Slot ?? ContractExactMap()")
            } else {
                p.line("let \(local) = \(name)Slot ?? \(SwiftNames.literal(value, field: slot.field))")
            }
        }
    }

    /// An expression of type `T?` reading one value from `scanner`: the value when it has the
    /// right type and meets the checks, else nil (the value is still consumed and checked).
    /// `field` names an enum's type.
    func readExpression(_ read: ValueRead, field: Field?, owner: String = "") -> String {
        var expression: String
        switch read.operation {
        case .scalar(let kind): expression = "scanner.\(kind.rawValue)()"
        case .enumeration(let cases, let unknown):
            // Exact spelling (Swift's String == alone is canonical); an open enum reads any other string as its fallback.
            let enumType = enumTypeName(cases, field: field, owner: owner)
            expression = "ContractEnum.read(scanner.string(), as: \(enumType).self" + (unknown.map { ", unknown: .\(SwiftNames.caseName($0))" } ?? "") + ")"
        case .array, .map, .object, .union: expression = "\(SwiftNames.helperName(read.operation, enums: enums))(&scanner, &context)"
        }
        let conditions = read.checks.map(checkCondition)
        if !conditions.isEmpty {
            expression += ".flatMap({ \(conditions.joined(separator: " && ")) ? $0 : nil })"
        }
        return expression
    }

    /// `readExpression` with a report: scalars through the report's readers (which hold the reason a
    /// value is not taken), each check on its own under its schema key.
    func reportReadExpression(_ read: ValueRead, field: Field?, owner: String = "") -> String {
        var expression: String
        switch read.operation {
        case .scalar(let kind): expression = "r.\(kind.rawValue)(&scanner)"
        case .enumeration(let cases, let unknown):
            let enumType = enumTypeName(cases, field: field, owner: owner)
            expression = "r.enumeration(&scanner, as: \(enumType).self" + (unknown.map { ", unknown: .\(SwiftNames.caseName($0))" } ?? "") + ")"
        case .array, .map, .object, .union: expression = "\(SwiftNames.helperName(read.operation, enums: enums))(&scanner, &context, report: r)"
        }
        for (name, check) in ReportPlan.checks(read.checks) {
            expression = "r.satisfying(\(expression), \(Naming.swiftQuoted(name)), { \(checkCondition(check)) })"
        }
        return expression
    }

    /// A field's own enum is nested in its owner; an element's is the first declared with these values.
    func enumTypeName(_ cases: [String], field: Field?, owner: String) -> String {
        owner.isEmpty ? SwiftNames.nestedEnumType(cases, enums: enums) : "\(owner).\(field.map(SwiftNames.enumTypeName) ?? "")"
    }

    func checkCondition(_ check: ConstraintCheck) -> String {
        switch check {
        case .nonEmpty: return "!$0.isEmpty"
        case .atLeast(let bound, let integral): return "$0 >= \(SwiftNames.number(bound, integral: integral))"
        case .atMost(let bound, let integral): return "$0 <= \(SwiftNames.number(bound, integral: integral))"
        case .textLength(let min, let max): return Self.within("ContractText.length($0)", min: min, max: max)
        case .itemCount(let min, let max): return Self.within("$0.count", min: min, max: max)
        }
    }

    /// `measure` within inclusive bounds, measured once: `(1...80).contains(…)`, `… >= 1` or `… <= 80`.
    static func within(_ measure: String, min: Int?, max: Int?) -> String {
        switch (min, max) {
        case let (min?, max?): return "(\(min)...\(max)).contains(\(measure))"
        case let (min?, nil): return "\(measure) >= \(min)"
        case let (nil, max?): return "\(measure) <= \(max)"
        case (nil, nil): return "true"
        }
    }

    /// The value type of a `{map: T}` field.
    func mapValueType(_ field: Field) -> FieldType {
        if case .map(let element) = field.type { return element }
        return field.type
    }

    func compositeDecoder(_ composite: CompositePlan, report: Bool, _ p: inout CodePrinter) {
        let field = CompositePlan.elementField(at: contract.location)
        let signature = "(_ scanner: inout ContractJSONScanner, _ context: inout DecodeContext\(reportParameter(report)))"
        let elementType = SwiftNames.type(composite.elementType, field: field, enums: enums, nested: true)
        let element = ValueRead(composite.elementType)
        // Map helpers return exact-key maps (lookups need them); a map inside an array or map is
        // a dictionary like a map field's value, built as soon as it is read.
        var readElement = report ? reportReadExpression(element, field: field) : readExpression(element, field: field)
        if case .map = composite.element {
            readElement += ".map({ $0.dictionary })"
        }
        let counts = composite.countsInnerDrops
        let wrongType = report ? "r.wrongType(scanner.value())" : "scanner.skipValue()"
        switch composite.kind {
        case .array:
            p.line("/// An array; each element that is not a valid \(composite.elementSpelling) is dropped and counted.")
            p.block("private static func \(SwiftNames.helperName(composite.operation, enums: enums))\(signature) -> [\(elementType)]? {") { p in
                p.block("guard scanner.enterArray() else {") { p in
                    p.line(wrongType)
                    p.line("return nil")
                }
                if report { p.line("r.beginArray()") }
                p.line("var result: [\(elementType)] = []")
                p.block("while scanner.nextElement() {") { p in
                    if report {
                        p.line("r.element()")
                        p.line("let read = \(readElement)")
                        p.block("if let value = read {", closer: "} else {") { p in
                            p.line("result.append(value)")
                        }
                    } else {
                        p.block("if let value = \(readElement) {", closer: "} else {") { p in
                            p.line("result.append(value)")
                        }
                    }
                    p.indented { p in p.line("context.dropped += 1  // \(DropAccounting.droppedElementComment)") }
                    p.line("}")
                    if report { p.line("r.elementDone(read != nil)") }
                }
                if report { p.line("r.endContainer()") }
                p.line("return scanner.failed ? nil : result")
            }
        case .map:
            p.line("/// A string-keyed map by exact keys; entries whose value is not a valid \(composite.elementSpelling)")
            p.line("/// are ignored one by one; a duplicate key replaces the earlier entry (the last wins).")
            p.block("private static func \(SwiftNames.helperName(composite.operation, enums: enums))\(signature) -> ContractExactMap<\(elementType)>? {") { p in
                p.block("guard scanner.enterObject() else {") { p in
                    p.line(wrongType)
                    p.line("return nil")
                }
                if report { p.line("r.beginMap()") }
                // A repeated key moves to the end (as in Kotlin's LinkedHashMap and JavaScript's
                // Map), even when its new value is invalid; ContractExactMap keeps that linear.
                p.line("var map = ContractExactMap<\(elementType)>()")
                p.block("while let key = scanner.nextMember() {") { p in
                    if report { p.line("r.entry()") }
                    if counts { p.line("let \(DropAccounting.mark) = context.dropped") }
                    p.line("let value = \(readElement)")
                    if counts {
                        p.line("let inner = context.dropped - \(DropAccounting.mark)")
                        p.line("context.dropped = \(DropAccounting.mark)")
                    }
                    if report { p.line("r.entryDone(key.text, value != nil)") }
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    p.line("guard let name = key.text else { continue }")
                    p.line(counts ? "map.set(name, value, dropped: inner)  // the last occurrence wins, even an invalid one"
                                  : "map.set(name, value)  // the last occurrence wins, even an invalid one")
                }
                if report { p.line("r.endContainer()") }
                p.line("if scanner.failed { return nil }")
                if counts { p.line("context.dropped += map.dropped") }
                p.line("return map")
            }
        }
    }

    /// `each<Target>(&value) { … }`: applies an update to every `Target` anywhere inside a value,
    /// in place (an array element or map value is updated where it lies: nothing is copied).
    func walkers(_ plan: WalkerPlan, _ p: inout CodePrinter) {
        let target = plan.target
        for walker in plan.walkers {
            p.line()
            p.block("private static func each\(target)(_ value: inout \(walker.typeName), _ update: (inout \(target)) -> Void) {") { p in
                if walker.updatesSelf { p.line("update(&value)") }
                for step in walker.steps {
                    let name = step.field.name
                    if step.isNullable {
                        p.block("if value.\(name) != nil {") { p in walkInPlace(step.path, target: target, value: "value.\(name)!", depth: 0, &p) }
                    } else {
                        walkInPlace(step.path, target: target, value: "value.\(name)", depth: 0, &p)
                    }
                }
            }
        }
    }

    func walkInPlace(_ path: WalkerPlan.Path, target: String, value: String, depth: Int, _ p: inout CodePrinter) {
        switch path {
        case .object:
            p.line("each\(target)(&\(value), update)")
        case .array(let inner):
            p.block("for i\(depth) in \(value).indices {") { p in
                walkInPlace(inner, target: target, value: "\(value)[i\(depth)]", depth: depth + 1, &p)
            }
        case .map(let inner, _):
            // Dictionary values are updated through their own indices (a mutable collection).
            p.block("do {") { p in
                p.line("var i\(depth) = \(value).values.startIndex")
                p.block("while i\(depth) != \(value).values.endIndex {") { p in
                    walkInPlace(inner, target: target, value: "\(value).values[i\(depth)]", depth: depth + 1, &p)
                    p.line("\(value).values.formIndex(after: &i\(depth))")
                }
            }
        }
    }
}
