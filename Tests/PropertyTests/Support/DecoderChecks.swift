import Foundation
import PropertyHarness
import QueryCoding

/// The checks of the decoder-totality property, throwing a ``PropertyFailure`` that names the target.
extension DecoderInput {
    /// Decodes the input into every target: each gives a value or throws an error the decoder may throw
    /// (a `DecodingError` with a description, a `QueryDecodingLimitError` that matches the limits, or a
    /// custom strategy closure's own error), never anything else and never a trap. Input over the length
    /// limit (or, for items, the parameter count, which items check first) fails for every target with
    /// exactly that error; a keyless type is never a whole query.
    func checkTotality() throws {
        let decoder = self.decoder
        let expectedLimit = limitExceededBeforeParsing
        for (target, outcome) in DecodingTargets.outcomes(of: source, with: decoder) {
            switch outcome {
            case .success(let value):
                if let expectedLimit {
                    throw PropertyFailure("\(target): expected \(expectedLimit), but decoding returned \(value)")
                }
            case .failure(let error):
                try requireAllowed(error, target: target)
                if let expectedLimit, error as? QueryDecodingLimitError != expectedLimit {
                    throw PropertyFailure("\(target): expected \(expectedLimit), but decoding threw \(error)")
                }
            }
        }
        try checkDecodedValuesEncode()
        let parses = Result { try source.decode(Walker.self, with: decoder) }
        for (target, outcome) in DecodingTargets.keylessOutcomes(of: source, with: decoder) {
            switch (outcome, parses) {
            case (.success(let value), _):
                throw PropertyFailure("\(target) is not a whole query, but decoding returned \(value)")
            case (.failure(let error), .success):
                guard let decodingError = error as? DecodingError, case .typeMismatch = decodingError else {
                    throw PropertyFailure("\(target): expected DecodingError.typeMismatch, got \(error)")
                }
            case (.failure(let error), .failure):
                try requireAllowed(error, target: target)
            }
        }
    }

    /// Issue 14: what the decoder returns, the mirrored encoder can write (decode ∘ encode is total). A
    /// key the encoder refuses (`a[]` read as a dictionary gave the empty key) must be refused by the
    /// decoder instead, where the parameter can be named.
    func checkDecodedValuesEncode() throws {
        func check<T: Codable>(_ type: T.Type) throws {
            guard let value = try? source.decode(T.self, with: decoder) else { return }
            do {
                // The string form only: items refuse a comma inside a `.commaSeparated` element, as
                // documented (they cannot escape it).
                _ = try setup.encoder.encodeToString(value)
            } catch {
                throw PropertyFailure("\(T.self): decoded \(value), which the mirrored encoder refuses: \(error)")
            }
        }
        try check([String: String].self)
        try check([String: [String]].self)
        try check([String: [String: Int]].self)
        try check([Int: String].self)
        try check([String: Int?].self)
        try check([String: Set<String>].self)
        try check([String: [String: [String]]].self)
    }

    /// The limit error every decoding must throw before it reads anything, if any.
    var limitExceededBeforeParsing: QueryDecodingLimitError? {
        switch source {
        case .string(let query):
            let length = query.utf8.count - (query.hasPrefix("?") ? 1 : 0)
            if length > limits.maximumInputLength {
                return QueryDecodingLimitError(limit: .inputLength, maximum: limits.maximumInputLength)
            }
        case .items(let items):
            if items.count > limits.maximumParameterCount {
                return QueryDecodingLimitError(limit: .parameterCount, maximum: limits.maximumParameterCount)
            }
            let length = items.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) }
            if length > limits.maximumInputLength {
                return QueryDecodingLimitError(limit: .inputLength, maximum: limits.maximumInputLength)
            }
        }
        return nil
    }

    /// Throws unless `error` is one the decoder may throw, well formed.
    func requireAllowed(_ error: any Error, target: String) throws {
        switch error {
        case let error as DecodingError:
            let context: DecodingError.Context? =
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                    .dataCorrupted(let context):
                    context
                @unknown default: nil
                }
            try require(
                context.map { !$0.debugDescription.isEmpty } == true,
                "\(target): a DecodingError without a description: \(error)")
        case let error as QueryDecodingLimitError:
            let maximum: Int
            switch error.limit {
            case .inputLength: maximum = limits.maximumInputLength
            case .parameterCount: maximum = limits.maximumParameterCount
            case .depth: maximum = limits.maximumDepth
            case .arrayLength: maximum = limits.maximumArrayLength
            }
            try require(error.maximum == maximum, "\(target): \(error) does not state the limit \(maximum)")
            let namesParameter = error.limit == .depth || error.limit == .arrayLength
            try require(
                (error.parameter != nil) == namesParameter,
                "\(target): \(error) \(namesParameter ? "does not name" : "names") a parameter")
        case is Fixtures.UnreadableText:
            try require(
                setup.dates == .custom || setup.data == .custom,
                "\(target): a custom closure's error, but the setup has no custom closure: \(error)")
        default:
            throw PropertyFailure(
                "\(target): decoding threw \(String(reflecting: error)), which is neither a DecodingError nor a QueryDecodingLimitError"
            )
        }
    }
}
