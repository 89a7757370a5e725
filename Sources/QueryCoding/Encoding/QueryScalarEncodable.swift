import Foundation

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
