import Foundation

/// The lossy combinations of the QueryEncoding guide ("Lossy combinations"), as functions from what was
/// encoded to what decoding with the mirrored strategies must give back.
///
/// Each realistic type applies them to its own fields (``RealisticQuery/roundTripped(_:)``), so every
/// row that concerns the family is asserted exactly as documented rather than skipped:
///
/// | Row of the guide | Where |
/// |------------------|-------|
/// | `.emptyValue` + optional `""`, `.null` + optional `"null"` | `optional` (of a string) |
/// | `.omit` + a `nil` dictionary value | `dictionary` |
/// | an empty optional collection | `optional` (of a collection) |
/// | a dictionary entry whose value writes nothing | `dictionaryOfArrays` |
/// | an optional struct whose fields all write nothing | `ProfileQuery.roundTripped` |
/// | `T??` holding `.some(nil)` | `collapsed` |
/// | dates | `date`, `optionalDate`, `optionalDates`, `dateMatches` |
/// | a relative `URL` | `StrictComparison` compares URLs by `absoluteString` and requires no base |
///
/// The rows that end in an encoding error (an empty `.indexedBrackets` element, a comma inside a
/// `.commaSeparated` element in items form, a `nil` array element under `.omit`) are predicted by the
/// reference flattener. Two rows cannot arise in the family and are left to the example tests in
/// `LossyCombinationTests`: a `Set` decoded as an array (the types decode sets as sets), and two coding
/// keys that convert to one name (no type has such keys).
struct RoundTripRules {
    let setup: EncodingSetup
    /// The rows that changed something, for the coverage requirements.
    let applied = AppliedRows()

    /// The names of the rows that applied, in order.
    final class AppliedRows {
        fileprivate(set) var rows: [String] = []
    }

    /// Notes that `row` changed the value.
    func record(_ row: String) {
        applied.rows.append(row)
    }

    /// Decoding must throw (a date the formatter cannot read back, say).
    struct DecodingMustFail: Error, CustomStringConvertible {
        let description: String
    }

    /// `.emptyValue` reads an optional `""` as `nil`, and `.null` an optional `"null"`.
    func optional(_ text: String?) -> String? {
        switch (setup.nils, text) {
        case (.emptyValue, ""), (.null, "null"):
            record("optional \"\" or \"null\" reads as nil")
            return nil
        default:
            return text
        }
    }

    /// An empty optional array, set or dictionary writes nothing, so it reads back as `nil`.
    func optional<C: Collection>(_ collection: C?) -> C? {
        guard collection?.isEmpty == true else { return collection }
        record("empty optional collection reads as nil")
        return nil
    }

    /// `T??` holding `.some(nil)` writes what `nil` writes, so it reads back as `nil`.
    func collapsed<T>(_ value: T??) -> T?? {
        guard case .some(.none) = value else { return value }
        record(".some(nil) reads as nil")
        return nil
    }

    /// Under `.omit` a `nil` dictionary value writes nothing: the entry is gone.
    func dictionary<Value>(_ entries: [String: Value?]) -> [String: Value?] {
        guard setup.nils == .omit, entries.values.contains(where: { $0 == nil }) else { return entries }
        record("nil dictionary value dropped")
        return entries.filter { $0.value != nil }
    }

    /// A dictionary entry whose value writes nothing (an empty array) is gone.
    func dictionaryOfArrays<Element>(_ entries: [String: [Element]]) -> [String: [Element]] {
        guard entries.values.contains(where: \.isEmpty) else { return entries }
        record("dictionary entry that writes nothing dropped")
        return entries.filter { !$0.value.isEmpty }
    }

    /// A date as its strategy reads it back: `.iso8601` and `.custom` (`@` and whole seconds) round down
    /// to whole seconds, `.secondsSince1970` writes the exact number, `.formatted` gives what the format
    /// reads back of what it wrote (minutes; or a failure when it cannot read it). The milliseconds are
    /// compared with a tolerance instead (``dateMatches(expected:actual:)``).
    func date(_ date: Date) throws(DecodingMustFail) -> Date {
        let seconds = date.timeIntervalSince1970
        let result: Date
        switch setup.dates {
        case .iso8601, .custom: result = Date(timeIntervalSince1970: seconds.rounded(.down))
        case .secondsSince1970, .millisecondsSince1970: result = Date(timeIntervalSince1970: seconds)
        case .formatted:
            let formatter = Fixtures.makeDateFormatter()
            let text = formatter.string(from: date)
            guard let read = formatter.date(from: text) else {
                record("the formatter cannot read its date back")
                throw DecodingMustFail(description: "the formatter cannot read back \(text.swiftSource)")
            }
            result = read
        }
        if result != date { record("date to the strategy's precision") }
        return result
    }

    /// An optional date: as ``date(_:)``. (A date the formatter writes as `""`, beyond the year 10¹², never
    /// gets here: the encoder refuses it, as the reference says.)
    func optionalDate(_ date: Date?) throws(DecodingMustFail) -> Date? {
        guard let date else { return nil }
        return try self.date(date)
    }

    /// An optional array of dates: `nil` when empty; otherwise each date as ``date(_:)``.
    func optionalDates(_ dates: [Date]?) throws(DecodingMustFail) -> [Date]? {
        guard let dates = optional(dates) else { return nil }
        var result: [Date] = []
        for date in dates { result.append(try self.date(date)) }
        return result
    }

    /// Whether a decoded date is the expected one. Exact, except `.millisecondsSince1970`: exact for
    /// whole and quarter seconds (their millisecond count is exact in binary), otherwise within a
    /// microsecond, or within the floating-point error of the millisecond count (or of `Date` itself)
    /// where that is larger (beyond the year 2248).
    func dateMatches(expected: Date, actual: Date) -> Bool {
        guard setup.dates == .millisecondsSince1970 else { return actual == expected }
        let seconds = expected.timeIntervalSince1970
        let milliseconds = seconds * 1000
        if (seconds * 4).rounded() == seconds * 4 && abs(milliseconds) < 0x1p53 { return actual == expected }
        let tolerance = max(1e-6, milliseconds.ulp / 1000, seconds.ulp)
        return abs(actual.timeIntervalSince1970 - seconds) <= tolerance
    }
}
