/// Stage 1 of the pipeline: YAML text → a tree of nodes that each remember their line:column.
import CYAML

/// A YAML node with its 1-based source position.
/// For example the scalar `string` at `schema/widget-data.yaml:40:15`.
public indirect enum YAMLNode: Sendable {
    case scalar(YAMLScalar)
    case mapping([(key: YAMLScalar, value: YAMLNode)], SourceLocation)
    case sequence([YAMLNode], SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .scalar(let scalar): return scalar.location
        case .mapping(_, let location), .sequence(_, let location): return location
        }
    }

    /// What a reader would call this node in an error message.
    public var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// A scalar and how it was written: a quoted `"1"` is text, a plain `1` is a number.
public struct YAMLScalar: Sendable {
    public var value: String
    public var isPlain: Bool
    public var location: SourceLocation

    /// YAML's plain null spellings (`~`, `null`, empty).
    public var isNull: Bool { isPlain && ["", "~", "null", "Null", "NULL"].contains(value) }
}

/// Reads YAML through libyaml's event API into `YAMLNode`s.
///
/// Aliases are rejected outright: a schema never needs them, and refusing them is what makes a
/// "billion laughs" file fail in microseconds instead of expanding. Nesting is capped for the
/// same reason. Mapping keys must be scalars and unique.
public enum YAMLDocumentLoader {
    public static let maxDepth = 64

    public static func load(text: String, file: String) throws(DiagnosticsError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw DiagnosticsError([.error("could not initialise the YAML parser", at: nil)])
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(DiagnosticsError) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var reader = EventReader(parser: &parser, file: file)
            return try reader.readDocument()
        }
    }
}

/// Walks libyaml events; one instance per document.
private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    let file: String

    init(parser: UnsafeMutablePointer<yaml_parser_t>, file: String) {
        self.parser = parser
        self.file = file
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        // libyaml marks are 0-based; compilers print 1-based.
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The next event, copied out of libyaml so it can be freed at once.
    private enum Event {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar(YAMLScalar)
        case alias(SourceLocation)
        case sequenceStart(SourceLocation), sequenceEnd
        case mappingStart(SourceLocation), mappingEnd
    }

    private mutating func next() throws(DiagnosticsError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            let problem = parser.pointee.problem.map { String(cString: $0) } ?? "invalid YAML"
            let mark = parser.pointee.problem_mark
            throw DiagnosticsError([.error("invalid YAML: \(problem)", at: location(mark))])
        }
        defer { yaml_event_delete(&event) }
        let start = location(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(start)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { pointer in
                String(decoding: UnsafeBufferPointer(start: pointer, count: scalar.length), as: UTF8.self)
            } ?? ""
            return .scalar(YAMLScalar(value: text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, location: start))
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(start)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart(start)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd
        }
    }

    mutating func readDocument() throws(DiagnosticsError) -> YAMLNode {
        guard case .streamStart = try next() else {
            throw DiagnosticsError([.error("invalid YAML stream", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        switch try next() {
        case .documentStart: break
        default:
            throw DiagnosticsError([.error("the schema file is empty", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        let root = try readNode(depth: 1)
        guard case .documentEnd = try next() else {
            throw DiagnosticsError([.error("invalid YAML: expected the end of the document", at: root.location)])
        }
        if case .documentStart = try next() {
            throw DiagnosticsError([.error("a schema file holds exactly one YAML document", at: root.location)])
        }
        return root
    }

    private mutating func readNode(depth: Int) throws(DiagnosticsError) -> YAMLNode {
        try readNode(after: try next(), depth: depth)
    }

    private mutating func readNode(after event: Event, depth: Int) throws(DiagnosticsError) -> YAMLNode {
        switch event {
        case .scalar(let scalar):
            return .scalar(scalar)
        case .alias(let at):
            throw DiagnosticsError([.error("YAML aliases are not allowed in a schema (write the value out)", at: at)])
        case .sequenceStart(let at):
            guard depth < YAMLDocumentLoader.maxDepth else {
                throw DiagnosticsError([.error("YAML nested deeper than \(YAMLDocumentLoader.maxDepth) levels", at: at)])
            }
            var items: [YAMLNode] = []
            while true {
                let event = try next()
                if case .sequenceEnd = event { return .sequence(items, at) }
                items.append(try readNode(after: event, depth: depth + 1))
            }
        case .mappingStart(let at):
            guard depth < YAMLDocumentLoader.maxDepth else {
                throw DiagnosticsError([.error("YAML nested deeper than \(YAMLDocumentLoader.maxDepth) levels", at: at)])
            }
            var entries: [(key: YAMLScalar, value: YAMLNode)] = []
            var seen: [String: SourceLocation] = [:]
            while true {
                let event = try next()
                if case .mappingEnd = event { return .mapping(entries, at) }
                guard case .scalar(let key) = event else {
                    let node = try readNode(after: event, depth: depth + 1)
                    throw DiagnosticsError([.error("a mapping key must be a plain word, not \(node.kindName)", at: node.location)])
                }
                if let first = seen[key.value] {
                    throw DiagnosticsError([.error("duplicate key '\(key.value)' (first at line \(first.line))", at: key.location)])
                }
                seen[key.value] = key.location
                entries.append((key, try readNode(depth: depth + 1)))
            }
        default:
            throw DiagnosticsError([.error("invalid YAML structure", at: nil)])
        }
    }
}
