/// Renders the plan's decoders in TypeScript: `decode`, the enum readers, the per-type and
/// composite decoders, the derived-field pass and the walkers.
extension TypeScriptContractWriter {
    // MARK: Decoding

    /// The decoder reads the text once, front to back, straight into the types (no intermediate
    /// JSON tree), through the runtime's strict pull scanner: each field is a slot that every
    /// occurrence of its key overwrites, so for a duplicate key the last occurrence wins, as in
    /// JavaScript and org.json. Same structure as `SwiftContractWriter.decoding`.
    func decoding(_ p: inout CodePrinter) {
        p.line("// MARK: - Decoding")
        p.line()
        p.line("/** How a read went. Anything but `ok` renders the empty state; nothing is guessed. */")
        p.line("export type Status = \"ok\" | \"unsupportedVersion\" | \"malformed\" | \"invalid\";")
        p.line()
        p.line("/**")
        p.line(" * The result of `decode`, discriminated on `status`: the value exactly when `ok` (so")
        p.line(" * `if (decoded.status === \"ok\")` narrows `value`), and how many array elements were dropped.")
        p.line(" */")
        p.line("export type Decoded =")
        p.indented { p in
            p.line("| { readonly status: \"ok\"; readonly value: \(root.name); readonly dropped: number }")
            p.line("| { readonly status: Exclude<Status, \"ok\">; readonly value: null; readonly dropped: number };")
        }
        p.line()
        p.line("/**")
        p.line(" * Decodes the document text. Strict RFC 8259, fail-closed, never throws, never crashes.")
        p.line(" * With a `report`, also records each value not taken as written and why (docs/report.md).")
        p.line(" */")
        p.block("export function decode(text: string, report?: ContractReport): Decoded {") { p in
            p.line("if (report !== undefined) report.begin();")
            let lexed = "decodeScanned(text, new ContractJsonScanner(text, false), report) ?? { status: \"malformed\", value: null, dropped: 0 }"
            p.block("try {", closer: decodesTrees && plan.composites.contains(where: { $0.kind == .map }) ? "} catch (error) {" : "} catch {") { p in
                if !decodesTrees {
                    // A fail-document field below the root fails the document even inside a value a
                    // later duplicate key replaces, which JSON.parse never shows: lex every text.
                    p.line("// A nested fail-document field: lex every text (a lexing scanner shows the text: never undefined).")
                    p.line("return \(lexed);")
                } else {
                    p.line("// JSON.parse's result is walked when it accepts the text (decodeTree).")
                    p.line("const json = contractJsonParse(text);")
                    p.block("if (json !== undefined) {") { p in
                        p.line("const decoded = decodeTree(text, json, report !== undefined);")
                        p.block("if (decoded !== undefined) {") { p in
                            p.line("if (report !== undefined) report.end(); // nothing to report")
                            p.line("return decoded;")
                        }
                        p.line("// A report has entries: recorded over the same tree, unless it hides a duplicate key or a")
                        p.line("// member's position (then undefined, and the text is lexed).")
                        p.line("const recorded = decodeScanned(text, new ContractJsonScanner(text, true, json), report);")
                        p.line("if (recorded !== undefined) return recorded;")
                        p.line("if (report !== undefined) report.begin();")
                    }
                    p.line("// JSON.parse rejected the text (the lexer says where), or the tree hid what a report must show.")
                    p.line("// A lexing scanner shows the text: never undefined.")
                    p.line("return \(lexed);")
                }
            }
            p.indented { p in
                if decodesTrees, plan.composites.contains(where: { $0.kind == .map }) {
                    p.block("if (error === CONTRACT_NEEDS_TEXT) {") { p in
                        p.line("// Canonically equivalent keys in a map field: which came last only the text says.")
                        p.line("if (report !== undefined) report.begin();")
                        p.line("return \(lexed);")
                    }
                }
                if decodesTrees {
                    p.line("// Only resource exhaustion (e.g. a string longer than the engine allows) can get here, or")
                    p.line("// ContractTooDeep from decodeTree.")
                } else {
                    p.line("// Only resource exhaustion (e.g. a string longer than the engine allows) can get here.")
                }
                p.line("if (report !== undefined) report.malformed(text);")
                p.line("return { status: \"malformed\", value: null, dropped: 0 };")
            }
            p.line("}")
        }
        p.line()
        p.line("/**")
        p.line(" * Decodes the document from its UTF-8 bytes (a file, `fetch`'s `arrayBuffer()`, native storage).")
        p.line(" * Bytes that are not UTF-8 are no JSON text (RFC 8259 §8.1): `malformed`, never repaired into")
        p.line(" * U+FFFD as `TextDecoder` would. With a `report`, as `decode`; bytes that are not UTF-8 get the")
        p.line(" * one entry `utf-8` (docs/report.md).")
        p.line(" */")
        p.block("export function decodeBytes(bytes: Uint8Array, report?: ContractReport): Decoded {") { p in
            p.line("const text = contractUtf8Text(bytes);")
            p.block("if (text === undefined) {") { p in
                p.line("if (report !== undefined) report.notUtf8(bytes);")
                p.line("return { status: \"malformed\", value: null, dropped: 0 };")
            }
            p.line("return decode(text, report);")
        }
        p.line()
        p.line("/**")
        p.line(" * `decode` through a scanner: the scanner decoders, lexing or over JSON.parse's result (scanner tree")
        p.line(" * mode). Undefined when the tree hid what the reads must see (`showsText`: a duplicate key, an")
        p.line(" * integer-like key out of the text's order), so that a report is recorded again by lexing.")
        p.line(" */")
        p.block("function decodeScanned(text: string, scanner: ContractJsonScanner, report: ContractReport | undefined): Decoded | undefined {") { p in
            p.line("const context: DecodeContext = \(contextLiteral(report: "report"));")
            p.line("const isObject = scanner.nextIsObject();")
            p.line("const value = decode\(root.name)(scanner, context);")
            p.line("// Not JSON, not an object, or nested deeper than CONTRACT_MAX_DEPTH: nothing is usable.")
            p.block("if (!isObject || !scanner.finish()) {") { p in
                p.line("if (report !== undefined) report.malformed(text);")
                p.line("return { status: \"malformed\", value: null, dropped: 0 };")
            }
            p.line("if (!scanner.showsText) return undefined;")
            p.line("// The version gate comes before any field: a future version may mean something else by every field.")
            p.block("if (context.version === undefined || acceptedVersions.indexOf(context.version) < 0) {") { p in
                p.line("if (report !== undefined) report.versionRejected(\(TypeScriptNames.quoted(ReportPlan.step(contract.version.field))), report.versionType);")
                p.line("return { status: \"unsupportedVersion\", value: null, dropped: 0 };")
            }
            p.line("if (report !== undefined) report.end();")
            p.block("if (value === undefined || context.failed) {") { p in
                p.line("return { status: \"invalid\", value: null, dropped: 0 };")
            }
            if plan.derivations.isEmpty {
                p.line("return { status: \"ok\", value, dropped: context.dropped };")
            } else {
                p.line("return { status: \"ok\", value: resolvingDerivedFields(value, context), dropped: context.dropped };")
            }
        }
        p.line()
        p.line("/** State threaded through one decode. */")
        p.block("interface DecodeContext {") { p in
            p.line("/**")
            DropAccounting.counterDoc.forEach { p.line(" * " + $0) }
            p.line(" */")
            p.line("dropped: number;")
            p.line("/** Set when a `fail-document` field is missing or invalid. */")
            p.line("failed: boolean;")
            p.line("/** " + CommentText.blockCommentLine(CommentText.singleLine("The root's `\(contract.version.field)` slot: its last occurrence, when that is a number.")) + " */")
            p.line("version: number | undefined;")
            p.line("/** The report being recorded, if one was asked for; undefined on the default path. */")
            p.line("report: ContractReport | undefined;")
            p.line("/** The object keys decodeTree saw (contractTreeComplete); the scanner decoders leave it 0. */")
            p.line("treeKeys: number;")
            p.line("/** The containers decodeTree entered or measured, each once (contractTreeComplete); the scanner decoders leave it 0. */")
            p.line("treeContainers: number;")
            p.line("/** decodeTree: a value was not taken as written (a report would have an entry). */")
            p.line("degraded: boolean;")
            p.line("/** decodeTree: a report was asked for, so the first degraded value ends the walk. */")
            p.line("reporting: boolean;")
            for lookup in plan.lookups {
                p.line("/** `\(lookup.name)`, read with the root, for derived fields (exact UTF-16 keys). */")
                p.line("\(lookup.name): \(type(lookup.type));")
            }
        }
        if !plan.derivations.isEmpty {
            p.line()
            p.line("/**")
            p.line(" * Derived fields are filled in once the whole document is read: the map they look into")
            p.line(" * may come after the elements that use it.")
            p.line(" */")
            p.block("function resolvingDerivedFields(value: \(root.name), context: DecodeContext): \(root.name) {") { p in
                p.line("let result = value;")
                for derivation in plan.derivations {
                    p.block("result = each\(derivation.typeName)In\(root.name)(result, (element) => {", closer: "});") { p in
                        // The elements are this decode's own fresh objects, so they are completed in
                        // place (a copy of every element per derived field was most of the pass).
                        p.line("const target = element as { -readonly [K in keyof \(derivation.typeName)]: \(derivation.typeName)[K] };")
                        for derived in derivation.lookups {
                            let lookup = "context.\(derived.lookupField).get(element.\(derived.keyField)) ?? null"
                            p.line("// \(derived.field) = \(derived.lookupField)[\(derived.keyField)] when both exist, else null.")
                            p.line(derived.keyIsNullable
                                   ? "target.\(derived.field) = element.\(derived.keyField) === null ? null : \(lookup);"
                                   : "target.\(derived.field) = \(lookup);")
                        }
                        p.line("return element;")
                    }
                }
                p.line("return result;")
            }
        }
        for owner in owners {
            p.line()
            enumReader(owner, &p)
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
        treeDecoders(&p)
        for walker in plan.walkers {
            walkers(walker, &p)
        }
        p.line()
    }

    /// A union's decoder (`UnionPlan`): the tag first (`switch` compares code units exactly), then
    /// the variant's object decoder; undefined when the value is not an object, has no string tag,
    /// an unknown tag (without a fallback), or its variant is invalid.
    func unionDecoder(_ union: UnionPlan, _ p: inout CodePrinter) {
        p.block("function decode\(union.name)(scanner: ContractJsonScanner, context: DecodeContext): \(union.name) | undefined {") { p in
            let tagKey = TypeScriptNames.quoted(union.tagKey)
            p.line("const r = context.report;")
            p.line("const tag = scanner.peekTag(\(tagKey));")
            p.block("if (tag === undefined) {") { p in
                p.line("// not an object, no tag, or a tag that is not a string: invalid")
                p.line("if (r === undefined) scanner.skipValue(); else r.badUnion(scanner.value(), \(tagKey), false);")
                p.line("return undefined;")
            }
            func read(_ variant: UnionPlan.Variant, _ p: inout CodePrinter) {
                p.line("const value = decode\(variant.typeName)(scanner, context);")
                p.line("return value === undefined ? undefined : { ...value, \(union.tagName): \(TypeScriptNames.quoted(variant.tag)) };")
            }
            p.block("switch (tag) {") { p in
                for variant in union.variants {
                    p.block("case \(TypeScriptNames.quoted(variant.tag)): {") { p in read(variant, &p) }
                }
                if let fallback = union.fallback {
                    p.block("default: { // an unknown tag reads as '\(fallback.tag)'") { p in
                        p.line("const value = decode\(fallback.typeName)(scanner, context);")
                        p.line("if (value !== undefined && r !== undefined) r.unknownTag(\(tagKey), \(TypeScriptNames.quoted(fallback.tag)));")
                        p.line("return value === undefined ? undefined : { ...value, \(union.tagName): \(TypeScriptNames.quoted(fallback.tag)) };")
                    }
                } else {
                    p.line("default:")
                    p.indented { p in
                        p.line("scanner.skipValue(); // an unknown tag: invalid")
                        p.line("if (r !== undefined) r.badUnion(undefined, \(tagKey), true);")
                        p.line("return undefined;")
                    }
                }
            }
        }
    }

    /// An enumeration's reader: exactly one of its JSON spellings (no case folding), else undefined.
    func enumReader(_ owner: TypeScriptNames.EnumOwner, _ p: inout CodePrinter) {
        p.line("/** A `\(owner.field.name)` value: exactly one of its JSON spellings (no case folding, no trimming), else undefined. */")
        p.block("function read\(owner.name)(text: string | undefined): \(owner.name) | undefined {") { p in
            p.block("switch (text) {") { p in
                for value in owner.cases { p.line("case \(TypeScriptNames.quoted(value)):") }
                p.indented { p in p.line("return text;") }
                p.line("default:")
                p.indented { p in p.line("return undefined;") }
            }
        }
    }

    /// Whether decoding a value read this way touches the decode context (drop counter, failure
    /// flag, version, lookups); a parameter that is never read does not compile under --noUnusedParameters.
    func needsContext(_ operation: ReadOperation) -> Bool {
        switch operation {
        case .array: return true
        case .map(let value): return value.callsDecoder
        case .object(let name):
            guard let object = plan.objects.first(where: { $0.name == name }) else { return false }
            if object.isRoot { return true }
            return object.failsDocument || object.slots.contains { $0.read.operation.callsDecoder }
        case .union: return true
        case .scalar, .enumeration: return false
        }
    }

    /// Every decoder reads `context.report` (undefined on the default path).
    func contextParameter(_ operation: ReadOperation) -> String {
        "context: DecodeContext"
    }

    /// The decoder of one object type: undefined when the value is not an object or a
    /// `drop-element` field fails. Drops inside it count only if it is kept.
    func objectDecoder(_ object: ObjectPlan, _ p: inout CodePrinter) {
        p.block("function decode\(object.name)(scanner: ContractJsonScanner, \(contextParameter(.object(object.name)))): \(object.name) | undefined {") { p in
            p.line("const r = context.report;")
            p.block("if (!scanner.enterObject()) {") { p in
                p.line("if (r === undefined) scanner.skipValue(); else r.wrongType(scanner.value());")
                p.line("return undefined;")
            }
            p.line("if (r !== undefined) r.beginObject(\(object.slots.count));")
            for slot in object.slots {
                p.line("let \(slot.codeName)Slot: \(type(slot.field.type))\(slot.readsNull ? " | null" : "") | undefined;")
                if slot.countsDrops { p.line("let \(DropAccounting.held(slot)) = 0;") }
            }
            p.block("for (let key = scanner.nextMember(); key !== undefined; key = scanner.nextMember()) {") { p in
                var first = true
                if object.isRoot {
                    p.line("if (key.matches(versionField)) {")
                    p.indented { p in p.line("context.version = r === undefined ? scanner.anyNumber() : r.version(scanner.value());") }
                    first = false
                }
                for (index, slot) in object.slots.enumerated() {
                    p.line("\(first ? "if" : "} else if") (key.matches(\(TypeScriptNames.quoted(slot.jsonKey)))) {")
                    p.indented { p in
                        p.block("if (r === undefined) {", closer: "} else {") { p in slotDecode(slot, report: false, &p) }
                        p.indented { p in
                            p.line("r.field(\(index), \(TypeScriptNames.quoted(ReportPlan.step(slot.jsonKey))));")
                            slotDecode(slot, report: true, &p)
                            p.line("r.fieldDone(\(index), \"\(ReportPlan.used(slot))\");")
                        }
                        p.line("}")
                    }
                    first = false
                }
                if first {
                    p.line("scanner.skipValue();")
                } else {
                    p.line("} else {")
                    p.indented { p in p.line("scanner.skipValue(); // unknown keys are ignored: fields are added within a version") }
                    p.line("}")
                }
            }
            p.block("if (scanner.failed) {") { p in
                p.line("if (r !== undefined) r.endObject(); // the document is malformed: the report keeps its frames balanced")
                p.line("return undefined;")
            }
            for (index, slot) in object.presenceOrder {
                presenceAction(slot, index: index, &p)
            }
            let counted = object.countedSlots
            if !counted.isEmpty {
                p.line("context.dropped += " + counted.map(DropAccounting.held).joined(separator: " + ") + ";")
            }
            if object.isRoot {
                for lookup in plan.lookups {
                    p.line("context.\(lookup.name) = \(lookup.name)Slot ?? new Map();")
                }
            }
            let members = object.fields.map { field -> String in
                if field.derived != nil { return "\(field.name): null" }
                return local(field) == field.name ? field.name : "\(field.name): \(local(field))"
            }
            p.line("if (r !== undefined) r.endObject();")
            p.line("return { \(members.joined(separator: ", ")) };")
        }
    }

