import CYaml
import Yams

/// Builds a `DocumentTree` straight from libyaml's parse events (the C library inside Yams).
///
/// Yams' `compose` builds its own node tree first, and for each mapping hashes every key, resolving its tag with
/// a regular expression, to find repeated keys: on GitHub's description that was three times libyaml's own
/// parsing. Here each event becomes a tree node at once; a repeated key is still an error, found with the
/// mapping's dictionary. Scalars keep Yams' tags (a quoted scalar is a string) for its conversions.
final class YAMLEventReader {
    /// The tags the conversions read: only `bool`, which `Bool.construct` checks (a quoted "true" is a string).
    private static let resolver = Resolver.basic.appending(.bool)

    // Invariant: allocated and initialised in `init`, deleted and deallocated in `deinit`, and not moved in
    // between: libyaml keeps its state in these structures across calls.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    /// Whether `event` holds an event that libyaml must free before the next one is read.
    private var holdsEvent = false
    private var anchors: [String: DocumentTree] = [:]
    /// Whether an alias made a node part of two places of the tree.
    private var sharesNodes = false

    /// `input` must stay valid until the reader is gone: libyaml reads it as it goes.
    private init(input: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        event.deallocate()
        parser.deallocate()
    }

    /// The first document of the text as a tree (`nil` when the text has none), and whether an alias shares a
    /// node between two places of it.
    static func read(_ text: String) throws(GeneratorError) -> (root: DocumentTree?, sharesNodes: Bool) {
        var text = text
        let result: Result<(DocumentTree?, Bool), GeneratorError> = text.withUTF8 { input in
            let reader = YAMLEventReader(input: input)
            do throws(GeneratorError) {
                let root = try reader.readDocument()
                return .success((root, reader.sharesNodes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func readDocument() throws(GeneratorError) -> DocumentTree? {
        guard try next() == YAML_STREAM_START_EVENT, try next() == YAML_DOCUMENT_START_EVENT else { return nil }
        return try readNode(try next())
    }

    /// Reads the next event, freeing the one before.
    private func next() throws(GeneratorError) -> yaml_event_type_t {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) == 1 else { throw syntaxError() }
        holdsEvent = true
        return event.pointee.type
    }

    /// The node that begins with the current event, of type `type`.
    private func readNode(_ type: yaml_event_type_t) throws(GeneratorError) -> DocumentTree {
        switch type {
        case YAML_SCALAR_EVENT:
            let scalar = event.pointee.data.scalar
            let tagName = scalar.quoted_implicit == 1 ? Tag.Name.str.rawValue : string(scalar.tag)
            let style = Node.Scalar.Style(rawValue: scalar.style.rawValue) ?? .any
            let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let tag = Tag(tagName.map(Tag.Name.init(rawValue:)) ?? .implicit, Self.resolver, .default)
            return remember(DocumentTree(scalar: Node.Scalar(value, tag, style)), as: string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let anchor = string(event.pointee.data.sequence_start.anchor)
            var elements: [DocumentTree] = []
            var type = try next()
            while type != YAML_SEQUENCE_END_EVENT {
                elements.append(try readNode(type))
                type = try next()
            }
            return remember(DocumentTree(sequence: elements), as: anchor)
        case YAML_MAPPING_START_EVENT:
            let anchor = string(event.pointee.data.mapping_start.anchor)
            var entries: [(key: DocumentTree, value: DocumentTree)] = []
            var keys: Set<String> = []
            var type = try next()
            while type != YAML_MAPPING_END_EVENT {
                let key = try readNode(type)
                if case .scalar(let scalar) = key.content, !keys.insert(scalar.string).inserted {
                    throw .syntax(
                        message: "the key \"\(scalar.string)\" is repeated in a mapping, line "
                            + "\(event.pointee.start_mark.line + 1)")
                }
                entries.append((key, try readNode(try next())))
                type = try next()
            }
            return remember(DocumentTree(entries: entries), as: anchor)
        case YAML_ALIAS_EVENT:
            let name = string(event.pointee.data.alias.anchor) ?? ""
            sharesNodes = true
            guard let tree = anchors[name] else {
                throw .syntax(
                    message: "the alias *\(name) names no anchor before it, line \(event.pointee.start_mark.line + 1)")
            }
            return tree
        default:
            throw .syntax(message: "unexpected YAML event \(type.rawValue), line \(event.pointee.start_mark.line + 1)")
        }
    }

    private func remember(_ tree: DocumentTree, as anchor: String?) -> DocumentTree {
        if let anchor { anchors[anchor] = tree }
        return tree
    }

    private func string(_ text: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        text.map { String(cString: $0) }
    }

    /// libyaml's description of why it stopped, with where.
    private func syntaxError() -> GeneratorError {
        let state = parser.pointee
        var message = state.problem.map { String(cString: $0) } ?? "the text is not YAML"
        message += " at line \(state.problem_mark.line + 1), column \(state.problem_mark.column + 1)"
        if let context = state.context {
            message += " (\(String(cString: context)), line \(state.context_mark.line + 1))"
        }
        return .syntax(message: message)
    }
}
