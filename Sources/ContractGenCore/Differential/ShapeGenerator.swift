/// Schema-driven inputs built to expose super-linear paths and to reach every size regime of the
/// decoders: it walks the contract model (no contract or field name is written here) and puts a
/// stress payload at one site of an otherwise valid document.
///
/// Families and the ranges they cover (`regular` scale, mixed into the ordinary stream /
/// `stress` scale, the separate small-count family of 100 KB – ~1 MB inputs):
/// - repeated keys: every `{map}` field holds N distinct keys, then the same N again (half of
///   the repeats with an invalid value): N 13–300 / 5,000–30,000;
/// - many duplicates: one field of an object given M times, the last time valid: M 13–300 /
///   10,000–40,000;
/// - many duplicate tags: in an object reached through a union (sites inside variant types get
///   their tag, before or after the fields), the tag given M times (its own, unknown, not a
///   string), the last time its own: M as above;
/// - wide objects: an object with 13–40 unknown keys (past any small-object index threshold),
///   then a late duplicate of every one of its own fields: 13–40 / 1,000–20,000 unknown keys;
/// - long keys: an unknown key (and a map key) of L characters: L 50–1,500 / 50,000–250,000;
/// - long escapes: a string field holding E escapes (`\n`, `\u00e9`, surrogate pairs, `\\`,
///   sometimes a lone surrogate): E 50–1,000 / 20,000–120,000;
/// - deep nesting: R values nested to exactly the 512-level limit (never past it) under unknown
///   keys: R 1–3 / 200–1,500;
/// - many dropped elements: K invalid elements in an array field: K 13–500 / 10,000–60,000;
/// - big arrays: K valid elements in an array field: K 1,000–3,000 / 10,000–40,000;
/// - limits: a string field with `min-length`/`max-length` holding exactly a limit or one past it
///   in Unicode scalars (combining accents, astral characters raw and escaped, a ZWJ sequence),
///   or an array field with `min-items`/`max-items` holding a limit ± 1 kept elements plus 0–3
///   that are dropped: every regular-scale input, limits ≤ 100,000 scalars / 1,000 elements;
/// - queues (contracts with a done-queue): N entries plus late duplicates of some of them
///   (1 to N/10 of them, ids drawn from all N, so most repeat an entry past index 12): N 10–20
///   (around the Swift runtime's 12-entry object-index threshold) or 100–400 / 5,000–30,000;
/// - dates (`localDate` and `dateTime` fields, alone or as array elements / map values): every
///   day 1–31 of every month, in turn, of common (2026), leap (2024), century (1900, 2100),
///   400-year (2000) and edge (0001, 9999) years; a `dateTime` gets a time and a `Z` or
///   ±00:00–14:00 offset (at year 0001 and 9999 that can leave the instant range): 2,604 days;
/// - calendar (contracts with day behaviours): every day 1–31 of every month, in common
///   (2026), leap (2024), century (1900, 2100) and 400-year (2000) years, in turn, in UTC and
///   fixed-offset zones: 1,860 days.
///
/// Every size is drawn from its range for each input, so a regular-scale input stays under
/// ~300 KB (the largest: 3,000 array elements or 1,000 escapes) and a run's time is bounded by
/// its count.
public final class ShapeGenerator {
    public enum Scale: Sendable { case regular, stress }

    let contracts: [Contract]
    var random: SeededRandom
    /// Position in the every-day-of-every-month cycle of the day behaviours.
    var calendarStep = 0
    /// Position in the every-day-of-every-month cycle of date fields.
    var dateStep = 0

    /// The calendar ops' years: common, leap, century (common), 400-year (leap), century again.
    static let calendarYears = [2026, 2024, 1900, 2000, 2100]
    /// Date fields' years: the calendar's, and the first and last year a date may have.
    static let dateYears = calendarYears + [1, 9999]

