/// The differential's `encode` inputs, from the schema: a valid document of the contract
/// (ValidDocumentGenerator), or the same with one defect at a random place. The defects are what
/// the writer rules refuse — values every language can hold (an empty `non-empty` string, a bound
/// crossed, an unsafe integer, ±∞, an invalid date, an instant below 1 or beyond year 9999, too
/// many or too few items) and values only TypeScript's input can hold (another JSON type, a
/// fraction for an integer, an unknown enum value or union tag, a missing required field, an
/// unpaired surrogate), which the Swift and Kotlin testees refuse as their types do. Every
/// implementation must answer the same: identical text for a valid input, the same path for a
/// refused one. One defect per input: with two, TypeScript names the first in writing order while
/// a typed language meets a type's refusal before any value's (docs/conformance.md, `encode`).
extension InputGenerator {
    /// One step of a path into an input.
    enum InputStep: Equatable {
        case key(String)
        case index(Int)
    }

    /// A place in the input that can take a defect.
    struct InputSite {
        var path: [InputStep]
        var type: FieldType
        /// The field the value belongs to (its constraints); nil for an element, a map value or the root.
        var field: Field?
        /// Whether leaving it out or null is a defect (required fields, elements, map values).
        var required: Bool
    }

    func encodeInput(_ contract: Contract) -> JSONValue {
        var documents = ValidDocumentGenerator(contract: contract, seed: random.next())
        let input = documents.next().input
        guard chance(0.5) else { return input }
        var sites: [InputSite] = []
        collectSites(input, .object(contract.rootTypeName), field: nil, path: [], required: true, contract: contract, into: &sites)
        let site = pick(sites)
        return Self.replacing(input, at: site.path[...], with: defect(for: site)) ?? .null
    }

    func collectSites(_ value: JSONValue, _ type: FieldType, field: Field?, path: [InputStep], required: Bool, contract: Contract,
                      into sites: inout [InputSite]) {
        sites.append(InputSite(path: path, type: type, field: field, required: required))
        switch (type, value) {
        case (.object(let name), .object(let members)):
            guard let object = contract.type(named: name) else { return }
            collectFields(object, members, path: path, contract: contract, into: &sites)
        case (.union(let name), .object(let members)):
            guard let union = contract.union(named: name), let tag = members.last(where: { $0.0 == union.tag })?.1.stringValue,
                  let variant = union.variant(tagged: tag), let object = contract.type(named: variant.typeName) else { return }
            collectFields(object, members, path: path, contract: contract, into: &sites)
        case (.array(let element), .array(let items)):
            for (index, item) in items.enumerated() {
                collectSites(item, element, field: nil, path: path + [.index(index)], required: true, contract: contract, into: &sites)
            }
        case (.map(let element), .object(let entries)):
            for (key, item) in entries {
                collectSites(item, element, field: nil, path: path + [.key(key)], required: true, contract: contract, into: &sites)
            }
        default:
            break
        }
    }

    func collectFields(_ object: ObjectType, _ members: [(String, JSONValue)], path: [InputStep], contract: Contract, into sites: inout [InputSite]) {
        for field in object.storedFields {
            guard let value = members.last(where: { $0.0 == field.name })?.1 else { continue }
            var required = false
            if case .required = field.presence { required = true }
            collectSites(value, field.type, field: field, path: path + [.key(field.name)], required: required, contract: contract, into: &sites)
        }
    }

    /// A defect for the value at `site`; nil leaves the member out.
    func defect(for site: InputSite) -> JSONValue? {
        let c = site.field?.constraints ?? Constraints()
        var defects: [JSONValue?] = [.array([]), .bool(true)]   // another JSON type fits no field but a bool's or an array's
        if site.required { defects += [.null, nil] }
        switch site.type {
        case .string:
            defects += [.number(5), .raw("\"a\\ud800\""), .raw("\"\\udc00\"")]
            if c.nonEmpty || (c.minLength ?? 0) > 0 { defects.append(.string("")) }
            if let max = c.maxLength { defects.append(.string(String(repeating: "é", count: max + 1))) }
            if let min = c.minLength, min > 1 { defects.append(.string(String(repeating: "😀", count: min - 1))) }
        case .localDate:
            defects += [.string("2026-02-30"), .string("2026-7-1"), .string("0000-01-01"), .string("1900-02-29"), .number(20260717)]
        case .bool:
            defects += [.number(1), .string("true")]
        case .integer:
            defects += [.number(1.5), .string("3"), .number(9_007_199_254_740_992), .number(-9_007_199_254_740_992), .number(1e19),
                        .number(.infinity)]
            if let min = c.min { defects.append(.number(min - 1)) }
            if let max = c.max { defects.append(.number(max + 1)) }
        case .number:
            defects += [.number(.infinity), .number(-.infinity), .string("1.5")]
            if let min = c.min { defects.append(.number(min - 0.5)) }
            if let max = c.max { defects.append(.number(max + 1e-9)) }
        case .epochMillis:
            defects += [.number(0), .number(-1), .number(1.5), .number(9_007_199_254_740_992), .string("1784325600000")]
        case .dateTime:
            defects += [.number(-62_135_596_800_001), .number(253_402_300_800_000), .number(0.5), .string("2026-07-17T08:30:00Z")]
        case .enumeration(let cases, _):
            defects += [.string(cases[0] + "-not-a-case"), .string(cases[0].uppercased() == cases[0] ? cases[0].lowercased() : cases[0].uppercased()), .number(1)]
        case .object:
            defects += [.string("x")]
        case .union:
            defects += [.object([("nothing", .bool(true))]), .string("x")]
        case .array(let element):
            defects += [.object([]), .string("x")]
            if let max = c.maxItems { defects.append(.array(Array(repeating: Self.sample(element), count: max + 1))) }
            if let min = c.minItems, min > 0 { defects.append(.array([])) }
        case .map:
            defects += [.string("x"), .number(1)]
        }
        if site.path.isEmpty { defects = [.array([]), .string("x"), .null, .number(1)] }   // the root: no object
        return pick(defects)
    }

    /// A plain value of `type` for padding an array past its limit; wrong ones are refused too.
    static func sample(_ type: FieldType) -> JSONValue {
        switch type {
        case .string: return .string("x")
        case .bool: return .bool(true)
        case .integer, .number, .epochMillis: return .number(1)
        case .dateTime: return .number(0)
        case .localDate: return .string("2026-07-17")
        case .enumeration(let cases, _): return .string(cases[0])
        case .object, .union, .map: return .object([])
        case .array: return .array([])
        }
    }

    /// `value` with the member or element at `path` replaced (nil: the member left out).
    static func replacing(_ value: JSONValue, at path: ArraySlice<InputStep>, with replacement: JSONValue?) -> JSONValue? {
        guard let step = path.first else { return replacement }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            guard let index = members.lastIndex(where: { $0.0 == key }) else { return value }
            if let inner = replacing(members[index].1, at: path.dropFirst(), with: replacement) {
                members[index].1 = inner
            } else {
                members.remove(at: index)
            }
            return .object(members)
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index) else { return value }
            items[index] = replacing(items[index], at: path.dropFirst(), with: replacement) ?? .null
            return .array(items)
        default:
            return value
        }
    }
}
