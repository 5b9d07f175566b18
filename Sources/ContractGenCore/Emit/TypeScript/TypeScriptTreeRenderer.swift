/// Renders TypeScript's tree decoders: the default path (no report) of a text JSON.parse accepts
/// walks JSON.parse's result with plain property reads and `typeof` checks, one function per
/// object, union, array and map of the plan — the same slots, presence actions and drop accounting
/// as the scanner decoders, so the two paths decide alike. What the tree cannot show is kept by
/// the runtime (docs/runtime-api.md, "Tree decoding"): each string read is checked for unpaired
/// surrogates, each container entered for the depth, every skipped value's depth and keys are
/// measured (`treeSkip`), and `contractTreeComplete` measures the text itself unless the walk
/// counted every container (`treeContainers`: as many as the text has `[` and `{`) or every member
/// (no unknown key, no duplicate). Each container is counted once, right after its depth check,
/// by the one tree function that enters it (a union's function hands its object to a variant's).
/// Any text JSON.parse rejects is lexed.
extension TypeScriptContractWriter {
    /// Whether the default path walks JSON.parse's result (TypeScriptRuntimeImports.decodesTrees).
    var decodesTrees: Bool { TypeScriptRuntimeImports.decodesTrees(plan) }

    /// A tree function's name: `treeTaskRow`, `treeArrayOfTaskRow` beside `decodeTaskRow`, `decodeArrayOfTaskRow`.
    static func treeName(_ decoderName: String) -> String {
        decoderName.hasPrefix("decode") ? "tree" + decoderName.dropFirst("decode".count) : "tree" + decoderName
    }

    func treeHelperName(_ operation: ReadOperation) -> String {
        Self.treeName(TypeScriptNames.helperName(operation, owners: owners))
    }

    /// Keys an object inherits from Object.prototype: for them a property read is guarded (an own
    /// member only), so `constructor` or `__proto__` in a schema is data, never the prototype's.
    static let inheritedKeys: Set<String> = [
        "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString",
        "toString", "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
    ]

    /// `object[key]`, own members only for an inherited key.
    func treeMember(_ key: String, spelled: String? = nil) -> String {
        let literal = spelled ?? TypeScriptNames.quoted(key)
        return Self.inheritedKeys.contains(key)
            ? "(Object.prototype.hasOwnProperty.call(object, \(literal)) ? object[\(literal)] : undefined)"
            : "object[\(literal)]"
    }

    /// `decodeTree`, called by `decode` for a text JSON.parse accepted.
    func treeDecode(_ p: inout CodePrinter) {
        p.line("/**")
        p.line(" * `decode` for a text JSON.parse accepted: its result is walked by the tree decoders below, which")
        p.line(" * keep the rules JSON.parse does not (unpaired surrogates, the depth limit). A container nested")
        p.line(" * deeper than CONTRACT_MAX_DEPTH throws ContractTooDeep, which `decode` catches. `reporting`: a")
        p.line(" * report was asked for, and it is empty only when every member was seen (no duplicate key) and")
        p.line(" * every value taken as written; otherwise undefined, and `decode` records the entries with the scanner.")
        p.line(" */")
        p.block("function decodeTree(text: string, json: unknown, reporting: boolean): Decoded | undefined {") { p in
            p.line("const context: DecodeContext = \(contextLiteral(report: "undefined", reporting: "reporting"));")
            p.block("if (typeof json !== \"object\" || json === null || Array.isArray(json)) {") { p in
                p.line("return reporting ? undefined : { status: \"malformed\", value: null, dropped: 0 }; // not an object: nothing is usable")
            }
            p.line("let value: \(root.name) | undefined;")
            p.block("try {", closer: "} catch (error) {") { p in
                p.line("value = tree\(root.name)(json, 0, context);")
            }
            p.indented { p in
                p.line("if (error === CONTRACT_TREE_DEGRADED) return undefined; // a report has entries: decode records them")
                p.line("throw error;")
            }
            p.line("}")
            p.block("if (reporting) {", closer: "} else if (!contractTreeComplete(text, context.treeKeys, json, context.treeContainers)) {") { p in
                p.line("if (context.degraded || !contractTreeSawAll(text, context.treeKeys, json)) return undefined;")
            }
            p.indented { p in
                p.line("// Where the walk did not look (unknown keys, replaced duplicates), the text must still nest within the limit.")
                p.line("return { status: \"malformed\", value: null, dropped: 0 };")
            }
            p.line("}")
            p.line("// The version gate comes before any field: a future version may mean something else by every field.")
            p.block("if (context.version === undefined || acceptedVersions.indexOf(context.version) < 0) {") { p in
                p.line("return reporting ? undefined : { status: \"unsupportedVersion\", value: null, dropped: 0 };")
            }
            p.block("if (value === undefined || context.failed) {") { p in
                p.line("return reporting ? undefined : { status: \"invalid\", value: null, dropped: 0 };")
            }
            p.line("return { status: \"ok\", value, dropped: context.dropped }; // derived fields filled in as read")
        }
    }

