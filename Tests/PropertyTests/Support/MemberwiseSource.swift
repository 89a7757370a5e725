import Foundation
import PropertyHarness

/// Swift source for a value made of memberwise-initialized structs, raw-value enums, optionals,
/// arrays, dictionaries, sets and Foundation scalars, found by reflection, so that a new realistic type
/// prints itself in failure reports without hand-written code.
func memberwiseSource(of value: Any) -> String {
    switch value {
    case let text as String: return text.swiftSource
    case let number as Double: return number.swiftSource
    case let number as Float: return number.swiftSource
    case let flag as Bool: return flag.swiftSource
    case let integer as any BinaryInteger: return "\(integer)"
    case let decimal as Decimal: return "Decimal(string: \(decimal.description.swiftSource))!"
    case let date as Date: return dateSource(date)
    case let data as Data:
        return "Data([\(data.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", "))])"
    case let url as URL: return "URL(string: \(url.absoluteString.swiftSource))!"
    case let uuid as UUID: return "UUID(uuidString: \"\(uuid.uuidString)\")!"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    let children = Array(mirror.children)
    switch mirror.displayStyle {
    case .optional:
        return children.first.map { memberwiseSource(of: $0.value) } ?? "nil"
    case .collection:
        return "[" + children.map { memberwiseSource(of: $0.value) }.joined(separator: ", ") + "]"
    case .set:
        return "[" + children.map { memberwiseSource(of: $0.value) }.sorted().joined(separator: ", ") + "]"
    case .dictionary:
        if children.isEmpty { return "[:]" }
        let entries = children.map { entry -> String in
            let pair = Array(Mirror(reflecting: entry.value).children)
            return "\(memberwiseSource(of: pair[0].value)): \(memberwiseSource(of: pair[1].value))"
        }
        return "[" + entries.sorted().joined(separator: ", ") + "]"
    case .enum:
        return ".\(value)"
    default:
        // The type's name without its module: `BatchQuery.Item`.
        let name = String(reflecting: type(of: value)).split(separator: ".").dropFirst().joined(separator: ".")
        let arguments = children.map { "\($0.label ?? "_"): \(memberwiseSource(of: $0.value))" }
        return "\(name)(\(arguments.joined(separator: ", ")))"
    }
}

/// Seconds since 1970 when they rebuild the date exactly (whole seconds always do), otherwise the
/// reference-date interval that `Date` stores.
func dateSource(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    if Date(timeIntervalSince1970: seconds) == date {
        return "Date(timeIntervalSince1970: \(seconds.swiftSource))"
    }
    return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate.swiftSource))"
}

extension RealisticQuery {
    var swiftSource: String { memberwiseSource(of: self) }
}
