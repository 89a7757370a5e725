import Foundation
import PropertyHarness
import QueryRequest
import Testing

/// Basic credentials are NFC-normalised part by part (RFC 7617 §2.1): a user-id or a password typed with
/// combining marks sends the same bytes as the precomposed spelling, each part on its own.
@Suite(.timeLimit(.minutes(20))) struct CredentialNormalizationProperties {
    /// Text whose precomposed and decomposed spellings differ, with plain text around: the pieces are
    /// (precomposed, decomposed) pairs.
    static let pieces: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("\u{C5}", "A\u{30A}"), ("\u{1E69}", "s\u{323}\u{307}"), ("\u{F1}", "n\u{303}"),
        ("\u{1F1}", "\u{1F1}"), ("\u{AC00}", "\u{1100}\u{1161}"), ("a", "a"), ("Z", "Z"), ("9", "9"), (" ", " "),
    ]

    /// A credential part: its precomposed and its decomposed spelling.
    static let part: Gen<(composed: String, decomposed: String)> = Gen<Int>.int(in: 0...(pieces.count - 1))
        .array(averageLength: 6, minimumLength: 1, maximumLength: 16)
        .map { indices in
            (indices.map { pieces[$0].0 }.joined(), indices.map { pieces[$0].1 }.joined())
        }

    struct Case: SwiftSourceConvertible {
        let user: (composed: String, decomposed: String)
        let password: (composed: String, decomposed: String)
        var swiftSource: String {
            "Case(user: (\(user.composed.swiftSource), \(user.decomposed.swiftSource)), "
                + "password: (\(password.composed.swiftSource), \(password.decomposed.swiftSource)))"
        }
    }

    @Test func eachPartIsNormalisedOnItsOwn() async {
        let cases = Self.part.zip(Self.part).map { Case(user: $0, password: $1) }
        let property = Property("each part of Basic credentials is NFC-normalised on its own", cases) { credentials in
            func header(_ user: String, _ password: String) throws -> String {
                try BasicAuthorizationMiddleware(username: user, password: password).headerValue()
            }
            let expected =
                "Basic "
                + Data("\(credentials.user.composed):\(credentials.password.composed)".utf8).base64EncodedString()
            let spellings = [
                (credentials.user.decomposed, credentials.password.composed),
                (credentials.user.composed, credentials.password.decomposed),
                (credentials.user.decomposed, credentials.password.decomposed),
                (credentials.user.composed, credentials.password.composed),
            ]
            for (user, password) in spellings {
                let value = try header(user, password)
                try require(
                    value == expected, "\(user.swiftSource):\(password.swiftSource) sent \(value), not \(expected)")
            }
        }
        await check(property)
    }
}