    /// The decode context's initial value.
    func contextLiteral(report: String, reporting: String = "false") -> String {
        "{ dropped: 0, failed: false, version: undefined\(plan.lookups.map { ", \($0.name): new Map()" }.joined()), "
            + "\(report == "report" ? "report" : "report: " + report), treeKeys: 0, treeContainers: 0, degraded: false, reporting\(reporting == "reporting" ? "" : ": " + reporting) }"
    }

    /// Every tree function, after the scanner decoders.
    func treeDecoders(_ p: inout CodePrinter) {
        guard decodesTrees else { return }
        p.line()
        treeDecode(&p)
        for object in plan.objects {
            p.line()
            treeObject(object, &p)
        }
        for union in plan.unions {
            p.line()
            treeUnion(union, &p)
        }
        for composite in plan.composites {
            p.line()
            treeComposite(composite, &p)
        }
    }

    /// The object check every object and map tree function opens with; then the depth check.
    func treeEnterObject(readsMembers: Bool = true, _ p: inout CodePrinter) {
        p.block("if (typeof json !== \"object\" || json === null || Array.isArray(json)) {") { p in
            p.line("return treeSkip(json, depth, context);")
        }
        p.line("if (depth >= CONTRACT_MAX_DEPTH) treeTooDeep();")
        p.line("context.treeContainers++;")
        if readsMembers { p.line("const object = json as Record<string, unknown>;") }
    }

    func treeObject(_ object: ObjectPlan, _ p: inout CodePrinter) {
        p.line("/** `decode\(object.name)` over a JSON.parse result; `depth`: the containers around `json`. */")
        p.block("function tree\(object.name)(json: unknown, depth: number, context: DecodeContext): \(object.name) | undefined {") { p in
            treeEnterObject(readsMembers: object.isRoot || !object.slots.isEmpty, &p)
            for slot in object.slots {
                p.line("let \(slot.codeName)Slot: \(type(slot.field.type))\(slot.readsNull ? " | null" : "") | undefined;")
                if slot.countsDrops { p.line("let \(DropAccounting.held(slot)) = 0;") }
            }
            p.line("let present = 0; // the members read, for contractTreeComplete")
            if object.isRoot {
                p.block("{", closer: "}") { p in
                    p.line("const item = \(treeMember(contract.version.field, spelled: "versionField"));")
                    p.block("if (item !== undefined) {") { p in
                        p.line("present++;")
                        p.line("context.version = typeof item === \"number\" ? item : treeSkip(item, depth + 1, context);")
                    }
                }
            }
            // The root's lookup maps first: JSON.parse's result has them all, so derived fields are
            // filled in as their objects are read (no second pass, as the scanner decoders need).
            let lookupNames = Set(plan.lookups.map(\.name))
            let ordered = object.isRoot
                ? object.slots.filter { lookupNames.contains($0.field.name) } + object.slots.filter { !lookupNames.contains($0.field.name) }
                : object.slots
            for slot in ordered {
                p.block("{", closer: "}") { p in
                    p.line("const item = \(treeMember(slot.jsonKey));")
                    p.block("if (item !== undefined) {") { p in
                        p.line("present++;")
                        treeSlotRead(slot, &p)
                    }
                }
                if object.isRoot && lookupNames.contains(slot.field.name) {
                    p.line("context.\(slot.field.name) = \(slot.field.name)Slot ?? new Map();")
                }
            }
            p.line("context.treeKeys += present;")
            for (index, slot) in object.presenceOrder {
                treePresenceAction(slot, index: index, &p)
            }
            let counted = object.countedSlots
            if !counted.isEmpty {
                p.line("context.dropped += " + counted.map(DropAccounting.held).joined(separator: " + ") + ";")
            }
            let derived = plan.derivations.first { $0.typeName == object.name }
            let members = object.fields.map { field -> String in
                if let lookup = derived?.lookups.first(where: { $0.field == field.name }),
                   let keyField = object.fields.first(where: { $0.name == lookup.keyField }) {
                    // lookupField[keyField] when both exist, else null.
                    let get = "context.\(lookup.lookupField).get(\(local(keyField))) ?? null"
                    return "\(field.name): " + (lookup.keyIsNullable ? "\(local(keyField)) === null ? null : \(get)" : get)
                }
                if field.derived != nil { return "\(field.name): null" }
                return local(field) == field.name ? field.name : "\(field.name): \(local(field))"
            }
            p.line("return { \(members.joined(separator: ", ")) };")
        }
    }

