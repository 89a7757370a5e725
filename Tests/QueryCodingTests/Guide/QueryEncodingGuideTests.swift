import Foundation
import QueryCoding
import TestSupport
import Testing

// The snippets of Docs/QueryEncoding.md, compiled and checked here so that the guide cannot rot.
// Keep the two in step: the code inside `QueryEncodingGuide` is copied verbatim into the guide.

enum QueryEncodingGuide {
    // MARK: Standalone use

    struct Search: Codable {
        let term: String
        let tags: [String]
        let page: Int?
    }

    static func standaloneUse() throws -> (query: String, items: [URLQueryItem], search: Search) {
        let encoder = QueryEncoder()
        let query = try encoder.encodeToString(Search(term: "a&b c", tags: ["x", "y"], page: nil))
        let items = try encoder.encode(Search(term: "a&b c", tags: ["x", "y"], page: 2))

        let search = try QueryDecoder().decode(Search.self, from: "?term=a%26b+c&tags=x,y&page=2")
        return (query, items, search)
    }

    // MARK: Strategies

    struct Filter: Codable {
        let userID: Int
        let tags: [String]
        let createdAfter: Date?
    }

    static func strategies() throws -> (query: String, filter: Filter) {
        var encoder = QueryEncoder()
        encoder.arrayEncodingStrategy = .repeatedKeys
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let query = try encoder.encodeToString(Filter(userID: 7, tags: ["b", "a"], createdAfter: nil))

        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = .repeatedKeys
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let filter = try decoder.decode(Filter.self, from: query)
        return (query, filter)
    }

    // MARK: Custom encode(to:)

    struct Window: Encodable {
        let days: [Int]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let query = encoder.queryEncoder, query.arrayEncodingStrategy == .commaSeparated {
                try container.encode("\(days.min() ?? 0)-\(days.max() ?? 0)", forKey: .days)
            } else {
                try container.encode(days, forKey: .days)
            }
            if let tenant = encoder.userInfo[.tenant] as? String {
                try container.encode(tenant, forKey: .tenant)
            }
        }

        enum CodingKeys: String, CodingKey {
            case days, tenant
        }
    }

    static func customEncodeTo() throws -> (window: String, repeated: String) {
        var encoder = QueryEncoder()
        encoder.userInfo[.tenant] = "acme"
        let window = try encoder.encodeToString(Window(days: [1, 2, 3, 4, 5, 6, 7]))
        encoder.arrayEncodingStrategy = .repeatedKeys
        let repeated = try encoder.encodeToString(Window(days: [1, 2]))
        return (window, repeated)
    }

    // MARK: Per-field styles

    struct Listing: Codable, QueryFieldStyling {
        struct Page: Codable {
            let limit: Int
            let offset: Int
        }

        let ids: [Int]
        let tag: [String]
        let page: Page
        let since: Date

        static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
            switch key.stringValue {
            case "tag": QueryFieldStyle(array: .repeatedKeys)
            case "page": QueryFieldStyle(nesting: .flattened)
            case "since": QueryFieldStyle(date: .secondsSince1970)
            default: nil
            }
        }
    }

    static func perFieldStyles() throws -> (query: String, decoded: Listing) {
        let listing = Listing(
            ids: [1, 2, 3], tag: ["a", "b"], page: .init(limit: 20, offset: 40), since: Date(timeIntervalSince1970: 0))
        let query = try QueryEncoder().encodeToString(listing)
        let decoded = try QueryDecoder().decode(Listing.self, from: query)
        return (query, decoded)
    }

    // MARK: Decoding

    static func serve(_ requestQuery: String) -> String {
        var outcome = ""
        func handle(_ search: Search) { outcome = "200 \(search.term)" }
        func respond(_ status: Int, _ message: String) { outcome = "\(status) \(message)" }

        var decoder = QueryDecoder()
        decoder.limits.maximumParameterCount = 100
        decoder.limits.maximumDepth = 4

        do {
            let search = try decoder.decode(Search.self, from: requestQuery)
            handle(search)
        } catch let error as QueryDecodingLimitError {
            respond(413, error.description)
        } catch {
            respond(400, "\(error)")
        }
        return outcome
    }
}

