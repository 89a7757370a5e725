import Foundation

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
