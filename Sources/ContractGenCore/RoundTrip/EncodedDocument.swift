/// The document an encoder writes for an input it accepts, as readers see it — keyed by JSON keys,
/// each union's tag under its JSON key — read from the schema alone (never from an encoder): the
/// writer rules of WriterPlan. A field left out or null is left out of the document (an optional
/// one is not written; a defaulted one is written with its default, which the readers' presence
/// policy gives a left-out field as well); an `explicit-null` null stays null; derived fields and
/// keys that are no field are not written. With GoldenCaseBuilder's observation it gives what
/// every reader must read back: the read-back twins of `encode` cases, and the round trip.
struct EncodedDocument {
    let builder: GoldenCaseBuilder

    init(contract: Contract) {
        builder = GoldenCaseBuilder(contract: contract)
    }

    /// The observation every decoder must answer for the text the encoders write for `input`
    /// (an input they accept; nil when it is not one this conversion understands).
    func observation(ofInput input: JSONValue) -> JSONValue? {
        guard let document = object(input, builder.contract.rootType) else { return nil }
        return builder.observation(status: "ok", decodedRoot: document, dropped: 0)
    }

    func object(_ input: JSONValue, _ type: ObjectType) -> JSONValue? {
        guard case .object(let members) = input else { return nil }
        // The last occurrence of a key is the value, as JSON readers (and the testees) take it.
        let given = Dictionary(members.map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
        var document: [(String, JSONValue)] = []
        for field in type.storedFields {
            switch given[field.name] {
            case nil:
                continue
            case .null?:
                if field.explicitNull { document.append((field.jsonKey, .null)) }
            case let value?:
                guard let written = self.value(value, field.type) else { return nil }
                document.append((field.jsonKey, written))
            }
        }
        return .object(document)
    }

    func value(_ input: JSONValue, _ type: FieldType) -> JSONValue? {
        switch (type, input) {
        case (.object(let name), _):
            return builder.objectType(named: name).flatMap { object(input, $0) }
        case (.union(let name), .object(let members)):
            let union = builder.union(named: name)
            guard let tag = members.last(where: { $0.0 == union.tag })?.1.stringValue, let variant = union.variant(tagged: tag),
                  let type = builder.objectType(named: variant.typeName), let fields = object(input, type) else { return nil }
            return GoldenCaseBuilder.tagged(fields, union.tagKey, tag)
        case (.array(let element), .array(let items)):
            var written: [JSONValue] = []
            for item in items {
                guard let value = value(item, element) else { return nil }
                written.append(value)
            }
            return .array(written)
        case (.map(let element), .object(let entries)):
            var written: [(String, JSONValue)] = []
            for (key, item) in entries {
                guard let value = value(item, element) else { return nil }
                written.append((key, value))
            }
            return .object(written)
        case (.union, _), (.array, _), (.map, _):
            return nil
        default:
            return input
        }
    }
}