    /// One occurrence of the key: read the value into the slot (the last occurrence wins). A
    /// composite value's drops are held apart (a duplicate key resets them) until the object is kept.
    func slotDecode(_ slot: SlotPlan, report: Bool, _ p: inout CodePrinter) {
        let name = slot.codeName
        let read = report ? reportReadExpression(slot.read) : readExpression(slot.read)
        if slot.countsDrops {
            p.line("const \(DropAccounting.mark) = context.dropped;")
            p.line("\(name)Slot = \(read);")
            p.line("\(DropAccounting.held(slot)) = context.dropped - \(DropAccounting.mark);")
            p.line("context.dropped = \(DropAccounting.mark);")
        } else if slot.readsNull {
            // `explicit-null`: null is a value of its own; a missing or invalid value stays undefined (absent).
            p.line("\(name)Slot = scanner.nextIsNull() ? null : \(read);")
        } else {
            p.line("\(name)Slot = \(read);")
        }
    }

    /// After all keys: the field's presence policy decides what a missing or invalid value becomes.
    func presenceAction(_ slot: SlotPlan, index: Int, _ p: inout CodePrinter) {
        let field = slot.field
        let slotName = "\(field.name)Slot"
        let name = local(field)
        let drop = "r.dropObject(\(index), \(TypeScriptNames.quoted(ReportPlan.step(slot.jsonKey))), \(TypeScriptNames.quoted(slot.jsonKey)), \"\(ReportPlan.used(slot))\")"
        switch slot.presence {
        case .dropElement:
            p.line("const \(name) = \(slotName);")
            p.block("if (\(name) === undefined) {") { p in
                p.line("if (r !== undefined) \(drop);")
                p.line("return undefined; // \(field.name) missing or invalid: the element is dropped")
            }
        case .failDocument:
            p.line("const \(name) = \(slotName);")
            p.block("if (\(name) === undefined) {") { p in
                p.line("context.failed = true; // \(field.name) missing or invalid: the whole document is unusable")
                p.line("if (r !== undefined) \(drop);")
                p.line("return undefined;")
            }
        case .null:
            p.line("const \(name) = \(slotName) ?? null;")
        case .absent:
            p.line("const \(name) = \(slotName);")
        case .defaultValue(let value):
            p.line("const \(name) = \(slotName) ?? \(TypeScriptNames.literal(value));")
        }
    }

