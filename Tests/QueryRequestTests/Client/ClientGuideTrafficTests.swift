import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func recordingClient(to harFile: URL) throws -> APIClient {
    let recorder = try HARRecordingSession(
        wrapping: URLSession.shared, to: harFile, redaction: .default.redactingQueryParameters("api_key"))
    return APIClient(session: recorder)
}

// The snippets of Docs/Client.md's last sections (redaction, recording and replay, pagination), verbatim
// (indented); `ClientGuideMatchesTheDocs` looks for every snippet here and in ClientGuideTests.swift.

/// This file's path, for `ClientGuideMatchesTheDocs`.
let clientGuideTrafficFile = #filePath

extension ClientGuide {
    struct Ticket: Decodable, Sendable {
        let id: Int
    }

    struct ItemList: Decodable, Sendable {
        let items: [Int]
        let nextCursor: String?
    }

    // MARK: Pagination

    struct TicketsRequest: Request {
        typealias Response = [Ticket]
        let host: Hosts = .production
        let path = "/tickets"
    }

    struct ItemsRequest: Request {
        typealias Response = ItemList
        let host: Hosts = .production
        let path = "/items"
        var query = Query()

        struct Query: Encodable {
            var cursor: String?
        }
    }

    @Suite(.timeLimit(.minutes(5))) struct TrafficSnippets {
        @Test func redactionAndCURL() throws {
            let urlRequest = try UserRequest(id: 42).makeURLRequest()
            let redaction = Redaction.default.redactingHeaders("X-Api-Key").redactingQueryParameters("api_key")
            let shareable = urlRequest.cURLCommand(redacting: redaction)
            // every credential, for a local debugging session
            let everything = urlRequest.cURLCommand(redacting: .none)
            #expect(shareable == everything)  // this request carries no secret
            #expect(shareable == "curl 'https://api.example.com/users/42'")
        }

        @Test func replay() async throws {
            let harFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "guide-\(UUID().uuidString).har")
            defer { try? FileManager.default.removeItem(at: harFile) }
            let recorder = try HARRecordingSession(
                wrapping: StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#)), to: harFile)
            _ = try await APIClient(session: recorder).send(UserRequest(id: 42))

            let redaction = Redaction.default.redactingQueryParameters("api_key")
            let replay = try HARReplaySession(contentsOf: harFile, redaction: redaction)
            let client = APIClient(session: replay)
            let user = try await client.send(UserRequest(id: 42))
            #expect(user.name == "Ada")
        }

        @Test func followingLinks() async throws {
            let client = APIClient(
                session: StubNetworkSession(
                    .json(#"[{"id": 1}]"#, headers: ["Link": #"</tickets?page=2>; rel="next""#]), .json(#"[{"id": 2}]"#)
                )
            )
            var tickets: [Ticket] = []
            for try await page in client.pages(following: TicketsRequest()) {
                tickets += page.content
            }
            #expect(tickets.map(\.id) == [1, 2])
        }

        @Test func cursors() async throws {
            let client = APIClient(
                session: StubNetworkSession(
                    .json(#"{"items": [1, 2], "nextCursor": "c"}"#), .json(#"{"items": [3], "nextCursor": null}"#)))
            var items: [Int] = []
            let pages = client.pages(startingWith: ItemsRequest()) { page, previous in
                guard let cursor = page.content.nextCursor else { return nil }
                var next = previous
                next.query.cursor = cursor
                return next
            }
            for try await page in pages {
                items += page.content.items
            }
            #expect(items == [1, 2, 3])
        }
    }
}
