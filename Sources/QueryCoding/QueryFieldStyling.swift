import Foundation

/// A type that gives some of its fields a query style of their own, overriding the strategies of
/// ``QueryEncoder`` and ``QueryDecoder`` for those keys.
///
/// Real APIs mix styles within one query (`ids=1,2,3&tag=a&tag=b`). Adopt this protocol and return a
/// style for the keys that differ; every other key (return `nil`) follows the coder's strategies.
///
/// ```swift
/// struct Search: Codable, QueryFieldStyling {
///     var ids: [Int]
///     var tags: [String]
///
///     static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
///         key.stringValue == "tags" ? QueryFieldStyle(array: .repeatedKeys) : nil
///     }
/// }
/// // ids=1,2,3&tags=a&tags=b
/// ```
///
/// A style holds for the field's value and everything inside it, unless a type inside declares its own.
/// It is looked up by the keys the type's `encode(to:)` and `init(from:)` pass to their keyed
/// containers (the synthesized ones pass `CodingKeys`), before any key strategy converts them. Values
/// written through `nestedContainer(keyedBy:forKey:)`, `nestedUnkeyedContainer(forKey:)` or
/// `superEncoder(forKey:)` of a styled key throw: the style could not hold while they are written later.
///
/// Types that do not adopt the protocol pay nothing for it but one cached lookup per type.
public protocol QueryFieldStyling {
    /// The style of the field named by `key`, or `nil` for the coder's own strategies.
    static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle?
}