    /// An expression of type `T | undefined` reading one value from `scanner`: the value when it has
    /// the right type and meets the checks, else undefined (the value is still consumed and checked).
    func readExpression(_ read: ValueRead) -> String {
        var expression: String
        switch read.operation {
        case .scalar(let kind): expression = "scanner.\(kind.rawValue)()"
        case .enumeration(_, let unknown):
            let reader = TypeScriptNames.helperName(read.operation, owners: owners)
            // An open enum: any other string reads as the fallback; a value that is not a string stays undefined.
            expression = unknown.map { "orUnknown(scanner.string(), \(reader), \(TypeScriptNames.quoted($0)))" } ?? "\(reader)(scanner.string())"
        case .array, .map, .object, .union: expression = "\(TypeScriptNames.helperName(read.operation, owners: owners))(scanner, context)"
        }
        let conditions = checkConditions(read.checks, value: "v")
        if !conditions.isEmpty {
            expression = "satisfying(\(expression), (v) => \(conditions.joined(separator: " && ")))"
        }
        return expression
    }

    /// `readExpression` with a report: scalars through the report's readers (which hold the reason a
    /// value is not taken), each check on its own under its schema key.
    func reportReadExpression(_ read: ValueRead) -> String {
        var expression: String
        switch read.operation {
        case .scalar(let kind): expression = "r.\(kind.rawValue)(scanner.value())"
        case .enumeration(_, let unknown):
            let reader = TypeScriptNames.helperName(read.operation, owners: owners)
            expression = "r.enumeration(scanner.value(), \(reader)\(unknown.map { ", " + TypeScriptNames.quoted($0) } ?? ""))"
        case .array, .map, .object, .union: expression = "\(TypeScriptNames.helperName(read.operation, owners: owners))(scanner, context)"
        }
        for (name, check) in ReportPlan.checks(read.checks) {
            let condition = checkConditions([check], value: "v").joined()
            expression = "r.satisfying(\(expression), (v) => \(condition), \(TypeScriptNames.quoted(name)))"
        }
        return expression
    }

