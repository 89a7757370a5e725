import Foundation
import QueryRequest
import SampleAPI

// A small sample API, declared the way an app declares its own. Tests/QueryRequestTests/DemoTests.swift
// imports these declarations (`@testable import Demo`) and asserts the requests the Demo prints.

// The hosts and the ranking request are SampleAPI's (Sources/SampleAPI), shared with the benchmarks and the
// tests.

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
    let setting = APISetting(headers: ["X-Api-Key": "demo-key"], retryPolicy: RetryPolicy(maximumRetries: 1))
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
    let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 2))
}

/// The API's own error body.
struct APIErrorBody: Decodable, Sendable {
    let code: String
    let message: String
}