extension QueryEncodingGuide {
    /// Nested in `QueryEncodingGuide`, so the guide's names resolve here exactly as written in the guide.
    @Suite(.timeLimit(.minutes(5))) struct Tests {
        let guide: String

        static let guidePath = "Docs/QueryEncoding.md"

        init() throws {
            guide = try String(
                contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent(Self.guidePath), encoding: .utf8)
        }

        @Test func standaloneUse() throws {
            let (query, items, search) = try QueryEncodingGuide.standaloneUse()
            #expect(query == "term=a%26b%20c&tags=x,y")
            #expect(guide.contains("// \"\(query)\""))
            #expect(
                items == [
                    URLQueryItem(name: "term", value: "a&b c"), URLQueryItem(name: "tags", value: "x,y"),
                    URLQueryItem(name: "page", value: "2"),
                ])
            #expect(search.term == "a&b c" && search.tags == ["x", "y"] && search.page == 2)
        }

        @Test func strategies() throws {
            let (query, filter) = try QueryEncodingGuide.strategies()
            #expect(query == "tags=b&tags=a&user_id=7")
            #expect(guide.contains("// \"\(query)\""))
            #expect(filter.userID == 7 && filter.tags == ["b", "a"] && filter.createdAfter == nil)
        }

        @Test func customEncodeTo() throws {
            let (window, repeated) = try QueryEncodingGuide.customEncodeTo()
            #expect(window == "days=1-7&tenant=acme")
            #expect(repeated == "days=1&days=2&tenant=acme")
            #expect(guide.contains(#"// "days=1-7&tenant=acme""#))
        }

        @Test func perFieldStyles() throws {
            let (query, decoded) = try QueryEncodingGuide.perFieldStyles()
            #expect(query == "ids=1,2,3&tag=a&tag=b&limit=20&offset=40&since=0")
            #expect(guide.contains("// \"\(query)\""))
            #expect(decoded.ids == [1, 2, 3] && decoded.tag == ["a", "b"] && decoded.page.offset == 40)
        }

