import Foundation
import OpenAPIKitCore
import Yams

/// A parsed YAML or JSON document, its mappings indexed by key (`YAMLEventReader` builds it).
///
/// Yams' own `Codable` decoder looks a key up by comparing every key of the mapping in turn and copies nodes as it
/// goes; OpenAPIKit reads `paths` and `components` (hundreds of keys each) one key at a time, and it reads every
/// object's whole subtree once more as `AnyCodable` to find its vendor extensions, at every level. On GitHub's
/// description that made loading two thirds of the generator's time. Here a look-up is a dictionary's, and a
/// subtree's `AnyCodable` value is built once.
final class DocumentTree {
    enum Content {
        /// Read through Yams' `ScalarConstructible` conversions, so that a value means what it means to Yams:
        /// `version: 1.0` is the string "1.0" where a string is expected, and the number 1 where a number is.
        case scalar(Node.Scalar)
        /// The keys in document order, each once.
        case mapping(keys: [String], children: [String: DocumentTree])
        case sequence([DocumentTree])
    }

    let content: Content
    /// The node as `AnyCodable` holds it, built on first use.
    private var anyCodableValue: (any Sendable)?

    init(scalar: Node.Scalar) {
        content = .scalar(scalar)
    }

    init(sequence: [DocumentTree]) {
        content = .sequence(sequence)
    }

    /// A mapping from its entries in document order. A key that is not a scalar (YAML's complex keys) has no
    /// string form and is left out, as Yams' decoder leaves it out. YAML's merge key (`<<: *defaults`, or a list
    /// of them) adds the merged mappings' keys after the mapping's own, which win, the first merged mapping
    /// before the next (the YAML 1.1 type repository's rule).
    init(entries: [(key: DocumentTree, value: DocumentTree)]) {
        var keys: [String] = []
        var children: [String: DocumentTree] = [:]
        keys.reserveCapacity(entries.count)
        children.reserveCapacity(entries.count)
        var merged: [DocumentTree] = []
        for (key, value) in entries {
            guard case .scalar(let scalar) = key.content else { continue }
            if scalar.string == "<<", scalar.style == .plain {
                switch value.content {
                case .mapping: merged.append(value)
                case .sequence(let elements): merged.append(contentsOf: elements)
                case .scalar: break
                }
                continue
            }
            if children.updateValue(value, forKey: scalar.string) == nil { keys.append(scalar.string) }
        }
        for mapping in merged {
            guard case .mapping(let mergedKeys, let mergedChildren) = mapping.content else { continue }
            for key in mergedKeys where children[key] == nil {
                keys.append(key)
                children[key] = mergedChildren[key]
            }
        }
        content = .mapping(keys: keys, children: children)
    }

    /// YAML's null: a plain `~`, `null` or nothing.
    var isNull: Bool {
        guard case .scalar(let scalar) = content else { return false }
        return NSNull.construct(from: scalar) != nil
    }

    /// The value `AnyCodable(from:)` would decode from this node, tried in its order: null, `Bool`, `Int`,
    /// `UInt`, `Double`, `String`, array, dictionary.
    var anyCodable: any Sendable {
        if let anyCodableValue { return anyCodableValue }
        let value: any Sendable
        switch content {
        case .scalar(let scalar):
            if NSNull.construct(from: scalar) != nil {
                value = NSNull()
            } else if Self.mayBeBool(scalar), let bool = Bool.construct(from: scalar) {
                value = bool
            } else if !Self.mayBeNumber(scalar) {
                value = scalar.string
            } else if let int = Int.construct(from: scalar) {
                value = int
            } else if let uint = UInt.construct(from: scalar) {
                value = uint
            } else if let double = Double.construct(from: scalar) {
                value = double
            } else {
                value = scalar.string
            }
        case .sequence(let elements):
            value = elements.map(\.anyCodable)
        case .mapping(_, let children):
            value = children.mapValues(\.anyCodable)
        }
        anyCodableValue = value
        return value
    }

    /// False when `Bool.construct` would refuse the scalar anyway; it resolves the scalar's tag, a regular
    /// expression, so most strings are ruled out here first.
    private static func mayBeBool(_ scalar: Node.Scalar) -> Bool {
        scalar.string.utf8.count <= 5
            && ["true", "yes", "on", "false", "no", "off"].contains(scalar.string.lowercased())
    }

    /// False when Yams' `Int`, `UInt` and `Double` conversions would all refuse the scalar: they read plain
    /// scalars only, after dropping every `_`, and a number starts with a digit, a sign or a dot, or is Swift's
    /// `inf`, `infinity` or `nan` in any case.
    private static func mayBeNumber(_ scalar: Node.Scalar) -> Bool {
        guard scalar.style == .plain || scalar.style == .any else { return false }
        guard let first = scalar.string.utf8.first(where: { $0 != UInt8(ascii: "_") }) else { return false }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return true
        default:
            return false
        }
    }
}
