import Foundation

// Containers: the record of the containers asked for under each name, so that containers that contradict
// each other under one name (two unkeyed ones, or a keyed and an unkeyed one, that both wrote) are refused
// when the call ends.
extension EncodingWriter {
    /// Beyond this many records, names are found through ``containerIndex`` rather than by a linear search.
    private static let linearContainerLimit = 16

    /// A container asked for at a composite name: a scope's, or an array of scalars written without a
    /// scope of its own (which always writes: it is recorded only when not empty). Plain data, so that
    /// recording one and emptying the list cost no reference counting: the scope and key, when a record
    /// needs them, are in ``EncodingWriter/containerOwners``.
    struct NamedContainer {
        let shape: EncodingScope.Shape
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
        /// The index of the container's ``ContainerOwner`` in ``EncodingWriter/containerOwners``; -1 for an
        /// array of scalars recorded first under its name: its coding path is never asked for (a conflict
        /// names the second container that wrote), and it always writes.
        let owner: Int
    }

    /// The scope of a recorded container, or for an array of scalars the keyed container holding it and
    /// the array's key there.
    struct ContainerOwner {
        let scope: EncodingScope
        let key: (any CodingKey)?
    }

    /// Whether the recorded container wrote something.
    private func hasWritten(_ container: NamedContainer) -> Bool {
        container.isScalarArray || (container.owner >= 0 && containerOwners[container.owner].scope.hasWritten)
    }

    /// The coding path of the recorded container.
    private func codingPath(of container: NamedContainer) -> [any CodingKey] {
        guard container.owner >= 0 else { return [] }
        let owner = containerOwners[container.owner]
        return owner.scope.codingPath + (owner.key.map { [$0] } ?? [])
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
        let index = containerCount
        if containers.isEmpty { containers.reserveCapacity(8) }
        var first = index
        let named = (name, nameIsInOutput)
        if index == Self.linearContainerLimit {
            for (offset, container) in containers[..<index].enumerated() where container.first == offset {
                if containerIndex[container.hash] == nil { containerIndex[container.hash] = offset }
            }
        }
        if containerHashBits & bit == 0 {
            // A new hash: the name is new.
            containerHashBits |= bit
            if index >= Self.linearContainerLimit { containerIndex[hash] = index }
        } else if index < Self.linearContainerLimit {
            if let match = containers[..<index].firstIndex(where: {
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
        var owner = -1
        if first != index {
            hasRepeatedContainerName = true
        }
        // The first array of scalars under its name keeps no scope or key (see `NamedContainer.owner`).
        if first != index || !isScalarArray {
            owner = containerOwners.count
            containerOwners.append(ContainerOwner(scope: scope, key: key()))
        }
        let record = NamedContainer(
            shape: shape, isScalarArray: isScalarArray, name: name, nameIsInOutput: nameIsInOutput, hash: hash,
            first: first, owner: owner)
        // The records of earlier calls stay in the list (plain data) and are written over.
        if index < containers.count { containers[index] = record } else { containers.append(record) }
        containerCount = index &+ 1
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
        containerCount = 0
        if containers.capacity > 64 { containers = [] }
        if !containerOwners.isEmpty { containerOwners.removeAll(keepingCapacity: containerOwners.capacity <= 64) }
        if !watchedElements.isEmpty { watchedElements.removeAll(keepingCapacity: watchedElements.capacity <= 64) }
    }

    /// The first name (in the order names appeared) under which containers contradict each other: two
    /// unkeyed ones, or a keyed and an unkeyed one, that both wrote something. (Containers that wrote
    /// nothing contradict nothing: an empty struct beside an array reads back as the array.)
    func containerConflict() -> (any Error)? {
        guard hasRepeatedContainerName else { return nil }
        for (index, container) in containers[..<containerCount].enumerated() where container.first == index {
            let writing = containers[index..<containerCount].filter { $0.first == index && hasWritten($0) }
            let unkeyed = writing.filter { $0.shape == .unkeyed }
            if unkeyed.count >= 2 || (unkeyed.count == 1 && writing.count >= 2) {
                return EncodingErrors.conflictingContainers(codingPath: codingPath(of: writing[1]))
            }
        }
        return nil
    }
}
