import Foundation

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
