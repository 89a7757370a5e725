/// The top-level keyed containers a writer made in its earlier calls, handed out again instead of made anew.
///
/// Every `encode(to:)` of a struct asks its `Encoder` for a `KeyedEncodingContainer<Key>`. Making one
/// costs two generic-metadata lookups (our `QueryKeyedEncodingContainer<Key>` and the standard library's
/// box around it), a witness table and the box's allocation, and freeing it costs as much again: about
/// 1,300 instructions, a seventh of encoding the typical query. The container made at the top level of a
/// plain call (see `QueryKeyedEncodingContainer.isPlain`) holds nothing that differs between calls on one
/// writer, so the writer keeps the last few, one per key type, and a later call with the same key type gets
/// the same one back: one metadata lookup instead.
///
/// **A scope of its own.** A cached container writes into a top-level scope of its own (a second root of
/// the same writer), not into the call's root: the root cannot hold it, since it is reused only when nothing
/// else holds it, and the container, which holds its scope, would. The two roots write the same thing.
///
/// **A kept container never reaches a later call.** A container, or anything made through it (a nested
/// container, an `Encoder`), that a type's `encode(to:)` kept past its call would write into the writer's
/// next call if it were handed out again. So when a call ends (``close()``), every cached box must be held
/// by the cache alone and every cached scope by its container alone; if not, the writer is not reused and
/// the cache lets go of everything (``removeAll()``): a kept container then writes into its own writer,
/// which it keeps alive, and nowhere else. Containers are handed out only while the call runs (``isOpen``).
///
/// **Cycles.** writer → cache → box → container → scope → writer is a cycle, broken by ``removeAll()``
/// whenever the writer is let go of (`EncodingWriterCache`).
struct RootContainerCache {
    /// One cached container: the box of a `KeyedEncodingContainer<Key>` for the key type `keyType`, and the
    /// scope it writes into.
    private struct Entry {
        let keyType: ObjectIdentifier
        /// The standard library's box: the one stored property of the `KeyedEncodingContainer` (see
        /// ``boxIsTheWholeContainer``).
        var box: AnyObject
        /// The container's scope, not retained: the container in `box` holds it.
        var scope: Unmanaged<EncodingScope>

        /// Whether the cache holds the only reference to the box, and the box's container the only one to
        /// its scope.
        mutating func isHeldHereAlone() -> Bool {
            // `isKnownUniquelyReferenced(&box)` on the `AnyObject` itself would open the existential into
            // a retained copy (seen in release builds), which is never unique; the scope is not retained
            // here at all. So both references are read in place, as the native class references they are.
            // SAFETY: each variable holds one reference to a live native Swift object (the box is held
            // here, the scope by the box's container), of the size and reference counting of any native
            // class reference; the checks only read the reference counts, neither retains nor releases,
            // and the memory is bound back when each closure returns.
            let boxIsUnique = withUnsafeMutablePointer(to: &box) { pointer in
                pointer.withMemoryRebound(to: NativeObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
            }
            return boxIsUnique
                && withUnsafeMutablePointer(to: &scope) { pointer in
                    pointer.withMemoryRebound(to: EncodingScope.self, capacity: 1) {
                        isKnownUniquelyReferenced(&$0.pointee)
                    }
                }
        }
    }

    /// The type a box reference is read as to check its reference count (see `Entry.isHeldHereAlone`).
    private final class NativeObject {}

    /// How many key types one writer keeps containers for: a thread that builds a few endpoints' requests
    /// in turn keeps all of them; beyond, the oldest is replaced.
    private static let capacity = 4

    private var entries: [Entry] = []
    /// Entries replaced while the call ran: a box handed out before it was replaced may still be held,
    /// so they are checked with the others when the call ends, and only then let go of.
    private var replaced: [Entry] = []
    /// The entry the next new key type replaces, once the cache is full.
    private var nextReplaced = 0
    /// Whether the writer's call is running: containers are handed out only then.
    private(set) var isOpen = false

