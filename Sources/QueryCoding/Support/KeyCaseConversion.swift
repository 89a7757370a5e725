/// Converts coding keys between camelCase and words joined by a separator (snake_case, kebab-case).
///
/// Only ASCII letters change case; any other character is kept as it is.
///
/// | Key | To snake case | Back to camel case |
/// |-----|---------------|--------------------|
/// | `deviceID` | `device_id` | `deviceId` |
/// | `myURLValue` | `my_url_value` | `myUrlValue` |
/// | `device_id` | `device_id` | `deviceId` |
/// | `_private` | `_private` | `_private` |
enum KeyCaseConversion {
    /// Splits `key` into words where an ASCII lowercase letter or digit is followed by an uppercase
    /// one, and before the last capital of a run that continues in lowercase (`URLValue` → `URL`,
    /// `Value`); joins them with `separator` and lowercases them.
    static func toSeparatedWords(_ key: String, separator: Character) -> String {
        let utf8 = key.utf8
        guard utf8.contains(where: isUppercase) else { return key }
        let bytes = Array(utf8)
        let separator = separator.asciiValue!
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        for (index, byte) in bytes.enumerated() {
            if isUppercase(byte), index > 0 {
                let previous = bytes[index - 1]
                let startsWord =
                    isLowercase(previous) || isDigit(previous)
                    || (isUppercase(previous) && index + 1 < bytes.count && isLowercase(bytes[index + 1]))
                if startsWord { result.append(separator) }
            }
            result.append(isUppercase(byte) ? byte + 32 : byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Joins words separated by `separator` into camelCase (`device_id` → `deviceId`), keeping leading
    /// and trailing separators, as `JSONDecoder`'s `convertFromSnakeCase` does.
    static func fromSeparatedWords(_ key: String, separator: Character) -> String {
        let separator = separator.asciiValue!
        let bytes = Array(key.utf8)
        guard let first = bytes.firstIndex(where: { $0 != separator }) else { return key }
        let last = bytes.lastIndex(where: { $0 != separator })!
        let words = bytes[first...last].split(separator: separator)
        guard words.count > 1 else { return key }
        var result = Array(bytes[..<first])
        for (number, word) in words.enumerated() {
            for (offset, byte) in word.enumerated() {
                if number == 0 {
                    result.append(byte)
                } else if offset == 0 {
                    result.append(isLowercase(byte) ? byte - 32 : byte)
                } else {
                    result.append(isUppercase(byte) ? byte + 32 : byte)
                }
            }
        }
        result.append(contentsOf: bytes[(last + 1)...])
        return String(decoding: result, as: UTF8.self)
    }

    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLowercase(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
