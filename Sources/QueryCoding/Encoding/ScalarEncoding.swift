import Foundation

/// Types the encoder writes without going through their own `encode(to:)`: the scalars, whose text it
/// formats directly, and the standard collections, whose order and shape it controls.
protocol QueryEncodingFastPath {
    func encodeQuery<Site: EncodingSite>(at site: Site) throws
}

extension String: QueryEncodingFastPath {
    @inline(__always)
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        try site.encodeText(self)
    }
}

extension Bool: QueryEncodingFastPath {
    @inline(__always)
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        _ = try site.beginScalar()
        switch site.writer.options.boolEncoding {
        case .literal: site.writer.appendUnreservedASCII(self ? "true" : "false")
        case .numeric: site.writer.appendUnreservedASCII(self ? "1" : "0")
        }
    }
}

/// Integers are written as exact decimal digits, with `-` when negative: nothing to escape.
protocol QueryIntegerEncoding: FixedWidthInteger, QueryEncodingFastPath {}

extension QueryIntegerEncoding {
    @inline(__always)
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        _ = try site.beginScalar()
        site.writer.appendInteger(self)
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

/// Floating-point numbers are written as Swift's shortest text that reads back to the same value
/// (`1.0`, `0.1`, `1e-07`, `-0.0`); NaN and infinities have no such text and throw.
protocol QueryFloatEncoding: BinaryFloatingPoint, LosslessStringConvertible, QueryEncodingFastPath {}

extension QueryFloatEncoding {
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        guard isFinite else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: site.codingPath,
                    debugDescription: "\(self) is not a finite number, and a query has no text that reads back as it."
                ))
        }
        try site.encodeText(description)
    }
}

extension Double: QueryFloatEncoding {}
extension Float: QueryFloatEncoding {}

extension Decimal: QueryEncodingFastPath {
    /// Plain decimal text (`12.5`, `1000000000000000000000`), never its internal fields.
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        guard !isNaN else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(codingPath: site.codingPath, debugDescription: "Decimal.nan has no query text.")
            )
        }
        try site.encodeText(description)
    }
}

extension URL: QueryEncodingFastPath {
    /// The absolute string.
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        try site.encodeText(absoluteString)
    }
}

extension UUID: QueryEncodingFastPath {
    /// The canonical `uuidString`.
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        try site.encodeText(uuidString)
    }
}

extension Date: QueryEncodingFastPath {
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        switch site.writer.options.dateEncoding {
        case .iso8601:
            guard let text = ISO8601.format(self) else {
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: site.codingPath,
                        debugDescription:
                            "\(timeIntervalSince1970) seconds since 1970 is outside the years 0000–9999 that ISO 8601 text can hold."
                    ))
            }
            try site.encodeText(text)
        case .secondsSince1970:
            try encodeNumber(timeIntervalSince1970, unit: "seconds", at: site)
        case .millisecondsSince1970:
            try encodeNumber(timeIntervalSince1970 * 1000, unit: "milliseconds", at: site)
        case .formatted(let formatter):
            try site.encodeText(formatter.string(from: self))
        case .custom(let format):
            try site.encodeText(format(self))
        }
    }

    /// Whole numbers as integers (`1509466556`), others as the shortest decimal text.
    private func encodeNumber<Site: EncodingSite>(_ number: Double, unit: String, at site: Site) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: site.codingPath, debugDescription: "The date is not a finite number of \(unit)."))
        }
        if number.rounded(.towardZero) == number, abs(number) < 1e18 {
            _ = try site.beginScalar()
            site.writer.appendInteger(Int64(number))
        } else {
            try site.encodeText(number.description)
        }
    }
}

extension Data: QueryEncodingFastPath {
    func encodeQuery<Site: EncodingSite>(at site: Site) throws {
        switch site.writer.options.dataEncoding {
        case .base64:
            try site.encodeText(base64EncodedString())
        case .base64URL:
            try site.encodeText(Base64URL.encode(self))
        case .custom(let format):
            try site.encodeText(format(self))
        }
    }
}
