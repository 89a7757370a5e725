/// A value that can print itself as a Swift expression that rebuilds it exactly, so a failure report's
/// minimal input can be pasted into a regression test.
public protocol SwiftSourceConvertible {
    /// A Swift expression that evaluates to an equal value (for strings: the same UTF-8 bytes).
    var swiftSource: String { get }
}

extension String: SwiftSourceConvertible {
    /// A string literal in which everything but printable ASCII is a `\u{…}` escape, so the bytes
    /// survive copying (an `é` and an `e` + U+0301 look the same but are different queries); a long run
    /// of one character is written `String(repeating:count:)`.
    public var swiftSource: String {
        let scalars = Array(unicodeScalars)
        if scalars.count > 64, let first = scalars.first, scalars.allSatisfy({ $0 == first }) {
            return "String(repeating: \(String(first).swiftSource), count: \(scalars.count))"
        }
        var literal = "\""
        for scalar in scalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return literal + "\""
    }
}

extension Bool: SwiftSourceConvertible {
    /// `true` or `false`.
    public var swiftSource: String { self ? "true" : "false" }
}

extension Int: SwiftSourceConvertible {
    /// The decimal literal.
    public var swiftSource: String { String(self) }
}

extension Double: SwiftSourceConvertible {
    /// The shortest literal that reads back as this value; `.nan`, `.infinity`, `-.infinity`, and the
    /// bit pattern of a subnormal (whose literal the compiler warns about).
    public var swiftSource: String {
        if isNaN { return ".nan" }
        if isInfinite { return self < 0 ? "-.infinity" : ".infinity" }
        if isSubnormal { return "Double(bitPattern: 0x\(String(bitPattern, radix: 16, uppercase: true)))" }
        return description
    }
}

extension Float: SwiftSourceConvertible {
    /// The shortest literal that reads back as this value; `.nan`, `.infinity`, `-.infinity`, and the
    /// bit pattern of a subnormal (whose literal the compiler warns about).
    public var swiftSource: String {
        if isNaN { return ".nan" }
        if isInfinite { return self < 0 ? "-.infinity" : ".infinity" }
        if isSubnormal { return "Float(bitPattern: 0x\(String(bitPattern, radix: 16, uppercase: true)))" }
        return description
    }
}

extension Optional: SwiftSourceConvertible where Wrapped: SwiftSourceConvertible {
    /// `nil` or the wrapped value's source.
    public var swiftSource: String { map(\.swiftSource) ?? "nil" }
}

extension Array: SwiftSourceConvertible where Element: SwiftSourceConvertible {
    /// An array literal.
    public var swiftSource: String { "[" + map(\.swiftSource).joined(separator: ", ") + "]" }
}

extension Dictionary: SwiftSourceConvertible where Key: SwiftSourceConvertible, Value: SwiftSourceConvertible {
    /// A dictionary literal with its entries in the order of their keys' source text.
    public var swiftSource: String {
        if isEmpty { return "[:]" }
        let entries = map { "\($0.key.swiftSource): \($0.value.swiftSource)" }.sorted()
        return "[" + entries.joined(separator: ", ") + "]"
    }
}

/// The Swift source of `value` when it has one, otherwise its debug description.
public func swiftSource<Value>(of value: Value) -> String {
    if let convertible = value as? any SwiftSourceConvertible { return convertible.swiftSource }
    return String(reflecting: value)
}
