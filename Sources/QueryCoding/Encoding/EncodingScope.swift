import Foundation

/// A composite value being encoded (a struct, an array, a dictionary) or the root: where its containers
/// write, under which name, and what it may hold.
///
/// Scalars never get a scope: they are written straight to the output by the container that holds
/// them. A scope is made only when a value needs its own containers.
final class EncodingScope {
    enum Role {
        /// The top-level value: it must have keys.
        case root
        /// A struct field or dictionary entry: any shape; `nil` follows the nil strategy.
        case named
        /// `name[i]` of an indexed array: any shape; `nil` cannot be omitted.
        case indexedElement
        /// An element written as its own pair (`name=` or `name[]=`): scalars only.
        case repeatedElement
        /// An element of a comma-separated list: scalars only. `pair` is the list's pair once started.
        case listElement(pair: Int, index: Int)
        /// A field whose style is ``QueryFieldStyle/NestingStyle/flattened``: its keys are written as
        /// the parent's own, so it must be a struct or dictionary.
        case flattened
        /// Nothing can be written here; every write throws ``EncodingScope/failure``: a container asked
        /// for where it cannot be written (container requests cannot throw).
        case unwritable
    }

    /// The shape of container a value asks for.
    enum Shape {
        case keyed, unkeyed
    }

    let writer: EncodingWriter
    let parent: EncodingScope?
    let key: (any CodingKey)?
    /// The full name of this value in ``EncodingWriter/names``: children's names start with it.
    let name: Range<Int>
    let role: Role
    /// Whether a pair has been written at or below this scope. Only watched for the elements of
    /// indexed arrays made through nested containers, which must write something (see `noteWrite`).
    @exclusivity(unchecked) private(set) var hasWritten = false
    /// For an indexed element, the shape of the first container asked for there.
    @exclusivity(unchecked) private var openedShape: Shape?

    /// The per-field styles of the type whose keyed container writes here, if it declares any.
    var fieldStyles: (any QueryFieldStyling.Type)?
    /// For a struct or dictionary written as one unexploded pair (`color=R,100,G,200`): -1 until its
    /// first entry starts the pair, then the pair count at that point. -2 for every other scope.
    @exclusivity(unchecked) var unexplodedPair = -2

    /// Why nothing can be written here, for the ``Role/unwritable`` role. (`any Error` rather than
    /// `EncodingError`: one word, so the many scopes without a failure cost nothing to check.)
    let failure: (any Error)?

    init(
        writer: EncodingWriter, parent: EncodingScope?, key: (any CodingKey)?, name: Range<Int>, role: Role,
        failure: (any Error)? = nil
    ) {
        self.writer = writer
        self.parent = parent
        self.key = key
        self.name = name
        self.role = role
        self.failure = failure
    }

    static func root(writer: EncodingWriter) -> EncodingScope {
        EncodingScope(writer: writer, parent: nil, key: nil, name: 0..<0, role: .root)
    }

    /// Empties a root scope for a later call (see `EncodingWriterCache`).
    func clearForReuse() {
        hasWritten = false
        openedShape = nil
        fieldStyles = nil
        unexplodedPair = -2
    }

    /// A scope under `parent` where nothing can be written, for container requests that cannot throw.
    static func unwritable(_ error: any Error, parent: EncodingScope, key: (any CodingKey)?) -> EncodingScope {
        if case .unwritable = parent.role {
        } else if parent.writer.deferredError == nil {
            parent.writer.deferredError = error
        }
        return EncodingScope(
            writer: parent.writer, parent: parent, key: key, name: 0..<0, role: .unwritable, failure: error)
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var current: EncodingScope? = self
        while let scope = current {
            if let key = scope.key { path.append(key) }
            current = scope.parent
        }
        return path.reversed()
    }

    /// Whether a `nil` here may be left out: only where no scope depends on it.
    var mayOmitNil: Bool {
        switch role {
        case .root, .named: true
        case .indexedElement, .repeatedElement, .listElement, .flattened, .unwritable: false
        }
    }

    // MARK: Shapes

    /// Whether a container of `shape` can be written here.
    @inline(__always)
    func allows(_ shape: Shape) -> Bool {
        switch role {
        case .named, .indexedElement: true
        case .root, .flattened: shape == .keyed
        case .repeatedElement, .listElement, .unwritable: false
        }
    }

    /// Throws why a container of `shape` cannot be written here.
    @inline(__always)
    func require(_ shape: Shape) throws {
        if !allows(shape) { try throwShapeError(shape) }
    }

