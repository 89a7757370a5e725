import Foundation
import PropertyHarness

/// Equality as a lossless round trip needs it, found by reflection: strings compare as UTF-8 bytes
/// (Swift's `==` treats `é` and `e` + U+0301 as equal), floating-point numbers by bit pattern (`-0.0`
/// keeps its sign), dates as the strategy's precision allows, URLs by `absoluteString` (the guide's
/// relative-URL row), sets and dictionaries by the source text of their elements and keys.
struct StrictComparison {
    /// Whether a decoded date is close enough to the expected one.
    let dateMatches: (_ expected: Date, _ actual: Date) -> Bool

    /// The first difference between `expected` and `actual`, with its path (`.items[2].name`), or `nil`.
    func firstDifference(_ expected: Any, _ actual: Any, at path: String = "") -> String? {
        func differ(_ what: String) -> String {
            "at \(path.isEmpty ? "the top" : path): \(what)"
        }
        func describe(_ value: Any) -> String { memberwiseSource(of: value) }
        func compare(_ same: Bool) -> String? {
            same ? nil : differ("expected \(describe(expected)), got \(describe(actual))")
        }

        switch (expected, actual) {
        case (let expected as String, let actual as String):
            return compare(Array(expected.utf8) == Array(actual.utf8))
        case (let expected as Double, let actual as Double):
            return compare(expected.bitPattern == actual.bitPattern)
        case (let expected as Float, let actual as Float):
            return compare(expected.bitPattern == actual.bitPattern)
        case (let expected as Date, let actual as Date):
            return dateMatches(expected, actual)
                ? nil
                : differ(
                    "expected \(dateSource(expected)), got \(dateSource(actual)) (off by \(actual.timeIntervalSince(expected)) s)"
                )
        case (let expected as URL, let actual as URL):
            return compare(Array(expected.absoluteString.utf8) == Array(actual.absoluteString.utf8))
                ?? actual.baseURL.map { differ("the decoded URL has a base URL \($0)") }
        case (let expected as Decimal, let actual as Decimal):
            return compare(expected == actual && expected.description == actual.description)
        case (let expected as Data, let actual as Data):
            return compare(expected == actual)
        case (let expected as UUID, let actual as UUID):
            return compare(expected == actual)
        case (let expected as Bool, let actual as Bool):
            return compare(expected == actual)
        case (let expected as any BinaryInteger, let actual as any BinaryInteger):
            return compare("\(expected)" == "\(actual)" && type(of: expected) == type(of: actual))
        default:
            break
        }

        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        guard type(of: expected) == type(of: actual) else {
            return differ("expected a \(type(of: expected)), got a \(type(of: actual))")
        }
        let expectedChildren = Array(expectedMirror.children)
        let actualChildren = Array(actualMirror.children)
        switch expectedMirror.displayStyle {
        case .optional:
            switch (expectedChildren.first, actualChildren.first) {
            case (nil, nil): return nil
            case (let expected?, let actual?): return firstDifference(expected.value, actual.value, at: path)
            default: return compare(false)
            }
        case .collection:
            guard expectedChildren.count == actualChildren.count else {
                return differ(
                    "expected \(expectedChildren.count) elements \(describe(expected)), got \(actualChildren.count) \(describe(actual))"
                )
            }
            for (index, (left, right)) in zip(expectedChildren, actualChildren).enumerated() {
                if let difference = firstDifference(left.value, right.value, at: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        case .set:
            // Set elements are scalars; their source text is byte-exact.
            return compare(
                expectedChildren.map { describe($0.value) }.sorted()
                    == actualChildren.map { describe($0.value) }.sorted())
        case .dictionary:
            let expectedEntries = entries(expectedChildren)
            let actualEntries = entries(actualChildren)
            guard expectedEntries.keys.sorted() == actualEntries.keys.sorted() else {
                return differ(
                    "expected the keys \(expectedEntries.keys.sorted()), got \(actualEntries.keys.sorted())")
            }
            for key in expectedEntries.keys.sorted() {
                if let difference = firstDifference(
                    expectedEntries[key]!, actualEntries[key]!, at: "\(path)[\(key)]")
                {
                    return difference
                }
            }
            return nil
        case .enum:
            return compare(String(reflecting: expected) == String(reflecting: actual))
        default:
            for (left, right) in zip(expectedChildren, actualChildren) {
                if let difference = firstDifference(left.value, right.value, at: "\(path).\(left.label ?? "?")") {
                    return difference
                }
            }
            return nil
        }
    }

    /// A dictionary's entries keyed by the source text of their keys (exact bytes, unlike `String`'s `==`).
    private func entries(_ children: [Mirror.Child]) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in children {
            let pair = Array(Mirror(reflecting: child.value).children)
            result[memberwiseSource(of: pair[0].value)] = pair[1].value
        }
        return result
    }
}
