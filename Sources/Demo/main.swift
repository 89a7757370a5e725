import Foundation
import QueryRequest
import SampleAPI

// `swift run Demo`: builds the sample requests of SampleAPI.swift and prints them, then shows QueryEncoder
// and QueryDecoder on their own, and last sends requests through APIClient to a stub session. Nothing is sent
// over the network.

print("QueryRequest demo: each request below is built with makeURLRequest(); nothing is sent.")

show(
    "1. The ranking request: GET with a nested Query",
    TestRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil)))

show(
    "2. Create a user: POST with a query and a JSON body",
    CreateUserRequest(query: .init(sendWelcomeMail: true), user: .init(firstName: "Ann", teamID: 3)))

show(
    "3. Log in: a form body (spaces as +, snake_case keys)",
    LoginRequest(form: .init(username: "ann", password: "p&ss word+1")))

show(
    "4. A user's posts: the name \"ann/smith\" stays one path segment",
    UserPostsRequest(
        userName: "ann/smith",
        query: .init(
            tags: ["swift", "server side"], since: Date(timeIntervalSince1970: 1_700_000_000),
            filter: .init(minimumLikes: 10, language: nil))))

// MARK: QueryEncoder and QueryDecoder on their own

struct Search: Codable, Equatable {
    let term: String
    let tags: [String]
    let page: Int?
    let filter: Filter

    struct Filter: Codable, Equatable {
        let minimum: Int
        let maximum: Int
    }
}

let search = Search(term: "café & bar", tags: ["swift", "linux"], page: nil, filter: .init(minimum: 1, maximum: 5))

section("QueryEncoder on its own: one value, three configurations")
field("value", "\(search)")
do {
    field("default", try QueryEncoder().encodeToString(search))

    var formStyle = QueryEncoder()
    formStyle.arrayEncodingStrategy = .repeatedKeys
    formStyle.spaceEncodingStrategy = .plus
    formStyle.nilEncodingStrategy = .emptyValue
    field("form", try formStyle.encodeToString(search))
    print("           (.repeatedKeys arrays, spaces as +, nil as an empty value)")

    var railsStyle = QueryEncoder()
    railsStyle.arrayEncodingStrategy = .brackets
    railsStyle.nestedKeyEncodingStrategy = .brackets
    railsStyle.outputFormatting = .sortedKeys
    field("brackets", try railsStyle.encodeToString(search))
    print("           (.brackets arrays and nesting, sorted keys; brackets are sent as %5B %5D)")

    let items = try QueryEncoder().encode(search)
    field("items", items.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "  "))
    print("           (encode(_:) returns unescaped URLQueryItems)")
} catch {
    field("error", "\(error)")
}

section("QueryDecoder: a round trip, and hostile input")
do {
    let query = try QueryEncoder().encodeToString(search)
    let decoded = try QueryDecoder().decode(Search.self, from: query)
    field("query", query)
    field("decoded", "\(decoded)")
    field("equal", "\(decoded == search)")
} catch {
    field("error", "\(error)")
}
for hostile in ["term=a&term=b&tags=x&filter.minimum=1&filter.maximum=2", "term=%zz"] {
    do {
        _ = try QueryDecoder().decode(Search.self, from: hostile)
        field("hostile", "\(hostile) was accepted")
    } catch {
        field("hostile", hostile)
        field("", "→ \(error)")
    }
}

section("Sending: APIClient with a StubNetworkSession (canned answers; nothing leaves the process)")
for line in await sendingDemo() {
    print("  " + line)
}