    // Kept out of line: an `EncodingError` local in a hot function costs a metadata lookup and a
    // dynamic stack allocation on every call, error or not.
    @inline(never)
    private func throwShapeError(_ shape: Shape) throws {
        if let error = shapeError(shape) { throw error }
    }

    /// Why a container of `shape` cannot be written here, or `nil` when it can.
    func shapeError(_ shape: Shape) -> (any Error)? {
        switch (role, shape) {
        case (.named, _), (.indexedElement, _), (.root, .keyed), (.flattened, .keyed):
            return nil
        case (.flattened, .unkeyed):
            return EncodingErrors.flattenedNotKeyed(codingPath: codingPath)
        case (.root, .unkeyed):
            return EncodingErrors.topLevelArray()
        case (.repeatedElement, _), (.listElement, _):
            return EncodingErrors.compositeElement(
                isKeyed: shape == .keyed, strategy: writer.arrayEncoding, codingPath: codingPath)
        case (.unwritable, _):
            return failure
        }
    }

    /// Notes a container asked for here; an invalid one is reported when the call ends, even if
    /// nothing is ever written to it (an empty struct inside a comma-separated array, say).
    func openContainer(_ shape: Shape) -> (any Error)? {
        if allows(shape) {
            switch role {
            case .named:
                // Checked for contradictions when the call ends, once it is known what each container wrote.
                writer.noteContainer(shape, scope: self, name: name)
            case .indexedElement:
                // An element's name is its own (its index): only its own `encode(to:)` can contradict it.
                if let openedShape, openedShape != shape || shape == .unkeyed {
                    let conflict = EncodingErrors.conflictingContainers(codingPath: codingPath)
                    if writer.deferredError == nil { writer.deferredError = conflict }
                    return conflict
                }
                openedShape = shape
            default: break
            }
            return nil
        }
        guard let error = shapeError(shape) else { return nil }
        if case .unwritable = role { return error }  // already reported, or no call to report to
        if writer.deferredError == nil { writer.deferredError = error }
        return error
    }

    // MARK: Unexploded objects

    /// A struct or dictionary below the top level under ``QueryEncoder/NestedKeyEncodingStrategy/unexploded``
    /// is written as one pair.
    func markUnexploded() {
        guard unexplodedPair == -2 else { return }
        switch role {
        case .named, .indexedElement: unexplodedPair = -1
        case .root, .repeatedElement, .listElement, .flattened, .unwritable: break
        }
    }

    /// Whether this struct or dictionary is written as one unexploded pair.
    @inline(__always)
    var isUnexploded: Bool { unexplodedPair > -2 }

    /// Starts the entry `name` of an unexploded object: the pair with its first entry, a separator
    /// before a later one, then the key and a separator; the caller appends the value as a list element.
    func beginUnexplodedEntry(key name: String, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if name.isEmpty { throw EncodingErrors.invalidKey(name, problem: .empty, codingPath: codingPath()) }
        noteWrite()
        if unexplodedPair < 0 {
            writer.beginPair(prefix: self.name)
            unexplodedPair = writer.pairCount
        } else {
            guard writer.pairCount == unexplodedPair else {
                throw EncodingErrors.interleavedUnexplodedEntries(name: name, codingPath: codingPath())
            }
            writer.appendListSeparator()
        }
        guard writer.appendValue(name, isListElement: true) else {
            throw writer.separatorError(name, codingPath: codingPath())
        }
        writer.appendListSeparator()
    }

    // MARK: Writes

    /// Notes that a pair is written at or below this scope; one check once the mark is set.
    @inline(__always)
    func noteWrite() {
        if !hasWritten { markWrittenUpward() }
    }

    private func markWrittenUpward() {
        var current: EncodingScope? = self
        while let scope = current, !scope.hasWritten {
            scope.hasWritten = true
            current = scope.parent
        }
    }

    // MARK: Root

    /// Encodes the top-level value.
    func encodeRoot<T: Encodable>(_ value: T) throws {
        // The writer's lists of scopes hold scopes, which hold the writer: emptied when the call
        // ends, however it ends, so that neither outlives it (found as a leak by the fuzzer).
        defer { writer.releaseScopes() }
        try SingleValueSlot(scope: self).encodeValue(value)
        if let error = writer.deferredError { throw error }
        if let conflict = writer.containerConflict() { throw conflict }
        // An indexed element made through a nested container that wrote nothing would lose its index.
        if let empty = writer.watchedElements.first(where: { !$0.hasWritten }) {
            throw EncodingErrors.emptyNestedElement(codingPath: empty.codingPath)
        }
    }
}
