import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
enum RetryAfter {
    /// The wait the response asks for, or `nil` when it has no valid `Retry-After`.
    ///
    /// A date is measured from the response's own `Date` header when it has one, so that a skewed
    /// local clock does not matter, and from `now` otherwise. A date in the past means no wait.
    static func delay(in response: HTTPURLResponse, now: Date = Date()) -> Duration? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Too many digits to fit an Int is still a (very long) valid delay.
            return .seconds(Int(value) ?? Int.max)
        }
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        guard let target = HTTPDate.secondsSince1970(value, now: nowSeconds) else { return nil }
        let reference =
            response.value(forHTTPHeaderField: "Date").flatMap { HTTPDate.secondsSince1970($0, now: nowSeconds) }
            ?? nowSeconds
        return .seconds(max(target - reference, 0))
    }
}
