import Foundation

/// Floating-point numbers read decimal text; a value too large to be finite is an error.
protocol QueryFloatDecoding: BinaryFloatingPoint, LosslessStringConvertible, QueryDecodingFastPath {}

extension QueryFloatDecoding {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        try query.decodeScalar(Self.self, at: location, path: path) { bytes in
            guard isDecimalNumberText(bytes), let value = Self(String(decoding: bytes, as: UTF8.self)),
                value.isFinite
            else { return nil }
            return value
        }
    }
}

extension Double: QueryFloatDecoding {}
extension Float: QueryFloatDecoding {}
