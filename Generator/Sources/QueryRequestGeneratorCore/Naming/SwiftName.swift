import Foundation

/// Turns names from the document (`pet_id`, `X-Rate-Limit`, `200`, `class`, `名前`) into Swift identifiers that
/// lint cleanly: ASCII only, UpperCamelCase types, lowerCamelCase members, keywords in backticks.
enum SwiftName {
    /// `pet-status` → `PetStatus`; a leading digit gets `_` in front; a name that would shadow a type the
    /// generated code uses (`Data`, `Response`, `Query`) gets `Model` behind.
    static func typeName(_ text: String) -> String {
        var name = upperCamelCase(words(text))
        if name.isEmpty { name = "Unnamed" }
        if name.first?.isNumber == true { name = "_" + name }
        if reservedTypeNames.contains(name) { name += "Model" }
        return name
    }

    /// `pet_id` → `petId`, `URLPath` → `urlPath`, `default` → `` `default` ``, `1` → `_1`.
    static func memberName(_ text: String) -> String {
        var name = lowerCamelCase(upperCamelCase(words(text)))
        if name.isEmpty { name = "value" }
        if name.first?.isNumber == true { name = "_" + name }
        if unusableMemberNames.contains(name) { name += "Value" }
        return name
    }

    /// The name as written in a declaration: keywords in backticks.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The words of `text`: runs of ASCII letters and digits, after letters with diacritics lose them. Any
    /// other character that is not ASCII becomes a word `u` + its code point, so that distinct names stay
    /// distinct.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.isASCII {
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    current.unicodeScalars.append(scalar)
                } else {
                    flush()
                }
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                flush()
                words.append("u" + String(scalar.value, radix: 16, uppercase: true))
            }
        }
        flush()
        return words
    }

    /// Each word with its first letter uppercased, the rest kept as written (`listPets` → `ListPets`).
    private static func upperCamelCase(_ words: [String]) -> String {
        words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The leading capitals lowercased, but for the last one when a lowercase letter follows it
    /// (`URLPath` → `urlPath`, `ListPets` → `listPets`, `ID` → `id`).
    private static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        var leadingCapitals = characters.prefix { $0.isUppercase }.count
        if leadingCapitals > 1, leadingCapitals < characters.count, characters[leadingCapitals].isLowercase {
            leadingCapitals -= 1
        }
        return characters.prefix(leadingCapitals).map { $0.lowercased() }.joined()
            + String(characters.dropFirst(leadingCapitals))
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "some", "any", "borrowing", "consuming", "package",
    ]

    /// Member names that even backticks leave awkward (`x.self` is the value itself, `.init` a call).
    private static let unusableMemberNames: Set<String> = ["self", "init", "Type", "Protocol"]

    /// Types the generated code names, which a generated type must not shadow.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Data", "Date", "Decimal",
        "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error", "Float",
        "Hashable", "Int", "Int32", "Int64", "Optional", "Protocol", "Result", "Self", "Sendable", "Set",
        "String", "Type", "URL", "UUID", "Void", "DecodingError", "EncodingError", "JSONDecoder", "JSONEncoder",
        "APIHost", "EmptyQuery", "EmptyResponse", "HTTPMethod", "Query", "QueryEncoder", "QueryFieldStyle",
        "QueryFieldStyling", "Request", "RequestBody", "Response", "Foundation", "QueryRequest", "QueryCoding",
        "AnyJSONValue", "APIJSONCoding", "APISecurity", "Host", "ErrorBody", "CalendarDate", "APICookie",
    ]
}

/// Names already taken in one scope; a name taken again gets a number (`petId2`).
struct NameScope {
    private var taken: Set<String>

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    mutating func claim(_ name: String) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    func contains(_ name: String) -> Bool { taken.contains(name) }

    mutating func reserve(_ name: String) {
        taken.insert(name)
    }
}