    /// The checks as boolean expressions over `value` (the decoder's and the encoder's alike).
    func checkConditions(_ checks: [ConstraintCheck], value: String) -> [String] {
        checks.map { check in
            switch check {
            case .nonEmpty(let isMap): return isMap ? "\(value).size > 0" : "\(value).length > 0"
            case .atLeast(let bound, let integral): return "\(value) >= \(TypeScriptNames.number(bound, integral: integral))"
            case .atMost(let bound, let integral): return "\(value) <= \(TypeScriptNames.number(bound, integral: integral))"
            case .textLength(let min, let max): return Self.within("contractTextLength(\(value))", min: min, max: max)
            case .itemCount(let min, let max): return Self.within("\(value).length", min: min, max: max)
            }
        }
    }

    /// `measure` within inclusive bounds, measured once: `((n) => n >= 1 && n <= 80)(…)`, `… >= 1` or `… <= 80`.
    static func within(_ measure: String, min: Int?, max: Int?) -> String {
        switch (min, max) {
        case let (min?, max?): return "((n) => n >= \(min) && n <= \(max))(\(measure))"
        case let (min?, nil): return "\(measure) >= \(min)"
        case let (nil, max?): return "\(measure) <= \(max)"
        case (nil, nil): return "true"
        }
    }

