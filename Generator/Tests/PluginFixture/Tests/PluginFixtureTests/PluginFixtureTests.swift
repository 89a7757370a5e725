import Foundation
import PetsAPI
import QueryRequest
import StoreAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The requests both plugins generated, used as a package would.
@Suite struct PluginFixtureTests {
    /// The command plugin's files (StoreAPI), with the configuration's host type name.
    @Test func commandPluginRequestsBuildTheirURLs() throws {
        let list = ListOrdersRequest(query: .init(status: [.placed, .unknown("held")], limit: 20))
        #expect(
            try list.makeURLRequest().url?.absoluteString
                == "https://store.example.com/v2/orders?status=placed,held&limit=20")
        let show = try ShowOrderRequest(orderId: "a/b").makeURLRequest()
        #expect(show.url?.absoluteString == "https://store.example.com/v2/orders/a%2Fb")
        #expect(StoreServer.production.rawValue == "https://store.example.com/v2")
        #expect(CountStockRequest.Response.self == Int.self)
    }

    @Test func commandPluginModelsDecode() throws {
        let json = #"[{"id":"7","status":"shipped","shipped_at":"2026-01-02T03:04:05Z"}]"#
        let orders = try APIJSONCoding.decoder.decode(ListOrdersRequest.Response.self, from: Data(json.utf8))
        #expect(orders == [Order(id: "7", status: .shipped, shippedAt: Date(timeIntervalSince1970: 1_767_323_045))])
        #expect(orders.map(\.summary) == ["7: shipped"])
    }

    /// The build-tool plugin's one file (PetsAPI), beside code written by hand in the same module.
    @Test func buildPluginRequestsBuildTheirURLs() throws {
        let find = FindPetsRequest(query: .init(filter: Filter(kind: "cat", minAge: 2)))
        let url = try #require(try find.makeURLRequest().url)
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(url.path == "/pets")
        #expect(
            Set(items) == [
                URLQueryItem(name: "filter[kind]", value: "cat"), URLQueryItem(name: "filter[minAge]", value: "2"),
            ])
        #expect(FindPetsRequest.Response.self == [Pet].self)
        let owner = try ShowOwnerRequest(ownerId: 42).makeURLRequest()
        #expect(owner.url?.absoluteString == "https://pets.example.com/owners/42")
        #expect(ShowOwnerRequest.Response.self == EmptyResponse.self)
    }

    @Test func buildPluginModelsMixWithHandWrittenCode() throws {
        let pets = try JSONDecoder().decode([Pet].self, from: Data(#"[{"name":"Rex"}]"#.utf8))
        #expect(pets.map(\.greeting) == ["Hello, Rex!"])
    }
}