    /// Opens the cache for a call of its writer.
    @inline(__always)
    mutating func open() {
        isOpen = true
    }

    /// Ends the call: returns whether every cached container (and its scope) is held by the cache alone,
    /// so that none could reach the writer's next call; if so, the scopes are emptied for it.
    @inline(__always)
    mutating func close() -> Bool {
        isOpen = false
        for index in entries.indices {
            guard entries[index].isHeldHereAlone() else { return false }
            entries[index].scope._withUnsafeGuaranteedRef { $0.clearForReuse() }
        }
        if !replaced.isEmpty {
            for index in replaced.indices where !replaced[index].isHeldHereAlone() { return false }
            replaced = []
        }
        return true
    }

    /// Lets go of every cached container, for a writer that will not be reused (or is being freed): a box
    /// still held elsewhere keeps its scope, and so the writer, alive.
    mutating func removeAll() {
        if !entries.isEmpty { entries = [] }
        if !replaced.isEmpty { replaced = [] }
    }

    /// The container for `Key` at the top level of a plain call whose cache is open: the cached one, or a
    /// new one, kept for later calls.
    @inline(__always)
    mutating func container<Key: CodingKey>(
        keyedBy type: Key.Type, writer: EncodingWriter
    ) -> KeyedEncodingContainer<Key> {
        let keyType = ObjectIdentifier(type)
        for index in entries.indices where entries[index].keyType == keyType {
            // SAFETY: the entry for `keyType` holds the box of a `KeyedEncodingContainer<Key>` (`makeContainer`),
            // and the container is exactly that one reference (`boxIsTheWholeContainer`): the same size
            // and the same reference counting.
            return unsafeBitCast(entries[index].box, to: KeyedEncodingContainer<Key>.self)
        }
        return makeContainer(keyedBy: type, writer: writer)
    }

    /// Makes the container for a key type not cached yet, and caches it when the layout allows.
    @inline(never)
    private mutating func makeContainer<Key: CodingKey>(
        keyedBy type: Key.Type, writer: EncodingWriter
    ) -> KeyedEncodingContainer<Key> {
        let scope = EncodingScope.root(writer: writer)
        let container = KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(scope: scope))
        // Built without caches (`CacheSwitch`), nothing is kept.
        guard CacheSwitch.cachesAreOn, Self.boxIsTheWholeContainer,
            MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size
        else { return container }
        // SAFETY: the container is one reference to its box (`boxIsTheWholeContainer`, and the sizes were
        // compared above); the cast copies that reference, retained.
        let entry = Entry(
            keyType: ObjectIdentifier(type), box: unsafeBitCast(container, to: AnyObject.self),
            scope: Unmanaged.passUnretained(scope))
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            replaced.append(entries[nextReplaced])
            entries[nextReplaced] = entry
            nextReplaced = (nextReplaced + 1) % Self.capacity
        }
        return container
    }

    /// Whether a `KeyedEncodingContainer` is, in this standard library, one stored reference to a class
    /// instance (its box), so that the box can be kept as an `AnyObject` and the container rebuilt from
    /// it. True of every standard library so far; checked once per process by reflection, and if it ever
    /// stops being true nothing is cached and every container is made anew.
    static let boxIsTheWholeContainer: Bool = {
        let root = EncodingScope.root(
            writer: EncodingWriter(options: QueryEncoder.OptionsStorage(EncodingOptions()), output: .percentEncoded))
        let container = KeyedEncodingContainer(QueryKeyedEncodingContainer<IndexKey>(scope: root))
        let mirror = Mirror(reflecting: container)
        guard MemoryLayout<KeyedEncodingContainer<IndexKey>>.size == MemoryLayout<AnyObject>.size,
            mirror.displayStyle == .struct, mirror.children.count == 1,
            let stored = mirror.children.first?.value, type(of: stored) is AnyClass
        else { return false }
        // SAFETY: the sizes are equal (checked above); the reference read from the container's bits is
        // only compared with the stored one.
        return unsafeBitCast(container, to: AnyObject.self) === (stored as AnyObject)
    }()
}
