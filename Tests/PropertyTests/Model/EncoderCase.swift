import Foundation
import PropertyHarness
import QueryCoding

/// One input of the encoder properties: a top-level value and the strategies to encode it with.
struct EncoderCase: Sendable {
    var setup: EncodingSetup
    var root: QueryNode

    /// `encodeToString` of the root with the setup's encoder.
    func encodeToString() -> Result<String, any Error> {
        Result { try setup.encoder.encodeToString(root) }
    }

    /// `encode` of the root with the setup's encoder.
    func encode() -> Result<[URLQueryItem], any Error> {
        Result { try setup.encoder.encode(root) }
    }

    /// What the reference flattener predicts.
    var reference: Result<ReferenceQuery, ReferenceError> {
        ReferenceFlattener.flatten(root, setup: setup)
    }
}

extension EncoderCase: SwiftSourceConvertible {
    var swiftSource: String {
        "EncoderCase(\n    setup: \(setup.swiftSource),\n    root: \(root.swiftSource))"
    }
}
