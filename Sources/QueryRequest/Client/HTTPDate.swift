import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Parses the three HTTP-date formats that recipients must accept (RFC 9110 §5.6.7):
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete RFC 850)
/// and `Sun Nov  6 08:49:37 1994` (obsolete asctime).
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date as seconds since 1970, or `nil` when `text` is not an HTTP-date. `now` (seconds since
    /// 1970) places the two-digit years of the RFC 850 format.
    static func secondsSince1970(_ text: String, now: Int) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let comma = fields.first, comma.hasSuffix(",") {
            if fields.count == 6, fields[5] == "GMT" {  // Sun, 06 Nov 1994 08:49:37 GMT
                return seconds(day: fields[1], month: fields[2], year: fields[3], time: fields[4])
            }
            if fields.count == 4, fields[3] == "GMT" {  // Sunday, 06-Nov-94 08:49:37 GMT
                let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 3, parts[2].count == 2, let shortYear = Int(parts[2]) else { return nil }
                return seconds(
                    day: parts[0], month: parts[1], year: String(fullYear(shortYear, now: now)), time: fields[2])
            }
            return nil
        }
        if fields.count == 5 {  // Sun Nov  6 08:49:37 1994
            return seconds(day: fields[2], month: fields[1], year: fields[4], time: fields[3])
        }
        return nil
    }

    /// A two-digit year more than 50 years in the future means the most recent past year with
    /// those digits (RFC 9110 §5.6.7).
    private static func fullYear(_ shortYear: Int, now: Int) -> Int {
        let currentYear = civil(fromDays: now.floorDivided(by: 86_400)).year
        var year = currentYear - currentYear % 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return year
    }

    private static func seconds(day: String, month: String, year: String, time: String) -> Int? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let monthIndex = months.firstIndex(of: month),
            day.count <= 2, let day = digits(day), (1...31).contains(day),
            year.count == 4, let year = digits(year),
            clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = digits(clock[0]), let minute = digits(clock[1]), let second = digits(clock[2]),
            hour < 24, minute < 60, second <= 60  // 60: a leap second
        else { return nil }
        let days = daysSince1970(year: year, month: monthIndex + 1, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysSince1970(year:month:day:)`` (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// Division rounding towards negative infinity, for dates before 1970.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
