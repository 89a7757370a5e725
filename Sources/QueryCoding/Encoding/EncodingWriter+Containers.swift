import Foundation

// Containers: the record of the containers asked for under each name, so that containers that contradict
// each other under one name (two unkeyed ones, or a keyed and an unkeyed one, that both wrote) are refused
// when the call ends.
extension EncodingWriter {
    /// Beyond this many records, names are found through ``containerIndex`` rather than by a linear search.
    private static let linearContainerLimit = 16

    /// A container asked for at a composite name: a scope's, or an array of scalars written without a
    /// scope of its own (which always writes: it is recorded only when not empty).
    struct NamedContainer {
        let shape: EncodingScope.Shape
        /// The scope of the container, or for an array of scalars the keyed container holding it. `nil`
        /// for an array of scalars recorded first under its name: its coding path is never asked for
        /// (a conflict names the second container that wrote), and it always writes.
        let scope: EncodingScope?
        /// The array's key in `scope`, for an array of scalars that is not the first under its name.
        let key: (any CodingKey)?
        /// Whether this is an array of scalars, written without a scope of its own.
        let isScalarArray: Bool
        /// The name's bytes, and their hash: a range of ``EncodingWriter/names`` for a scope, of
        /// ``EncodingWriter/bytes`` for an array of scalars (its first pair's name, already written there:
        /// not copied again). Both buffers are append-only during a call.
        let name: Range<Int>
        let nameIsInOutput: Bool
        let hash: Int
        /// The index of the first container recorded under the same name (its own index if it is the first).
        var first: Int

        var hasWritten: Bool { isScalarArray || scope?.hasWritten == true }
        var codingPath: [any CodingKey] { (scope?.codingPath ?? []) + (key.map { [$0] } ?? []) }
    }

    /// Records a container of `shape` at the composite name `name` (a range of ``names``, or of ``bytes``
    /// when `nameIsInOutput`); for an array of scalars written in a field of the keyed container at `scope`,
    /// `isScalarArray`, and `key()` the field's key, asked for only if the name was seen before (making
    /// the key an existential costs more than the rest of the record).
    func noteContainer(
        _ shape: EncodingScope.Shape, scope: EncodingScope, isScalarArray: Bool = false,
        key: () -> (any CodingKey)? = { nil }, name: Range<Int>, nameIsInOutput: Bool = false
    ) {
        // FNV-1a over the name's bytes: no allocation, unlike hashing an array of them.
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in nameIsInOutput ? bytes[name] : names[name] { fnv = (fnv ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hash = Int(truncatingIfNeeded: fnv)
        let bit: UInt64 = 1 << (fnv & 63)
        let index = containers.count
        if index == 0 { containers.reserveCapacity(8) }
        var first = index
        let named = (name, nameIsInOutput)
        if index == Self.linearContainerLimit {
            for (offset, container) in containers.enumerated() where container.first == offset {
                if containerIndex[container.hash] == nil { containerIndex[container.hash] = offset }
            }
        }
        if containerHashBits & bit == 0 {
            // A new hash: the name is new.
            containerHashBits |= bit
            if index >= Self.linearContainerLimit { containerIndex[hash] = index }
        } else if index < Self.linearContainerLimit {
            if let match = containers.firstIndex(where: {
                $0.hash == hash && sameName(($0.name, $0.nameIsInOutput), named)
            }) {
                first = containers[match].first
            }
        } else {
            if let candidate = containerIndex[hash],
                sameName((containers[candidate].name, containers[candidate].nameIsInOutput), named)
            {
                first = candidate
            } else if containerIndex[hash] == nil {
                containerIndex[hash] = index
            }
        }
        if first != index {
            hasRepeatedContainerName = true
        } else if isScalarArray {
            // The first array of scalars under its name: no scope or key to keep (see `NamedContainer`).
            containers.append(
                NamedContainer(
                    shape: shape, scope: nil, key: nil, isScalarArray: true, name: name,
                    nameIsInOutput: nameIsInOutput, hash: hash, first: first))
            return
        }
        containers.append(
            NamedContainer(
                shape: shape, scope: scope, key: key(), isScalarArray: isScalarArray, name: name,
                nameIsInOutput: nameIsInOutput, hash: hash, first: first))
    }

    /// Whether two names (ranges of ``bytes`` or ``names``, as their flag says) hold the same bytes.
    private func sameName(_ left: (Range<Int>, Bool), _ right: (Range<Int>, Bool)) -> Bool {
        guard left.0.count == right.0.count else { return false }
        let leftBytes = left.1 ? bytes[left.0] : names[left.0]
        let rightBytes = right.1 ? bytes[right.0] : names[right.0]
        return leftBytes.elementsEqual(rightBytes)
    }

    /// Empties the lists that hold scopes, which hold this writer: called when the call ends.
    func releaseScopes() {
        // The lists' memory is kept for the writer's next call (see `EncodingWriterCache`) unless it grew large.
        if !containers.isEmpty { containers.removeAll(keepingCapacity: containers.capacity <= 64) }
        if !watchedElements.isEmpty { watchedElements.removeAll(keepingCapacity: watchedElements.capacity <= 64) }
    }

    /// The first name (in the order names appeared) under which containers contradict each other: two
    /// unkeyed ones, or a keyed and an unkeyed one, that both wrote something. (Containers that wrote
    /// nothing contradict nothing: an empty struct beside an array reads back as the array.)
    func containerConflict() -> (any Error)? {
        guard hasRepeatedContainerName else { return nil }
        for (index, container) in containers.enumerated() where container.first == index {
            let writing = containers[index...].filter { $0.first == index && $0.hasWritten }
            let unkeyed = writing.filter { $0.shape == .unkeyed }
            if unkeyed.count >= 2 || (unkeyed.count == 1 && writing.count >= 2) {
                return EncodingErrors.conflictingContainers(codingPath: writing[1].codingPath)
            }
        }
        return nil
    }
}
