import Foundation

/// A parameter name compared by its UTF-8 bytes. `String`'s own `==` and hashing treat canonically
/// equivalent text as equal (`é` and `e` + U+0301), but two different names must stay two parameters:
/// the codec never normalises.
struct ExactName: Hashable {
    let name: String

    init(_ name: String) { self.name = name }

    static func == (left: ExactName, right: ExactName) -> Bool { same(left.name, right.name) }

    func hash(into hasher: inout Hasher) {
        for byte in name.utf8 { hasher.combine(byte) }
    }

    /// Whether two names have the same bytes.
    @inline(__always)
    static func same(_ left: String, _ right: String) -> Bool {
        let (leftBytes, rightBytes) = (left.utf8, right.utf8)
        guard leftBytes.count == rightBytes.count else { return false }
        // Comparing the contiguous storage beats iterating the views several times over.
        let equal = leftBytes.withContiguousStorageIfAvailable { a in
            rightBytes.withContiguousStorageIfAvailable { b in
                // `memcmp` rather than `elementsEqual`, which compares byte by byte: names are compared on
                // every keyed lookup. Equal counts, checked above; an empty name has no address to read.
                guard let left = a.baseAddress, let right = b.baseAddress else { return true }
                return memcmp(left, right, a.count) == 0
            }
        }
        return (equal ?? nil) ?? leftBytes.elementsEqual(rightBytes)
    }
}
