import Foundation

/// A dictionary key or other key given as text.
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
