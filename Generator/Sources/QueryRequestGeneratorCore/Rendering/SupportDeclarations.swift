/// Types the generated code needs beyond the document's own, written only when used.
enum SupportDeclarations {
    static func renderJSONCoding(access: String, into writer: inout SwiftWriter) {
        writer.line("/// The JSON coders of this API: dates (`date-time`) as ISO 8601 text, keys sorted so that a body")
        writer.line("/// is the same bytes each time it is encoded.")
        writer.block("\(access)enum APIJSONCoding") { writer in
            writer.block("\(access)static let encoder: JSONEncoder =") { writer in
                writer.line("let encoder = JSONEncoder()")
                writer.line("encoder.dateEncodingStrategy = .iso8601")
                writer.line("encoder.outputFormatting = .sortedKeys")
                writer.line("return encoder")
            }
            writer.replaceLastLine(with: "}()")
            writer.blankLine()
            writer.block("\(access)static let decoder: JSONDecoder =") { writer in
                writer.line("let decoder = JSONDecoder()")
                writer.line("// RFC 3339 date-times, with or without fractions of a second.")
                writer.line("decoder.dateDecodingStrategy = .custom { decoder in")
                writer.indented { writer in
                    writer.line("let container = try decoder.singleValueContainer()")
                    writer.line("let text = try container.decode(String.self)")
                    writer.line("if let date = try? Date(text, strategy: .iso8601) { return date }")
                    writer.line("let withFractions = Date.ISO8601FormatStyle(includingFractionalSeconds: true)")
                    writer.line("if let date = try? Date(text, strategy: withFractions) { return date }")
                    writer.line(
                        "throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Not an ISO 8601 date: \\(text)\")"
                    )
                }
                writer.line("}")
                writer.line("return decoder")
            }
            writer.replaceLastLine(with: "}()")
        }
    }