    func compositeDecoder(_ composite: CompositePlan, _ p: inout CodePrinter) {
        let name = TypeScriptNames.helperName(composite.operation, owners: owners)
        let element = ValueRead(composite.elementType)
        let elementType = self.type(composite.elementType)
        let counts = composite.countsInnerDrops
        switch composite.kind {
        case .array:
            p.line("/** An array; each element that is not a valid \(composite.elementSpelling) is dropped and counted. */")
            p.block("function \(name)(scanner: ContractJsonScanner, context: DecodeContext): \(elementType)[] | undefined {") { p in
                p.line("const r = context.report;")
                p.block("if (!scanner.enterArray()) {") { p in
                    p.line("if (r === undefined) scanner.skipValue(); else r.wrongType(scanner.value());")
                    p.line("return undefined;")
                }
                p.line("if (r !== undefined) r.beginArray();")
                p.line("const result: \(elementType)[] = [];")
                p.block("while (scanner.nextElement()) {") { p in
                    p.line("if (r !== undefined) r.element();")
                    p.line(readExpression(element) == reportReadExpression(element) ? "const value = \(readExpression(element));" : "const value = r === undefined ? \(readExpression(element)) : \(reportReadExpression(element));")
                    p.block("if (value !== undefined) {", closer: "} else {") { p in
                        p.line("result.push(value);")
                    }
                    p.indented { p in
                        p.line("context.dropped += 1; // \(DropAccounting.droppedElementComment)")
                    }
                    p.line("}")
                    p.line("if (r !== undefined) r.elementDone(value !== undefined);")
                }
                p.line("if (r !== undefined) r.endContainer();")
                p.line("return scanner.failed ? undefined : result;")
            }
        case .map:
            p.line("/**")
            p.line(" * A string-keyed map; entries whose value is not a valid \(composite.elementSpelling) are ignored one by one;")
            p.line(" * a duplicate key replaces the earlier entry (the last wins), and so does a canonically equivalent")
            p.line(" * spelling of it (docs/semantics.md row 15).")
            p.line(" */")
            p.block("function \(name)(scanner: ContractJsonScanner, \(contextParameter(composite.operation))): Map<string, \(elementType)> | undefined {") { p in
                p.line("const r = context.report;")
                p.block("if (!scanner.enterObject()) {") { p in
                    p.line("if (r === undefined) scanner.skipValue(); else r.wrongType(scanner.value());")
                    p.line("return undefined;")
                }
                p.line("if (r !== undefined) r.beginMap();")
                p.line("const result = new Map<string, \(elementType)>();")
                p.line("const keys = new ContractMapKeys();")
                if counts { p.line("const innerDropped = new Map<string, number>();") }
                p.block("for (let key = scanner.nextMember(); key !== undefined; key = scanner.nextMember()) {") { p in
                    p.line("if (r !== undefined) r.entry();")
                    if counts { p.line("const \(DropAccounting.mark) = context.dropped;") }
                    p.line(readExpression(element) == reportReadExpression(element) ? "const value = \(readExpression(element));" : "const value = r === undefined ? \(readExpression(element)) : \(reportReadExpression(element));")
                    if counts {
                        p.line("const inner = context.dropped - \(DropAccounting.mark);")
                        p.line("context.dropped = \(DropAccounting.mark);")
                    }
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    p.line("const name = key.text;")
                    p.line("if (r !== undefined) r.entryDone(name, value !== undefined);")
                    p.line("if (name === undefined) continue;")
                    p.line("// The entry this key replaces: an exact repeat, or a canonically equivalent spelling, which")
                    p.line("// JSON.parse's result cannot order (an exact repeat keeps its first position there).")
                    p.line("const earlier = keys.replaced(name, value !== undefined, result.keys());")
                    p.line("if (earlier !== name && scanner.readsTree) contractNeedsText();")
                    p.line("result.delete(earlier);")
                    if counts { p.line("innerDropped.delete(earlier);") }
                    p.block("if (value !== undefined) {") { p in
                        p.line("result.set(name, value);")
                        if counts { p.line("innerDropped.set(name, inner);") }
                    }
                }
                p.line("if (r !== undefined) r.endContainer();")
                p.line("if (scanner.failed) return undefined;")
                if counts { p.line("for (const inner of innerDropped.values()) context.dropped += inner;") }
                p.line("return result;")
            }
        }
    }