    /// One present member: its value into the slot (JSON.parse kept the last occurrence).
    func treeSlotRead(_ slot: SlotPlan, _ p: inout CodePrinter) {
        let name = slot.codeName
        let read = treeReadExpression(slot.read, value: "item", depth: "depth + 1")
        if slot.countsDrops {
            p.line("const \(DropAccounting.mark) = context.dropped;")
            p.line("\(name)Slot = \(read);")
            p.line("\(DropAccounting.held(slot)) = context.dropped - \(DropAccounting.mark);")
            p.line("context.dropped = \(DropAccounting.mark);")
        } else if slot.readsNull {
            p.line("\(name)Slot = item === null ? null : \(read);")
        } else {
            p.line("\(name)Slot = \(read);")
        }
        switch slot.presence {
        case .dropElement, .failDocument:
            // A required member not taken ends its object: the element's drop (or the failed
            // document) is what sends a report to the scanner, so a note here would add nothing.
            break
        case .null, .absent, .defaultValue:
            p.line("if (\(name)Slot === undefined) treeDegraded(context); // present, not taken: a report would say why")
        }
    }

    /// `presenceAction` without a report.
    func treePresenceAction(_ slot: SlotPlan, index: Int, _ p: inout CodePrinter) {
        let field = slot.field
        let slotName = "\(field.name)Slot"
        let name = local(field)
        switch slot.presence {
        case .dropElement:
            p.line("const \(name) = \(slotName);")
            p.line("if (\(name) === undefined) return undefined; // \(field.name) missing or invalid: the element is dropped")
        case .failDocument:
            p.line("const \(name) = \(slotName);")
            p.block("if (\(name) === undefined) {") { p in
                p.line("context.failed = true; // \(field.name) missing or invalid: the whole document is unusable")
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

    /// An expression of type `T | undefined` reading `value` (a local holding a JSON.parse value,
    /// inside `depth` containers): the value when it has the type and meets the checks, else undefined
    /// (a container not taken is still measured by `treeSkip`).
    func treeReadExpression(_ read: ValueRead, value v: String, depth: String) -> String {
        let skip = "treeSkip(\(v), \(depth), context)"
        let wellFormed = "typeof \(v) === \"string\" && isWellFormedUtf16(\(v))"
        var expression: String
        switch read.operation {
        case .scalar(let kind):
            switch kind {
            case .string: expression = "(\(wellFormed) ? \(v) : \(skip))"
            case .bool: expression = "(typeof \(v) === \"boolean\" ? \(v) : \(skip))"
            case .number: expression = "(typeof \(v) === \"number\" && Number.isFinite(\(v)) ? \(v) : \(skip))"
            // `+ 0`: -0 is 0, as the scanner's integer() reads it.
            case .integer: expression = "(typeof \(v) === \"number\" && Number.isSafeInteger(\(v)) ? \(v) + 0 : \(skip))"
            case .epochMillis: expression = "(typeof \(v) === \"number\" && Number.isSafeInteger(\(v)) && \(v) >= 1 ? \(v) : \(skip))"
            case .localDate: expression = "(\(wellFormed) && isValidLocalDate(\(v)) ? \(v) : \(skip))"
            // treeDateTime also counts the date-time's colons, so the text's colons still match (contractTreeSawAll).
            case .dateTime: expression = "(\(wellFormed) ? treeDateTime(\(v), context) : \(skip))"
            }
        case .enumeration(_, let unknown):
            let reader = TypeScriptNames.helperName(read.operation, owners: owners)
            // A closed enum's reader matches exact (well-formed) spellings only; an open one takes any
            // other string, so an unpaired surrogate must be refused first.
            expression = unknown.map { "treeOrUnknown(\(wellFormed) ? \(v) : \(skip), \(reader), \(TypeScriptNames.quoted($0)), context)" }
                ?? "\(reader)(typeof \(v) === \"string\" ? \(v) : \(skip))"
        case .array, .map, .object, .union:
            expression = "\(treeHelperName(read.operation))(\(v), \(depth), context)"
        }
        let conditions = checkConditions(read.checks, value: "v")
        if !conditions.isEmpty {
            expression = "satisfying(\(expression), (v) => \(conditions.joined(separator: " && ")))"
        }
        return expression
    }

    /// `decode<Union>` over a JSON.parse result: the tag (`treeTag`, JSON.parse kept its last
    /// occurrence), then the variant's tree function; the tag's own key is counted here.
    func treeUnion(_ union: UnionPlan, _ p: inout CodePrinter) {
        p.line("/** `decode\(union.name)` over a JSON.parse result. */")
        p.block("function tree\(union.name)(json: unknown, depth: number, context: DecodeContext): \(union.name) | undefined {") { p in
            let tagKey = TypeScriptNames.quoted(union.tagKey)
            p.line("const tag = treeTag(json, \(tagKey));")
            p.line("if (tag === undefined) return treeSkip(json, depth, context); // not an object, no tag, or a tag that is not a string: invalid")
            func read(_ variant: UnionPlan.Variant, _ p: inout CodePrinter) {
                p.line("context.treeKeys += 1; // the tag, not a field of the variant")
                p.line("const value = tree\(variant.typeName)(json, depth, context);")
                // The variant's members one by one, then the tag: the object `{ ...value, tag }` makes,
                // without the spread (a generic property copy per element on V8 and JavaScriptCore).
                let members = plan.objects.first { $0.name == variant.typeName }
                    .map { $0.fields.map { "\($0.name): value.\($0.name), " }.joined() } ?? "...value, "
                p.line("return value === undefined ? undefined : { \(members)\(union.tagName): \(TypeScriptNames.quoted(variant.tag)) };")
            }
            p.block("switch (tag) {") { p in
                for variant in union.variants {
                    p.block("case \(TypeScriptNames.quoted(variant.tag)): {") { p in read(variant, &p) }
                }
                if let fallback = union.fallback {
                    p.block("default: { // an unknown tag reads as '\(fallback.tag)'") { p in
                        p.line("treeDegraded(context); // a report records the fallback")
                        read(fallback, &p)
                    }
                } else {
                    p.line("default:")
                    p.indented { p in p.line("return treeSkip(json, depth, context); // an unknown tag: invalid") }
                }
            }
        }
    }

    func treeComposite(_ composite: CompositePlan, _ p: inout CodePrinter) {
        let name = treeHelperName(composite.operation)
        let element = ValueRead(composite.elementType)
        let elementType = self.type(composite.elementType)
        let read = treeReadExpression(element, value: "item", depth: "depth + 1")
        switch composite.kind {
        case .array:
            p.line("/** `\(TypeScriptNames.helperName(composite.operation, owners: owners))` over a JSON.parse result. */")
            p.block("function \(name)(json: unknown, depth: number, context: DecodeContext): \(elementType)[] | undefined {") { p in
                p.line("if (!Array.isArray(json)) return treeSkip(json, depth, context);")
                p.line("if (depth >= CONTRACT_MAX_DEPTH) treeTooDeep();")
                p.line("context.treeContainers++;")
                // Sized once (no regrowth while a 100,000-row array fills), cut to the elements kept.
                p.line("const result = new Array<\(elementType)>(json.length);")
                p.line("let kept = 0;")
                p.block("for (let i = 0; i < json.length; i++) {") { p in
                    p.line("const item: unknown = json[i];")
                    p.line("const value = \(read);")
                    p.block("if (value !== undefined) {", closer: "} else {") { p in
                        p.line("result[kept++] = value;")
                    }
                    p.indented { p in
                        p.line("context.dropped += 1; // \(DropAccounting.droppedElementComment)")
                        p.line("treeDegraded(context);")
                    }
                    p.line("}")
                }
                p.line("if (kept !== result.length) result.length = kept;")
                p.line("return result;")
            }
        case .map:
            let counts = composite.countsInnerDrops
            p.line("/**")
            p.line(" * `\(TypeScriptNames.helperName(composite.operation, owners: owners))` over a JSON.parse result (which has no duplicate key:")
            p.line(" * it kept the last value, so each entry's drops count once).")
            p.line(" */")
            p.block("function \(name)(json: unknown, depth: number, context: DecodeContext): Map<string, \(elementType)> | undefined {") { p in
                treeEnterObject(&p)
                p.line("const result = new Map<string, \(elementType)>();")
                p.line("const keys = new ContractMapKeys();")
                p.line("const names = Object.keys(object);")
                p.line("context.treeKeys += names.length;")
                p.block("for (let i = 0; i < names.length; i++) {") { p in
                    p.line("const name = names[i] as string;")
                    p.line("const item = object[name];")
                    if counts { p.line("const \(DropAccounting.mark) = context.dropped;") }
                    p.line("const value = \(read);")
                    if counts {
                        p.line("const inner = context.dropped - \(DropAccounting.mark);")
                        p.line("context.dropped = \(DropAccounting.mark);")
                    }
                    p.line("// Canonically equivalent keys: which came last only the text says (decode lexes it).")
                    p.line("if (keys.replaced(name, value !== undefined, result.keys()) !== name && isWellFormedUtf16(name)) contractNeedsText();")
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    p.block("if (value !== undefined && isWellFormedUtf16(name)) {", closer: "} else {") { p in
                        p.line("result.set(name, value);")
                        if counts { p.line("context.dropped += inner;") }
                    }
                    p.indented { p in p.line("treeDegraded(context); // the entry is ignored") }
                    p.line("}")
                }
                p.line("return result;")
            }
        }
    }
}
