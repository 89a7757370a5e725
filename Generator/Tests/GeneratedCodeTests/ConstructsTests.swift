import Foundation
import QueryRequest
import Testing

@testable import GeneratedConstructsAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `ConstructsAPI` output (generated with `accessLevel: internal`): calendar dates, cookie parameters, multipart
/// `encoding` objects and `anyOf`, used for real.
@Suite struct ConstructsTests {
    static func day(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    // MARK: format: date

    @Test func calendarDatesDecodeAndEncodeAsYearMonthDay() throws {
        let json = #"{"day":"2024-02-29","ends":"0001-01-09","title":"Leap day"}"#
        let event = try JSONDecoder().decode(Event.self, from: Data(json.utf8))
        #expect(event.day == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(event.ends?.description == "0001-01-09")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(event), as: UTF8.self) == json)
    }

    @Test(arguments: [
        "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-01", "24-01-01", "2024-01-01T00:00:00Z",
        "2024/01/01", "+024-01-01", "２０２４-01-01", "",
    ])
    func anInvalidCalendarDateIsAnErrorNamingIt(text: String) throws {
        #expect(CalendarDate(text) == nil)
        let json = #"{"day":"\#(text)","title":"x"}"#
        do {
            _ = try JSONDecoder().decode(Event.self, from: Data(json.utf8))
            Issue.record("\(text) decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "Not a calendar date (YYYY-MM-DD): \(text)")
            #expect(context.codingPath.map(\.stringValue) == ["day"])
        }
    }

    @Test func calendarDatesCompareAndConstructOnlyRealDays() throws {
        #expect(try Self.day("2023-12-31") < Self.day("2024-01-01"))
        #expect(try Self.day("2024-01-31") < Self.day("2024-02-01"))
        #expect(
            try [Self.day("2024-03-01"), Self.day("2024-02-29")].sorted().map(\.description) == [
                "2024-02-29", "2024-03-01",
            ])
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(CalendarDate(year: 2024, month: 6, day: 0) == nil)
        #expect(CalendarDate(year: 7, month: 3, day: 4)?.description == "0007-03-04")
    }

    @Test func calendarDatesConvertToAndFromDatesInATimeZone() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        // 2024-01-31T23:30:00Z
        let moment = Date(timeIntervalSince1970: 1_706_743_800)
        #expect(CalendarDate(moment, in: utc)?.description == "2024-01-31")
        #expect(CalendarDate(moment, in: tokyo)?.description == "2024-02-01")
        #expect(CalendarDate(moment, in: losAngeles)?.description == "2024-01-31")
        let february = try Self.day("2024-02-01")
        #expect(february.date(in: utc) == Date(timeIntervalSince1970: 1_706_745_600))
        #expect(february.date(in: tokyo) == Date(timeIntervalSince1970: 1_706_745_600 - 9 * 3600))
        #expect(CalendarDate(february.date(in: losAngeles), in: losAngeles) == february)
        // Proleptic Gregorian, as RFC 3339: 1582-10-10 exists (Foundation's Gregorian calendar is Julian then).
        let beforeTheReform = try Self.day("1582-10-10")
        #expect(beforeTheReform.date(in: utc) == Date(timeIntervalSince1970: -141_432 * 86_400))
        #expect(CalendarDate(beforeTheReform.date(in: utc), in: utc) == beforeTheReform)
        // The year 0 (1 BC) and 9999 are the ends; earlier or later days have no YYYY.
        #expect(try Self.day("0000-01-01").date(in: utc) == Date(timeIntervalSince1970: -719_528 * 86_400))
        #expect(CalendarDate(Date(timeIntervalSince1970: -719_528 * 86_400 - 1), in: utc) == nil)
        #expect(try Self.day("9999-12-31").date(in: utc) == Date(timeIntervalSince1970: 2_932_896 * 86_400))
        #expect(CalendarDate(Date(timeIntervalSince1970: 2_932_897 * 86_400), in: utc) == nil)
    }

