import Foundation

/// Types the encoder writes without going through their own `encode(to:)`: the scalars, whose text it
/// formats directly, and the standard collections, whose order and shape it controls.
protocol QueryEncodingFastPath {
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws
}

/// A value written as one piece of text: the value of a pair, or an element of a comma-separated list.
protocol QueryScalarEncodable: QueryEncodingFastPath {
    /// Appends the value's text to the pair the caller has started.
    ///
    /// - Parameters:
    ///   - isListElement: The text is an element of a comma-separated list.
    ///   - codingPath: The value's coding path, for errors.
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws
}

extension QueryScalarEncodable {
    @inline(__always)
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        let isListElement = try slot.beginScalar()
        try writeQueryText(to: slot.writer, isListElement: isListElement) { slot.codingPath }
    }
}

extension EncodingWriter {
    /// Appends value text, refusing a comma inside a list element where it could not be told from a
    /// separator (items output; percent-encoded output escapes it as `%2C`).
    @inline(__always)
    func appendText(_ text: String, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        guard appendValue(text, isListElement: isListElement) else {
            throw separatorError(text, codingPath: codingPath())
        }
    }

    /// The error for a list element that holds the separator where it cannot be told from one.
    func separatorError(_ text: String, codingPath: [any CodingKey]) -> EncodingError {
        EncodingErrors.separatorInElement(text, separator: listSeparator, escapes: escapes, codingPath: codingPath)
    }
}

extension String: QueryScalarEncodable {
    @inline(__always)
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        try writer.appendText(self, isListElement: isListElement, codingPath: codingPath)
    }
}

extension Bool: QueryScalarEncodable {
    @inline(__always)
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        writer.appendBool(self)
    }
}

extension EncodingWriter {
    /// `true`/`false` or `1`/`0`, as the bool strategy says.
    @inline(__always)
    func appendBool(_ value: Bool) {
        switch boolEncoding {
        case .literal: appendUnreservedASCII(value ? "true" : "false")
        case .numeric: appendUnreservedASCII(value ? "1" : "0")
        }
    }
}

/// Integers are written as exact decimal digits, with `-` when negative: nothing to escape.
protocol QueryIntegerEncoding: FixedWidthInteger, QueryScalarEncodable {}

extension QueryIntegerEncoding {
    @inline(__always)
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        writer.appendInteger(self)
    }
}

extension Int: QueryIntegerEncoding {}
extension Int8: QueryIntegerEncoding {}
extension Int16: QueryIntegerEncoding {}
extension Int32: QueryIntegerEncoding {}
extension Int64: QueryIntegerEncoding {}
extension UInt: QueryIntegerEncoding {}
extension UInt8: QueryIntegerEncoding {}
extension UInt16: QueryIntegerEncoding {}
extension UInt32: QueryIntegerEncoding {}
extension UInt64: QueryIntegerEncoding {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: QueryIntegerEncoding {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: QueryIntegerEncoding {}

/// Floating-point numbers are written as Swift's shortest text that reads back to the same value
/// (`1.0`, `0.1`, `1e-07`, `-0.0`); NaN and infinities have no such text and throw.
protocol QueryFloatEncoding: BinaryFloatingPoint, LosslessStringConvertible, QueryScalarEncodable {}

extension QueryFloatEncoding {
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        guard isFinite else {
            throw EncodingErrors.nonFiniteNumber(self, codingPath: codingPath())
        }
        try writer.appendText(description, isListElement: isListElement, codingPath: codingPath)
    }
}

extension Double: QueryFloatEncoding {}
extension Float: QueryFloatEncoding {}

extension Decimal: QueryScalarEncodable {
    /// Plain decimal text (`12.5`, `1000000000000000000000`), never its internal fields.
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        guard !isNaN else {
            throw EncodingErrors.decimalNaN(self, codingPath: codingPath())
        }
        try writer.appendText(description, isListElement: isListElement, codingPath: codingPath)
    }
}

extension URL: QueryScalarEncodable {
    /// The absolute string.
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        try writer.appendText(absoluteString, isListElement: isListElement, codingPath: codingPath)
    }
}

extension UUID: QueryScalarEncodable {
    /// The canonical `uuidString`.
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        writer.appendUnreservedText(uuidString)
    }
}

extension Date: QueryScalarEncodable {
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        switch writer.dateEncoding {
        case .iso8601:
            guard let text = ISO8601.format(self) else {
                throw EncodingErrors.dateOutsideISO8601(self, codingPath: codingPath())
            }
            try writer.appendText(text, isListElement: isListElement, codingPath: codingPath)
        case .secondsSince1970:
            try writeNumber(timeIntervalSince1970, unit: "seconds", to: writer, codingPath: codingPath)
        case .millisecondsSince1970:
            try writeNumber(timeIntervalSince1970 * 1000, unit: "milliseconds", to: writer, codingPath: codingPath)
        case .formatted(let formatter):
            // A formatter writes nothing for a date it cannot format (far beyond its calendar's years):
            // that would drop the date silently.
            let text = formatter.string(from: self)
            guard !text.isEmpty else {
                throw EncodingErrors.dateFormatterWroteNothing(self, codingPath: codingPath())
            }
            try writer.appendText(text, isListElement: isListElement, codingPath: codingPath)
        case .custom(let format):
            try writer.appendText(format(self), isListElement: isListElement, codingPath: codingPath)
        }
    }

    /// Whole numbers as integers (`1509466556`), others as the shortest decimal text.
    private func writeNumber(
        _ number: Double, unit: String, to writer: EncodingWriter, codingPath: () -> [any CodingKey]
    ) throws {
        guard number.isFinite else {
            throw EncodingErrors.dateNotFinite(self, unit: unit, codingPath: codingPath())
        }
        if number.rounded(.towardZero) == number, abs(number) < 1e18 {
            writer.appendInteger(Int64(number))
        } else {
            try writer.appendText(number.description, isListElement: false, codingPath: codingPath)
        }
    }
}

extension Data: QueryScalarEncodable {
    func writeQueryText(to writer: EncodingWriter, isListElement: Bool, codingPath: () -> [any CodingKey]) throws {
        switch writer.storage.options.dataEncoding {
        case .base64:
            try writer.appendText(base64EncodedString(), isListElement: isListElement, codingPath: codingPath)
        case .base64URL:
            writer.appendUnreservedText(Base64.encodeURL(self))
        case .custom(let format):
            try writer.appendText(format(self), isListElement: isListElement, codingPath: codingPath)
        }
    }
}
