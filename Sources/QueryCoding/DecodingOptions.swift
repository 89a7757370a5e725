import Foundation

/// The settings of a ``QueryDecoder``, copied once per call.
struct DecodingOptions {
    /// Why the options cannot decode anything, checked once at the start of each call.
    var problem: DecodingError? {
        guard case .delimited(let separator) = arrayDecoding, !ListSeparator.isValidCustom(separator) else {
            return nil
        }
        return DecodingErrors.invalidSeparatorStrategy(separator)
    }

    var arrayDecoding: QueryArrayStyle = .commaSeparated
    var nestedKeyDecoding: QueryDecoder.NestedKeyDecodingStrategy = .dots
    var dateDecoding: QueryDecoder.DateDecodingStrategy = .iso8601
    var boolDecoding: QueryDecoder.BoolDecodingStrategy = .literal
    var nilDecoding: QueryDecoder.NilDecodingStrategy = .omit
    var keyDecoding: QueryDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dataDecoding: QueryDecoder.DataDecodingStrategy = .base64
    var limits: QueryDecoder.Limits = .default
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}
