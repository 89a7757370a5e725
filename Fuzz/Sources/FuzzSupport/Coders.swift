import Foundation
import QueryRequest

/// An encoder and the decoder that mirrors it, with the strategies chosen by the fuzzer.
public struct CoderPair {
    /// Writes with `.sortedKeys`, so that two encodings of one value can be compared as text.
    public var encoder = QueryEncoder()
    /// Reads what `encoder` writes.
    public var decoder = QueryDecoder()
    /// Names the strategies, for failure messages.
    public var summary: [String] = []

    /// Strategies drawn from `input`.
    public init(_ input: inout FuzzInput) {
        encoder.outputFormatting = [.sortedKeys]
        switch input.choice(4) {
        case 0: (encoder.arrayEncodingStrategy, decoder.arrayDecodingStrategy) = (.commaSeparated, .commaSeparated)
        case 1: (encoder.arrayEncodingStrategy, decoder.arrayDecodingStrategy) = (.repeatedKeys, .repeatedKeys)
        case 2: (encoder.arrayEncodingStrategy, decoder.arrayDecodingStrategy) = (.brackets, .brackets)
        default:
            (encoder.arrayEncodingStrategy, decoder.arrayDecodingStrategy) = (.indexedBrackets, .indexedBrackets)
        }
        if input.flag() {
            (encoder.nestedKeyEncodingStrategy, decoder.nestedKeyDecodingStrategy) = (.brackets, .brackets)
        }
        switch input.choice(3) {
        case 0: break
        case 1: (encoder.nilEncodingStrategy, decoder.nilDecodingStrategy) = (.emptyValue, .emptyValue)
        default: (encoder.nilEncodingStrategy, decoder.nilDecodingStrategy) = (.null, .null)
        }
        if input.flag() { (encoder.boolEncodingStrategy, decoder.boolDecodingStrategy) = (.numeric, .numeric) }
        switch input.choice(3) {
        case 0: break
        case 1: (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.secondsSince1970, .secondsSince1970)
        default:
            (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (
                .millisecondsSince1970, .millisecondsSince1970
            )
        }
        if input.flag() { (encoder.dataEncodingStrategy, decoder.dataDecodingStrategy) = (.base64URL, .base64URL) }
        switch input.choice(3) {
        case 0: break
        case 1:
            (encoder.keyEncodingStrategy, decoder.keyDecodingStrategy) = (.convertToSnakeCase, .convertFromSnakeCase)
        default:
            (encoder.keyEncodingStrategy, decoder.keyDecodingStrategy) = (.convertToKebabCase, .convertFromKebabCase)
        }
        if input.flag() { encoder.spaceEncodingStrategy = .plus }
        summary = [
            "\(decoder.arrayDecodingStrategy)", "\(decoder.nestedKeyDecodingStrategy)",
            "\(decoder.nilDecodingStrategy)", "\(decoder.boolDecodingStrategy)", "\(decoder.dateDecodingStrategy)",
            "\(decoder.keyDecodingStrategy)", "\(encoder.spaceEncodingStrategy)",
        ]
    }
}
