import Foundation

/// Where a value sits: a materialized path plus, for values read straight from a container, the key
/// (and array index) not linked in yet — most values are read without anyone asking for their path.
struct PathContext {
    let parent: CodingPathNode?
    let key: (any CodingKey)?
    /// The index of an array element below `key` (or below `parent` when there is no key).
    var elementIndex: Int? = nil
    /// The parameter name that was looked up, for messages about a missing parameter.
    var expectedName: String? = nil

    var codingPath: [any CodingKey] {
        var path = parent?.path ?? []
        if let key { path.append(key) }
        if let elementIndex { path.append(IndexKey(elementIndex)) }
        return path
    }

    /// The path as a node, linking in the pending key and index.
    func materialize() -> CodingPathNode? {
        var node = parent
        if let key { node = CodingPathNode(parent: node, key: key) }
        if let elementIndex { node = CodingPathNode(parent: node, key: IndexKey(elementIndex)) }
        return node
    }

    /// The path of element `index` of the array at this path.
    func element(_ index: Int) -> PathContext {
        if elementIndex == nil { return PathContext(parent: parent, key: key, elementIndex: index) }
        return PathContext(parent: materialize(), key: nil, elementIndex: index)
    }

    /// The key a missing value is reported under: the pending index, or else the pending key.
    var lastKey: (any CodingKey)? {
        elementIndex.map { IndexKey($0) } ?? key
    }

    /// The path above ``lastKey``.
    var pathAboveLastKey: [any CodingKey] {
        var path = parent?.path ?? []
        if elementIndex != nil, let key { path.append(key) }
        return path
    }

    static var root: PathContext { PathContext(parent: nil, key: nil) }
}
