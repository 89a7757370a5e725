import Foundation

/// A coding path kept as a linked list, extended without copying and turned into an array only when
/// someone asks (an error, or `codingPath` on a decoder).
final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(parent: CodingPathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: CodingPathNode? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}
