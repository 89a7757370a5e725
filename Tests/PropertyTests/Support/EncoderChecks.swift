import Foundation
import PropertyHarness
import QueryCoding

/// The comparisons the encoder properties make, throwing a ``PropertyFailure`` that shows both sides.
extension EncoderCase {
    /// `encodeToString` returns exactly the reference's query (as UTF-8 bytes), or throws when the
    /// reference says it must. `value` is what is encoded: the root, or a typed value the root describes.
    func checkStringAgainstReference(encoding value: some Encodable) throws {
        switch (reference, Result { try setup.encoder.encodeToString(value) }) {
        case (.failure(let expected), .success(let actual)):
            throw PropertyFailure("expected an error (\(expected)), but encodeToString returned \(actual.swiftSource)")
        case (.failure(let expected), .failure(let error)):
            try requireExpectedError(error, expected)
        case (.success(let expected), .failure(let error)):
            throw PropertyFailure("expected \(expected.string.swiftSource), but encodeToString threw \(error)")
        case (.success(let expected), .success(let actual)):
            try require(
                Array(actual.utf8) == Array(expected.string.utf8),
                "encodeToString differs from the reference\n  expected: \(expected.string.swiftSource)\n  actual:   \(actual.swiftSource)"
            )
        }
    }

    /// `encode` returns exactly the reference's items (names and values as UTF-8 bytes), or throws when
    /// the reference says it must (also for a comma inside a comma-separated element).
    func checkItemsAgainstReference(encoding value: some Encodable) throws {
        switch (reference, Result { try setup.encoder.encode(value) }) {
        case (.failure(let expected), .success(let actual)):
            throw PropertyFailure("expected an error (\(expected)), but encode returned \(render(actual))")
        case (.failure(let expected), .failure(let error)):
            try requireExpectedError(error, expected)
        case (.success(let expected), .failure(let error)):
            guard expected.items == nil else {
                throw PropertyFailure("expected \(render(expected.items ?? [])), but encode threw \(error)")
            }
            try requireExpectedError(error, ReferenceError("a comma inside a comma-separated element"))
        case (.success(let expected), .success(let actual)):
            guard let items = expected.items else {
                throw PropertyFailure(
                    "expected an error for a comma inside a comma-separated element, but encode returned \(render(actual))"
                )
            }
            try require(
                samePairs(bytes(of: actual), items),
                "encode differs from the reference\n  expected: \(render(items))\n  actual:   \(render(actual))")
        }
    }

    /// An error the reference predicts: an `EncodingError.invalidValue` (with a description), or the
    /// custom date closure's own error, passed on as it is, when the value holds a date it rejects.
    /// (Which of two problems is reported first is not specified: the encoder may format a value
    /// before it checks the key it goes under.)
    private func requireExpectedError(_ error: any Error, _ expected: ReferenceError) throws {
        if error is Fixtures.DateOutsideItsRange {
            try require(holdsDateTheCustomClosureRejects, "the custom date closure's error, unexpected: \(expected)")
            return
        }
        guard let encodingError = error as? EncodingError, case .invalidValue(_, let context) = encodingError else {
            throw PropertyFailure("expected EncodingError.invalidValue (\(expected)), got \(error)")
        }
        try require(!context.debugDescription.isEmpty, "the EncodingError has no description")
    }

    private var holdsDateTheCustomClosureRejects: Bool {
        guard setup.dates == .custom else { return false }
        return root.allNodes.contains { node in
            if case .date(let date) = node { Fixtures.customDateTextRejects(date) } else { false }
        }
    }
}

/// Names and values of items as UTF-8 bytes (a missing value reads as a distinct marker).
func bytes(of items: [URLQueryItem]) -> [(name: [UInt8], value: [UInt8])] {
    items.map { (Array($0.name.utf8), $0.value.map { Array($0.utf8) } ?? Array("<nil>".utf8)) }
}

/// Items as Swift source: `[("name", "value"), …]`.
func render(_ items: [URLQueryItem]) -> String {
    render(bytes(of: items))
}

/// Byte pairs as Swift source: `[("name", "value"), …]`.
func render(_ pairs: [(name: [UInt8], value: [UInt8])]) -> String {
    let text = pairs.map { pair in
        "(\(String(decoding: pair.name, as: UTF8.self).swiftSource), \(String(decoding: pair.value, as: UTF8.self).swiftSource))"
    }
    return "[\(text.joined(separator: ", "))]"
}