    /// `each<Target>In<Type>(value, update)`: applies an update to every `Target` anywhere inside a value.
    func walkers(_ plan: WalkerPlan, _ p: inout CodePrinter) {
        let target = plan.target
        for walker in plan.walkers {
            p.line()
            p.block("function each\(target)In\(walker.typeName)(value: \(walker.typeName), update: (element: \(target)) => \(target)): \(walker.typeName) {") { p in
                let members = walker.steps.map { step -> String in
                    let name = step.field.name
                    let transform = walkTransform(step.path, target: target, value: "value.\(name)", depth: 0)
                    return step.isNullable ? "\(name): value.\(name) === null ? null : \(transform)," : "\(name): \(transform),"
                }
                let base = walker.updatesSelf ? "update(value)" : "value"
                if members.isEmpty {
                    p.line("return \(base);")
                } else {
                    p.block("return {", closer: "};") { p in
                        p.line("...\(base),")
                        for member in members { p.line(member) }
                    }
                }
            }
        }
    }

    func walkTransform(_ path: WalkerPlan.Path, target: String, value: String, depth: Int) -> String {
        switch path {
        case .object(let name): return "each\(target)In\(name)(\(value), update)"
        case .array(let inner):
            return "\(value).map((e\(depth)) => \(walkTransform(inner, target: target, value: "e\(depth)", depth: depth + 1)))"
        case .map(let inner, let valueType):
            return "new Map(Array.from(\(value), ([k\(depth), e\(depth)]): [string, \(self.type(valueType))] => [k\(depth), \(walkTransform(inner, target: target, value: "e\(depth)", depth: depth + 1))]))"
        }
    }
}
