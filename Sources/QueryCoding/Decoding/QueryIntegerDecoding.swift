import Foundation

/// Integers read exact decimal digits with an optional sign; anything else, or a value out of range,
/// is an error.
protocol QueryIntegerDecoding: FixedWidthInteger, QueryDecodingFastPath {}

extension QueryIntegerDecoding {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        try query.decodeScalar(Self.self, at: location, path: path, parseInteger)
    }

    private static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? {
        var index = 0
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return nil }
        var result: Self = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflow) = result.multipliedReportingOverflow(by: 10)
            let (next, carry) =
                negative
                ? shifted.subtractingReportingOverflow(Self(digit)) : shifted.addingReportingOverflow(Self(digit))
            guard !overflow, !carry else { return nil }
            result = next
            index += 1
        }
        return result
    }
}

extension Int: QueryIntegerDecoding {}
extension Int8: QueryIntegerDecoding {}
extension Int16: QueryIntegerDecoding {}
extension Int32: QueryIntegerDecoding {}
extension Int64: QueryIntegerDecoding {}
extension UInt: QueryIntegerDecoding {}
extension UInt8: QueryIntegerDecoding {}
extension UInt16: QueryIntegerDecoding {}
extension UInt32: QueryIntegerDecoding {}
extension UInt64: QueryIntegerDecoding {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: QueryIntegerDecoding {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: QueryIntegerDecoding {}
