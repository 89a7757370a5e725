/// The parameters of a query arranged by their names' nesting: `filter.min=1&filter.max=2&tags=a`
/// becomes a root with the children `filter` (with `min` and `max`) and `tags`.
///
/// Nodes live in one array and refer to each other by index; a node's children form a linked list in
/// the order they were first named. A node holds the values of every pair named exactly by its path, in
/// order, so a repeated name keeps all its values and the decoder can refuse duplicates where one value
/// is expected.
struct QueryTreeNode {
    /// This node's name segment, as a range of `ParsedQuery`'s segment store (read it with
    /// `ParsedQuery.segment(of:)`), and its parent (-1 for the root).
    var segment: Range<Int>
    var parent: Int32
    /// The first and last children, or -1, and the next sibling, or -1.
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var childCount: Int32 = 0
    /// How many values this node names (placed here, where the layout has room for it).
    var valueCount: Int32 = 0
    /// The first and last values named by this node, or -1; each value links to the next
    /// (`ParsedQuery.Value.next`), so that a node holds no array of its own.
    var firstValue = -1
    var lastValue = -1

    init(segment: Range<Int>, parent: Int) {
        self.segment = segment
        self.parent = Int32(truncatingIfNeeded: parent)
    }

    /// Whether this node names more than one value (a repeated name).
    var hasMoreValues: Bool { valueCount > 1 }

    var hasChildren: Bool { firstChild >= 0 }
}
