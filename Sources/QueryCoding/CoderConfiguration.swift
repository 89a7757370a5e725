import Foundation

extension Encoder {
    /// The ``QueryEncoder`` running this encoder, for an `encode(to:)` that writes differently to a query;
    /// `nil` when another encoder (`JSONEncoder`, …) runs it.
    ///
    /// Its strategies are the ones in force where the value is written: the encoder's, overridden by the
    /// ``QueryFieldStyle`` of the field being written, if any.
    ///
    /// ```swift
    /// struct Window: Encodable {
    ///     let days: [Int]
    ///
    ///     func encode(to encoder: any Encoder) throws {
    ///         var container = encoder.container(keyedBy: CodingKeys.self)
    ///         if let query = encoder.queryEncoder, query.arrayEncodingStrategy == .commaSeparated {
    ///             // The server reads a range here: one pair, `days=1-7`.
    ///             try container.encode("\(days.min() ?? 0)-\(days.max() ?? 0)", forKey: .days)
    ///         } else {
    ///             try container.encode(days, forKey: .days)
    ///         }
    ///     }
    ///
    ///     enum CodingKeys: String, CodingKey { case days }
    /// }
    /// ```
    ///
    /// The value is a copy of the configuration: changing it changes nothing in the call that runs. It
    /// is `Sendable`, unlike the encoder itself, which is valid only while `encode(to:)` runs.
    public var queryEncoder: QueryEncoder? {
        (self as? QueryEncoderImpl)?.scope.writer.configuration
    }
}

extension Decoder {
    /// The ``QueryDecoder`` running this decoder, for an `init(from:)` that reads a query differently;
    /// `nil` when another decoder runs it.
    ///
    /// Its strategies are the ones in force where the value is read: the decoder's, overridden by the
    /// ``QueryFieldStyle`` of the field being read, if any. The value is a copy of the configuration.
    public var queryDecoder: QueryDecoder? {
        (self as? QueryDecoderImpl)?.query.configuration
    }
}
