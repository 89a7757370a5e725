import Foundation
import QueryRequest

// A small sample API, declared the way an app declares its own. Tests/QueryRequestTests/DemoTests.swift
// imports these declarations (`@testable import Demo`) and asserts the requests the Demo prints.

enum Hosts: String, APIHost {
    case production = "api.example.com/v1"  // no scheme → https
    case staging = "https://staging.example.com/v1"
    case test = "test.jp"
    case local = "http://127.0.0.1:8080/api"  // scheme, port and base path kept

    /// The environment the other requests use: switching is one line.
    static let current = Hosts.staging
}

// MARK: The ranking request, exactly as the QueryRequest issue writes it

struct TestRankingData: Decodable {
    let items: [String]
}

struct TestRankingRequest: Request {
    typealias Response = TestRankingData
    let method: HTTPMethod = .get
    let host: Hosts = .test
    let path = "/test/ranking"
    let setting: APISetting = .default
    var query: Query

    struct Query: Encodable {
        let totalLimit: Int
        let offset: Int
        let pageLimit: Int
        let age: Int?
        let type: [String] = ["day", "month", "year"]
        let field: [String] = ["image", "text"]
        let deviceID: String = "aaaaaaaaaaaaaa"
        private enum CodingKeys: String, CodingKey {
            case totalLimit, offset, pageLimit, age, type, field
            case deviceID = "device_id"
        }
    }
}

// MARK: A POST with a query and a JSON body

struct User: Decodable {
    let id: Int
    let firstName: String
}

struct CreateUserRequest: Request {
    typealias Response = User
    let method: HTTPMethod = .post
    let host: Hosts = .current
    let path = "/users"
    let setting = APISetting(headers: ["X-Api-Key": "demo-key"], retryCount: 1)
    var query: Query
    let user: NewUser

    struct Query: Encodable {
        let sendWelcomeMail: Bool
    }

    struct NewUser: Encodable {
        let firstName: String
        let teamID: Int
    }

    var body: RequestBody? {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        return .json(user, encoder: encoder)
    }
}

// MARK: A form body

struct LoginRequest: Request {
    let method: HTTPMethod = .post
    let host: Hosts = .current
    let path = "/oauth/token"
    let form: Form

    struct Form: Encodable {
        let grantType = "password"
        let username: String
        let password: String
    }

    var body: RequestBody? {
        var encoder = QueryEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.spaceEncodingStrategy = .plus  // as HTML forms write spaces
        return .form(form, encoder: encoder)
    }
}

// MARK: A dynamic path segment and a nested query

struct UserPostsRequest: Request {
    let host: Hosts = .current
    let userName: String
    var path: String { "/users/\(segment: userName)/posts" }
    let headers = ["Accept": "application/json"]
    var query: Query

    struct Query: Encodable {
        let tags: [String]
        let since: Date
        let filter: Filter

        struct Filter: Encodable {
            let minimumLikes: Int
            let language: String?
        }
    }
}

// MARK: Sending (answered by a StubNetworkSession in the Demo)

struct UserRequest: Request {
    typealias Response = User
    let host: Hosts = .current
    let id: Int
    var path: String { "/users/\(segment: id)" }
    let setting = APISetting(retryCount: 2)
}

/// The API's own error body.
struct APIErrorBody: Decodable, Sendable {
    let code: String
    let message: String
}