    static func renderAnyJSONValue(access: String, into writer: inout SwiftWriter) {
        writer.line("/// Any JSON value, for schemas that do not say what they hold.")
        writer.block("\(access)enum AnyJSONValue: Codable, Hashable, Sendable") { writer in
            for line in [
                "case null", "case bool(Bool)", "case number(Double)", "case string(String)",
                "case array([AnyJSONValue])", "case object([String: AnyJSONValue])",
            ] {
                writer.line(line)
            }
            writer.blankLine()
            writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
                writer.line("let container = try decoder.singleValueContainer()")
                writer.line("if container.decodeNil() {")
                writer.line("    self = .null")
                for (type, name) in [
                    ("Bool", "bool"), ("Double", "number"), ("String", "string"), ("[AnyJSONValue]", "array"),
                    ("[String: AnyJSONValue]", "object"),
                ] {
                    writer.line("} else if let value = try? container.decode(\(type).self) {")
                    writer.line("    self = .\(name)(value)")
                }
                writer.line("} else {")
                writer.line(
                    "    throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Not a JSON value\")")
                writer.line("}")
            }
            writer.blankLine()
            writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.singleValueContainer()")
                writer.line("switch self {")
                writer.line("case .null: try container.encodeNil()")
                for name in ["bool", "number", "string", "array", "object"] {
                    writer.line("case .\(name)(let value): try container.encode(value)")
                }
                writer.line("}")
            }
        }
    }

    /// `CalendarDate`, the type of `format: date`: a day written `YYYY-MM-DD`, comparable, convertible to and from
    /// a `Date` in a given time zone.
    static func renderCalendarDate(access: String, into writer: inout SwiftWriter) {
        for line in calendarDateTemplate.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.replacingOccurrences(of: "public ", with: access)
            if text.isEmpty { writer.blankLine() } else { writer.line(text) }
        }
    }

    /// `APICookie.pair(_:_:)`, which writes one `name=value` of a `Cookie` header.
    static func renderCookie(access: String, into writer: inout SwiftWriter) {
        writer.line("/// The text of cookie parameters in a `Cookie` header (RFC 6265).")
        writer.block("\(access)enum APICookie") { writer in
            writer.line(
                "/// `name=value`, each byte of `value` outside RFC 6265's cookie-octet, and `%`, percent-encoded:")
            writer.line("/// any text arrives whole, and a server reads it back by percent-decoding.")
            writer.block("\(access)static func pair(_ name: String, _ value: String) -> String") { writer in
                writer.line("let hexDigits = Array(\"0123456789ABCDEF\".unicodeScalars)")
                writer.line("var text = name + \"=\"")
                writer.block("for byte in value.utf8") { writer in
                    writer.line("switch byte {")
                    writer.line("case 0x21, 0x23...0x24, 0x26...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E:")
                    writer.line("    text.unicodeScalars.append(Unicode.Scalar(byte))")
                    writer.line("default:")
                    writer.line("    text.unicodeScalars.append(\"%\")")
                    writer.line("    text.unicodeScalars.append(hexDigits[Int(byte >> 4)])")
                    writer.line("    text.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])")
                    writer.line("}")
                }
                writer.line("return text")
            }
        }
    }

    private static let calendarDateTemplate = #"""
        /// A day of the calendar (`format: date`), written as RFC 3339's `YYYY-MM-DD`: no time of day and no time zone,
        /// so that a birthday or a due date reads the same wherever it is decoded.
        public struct CalendarDate: Codable, Hashable, Comparable, Sendable, LosslessStringConvertible {
            /// The year, 0 to 9999 (the years `YYYY` can write).
            public let year: Int
            /// The month, 1 to 12.
            public let month: Int
            /// The day of the month, 1 to 31.
            public let day: Int

            /// The day, or `nil` when it does not exist in the Gregorian calendar (`2023-02-29`) or its year is outside
            /// 0...9999.
            public init?(year: Int, month: Int, day: Int) {
                guard (0...9999).contains(year), (1...12).contains(month), day >= 1 else { return nil }
                let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
                let lengths = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
                guard day <= lengths[month - 1] else { return nil }
                self.year = year
                self.month = month
                self.day = day
            }

            /// Reads `YYYY-MM-DD`, digits only; `nil` for any other text or a day that does not exist.
            public init?(_ description: String) {
                let bytes = Array(description.utf8)
                guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
                func number(_ range: Range<Int>) -> Int? {
                    var value = 0
                    for byte in bytes[range] {
                        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                        value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    }
                    return value
                }
                guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
                self.init(year: year, month: month, day: day)
            }

            /// The day on which `date` falls in `timeZone` (in the proleptic Gregorian calendar, as RFC 3339 counts);
            /// `nil` when its year is outside 0...9999.
            public init?(_ date: Date, in timeZone: TimeZone) {
                let local = (date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))) / 86_400
                guard local.isFinite, abs(local) < 10_000_000 else { return nil }
                // Howard Hinnant's civil_from_days: days since 1970-01-01 to year, month and day.
                let shifted = Int(local.rounded(.down)) + 719_468
                let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
                let dayOfEra = shifted - era * 146_097
                let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
                let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
                let shiftedMonth = (5 * dayOfYear + 2) / 153
                let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
                let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
                self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
            }

            /// The moment this day begins in `timeZone`: midnight, or the first moment after a transition that skips
            /// it. Days before 1583 count in the proleptic Gregorian calendar, as RFC 3339 does (Foundation's
            /// Gregorian calendar is Julian before October 1582).
            public func date(in timeZone: TimeZone) -> Date {
                if year >= 1583 {
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = timeZone
                    if let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) {
                        return calendar.startOfDay(for: date)
                    }
                }
                // Howard Hinnant's days_from_civil: days since 1970-01-01.
                let shiftedYear = month <= 2 ? year - 1 : year
                let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
                let yearOfEra = shiftedYear - era * 400
                let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
                let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
                let midnight = Date(timeIntervalSince1970: Double(era * 146_097 + dayOfEra - 719_468) * 86_400)
                return midnight.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: midnight)))
            }

            /// `YYYY-MM-DD`.
            public var description: String {
                func padded(_ value: Int, width: Int) -> String {
                    let digits = String(value)
                    return String(repeating: "0", count: max(0, width - digits.count)) + digits
                }
                return "\(padded(year, width: 4))-\(padded(month, width: 2))-\(padded(day, width: 2))"
            }

            public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
                (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let value = CalendarDate(text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Not a calendar date (YYYY-MM-DD): \(text)")
                }
                self = value
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(description)
            }
        }
        """#
}
