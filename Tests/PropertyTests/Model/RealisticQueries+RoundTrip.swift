import Foundation

// What each realistic type reads back after a round trip, and its coding keys; see `RoundTripRules`.

extension SearchQuery {
    static let codingKeyNames = ["q", "page", "per_page", "tags", "sort", "includeArchived"]

    /// Nothing in a search query is lossy.
    func roundTripped(_ rules: RoundTripRules) -> SearchQuery { self }
}

extension FilterQuery {
    static let codingKeyNames = ["price", "min", "max", "createdAfter", "ids", "owner", "quotas"]

    func roundTripped(_ rules: RoundTripRules) throws(RoundTripRules.DecodingMustFail) -> FilterQuery {
        var result = self
        result.createdAfter = try rules.optionalDate(createdAfter)
        return result
    }
}

extension BatchQuery {
    static let codingKeyNames = ["items", "id", "name", "note", "signature", "scores", "matrix", "labels"]

    func roundTripped(_ rules: RoundTripRules) -> BatchQuery {
        var result = self
        result.items = items.map { item in
            var item = item
            item.note = rules.optional(item.note)
            return item
        }
        result.matrix = rules.optional(matrix)
        return result
    }
}
