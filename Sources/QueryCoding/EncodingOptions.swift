import Foundation

/// The settings of a ``QueryEncoder``, resolved once per call.
struct EncodingOptions {
    /// Why the options cannot encode anything, checked once at the start of each call.
    var problem: EncodingError? {
        guard case .delimited(let separator) = arrayEncoding, !ListSeparator.isValidCustom(separator) else {
            return nil
        }
        return EncodingErrors.invalidSeparatorStrategy(separator)
    }

    var arrayEncoding: QueryArrayStyle = .commaSeparated
    var nestedKeyEncoding: QueryEncoder.NestedKeyEncodingStrategy = .dots
    var dateEncoding: QueryEncoder.DateEncodingStrategy = .iso8601
    var boolEncoding: QueryEncoder.BoolEncodingStrategy = .literal
    var nilEncoding: QueryEncoder.NilEncodingStrategy = .omit
    var keyEncoding: QueryEncoder.KeyEncodingStrategy = .useDefaultKeys
    var dataEncoding: QueryEncoder.DataEncodingStrategy = .base64
    var spaceEncoding: QueryEncoder.SpaceEncodingStrategy = .percentEscaped
    var outputFormatting: QueryEncoder.OutputFormatting = []
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}
