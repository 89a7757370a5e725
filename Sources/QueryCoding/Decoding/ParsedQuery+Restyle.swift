import Foundation

// Per-field styles that nest names differently from the decoder's strategies: the query was parsed
// with the strategies, so the field's parameters are found again by reading every name both ways.
extension ParsedQuery {
    /// The node of the field `name` below `parent`, with the field's parameters arranged by their names
    /// read with both `.` and `[…]` nesting, or `nil` when none was sent.
    ///
    /// The encoder refuses `.`, `[` and `]` in the keys of such a field and below it, so reading them
    /// both ways is exact there. The node is outside the tree: the parameters stay where parsing put
    /// them too, for anything else that reads them.
    func restyledChild(of parent: Int, named name: String) throws -> Int? {
        let paths = parsedTokenPaths()
        var prefix = tokens(of: parent, paths: paths)
        prefix.append(name)
        var field: Int?
        for value in 0..<parsedValueCount {
            let path = paths[values[value].node]
            guard path.count >= prefix.count, path.starts(with: prefix) else { continue }
            guard path.count - 1 <= options.limits.maximumDepth else {
                throw QueryDecodingLimitError(
                    limit: .depth, maximum: options.limits.maximumDepth, parameter: nodeName(values[value].node))
            }
            var node: Int
            if let field {
                node = field
            } else {
                node = detachedNode(segment: name, parent: parent)
                field = node
            }
            for token in path[prefix.count...] { node = childCreated(of: node, named: token) }
            attach(value, to: node)
        }
        return field
    }

    /// The tokens of a node's name: the parsed path (read again for parsed nodes), or for a node made
    /// while decoding, its parent's tokens and its own segment.
    private func tokens(of node: Int, paths: [[String]]) -> [String] {
        if node < parsedNodeCount { return paths[node] }
        let parent = Int(nodes[node].parent)
        return (parent < 0 ? [] : tokens(of: parent, paths: paths)) + [segment(of: node)]
    }

    /// The name of every parsed node as tokens: each segment split again at both `.` and `[…]` (a
    /// segment that is not well formed that way stays whole). Made once per call.
    private func parsedTokenPaths() -> [[String]] {
        if let tokenPaths { return tokenPaths }
        let both = NameSegmentation(dotsNest: true, bracketsNest: true)
        var paths: [[String]] = Array(repeating: [], count: parsedNodeCount)
        // A parent is always made before its children, so its path is ready.
        for node in 2..<parsedNodeCount {
            let segment = segment(of: node)
            let parent = Int(nodes[node].parent)
            var path = parent > 1 ? paths[parent] : []
            switch both.split(segment, maximumDepth: Int.max) {
            case .flat, .literal, .tooDeep: path.append(segment)
            case .nested(let parts): path.append(contentsOf: parts)
            }
            paths[node] = path
        }
        tokenPaths = paths
        return paths
    }
}
