import Foundation

/// A scope itself: what a single-value container writes, and the root.
struct SingleValueSlot: EncodingSlot {
    // SAFETY: as for `FieldSlot.container`: the single-value container (or `encodeRoot`, or
    // `scalarText`) that makes this slot holds `scope` strongly while its one write runs.
    unowned(unsafe) let scope: EncodingScope

    var writer: EncodingWriter { scope.writer }
    var codingPath: [any CodingKey] { scope.codingPath }

    func beginScalar() throws -> Bool {
        scope.noteWrite()
        switch scope.role {
        case .root:
            throw EncodingErrors.topLevelSingleValue()
        case .named, .indexedElement, .repeatedElement:
            writer.beginPair(prefix: scope.name)
            return false
        case .listElement(let pair, let index):
            try continueList(writer: writer, name: scope.name, pair: pair, index: index, codingPath: codingPath)
            return true
        case .flattened:
            throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath)
        case .unwritable:
            throw scope.failure ?? EncodingErrors.unwritable(codingPath: codingPath)
        }
    }

    func encodeNil() throws {
        switch scope.role {
        case .root: return  // a top-level nil is an empty query
        case .flattened: throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath)
        case .unwritable: throw scope.failure ?? EncodingErrors.unwritable(codingPath: codingPath)
        default: try writeNil(mayOmit: scope.mayOmitNil)
        }
    }

    func makeScope() throws -> EncodingScope {
        scope
    }
}