        /// Each row of the OpenAPI table, found by its first three cells: the settings the test names for
        /// it write exactly the wire form the row shows, and the mirrored decoder reads the value back.
        /// The table has exactly the rows listed here.
        @Test func theOpenAPITableIsExact() throws {
            let section = try #require(
                guide.components(separatedBy: "### OpenAPI parameter styles").last?
                    .components(separatedBy: "### Values").first)
            var table: [String: String] = [:]
            for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| `style`") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count == 5, let wire = cells.last, wire.hasPrefix("`") else { continue }
                table[cells[0...2].joined(separator: " ")] = String(wire.dropFirst().dropLast())
            }
            let rows = OpenAPIRow.all
            #expect(Set(table.keys) == Set(rows.keys))
            for (name, row) in rows {
                let wire = try #require(table[name], "\(name)")
                #expect(try row.encode() == wire, "\(name)")
                #expect(try row.decodesBack(wire), "\(name)")
            }
        }

        @Test func decoding() {
            #expect(QueryEncodingGuide.serve("term=swift&tags=a,b") == "200 swift")
            let tooMany = (0...100).map { "p\($0)=1" }.joined(separator: "&")
            #expect(QueryEncodingGuide.serve(tooMany) == "413 The query has more than 100 parameters.")
            #expect(QueryEncodingGuide.serve("term=a&term=b&tags=").hasPrefix("400 "))
            #expect(QueryEncodingGuide.serve("a.b.c.d.e.f=1").hasPrefix("413 The parameter \"a.b.c.d.e.f\""))
        }

        /// Each row of the strategy table: the encoder it describes writes exactly the string it shows.
        @Test func theStrategyTableIsExact() throws {
            let stamp = Stamp(date: Date(timeIntervalSince1970: 1_509_466_556.25))
            let day = posixFormatter("yyyy-MM-dd")
            let rows: [(configure: (inout QueryEncoder) -> Void, value: any Encodable, writes: String)] = [
                ({ _ in }, Tags(type: ["day", "month"]), "type=day,month"),
                ({ $0.arrayEncodingStrategy = .repeatedKeys }, Tags(type: ["day", "month"]), "type=day&type=month"),
                (
                    { $0.arrayEncodingStrategy = .brackets }, Tags(type: ["day", "month"]),
                    "type%5B%5D=day&type%5B%5D=month"
                ),
                (
                    { $0.arrayEncodingStrategy = .indexedBrackets }, Tags(type: ["day", "month"]),
                    "type%5B0%5D=day&type%5B1%5D=month"
                ),
                ({ _ in }, ["filter": ["min": 1]], "filter.min=1"),
                ({ $0.nestedKeyEncodingStrategy = .brackets }, ["filter": ["min": 1]], "filter%5Bmin%5D=1"),
                ({ $0.nestedKeyEncodingStrategy = .unexploded }, ["filter": ["min": 1]], "filter=min,1"),
                ({ $0.arrayEncodingStrategy = .pipeDelimited }, Tags(type: ["day", "month"]), "type=day%7Cmonth"),
                ({ $0.arrayEncodingStrategy = .spaceDelimited }, Tags(type: ["day", "month"]), "type=day%20month"),
                ({ $0.arrayEncodingStrategy = .delimited(by: ";") }, Tags(type: ["day", "month"]), "type=day;month"),
                ({ _ in }, stamp, "date=2017-10-31T16%3A15%3A56Z"),
                ({ $0.dateEncodingStrategy = .secondsSince1970 }, stamp, "date=1509466556.25"),
                ({ $0.dateEncodingStrategy = .millisecondsSince1970 }, stamp, "date=1509466556250"),
                ({ $0.dateEncodingStrategy = .formatted(day) }, stamp, "date=2017-10-31"),
                (
                    { $0.dateEncodingStrategy = .custom { "t\(Int($0.timeIntervalSince1970))" } }, stamp,
                    "date=t1509466556"
                ),
                ({ _ in }, Flags(on: true, off: false), "on=true&off=false"),
                ({ $0.boolEncodingStrategy = .numeric }, Flags(on: true, off: false), "on=1&off=0"),
                ({ _ in }, AgeAndID(age: nil, id: 1), "id=1"),
                ({ $0.nilEncodingStrategy = .emptyValue }, AgeAndID(age: nil, id: 1), "age=&id=1"),
                ({ $0.nilEncodingStrategy = .null }, AgeAndID(age: nil, id: 1), "age=null&id=1"),
                ({ _ in }, Device(deviceID: 1), "deviceID=1"),
                ({ $0.keyEncodingStrategy = .convertToSnakeCase }, Device(deviceID: 1), "device_id=1"),
                ({ $0.keyEncodingStrategy = .convertToKebabCase }, Device(deviceID: 1), "device-id=1"),
                (
                    { $0.keyEncodingStrategy = .custom { AnyKey($0[$0.count - 1].stringValue.uppercased()) } },
                    Device(deviceID: 1), "DEVICEID=1"
                ),
                ({ _ in }, Blob(data: Data([0xFB, 0xFF])), "data=%2B%2F8%3D"),
                ({ $0.dataEncodingStrategy = .base64URL }, Blob(data: Data([0xFB, 0xFF])), "data=-_8"),
                (
                    {
                        $0.dataEncodingStrategy = .custom { data in data.map { String($0, radix: 16) }.joined() }
                    }, Blob(data: Data([0xFB, 0xFF])), "data=fbff"
                ),
                ({ _ in }, Text(q: "a b+c"), "q=a%20b%2Bc"),
                ({ $0.spaceEncodingStrategy = .plus }, Text(q: "a b+c"), "q=a+b%2Bc"),
                ({ _ in }, BThenA(), "b=1&a=2"),
                ({ $0.outputFormatting = .sortedKeys }, BThenA(), "a=2&b=1"),
            ]
            for row in rows {
                let encoder = QueryEncoder.with(row.configure)
                #expect(try encoder.encodeToString(row.value) == row.writes)
                #expect(guide.contains("| `\(row.writes)` |") || guide.contains("| `\(row.writes)` ("), "\(row.writes)")
            }
        }

        /// Each `` `x` → `%XX` `` example of the escaping section is what the encoder writes.
        @Test func theEscapingExamplesAreExact() throws {
            let section = try #require(
                guide.components(separatedBy: "## Escaping").last?.components(separatedBy: "## Order").first)
            var examples: [(String, String)] = []
            var rest = Substring(section)
            while let arrow = rest.range(of: "` → `") {
                let before = rest[..<arrow.lowerBound]
                let after = rest[arrow.upperBound...]
                if let open = before.lastIndex(of: "`"), let close = after.firstIndex(of: "`") {
                    examples.append((String(before[before.index(after: open)...]), String(after[..<close])))
                }
                rest = after
            }
            #expect(examples.count >= 15)
            for (character, escaped) in examples {
                #expect(try QueryEncoder().encodeToString(Text(q: character)) == "q=" + escaped, "\(character)")
            }
        }

        /// Every code line of the guide's Swift blocks (comments aside) appears in this file, so a snippet
        /// changed on one side only fails here.
        @Test func theGuideShowsTheCodeCompiledHere() throws {
            #expect(try GuideSnippets.codeLineCount(of: Self.guidePath) > 30)
            #expect(try GuideSnippets.linesMissing(from: Self.guidePath, compiledIn: #filePath) == [])
        }
    }
}

extension CodingUserInfoKey {
    static let tenant = CodingUserInfoKey(rawValue: "tenant")!
}

// MARK: - Values of the strategy table

private struct AgeAndID: Encodable {
    let age: Int?
    let id: Int
}

private struct Device: Encodable {
    let deviceID: Int
}

private struct BThenA: Encodable {
    let b = 1
    let a = 2
}

// MARK: - Rows of the OpenAPI table

/// OpenAPI's example object.
private struct RGB: Codable, Equatable {
    var red = 100
    var green = 200
    var blue = 150

    enum CodingKeys: String, CodingKey {
        case red = "R"
        case green = "G"
        case blue = "B"
    }
}

private struct PrimitiveColor: Codable, Equatable {
    var color = "blue"
}

private struct ArrayColor: Codable, Equatable {
    var color = ["blue", "black", "brown"]
}

private struct ObjectColor: Codable, Equatable {
    var color = RGB()
}

/// `form` with `explode: true` for an object: the object's keys are the query's own.
private struct FlattenedColor: Codable, Equatable, QueryFieldStyling {
    var color = RGB()

    static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
        QueryFieldStyle(nesting: .flattened)
    }
}

/// One row of the OpenAPI table: the value and the settings (the encoder's; the decoder mirrors them).
private struct OpenAPIRow: Sendable {
    let encode: @Sendable () throws -> String
    let decodesBack: @Sendable (String) throws -> Bool

    init<Value: Codable & Equatable & Sendable>(
        _ value: Value, array: QueryArrayStyle = .commaSeparated,
        nesting: QueryEncoder.NestedKeyEncodingStrategy = .dots
    ) {
        let encoder = QueryEncoder.with {
            $0.arrayEncodingStrategy = array
            $0.nestedKeyEncodingStrategy = nesting
        }
        let decoder = QueryDecoder.with {
            $0.arrayDecodingStrategy =
                switch array {
                case .commaSeparated: .commaSeparated
                case .pipeDelimited: .pipeDelimited
                case .spaceDelimited: .spaceDelimited
                case .delimited(let separator): .delimited(by: separator)
                case .repeatedKeys: .repeatedKeys
                case .brackets: .brackets
                case .indexedBrackets: .indexedBrackets
                }
            $0.nestedKeyDecodingStrategy =
                switch nesting {
                case .dots: .dots
                case .brackets: .brackets
                case .unexploded: .unexploded
                }
        }
        encode = { try encoder.encodeToString(value) }
        decodesBack = { try decoder.decode(Value.self, from: $0) == value }
    }

    /// Keyed by the row's `style`, `explode` and value cells.
    static let all: [String: OpenAPIRow] = [
        "form true primitive": OpenAPIRow(PrimitiveColor()),
        "form true array": OpenAPIRow(ArrayColor(), array: .repeatedKeys),
        "form true object": OpenAPIRow(FlattenedColor()),
        "form false primitive": OpenAPIRow(PrimitiveColor()),
        "form false array": OpenAPIRow(ArrayColor(), array: .commaSeparated),
        "form false object": OpenAPIRow(ObjectColor(), nesting: .unexploded),
        "spaceDelimited true array": OpenAPIRow(ArrayColor(), array: .repeatedKeys),
        "spaceDelimited false primitive": OpenAPIRow(PrimitiveColor(), array: .spaceDelimited),
        "spaceDelimited false array": OpenAPIRow(ArrayColor(), array: .spaceDelimited),
        "spaceDelimited false object": OpenAPIRow(ObjectColor(), array: .spaceDelimited, nesting: .unexploded),
        "pipeDelimited true array": OpenAPIRow(ArrayColor(), array: .repeatedKeys),
        "pipeDelimited false primitive": OpenAPIRow(PrimitiveColor(), array: .pipeDelimited),
        "pipeDelimited false array": OpenAPIRow(ArrayColor(), array: .pipeDelimited),
        "pipeDelimited false object": OpenAPIRow(ObjectColor(), array: .pipeDelimited, nesting: .unexploded),
        "deepObject true primitive": OpenAPIRow(PrimitiveColor(), nesting: .brackets),
        "deepObject true object": OpenAPIRow(ObjectColor(), nesting: .brackets),
    ]
}
