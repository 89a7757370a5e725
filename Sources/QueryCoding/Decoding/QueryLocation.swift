/// Where a value is read from.
enum QueryLocation {
    /// A node of the tree.
    case node(Int)
    /// One value text: an element of a comma-separated list, or a value of a repeated name.
    case value(Int)
    /// Nothing was sent here: empty collections and `nil` decode from it; anything else is missing.
    case absent
}
