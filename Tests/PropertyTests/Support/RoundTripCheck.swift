import Foundation
import PropertyHarness
import QueryCoding

/// The two forms a query travels in.
enum QueryForm: CaseIterable, Sendable {
    /// `encodeToString`, then `decode(_:from: String)`.
    case string
    /// `encode`, then `decode(_:from: [URLQueryItem])`.
    case items
}

/// What happened to a realistic value on its round trip.
enum RoundTripOutcome: Equatable {
    /// Decoding gave back the value, changed only as the listed lossy rows of the guide say.
    case decoded(lossyRows: [String])
    /// Decoding failed, as the rules said it must.
    case failedAsDocumented
    /// The encoder refused the value, as the reference said it must.
    case refusedByTheEncoder
}

extension RealisticCase {
    /// Encodes the value in `form` with the setup's encoder and decodes it with the mirrored decoder:
    /// the result must be exactly what ``RealisticQuery/roundTripped(_:)`` says. The encoder may refuse
    /// the value only where the reference flattener says it must.
    @discardableResult
    func checkRoundTrip(_ form: QueryForm) throws -> RoundTripOutcome {
        try roundTrip(value, form)
    }

    private func roundTrip<T: RealisticQuery>(_ value: T, _ form: QueryForm) throws -> RoundTripOutcome {
        let reference = EncoderCase(setup: setup, root: value.node).reference
        let encoder = setup.encoder
        let decoder = setup.decoder
        let decode: () throws -> T
        let shown: String
        do {
            switch form {
            case .string:
                let query = try encoder.encodeToString(value)
                (decode, shown) = ({ try decoder.decode(T.self, from: query) }, query.swiftSource)
            case .items:
                let items = try encoder.encode(value)
                (decode, shown) = ({ try decoder.decode(T.self, from: items) }, render(items))
            }
        } catch {
            switch reference {
            case .failure:
                return .refusedByTheEncoder
            case .success(let query) where form == .items && query.items == nil:
                // A comma inside a `.commaSeparated` element: items cannot carry it (a lossy row).
                return .refusedByTheEncoder
            case .success(let query):
                throw PropertyFailure(
                    "encoding threw \(error), but the reference encodes it as \(query.string.swiftSource)")
            }
        }
        if case .failure(let expected) = reference {
            throw PropertyFailure("encoding succeeded (\(shown)), but the reference says it throws: \(expected)")
        }

        let rules = RoundTripRules(setup: setup)
        let expected: T
        do {
            expected = try value.roundTripped(rules)
        } catch {
            do {
                let decoded = try decode()
                throw PropertyFailure(
                    "decoding \(shown) must fail (\(error)), but it returned \(memberwiseSource(of: decoded))")
            } catch is DecodingError {
                return .failedAsDocumented
            }
        }
        let decoded: T
        do {
            decoded = try decode()
        } catch {
            throw PropertyFailure("decoding \(shown) threw \(error)")
        }
        let comparison = StrictComparison(dateMatches: rules.dateMatches)
        if let difference = comparison.firstDifference(expected, decoded) {
            throw PropertyFailure(
                "decoding \(shown) does not give the value back: \(difference)\n  decoded:  \(memberwiseSource(of: decoded))"
            )
        }
        return .decoded(lossyRows: rules.applied.rows)
    }
}
