/// A growable run of bytes for the encoder's output: appends are plain stores, without the
/// uniqueness and bounds checks of `[UInt8]` on every byte.
///
/// Non-copyable, so that its memory has exactly one owner: the `deinit` frees it once, and no copy can
/// free it again or keep using it afterwards. Bytes leave it only as copies (`String(decoding:)`) or as
/// buffer pointers valid until the next append.
///
/// Invariant (SAFETY for every pointer access below): `base` addresses `capacity` allocated bytes (a
/// placeholder that is never dereferenced when `capacity` is 0), of which the first `count` are
/// initialised, and `count <= capacity`. Every write reserves room first; ranges read are within `count`.
struct ByteBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    /// A buffer with room for `capacity` bytes; with 0, nothing is allocated until the first append.
    init(capacity: Int) {
        self.capacity = capacity
        // A capacity of 0 never reads or writes through `base`, so a placeholder address will do.
        self.base = capacity > 0 ? .allocate(capacity: capacity) : UnsafeMutablePointer(bitPattern: 1)!
    }

    deinit {
        Self.free(base, capacity: capacity)
    }

    /// Frees storage of `capacity` bytes at `base` (nothing was allocated for a capacity of 0).
    private static func free(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        if capacity > 0 { base.deallocate() }
    }

    var isEmpty: Bool { count == 0 }

    /// Empties the buffer; its memory is kept for later appends if `keepingCapacity`, freed otherwise.
    mutating func removeAll(keepingCapacity: Bool) {
        count = 0
        if !keepingCapacity && capacity > 0 {
            Self.free(base, capacity: capacity)
            base = UnsafeMutablePointer(bitPattern: 1)!
            capacity = 0
        }
    }

    /// Makes room for `extra` more bytes, doubling the capacity as needed.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity &* 2, 64)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        Self.free(base, capacity: capacity)
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends without checking the capacity: call ``reserve(_:)`` first.
    @inline(__always)
    mutating func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    /// Appends eight bytes, byte `i` of the result being bits `8i..<8i+8` of `word`, without checking
    /// the capacity: call ``reserve(_:)`` first.
    @inline(__always)
    mutating func appendReserved(word: UInt64) {
        // SAFETY: the caller reserved at least 8 bytes, so `count..<count + 8` is within `capacity`;
        // `storeBytes` has no alignment requirement.
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count &+= 8
    }

    /// Runs `body` with a cursor at the end of the buffer, for loops that append byte by byte into room
    /// reserved first (``reserve(_:)``), and adds what the cursor wrote to the count once, afterwards.
    ///
    /// (Through ``appendReserved(_:)`` the compiler stores and reloads the count around every byte, since
    /// the store of the byte could alias it; a cursor is a local it keeps in a register.)
    @inline(__always)
    mutating func withCursor<Result>(_ body: (inout Cursor) throws -> Result) rethrows -> Result {
        var cursor = Cursor(next: base + count)
        defer { count = cursor.next - base }
        return try body(&cursor)
    }

    /// Where the next byte goes, within the room reserved before ``withCursor(_:)``.
    struct Cursor {
        fileprivate(set) var next: UnsafeMutablePointer<UInt8>

        /// Appends a byte. SAFETY: the caller reserved room for every byte it appends through the cursor.
        @inline(__always)
        mutating func append(_ byte: UInt8) {
            next.initialize(to: byte)
            next += 1
        }

        /// Appends the two bytes at `pair` as one two-byte copy. SAFETY: as for ``append(_:)``, and `pair`
        /// points at two readable bytes.
        @inline(__always)
        mutating func append(_ pair: UnsafePointer<UInt8>) {
            UnsafeMutableRawPointer(next).storeBytes(
                of: UnsafeRawPointer(pair).loadUnaligned(as: UInt16.self), as: UInt16.self)
            next += 2
        }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    /// Appends bytes of this same buffer (a name that a longer name starts with).
    @inline(__always)
    mutating func appendCopy(of range: Range<Int>) {
        guard !range.isEmpty else { return }
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count &+= range.count
    }

    /// The bytes in `range`, valid until the next append.
    @inline(__always)
    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