    /// São Paulo skipped midnight when daylight saving time began on 2018-11-04: the day began at 01:00 (-02:00).
    @Test func aDayWhoseMidnightIsSkippedBeginsAtItsFirstMoment() throws {
        let saoPaulo = try #require(TimeZone(identifier: "America/Sao_Paulo"))
        #expect(try Self.day("2018-11-04").date(in: saoPaulo) == Date(timeIntervalSince1970: 1_541_300_400))
    }

    // MARK: Parameters

    @Test func calendarDatesAndCookiesInEveryKindOfParameter() throws {
        let request = ListEventsRequest(
            day: try Self.day("2024-02-29"), xAsOf: try Self.day("2024-01-15"), session: #"a b;c="d"%é,\"#,
            theme: .dark, visits: 3, since: try Self.day("2023-12-01"), query: .init(until: try Self.day("2024-03-01")))
        let urlRequest = try request.makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "https://events.example.com/days/2024-02-29/events?until=2024-03-01")
        #expect(urlRequest.value(forHTTPHeaderField: "X-As-Of") == "2024-01-15")
        #expect(
            urlRequest.value(forHTTPHeaderField: "Cookie")
                == "session=a%20b%3Bc=%22d%22%25%C3%A9%2C%5C; theme=dark; visits=3; since=2023-12-01")
        let query = try QueryDecoder().decode(
            ListEventsRequest.Query.self, from: try #require(urlRequest.url?.query))
        #expect(query == request.query)
    }

    @Test func optionalCookiesLeftOutAreNotSent() throws {
        let request = ListEventsRequest(day: try Self.day("2024-02-29"), session: "s1")
        #expect(try request.makeURLRequest().value(forHTTPHeaderField: "Cookie") == "session=s1")
    }

    /// Any text survives a cookie: every byte on the wire is an RFC 6265 cookie-octet, and percent-decoding the
    /// value gives the text back (seeded, so that a failure replays).
    @Test func anyTextRoundTripsThroughACookie() throws {
        var generator = QueryRoundTripPropertyTests.SeededGenerator(state: 0xC00C1E)
        let alphabet: [Character] = Array(#"aZ09 ;,="%\/+é名前😀"#) + ["\t", "\r\n", "\u{7F}", "\u{0}"]
        let cookieOctets = Set(
            [0x21] + Array(0x23...0x2B) + Array(0x2D...0x3A) + Array(0x3C...0x5B) + Array(0x5D...0x7E))
        for _ in 0..<300 {
            let length = Int(generator.next() % 12)
            var characters: [Character] = []
            for _ in 0..<length { characters.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            let text = String(characters)
            let pair = APICookie.pair("session", text)
            #expect(pair.hasPrefix("session="))
            let value = String(pair.dropFirst("session=".count))
            #expect(value.utf8.allSatisfy { cookieOctets.contains(Int($0)) }, "\(text.debugDescription) → \(pair)")
            #expect(value.removingPercentEncoding.map { Array($0.utf8) } == Array(text.utf8))
        }
    }

    // MARK: Bodies

    /// The fields of a form body as the specification writes them: `form` exploded by default (an array as
    /// repeated names, an object's fields as fields of the form), else its `encoding`'s style.
    @Test func formFieldsTakeTheirEncodingsStyles() throws {
        func fields(_ form: InviteGuestsRequest.Form) throws -> [String] {
            let urlRequest = try InviteGuestsRequest(host: .eventsExampleCom, eventId: 7, form: form).makeURLRequest()
            #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
            let body = String(decoding: try #require(urlRequest.httpBody), as: UTF8.self)
            return body.split(separator: "&").map { String($0).removingPercentEncoding ?? "not percent-encoded: \($0)" }
        }
        let form = InviteGuestsRequest.Form(
            note: "a b", guests: ["Ann", "Bo"], seat: .init(row: 3, place: "A"), metadata: ["k": "v=w"],
            tags: ["x", "y"], contact: .init(email: "c@d"))
        #expect(
            try fields(form) == [
                "note=a b", "guests=Ann", "guests=Bo", "row=3", "place=A", "metadata[k]=v=w", "tags=x|y",
                "contact[email]=c@d",
            ])
        let bare = InviteGuestsRequest.Form(guests: [], seat: .init(), metadata: [:])
        #expect(try fields(bare) == [])
    }

    @Test func multipartPartsCarryTheirEncodingsContentTypes() throws {
        let form = AddAttachmentRequest.Form(
            photo: Data([0x89, 0x50]), scan: Data("%PDF".utf8), raw: Data([1]), caption: "Party",
            taken: try Self.day("2024-02-29"))
        let urlRequest = try AddAttachmentRequest(eventId: 9_007_199_254_740_993, form: form).makeURLRequest()
        #expect(urlRequest.url?.path == "/events/9007199254740993/attachments")
        let contentType = try #require(urlRequest.value(forHTTPHeaderField: "Content-Type"))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let body = String(decoding: try #require(urlRequest.httpBody), as: UTF8.self)
        let parts = body.components(separatedBy: "--" + boundary).dropFirst().dropLast()
        let headers = parts.map { part in
            let head = part.components(separatedBy: "\r\n\r\n")[0]
            return head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        }
        #expect(
            headers == [
                [#"Content-Disposition: form-data; name="photo"; filename="photo.png""#, "Content-Type: image/png"],
                [
                    #"Content-Disposition: form-data; name="scan"; filename="scan.pdf""#,
                    "Content-Type: application/pdf",
                ],
                [
                    #"Content-Disposition: form-data; name="raw"; filename="raw""#,
                    "Content-Type: application/octet-stream",
                ],
                [#"Content-Disposition: form-data; name="caption""#],
                [#"Content-Disposition: form-data; name="taken""#],
            ])
        #expect(parts.last?.hasSuffix("\r\n\r\n2024-02-29\r\n") == true)
    }

    @Test func aBinaryResponseIsData() async throws {
        #expect(DownloadAttachmentsRequest.Response.self == Data.self)
        let session = StubNetworkSession(.init(status: 200, body: Data([0x25, 0x50, 0x44, 0x46, 0xFF])))
        let pdf = try await APIClient(session: session).send(DownloadAttachmentsRequest(eventId: 3))
        #expect(pdf == Data([0x25, 0x50, 0x44, 0x46, 0xFF]))
        #expect(session.requests.first?.url?.absoluteString == "https://events.example.com/events/3/attachments")
    }

    // MARK: anyOf

    @Test func anyOfWithoutADiscriminatorTakesTheFirstOptionThatDecodes() throws {
        let decoder = JSONDecoder()
        #expect(
            try decoder.decode(Place.self, from: Data(#"{"street":"Main"}"#.utf8)) == .address(Address(street: "Main")))
        #expect(try decoder.decode(Place.self, from: Data(#""the square""#.utf8)) == .string("the square"))
        #expect(throws: DecodingError.self) { try decoder.decode(Place.self, from: Data("12".utf8)) }
    }

    @Test func anyOfWithADiscriminatorChoosesByIt() throws {
        let decoder = JSONDecoder()
        let person = try decoder.decode(Attendee.self, from: Data(#"{"kind":"person","name":"Ada"}"#.utf8))
        #expect(person == .person(Person(kind: "person", name: "Ada")))
        let group = try decoder.decode(Attendee.self, from: Data(#"{"kind":"group","size":4}"#.utf8))
        #expect(group == .group(Group(kind: "group", size: 4)))
        #expect(throws: DecodingError.self) {
            try decoder.decode(Attendee.self, from: Data(#"{"kind":"robot","name":"R2"}"#.utf8))
        }
        let encoded = try JSONEncoder().encode(Attendee.group(Group(kind: "group", size: 4)))
        #expect(try decoder.decode(Attendee.self, from: encoded) == group)
    }
}