    /// Day `step` of the cycle through every day 1–31 of every month of `years`, `YYYY-MM-DD`.
    static func cycleDay(_ step: Int, years: [Int]) -> String {
        let day = step % 31 + 1
        let month = step / 31 % 12 + 1
        let year = years[step / (31 * 12) % years.count]
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    public init(contracts: [Contract], seed: UInt64) {
        self.contracts = contracts
        random = SeededRandom(seed: seed ^ 0x5348_4150_4553)
    }

    func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
    func size(_ scale: Scale, regular: ClosedRange<Int>, stress: ClosedRange<Int>) -> Int {
        int(scale == .regular ? regular : stress)
    }

    /// One input of a randomly chosen family, contract and site; nil when no contract has any.
    public func next(_ scale: Scale) -> DifferentialInput? {
        guard !contracts.isEmpty else { return nil }
        for _ in 0..<8 {
            let contract = pick(contracts)
            let input: DifferentialInput?
            // Calendar and date inputs are cheap and their cycles are long (1,860 and 2,604
            // days): 3 and 2 shares in 15, so a 100,000-input run walks both cycles many times.
            switch int(0...14) {
            case 0: input = repeatedKeys(contract, scale)
            case 1: input = manyDuplicates(contract, scale)
            case 2: input = wideObject(contract, scale)
            case 3: input = longKey(contract, scale)
            case 4: input = longEscapes(contract, scale)
            case 5: input = deepNesting(contract, scale)
            case 6: input = manyDropped(contract, scale)
            case 7: input = bigArray(contract, scale)
            case 8: input = queue(contract, scale)
            case 9: input = limits(contract)
            case 10, 11: input = dates(contract)
            default:
                let dated = contracts.filter { $0.behaviours.header != nil || $0.behaviours.validUntil != nil }
                input = dated.isEmpty ? nil : calendar(pick(dated))
            }
            if let input { return input }
        }
        return nil
    }

    // MARK: Sites in the model

    /// A field of an object type, reachable from the root.
    struct Site {
        var type: ObjectType
        var field: Field
    }

    /// One step from an object to an object inside it: a field, and when the field holds a
    /// union, the variant (its object then holds the tag).
    struct Hop {
        var field: Field
        var variant: (key: String, tag: String, typeName: String)? = nil
    }

    /// Object types reachable from the root, each with the chain of fields leading to it (through
    /// unions too: each variant type at the first union that reaches it).
    func reachableTypes(_ contract: Contract) -> [(type: ObjectType, path: [Hop])] {
        var result: [(type: ObjectType, path: [Hop])] = [(contract.rootType, [])]
        var seen: Set<String> = [contract.rootTypeName]
        var next = 0
        while next < result.count {
            let (type, path) = result[next]
            next += 1
            for field in type.storedFields {
                if let name = Self.objectName(field.type), !seen.contains(name), let inner = contract.type(named: name) {
                    seen.insert(name)
                    result.append((inner, path + [Hop(field: field)]))
                }
                guard let name = Self.unionName(field.type), let union = contract.union(named: name) else { continue }
                for variant in union.variants where !seen.contains(variant.typeName) {
                    guard let inner = contract.type(named: variant.typeName) else { continue }
                    seen.insert(variant.typeName)
                    result.append((inner, path + [Hop(field: field, variant: (union.tagKey, variant.tag, variant.typeName))]))
                }
            }
        }
        return result
    }

    static func unionName(_ type: FieldType) -> String? {
        switch type {
        case .union(let name): return name
        case .array(let element), .map(let element): return unionName(element)
        default: return nil
        }
    }

    static func objectName(_ type: FieldType) -> String? {
        switch type {
        case .object(let name): return name
        case .array(let element), .map(let element): return objectName(element)
        default: return nil
        }
    }

    func sites(_ contract: Contract, where accepts: (FieldType) -> Bool) -> [(site: Site, path: [Hop])] {
        reachableTypes(contract).flatMap { entry in
            entry.type.storedFields.filter { accepts($0.type) }.map { (Site(type: entry.type, field: $0), entry.path) }
        }
    }

    // MARK: Valid values

    func valid(_ type: FieldType, _ field: Field, _ contract: Contract, depth: Int = 0) -> String {
        switch type {
        case .string: return "\"" + GoldenCaseBuilder.fitted("s\(int(0...9))", field.constraints) + "\""
        case .bool: return chance(0.5) ? "true" : "false"
        case .integer, .number, .epochMillis:
            let low = max(field.constraints.min ?? 1, type == .epochMillis ? 1 : -1e15)
            let high = min(field.constraints.max ?? 1e12, 9_007_199_254_740_991)
            return String(Int64(max(low, min(high, 1_784_325_600_000))))
        case .localDate: return "\"2026-07-17\""
        case .dateTime: return DateTimeForms.sample.json
        case .enumeration(let cases, let unknown):
            // An open enum also meets strings that are none of its values (they read as the fallback).
            if unknown != nil, chance(0.3) { return pick(["\"\(pick(cases).uppercased())\"", "\"zz-unknown\"", "\"\"", "\"e\u{301}\""]) }
            return "\"\(pick(cases))\""
        case .array(let element):
            // At least `min-items` elements (and never more than `max-items`: that is at least 1).
            let count = GoldenCaseBuilder.sampleCount(field.constraints)
            return depth > 6 && count == 1 ? "[]" : "[" + (0..<count).map { _ in valid(element, field, contract, depth: depth + 1) }.joined(separator: ",") + "]"
        case .map(let element): return depth > 6 ? "{}" : "{\"k\":" + valid(element, field, contract, depth: depth + 1) + "}"
        case .object(let name):
            guard let type = contract.type(named: name), depth <= 6 else { return "{}" }
            return "{" + members(type, contract, depth: depth + 1).map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        case .union(let name):
            // A random variant with its tag, sometimes after the fields.
            guard let union = contract.union(named: name), let variant = union.variants.randomElement(using: &random),
                  let type = contract.type(named: variant.typeName), depth <= 6 else { return "{}" }
            let tag = (Self.quoted(union.tagKey), Self.quoted(variant.tag))
            let fields = members(type, contract, depth: depth + 1)
            return "{" + (chance(0.5) ? [tag] + fields : fields + [tag]).map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        }
    }

    /// Every stored field of `type` with a valid value (the version field too, at the root).
    func members(_ type: ObjectType, _ contract: Contract, depth: Int = 0) -> [(String, String)] {
        var result: [(String, String)] = []
        if type.name == contract.rootTypeName { result.append((Self.quoted(contract.version.field), String(contract.version.writes))) }
        for field in type.storedFields { result.append((Self.quoted(field.jsonKey), valid(field.type, field, contract, depth: depth))) }
        return result
    }

    /// A value that is the wrong JSON type for `type` (never a valid element).
    func invalid(_ type: FieldType) -> String {
        switch type {
        case .string, .localDate, .enumeration: return pick(["null", "1", "[]"])
        case .array: return pick(["null", "{}", "\"x\""])
        default: return pick(["null", "[]", "\"x\""])
        }
    }

    static func quoted(_ name: String) -> String {
        JSONValue.string(name).serialized()
    }

    // MARK: Documents

    /// A valid document in which the object of type `path`'s end has `members`, the rest valid.
    /// Returns the text and the nesting level of that object (the root object is level 1).
    func document(_ contract: Contract, path: [Hop], inner: [(String, String)]) -> (text: String, level: Int) {
        var types = [contract.rootType]
        for hop in path { types.append(contract.type(named: hop.variant?.typeName ?? Self.objectName(hop.field.type)!)!) }
        var text = "{" + inner.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        var level = 1
        for (offset, hop) in path.enumerated().reversed() {
            let field = hop.field
            if let variant = hop.variant {
                // A union's object holds its tag: first, or after the fields.
                let tag = Self.quoted(variant.key) + ":" + Self.quoted(variant.tag)
                let body = text.dropFirst().dropLast()
                text = "{" + (body.isEmpty ? tag : chance(0.5) ? tag + "," + body : body + "," + tag) + "}"
            }
            text = wrap(text, field.type, &level)
            var outer = members(types[offset], contract)
            if let at = outer.firstIndex(where: { $0.0 == Self.quoted(field.jsonKey) }) { outer[at].1 = text }
            text = "{" + outer.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
            level += 1
        }
        return (text, level)
    }

    /// Wraps an object's text as the value of a field of `type` (an element, a map value, itself).
    func wrap(_ text: String, _ type: FieldType, _ level: inout Int) -> String {
        switch type {
        case .array(let element):
            level += 1
            return "[" + wrap(text, element, &level) + "]"
        case .map(let element):
            level += 1
            return "{\"k\":" + wrap(text, element, &level) + "}"
        default:
            return text
        }
    }

    func decode(_ contract: Contract, _ blob: String, family: String) -> DifferentialInput {
        // Half the shapes ask for the report (docs/report.md), so it is compared too; every one
        // shows its dropped count, so a wrapped observation compares it too.
        DifferentialInput(contract: contract, op: .decode, given: [("blob", .string(blob))] + (blob.utf8.count % 2 == 0 ? [("report", .bool(true))] : [])
                          + [("dropped", .bool(true))], family: family)
    }

    /// The members of `site.type` with the stored value of `site.field` replaced by `value`.
    func members(_ site: Site, _ contract: Contract, replacing value: String) -> [(String, String)] {
        var inner = members(site.type, contract)
        if let at = inner.firstIndex(where: { $0.0 == Self.quoted(site.field.jsonKey) }) { inner[at].1 = value }
        return inner
    }

    // MARK: Families

    func repeatedKeys(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let maps = sites(contract) { if case .map = $0 { return true } else { return false } }
        guard let (site, path) = maps.isEmpty ? nil : pick(maps), case .map(let value) = site.field.type else { return nil }
        let count = size(scale, regular: 13...300, stress: 5_000...30_000)
        let keys = (0..<count).map { "\"k\($0)\"" }
        var entries = keys.map { "\($0):\(valid(value, site.field, contract))" }
        for (offset, key) in keys.enumerated() {
            entries.append("\(key):\(offset % 2 == 0 ? valid(value, site.field, contract) : invalid(value))")
        }
        let blob = document(contract, path: path, inner: members(site, contract, replacing: "{" + entries.joined(separator: ",") + "}")).text
        return decode(contract, blob, family: "repeated-keys \(site.type.name).\(site.field.name) n=\(count)")
    }

    func manyDuplicates(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let all = sites(contract) { _ in true }
        guard let (site, path) = all.isEmpty ? nil : pick(all) else { return nil }
        let count = size(scale, regular: 13...300, stress: 10_000...40_000)
        var inner = members(site.type, contract)
        if let variant = path.last?.variant, chance(0.3) {
            // A union's tag given M times (any JSON, unknown strings), the last time its own: the tag is the last one.
            let key = Self.quoted(variant.key)
            for _ in 0..<count { inner.append((key, pick([Self.quoted(variant.tag), "\"zz\"", "null", "1", "[]", "{}"]))) }
            inner.append((key, Self.quoted(variant.tag)))
            return decode(contract, document(contract, path: path, inner: inner).text,
                          family: "many-duplicate-tags \(site.type.name) m=\(count)")
        }
        let key = Self.quoted(site.field.jsonKey)
        for _ in 0..<count { inner.append((key, chance(0.5) ? valid(site.field.type, site.field, contract) : invalid(site.field.type))) }
        inner.append((key, valid(site.field.type, site.field, contract)))
        return decode(contract, document(contract, path: path, inner: inner).text,
                      family: "many-duplicates \(site.type.name).\(site.field.name) m=\(count)")
    }

    func wideObject(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let (type, path) = pick(reachableTypes(contract))
        let count = size(scale, regular: 13...40, stress: 1_000...20_000)
        var inner = members(type, contract)
        inner += (0..<count).map { ("\"x\($0)\"", String($0)) }
        // Late duplicates of the object's own fields: valid, or null (then the field's rule applies).
        for field in type.storedFields {
            inner.append((Self.quoted(field.jsonKey), chance(0.7) ? valid(field.type, field, contract) : "null"))
        }
        return decode(contract, document(contract, path: path, inner: inner).text, family: "wide-object \(type.name) unknown=\(count)")
    }

    func longKey(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let (type, path) = pick(reachableTypes(contract))
        let length = size(scale, regular: 100...3_000, stress: 100_000...500_000)
        let key = String(repeating: pick(["a", "é", "😀", "k"]), count: length / 2)
        var inner = members(type, contract)
        inner.insert((Self.quoted(key), "1"), at: int(0...inner.count))
        // A long key inside a map field too, when the type has one.
        if let map = type.storedFields.first(where: { if case .map = $0.type { return true } else { return false } }),
           case .map(let value) = map.type, let at = inner.firstIndex(where: { $0.0 == Self.quoted(map.jsonKey) }) {
            inner[at].1 = "{\(Self.quoted(key)):\(valid(value, map, contract)),\(Self.quoted(key + "x")):\(invalid(value))}"
        }
        return decode(contract, document(contract, path: path, inner: inner).text, family: "long-key \(type.name) length=\(length / 2)")
    }

    func longEscapes(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let strings = sites(contract) { $0 == .string }
        guard let (site, path) = strings.isEmpty ? nil : pick(strings) else { return nil }
        let count = size(scale, regular: 50...1_000, stress: 20_000...120_000)
        var text = "\""
        text.reserveCapacity(count * 8)
        for _ in 0..<count { text += pick(["\\n", "\\u00e9", "\\ud83d\\ude00", "\\\\", "\\\"", "\\/", "a"]) }
        if chance(0.2) { text += "\\ud800" }  // a lone surrogate: the whole string is invalid
        text += "\""
        let blob = document(contract, path: path, inner: members(site, contract, replacing: text)).text
        return decode(contract, blob, family: "long-escapes \(site.type.name).\(site.field.name) e=\(count)")
    }

    func deepNesting(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let (type, path) = pick(reachableTypes(contract))
        let repeats = size(scale, regular: 1...3, stress: 200...1_500)
        // The object sits at some level; the nested values take the rest, up to exactly 512.
        let level = document(contract, path: path, inner: []).level
        let depth = 512 - level
        guard depth > 0 else { return nil }
        let nested = (0..<depth).map { _ in chance(0.5) ? "[" : "{\"d\":" }
        var value = "0"
        for opener in nested.reversed() { value = opener + value + (opener == "[" ? "]" : "}") }
        var inner = members(type, contract)
        for index in 0..<repeats { inner.insert(("\"deep\(index)\"", value), at: int(0...inner.count)) }
        return decode(contract, document(contract, path: path, inner: inner).text, family: "deep-nesting \(type.name) depth=512 r=\(repeats)")
    }

    func manyDropped(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let arrays = sites(contract) { if case .array = $0 { return true } else { return false } }
        guard let (site, path) = arrays.isEmpty ? nil : pick(arrays), case .array(let element) = site.field.type else { return nil }
        let count = size(scale, regular: 13...500, stress: 10_000...60_000)
        let items = (0..<count).map { _ in chance(0.97) ? invalid(element) : valid(element, site.field, contract) }
        let blob = document(contract, path: path, inner: members(site, contract, replacing: "[" + items.joined(separator: ",") + "]")).text
        return decode(contract, blob, family: "many-dropped \(site.type.name).\(site.field.name) k=\(count)")
    }

    func bigArray(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        let arrays = sites(contract) { if case .array = $0 { return true } else { return false } }
        guard let (site, path) = arrays.isEmpty ? nil : pick(arrays), case .array(let element) = site.field.type else { return nil }
        let count = size(scale, regular: 1_000...3_000, stress: 10_000...40_000)
        let items = (0..<count).map { _ in valid(element, site.field, contract) }
        let blob = document(contract, path: path, inner: members(site, contract, replacing: "[" + items.joined(separator: ",") + "]")).text
        return decode(contract, blob, family: "big-array \(site.type.name).\(site.field.name) k=\(count)")
    }

    func limits(_ contract: Contract) -> DifferentialInput? {
        let limited = sites(contract) { _ in true }.filter { entry in
            let c = entry.site.field.constraints
            return [c.minLength, c.maxLength, c.minItems, c.maxItems].contains { $0 != nil }
        }
        guard let (site, path) = limited.isEmpty ? nil : pick(limited) else { return nil }
        let c = site.field.constraints
        let value: String
        let label: String
        switch site.field.type {
        case .array(let element):
            let count = max(0, pick([c.minItems, c.maxItems].compactMap { $0 }) + pick([-1, 0, 1]))
            let dropped = int(0...3)
            var items = (0..<count).map { _ in valid(element, site.field, contract) }
            for _ in 0..<dropped { items.insert(invalid(element), at: int(0...items.count)) }
            value = "[" + items.joined(separator: ",") + "]"
            label = "items=\(count) dropped=\(dropped)"
        default:
            let scalars = max(0, pick([c.minLength, c.maxLength].compactMap { $0 }) + pick([-1, 0, 1]))
            var text = "\""
            var left = scalars
            while left > 0 {
                let (piece, count) = pick([("x", 1), ("e\u{301}", 2), ("😀", 1), ("\\ud83d\\ude00", 1), ("\\u0065\\u0301", 2), ("é", 1), ("👩‍👩‍👧", 5)])
                if count <= left { text += piece; left -= count } else { text += "x"; left -= 1 }
            }
            value = text + "\""
            label = "scalars=\(scalars)"
        }
        let blob = document(contract, path: path, inner: members(site, contract, replacing: value)).text
        return decode(contract, blob, family: "limits \(site.type.name).\(site.field.name) \(label)")
    }

    func queue(_ contract: Contract, _ scale: Scale) -> DifferentialInput? {
        guard contract.behaviours.doneQueue != nil else { return nil }
        // Around the Swift runtime's object-index threshold (12 entries) half the time.
        let count = scale == .regular && chance(0.5) ? int(10...20) : size(scale, regular: 100...400, stress: 5_000...30_000)
        let ids = (0..<count).map { "t\($0)" }
        var entries = ids.map { "\(Self.quoted($0)):\(chance(0.5))" }
        for _ in 0..<int(1...max(1, count / 10)) { entries.append("\(Self.quoted(pick(ids))):\(pick(["true", "false", "1", "null"]))") }
        let text = JSONValue.string("{" + entries.joined(separator: ",") + "}")
        let family = "queue n=\(count)"
        switch int(0...2) {
        case 0:
            return DifferentialInput(contract: contract, op: .queueSet,
                                     given: [("queue", text), ("taskId", .string(pick(ids))), ("isDone", .bool(chance(0.5)))], family: family)
        case 1:
            return DifferentialInput(contract: contract, op: .queuePeek, given: [("queue", text)], family: family)
        default:
            let tasks = JSONValue.object(ids.filter { _ in chance(0.7) }.map { ($0, .bool(chance(0.5))) })
            return DifferentialInput(contract: contract, op: .queueDrain, given: [("queue", text), ("tasks", tasks)], family: family)
        }
    }

    static func isDate(_ type: FieldType) -> Bool {
        switch type {
        case .localDate, .dateTime: return true
        case .array(let element), .map(let element): return isDate(element)
        default: return false
        }
    }

    /// A date field's value for the next day of its cycle (a `dateTime` gets a time and a zone).
    func dateText(_ type: FieldType) -> String {
        switch type {
        case .array(let element):
            return "[" + (0..<int(1...3)).map { _ in dateText(element) }.joined(separator: ",") + "]"
        case .map(let element):
            return "{\"k\":" + dateText(element) + "}"
        default:
            let day = Self.cycleDay(dateStep, years: Self.dateYears)
            dateStep += 1
            guard type == .dateTime else { return "\"" + day + "\"" }
            let time = pick(["T00:00:00Z", "T23:59:59.999Z", "T12:30:00+14:00", "T00:00:00-12:00", "T09:15:30.5+05:30", "T23:59:59-00:00"])
            return "\"" + day + time + "\""
        }
    }

    /// A date field (anywhere reachable) holding the next day of the every-day cycle.
    func dates(_ contract: Contract) -> DifferentialInput? {
        let dated = sites(contract, where: Self.isDate)
        guard let (site, path) = dated.isEmpty ? nil : pick(dated) else { return nil }
        let first = Self.cycleDay(dateStep, years: Self.dateYears)
        let blob = document(contract, path: path, inner: members(site, contract, replacing: dateText(site.field.type))).text
        return decode(contract, blob, family: "dates \(site.type.name).\(site.field.name) \(first)")
    }

    /// The next day of the cycle through every day 1–31 of every month of five kinds of year.
    func calendar(_ contract: Contract) -> DifferentialInput? {
        let b = contract.behaviours
        guard b.header != nil || b.validUntil != nil else { return nil }
        let dayStr = Self.cycleDay(calendarStep, years: Self.calendarYears)
        calendarStep += 1
        // Fixed-offset zones only: any year is comparable there (docs/semantics.md #14).
        let zone = pick(["UTC", "Etc/GMT+5", "Etc/GMT-14"])
        if b.header != nil, b.validUntil == nil || chance(0.5) {
            return DifferentialInput(contract: contract, op: .dayStart,
                                     given: [("dayStr", .string(dayStr)), ("timeZone", .string(zone))], family: "calendar \(dayStr)")
        }
        return DifferentialInput(contract: contract, op: .validUntil,
                                 given: [("dayStr", .string(dayStr)), ("startOfNextDayDiffMs", .number(Double(pick([0, 3_600_000, -3_600_000])))),
                                                 ("timeZone", .string(zone))], family: "calendar \(dayStr)")
    }
}
