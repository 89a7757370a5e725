import Foundation
import QueryRequest

// The sample API's hosts and its ranking request, declared once for the Demo (`swift run Demo`), the
// benchmarks (`request.build`) and the tests (`RankingExampleTests`, `DemoTests`), so that the three measure,
// print and assert the same request. Declared as an app declares its own; `public` only because they live
// in a module of their own (an executable's module cannot be imported by another executable).

/// The sample API's environments.
public enum Hosts: String, APIHost {
    /// `https://api.example.com/v1`: no scheme means https.
    case production = "api.example.com/v1"
    /// `https://staging.example.com/v1`.
    case staging = "https://staging.example.com/v1"
    /// `https://test.jp`, the host of the ranking request.
    case test = "test.jp"
    /// A local server: scheme, port and base path kept.
    case local = "http://127.0.0.1:8080/api"

    /// The environment the Demo's other requests use: switching is one line.
    public static let current = Hosts.staging
}

// MARK: The ranking request, exactly as the QueryRequest issue writes it

/// What the ranking endpoint returns.
public struct TestRankingData: Decodable, Sendable {
    /// The ranked items.
    public let items: [String]
}

/// `GET https://test.jp/test/ranking?totalLimit=48&offset=0&pageLimit=6&type=day,month,year&…`
public struct TestRankingRequest: Request {
    /// The ranked items.
    public typealias Response = TestRankingData
    /// `GET`.
    public let method: HTTPMethod = .get
    /// The test server.
    public let host: Hosts = .test
    /// `/test/ranking`.
    public let path = "/test/ranking"
    /// The default settings.
    public let setting: APISetting = .default
    /// The ranking's parameters.
    public var query: Query

    /// The ranking request with `query`.
    public init(query: Query) {
        self.query = query
    }

    /// The ranking's parameters; the arrays and the device ID are fixed.
    public struct Query: Encodable, Sendable {
        /// How many items in all.
        public let totalLimit: Int
        /// Where the page starts.
        public let offset: Int
        /// How many items per page.
        public let pageLimit: Int
        /// The age to rank for; `nil` leaves the parameter out.
        public let age: Int?
        /// Always `day,month,year`.
        public let type: [String] = ["day", "month", "year"]
        /// Always `image,text`.
        public let field: [String] = ["image", "text"]
        /// Sent as `device_id`.
        public let deviceID: String = "aaaaaaaaaaaaaa"

        private enum CodingKeys: String, CodingKey {
            case totalLimit, offset, pageLimit, age, type, field
            case deviceID = "device_id"
        }

        /// The parameters that vary.
        public init(totalLimit: Int, offset: Int, pageLimit: Int, age: Int?) {
            self.totalLimit = totalLimit
            self.offset = offset
            self.pageLimit = pageLimit
            self.age = age
        }
    }
}
